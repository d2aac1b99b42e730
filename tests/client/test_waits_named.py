"""New user s12 item 4 (F22): "Waiting for Player for 0:27 [Nudge]" lay under East's plate while the awaited
Player sat top-centre, and "Waiting for the others to look at their hands" named nobody (and no card came)
while Zoe alone was still reading. Kind: a waiting text that does not say, or seems to say, whom it waits
for. A card is placed, of the places hiding as little, where its nearest plate is its seat's (else a line
joins them where one crosses nothing); in the review, once this seat answered, the other players seated
are named (the computers answer at once; who answered stays private, R10) and one alone gets the card."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from doublenine.client.layout import compute_layout
from doublenine.client.local import LocalSession
from doublenine.client.panels import status_line
from doublenine.client.text import say
from doublenine.client.uistate import Ui
from doublenine.client.waiting import awaited_seat, nearest_plate, still_looking, wait_card
from doublenine.shared.moves import Review
from doublenine.shared.rules import legal_decisions, to_act
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase

NAMES = ("Player", "East", "Zoe", "West")
HUMANS = frozenset({Seat.ONE, Seat.THREE})


def _zoe(review: bool):  # type: ignore[no-untyped-def]
    """Zoe's window (seat 3) at a table where Player (seat 1, her partner: top-centre) is the other human:
    the opening draw waiting for Player to draw, or the review after Zoe accepted her hand."""
    pygame.display.init()
    pygame.font.init()
    s = LocalSession(seed=2026, seat=Seat.THREE, names=NAMES, humans=HUMANS)
    s.run_computers()
    for _ in range(50):
        st = s.log.state
        if not review or st.phase is Phase.REVIEW:
            break
        s.log.submit(legal_decisions(st, min(to_act(st) & HUMANS))[0])
        s.run_computers()
    if review:
        s.log.submit(Review(Seat.THREE, False))
        s.run_computers()
    s._refresh()  # type: ignore[attr-defined]
    return replace(s.state, table="ZW668", computers=frozenset({Seat.TWO, Seat.FOUR}), humans=HUMANS)


def test_the_wait_card_of_the_f22_draw_lies_nearest_the_awaited_plate() -> None:
    state = _zoe(review=False)
    ui = Ui(seen_finished=0)
    lay = compute_layout(state, ui, (1024, 768))
    card = wait_card(state, lay, 72.0, True, ui, "en")
    player = next(s.plate for s in lay.seats if s.seat is Seat.ONE)
    east = next(s.plate for s in lay.seats if s.seat is Seat.TWO)
    assert card is not None and card.rect == (763, 169, 243, 105)  # the report: under East's plate
    assert nearest_plate(lay, card.rect) == player != east


def test_the_review_names_whom_it_waits_for_and_shows_their_card() -> None:
    state = _zoe(review=True)
    assert state.view.phase is Phase.REVIEW and state.view.answered
    assert still_looking(state) == (Seat.ONE,) and awaited_seat(state) is Seat.ONE
    assert [say(lang, *status_line(state, Ui(), lang)) for lang in ("en", "fr")] == [
        "Waiting for Player to look at their hand", "En attente que Player regarde son jeu"]
    ui = Ui(seen_finished=0, seen_draw=(1, 1))
    lay = compute_layout(state, ui, (800, 600))
    early, late = (wait_card(state, lay, t, True, ui, "en") for t in (20.0, 75.0))
    assert early is not None and late is not None
    assert [b.id for b in early.buttons] == [] and [b.id for b in late.buttons] == ["handover:1"]  # no nudge (R10)
    assert late.rect == (371, 129, 243, 70)
    assert nearest_plate(lay, late.rect) == next(s.plate for s in lay.seats if s.seat is Seat.ONE)


@pytest.mark.parametrize("others, said", [
    (frozenset({Seat.ONE, Seat.THREE, Seat.TWO}), "Waiting for Player and East to look at their hands"),
    (frozenset({Seat.THREE}), "Waiting for the others to look at their hands")])
def test_several_or_no_other_players_in_the_review(others, said) -> None:  # type: ignore[no-untyped-def]
    state = replace(_zoe(review=True), humans=others, computers=frozenset(set(Seat) - others))
    assert say("en", *status_line(state, Ui(), "en")) == said
    assert awaited_seat(state) is None
