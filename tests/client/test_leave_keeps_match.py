"""New user: Leave at a local match (you and three computers) gave the seat up and the start screen had
no way back; the next start made a new table at 0-0. Now Leave keeps the seat of a match where you are the
only human (D7) and the start screen offers "Back to your match (A-B)"; with other humans Leave warns first."""
from __future__ import annotations


import pytest

pytest.importorskip("doublenine.server.app")

from doublenine.client import config  # noqa: E402
from doublenine.client.app import App  # noqa: E402
from doublenine.client.launcher import make_launcher  # noqa: E402
from doublenine.client.scenes.start import Launch, StartScene  # noqa: E402
from doublenine.shared.seats import Seat  # noqa: E402
from sessionkit import update_until  # noqa: E402


def test_d7_leave_at_a_local_match_keeps_the_seat_and_the_start_screen_goes_back(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")
    box: dict = {}
    launcher = make_launcher("en", box, db=str(tmp_path / "play.sqlite"))
    start = StartScene(config.load(), launcher)
    app = App(start, (1280, 800))
    try:
        table = launcher(Launch("create", "Ana", "en", level="easy", resume=True))
        app.push(table)
        update_until(table, lambda: table.session.state.view is not None and config.load().resume_code)
        code = table.session.state.table
        assert start.form.resume is None or start.form.resume == ""
        a, b = table.session.state.view.scores
        app.apply(table._leave_table())  # the Leave button's command
        assert app.stack == [start]
        registry = box["server"].server.registry
        update_until(start, lambda: registry.tables[code].slots[1].conn is None)
        assert registry.tables[code].slots[1].token_hash is not None  # not given up: the seat waits (D7)
        assert start.form.resume == f"{a}-{b}"
        change = start.click_id("resume")
        assert change is not None and change.kind == "push"
        back = change.scene
        update_until(back, lambda: back.session.state.view is not None)
        assert (back.session.state.table, back.session.state.view.seat) == (code, Seat.ONE)
        back.session.client.close()
    finally:
        box["server"].stop()


def test_leave_with_another_human_at_the_table_warns_before_giving_the_seat_up() -> None:
    from dataclasses import replace

    from client_helpers import my_turn_with_play, session_at

    from doublenine.client.scenes.table import TableScene
    session = session_at(my_turn_with_play)
    session.state = replace(session.state, humans=frozenset({Seat.ONE, Seat.THREE}), table="K7QPA")
    scene = TableScene(session)
    assert scene._leave_table() is None  # the first Leave only says what it will do
    assert scene.toast is not None and "seat" in scene.toast[0]
    change = scene._leave_table()
    assert change is not None and change.kind == "pop" and scene._leave is True


def test_last_user_s16_f5_a_seat_held_for_the_next_hand_warns_before_it_is_given_up() -> None:
    """Last user s16 F5: Zoe, back at her seat "you: next hand" (watching until the next deal through a
    spectator's view), lost it with one Leave press and no warning, as no seat was seen as hers."""
    from dataclasses import replace

    from client_helpers import my_turn_with_play, session_at

    from doublenine.client.scenes.table import TableScene
    from doublenine.shared.views import view_for
    session = session_at(my_turn_with_play)
    watching = view_for(session.log.state, None)  # the spectator's view a late arrival watches through
    session.state = replace(session.state, view=watching, next_seat=3, watching=True,
                            humans=frozenset({Seat.ONE, Seat.THREE}), table="K7QPA")
    scene = TableScene(session)
    assert scene._leave_table() is None  # the first Leave only says what it will do
    assert scene.toast is not None and scene.toast[0].startswith("Leave gives your seat up")
    change = scene._leave_table()
    assert change is not None and change.kind == "pop" and scene._leave is True


def test_a_finished_kept_match_is_no_longer_offered_and_the_earlier_one_stays_earlier(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Left alone last session: the start screen's "Back to your match" outlived its match's end. New user
    s11: the earlier match is offered as one ("Earlier match"), never as "Back to your match"."""
    from dataclasses import replace

    from client_helpers import my_turn_with_play, session_at

    from doublenine.client.scenes.table import TableScene
    from doublenine.shared.state import Phase
    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")
    config.save(config.keep_match(config.keep_match(config.Settings(), "AAAAA", "ta"), "K7QPA", "tk"))
    session = session_at(my_turn_with_play)
    session.state = replace(session.state, table="K7QPA", view=replace(session.state.view, phase=Phase.MATCH_OVER,
                                                                         scores=(104, 37)))
    scene = TableScene(session)
    scene.close()  # the window closed on the match's end (no Leave): the seat would wait, but for nothing
    saved = config.load()
    assert (saved.resume_code, saved.resume_token, saved.resume_port, saved.earlier) == ("", "", 0, ("AAAAA ta -",))
    start = StartScene(saved, lambda launch: None)
    assert (start.form.resume, start.form.earlier) == (None, "")


# Kind: a Leave that loses the player's match without a word. A table made on another server (`doublenine
# play --server URL`, three computers) went at one Leave, and its seat token was forgotten: nothing offered
# that match again (only this window's own tables are kept, config.keep_match). Now the first Leave says so,
# in the player's language, and the second gives the seat up, as it says. A real server on loopback.
def _remote_table(server_url: str, lang: str, kinds: tuple[str, str, str, str]):  # type: ignore[no-untyped-def]
    from doublenine.client.input import Viewport
    from doublenine.client.scenes.lan_host import HostedTable

    box: dict = {}
    launcher = make_launcher(lang, box)
    start = StartScene(config.load(), launcher)
    app = App(start, (1280, 800))
    hosted = launcher(Launch("create", "Ana", lang, server_url, level="easy", kinds=kinds))
    assert isinstance(hosted, HostedTable)  # what `play --server URL` opens
    app.push(hosted)
    hosted.resize(Viewport((1280, 800), (1280, 800)))
    update_until(hosted, lambda: hosted.table.session.state.view is not None and bool(hosted.code))
    return app, start, hosted


def _leave_click(scene):  # type: ignore[no-untyped-def]
    import pygame
    x, y, w, h = next(b.rect for b in scene.table.layout().buttons if b.id == "leave")
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x + w // 2, y + h // 2), button=1, touch=False)


@pytest.mark.usefixtures("own_folders")
@pytest.mark.parametrize("lang, said", [
    ("en", "Leave gives your seat up: you cannot come back to this match. Press Leave again to go."),
    ("fr", "Quitter libère votre place\u00a0: vous ne pourrez plus revenir à cette partie. "
           "Appuyez encore sur Quitter pour partir."),
])
def test_leave_at_another_servers_table_with_computers_says_the_match_is_lost_first(
        tmp_path, lang: str, said: str) -> None:  # type: ignore[no-untyped-def]
    from doublenine.client.embedded import EmbeddedServer

    server = EmbeddedServer(db=str(tmp_path / "remote.sqlite"), bot_delay=0.0)
    server.start()
    try:
        app, start, hosted = _remote_table(server.url, lang, ("human", "computer", "computer", "computer"))
        code = hosted.code
        assert app.apply(hosted.handle(_leave_click(hosted))) is None and app.stack == [start, hosted]
        assert hosted.table.toast is not None and hosted.table.toast[0] == said
        app.apply(hosted.handle(_leave_click(hosted)))  # within the message's time: it goes
        assert app.stack == [start]
        slot = server.server.registry.tables[code].slots[1]
        update_until(start, lambda: slot.conn is None)
        assert slot.token_hash is None  # given up, as said: no seat held for a player with no way back
        assert (config.load().resume_code, start.form.resume) == ("", None)  # nothing false offered
    finally:
        server.stop()


@pytest.mark.usefixtures("own_folders")
def test_leave_at_another_servers_table_with_a_friend_gives_the_seat_up_as_it_warned(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The same kind: the warning said "the others play on without you", then the seat stayed held (the
    host's keep-the-seat rule, meant for this window's own server), so the friend waited for nobody (D7)."""
    from doublenine.client.embedded import EmbeddedServer
    from doublenine.client.net import NetClient, NetSession
    from doublenine.shared import protocol as p
    from sessionkit import pump_until

    server = EmbeddedServer(db=str(tmp_path / "remote.sqlite"), bot_delay=0.0)
    server.start()
    friend = None
    try:
        app, start, hosted = _remote_table(server.url, "en", ("human", "human", "computer", "computer"))
        friend = NetClient(server.url, p.Join(code=hosted.code, seat=None, name="Zoë")).start()
        pump_until(NetSession(friend), lambda s: s.view is not None and s.view.seat is not None)
        state = lambda: hosted.table.session.state  # noqa: E731
        update_until(hosted, lambda: state().humans - state().free == {Seat.ONE, Seat.TWO})  # Zoë sat down
        assert hosted.handle(_leave_click(hosted)) is None
        assert hosted.table.toast is not None and "the others play on without you" in hosted.table.toast[0]
        app.apply(hosted.handle(_leave_click(hosted)))
        assert app.stack == [start]
        slot = server.server.registry.tables[hosted.code].slots[1]
        update_until(start, lambda: slot.conn is None)
        assert slot.token_hash is None  # given up: the computer plays seat 1 for the friend
    finally:
        if friend is not None:
            friend.close()
        server.stop()


@pytest.mark.usefixtures("own_folders")
def test_closing_the_window_at_another_servers_table_keeps_the_seat_and_joining_again_takes_it_back(
        tmp_path) -> None:  # type: ignore[no-untyped-def]
    """D7, the same kind (a match lost without a word): closing the window at a table made on another server
    left the seat held for a token nothing kept, and joining that table again was refused "Table ... is
    full". The window keeps that seat's token with the server and table it remembers; Leave forgets it."""
    from doublenine.client.embedded import EmbeddedServer
    from doublenine.client.scenes.base import Change

    server = EmbeddedServer(db=str(tmp_path / "remote.sqlite"), bot_delay=0.0)
    server.start()
    try:
        app, start, hosted = _remote_table(server.url, "en", ("human", "computer", "computer", "computer"))
        code = hosted.code
        update_until(hosted, lambda: config.held_seat(config.load(), server.url, code) != "")
        app.apply(Change("quit"))  # the window closed: the seat waits (D7)
        slot = server.server.registry.tables[code].slots[1]
        update_until(start, lambda: slot.conn is None)
        assert slot.token_hash is not None and (config.load().server, config.load().table) == (server.url, code)
        launcher = make_launcher("en", {})
        back = launcher(Launch("join", "Ana", "en", server.url, code))  # `play --server URL --table CODE`
        app = App(start, (1280, 800))
        app.push(back)
        update_until(back, lambda: back.session.state.view is not None)
        assert (back.session.state.table, back.session.state.view.seat) == (code, Seat.ONE)
        app.apply(back._leave_table())  # the first Leave says the match would be lost
        assert back.toast is not None and app.stack == [start, back]
        app.apply(back._leave_table())
        assert app.stack == [start] and config.load().held == ()  # given up: nothing to come back to
        update_until(start, lambda: slot.conn is None)
        assert slot.token_hash is None
    finally:
        server.stop()


@pytest.mark.usefixtures("own_folders")
def test_f5_watching_another_table_on_the_same_server_keeps_the_seat_held_at_the_first(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """D7, attacker F5: the window kept one seat token, emptied as soon as it joined or watched another
    table of the same server; the next join of the first table took a new seat (at a full table: "Table ... is
    full") while the old one stayed held for a token nothing kept. Seats are now kept per server and table."""
    import time

    from doublenine.client.embedded import EmbeddedServer
    from doublenine.client.net import NetClient, NetSession
    from doublenine.client.scenes.base import Change
    from doublenine.shared import protocol as p

    server = EmbeddedServer(db=str(tmp_path / "remote.sqlite"), bot_delay=0.0)
    server.start()
    other = None
    try:
        app, start, hosted = _remote_table(server.url, "en", ("human", "computer", "computer", "computer"))
        code = hosted.code
        update_until(hosted, lambda: config.load().table == code)
        app.apply(Change("quit"))
        slot = server.server.registry.tables[code].slots[1]
        update_until(start, lambda: slot.conn is None)
        seats = (p.SeatSpec(kind="computer"),) * 4  # a friend's table, nobody seated there
        other = NetClient(server.url, p.CreateTable(seats=seats, language="en")).start()
        friend = NetSession(other)
        deadline = time.monotonic() + 10
        while not friend.state.table and time.monotonic() < deadline:
            friend.pump()
            time.sleep(0.01)
        launcher = make_launcher("en", {})
        watch = launcher(Launch("watch", "Ana", "en", server.url, friend.state.table))  # `--table B --spectate`
        app = App(start, (1280, 800))
        app.push(watch)
        update_until(watch, lambda: config.load().table == friend.state.table)
        app.apply(Change("quit"))
        back = launcher(Launch("join", "Ana", "en", server.url, code))  # `--table A` again
        app = App(start, (1280, 800))
        app.push(back)
        update_until(back, lambda: back.session.state.view is not None)
        assert (back.session.state.table, back.session.state.view.seat) == (code, Seat.ONE)
        assert server.server.registry.tables[code].slots[2].token_hash is None  # no second seat taken
        back.session.client.close()
    finally:
        if other is not None:
            other.close()
        server.stop()
