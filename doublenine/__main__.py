"""``python -m doublenine``: the same as the ``doublenine`` console script."""
from __future__ import annotations

import signal
import sys

try:  # a Ctrl-C while the interpreter imports the game is said like any other (doublenine.cli.main)
    from doublenine.cli import main, said_again
    sys.unraisablehook = said_again  # a Ctrl-C swallowed in a callback is raised again (doublenine.cli)
    import doublenine.shared.i18n  # noqa: F401  (Babel, and the decimal module it loads, while Ctrl-C is held:
    # doublenine.cli.interrupted says its line from the catalogs; a Ctrl-C that cut the first import of
    # decimal made that import run again, and libmpdec printed "mpd_setminalloc: ignoring request..." to
    # the terminal above the line)

    if hasattr(signal, "pthread_sigmask"):  # run.py starts us with Ctrl-C held (blocked) so that one
        # pressed during the interpreter's start-up waits for here, not kill it half-started
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
except KeyboardInterrupt:
    print("doublenine: interrupted", file=sys.stderr)
    sys.exit(130)

sys.exit(main())
