"""``python -m doublenine``: the same as the ``doublenine`` console script."""
from __future__ import annotations

import sys

from doublenine.cli import main

sys.exit(main())
