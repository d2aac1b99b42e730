"""Issue 12 case 0: a second `doublenine play` window on the same game file joins the game
already running (it watches the first window's table) instead of starting a second server
on that SQLite file, which would resume the same table and play its computers twice."""
from __future__ import annotations

import time

import pytest

pytest.importorskip("doublenine.server.app")

from doublenine.client.launcher import make_launcher  # noqa: E402
from doublenine.client.scenes.start import Launch  # noqa: E402


ANA = Launch("create", "Ana", "en", level="easy", resume=True)
"""What each window of these tests is asked: a table for Ana, or hers resumed."""


def _game_file(tmp_path, monkeypatch) -> str:  # type: ignore[no-untyped-def]
    """The windows' game file (a SQLite path in ``tmp_path``), their settings kept beside it."""
    from doublenine.client import config

    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")
    return str(tmp_path / "play.sqlite")


def _wait_view(scene) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + 20
    while scene.session.state.view is None and time.monotonic() < deadline:
        scene.update(time.monotonic())
        time.sleep(0.01)


def test_a_second_window_on_the_same_game_file_watches_the_running_game(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from doublenine.client import config

    db = _game_file(tmp_path, monkeypatch)
    first_box: dict = {}
    second_box: dict = {}
    first = make_launcher("en", first_box, db=db)(ANA)
    try:
        _wait_view(first)
        code = first.session.state.table
        assert code and config.load().resume_code == code
        second = make_launcher("en", second_box, db=db)(ANA)
        _wait_view(second)
        assert "server" not in second_box  # no second server on that file
        assert second.session.state.table == code  # the game already running
        assert second.session.state.view is not None and second.session.state.view.seat is None  # watching
        assert first_box["server"].server.registry.tables[code].slots[1].conn is not None  # seat 1 kept
        assert config.load().resume_code == code
        second.session.client.close()
    finally:
        first.session.client.close()
        first_box["server"].stop()


def test_a_second_window_watching_a_finished_match_sits_nowhere(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """New user s11: the first window's match was over (its match-end panel up), the second window's spectate
    had the first attach's fallback (a new table), which the client sends when a snapshot shows a finished
    match: it sat at a new table AW4R3 under the banner "this window only watches FV9D4". Kind: one window
    doing two things by a race. The watching window has no fallback: it watches, or says why it cannot."""
    from doublenine.client import config, net

    db = _game_file(tmp_path, monkeypatch)
    first_box: dict = {}
    first = make_launcher("en", first_box, db=db)(ANA)
    try:
        _wait_view(first)
        code = first.session.state.table
        monkeypatch.setattr(net, "_over", lambda msg: True)  # every snapshot now shows a finished match
        second = make_launcher("en", {}, db=db)(ANA)
        _wait_view(second)
        registry = first_box["server"].server.registry
        assert (second.session.state.table, second.session.state.view.seat) == (code, None)
        assert sorted(registry.tables) == [code]  # no table made for the watching window
        assert (config.load().resume_code, second.asked_name, second.toast[0]) == (
            code, None, f"Table {code} is open in another doublenine window on this computer: this window only "
                        "watches it. Play, host and invite in that window.")
        second.session.client.close()
    finally:
        first.session.client.close()
        first_box["server"].stop()


def test_a_second_window_with_nothing_to_watch_says_so_and_makes_no_table(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The other half of one behaviour: the first window serves the game file but keeps no table this window
    could watch; the second one used to make a table on the first one's server and keep it as its match."""
    from doublenine.client import config
    from doublenine.shared.failures import FailureError

    db = _game_file(tmp_path, monkeypatch)
    first_box: dict = {}
    first = make_launcher("en", first_box, db=db, remember=False)(Launch("create", "Ana", "en", level="easy"))
    try:
        _wait_view(first)
        with pytest.raises(FailureError) as refused:
            make_launcher("en", {}, db=db)(ANA)
        assert refused.value.key == "window.other_plays"
        assert refused.value.failure.text("fr") == (
            "doublenine est déjà ouvert dans une autre fenêtre sur cet ordinateur, et aucune table n’y est gardée "
            "que cette fenêtre pourrait regarder. Jouez dans cette fenêtre-là, ou fermez-la et recommencez.")
        assert sorted(first_box["server"].server.registry.tables) == [first.session.state.table]
        assert config.load().resume_code == ""
    finally:
        first.session.client.close()
        first_box["server"].stop()


def test_s11_round2_a_second_window_while_the_first_is_at_its_start_screen_says_nobody_is_there(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """New user s11 round 2 item 11: the first window back at its start screen (its seat disconnected, its
    server running), a second window said "Table X is open in another doublenine window" and showed the
    table waiting for its own player. It says what the table shows: nobody from this computer is there."""
    from doublenine.client.launcher import watching_said

    db = _game_file(tmp_path, monkeypatch)
    first_box: dict = {}
    first = make_launcher("en", first_box, db=db)(ANA)
    try:
        _wait_view(first)
        code = first.session.state.table
        first.session.client.close()  # Back to the start screen: the seat kept, nobody at it
        table = first_box["server"].server.registry.tables[code]
        deadline = time.monotonic() + 20
        while table.slots[1].conn is not None and time.monotonic() < deadline:
            time.sleep(0.02)
        second = make_launcher("en", {}, db=db)(ANA)
        _wait_view(second)
        second.update(time.monotonic())
        state = second.session.state
        assert (state.table, state.view.seat, state.humans, state.away) == (code, None, {1}, {1})
        assert second.toast[0] == (
            f"Nobody from this computer is at table {code}: the other doublenine window keeps it but is not at it "
            "(its start screen takes the seat back: Back to your match). This window only watches it.")
        assert watching_said(state, code, "de").startswith(f"Niemand von diesem Computer sitzt an Tisch {code}:")
        second.session.client.close()
    finally:
        first_box["server"].stop()
