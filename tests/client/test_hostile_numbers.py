"""Attacker finding, client side (defence in depth behind shared/wire.py's bounds): numbers from a
server are clamped before the window computes or draws with them. ``waited: inf`` raised
OverflowError in the table scene's ``int()``; ``counts: [10**9]*4`` built 10**9 tile backs."""
from __future__ import annotations

from dataclasses import replace

import pygame

from doublenine.client.art import Art
from doublenine.client.layout import compute_layout
from doublenine.client.net import NetClient, NetSession
from doublenine.client.scenes.talk import TableTalk
from doublenine.client.store import ClientState, seconds
from doublenine.client.uistate import Ui
from doublenine.shared import protocol as p
from doublenine.shared.convert import view_to_wire
from doublenine.shared.seats import Seat
from doublenine.shared.views import view_for
from doublenine.shared.wire import MAX_SECONDS

from client_helpers import my_turn_with_play, session_at
from test_hostile_server import TABLE, _at_play


def test_seconds_are_finite_and_within_bounds() -> None:
    assert [seconds(v) for v in (float("inf"), float("-inf"), float("nan"), -3.0, 2.5, 1e300)] == \
        [MAX_SECONDS, 0.0, 0.0, 0.0, 2.5, MAX_SECONDS]


def test_a_snapshot_waiting_forever_keeps_the_window() -> None:
    """The attacker's waited_inf, past the schema (as a model built without validation)."""
    pygame.font.init()
    log = _at_play()
    view = p.ViewW.model_validate(view_to_wire(view_for(log.state, Seat.ONE)))
    table = p.TableW.model_validate(TABLE)
    session = NetSession(NetClient("ws://127.0.0.1:9/", p.Spectate(code="KQ7PX")), ClientState())
    session.client.inbox.put(p.Snapshot.model_construct(seq=7, view=view, table=table, waited=float("inf")))
    session.pump()
    assert session.state.wait[1] == MAX_SECONDS
    talk = TableTalk("en", Art(), remember=False)
    talk.update(replace(session.state, wait=(5, float("inf"))), 100.0)  # raised OverflowError
    assert talk.waited() == MAX_SECONDS


def test_tile_counts_beyond_a_hand_draw_at_most_ten_backs() -> None:
    s = session_at(my_turn_with_play)
    state = replace(s.state, view=replace(s.state.view, counts=(10**4,) * 4))
    spots = compute_layout(state, Ui(), (1280, 800)).seats
    assert sorted(len(spot.backs) for spot in spots) == [0, 10, 10, 10]  # the viewer's own hand: no backs
