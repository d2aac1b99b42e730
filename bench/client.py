"""Client frame time and idle CPU (issue 5). Not a test: prints figures for docs/performance.md.

Run: ``SDL_VIDEODRIVER=dummy .venv/bin/python bench/client.py``

1. Median time to draw a full table at 1280x800 (render only, and layout + render):
   own hand of 10, three face-down hands of 10, a 25-tile line of play, a
   selected tile with its ghosts: 65 tiles.
2. Issue 15.4: the table scene's whole frame while a placed tile slides to its place
   against the same frame at rest, interleaved (ABAB...), as a ratio.
3. Idle CPU: the real window loop (App.run) on a table where nothing happens,
   for a few seconds, as process CPU time / wall time; once with a local table,
   once connected to an embedded server waiting for the player.
"""
from __future__ import annotations

import os
import statistics
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "client"))

import pygame  # noqa: E402
from client_helpers import my_turn_with_play, session_at, synthetic_line, with_line  # noqa: E402

from doublenine.client.app import App  # noqa: E402
from doublenine.client.art import Art  # noqa: E402
from doublenine.client.layout import compute_layout  # noqa: E402
from doublenine.client.local import LocalSession  # noqa: E402
from doublenine.client.render import render  # noqa: E402
from doublenine.client.scenes.table import TableScene  # noqa: E402
from doublenine.client.uistate import Ui  # noqa: E402
from doublenine.shared.moves import Play  # noqa: E402

SIZE = (1280, 800)


def full_table():  # type: ignore[no-untyped-def]
    state = session_at(my_turn_with_play).state
    state = with_line(state, synthetic_line(25, "random", 5))
    state = replace(state, view=replace(state.view, counts=(10, 10, 10, 10)))
    tile = next(m.tile for m in state.view.legal_moves() if isinstance(m, Play))
    return state, Ui(selected=tile, seen_finished=len(state.view.finished))


def frame_times(frames: int = 400) -> tuple[float, float]:
    pygame.display.init()
    screen = pygame.display.set_mode(SIZE)
    art = Art()
    state, ui = full_table()
    lay = compute_layout(state, ui, SIZE)
    render(screen, lay, state, ui, art, "en")  # warm the caches, as after the first frame
    draw, both = [], []
    for _ in range(frames):
        t0 = time.perf_counter()
        render(screen, lay, state, ui, art, "en")
        draw.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        render(screen, compute_layout(state, ui, SIZE), state, ui, art, "en")
        both.append(time.perf_counter() - t0)
    return statistics.median(draw) * 1000, statistics.median(both) * 1000


def slide_frames(frames: int = 300) -> tuple[float, float]:
    """Median ms of TableScene.draw with the last tile sliding in (issue 15.4) and at rest, interleaved."""
    from doublenine.client.scenes.table import SLIDE
    from doublenine.client.sound import Sounds

    class Still:
        def __init__(self, state) -> None:  # type: ignore[no-untyped-def]
            self.state = state

        def pump(self) -> bool:
            return False

        def send(self, intent) -> None: ...  # type: ignore[no-untyped-def]

        def close(self, leave: bool = True) -> None: ...

    from doublenine.client.input import Viewport
    pygame.display.init()
    pygame.display.set_mode(SIZE)
    surface = pygame.Surface(SIZE)
    state, ui = full_table()
    scene = TableScene(Still(state), sounds=Sounds(muted=True), motion=True)  # type: ignore[arg-type]
    scene.talk.remember = False
    scene.resize(Viewport(SIZE, SIZE))
    scene.ui = ui
    scene.draw(surface)
    moving, still = [], []
    last = state.view.line[-1]
    for i in range(2 * frames):
        sliding = i % 2 == 0
        scene._anim = (last, 0.0) if sliding else None
        scene._now = SLIDE * 0.4  # mid-slide
        t0 = time.perf_counter()
        scene.draw(surface)
        (moving if sliding else still).append(time.perf_counter() - t0)
    return statistics.median(moving) * 1000, statistics.median(still) * 1000


def idle_cpu(scene, seconds: float = 6.0) -> float:  # type: ignore[no-untyped-def]
    app = App(scene, SIZE)
    app.step([])  # first frame drawn
    timer = threading.Timer(seconds, lambda: pygame.event.post(pygame.event.Event(pygame.QUIT)))
    c0, w0 = time.process_time(), time.perf_counter()
    timer.start()
    app.run()
    return 100 * (time.process_time() - c0) / (time.perf_counter() - w0)


def idle_embedded(seconds: float) -> float:
    import tempfile

    from doublenine.client.launcher import make_launcher
    from doublenine.client.embedded import EmbeddedServer
    from doublenine.client.scenes.start import Launch
    with tempfile.TemporaryDirectory() as tmp:
        server = EmbeddedServer(db=str(Path(tmp) / "bench.sqlite"))
        server.start()
        try:
            scene = make_launcher("en", {"server": server})(Launch("create", "Bench", "en", seed=3, level="easy"))
            app = App(scene, SIZE)
            for _ in range(300):  # until the table waits for the player (opening draw, seat 1)
                app.step([])
                if scene.session.state.view is not None and 1 in scene.session.state.view.waiting_for():
                    break
                time.sleep(0.02)
            pygame.display.quit()
            return idle_cpu(scene, seconds)
        finally:
            server.stop()


def main() -> int:
    draw, both = frame_times()
    print(f"frame at {SIZE[0]}x{SIZE[1]}, 65 tiles: render {draw:.2f} ms median, layout+render {both:.2f} ms median")
    pygame.display.quit()
    moving, still = slide_frames()
    print(f"table scene frame while a tile slides in: {moving:.2f} ms median, at rest {still:.2f} ms "
          f"(ratio {moving / still:.2f}, interleaved)")
    pygame.display.quit()
    local = idle_cpu(TableScene(LocalSession(seed=4)))
    print(f"idle table, local: {local:.1f}% of one core")
    pygame.display.quit()
    embedded = idle_embedded(6.0)
    print(f"idle table, connected to an embedded server waiting for the player: {embedded:.1f}% of one core "
          "(client and server in one process)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
