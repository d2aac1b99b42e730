"""The hosted table's remembered port: forgotten on a deliberate end, and a re-host that cannot
have its port is told to the player (issue 15/finding 1 leftovers).

The kind: remembered state outliving what the player chose, and a fallback only a log line
tells. The host's next start hosts the remembered table again on its port so the friends'
windows reconnect by themselves (test_host_killed.py). But after the host ended the hosted game
on purpose (Leave, or "Close anyway" with friends seated) the next start must not open that
port again; and when the port is taken by another program at the next start, the table goes on
locally and the window says so: the friends cannot reach it, in the player's language.
"""
from __future__ import annotations

import os
import socket
import time
from dataclasses import replace
from typing import Any

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from doublenine.client import config  # noqa: E402
from doublenine.client.launcher import NOT_HOSTED_SECONDS, make_launcher  # noqa: E402
from doublenine.client.input import Viewport  # noqa: E402
from doublenine.client.net import NetClient, NetSession  # noqa: E402
from doublenine.client.render import wrap  # noqa: E402
from doublenine.client.scenes.lan_host import HostedTable, host_table  # noqa: E402
from doublenine.client.scenes.start import Launch  # noqa: E402
from doublenine.client.scenes.table import TOAST_ROWS, TableScene  # noqa: E402
from doublenine.client.store import ClientState  # noqa: E402
from doublenine.client.text import LANGUAGES  # noqa: E402
from doublenine.shared import protocol as p  # noqa: E402
from doublenine.shared.failures import Failure  # noqa: E402
from sessionkit import pump_until  # noqa: E402


pytestmark = pytest.mark.usefixtures("own_folders")  # tests/conftest.py


def _hosted() -> HostedTable:
    hosted = host_table(Launch("create", "Host", "en", seed=5, kinds=("human",) * 4), port=0, bind="127.0.0.1", announce=False,
                        bot_delay=0.0)
    hosted.resize(Viewport((1280, 800), (1280, 800)))
    # seated, the table's view drawn: before its first snapshot was pumped a Leave asked "Close anyway?"
    pump_until(hosted.table.session, lambda s: s.connection == "connected" and bool(s.table)
               and s.view is not None and s.view.seat is not None)
    deadline = time.monotonic() + 30
    while config.load().resume_port != hosted.hosting.port and time.monotonic() < deadline:
        time.sleep(0.05)
    assert (config.load().resume_code, config.load().resume_port) == (hosted.code, hosted.hosting.port)
    return hosted


def _click_leave(hosted: HostedTable) -> Any:
    """Press the top bar's Leave (twice when the first only warns); the change it returns."""
    for _ in range(2):
        rect = next(b.rect for b in hosted.table.layout().buttons if b.id == "leave")
        change = hosted.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(rect[0] + 3, rect[1] + 3), button=1,
                                                  touch=False))
        if change is not None or hosted.asking is not None:
            return change
    return None


def test_leave_ends_the_hosted_game_and_forgets_its_port() -> None:
    hosted = _hosted()
    code = hosted.code
    change = _click_leave(hosted)
    assert change is not None and change.kind == "pop" and hosted.ended
    hosted.close()
    saved = config.load()
    # like Close anyway (README "Play with friends" step 3): the seat is kept, the next start goes on
    # with this match on this machine, never hosting it again (new user: Leave anyway made a new table)
    assert not hosted.table._leave and code
    assert (saved.resume_code, bool(saved.resume_token), saved.resume_port) == (code, True, 0)


def test_a_window_closed_with_nobody_seated_forgets_the_port_and_the_next_start_does_not_host() -> None:
    """New user: closing the host's window (SDL QUIT) with nobody else seated kept ``"resume_port": 8765``
    in client.json, and the next ``play`` hosted the table again ("· host", the invite card back). README
    "Play with friends" step 3: closing the window forgets the port but keeps the seat."""
    hosted = _hosted()
    code = hosted.code
    change = hosted.handle(pygame.event.Event(pygame.QUIT))
    assert change is not None and change.kind == "quit" and hosted.ended
    hosted.close()
    saved = config.load()
    assert (saved.resume_code, bool(saved.resume_token), saved.resume_port) == (code, True, 0)
    # the next start: the same match on this machine, seat 1, not hosted again
    box: dict[str, Any] = {}
    launcher = make_launcher("en", box, bot_delay=0.0, hosting={"bind": "127.0.0.1", "announce": False})
    again = launcher(Launch("create", "Host", "en", resume=True))
    try:
        assert isinstance(again, TableScene) and not isinstance(again, HostedTable)
        pump_until(again.session, lambda s: s.connection == "connected" and s.table == code and s.view is not None)
        assert again.session.state.view.seat == 1
        assert again.title() == f"doublenine · {code} · player"
    finally:
        again.close()
        if "server" in box:
            box["server"].stop()


