"""Review: an open end's number (R15) was drawn over the ghost tile (R25) where the ghost filled the
square the next tile attaches to, hiding the ghost's pips (the README's own table screenshot showed
a 5 badge on the lifted 5-5). The badge now goes beside the attach square or the ghost, never on it,
and the Enter tag it pushes aside never lands on the line's tiles. Kind: a label placed over a tile
it hides (the open-number badge over a ghost, the Enter tag over a line tile).
"""
from __future__ import annotations

import pygame
import pytest
from client_helpers import synthetic_line, with_line

from doublenine.client.layout import compute_layout, legal_ends
from doublenine.client.local import LocalSession
from doublenine.client.render import enter_tag_place
from doublenine.client.store import ClientState
from doublenine.client.uistate import Ui
from doublenine.shared.moves import End, Play
from doublenine.shared.rules import legal_decisions, to_act
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase
from doublenine.shared.tiles import Tile

SIZES = ((800, 600), (1280, 800), (1920, 1080), (2560, 1440))


def _overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return pygame.Rect(a).colliderect(pygame.Rect(b))


def _readme_turn() -> ClientState:
    """The situation of docs/screenshots.py's table pictures: seed 2026, seat 1 to play on a line of 11+."""
    s = LocalSession(seed=2026, names=("José", "Zoë", "Ñandú", "Jose\u0301 Luis"))
    s.run_computers()
    for _ in range(2000):
        st = s.log.state
        if st.phase is Phase.PLAY and st.hand is not None and st.hand.turn is Seat.ONE and len(st.hand.line) >= 11 \
                and any(isinstance(m, Play) for m in legal_decisions(st, Seat.ONE)):
            return s.state
        if Seat.ONE in to_act(st):
            s.decide(legal_decisions(st, Seat.ONE)[0])
        else:
            s.run_computers()
    raise AssertionError("situation not reached")


@pytest.fixture(scope="module")
def readme_turn() -> ClientState:
    pygame.display.init()
    pygame.font.init()
    return _readme_turn()


def test_the_readme_screenshot_shows_the_5_beside_the_lifted_5_5(readme_turn: ClientState) -> None:
    ui = Ui(seen_finished=0, selected=Tile(5, 5), end=End.LEFT)
    lay = compute_layout(readme_turn, ui, (1280, 800))
    assert lay.ghosts[End.LEFT].rect == (294, 194, 56, 112)  # crosswise: it fills the attach square
    # the 5 right of the ghost (it lay at (294, 224), on the ghost's middle), the 4 flush with its end
    assert [(m.end, m.pips, m.rect) for m in lay.marks] == [(End.LEFT, 5, (357, 224, 53, 53)),
                                                            (End.RIGHT, 4, (816, 458, 53, 53))]


@pytest.mark.parametrize("size", SIZES)
def test_the_readme_table_keeps_numbers_and_enter_tag_off_every_tile(readme_turn: ClientState,
                                                                       size: tuple[int, int]) -> None:
    ui = Ui(seen_finished=0, selected=Tile(5, 5), end=End.LEFT)
    lay = compute_layout(readme_turn, ui, size)
    tiles = [sp.rect for sp in lay.line.spots] + [g.rect for g in lay.ghosts.values()]
    assert [m.pips for m in lay.marks] == [5, 4]
    for m in lay.marks:
        assert not any(_overlap(m.rect, t) for t in tiles), (size, m)
    tw, th = 2 * lay.font, lay.font + 8
    tag = (*enter_tag_place(lay, lay.ghosts[End.LEFT].rect, tw, th), tw, th)
    assert not any(_overlap(tag, t) for t in tiles + [m.rect for m in lay.marks]), (size, tag)


@pytest.mark.parametrize("size", SIZES)
def test_no_number_on_a_ghost_and_no_enter_tag_on_a_tile_for_any_line(turn: ClientState,
                                                                        size: tuple[int, int]) -> None:
    ghosted = tagged = 0
    for mode in ("right", "left", "alternate", "random"):
        for n in (1, 2, 3, 5, 8, 11, 13, 14, 15, 18, 24, 30):
            for seed in (0, 3, 7, 11):
                state = with_line(turn, synthetic_line(n, mode, seed))
                for tile in (t for t in sorted(state.view.hand) if legal_ends(state.view, t)):
                    for end in (None, *legal_ends(state.view, tile)):
                        lay = compute_layout(state, Ui(seen_finished=0, selected=tile, end=end), size)
                        ghosts = [g.rect for g in lay.ghosts.values()]
                        line = [sp.rect for sp in lay.line.spots]
                        for m in lay.marks:
                            assert not any(_overlap(m.rect, g) for g in ghosts), (mode, n, seed, tile, end, m)
                            ghosted += m.end in lay.ghosts
                        if lay.chosen is not None:
                            tw, th = 2 * lay.font, lay.font + 8
                            tag = (*enter_tag_place(lay, lay.ghosts[lay.chosen].rect, tw, th), tw, th)
                            assert not any(_overlap(tag, t) for t in line + [m.rect for m in lay.marks]), \
                                (mode, n, seed, tile, end, tag)
                            tagged += 1
    assert ghosted >= 100 and tagged >= 100  # many ends had a ghost in their attach square
