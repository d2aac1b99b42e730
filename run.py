#!/usr/bin/env python3
"""Bootstrap: create and reuse a local virtual environment, then play or test.

Usage:
    python3 run.py play [doublenine play options]   # open the game window
    python3 run.py test [pytest options]            # run the whole test suite
    python3 run.py doublenine ARGS...               # any other CLI subcommand

Needs only Python 3.11+ and pip. The environment lives in ``.venv`` beside this
file and is reinstalled only when ``pyproject.toml`` changes.

Every command runs in the caller's folder, wherever the checkout is: relative paths
(``replay hand.json``, ``serve --db tables.sqlite3``, ``test tests/unit``) mean what
they mean where you typed them. ``test`` with no test path runs the checkout's tests.
"""
from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".doublenine-installed"
CREATED = VENV / ".doublenine-created"
"""Written once ``venv`` (with pip) finished: a process killed inside ensurepip leaves none."""


def _wanted_stamp() -> str:
    return hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()


def _pip_works() -> bool:
    """Whether ``.venv``'s Python runs and has pip (not so after a first run killed mid-creation)."""
    try:
        return subprocess.run([str(PY), "-m", "pip", "--version"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, check=False).returncode == 0
    except OSError:  # a python file half-written or not executable
        return False


def ensure_venv() -> None:
    """Create ``.venv`` and install the project (editable, with test extras) if needed.

    The stamp is written last, only after every step succeeded, so an interrupted or failed
    step (Ctrl-C, a killed process, a network cut during pip) is redone on the next run: a
    ``.venv`` without a stamp is checked, and one whose pip does not run is re-created.
    Everything it prints, pip's log included, goes to stderr: stdout is the command's alone.
    Raises ``subprocess.CalledProcessError`` or ``OSError`` when a step fails.
    """
    wanted = _wanted_stamp()
    if PY.exists() and STAMP.exists() and STAMP.read_text() == wanted:
        return
    # a STAMP alone also tells a complete creation (environments made before CREATED existed)
    if not (CREATED.exists() or STAMP.exists()) or not PY.exists() or not _pip_works():
        if VENV.exists():
            print("doublenine: .venv is half-made (an earlier first run was stopped); re-creating it...",
                  file=sys.stderr, flush=True)
        else:
            print("doublenine: creating .venv (first run only)...", file=sys.stderr, flush=True)
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
        CREATED.write_text("")
    # pip's own progress shows (no -q): the first install takes a minute or two, and a
    # silent terminal for that long looks hung to a new user. A pip stopped half-way is
    # simply run again: it repairs what it had half-installed.
    print("doublenine: installing the game and its dependencies into .venv (a minute or two "
          "the first time; pip's progress follows)...", file=sys.stderr, flush=True)
    pip = [str(PY), "-m", "pip", "install", "--disable-pip-version-check"]
    # pip writes its log to stdout: sent to stderr, so that stdout holds only the command's own
    # output (`run.py play --autoplay > result.json` on a first run got pip's log before the JSON)
    subprocess.run([*pip, "-e", f"{ROOT}[test]"], check=True, cwd=ROOT, stdout=sys.stderr.fileno())
    STAMP.write_text(wanted)
    print("doublenine: .venv ready", file=sys.stderr, flush=True)


def _names_a_test(arg: str) -> bool:
    """Whether a pytest argument names tests (a path, maybe with ``::node``), not an option."""
    return not arg.startswith("-") and Path(arg.split("::", 1)[0]).exists()


def command(argv: list[str]) -> tuple[list[str], dict[str, str]]:
    """The command line and environment for ``run.py ARGV`` (ARGV[0] in play/test/doublenine).

    ``-P``: the caller's folder is not put on ``sys.path``, so a folder of theirs named like
    one of ours (``doublenine/``, ``tests/``) cannot shadow the installed game. pytest gets
    the checkout as its root and config, and the checkout's tests when given no test path.
    """
    cmd, rest = argv[0], argv[1:]
    env = dict(os.environ)
    if cmd == "test":
        # Hypothesis keeps its example database in the checkout, not the caller's folder.
        env.setdefault("HYPOTHESIS_STORAGE_DIRECTORY", str(ROOT / ".hypothesis"))
        where = [] if any(_names_a_test(a) for a in rest) else [str(ROOT / "tests")]
        config = ["--rootdir", str(ROOT), "-c", str(ROOT / "pyproject.toml")]
        return [str(PY), "-P", "-m", "pytest", *config, *rest, *where], env
    if cmd == "play":
        return [str(PY), "-P", "-m", "doublenine", "play", *rest], env
    return [str(PY), "-P", "-m", "doublenine", *rest], env


INTERRUPTED = 130
"""Exit code after Ctrl-C (128 + SIGINT), as shells report it (the same as ``doublenine``'s)."""


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in {"play", "test", "doublenine"}:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        ensure_venv()
    except KeyboardInterrupt:  # Ctrl-C during the first install: one line, not a traceback
        print("doublenine: interrupted (the next run finishes installing)", file=sys.stderr)
        return INTERRUPTED
    except (subprocess.CalledProcessError, OSError) as exc:  # e.g. the network cut during pip
        why = "its message is above" if isinstance(exc, subprocess.CalledProcessError) else str(exc)
        print(f"doublenine: setting up .venv failed ({why}); run the same command again to retry",
              file=sys.stderr)
        return 1
    args, env = command(argv)
    # No cwd=: the command runs where the caller is (the README: from any folder).
    child = subprocess.Popen(args, env=env)
    # Ctrl-C reaches the child from the terminal (one process group): wait for it to stop
    # cleanly, not subprocess.run's kill 0.25 s later (a server killed mid-stop skips its
    # clean stop); a SIGTERM sent to run.py alone is passed on.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, lambda signum, _frame: child.send_signal(signum))
    code = child.wait()
    # a child ended by a signal (Ctrl-C before Python set up its handler): 128 + N as a shell says,
    # not Popen's -N, which sys.exit turns into 256 - N
    return 128 - code if code < 0 else code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
