"""A server restart does not take the window back a step (new user: killed at hand 4, the window came back to
"Hand 3 is over" and needed Continue again; while disconnected her hand and the line were not drawn, though the
README says the window keeps the table on screen). A real ``doublenine serve`` killed with SIGKILL and started
again on the same store (R22: a hand end the player has read stays read; D7: the seat comes back)."""
from __future__ import annotations

import signal
import time
from dataclasses import replace

import pytest
from robot import next_clicks
from ports import free_port
from test_reconnect import Serve, _config_in_tmp, _run, _scene  # noqa: F401 - the fixture is used

from doublenine.shared.state import Phase
from doublenine.shared.views import SeatView

pytest.importorskip("doublenine.server.app")


def _second_hand_under_way(scene):  # type: ignore[no-untyped-def]
    def done(state) -> bool:  # type: ignore[no-untyped-def]
        view = state.view
        if view is not None and scene.ui.seen_finished is not None and len(view.finished) > scene.ui.seen_finished:
            scene.ui = replace(scene.ui, seen_finished=len(view.finished))  # read, then Continue
            scene.dirty = True  # and drawn again, as Continue's click does (see _play_until_still)
        return view is not None and len(view.finished) >= 1 and view.phase is Phase.PLAY and len(view.line) >= 2
    return done


def _play_until_still(app, scene, until, timeout: float):  # type: ignore[no-untyped-def]
    """Step the window like a person until ``until(state)`` holds at this seat's turn to play with
    nothing of its own in flight (a state seen after the last click's seq): the match then waits for
    this seat, so nothing moves while the server is killed and restarted. (``_run`` stopped right after
    a click: the play still on its way could end the hand, and the table came back a hand further.)
    ``until`` marks a hand's end read behind the window's back: it must mark the scene dirty too, or the
    prompt under the hand's end (Review) is never drawn while nothing else moves, and the window ignores
    every click on a prompt not yet drawn (KEY_GUARD): the match waited for this seat for ever.
    It returns once the window draws that state too (client.pacing: the computers' plays before it are
    shown a beat each; CI of 12bb1e8 read the layout of a paced moment, one tile of the line's three)."""
    clicked_at = -1
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = scene.session.state
        view = state.view
        ready = until(state) and state.seq > clicked_at and isinstance(view, SeatView) \
            and view.phase is Phase.PLAY and view.turn == view.seat  # ``until`` first: it reads a hand's end
        if ready and not scene._pacer.behind:  # and the window shows it: no play still waiting its beat
            return
        events = next_clicks(scene) if state.connection == "connected" and not ready else []
        if events:
            clicked_at = state.seq
        app.step(events)
        time.sleep(0.01)
    state, view, panel = scene.session.state, scene.session.state.view, scene.layout().panel
    raise AssertionError(f"never this seat's turn in the second hand: {state.connection}, seq {state.seq} "
                         f"(clicked at {clicked_at}), phase {getattr(view, 'phase', None)}, turn "
                         f"{getattr(view, 'turn', None)}, {len(getattr(view, 'finished', ()))} finished, line "
                         f"{len(getattr(view, 'line', ()))}, panel {panel and panel.kind}, selected "
                         f"{scene.ui.selected}, seen {scene.ui.seen_finished}, clicks {next_clicks(scene)}, prompt fresh "
                         f"{not scene.settled()}, in flight {scene._in_flight}, failure {state.failure}")


def test_d7_r22_a_restart_keeps_the_hand_end_read_and_the_table_drawn(tmp_path) -> None:  # type: ignore[no-untyped-def]
    port, db = free_port(), tmp_path / "s.sqlite"
    server = Serve(db, port)
    scene, app = _scene(f"ws://127.0.0.1:{port}/")
    try:
        _play_until_still(app, scene, _second_hand_under_way(scene), 90)
        before = scene.session.state
        assert len(before.view.finished) >= 1 and scene.ui.seen_finished == len(before.view.finished)
        shown_before = scene.layout()
        server.end(signal.SIGKILL)
        lost = _run(app, scene, lambda s: s.connection == "lost", 5.0, play=False)[-1]
        assert lost.connection == "lost"
        lay = scene.layout()
        assert lay.banner is not None
        assert [h.tile for h in lay.hand] == [h.tile for h in shown_before.hand]  # her hand stays drawn
        assert len(lay.line.spots) == len(shown_before.line.spots) > 0  # and the line of play
        server = Serve(db, port)
        seen = _run(app, scene, lambda s: s.connection == "connected" and s.seq >= before.seq, 20, play=False)
        for _ in range(20):
            app.step([])
            time.sleep(0.02)
        back = scene.session.state
        assert back.connection == "connected" and back.view is not None
        assert back.seq == before.seq  # the match waited for this seat: the same place, not a step back
        assert scene.ui.seen_finished == len(back.view.finished) == len(before.view.finished)
        panel = scene.layout().panel
        assert panel is None or panel.kind != "reveal", [(s.connection, s.view and len(s.view.finished)) for s in seen]
    finally:
        scene.session.close(leave=False)
        server.end(signal.SIGKILL)
