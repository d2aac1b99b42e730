"""``python -m doublenine``: the same as the ``doublenine`` console script."""
from __future__ import annotations

import sys

try:  # a Ctrl-C while the interpreter imports the game is said like any other (doublenine.cli.main)
    from doublenine.cli import main
except KeyboardInterrupt:
    print("doublenine: interrupted", file=sys.stderr)
    sys.exit(130)

sys.exit(main())
