"""s13 netplayer F5 (Low): the "{name} is disconnected" card lay over an open end's number.

Kind: a prompt moved clear of the line by area alone, an open end's pixel worth a placed tile's. The
prompt now weighs the open ends (their numbers and ghosts) OPEN_END_WEIGHT (20) times a tile, so it
leaves them in sight where the felt has a place that does."""
from __future__ import annotations

from dataclasses import replace

import pygame
from client_helpers import session_at, synthetic_line, with_line

from doublenine.client.layout import OPEN_END_WEIGHT, compute_layout
from doublenine.client.uistate import Ui
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase


def _overlap(a, b) -> bool:  # type: ignore[no-untyped-def]
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def test_the_disconnected_card_leaves_the_open_ends_in_sight() -> None:
    pygame.font.init()
    assert OPEN_END_WEIGHT == 20
    s = session_at(lambda st: st.phase is Phase.PLAY and st.hand.turn is Seat.ONE)
    covered = total = 0
    for n in range(1, 30, 2):
        for mode in ("snake", "straight", "random"):
            state = with_line(s.state, synthetic_line(n, mode, 3))
            for away in (Seat.TWO, Seat.THREE, Seat.FOUR):
                shown = replace(state, view=replace(state.view, turn=away), away=frozenset({away}))
                for size in ((800, 600), (1280, 800)):
                    lay = compute_layout(shown, Ui(), size)
                    if lay.panel is None or lay.panel.kind != "away":
                        continue
                    total += 1
                    hit = any(_overlap(lay.panel.rect, m.rect) for m in lay.marks)
                    covered += hit
                    if (n, mode, size) == (13, "snake", (1280, 800)):  # one the card covered an end in
                        assert not hit, away
    # 126 of 270 before s13, 54 until translator s17 F15: where no row of the felt clears the ends, the card
    # slides sideways to a side of one; the rest have no place at all that clears every end
    assert (covered, total) == (9, 270)


AWAY_WAIT_800 = {"en": (219, 164, 448, 95), "fr": (219, 146, 448, 114), "pt": (219, 146, 448, 114),
                 "de": (219, 164, 448, 95), "es": (219, 146, 448, 114)}


def test_translator_s17_f15_the_countdown_card_leaves_both_ends_in_sight() -> None:
    """Translator s17 F15: the away card's countdown version ("In 0:14 you can let the computer play for Ñandú",
    no button) kept the button's room empty and lay over the left end and its badge on the player's own turn at
    800x600 (the scenes catalog's own-turn table, a friend away at seat 3). Kinds: a panel sized for a button row
    it does not have (panels._needs ``buttons``); a prompt that could only move up or down (layout.clear_of_line
    now also slides it to a side of an open end)."""
    from scenes_catalog import table_states

    pygame.font.init()
    turn, ui = {name: (s, u) for name, s, u in table_states()}["own-turn"]
    shown, waiting = replace(turn, away=frozenset({Seat.THREE})), replace(ui, away_wait=((3, 14),))
    got = {}
    for lang in AWAY_WAIT_800:
        lay = compute_layout(shown, waiting, (800, 600), lang)
        assert lay.panel is not None and lay.panel.kind == "away" and lay.panel.buttons == ()
        got[lang] = lay.panel.rect
        assert [m.rect for m in lay.marks if _overlap(lay.panel.rect, m.rect)] == [], lang
    assert got == AWAY_WAIT_800
