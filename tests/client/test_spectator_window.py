"""A spectator's window (D8) from its first frame, and the connecting state said once, calmly.

Tester finding: ``play --spectate`` showed "Connecting…" twice (a red banner, the look of an error,
and the status line) with Restart/Undo/Redo and the key help's "H hint" of a seat, until the first
snapshot said it had none. Kinds: a normal state drawn as an alarm and said twice; seat-only controls
and hints offered to a window that has no seat (before its view arrives, or by a server's hint reply).
"""
from __future__ import annotations

import os
import time
from dataclasses import replace

import pygame
import pytest
from client_helpers import my_turn_with_play, session_at

from doublenine.client.art import Art
from doublenine.client.footer import HELP, HELP_MORE, WATCHING
from doublenine.client.layout import compute_layout
from doublenine.client.net import NetClient, NetSession, watches
from doublenine.client.render import render
from doublenine.client.store import ClientState, reduce, spectating
from doublenine.client.text import tr
from doublenine.client.typeset import watch
from doublenine.client.uistate import Ui
from doublenine.shared import protocol as p
from doublenine.shared.convert import decision_w
from doublenine.shared.moves import Pass
from doublenine.shared.seats import Seat
from doublenine.shared.views import view_for

LANGS = ("en", "fr", "pt", "de", "es")
SEATS = tuple(p.SeatSpec(kind=k) for k in ("human", "computer", "computer", "computer"))


def _drawn(state: ClientState, lang: str, size: tuple[int, int] = (800, 600)) -> tuple[object, list[str]]:
    """The layout of ``state`` and every text the painter drew for it."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    lay = compute_layout(state, Ui(), size, lang)
    with watch() as seen:
        render(pygame.Surface(size), lay, state, Ui(), Art(), lang)
    return lay, [d.text for d in seen]


def test_d8_attaching_without_a_seat_is_known_before_any_view() -> None:
    assert watches(p.Spectate(code="KQ7PA")) is True
    assert watches(p.CreateTable(seats=SEATS, sit=None)) is True
    assert watches(p.CreateTable(seats=SEATS, sit=1)) is False
    assert watches(p.Join(code="KQ7PA")) is False
    assert watches(p.Rejoin(code="KQ7PA", token="t" * 32)) is False
    assert spectating(ClientState(watching=True)) is True
    assert spectating(ClientState()) is False


@pytest.mark.parametrize("lang", LANGS)
def test_d8_a_connecting_spectator_is_offered_no_seat_control_and_no_hint(lang: str) -> None:
    lay, texts = _drawn(ClientState(connection="connecting", watching=True), lang)
    assert [b.id for b in lay.buttons] == ["leave", "ledger", "rules", "sound"]  # no Restart, Undo, Redo
    assert " · ".join(lay.help) == " · ".join(tr(lang, k) for k in (WATCHING, *HELP_MORE))  # M, C, S act for it
    assert not [t for t in texts if len(t) > 10 and t in tr(lang, HELP)]  # no row of the seat's keys ("H hint")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("watching", [True, False])
def test_connecting_is_said_once_and_not_as_an_alarm(lang: str, watching: bool) -> None:
    lay, texts = _drawn(ClientState(connection="connecting", watching=watching), lang)
    assert lay.banner is None  # the red banner is for a lost connection only
    assert texts.count(tr(lang, "Connecting…")) == 1  # the status line, once


@pytest.mark.parametrize("lang", LANGS)
def test_a_lost_connection_keeps_its_banner(lang: str) -> None:
    s = session_at(my_turn_with_play)
    lay, texts = _drawn(replace(s.state, connection="lost"), lang)
    assert lay.banner is not None
    assert texts.count(tr(lang, "Connection lost: reconnecting…")) == 1
    assert tr(lang, "Connecting…") not in texts


def test_r25_a_hint_reply_reaches_a_seat_but_never_a_spectator() -> None:
    s = session_at(my_turn_with_play)
    seat = replace(s.state, hint=None)
    reply = p.HintReply(seq=seat.seq, decision=decision_w(Pass(Seat.ONE)))
    assert reduce(seat, reply).hint == Pass(Seat.ONE)
    watcher = replace(seat, view=view_for(s.log.state, None))
    assert reduce(watcher, reply) is watcher  # a hostile or mistaken server cannot make it preview one
    before = ClientState(connection="connecting", watching=True, seq=seat.seq)
    assert reduce(before, reply) is before


def test_a_real_spectators_session_watches_from_its_first_state(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from doublenine.client.embedded import EmbeddedServer

    server = EmbeddedServer(db=str(tmp_path / "t.sqlite"), bot_delay=0.0)
    url = server.start()
    sessions: list[NetSession] = []
    try:
        host = NetSession(NetClient(url, p.CreateTable(seats=SEATS, sit=1, name="Ana")).start())
        sessions.append(host)
        assert not spectating(host.state)
        deadline = time.monotonic() + 15
        while not host.state.table and time.monotonic() < deadline:
            host.pump()
            time.sleep(0.02)
        rail = NetSession(NetClient(url, p.Spectate(code=host.state.table)).start())
        sessions.append(rail)
        assert rail.state.view is None and spectating(rail.state)  # before the server said anything
        while rail.state.view is None and time.monotonic() < deadline:
            rail.pump()
            time.sleep(0.02)
        assert rail.state.view is not None and rail.state.view.seat is None and spectating(rail.state)
    finally:
        for s in sessions:
            s.close(leave=False)
        server.stop()


@pytest.mark.parametrize("lang", LANGS)
def test_f1_a_seat_taken_mid_hand_says_it_plays_from_the_next_hand_and_offers_no_other_seat(lang: str) -> None:
    """Attacker s14 F1: a window that joined seat 2 mid-hand gets ``joined`` seat 2 and a spectator's
    snapshot (no hand): it watches, says "You play from the next hand: until then you watch", and J
    offers no seat (its own is reserved)."""
    from doublenine.client.footer import NEXT_HAND, key_help

    state = reduce(ClientState(connection="connecting"), p.Joined(code="KQ7PA", seat=2, token="t" * 32))
    assert (state.next_seat, spectating(state)) == (2, False)
    waiting = replace(state, watching=True)
    more = [tr(lang, k) for k in HELP_MORE]  # M, C, S act for it (s14 left alone: not named)
    assert key_help(waiting, None, "sit", lang) == " · ".join([tr(lang, NEXT_HAND), *more])
    assert key_help(replace(waiting, next_seat=None), None, "table", lang) == " · ".join([tr(lang, WATCHING), *more])
    assert tr("en", NEXT_HAND) == "You play from the next hand: until then you watch"
