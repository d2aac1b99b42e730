"""A host window's process for test_host_killed.py: "Host for friends" at PORT, then wait to be killed.

Prints the table code once the host is seated (its seat token remembered), then sleeps.
"""
from __future__ import annotations

import os
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from doublenine.client import config  # noqa: E402
from doublenine.client.scenes.lan_host import host_table  # noqa: E402
from doublenine.client.scenes.start import Launch  # noqa: E402


def main() -> None:
    port = int(sys.argv[1])
    scene = host_table(Launch("create", "Host", "en", seed=7, kinds=("human",) * 4), port=port, bind="127.0.0.1", announce=False,
                       bot_delay=0.0)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and config.load().resume_port != port:
        scene.table.session.pump()
        time.sleep(0.05)
    print("code", config.load().resume_code, flush=True)
    while True:  # the window stays open until the test kills the process (kill -9)
        scene.table.session.pump()
        time.sleep(0.05)


if __name__ == "__main__":
    main()
