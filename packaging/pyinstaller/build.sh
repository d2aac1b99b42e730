#!/usr/bin/env bash
# Build the standalone Linux program (PyInstaller, one folder) -- issue 13, docs/packaging.md.
#   packaging/pyinstaller/build.sh [WHEEL]
# Installs WHEEL (default: this checkout) and PyInstaller into a throwaway venv, then freezes
# the `doublenine` command into $OUT/doublenine/ (default OUT: dist/standalone in the checkout).
# Start it with $OUT/doublenine/doublenine play. Needs python3 (3.11+) with venv and pip.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${OUT:-$root/dist/standalone}
python=${PYTHON:-python3}
what=${1:-$root}
work=$(mktemp -d "${TMPDIR:-/tmp}/doublenine-pyinstaller.XXXXXX")
trap 'rm -rf "$work"' EXIT
"$python" -m venv "$work/venv"
# --no-compile: PyInstaller byte-compiles what it collects itself
"$work/venv/bin/python" -m pip install -q --disable-pip-version-check --no-compile "$what" "pyinstaller>=6.10,<7"
cd "$here"
"$work/venv/bin/python" -m PyInstaller --noconfirm --clean --log-level WARN \
  --distpath "$out" --workpath "$work/build" doublenine.spec
echo "built $out/doublenine/doublenine ($(du -sh "$out/doublenine" | cut -f1))"
