"""Entry point of the standalone build: the ``doublenine`` command, frozen by PyInstaller (issue 13)."""
from __future__ import annotations

import multiprocessing
import sys

if __name__ == "__main__":
    multiprocessing.freeze_support()  # selfplay --jobs starts spawned workers: they re-enter here
    from doublenine.cli import main

    sys.exit(main())
