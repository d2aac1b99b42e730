"""s13, the reported flow: a table hosted from a window, a friend seated, the host ends the hosting ("Close
anyway"), and the next start goes on with the match on this computer only. The friend can never come back
there, so the controls needing the friend's consent (D1) are greyed with that reason (client.consentable)."""
from __future__ import annotations

import os
import time

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from doublenine.client import config  # noqa: E402
from doublenine.client.consentable import CANNOT_COME_BACK  # noqa: E402
from doublenine.client.input import Viewport  # noqa: E402
from doublenine.client.launcher import make_launcher  # noqa: E402
from doublenine.client.net import NetClient, NetSession  # noqa: E402
from doublenine.client.scenes.lan_host import HostedTable, host_table  # noqa: E402
from doublenine.client.scenes.start import Launch  # noqa: E402
from doublenine.client.scenes.table import TableScene  # noqa: E402
from doublenine.shared import protocol as p  # noqa: E402
from doublenine.shared.seats import Seat  # noqa: E402
from sessionkit import pump_until  # noqa: E402

pytestmark = pytest.mark.usefixtures("own_folders")  # tests/conftest.py


def test_the_match_resumed_without_hosting_greys_what_the_friend_must_accept() -> None:
    hosted = host_table(Launch("create", "Host", "en", seed=5, kinds=("human", "human", "computer", "computer")),
                        port=0, bind="127.0.0.1", announce=False, bot_delay=0.0)
    hosted.resize(Viewport((1280, 800), (1280, 800)))
    pump_until(hosted.table.session, lambda s: s.connection == "connected" and s.view is not None
               and s.view.seat is not None)
    port, code = hosted.hosting.port, hosted.code
    friend = NetClient(f"ws://127.0.0.1:{port}/", p.Join(code=code, seat=None, name="Ana")).start()
    try:
        pump_until(NetSession(friend), lambda s: s.view is not None and s.view.seat is not None)
        pump_until(hosted.table.session, lambda s: s.started and len(s.humans) == 2)
        assert isinstance(hosted, HostedTable) and hosted.table.session.state.others_return  # hosted: asked as ever
        assert all(b.why is None for b in hosted.table.layout().buttons)
        assert hosted.handle(pygame.event.Event(pygame.QUIT)) is None
        assert hosted.click_id("stop") is not None and hosted.ended
    finally:
        hosted.close()
        friend.close()
    deadline = time.monotonic() + 30
    while config.load().resume_port != 0 and time.monotonic() < deadline:
        time.sleep(0.05)
    box: dict = {}  # type: ignore[type-arg]
    scene = make_launcher("en", box, bot_delay=0.0)(Launch("create", "Host", "en", resume=True))
    try:
        assert isinstance(scene, TableScene) and not isinstance(scene, HostedTable)
        pump_until(scene.session, lambda s: s.connection == "connected" and s.table == code and Seat.TWO in s.away)
        state = scene.session.state
        assert state.others_return is False
        scene.resize(Viewport((1280, 800), (1280, 800)))
        buttons = {b.id: b for b in scene.layout().buttons}
        for bid in ("undo", "redo", "restart"):
            assert (buttons[bid].enabled, buttons[bid].why) == (False, (CANNOT_COME_BACK[0], {"_plural": CANNOT_COME_BACK[1], "count": 1, "names": "Ana"}))
    finally:
        scene.close()
        if "server" in box:
            box["server"].stop()
