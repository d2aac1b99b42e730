"""``run.py`` finishes a first install that was stopped half-way (new-user finding: a Ctrl-C while
it said "creating .venv" left a ``.venv/bin/python`` without pip, and every later run failed with a
traceback). Kind: an interrupted setup step whose half-done result is taken as done.

Real processes: run.py copied into a tiny offline checkout whose build backend lives in the tree
(no index, no download: ``PIP_NO_INDEX``), stopped at each step (SIGINT as from Ctrl-C, SIGKILL as
from a closed terminal, pip failing half-way as on a network cut); the next run must work.
"""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PYPROJECT = """[project]
name = "fakegame"
version = "1.0"
[build-system]
requires = []
build-backend = "backend"
backend-path = ["."]
"""

TOOL_PYPROJECT = PYPROJECT.replace("fakegame", "fakepytest")
"""The test extra's one tool: a project whose wheel holds a ``pytest`` package printing "fake pytest"."""

# A PEP 517/660 backend with no requirements: an editable wheel holding a .pth to the checkout.
# It waits while the file "slow" exists (to be killed mid-pip; "building" tells it is there) and
# fails if "fail" exists. Its
# METADATA carries pyproject's optional dependencies (the test extra), as setuptools' does.
BACKEND = '''import base64, hashlib, os, time, tomllib, zipfile
HERE = os.path.dirname(os.path.abspath(__file__))
def _metadata():
    with open(os.path.join(HERE, "pyproject.toml"), "rb") as f:
        extras = tomllib.load(f)["project"].get("optional-dependencies", {})
    lines = ["Metadata-Version: 2.1", "Name: fakegame", "Version: 1.0"]
    for extra, reqs in extras.items():
        lines += [f"Provides-Extra: {extra}"] + [f'Requires-Dist: {r} ; extra == "{extra}"' for r in reqs]
    return "\\n".join(lines) + "\\n"
def _wheel(directory, files):
    if os.path.exists(os.path.join(HERE, "fail")):
        raise SystemExit("network cut")
    if os.path.exists(os.path.join(HERE, "slow")):
        open(os.path.join(HERE, "building"), "w").close()
    while os.path.exists(os.path.join(HERE, "slow")):
        time.sleep(0.05)
    name = "fakegame-1.0-py3-none-any.whl"
    files = {**files, "fakegame-1.0.dist-info/METADATA": _metadata(),
             "fakegame-1.0.dist-info/WHEEL": "Wheel-Version: 1.0\\nGenerator: t\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n"}
    record = []
    with zipfile.ZipFile(os.path.join(directory, name), "w") as zf:
        for path, text in files.items():
            data = text.encode()
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            record.append(f"{path},sha256={digest},{len(data)}")
            zf.writestr(path, data)
        zf.writestr("fakegame-1.0.dist-info/RECORD", "\\n".join(record + ["fakegame-1.0.dist-info/RECORD,,"]) + "\\n")
    return name
def build_wheel(directory, config_settings=None, metadata_directory=None):
    return _wheel(directory, {"pytest/__init__.py": "", "pytest/__main__.py": "print('fake pytest')\\n"})
def build_editable(directory, config_settings=None, metadata_directory=None):
    return _wheel(directory, {"fakegame.pth": HERE + "\\n"})
'''


def checkout(tmp_path: Path, *, extra: bool = False) -> Path:
    """A checkout holding this run.py and a game whose ``--version`` prints ``fakegame 1.0``; with
    ``extra``, a test extra of one tool (``tool/``, built by the same backend) providing ``pytest``."""
    root = tmp_path / "clone"
    (root / "doublenine").mkdir(parents=True)
    shutil.copy(ROOT / "run.py", root / "run.py")
    tool = root / "tool"
    extras = f'[project.optional-dependencies]\ntest = ["fakepytest @ {tool.as_uri()}"]\n' if extra else ""
    (root / "pyproject.toml").write_text(PYPROJECT.replace("[build-system]", extras + "[build-system]"))
    (root / "backend.py").write_text(BACKEND)
    if extra:
        tool.mkdir()
        (tool / "pyproject.toml").write_text(TOOL_PYPROJECT)
        (tool / "backend.py").write_text(BACKEND.replace("fakegame", "fakepytest"))
    (root / "doublenine" / "__init__.py").write_text("")
    (root / "doublenine" / "__main__.py").write_text("print('fakegame 1.0')\n")
    return root


