"""Session 15 (s14 note, left alone): a late arrival who took a seat mid-hand sits at the next deal, but the
seat's card read "computer stands in" in every window (the one the computer stands in for, D7, a player who
handed the seat over). Kind: a seat's state named from fields that did not carry it. ``SeatW.waits`` now does,
and every place says it (shared/seatstate ``NEXT_DEAL``): "player: next hand" on the other windows'
card, "you: next hand" on the card of the window that took it; whole on the smallest window."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from client_helpers import my_turn_with_play, session_at

from doublenine.client.art import Art
from doublenine.client.layout import compute_layout
from doublenine.client.render import render
from doublenine.client.store import ClientState, reduce
from doublenine.client.typeset import watch
from doublenine.client.uistate import Ui
from doublenine.shared import protocol as p
from doublenine.shared.i18n import tr
from doublenine.shared.seatstate import SEAT_WORDS, YOU_NEXT_DEAL, SeatState
from doublenine.shared.views import view_for

LANGS = ("en", "fr", "pt", "de", "es")


def _table() -> p.TableW:
    """Seat 2 taken mid-hand by a late arrival (``waits``), seat 3 a computer, seat 4 handed over (D7)."""
    def seat(n: int, **fields: object) -> dict:
        return {"seat": n, "name": f"P{n}", "kind": "human", "level": "easy", "claimed": True, "connected": True,
                "computer_plays": False, **fields}
    seats = [seat(1), seat(2, connected=False, computer_plays=True, waits=True),
             seat(3, kind="computer", claimed=False, connected=False, computer_plays=True),
             seat(4, connected=False, computer_plays=True)]
    return p.TableW.model_validate({"code": "ABCDE", "seats": seats, "seeded": False, "started": True, "paused": False})


def _words(state: ClientState, lang: str, size: tuple[int, int]) -> list:
    pygame.display.init()
    pygame.font.init()
    ui = Ui(seen_finished=0)
    with watch() as seen:
        render(pygame.Surface(size), compute_layout(state, ui, size, lang), state, ui, Art(), lang)
    return list(seen)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)], ids=str)
@pytest.mark.parametrize("lang", LANGS)
def test_the_seat_taken_mid_hand_says_its_person_sits_at_the_next_hand(lang: str, size: tuple[int, int]) -> None:
    s = session_at(my_turn_with_play)
    seated = reduce(s.state, p.TableUpdate(table=_table()))
    assert seated.seat_states == (SeatState.PLAYER, SeatState.NEXT_DEAL, SeatState.COMPUTER, SeatState.STAND_IN)
    other, own, stand_in = (tr(lang, SEAT_WORDS[SeatState.NEXT_DEAL]), tr(lang, YOU_NEXT_DEAL),
                            tr(lang, SEAT_WORDS[SeatState.STAND_IN]))
    drawn = _words(seated, lang, size)  # seat 1's window: the late arrival is another person
    assert [d.text for d in drawn].count(other) == 1 and own not in [d.text for d in drawn]
    assert [d.text for d in drawn].count(stand_in) == 1  # seat 4 only: handed over
    assert not any(d.shortened for d in drawn if d.text == other), (lang, size)
    # the late arrival's own window: joined seat 2, watching (a spectator's view) until the next deal
    waiting = replace(reduce(seated, p.Joined(code="ABCDE", seat=2, token="t" * 32)),
                      view=view_for(s.log.state, None), watching=True)
    drawn = _words(waiting, lang, size)
    assert [d.text for d in drawn].count(own) == 1 and other not in [d.text for d in drawn]
    assert [d.text for d in drawn].count(stand_in) == 1
    assert not any(d.shortened for d in drawn if d.text == own), (lang, size)


def test_the_reported_words() -> None:
    assert [tr(lang, YOU_NEXT_DEAL) for lang in LANGS] == [
        "you: next hand", "vous : la suivante", "você: próxima mão",
        "Sie: nächste Runde", "tú: próxima mano"]
