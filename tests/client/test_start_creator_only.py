"""Attacker s12 D1 in the window: only the table's creator may start it before every seat is taken.

A seat taken with ``join`` at someone else's table offers no "Start now" (the server would refuse it
``NOT_ENTITLED``); a window that sends it anyway (a creator's window after a restart, which cannot know)
is told why, not "Your team does not choose who leads this hand" (the code's sentence for R6)."""
from __future__ import annotations

from dataclasses import replace

from client_helpers import session_at

from doublenine.client.layout import compute_layout
from doublenine.client.net import NetClient, NetSession
from doublenine.client.panels import CREATOR_STARTS, CREATOR_WILL_START, status_line
from doublenine.client.store import reduce
from doublenine.client.text import tr
from doublenine.client.uistate import Ui
from doublenine.shared import protocol as p


def _lobby(**changes):  # type: ignore[no-untyped-def]
    state = replace(session_at(lambda st: True).state, started=False, table="X9P6Z", **changes)
    return state, compute_layout(state, Ui(seen_finished=0), (1280, 800)).panel


def test_d1_a_seat_taken_with_join_has_no_start_now() -> None:
    state, panel = _lobby(starts=False)
    assert panel.kind == "lobby" and [b.id for b in panel.buttons] == []
    assert [line[0] for line in panel.lines] == ["Share the table code {code} with your friends", CREATOR_WILL_START]
    assert tr("de", CREATOR_WILL_START) == \
        "Das Spiel beginnt, wenn alle Plätze besetzt sind oder wenn der Ersteller des Tisches es startet"


def test_the_creators_lobby_keeps_start_now() -> None:
    state, panel = _lobby()
    assert [b.id for b in panel.buttons] == ["start"]


def test_d1_only_a_join_takes_start_now_away() -> None:
    join = NetClient("ws://127.0.0.1:1/", p.Join(code="X9P6Z", name="Hostie"))
    create = NetClient("ws://127.0.0.1:1/", p.CreateTable(seats=(p.SeatSpec(kind="human"),) * 4, sit=1))
    rejoin = NetClient("ws://127.0.0.1:1/", p.Rejoin(code="X9P6Z", token="t"))
    assert [NetSession(c).state.starts for c in (join, create, rejoin)] == [False, True, True]


def test_d1_the_refusal_of_start_says_only_the_creator_starts() -> None:
    state, _ = _lobby()
    err = p.Error(code="NOT_ENTITLED",
                  detail="only the table's creator (seat 1) may start it before every human seat is taken")
    refused = reduce(state, err)
    assert refused.error == "CREATOR_STARTS"
    assert status_line(refused, Ui(seen_finished=0), "en") == (CREATOR_STARTS, {})
    assert CREATOR_STARTS == "Only the player who made this table can start it before every seat is taken"
    started = reduce(replace(state, started=True), err)  # R6's refusal once the match runs keeps its sentence
    assert started.error == "NOT_ENTITLED"
