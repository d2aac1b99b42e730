#!/usr/bin/env python3
"""Bootstrap: create and reuse a local virtual environment, then play or test.

Usage:
    python3 run.py play [doublenine play options]   # open the game window
    python3 run.py test [pytest options]            # run the whole test suite
    python3 run.py doublenine ARGS...               # any other CLI subcommand

Needs only Python 3.11+ and pip. The environment lives in ``.venv`` beside this
file and is reinstalled only when ``pyproject.toml`` changes.
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".doublenine-installed"


def _wanted_stamp() -> str:
    return hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()


def ensure_venv() -> None:
    """Create ``.venv`` and install the project (editable, with test extras) if needed."""
    if not PY.exists():
        print("doublenine: creating .venv (first run only)...", file=sys.stderr)
        venv.EnvBuilder(with_pip=True).create(VENV)
    wanted = _wanted_stamp()
    if STAMP.exists() and STAMP.read_text() == wanted:
        return
    print("doublenine: installing dependencies into .venv...", file=sys.stderr)
    pip = [str(PY), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
    subprocess.run([*pip, "-e", f"{ROOT}[test]"], check=True)
    STAMP.write_text(wanted)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in {"play", "test", "doublenine"}:
        print(__doc__, file=sys.stderr)
        return 2
    ensure_venv()
    cmd, rest = argv[0], argv[1:]
    if cmd == "test":
        args = [str(PY), "-m", "pytest", *rest]
    elif cmd == "play":
        args = [str(PY), "-m", "doublenine", "play", *rest]
    else:
        args = [str(PY), "-m", "doublenine", *rest]
    return subprocess.run(args, cwd=ROOT).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
