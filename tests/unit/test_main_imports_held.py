"""``python -m doublenine``: what the Ctrl-C path needs is imported while Ctrl-C is still held.

CI found ``doublenine play: interrupted`` preceded by libmpdec's "mpd_setminalloc: ignoring request
to set MPD_MINALLOC a second time": a Ctrl-C had cut the first import of ``decimal`` (through Babel)
and :func:`doublenine.cli.interrupted`, importing the catalogs to say its line, imported it again.
Kind: a handler of an interruption that imports what the interruption may have cut half-way."""
from __future__ import annotations

import subprocess
import sys

PROBE = """
import runpy, signal, sys
seen = []
real = signal.pthread_sigmask
def spy(how, mask):
    if how == signal.SIG_UNBLOCK and signal.SIGINT in mask:
        seen.append(sorted(m for m in ("decimal", "babel", "doublenine.shared.i18n") if m in sys.modules))
    return real(how, mask)
signal.pthread_sigmask = spy
sys.argv = ["doublenine", "--help"]
try:
    runpy.run_module("doublenine", run_name="__main__")
except SystemExit:
    pass
print(seen, file=sys.stderr)
"""


def test_the_catalogs_and_decimal_are_imported_before_ctrl_c_is_let_through() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=120)
    assert done.stderr.strip().splitlines()[-1] == "[['babel', 'decimal', 'doublenine.shared.i18n']]", done.stderr
