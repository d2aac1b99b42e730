"""Run inside a private namespace (tests/lan/lan_netns.py): two friends host tables, a third
player's join screen finds both over real mDNS, draws them, and joins one.

Usage: python lan_join_scenario.py OUT.png [PORT]. Saves the join screen listing the
two tables to OUT.png and prints one JSON object of what happened. With PORT the
hosts listen on PORT and PORT+1 (the namespace is private, so they are free):
that is how docs/screenshots/join-lan.png is made.
"""
from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from doublenine.client.launcher import make_launcher  # noqa: E402
from doublenine.client.discovery import TableBrowser  # noqa: E402
from doublenine.client.hosting import Hosting  # noqa: E402
from doublenine.client.input import Viewport  # noqa: E402
from doublenine.client.scenes.lan_join import CHECKED, LanJoinScene  # noqa: E402
from doublenine.server.netbot import TableClient  # noqa: E402

LO = ["127.0.0.1"]
SIZE = (1280, 800)


def host(name: str, kinds: tuple[str, ...], port: int) -> tuple[Hosting, str]:
    """A friend's hosted table (loopback only), announced under ``name``; returns it and its code."""
    hosting = Hosting(None, port=port, bind="127.0.0.1", bot_delay=0.0, host_name=name).start()

    async def create() -> str:
        c = await TableClient.connect(hosting.local_url)
        seats = [{"kind": k, "level": "easy"} for k in kinds]
        await c.attach({"type": "create_table", "seats": seats, "sit": 1, "name": name})
        return str(c.code)
    return hosting, asyncio.run_coroutine_threadsafe(create(), hosting.embedded.loop).result(20)  # type: ignore[arg-type]


def pump(scene: Any, done: Any, deadline: float = 20.0) -> None:
    end = time.monotonic() + deadline
    while not done() and time.monotonic() < end:
        for event in pygame.event.get():
            change = scene.handle(event)
            if change is not None:
                scene.change = change
        scene.update(time.monotonic())
        time.sleep(0.05)


def main(out: str, port: int = 0) -> dict[str, Any]:
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(SIZE)
    ana, ana_code = host("Ana's laptop", ("human", "human", "human", "computer"), port)
    bo, bo_code = host("Bo", ("human", "human", "computer", "computer"), port + 1 if port else 0)
    browser = TableBrowser(interfaces=LO).start()
    scene = LanJoinScene(make_launcher("en", {}), "Cleo", "en", browser=browser)
    scene.change = None
    scene.resize(Viewport(SIZE, SIZE))
    pump(scene, lambda: len(scene.tables) == 2)
    scene.update(time.monotonic())
    scene.draw(screen)
    pygame.image.save(screen, out)
    listed = [[t.host_name, t.code, t.free_seats] for t in scene.tables]
    row = next(i for i, t in enumerate(scene.tables) if t.code == bo_code)
    scene.click_id(f"join{row}")
    pump(scene, lambda: scene.change is not None)
    table = scene.change.scene if scene.change is not None else None
    seat = None
    if table is not None:
        end = time.monotonic() + 20
        while time.monotonic() < end and (table.session.state.view is None or not table.session.state.table):
            table.update(time.monotonic())
            time.sleep(0.05)
        view = table.session.state.view
        seat = None if view is None else int(view.seat) if view.seat is not None else None
        table.close()
    scene.close()
    browser.stop()
    ana.stop()
    bo.stop()
    return {"listed": listed, "ana": ana_code, "bo": bo_code, "joined": seat,
            "message": scene.form.message}


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1], *(int(a) for a in sys.argv[2:3]))), flush=True)
