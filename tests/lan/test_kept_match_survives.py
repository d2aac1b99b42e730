"""New user N1/N2: a kept match was lost without the player being told.

The kind: a path that replaces or gives up the player's kept match (config ``resume_*``) on its own.
N1: hosting a new table (or creating one) while a solo match was kept overwrote the only remembered
match; the start screen never offered it again. Now the earlier one stays offered, with its score
("Back to your earlier match"), and comes back on a click. N2: once hosting ended, the table runs on
this machine only; Leave there gave the seat up ("the others play on without you") though no other
person can reach it. Now it keeps the seat like a solo table. Real embedded server and SQLite store.
"""
from __future__ import annotations

import os
from dataclasses import replace
from typing import Any

import pygame
import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from doublenine.client import config  # noqa: E402
from doublenine.client.app import App  # noqa: E402
from doublenine.client.launcher import make_launcher  # noqa: E402
from doublenine.client.config import Settings  # noqa: E402
from doublenine.client.input import Viewport  # noqa: E402
from doublenine.client.net import NetClient, NetSession  # noqa: E402
from doublenine.client.scenes.lan_host import host_table  # noqa: E402
from doublenine.client.scenes.start import Launch, StartScene  # noqa: E402
from doublenine.shared import protocol as p  # noqa: E402
from doublenine.shared.seats import Seat  # noqa: E402
from sessionkit import pump_until, update_until  # noqa: E402

SIZE = (1280, 800)


pytestmark = pytest.mark.usefixtures("own_folders")  # tests/conftest.py


def _host(kinds: tuple[str, str, str, str]) -> Any:
    hosted = host_table(Launch("create", "Host", "en", seed=5, kinds=kinds),
                        port=0, bind="127.0.0.1", announce=False, bot_delay=0.0)
    hosted.resize(Viewport(SIZE, SIZE))
    # seated, the table's view drawn: before its first snapshot was pumped a Leave asked "Close anyway?"
    pump_until(hosted.table.session, lambda s: s.connection == "connected" and bool(s.table)
               and s.view is not None and s.view.seat is not None)
    update_until(hosted, lambda: config.load().resume_code == hosted.code and config.load().resume_token != "")
    return hosted


def _leave_click(hosted: Any) -> pygame.event.Event:
    x, y, w, h = next(b.rect for b in hosted.table.layout().buttons if b.id == "leave")
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x + w // 2, y + h // 2), button=1, touch=False)


def test_n1_hosting_a_new_table_keeps_the_solo_match_offered_with_its_score() -> None:
    box: dict = {}
    launcher = make_launcher("en", box, bot_delay=0.0)
    start = StartScene(config.load(), launcher)
    app = App(start, SIZE)
    try:
        solo = launcher(Launch("create", "Ana", "en", level="easy", resume=True))
        app.push(solo)
        update_until(solo, lambda: solo.session.state.view is not None and config.load().resume_code)
        code, token = solo.session.state.table, config.load().resume_token
        a, b = solo.session.state.view.scores
        app.apply(solo._leave_table())  # Leave: alone with computers, the seat is kept
        assert app.stack == [start] and start.form.resume == f"{a}-{b}" and start.form.earlier is None
        hosted = _host(("human", "computer", "human", "computer"))  # seat 3 set to Human, "Host for friends"
        assert config.earlier_match(config.load()) == (code, token, f"{a}-{b}")
        app.push(hosted)
        app.apply(hosted.handle(_leave_click(hosted)))  # Leave: no friend seated, hosting ends, the seat is kept
        assert app.stack == [start]
        saved = config.load()
        assert (saved.resume_code, saved.resume_port) == (hosted.code, 0)
        assert start.form.resume is not None and start.form.earlier == f"{a}-{b}"  # both offered
        change = start.click_id("earlier")
        assert change is not None and change.kind == "push"
        back = change.scene
        update_until(back, lambda: back.session.state.view is not None)
        assert (back.session.state.table, back.session.state.view.seat) == (code, Seat.ONE)
        assert back.session.state.view.scores == (a, b)
        assert config.earlier_match(config.load())[0] == hosted.code  # the hosted match is the earlier one now
        back.session.client.close()
    finally:
        if box.get("server") is not None:
            box["server"].stop()