def test_close_anyway_with_a_friend_seated_forgets_the_port_and_keep_playing_does_not() -> None:
    hosted = _hosted()
    port, code = hosted.hosting.port, hosted.code
    friend = NetClient(f"ws://127.0.0.1:{port}/", p.Join(code=code, seat=None, name="Ana")).start()
    try:
        ana = NetSession(friend)
        pump_until(ana, lambda s: s.connection == "connected" and s.view is not None and s.view.seat is not None)
        assert hosted.handle(pygame.event.Event(pygame.QUIT)) is None and hosted.asking is not None  # asked first
        assert hosted.click_id("keep") is None and not hosted.ended
        assert config.load().resume_port == port
        assert hosted.handle(pygame.event.Event(pygame.QUIT)) is None
        change = hosted.click_id("stop")
        assert change is not None and change.kind == "quit" and hosted.ended
        hosted.close()
        assert (config.load().resume_code, config.load().resume_port) == (code, 0)
    finally:
        friend.close()


def test_a_rehost_without_its_port_goes_on_locally_and_says_so() -> None:
    box: dict[str, Any] = {}
    local = make_launcher("en", box, bot_delay=0.0)(Launch("create", "Host", "en", seed=3))
    pump_until(local.session, lambda s: bool(s.table) and s.connection == "connected")
    code = local.session.state.table
    local.close()
    box["server"].stop()
    with socket.socket() as busy:  # another program holds the port the table was hosted on
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        config.save(replace(config.load(), resume_port=port))
        launcher = make_launcher("fr", {}, bot_delay=0.0, hosting={"bind": "127.0.0.1", "announce": False})
        scene = launcher(Launch("create", "Host", "fr", resume=True))
        try:
            assert isinstance(scene, TableScene) and not isinstance(scene, HostedTable)
            pump_until(scene.session, lambda s: s.connection == "connected" and s.table == code)  # the match goes on
            assert scene.session.state.view.seat == 1
            said = Failure("host.port_taken_again", {"code": code, "port": port}).text("fr")
            assert scene.toast is not None and scene.toast[0] == said and str(port) in said and code in said
            assert said.startswith(f"Le port {port} est utilisé")
            scene.update(100.0)  # the first frame: the message stays NOT_HOSTED_SECONDS from now
            assert scene.toast == (said, 100.0 + NOT_HOSTED_SECONDS)
            scene.resize(Viewport((800, 600), (800, 600)))
            x, y, w, h = scene._toast_box((800, 600))[1]
            scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x + w // 2, y + h // 2), button=1,
                                            touch=False))
            assert scene.toast is None  # read, clicked away
        finally:
            scene.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_not_hosted_messages_fit_the_smallest_window(lang: str) -> None:
    pygame.display.init()
    pygame.font.init()
    scene = TableScene(_Nothing(), lang)  # type: ignore[arg-type]
    scene.resize(Viewport((800, 600), (800, 600)))
    for failure in (Failure("host.port_taken_again", {"code": "K7QPA", "port": 65535}),
                    Failure("host.not_hosted_again", {"code": "K7QPA", "port": 65535,
                                                      "reason": "Address not available"})):
        text = failure.text(lang)
        assert "K7QPA" in text and "65535" in text
        scene.tell(text, 20.0)
        rows = scene._toast_box((800, 600))[0]  # the message's real rows at 800x600, beside the chat button
        assert len(rows) <= TOAST_ROWS and not rows[-1].endswith("…") and " ".join(rows) == " ".join(w for w in text.split(" ") if w), \
            (lang, text)


class _Nothing:
    state = ClientState()

    def pump(self) -> bool:
        return False


def test_leave_after_the_friend_left_says_the_hosting_ends_and_the_seat_is_kept() -> None:
    """New user: on a hosted table whose friend had left (the host the only human, the computer playing
    the friend's seat), the first Leave said "Leave gives your seat up: the others play on without you",
    yet the seat was kept ("Back to your match: 94VFA · 0-0"). The warning says what Leave does there."""
    hosted = _hosted()
    port, code = hosted.hosting.port, hosted.code
    friend = NetClient(f"ws://127.0.0.1:{port}/", p.Join(code=code, seat=None, name="Ana")).start()
    ana = NetSession(friend)
    pump_until(ana, lambda s: s.connection == "connected" and s.view is not None and s.view.seat is not None)
    seat = ana.state.view.seat
    pump_until(hosted.table.session, lambda s: seat in s.humans and seat not in s.free)
    ana.close(leave=True)  # the friend pressed Leave: the computer plays that seat
    deadline = time.monotonic() + 30
    while hosted.others() != 0 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert hosted.others() == 0
    rect = next(b.rect for b in hosted.table.layout().buttons if b.id == "leave")
    press = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(rect[0] + 3, rect[1] + 3), button=1, touch=False)
    assert hosted.handle(press) is None and hosted.asking is None  # warned first: the friend's seat is a human one
    assert hosted.table.toast is not None and hosted.table.toast[0] == (
        "Leave stops hosting: your friends cannot come back. You keep your seat. Press Leave again to go.")
    change = hosted.handle(press)
    assert change is not None and change.kind == "pop" and hosted.ended and not hosted.table._leave
    hosted.close()
    saved = config.load()
    assert (saved.resume_code, bool(saved.resume_token), saved.resume_port) == (code, True, 0)  # as it said
