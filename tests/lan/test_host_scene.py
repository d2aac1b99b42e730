"""Issue 8: "host a table for others" in the client: the invite card, Copy, and asking
before closing while friends are seated. Loopback only, mDNS off; SDL dummy video.

Set LAN_SCREENSHOTS=DIR to keep the rendered frames (docs/screenshots/host-*.png).
"""
from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from doublenine.client.input import Viewport
from doublenine.client.scenes.base import Change
from doublenine.client.scenes.lan_host import HostedTable, host_table
from doublenine.client.scenes.start import Launch
from doublenine.server.netbot import TableClient

SIZE = (1280, 800)


@pytest.fixture
def screen() -> Iterator[pygame.Surface]:
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.set_mode(SIZE)
    pygame.display.quit()


def _pump(scene: HostedTable, done: Any, deadline: float = 20.0) -> None:
    end = time.monotonic() + deadline
    while not done() and time.monotonic() < end:
        scene.update(time.monotonic())
        time.sleep(0.02)
    assert done()


def _shot(screen: pygame.Surface, scene: HostedTable, name: str, tmp: Path) -> None:
    scene.update(time.monotonic())
    scene.draw(screen)
    folder = Path(os.environ.get("LAN_SCREENSHOTS", tmp))
    pygame.image.save(screen, str(folder / name))


def _friend(scene: HostedTable, action: str, holder: list[TableClient]) -> None:
    async def go() -> None:
        if action == "join":
            c = await TableClient.connect(scene.hosting.local_url)
            await c.attach({"type": "join", "code": scene.code, "name": "Bo"})
            holder.append(c)
        else:
            await holder[0].send({"type": "leave"})
            await holder[0].until(lambda m: getattr(m, "type", "") == "left")
            await holder[0].close()
    asyncio.run_coroutine_threadsafe(go(), scene.hosting.embedded.loop).result(20)  # type: ignore[arg-type]


def test_host_sees_invite_copies_it_and_is_asked_before_closing_on_friends(
        screen: pygame.Surface, tmp_path: Path) -> None:
    launch = Launch("create", "Ana", "en", kinds=("human", "human", "computer", "computer"), level="easy")
    scene = host_table(launch, db=":memory:", port=0, bind="127.0.0.1", announce=False, bot_delay=0.0)
    try:
        scene.resize(Viewport(SIZE, SIZE))
        _pump(scene, lambda: bool(scene.code) and scene.table.session.state.view is not None)
        port = scene.hosting.port
        assert scene.invite() == f"doublenine://127.0.0.1:{port}/{scene.code}"
        assert scene.card_open()  # the match waits for the friend: the card is open
        _shot(screen, scene, "host-invite.png", tmp_path)
        assert scene.click_id("copy") is None
        assert pygame.scrap.get_text() == scene.invite()
        assert scene.click_id("copyweb") is None  # issue 13: the link any chat program shows as a link
        assert pygame.scrap.get_text() == scene.web_link() == f"http://127.0.0.1:{port}/t/{scene.code}"
        assert scene.others() == 0
        assert scene.handle(pygame.event.Event(pygame.QUIT)) == Change("quit")  # nobody else: no question

        friend: list[TableClient] = []
        _friend(scene, "join", friend)
        _pump(scene, lambda: scene.table.session.state.started)
        assert not scene.card_open()  # playing: only the small "Invite friends" chip
        assert scene.others() == 1
        assert scene.handle(pygame.event.Event(pygame.QUIT)) is None
        assert scene.asking == Change("quit") and scene.asked_for == 1
        _shot(screen, scene, "host-close-prompt.png", tmp_path)
        assert scene.click_id("keep") is None and scene.asking is None
        assert scene.handle(pygame.event.Event(pygame.QUIT)) is None
        assert scene.handle(pygame.event.Event(pygame.QUIT)) == Change("quit")  # asked twice: close

        _friend(scene, "leave", friend)
        assert scene.others() == 0
        assert scene.handle(pygame.event.Event(pygame.QUIT)) == Change("quit")
    finally:
        scene.close()
    assert scene.hosting.embedded.server.stopping
