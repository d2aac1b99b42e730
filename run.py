#!/usr/bin/env python3
"""Bootstrap: create and reuse a local virtual environment, then play or test.

Usage:
    python3 run.py play [doublenine play options]   # open the game window
    python3 run.py test [pytest options]            # run the whole test suite (in worker processes)
    python3 run.py doublenine ARGS...               # any other CLI subcommand

Needs only Python 3.11+ and pip. The environment lives in ``.venv`` beside this
file and is reinstalled only when ``pyproject.toml`` changes or the checkout was
copied or moved. ``play`` and ``doublenine`` install only what the game needs
(pyproject's dependencies);
``test`` adds the test tools (the ``test`` extra) the first time it runs.

Every command runs in the caller's folder, wherever the checkout is: relative paths
(``replay hand.json``, ``serve --db tables.sqlite3``, ``test tests/unit``) mean what
they mean where you typed them. ``test`` with no test path runs the checkout's tests, in
pytest-xdist worker processes (``-n N --dist loadgroup``); given a test path, or ``-n``, ``-p no:xdist``,
``--pdb``, ``-s``, it runs in one process as pytest alone would.
"""
import _signal  # type: ignore[import-not-found]  # no stubs: the C module behind signal
import sys  # built in and already loaded: nothing runs

# Ctrl-C is held (blocked, not lost) until main() can say it in one line: a KeyboardInterrupt in
# these imports printed a traceback. Before this line only the interpreter's own start-up remains:
# `_signal` is the built-in module behind `signal` (which imports enum, functools...: Python code
# a Ctrl-C can interrupt), and there is no `from __future__ import annotations` (it imports a
# module too; Python 3.11 needs none for these annotations). Run only, not when a test imports it.
if __name__ == "__main__" and hasattr(_signal, "pthread_sigmask"):
    _signal.pthread_sigmask(_signal.SIG_BLOCK, {_signal.SIGINT})

_SWALLOWED: list[object] = []
"""Ctrl-Cs Python could not raise where they landed (``sys.unraisablehook``), kept for :func:`main`.
One pressed during the interpreter's start-up, before the line above held it, is raised at the next
step, which can be a callback of the imports below (importlib's module-lock weakref callback, a zip
path hook): Python only prints it as "Exception ignored" and goes on. CI (2026-12-07, load 26) saw a
Ctrl-C at 0 s into ``run.py play --autoplay`` printed that way, the hand then played out, exit 0."""


def _keep_swallowed(unraisable: object, _python: object = sys.unraisablehook) -> None:
    if issubclass(getattr(unraisable, "exc_type", type(None)), KeyboardInterrupt):
        _SWALLOWED.append(unraisable)
        return
    _python(unraisable)  # type: ignore[operator]


if __name__ == "__main__":
    sys.unraisablehook = _keep_swallowed

import hashlib  # noqa: E402
import signal  # noqa: E402
import os  # noqa: E402
import stat  # noqa: E402
import subprocess  # noqa: E402
from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".doublenine-installed"
"""The game and its dependencies are installed for this pyproject.toml and this checkout
(:func:`_wanted_stamp`); written last."""
TEST_STAMP = VENV / ".doublenine-test-installed"
"""The test tools (the ``test`` extra) are installed too, for this pyproject.toml and checkout; written last."""
CREATED = VENV / ".doublenine-created"
"""Written once ``venv`` (with pip) finished: a process killed inside ensurepip leaves none."""


