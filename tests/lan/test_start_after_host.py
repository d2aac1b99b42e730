"""The start screen after a hosted game: only offers that still hold (tester's findings s15-s29).

The kind: a start-screen offer or message outliving the situation it was made for.

1. The host's Leave with a friend seated, then "Leave anyway" ("the game ends for everyone"), gave
   the seat up (its token void) while "Back to your match" was still offered and silently created a
   new table. Now that Leave keeps the seat like Close anyway, and the offer goes back to that match.
2. A refusal (no seat for a friend, a missing address) stayed on the screen after the setting
   changed or something started and came back.
3. A friend's window kept the stopped host's server as the one "Create table" uses. Then (s13) the
   friend who wanted to join the same host next time found its address forgotten, and it was kept; then
   (lastuser s17 F19) the friend's next Create table, the gold default, went to the host's laptop: a host
   that stopped drops its server and table (an invite or "Find tables on this network" finds its next one).
"""
from __future__ import annotations

import os
import time
from dataclasses import replace
from typing import Any

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from doublenine.client import config  # noqa: E402
from doublenine.client.launcher import make_launcher  # noqa: E402
from doublenine.client.config import Settings  # noqa: E402
from doublenine.client.input import Viewport  # noqa: E402
from doublenine.client.net import NetClient, NetSession  # noqa: E402
from doublenine.client.scenes import lan_host  # noqa: E402
from doublenine.client.scenes.lan_host import HostedTable, host_table  # noqa: E402
from doublenine.client.scenes.start import Launch, StartScene, start_layout  # noqa: E402
from doublenine.shared import protocol as p  # noqa: E402
from sessionkit import pump_until  # noqa: E402

SIZE = (1280, 800)
BAD_CODE = "“??” is not a table code: 5 letters and digits, without 0, 1, I, L, O or U."


pytestmark = pytest.mark.usefixtures("own_folders")  # tests/conftest.py


def _hosted() -> HostedTable:
    hosted = host_table(Launch("create", "Host", "en", seed=5, kinds=("human", "human", "computer", "computer")),
                        port=0, bind="127.0.0.1", announce=False, bot_delay=0.0)
    hosted.resize(Viewport(SIZE, SIZE))
    # seated, the table's view drawn: before its first snapshot was pumped a Leave asked "Close anyway?"
    pump_until(hosted.table.session, lambda s: s.connection == "connected" and bool(s.table)
               and s.view is not None and s.view.seat is not None)
    deadline = time.monotonic() + 30
    while config.load().resume_token == "" and time.monotonic() < deadline:
        time.sleep(0.05)
    assert config.load().resume_code == hosted.code
    return hosted


def _click(rect: tuple[int, int, int, int]) -> pygame.event.Event:
    x, y, w, h = rect
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x + w // 2, y + h // 2), button=1, touch=False)


def _seated(session: NetSession) -> None:
    pump_until(session, lambda s: s.connection == "connected" and s.view is not None and s.view.seat is not None)


def test_leave_and_close_anyway_with_a_friend_seated_offers_no_way_back() -> None:
    hosted = _hosted()
    code, port = hosted.code, hosted.hosting.port
    config.save(replace(config.load(), resume_score="0-0"))
    scene = StartScene(config.load(), lambda launch: pytest.fail(f"started {launch}"))
    assert scene.form.resume == "0-0"  # offered while the match is held
    friend = NetClient(f"ws://127.0.0.1:{port}/", p.Join(code=code, seat=None, name="Ana")).start()
    try:
        _seated(NetSession(friend))
        pump_until(hosted.table.session, lambda s: len(s.humans) == 2)
        rect = next(b.rect for b in hosted.table.layout().buttons if b.id == "leave")
        assert hosted.handle(_click(rect)) is None and hosted.asking is not None  # asked first
        change = hosted.click_id("stop")
        assert change is not None and change.kind == "pop" and hosted.ended
        hosted.close()
    finally:
        friend.close()
    saved = config.load()
    # Leave anyway keeps the host's seat like Close anyway (README "Play with friends" step 3): the way
    # back is the same match, its token still valid, on this machine only (the port is forgotten)
    assert (saved.resume_code, bool(saved.resume_token), saved.resume_score, saved.resume_port) == (code, True, "0-0", 0)
    again = StartScene(config.load(), lambda launch: pytest.fail(f"started {launch}"))
    again.resize(Viewport(SIZE, SIZE))
    assert again.form.resume == "0-0"