def start(root: Path, *args: str) -> subprocess.Popen[str]:
    """``run.py ARGS`` (default: ``doublenine --version``, a player's command) in checkout ``root``."""
    env = {**os.environ, "PIP_NO_INDEX": "1", "PIP_NO_INPUT": "1",  # run.py's lines in English (its SAID)
           "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}
    return subprocess.Popen([sys.executable, str(root / "run.py"), *(args or ("doublenine", "--version"))], cwd=root,
                            env=env, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)


def wait_for(condition, what: str) -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + 60
    while not condition():
        assert time.monotonic() < end, what
        time.sleep(0.01)


def stop(proc: subprocess.Popen[str], signum: int) -> str:
    """Send SIGNUM to run.py and its children (a terminal's Ctrl-C, or a kill of them all)."""
    os.killpg(proc.pid, signum)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == (130 if signum == signal.SIGINT else -signum), err
    return err


def next_run_works(root: Path) -> str:
    proc = start(root)
    out, err = proc.communicate(timeout=180)
    # pip's log goes to stderr: stdout is the command's output alone (new-user N6: `play --autoplay
    # > out` on a first run had pip's whole log ahead of the result JSON)
    assert (proc.returncode, out) == (0, "fakegame 1.0\n"), err
    assert "Successfully installed fakegame-1.0" in err
    assert "Traceback" not in err
    assert (root / ".venv" / ".doublenine-installed").exists()
    return err


def test_ctrl_c_or_kill_while_creating_the_venv_before_pip_is_repaired_next_run(tmp_path: Path) -> None:
    for signum in (signal.SIGINT, signal.SIGKILL):
        root = checkout(tmp_path / signum.name)
        proc = start(root)
        # the user's case: .venv/bin/python exists, ensurepip still running
        wait_for(lambda: (root / ".venv" / "bin" / "python").exists(), "no .venv/bin/python")
        err = stop(proc, signum)
        assert "Traceback" not in err
        if signum == signal.SIGINT:
            assert err.endswith("doublenine: interrupted (the next run finishes installing)\n"), err
        assert not (root / ".venv" / ".doublenine-installed").exists()
        err = next_run_works(root)
        assert "doublenine: .venv is half-made (an earlier first run was stopped); re-creating it...\n" in err
        # and the run after that starts at once, without installing
        proc = start(root)
        assert proc.communicate(timeout=60) == ("fakegame 1.0\n", "") and proc.returncode == 0


def test_a_venv_that_lost_its_pip_is_re_created(tmp_path: Path) -> None:
    root = checkout(tmp_path)
    next_run_works(root)
    (root / "pyproject.toml").write_text(PYPROJECT + "# changed\n")  # a reinstall is due
    for pip in (root / ".venv" / "lib").glob("python*/site-packages/pip"):
        shutil.rmtree(pip)
    err = next_run_works(root)
    assert "re-creating it" in err and "No module named pip" not in err


def test_pip_killed_or_interrupted_half_way_is_run_again_next_run(tmp_path: Path) -> None:
    for signum in (signal.SIGINT, signal.SIGKILL):
        root = checkout(tmp_path / signum.name)
        (root / "slow").write_text("")
        proc = start(root)
        # pip is in the build backend, held by "slow": not a fixed sleep, which on a loaded machine
        # still fell in pip's own start-up (its traceback of the Ctrl-C is not run.py's to hide)
        wait_for(lambda: (root / "building").exists(), "pip never started building the game")
        err = stop(proc, signum)
        assert "Traceback" not in err and "doublenine: installing the game" in err
        (root / "slow").unlink()
        err = next_run_works(root)
        assert "re-creating" not in err and "doublenine: installing the game" in err


def test_pip_failing_half_way_is_told_in_one_line_and_retried_next_run(tmp_path: Path) -> None:
    root = checkout(tmp_path)
    (root / "fail").write_text("")  # as a network cut: pip exits 1
    proc = start(root)
    _, err = proc.communicate(timeout=180)
    assert proc.returncode == 1, err
    assert "Traceback (most recent call last)" not in err.split("doublenine: installing the game")[-1]
    assert err.endswith("doublenine: setting up .venv failed (its message is above); "
                        "run the same command again to retry\n"), err
    assert not (root / ".venv" / ".doublenine-installed").exists()
    (root / "fail").unlink()
    err = next_run_works(root)
    assert "doublenine: installing the game" in err and "re-creating" not in err


# Kind: a setup step that installs more than the command needs (new-user finding: the first `play`
# installed pytest, mypy, playwright, twine...). A player's command installs the game alone; `test`
# adds only the test extra; each later command, in either order, installs nothing.
def site_packages(root: Path) -> Path:
    (found,) = (root / ".venv" / "lib").glob("python*/site-packages")
    return found


def run(root: Path, *args: str) -> tuple[int, str, str]:
    proc = start(root, *args)
    out, err = proc.communicate(timeout=180)
    return proc.returncode, out, err


def test_a_players_command_installs_the_game_alone_and_test_then_adds_only_the_test_tools(tmp_path: Path) -> None:
    root = checkout(tmp_path, extra=True)
    err = next_run_works(root)
    assert "fakepytest" not in err and not (site_packages(root) / "pytest").exists()
    assert not (root / ".venv" / ".doublenine-test-installed").exists()
    code, out, err = run(root, "test")
    assert (code, out) == (0, "fake pytest\n"), err
    assert "doublenine: adding the test tools to .venv (the first test run only; pip's progress follows)...\n" in err
    assert "Successfully installed fakepytest-1.0\n" in err and "installing the game" not in err
    assert (root / ".venv" / ".doublenine-test-installed").exists()
    # from now on, in either order, nothing is installed and nothing said
    assert run(root, "test") == (0, "fake pytest\n", "")
    assert run(root) == (0, "fakegame 1.0\n", "")


def test_test_first_installs_the_game_with_its_tools_and_a_players_command_after_installs_nothing(
        tmp_path: Path) -> None:
    root = checkout(tmp_path, extra=True)
    code, out, err = run(root, "test")
    assert (code, out) == (0, "fake pytest\n"), err
    assert "doublenine: installing the game" in err and "adding the test tools" not in err
    assert "Successfully installed fakegame-1.0 fakepytest-1.0\n" in err
    assert run(root) == (0, "fakegame 1.0\n", "")
    assert run(root, "test") == (0, "fake pytest\n", "")


def test_adding_the_test_tools_stopped_or_failing_half_way_is_finished_by_the_next_test(tmp_path: Path) -> None:
    for signum in (signal.SIGINT, signal.SIGKILL):
        root = checkout(tmp_path / signum.name, extra=True)
        next_run_works(root)
        (root / "tool" / "slow").write_text("")
        proc = start(root, "test")
        wait_for(lambda: (root / "tool" / "building").exists(), "the test tool never started building")
        err = stop(proc, signum)
        assert "Traceback" not in err and "doublenine: adding the test tools" in err
        if signum == signal.SIGINT:
            assert err.endswith("doublenine: interrupted (the next run finishes installing)\n"), err
        assert not (root / ".venv" / ".doublenine-test-installed").exists()
        (root / "tool" / "slow").unlink()
        assert run(root) == (0, "fakegame 1.0\n", "")  # the game itself was never undone
        code, out, err = run(root, "test")
        assert (code, out) == (0, "fake pytest\n"), err
        assert "adding the test tools" in err and "installing the game" not in err and "re-creating" not in err
    root = checkout(tmp_path / "fail", extra=True)
    next_run_works(root)
    (root / "tool" / "fail").write_text("")  # as a network cut: pip exits 1
    code, _, err = run(root, "test")
    assert code == 1 and err.endswith("doublenine: setting up .venv failed (its message is above); "
                                      "run the same command again to retry\n"), err
    assert not (root / ".venv" / ".doublenine-test-installed").exists()
    assert run(root) == (0, "fakegame 1.0\n", "")
    (root / "tool" / "fail").unlink()
    code, out, err = run(root, "test")
    assert (code, out) == (0, "fake pytest\n") and "Successfully installed fakepytest-1.0\n" in err, err
