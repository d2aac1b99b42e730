"""New user: Leave at a local match (you and three computers) gave the seat up and the start screen had
no way back; the next start made a new table at 0-0. Now Leave keeps the seat of a match where you are the
only human (D7) and the start screen offers "Back to your match (A-B)"; with other humans Leave warns first."""
from __future__ import annotations


import pytest

pytest.importorskip("doublenine.server.app")

from doublenine.client import config  # noqa: E402
from doublenine.client.app import App  # noqa: E402
from doublenine.client.cli import make_launcher  # noqa: E402
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


def test_a_finished_kept_match_is_no_longer_offered_and_the_earlier_one_comes_back(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Left alone last session: the start screen's "Back to your match" outlived its match's end."""
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
    assert (saved.resume_code, saved.resume_token, saved.resume_port, saved.earlier) == ("AAAAA", "ta", 0, ())
    start = StartScene(saved, lambda launch: None)
    assert (start.form.resume, start.form.earlier) == ("", None)
