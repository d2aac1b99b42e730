"""New-user finding (session 6), kind: a window opened where nobody can see it. With no display
(no DISPLAY, no WAYLAND_DISPLAY, as over SSH) SDL fell back to its invisible "offscreen" driver by
itself and `play` ran with a window nobody could see, its terminal silent; now it says why and exits 2.
A run that asks for a driver (SDL_VIDEODRIVER, as --autoplay's runs and the tests do) is unchanged."""
from __future__ import annotations

import os
import subprocess
import sys


def test_play_without_a_display_says_so_and_exits_2(tmp_path) -> None:  # type: ignore[no-untyped-def]
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env.update(HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "c"), XDG_DATA_HOME=str(tmp_path / "d"),
               XDG_CACHE_HOME=str(tmp_path / "k"), SDL_AUDIODRIVER="dummy", LANG="C.UTF-8")
    done = subprocess.run([sys.executable, "-m", "doublenine", "play", "--lang", "en"], env=env,
                          capture_output=True, text=True, timeout=120)
    lines = [line for line in done.stderr.splitlines() if line.startswith("doublenine play:")]
    assert (done.returncode, lines) == (2, [
        "doublenine play: no display to open the window on (DISPLAY and WAYLAND_DISPLAY are not set): "
        "run it on a desktop, or try `play --autoplay` to play a hand without a window"])
