"""The table with the chat panel open (issue 15). Not a test: prints figures for docs/performance.md.

Run: ``SDL_VIDEODRIVER=dummy nice -n 10 .venv/bin/python bench/chat_panel.py``

The table scene's whole frame (table, wait card, chat panel or its button) at 1280x800 with 50
chat lines of two rows each, the panel closed and open, interleaved frame by frame in the same
run; prints both medians and their ratio.
"""
from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "docs"))

import pygame  # noqa: E402
import screenshots  # noqa: E402

from doublenine.client.chat import ChatUi  # noqa: E402
from doublenine.client.input import Viewport  # noqa: E402
from doublenine.client.local import LocalSession  # noqa: E402
from doublenine.client.scenes.table import TableScene  # noqa: E402
from doublenine.client.sound import Sounds  # noqa: E402
from doublenine.shared.seats import Seat  # noqa: E402

SIZE = (1280, 800)
FRAMES = 300


def main() -> int:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode(SIZE)
    s = LocalSession(seed=2026, humans=frozenset({Seat.ONE, Seat.TWO, Seat.THREE}))
    screenshots._table_at(s, Seat.TWO)
    s._refresh()  # type: ignore[attr-defined]
    for i in range(50):
        if i % 2:
            s.hear(Seat(i % 3 + 1), text=f"message {i}: ¿qué tal la partida? Muy bien, gracias, ¿y tú?")
        else:
            s.hear(None, phrase="good_game")
    scene = TableScene(s, "fr", sounds=Sounds(muted=True), motion=False)
    scene.talk.remember = False
    scene.resize(Viewport(SIZE, SIZE))
    scene.update(1.0)
    surface = pygame.Surface(SIZE)
    times: dict[str, list[float]] = {"closed": [], "open": []}
    for _ in range(FRAMES):
        for mode in ("closed", "open"):
            scene.talk.cui = ChatUi(open=mode == "open", seen=99)
            scene.layout()
            start = time.perf_counter()
            scene.draw(surface)
            times[mode].append(time.perf_counter() - start)
    closed, opened = (statistics.median(times[m]) for m in ("closed", "open"))
    print(f"frame, chat closed: median {closed * 1000:.2f} ms")
    print(f"frame, chat open (50 lines): median {opened * 1000:.2f} ms")
    print(f"ratio open/closed: {opened / closed:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