SAID: dict[str, dict[str, str]] = {
    "half-made": {
        "en": ".venv is half-made (an earlier first run was stopped); re-creating it...",
        "fr": ".venv est inachevé (un premier lancement a été interrompu)\u00a0; nouvelle création...",
        "pt": ".venv está incompleto (uma primeira execução foi interrompida); recriando...",
        "de": ".venv ist unvollständig (ein erster Start wurde abgebrochen); wird neu erstellt...",
        "es": ".venv está a medio hacer (una primera ejecución se interrumpió); volviendo a crearlo...",
    },
    "creating": {
        "en": "creating .venv (first run only)...",
        "fr": "création de .venv (au premier lancement seulement)...",
        "pt": "criando .venv (só na primeira execução)...",
        "de": ".venv wird erstellt (nur beim ersten Start)...",
        "es": "creando .venv (solo la primera vez)...",
    },
    "installing": {
        "en": "installing the game and its dependencies into .venv (a minute or two the first time; "
              "pip's progress follows)...",
        "fr": "installation du jeu et de ses dépendances dans .venv (une minute ou deux la première "
              "fois\u00a0; la progression de pip suit)...",
        "pt": "instalando o jogo e suas dependências em .venv (um ou dois minutos na primeira vez; "
              "o progresso do pip vem a seguir)...",
        "de": "das Spiel und seine Abhängigkeiten werden in .venv installiert (beim ersten Mal ein bis "
              "zwei Minuten; der Fortschritt von pip folgt)...",
        "es": "instalando el juego y sus dependencias en .venv (un minuto o dos la primera vez; "
              "a continuación, el progreso de pip)...",
    },
    "installing-tests": {
        "en": "adding the test tools to .venv (the first test run only; pip's progress follows)...",
        "fr": "ajout des outils de test à .venv (au premier lancement des tests seulement\u00a0; "
              "la progression de pip suit)...",
        "pt": "adicionando as ferramentas de teste ao .venv (só na primeira execução dos testes; "
              "o progresso do pip vem a seguir)...",
        "de": "die Testwerkzeuge werden zu .venv hinzugefügt (nur beim ersten Testlauf; "
              "der Fortschritt von pip folgt)...",
        "es": "añadiendo las herramientas de prueba a .venv (solo la primera vez que se ejecutan las "
              "pruebas; a continuación, el progreso de pip)...",
    },
    "ready": {"en": ".venv ready", "fr": ".venv prêt", "pt": ".venv pronto", "de": ".venv bereit", "es": ".venv listo"},
    "interrupted-installing": {
        "en": "interrupted (the next run finishes installing)",
        "fr": "interrompu (le prochain lancement termine l'installation)",
        "pt": "interrompido (a próxima execução termina a instalação)",
        "de": "abgebrochen (der nächste Start schließt die Installation ab)",
        "es": "interrumpido (la próxima ejecución termina la instalación)",
    },
    "failed": {
        "en": "setting up .venv failed ({why}); run the same command again to retry",
        "fr": "la préparation de .venv a échoué ({why})\u00a0; relancez la même commande pour réessayer",
        "pt": "a preparação do .venv falhou ({why}); execute o mesmo comando de novo para tentar outra vez",
        "de": "die Einrichtung von .venv ist fehlgeschlagen ({why}); führen Sie denselben Befehl erneut aus",
        "es": "la preparación de .venv falló ({why}); ejecuta el mismo comando otra vez para reintentar",
    },
    "above": {"en": "its message is above", "fr": "son message est ci-dessus", "pt": "a mensagem está acima",
              "de": "die Meldung steht oben", "es": "el mensaje está arriba"},
}
"""run.py's own lines, by key then language: it runs before Babel (and the catalogs' reader) is
installed. The same words and forms as shared/i18n/*.po (French U+00A0 before ; : ! ?, German
"Sie", Brazilian Portuguese); the "doublenine: " before each line is the program's name, as in
the game's own command-line lines."""


def _language() -> str:
    """The language of run.py's lines: the first of LANGUAGE (a list), LC_ALL, LC_MESSAGES, LANG
    that is one of SAID's, as the game chooses its first language (shared/i18n.default_language);
    English otherwise."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for tag in os.environ.get(var, "").split(":"):
            code = tag.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
            if code and code in SAID["ready"]:
                return code
    return "en"


def said(key: str, **fields: str) -> str:
    """``SAID[key]`` in the caller's language, with its ``{fields}`` filled; KeyError for an unknown key."""
    return SAID[key][_language()].format(**fields)


