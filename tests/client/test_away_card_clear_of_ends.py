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
    assert (covered, total) == (54, 270)  # 126 of 270 before: a felt with no free row keeps the rest