def test_n2_leave_after_hosting_ended_keeps_the_seat_when_no_one_can_reach_the_table() -> None:
    hosted = _host(("human", "human", "computer", "computer"))
    code, port = hosted.code, hosted.hosting.port
    friend = NetClient(f"ws://127.0.0.1:{port}/", p.Join(code=code, seat=None, name="Zoë")).start()
    try:
        pump_until(NetSession(friend), lambda s: s.view is not None and s.view.seat is not None)
        pump_until(hosted.table.session, lambda s: len(s.humans) == 2)
        assert hosted.handle(_leave_click(hosted)) is None and hosted.asking is not None  # asked first
        # "Leave anyway": hosting ends for everyone
        assert hosted.click_id("stop") is not None and hosted.ended
        hosted.close()
    finally:
        friend.close()
    assert (config.load().resume_code, config.load().resume_port) == (code, 0)
    box: dict = {}
    launcher = make_launcher("en", box, bot_delay=0.0)
    start = StartScene(config.load(), launcher)
    app = App(start, SIZE)
    try:
        table = launcher(Launch("create", "Host", "en", resume=True))  # the next start: on this machine only
        app.push(table)
        update_until(table, lambda: table.session.state.view is not None and table.session.state.table == code)
        assert table.session.state.humans == frozenset({Seat.ONE, Seat.TWO})
        app.apply(table._leave_table())  # one press, no "the others play on" warning
        assert app.stack == [start] and table.toast is None and table._leave is False
        registry = box["server"].server.registry
        update_until(start, lambda: registry.tables[code].slots[1].conn is None)
        assert registry.tables[code].slots[1].token_hash is not None  # the seat waits (D7)
        assert start.form.resume is not None and config.load().resume_code == code
    finally:
        box["server"].stop()


def test_kept_matches_are_bounded_and_a_given_up_one_leaves_the_earlier_earlier() -> None:
    saved = Settings(resume_code="AAAAA", resume_token="ta", resume_score="37-0")
    for i, code in enumerate(("BBBBB", "CCCCC", "DDDDD", "EEEEE")):
        saved = config.keep_match(saved, code, f"t{i}")
    assert saved.resume_code == "EEEEE"
    # at most MAX_EARLIER: the oldest table with nothing scored leaves, never the 37-0 match in progress
    assert saved.earlier == ("DDDDD t2 -", "CCCCC t1 -", "AAAAA ta 37-0")
    saved = config.drop_match(config.keep_match(Settings(resume_code="AAAAA", resume_token="ta",
                                                         resume_score="37-0"), "BBBBB", "tb", 8765))
    assert (saved.resume_code, saved.resume_token, saved.resume_score, saved.resume_port, saved.earlier) == \
        ("", "", "", 0, ("AAAAA ta 37-0",))  # new user s11: never moved up into "Back to your match"
    assert config.earlier_match(replace(saved, earlier=("bad entry with spaces", "K9 tok 3-x"))) is None  # K9: no code
    assert config.earlier_match(replace(saved, earlier=("K9 tok 3-x", "K7QPA tok 3-x"))) == ("K7QPA", "tok", "")


def test_kept_entries_take_the_codes_and_tokens_the_wire_takes() -> None:
    """Left alone last session: an entry took any 8 letters or digits as a code and refused tokens over
    43 characters, where the saved token (and the ``joined`` frame) take up to 128."""
    entries = ("ABCDEFGH t0 -", "K7QPO t1 -", "K7QPA " + "t" * 129 + " 1-2", "K7QPB " + "t" * 128 + " 1-2",
               "K7QPC " + "u" * 44 + " 3-4")
    saved = Settings(earlier=entries)
    assert config.earlier_match(saved) == ("K7QPB", "t" * 128, "1-2")
    assert config.drop_match(saved).earlier == entries  # kept as read: earlier_matches() skips the bad ones


def test_going_back_to_an_earlier_match_keeps_the_hosted_ones_port() -> None:
    """Left alone last session: going back to an earlier kept match demoted the current one without its
    hosting port, so coming back to it later played it as a local table (friends' links dead)."""
    saved = config.keep_match(Settings(), "AAAAA", "ta")
    saved = replace(config.keep_match(saved, "BBBBB", "tb", 8765), resume_score="12-30")
    assert saved.earlier == ("AAAAA ta -",)
    back = config.back_to_earlier(saved)
    assert (back.resume_code, back.resume_token, back.resume_port, back.earlier) == \
        ("AAAAA", "ta", 0, ("BBBBB tb 12-30 8765",))
    again = config.back_to_earlier(back)
    assert (again.resume_code, again.resume_token, again.resume_score, again.resume_port, again.earlier) == \
        ("BBBBB", "tb", "12-30", 8765, ("AAAAA ta -",))
    dropped = config.drop_match(back)
    assert (dropped.resume_code, dropped.resume_port, dropped.earlier) == ("", 0, ("BBBBB tb 12-30 8765",))
    bad = Settings(earlier=("BBBBB tb 1-2 65536", "BBBBB tb 1-2 80x", "CCCCC tc 1-2 99999 1"))
    assert config.earlier_match(bad) is None