def _wanted_stamp() -> str:
    """What a stamp holds: the SHA-256 (64 hex digits) of pyproject.toml and of where this checkout
    is. The editable install points at the checkout that made it: a copied or moved checkout kept
    running (and testing) the original's code (attacker F10); its stamp no longer matches, so it
    is installed again, pointing here."""
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes())
    digest.update(b"\0" + os.fsencode(str(ROOT)))
    return digest.hexdigest()


def _stamp_holds(stamp: Path, wanted: str) -> bool:
    """Whether ``stamp`` is a regular file holding exactly ``wanted`` (ASCII). Anything else -- none,
    a folder, a FIFO, bytes that are not UTF-8, more -- means "not installed", so the step is
    done again (attacker F9: a tampered stamp failed every run); at most ``len(wanted) + 1``
    bytes are read, and a FIFO or device is never opened (a read could wait forever)."""
    try:
        if not stat.S_ISREG(os.stat(stamp).st_mode):
            return False
        with open(stamp, "rb") as f:
            return f.read(len(wanted) + 1) == wanted.encode("ascii")
    except OSError:
        return False


def _write_stamp(stamp: Path, text: str) -> None:
    """Write ``stamp`` afresh, whatever was in its place removed first: a folder there failed every
    run with "Is a directory", and a link is replaced, never written through."""
    if stamp.is_dir() and not stamp.is_symlink():
        import shutil  # here: a ready .venv never needs it

        shutil.rmtree(stamp)
    else:
        stamp.unlink(missing_ok=True)
    stamp.write_text(text)