def test_a_refusal_clears_when_a_setting_changes() -> None:
    scene = StartScene(Settings(name="Bea"), lambda launch: pytest.fail(f"started {launch}"))
    scene.resize(Viewport(SIZE, SIZE))
    lay = start_layout(SIZE)
    # a table code that cannot be one is refused before any network work (the all-computer "Host for
    # friends" refusal this test first used is gone on purpose since 1fa7079: it opens the seats instead)
    scene.form = replace(scene.form, server="ws://127.0.0.1:1/", table="??")
    assert scene.handle(_click(lay["join"])) is None
    assert scene.form.message == BAD_CODE
    scene.form = replace(scene.form, server="", table="")
    scene.handle(_click(lay["kind1"]))  # seat 3 set to Human: the refusal no longer holds
    assert scene.form.kinds == ("computer", "human", "computer") and scene.form.message == ""
    assert scene.handle(_click(lay["join"])) is None
    assert scene.form.message == "Enter the server address and the table code"
    scene.handle(_click(lay["level"]))
    assert scene.form.message == ""


def test_a_refusal_is_gone_after_hosting_and_coming_back(monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[Any] = []
    monkeypatch.setattr(lan_host, "open_hosting", lambda launch, port: (opened.append(launch) or "HOSTED", "", None))
    scene = StartScene(Settings(name="Bea"), lambda launch: "TABLE")
    scene.resize(Viewport(SIZE, SIZE))
    lay = start_layout(SIZE)
    assert scene.handle(_click(lay["join"])) is None and scene.form.message != ""
    change = scene.handle(_click(lay["host"]))
    assert change is not None and change.scene == "HOSTED" and len(opened) == 1
    scene.resize(Viewport(SIZE, SIZE))  # back from the hosted table
    assert scene.form.message == ""
    assert scene.handle(_click(lay["join"])) is None and scene.form.message != ""
    scene.form = replace(scene.form, server="ws://127.0.0.1:1/", table="ABCDE")
    assert scene.click_id("join") is not None and scene.form.message == ""  # started: the old refusal is gone


def test_a_friend_whose_host_stopped_keeps_neither_its_address_nor_the_ended_table() -> None:
    hosted = _hosted()
    url = f"ws://127.0.0.1:{hosted.hosting.port}/"
    scene = StartScene(config.load(), make_launcher("en", {}, bot_delay=0.0))
    scene.resize(Viewport(SIZE, SIZE))
    scene.form = replace(scene.form, server=url, table=hosted.code)
    change = scene.click_id("join")
    assert change is not None
    table = change.scene
    try:
        _seated(table.session)
        deadline = time.monotonic() + 30
        while config.load().server != url and time.monotonic() < deadline:
            time.sleep(0.05)
        assert (config.load().server, config.load().table) == (url, hosted.code)  # joined: remembered
        assert hosted.handle(pygame.event.Event(pygame.QUIT)) is None
        assert hosted.click_id("stop") is not None
    finally:
        hosted.close()
    pump_until(table.session, lambda s: s.failure is not None)
    assert table.session.state.failure.key == "host.stopped"
    table.close()
    assert (config.load().server, config.load().table) == ("", "")
    scene.resize(Viewport(SIZE, SIZE))  # back on the start screen
    assert (scene.form.server, scene.form.table) == ("", "")  # Create table: on this computer (s17 F19)
    assert StartScene(config.load(), lambda launch: None).form.server == ""  # and at the next start
