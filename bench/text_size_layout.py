"""The table's layout at a hover, at 2560x1440 and "Text size" 200 % (PERF s17). Not a test: prints figures for
docs/performance.md.

Run: ``SDL_VIDEODRIVER=dummy nice -n 10 .venv/bin/python bench/text_size_layout.py``

A panel grown for a larger Text size (layout._grown: the hand's end, the opening draw, the match's end) was
searched for again at every change of the previews, the pointer's hover included. The table scene's layout
(``TableScene.layout``) is made after each hover change, with the grown panels kept (layout._GROWN, now) and
with them forgotten before each layout (as before), interleaved hover by hover in the same run; prints both
medians per panel and their ratio. The kept answer is the same panel (checked at each step).
"""
from __future__ import annotations

import os
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "client"))

import pygame  # noqa: E402
from scenes_catalog import table_scene, table_states  # noqa: E402

from doublenine.client import layout  # noqa: E402

SIZE = (2560, 1440)
PERCENT = 200
HOVERS = 20
SCENES = ("reveal", "draw-mine", "match-over")


def main() -> int:
    pygame.display.init()
    pygame.font.init()
    layout.set_text_size(PERCENT)
    by = {name: (state, ui) for name, state, ui in table_states()}
    print(f"{SIZE[0]}x{SIZE[1]} at {PERCENT} %, {HOVERS} hovers each, load average {os.getloadavg()[0]:.1f}")
    for name in SCENES:
        state, ui = by[name]
        scene = table_scene(state, ui, "en", SIZE)
        kept = scene.layout().panel
        times: dict[str, list[float]] = {"before": [], "after": []}
        for i in range(HOVERS):
            for mode in ("before", "after"):
                if mode == "before":
                    layout._GROWN.clear()
                scene.ui = replace(ui, hover=f"button:{i % 2}:{mode}")  # a new hover: a new layout
                start = time.perf_counter()
                lay = scene.layout()
                times[mode].append(time.perf_counter() - start)
                assert lay.panel == kept, name
        before, after = (statistics.median(times[m]) for m in ("before", "after"))
        print(f"{name}: search at each hover median {before * 1000:.1f} ms, kept {after * 1000:.1f} ms, "
              f"ratio {before / after:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