def _pip_works() -> bool:
    """Whether ``.venv``'s Python runs and has pip (not so after a first run killed mid-creation)."""
    try:
        return subprocess.run([str(PY), "-m", "pip", "--version"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, check=False).returncode == 0
    except OSError:  # a python file half-written or not executable
        return False


def _installed(tests: bool) -> bool:
    """Whether ``.venv`` holds what a command needs for this pyproject.toml: the game and its
    dependencies, and with ``tests`` the test tools too (both stamps, each written last)."""
    wanted = _wanted_stamp()
    stamps = (STAMP, TEST_STAMP) if tests else (STAMP,)
    return PY.exists() and all(_stamp_holds(s, wanted) for s in stamps)


def _test_requirements() -> list[str]:
    """The ``test`` extra's requirements, as pyproject.toml lists them (PEP 508 strings)."""
    import tomllib  # here: a ready .venv never needs it

    with open(ROOT / "pyproject.toml", "rb") as f:
        return list(tomllib.load(f)["project"]["optional-dependencies"]["test"])


def ensure_venv(tests: bool = False) -> None:
    """Create ``.venv`` and install the project (editable) if needed; with ``tests`` the test extra too.

    A player's ``play`` installs the game's dependencies alone (new-user finding: the first
    ``play`` waited for pytest, mypy, playwright, twine...); ``test`` adds the test extra when it
    is missing, without reinstalling the game, and a ``play`` after ``test`` installs nothing.
    Each stamp is written last, only after its step succeeded, so an interrupted or failed
    step (Ctrl-C, a killed process, a network cut during pip) is redone on the next run: a
    ``.venv`` without a stamp is checked, and one whose pip does not run is re-created.
    Everything it prints, pip's log included, goes to stderr: stdout is the command's alone.
    Raises ``subprocess.CalledProcessError`` or ``OSError`` when a step fails.
    """
    if _installed(tests):
        return
    wanted = _wanted_stamp()
    # a STAMP alone also tells a complete creation (environments made before CREATED existed)
    if not (CREATED.exists() or STAMP.exists()) or not PY.exists() or not _pip_works():
        if VENV.exists():
            print("doublenine: " + said("half-made"), file=sys.stderr, flush=True)
        else:
            print("doublenine: " + said("creating"), file=sys.stderr, flush=True)
        import venv  # here, not at the top: it imports logging, which a ready .venv never needs

        if not VENV.is_dir() and (VENV.exists() or VENV.is_symlink()):  # a file or dead link: venv cannot clear it
            VENV.unlink()
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
        CREATED.write_text("")
    # pip's own progress shows (no -q): the first install takes a while, and a silent terminal
    # for that long looks hung to a new user. A pip stopped half-way is simply run again: it
    # repairs what it had half-installed.
    pip = [str(PY), "-m", "pip", "install", "--disable-pip-version-check"]
    # pip writes its log to stdout: sent to stderr, so that stdout holds only the command's own
    # output (`run.py play --autoplay > result.json` on a first run got pip's log before the JSON)
    if _installed(False):  # the game is there (a `play` ran first): only the test tools are added
        print("doublenine: " + said("installing-tests"), file=sys.stderr, flush=True)
        subprocess.run([*pip, *_test_requirements()], check=True, cwd=ROOT, stdout=sys.stderr.fileno())
    else:
        print("doublenine: " + said("installing"), file=sys.stderr, flush=True)
        target = f"{ROOT}[test]" if tests else str(ROOT)
        subprocess.run([*pip, "-e", target], check=True, cwd=ROOT, stdout=sys.stderr.fileno())
        _write_stamp(STAMP, wanted)
    if tests:
        _write_stamp(TEST_STAMP, wanted)
    print("doublenine: " + said("ready"), file=sys.stderr, flush=True)


def _names_a_test(arg: str) -> bool:
    """Whether a pytest argument names tests (a path, maybe with ``::node``), not an option."""
    return not arg.startswith("-") and Path(arg.split("::", 1)[0]).exists()


ONE_PROCESS = ("-n", "--numprocesses", "--dist", "--pdb", "--trace", "-s", "--capture")
"""pytest options after which ``test`` starts no workers of its own: the caller chose them (``-n``,
``--dist``, ``-p no:xdist``), or wants what one process gives (a debugger, output not captured)."""


def suite_workers() -> int:
    """How many pytest-xdist workers the whole suite runs in: twice the cores this process may use,
    2 to 8. Most tests wait on child processes, sockets and timers rather than compute: on 2 cores,
    4 workers took the suite from 21 to under 10 minutes (docs/performance.md "Test suite"); more
    than 8 would crowd a test PostgreSQL (200 connections) with fleets."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(2, min(8, 2 * cores))


def _in_workers(rest: list[str]) -> list[str]:
    """The pytest options that run the whole suite in workers (``-n N --dist loadgroup``: the tests
    of one group, tests/conftest.py's ONE_WORKER, on one worker), unless ``rest`` holds an option of
    :data:`ONE_PROCESS`. Asked only for the whole suite: a ``rest`` naming tests (a file or a test
    is quicker and plainer in one process) gets no workers (:func:`command`)."""
    for arg in rest:
        name = arg.split("=", 1)[0]
        if name in ONE_PROCESS or (arg.startswith("-n") and not arg.startswith("--")) or "no:xdist" in arg:
            return []
    return ["-n", str(suite_workers()), "--dist", "loadgroup"]


def command(argv: list[str]) -> tuple[list[str], dict[str, str]]:
    """The command line and environment for ``run.py ARGV`` (ARGV[0] in play/test/doublenine).

    ``-P``: the caller's folder is not put on ``sys.path``, so a folder of theirs named like
    one of ours (``doublenine/``, ``tests/``) cannot shadow the installed game. pytest gets
    the checkout as its root and config, and the checkout's tests when given no test path,
    then in :func:`suite_workers` worker processes (:func:`_in_workers`).
    """
    cmd, rest = argv[0], argv[1:]
    env = dict(os.environ)
    if cmd == "test":
        # Hypothesis keeps its example database in the checkout, not the caller's folder.
        env.setdefault("HYPOTHESIS_STORAGE_DIRECTORY", str(ROOT / ".hypothesis"))
        whole_suite = not any(_names_a_test(a) for a in rest)
        where = [str(ROOT / "tests")] if whole_suite else []
        workers = _in_workers(rest) if whole_suite else []
        config = ["--rootdir", str(ROOT), "-c", str(ROOT / "pyproject.toml")]
        return [str(PY), "-P", "-m", "pytest", *config, *workers, *rest, *where], env
    if cmd == "play":
        return [str(PY), "-P", "-m", "doublenine", "play", *rest], env
    return [str(PY), "-P", "-m", "doublenine", *rest], env


INTERRUPTED = 130
"""Exit code after Ctrl-C (128 + SIGINT), as shells report it (the same as ``doublenine``'s)."""


def _hold_ctrl_c(hold: bool) -> None:
    """Block (``hold``) or unblock SIGINT in this process; a blocked Ctrl-C stays pending until
    unblocked, then raises KeyboardInterrupt. The mask is inherited by a child: one started
    blocked gets a Ctrl-C of its start-up once it unblocks (``doublenine/__main__.py``), instead
    of its interpreter dying of it half-started ("Fatal Python error: init_import_site").
    No-op where signals cannot be blocked (Windows)."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_BLOCK if hold else signal.SIG_UNBLOCK, {signal.SIGINT})


def _ctrl_c_pending() -> bool:
    return hasattr(signal, "sigpending") and signal.SIGINT in signal.sigpending()


def main(argv: list[str]) -> int:
    try:
        _hold_ctrl_c(False)  # a Ctrl-C pressed since run.py started is raised here
        if _SWALLOWED:  # ... or was, where Python could only print it (_SWALLOWED)
            raise KeyboardInterrupt
        if not argv or argv[0] not in {"play", "test", "doublenine"}:
            print(__doc__, file=sys.stderr)
            return 2
        ensure_venv(tests=argv[0] == "test")
        # `test` runs pytest, which never unblocks: it starts as before (its own start-up is pytest's)
        _hold_ctrl_c(argv[0] != "test")
        if _SWALLOWED:  # swallowed during the install
            raise KeyboardInterrupt
    except KeyboardInterrupt:  # Ctrl-C at the start or during the first install: one line, not a traceback
        unfinished = not _installed(tests=argv[:1] == ["test"])
        print("doublenine: " + (said("interrupted-installing") if unfinished else "interrupted"), file=sys.stderr)
        return INTERRUPTED
    except (subprocess.CalledProcessError, OSError) as exc:  # e.g. the network cut during pip
        why = said("above") if isinstance(exc, subprocess.CalledProcessError) else str(exc)
        print("doublenine: " + said("failed", why=why), file=sys.stderr)
        return 1
    args, env = command(argv)
    # No cwd=: the command runs where the caller is (the README: from any folder).
    child = subprocess.Popen(args, env=env)
    if _ctrl_c_pending():  # pressed before the child existed (a fork does not inherit it): passed on,
        child.send_signal(signal.SIGINT)  # the child holds it until it can say it
    # Ctrl-C reaches the child from the terminal (one process group): wait for it to stop
    # cleanly, not subprocess.run's kill 0.25 s later (a server killed mid-stop skips its
    # clean stop); a SIGTERM sent to run.py alone is passed on.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, lambda signum, _frame: child.send_signal(signum))
    _hold_ctrl_c(False)  # ignored here from now on: the child says it
    code = child.wait()
    # a child ended by a signal (Ctrl-C before Python set up its handler): 128 + N as a shell says,
    # not Popen's -N, which sys.exit turns into 256 - N
    return 128 - code if code < 0 else code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
