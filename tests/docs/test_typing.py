"""STYLE: ``mypy --strict`` on the pure engine (doublenine.shared) is part of CI."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_shared_package_passes_mypy_strict() -> None:
    proc = subprocess.run([sys.executable, "-m", "mypy", "--strict", "shared"], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.startswith("Success: no issues found")
