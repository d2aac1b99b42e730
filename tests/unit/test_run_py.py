"""``run.py`` runs every command in the caller's folder (new-user finding 1: the README says
commands work from any folder, but relative paths were read against the checkout).

Real processes through the bootstrap, from a folder outside the checkout.
"""
from __future__ import annotations

import importlib.util
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "shared" / "examples" / "hand-tie.json"


def load_run_py():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("run_py", ROOT / "run.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_py(*args: str, cwd: Path, **kwargs) -> subprocess.Popen[str]:  # type: ignore[no-untyped-def]
    return subprocess.Popen([sys.executable, str(ROOT / "run.py"), *args], cwd=cwd, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kwargs)


def test_replay_reads_a_relative_path_in_the_callers_folder(tmp_path: Path) -> None:
    documents = tmp_path / "Documents"
    documents.mkdir()
    shutil.copy(EXAMPLE, documents / "doublenine-V99YY-match-1-hand-1.json")
    (documents / "doublenine").mkdir()  # a folder of the caller's named like the game shadows nothing
    proc = run_py("doublenine", "replay", "doublenine-V99YY-match-1-hand-1.json", cwd=documents)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    hand = json.loads(out)
    assert (hand["result"], hand["scores_after"], hand["ends"]) == ("tie", {"A": 40, "B": 55}, [1, 1])


def test_serve_creates_a_relative_db_in_the_callers_folder_and_a_clean_stop_leaves_no_owner_file(
        tmp_path: Path) -> None:
    srv = tmp_path / "srv"
    srv.mkdir()
    before = set(ROOT.iterdir())
    proc = run_py("doublenine", "serve", "--port", "0", "--db", "tables.sqlite3", cwd=srv, start_new_session=True)
    try:
        end = time.monotonic() + 60
        owner = srv / "tables.sqlite3.owner"
        while proc.poll() is None and time.monotonic() < end:  # until it serves (its URL noted)
            if owner.exists() and "ws://" in owner.read_text():
                break
            time.sleep(0.1)
        assert (srv / "tables.sqlite3").exists() and (srv / "tables.sqlite3.owner").exists()
        assert set(ROOT.iterdir()) == before  # nothing created in the checkout
    finally:
        os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C in a terminal: run.py and the server alike
        _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err  # the server stopped cleanly, not killed by run.py
    assert sorted(p.name for p in srv.iterdir()) == ["tables.sqlite3"], err


def test_test_runs_the_checkouts_tests_unless_given_a_test_path(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run = load_run_py()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(run.os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)  # 2 cores
    args, env = run.command(["test", "-x"])
    config = ["-P", "-m", "pytest", "--rootdir", str(ROOT), "-c", str(ROOT / "pyproject.toml")]
    assert args[1:] == [*config, "-n", "4", "--dist", "loadgroup", "-x", str(ROOT / "tests")]  # the suite in workers
    assert env["HYPOTHESIS_STORAGE_DIRECTORY"] == str(ROOT / ".hypothesis")
    (tmp_path / "test_mine.py").write_text("")
    args, _ = run.command(["test", "test_mine.py::test_x", "-q"])
    assert args[1:] == [*config, "test_mine.py::test_x", "-q"]  # named tests: one process
    # the caller's own choice of workers, or what only one process gives, is left alone
    for own in (["-n", "2"], ["-n2"], ["--numprocesses=auto"], ["-p", "no:xdist"], ["--dist", "load"], ["--pdb"],
                ["-s"], ["--capture=no"]):
        args, _ = run.command(["test", *own])
        assert args[1:] == [*config, *own, str(ROOT / "tests")], own
    args, _ = run.command(["test", "-p", "no:cacheprovider"])
    assert args[1:] == [*config, "-n", "4", "--dist", "loadgroup", "-p", "no:cacheprovider", str(ROOT / "tests")]
    args, _ = run.command(["play", "--name", "Ana"])
    assert args[1:] == ["-P", "-m", "doublenine", "play", "--name", "Ana"]


def test_test_asks_once_whether_its_arguments_name_tests(monkeypatch: pytest.MonkeyPatch) -> None:
    """Code read: ``command`` and ``_in_workers`` each stat'ed every argument; now ``command`` asks once."""
    run = load_run_py()
    asked: list[str] = []
    real = run._names_a_test
    monkeypatch.setattr(run, "_names_a_test", lambda arg: asked.append(arg) or real(arg))
    run.command(["test", "-x", "-q"])
    assert asked == ["-x", "-q"]


def test_the_suite_runs_in_twice_as_many_workers_as_cores_from_2_to_8(monkeypatch: pytest.MonkeyPatch) -> None:
    run = load_run_py()
    got = []
    for cores in (1, 2, 3, 4, 16):
        monkeypatch.setattr(run.os, "sched_getaffinity", lambda pid, n=cores: set(range(n)), raising=False)
        got.append(run.suite_workers())
    assert got == [2, 4, 6, 8, 8]


QUIET_ENDS = (["doublenine: interrupted"], ["doublenine play: interrupted"])
"""What stderr may hold after a Ctrl-C: one line, from run.py or from the game."""


def _sigint_in(mask: str) -> bool:
    return bool(int(mask, 16) & (1 << (signal.SIGINT - 1)))


def _run_py_has_begun(pid: int) -> bool:
    """Whether run.py's first line has run in process ``pid`` (Linux /proc): SIGINT blocked (held
    from that line until main()), or ignored (main() has started the game), or a child started."""
    status = dict(line.split(":\t", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
                  if ":\t" in line)
    children = Path(f"/proc/{pid}/task/{pid}/children")
    return (_sigint_in(status["SigBlk"]) or _sigint_in(status["SigIgn"])
            or (children.exists() and children.read_text().strip() != ""))


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the signal masks from Linux /proc")
@pytest.mark.parametrize("delay", [0.0, 0.02, 0.05, 0.1, 0.2, 0.4])
def test_ctrl_c_at_any_moment_of_play_ends_quietly_with_130(tmp_path: Path, delay: float) -> None:
    """Ctrl-C in the terminal (SIGINT to run.py and the game alike) at any moment from run.py's
    first line: the game's interpreter, started by run.py, printed "Fatal Python error:
    init_import_site" when it came during its start-up, and run.py a traceback during its imports.
    Now run.py holds Ctrl-C (blocked) until it can say it, and starts the game holding it until
    ``doublenine/__main__.py``.

    The delay counts from run.py's first line, not from the process's start: before that line
    only Python's own start-up runs, which no script can change. CI (stop 28, load 2-4) sent the
    Ctrl-C 0.2 s after the start and it was lost (the hand played out, exit 0); under load here, a Ctrl-C in the first 0.16 s ended Python with "Fatal Python error:
    init_sys_streams", or printed "Failed checking if argv[0] is an import path entry" and went on
    without it (measured on 1,300 starts of ``python3 -S run.py doublenine --version``, load 3-12).
    ``-S`` spares run.py's interpreter its site start-up (this machine's .pth files)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    proc = subprocess.Popen([sys.executable, "-S", str(ROOT / "run.py"), "play", "--autoplay"], cwd=tmp_path,
                            text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                            start_new_session=True)
    deadline = time.monotonic() + 60
    while not _run_py_has_begun(proc.pid):
        assert time.monotonic() < deadline and proc.poll() is None, "run.py never began"
        time.sleep(0.0005)
    time.sleep(delay)
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert (proc.returncode, err.splitlines() in QUIET_ENDS) == (130, True), (out, err)


def test_setup_lines_in_the_callers_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """run.py runs before Babel is installed: its few lines come from its own table, the language
    chosen as the game chooses its first one (LANGUAGE list, LC_ALL, LC_MESSAGES, LANG)."""
    run = load_run_py()
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    assert run.said("creating") == "creating .venv (first run only)..."
    monkeypatch.setenv("LANG", "fr_CA.UTF-8")
    assert run.said("failed", why=run.said("above")) == \
        "la préparation de .venv a échoué (son message est ci-dessus)\u00a0; relancez la même commande pour réessayer"
    monkeypatch.setenv("LANGUAGE", "ja:pt_BR:en")
    assert run.said("creating") == "criando .venv (só na primeira execução)..."
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LC_ALL", "de_AT.UTF-8")
    assert run.said("ready") == ".venv bereit"
    monkeypatch.setenv("LC_ALL", "C")
    monkeypatch.setenv("LANG", "es_CU.UTF-8")
    assert run.said("interrupted-installing") == "interrumpido (la próxima ejecución termina la instalación)"


def test_setup_lines_table_follows_the_catalogs_rules() -> None:
    """Every line in the five languages with the English placeholders; French U+00A0 before ; : ! ?,
    German "Sie" (never "du"), Brazilian Portuguese (tests/i18n holds the same rules for the catalogs)."""
    import re
    import string

    said = load_run_py().SAID
    assert sorted(said) == ["above", "creating", "failed", "half-made", "installing", "installing-tests",
                           "interrupted-installing", "ready"]
    fields = {key: [{f for _, f, _, _ in string.Formatter().parse(text) if f} for text in by_lang.values()]
              for key, by_lang in said.items()}
    assert {key: sorted(by_lang) for key, by_lang in said.items()} == \
        {key: ["de", "en", "es", "fr", "pt"] for key in said}
    assert {key: all(f == found[0] for f in found) for key, found in fields.items()} == {key: True for key in said}
    assert [t for by in said.values() for t in [by["fr"]] if re.search(r"[ \t\u202f][:;!?]|\w[:;!?]", t)] == []
    assert [t for by in said.values() for t in [by["de"]] if re.search(r"\b(du|dich|dir|dein\w*)\b", t, re.I)] == []
    assert [t for by in said.values() for t in [by["pt"]] if re.search(r"\b(tu|teu|ecrã|ficheiro|a instalar)\b", t)] == []


def test_a_ctrl_c_swallowed_in_a_callback_is_raised_again() -> None:
    """CI, session 10: SIGINT 0.4 s into ``run.py play --autoplay`` landed in importlib's module-lock
    weakref callback, where Python only prints "Exception ignored": the hand played out, exit 0 and a
    traceback. doublenine.cli.said_again (sys.unraisablehook) raises SIGINT again."""
    code = ("import sys, weakref\nfrom doublenine.cli import said_again\n"
            "sys.unraisablehook = said_again if sys.argv[1] == 'hook' else sys.unraisablehook\n"
            "class A: pass\na = A()\n"
            "def cb(_): raise KeyboardInterrupt\n"
            "r = weakref.ref(a, cb)\n"
            "import time\ntry:\n    del a\n    time.sleep(2)\n    print('lost')\n"
            "except KeyboardInterrupt:\n    print('raised')\n")
    for mode, said, quiet in (("hook", "raised", True), ("plain", "lost", False)):
        done = subprocess.run([sys.executable, "-c", code, mode], capture_output=True, text=True, timeout=60)
        assert (done.stdout.strip(), "Exception ignored" not in done.stderr) == (said, quiet), done.stderr


def test_a_ctrl_c_python_could_only_print_ends_run_py_with_130(capsys: pytest.CaptureFixture[str]) -> None:
    """CI, 2026-12-07 (load 26): a Ctrl-C at 0 s into ``run.py play --autoplay`` landed, before run.py held
    it, in a callback of its imports; Python printed it ("Exception ignored", a zipimport traceback) and went
    on: the hand played out and run.py ended 0. Now run.py's ``sys.unraisablehook`` keeps it and main()
    says it: one line, 130, nothing started."""
    run = load_run_py()

    class Swallowed:
        exc_type = KeyboardInterrupt

    run._keep_swallowed(Swallowed())
    assert run.main(["play", "--autoplay"]) == 130
    assert capsys.readouterr().err.splitlines() in (["doublenine: interrupted"],
                                                   ["doublenine: " + run.said("interrupted-installing")])
