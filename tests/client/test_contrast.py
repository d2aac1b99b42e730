"""s14 access F5/F9/F14: marks a player must read fell under WCAG contrast. Kind: a meaningful mark under 3:1
(text under 4.5:1). The ratios are computed here (client/palette.contrast, WCAG 2.x) for the colours the code
draws with: the ledger's played tiles (grey digits on a grey face, 1.73:1) are hollow with light digits; the hand's
tiles that do not fit are no longer dimmed (their pips fell to 2.3:1), the playable ones are ringed; a keyboard
focus on a tile that does not fit gets the gold focus ring (only its digit turned gold: 1.02:1)."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from scenes_catalog import table_scene, table_states

from doublenine.client.art import FELT_CENTRE, FELT_EDGE, GOLD, IVORY_BOTTOM, IVORY_TOP, PIP, PIP_COLOURS
from doublenine.client.focus import ring_rect
from doublenine.client.overlays.paint import PLAYED_EDGE
from doublenine.client.overlays.text import PANEL, TEXT, TILE_FACE, TILE_INK
from doublenine.client.palette import PLAYABLE_RING, contrast, over


def test_the_reported_ledger_case_and_its_fix() -> None:
    old_face = tuple(c // 2 + 40 for c in TILE_FACE)
    assert round(contrast((120, 120, 110), old_face), 2) == 1.73  # F5 as measured
    assert round(contrast(TEXT, PANEL), 2) == 11.31  # a played tile's digits now (text: >= 4.5)
    assert round(contrast(TILE_INK, TILE_FACE), 2) == 14.89  # a held tile's
    assert contrast(PLAYED_EDGE, PANEL) >= 3  # the played tile's frame: a mark
    assert contrast(TILE_FACE, PANEL) >= 3  # held (filled) against played (hollow): the fill tells them apart


def test_the_reported_dimmed_pip_case() -> None:
    """F9: the olive 3 on a dimmed face was 2.3:1 (the plate (10, 20, 16) at 110 over the tile)."""
    dim = ((10, 20, 16), 110)
    assert round(contrast(over(PIP_COLOURS[3], *dim), over(IVORY_BOTTOM, *dim)), 2) == 2.28


@pytest.mark.parametrize("n", sorted(PIP_COLOURS))
def test_every_pip_colour_holds_3_to_1_on_the_face_it_is_drawn_on(n: int) -> None:
    assert min(contrast(PIP_COLOURS[n], face) for face in (IVORY_TOP, IVORY_BOTTOM)) >= 3.0
    assert contrast(PIP, IVORY_BOTTOM) >= 4.5


@pytest.mark.parametrize("felt", [FELT_CENTRE, FELT_EDGE])
def test_the_playable_ring_and_the_focus_ring_stand_out_of_the_felt(felt: tuple[int, int, int]) -> None:
    assert contrast(PLAYABLE_RING, felt) >= 3.0
    assert contrast(GOLD, felt) >= 3.0


@pytest.fixture(scope="module")
def own_turn():  # type: ignore[no-untyped-def]
    pygame.display.init()
    pygame.font.init()
    return next((state, ui) for name, state, ui in table_states() if name == "own-turn")


def test_a_tile_that_does_not_fit_keeps_its_face_and_its_focus_is_ringed(own_turn) -> None:  # type: ignore[no-untyped-def]
    state, ui = own_turn
    scene = table_scene(state, ui, "en", (1280, 800))
    lay = scene.layout()
    i = next(k for k, ht in enumerate(lay.hand) if not ht.playable)
    scene.ui = replace(scene.ui, focus=i)
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    x, y, w, h = lay.hand[i].rect
    assert surface.get_at((x + w // 2, y + 3))[:3] == IVORY_TOP[:3] or \
        contrast(surface.get_at((x + w // 2, y + 3))[:3], IVORY_TOP) < 1.1  # not greyed (was (137, 137, 123))
    rx, ry, rw, rh = ring_rect(lay.hand[i].rect)
    assert surface.get_at((rx + rw // 2, ry))[:3] == GOLD  # the focus ring's top edge


def test_s15_the_focus_ring_on_a_tile_is_the_buttons_rounded_box_not_an_ellipse(own_turn) -> None:  # type: ignore[no-untyped-def]
    """s15 player: the ring on an unplayable tile drew as an ellipse (its corners a third of the tile's height,
    more than half its width). Kind: a ring's corners from one side of a box that may stand either way; one shape
    everywhere (focus.ring_radius: a third of the short side and the gap, as a button's corners)."""
    from doublenine.client.focus import RING_GAP, RING_WIDTH, draw_ring, ring_radius
    state, ui = own_turn
    scene = table_scene(state, ui, "en", (1280, 800))
    lay = scene.layout()
    i = next(k for k, ht in enumerate(lay.hand) if not ht.playable)
    tile = lay.hand[i].rect
    assert tile[3] > tile[2]  # a tile of the hand stands
    assert ring_radius(tile) == tile[2] // 3 + RING_GAP  # was tile[3] // 3 + RING_GAP, over half the width
    assert ring_radius((0, 0, 120, 36)) == 36 // 3 + RING_GAP == ring_radius((0, 0, 36, 120))  # either way
    scene.ui = replace(scene.ui, focus=i)
    surface = pygame.Surface((1280, 800))
    scene.draw(surface)
    rx, ry, rw, rh = ring_rect(tile)
    straight = [x for x in range(rx, rx + rw) if surface.get_at((x, ry))[:3] == GOLD]
    # the top edge runs straight between its two corners (an ellipse touches its box at one point)
    assert len(straight) >= rw - 2 * ring_radius(tile)
    side = [y for y in range(ry, ry + rh) if surface.get_at((rx, y))[:3] == GOLD]
    assert len(side) >= rh - 2 * ring_radius(tile)
    blank = pygame.Surface((200, 200))
    draw_ring(blank, (50, 40, 40, 80))  # drawn alone: its corner is round, its box edge straight
    assert blank.get_at((50 - RING_GAP, 40 - RING_GAP))[:3] != GOLD
    assert blank.get_at((50 + 20, 40 - RING_GAP + RING_WIDTH // 2))[:3] == GOLD


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)], ids=str)
def test_s14_the_tiles_that_fit_stand_raised_a_cue_of_place_not_of_colour(own_turn, size) -> None:  # type: ignore[no-untyped-def]
    """s14 left alone (access F9's fix): the unplayable tiles are no longer dimmed and only a ring told the
    playable ones, a cue of colour alone. They stand raised too (layout.PLAYABLE_RISE, 0.15 of a tile's width,
    under a lifted tile's 0.3), the numbers under the row on one line; the faces keep their contrast (above)."""
    from doublenine.client.layout import PLAYABLE_RISE
    state, ui = own_turn
    scene = table_scene(state, ui, "en", size)
    lay = scene.layout()
    tops = {ht.tile: ht.rect[1] for ht in lay.hand}
    fits = [ht for ht in lay.hand if ht.playable]
    rest = [ht for ht in lay.hand if not ht.playable]
    hw = lay.hand[0].rect[2]
    step = round(PLAYABLE_RISE * hw)
    assert fits and rest and step >= 4
    assert {tops[ht.tile] for ht in rest} == {rest[0].rect[1]} and {tops[ht.tile] for ht in fits} == {rest[0].rect[1] - step}
    assert {ht.rect[1] + ht.rect[3] + ht.rise for ht in lay.hand} == {rest[0].rect[1] + rest[0].rect[3]}  # one line
    surface = pygame.Surface(size)
    scene.draw(surface)
    up = rest[0].rect[1] - step // 2  # above the row, where only a raised tile's face is
    face = [contrast(surface.get_at((ht.rect[0] + ht.rect[2] // 2, up))[:3], IVORY_TOP) < 1.2 for ht in lay.hand]
    assert face == [ht.playable for ht in lay.hand]
    lifted = table_scene(state, replace(ui, selected=fits[0].tile), "en", size).layout().hand
    assert [ht.rect[1] for ht in lifted if ht.selected] == [rest[0].rect[1] - round(0.3 * hw)]  # the lift: higher still
    off = table_scene(replace(state, view=replace(state.view, turn=state.view.turn % 4 + 1)), ui, "en", size).layout()
    assert {ht.rect[1] for ht in off.hand} == {rest[0].rect[1]}  # not this seat's move: nothing fits, nothing raised


def test_access_s16_f2_the_playable_ring_holds_3_to_1_on_the_felt_and_on_the_tile() -> None:
    """access s16 F2: the cream ring alone was 1.04:1 on the ivory tile. No one colour holds 3:1 against the
    felt's light centre, its dark edge and the tile (checked over a grid of colours below), so the ring has two
    bands: light outside (on the felt), dark on the tile's edge; each >= 3:1 against what it borders."""
    from doublenine.client.palette import PLAYABLE_EDGE
    assert round(contrast(PLAYABLE_RING, IVORY_TOP), 2) == 1.04  # the reported case
    grid = range(0, 256, 15)
    assert not [c for c in ((r, g, b) for r in grid for g in grid for b in grid)
                if min(contrast(c, x) for x in (FELT_CENTRE, FELT_EDGE, IVORY_TOP, IVORY_BOTTOM)) >= 3]
    for felt in (FELT_CENTRE, FELT_EDGE):
        assert contrast(PLAYABLE_RING, felt) >= 3.0 and contrast(GOLD, felt) >= 3.0  # the chip, lit or not
    for face in (IVORY_TOP, IVORY_BOTTOM):
        assert contrast(PLAYABLE_EDGE, face) >= 3.0
    assert contrast(PLAYABLE_EDGE, PLAYABLE_RING) >= 4.5 and contrast(PLAYABLE_EDGE, GOLD) >= 4.5  # the chip's digit


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)], ids=str)
def test_access_s16_f2_only_the_tiles_that_fit_are_ringed_dark_and_numbered_on_a_chip(own_turn, size) -> None:  # type: ignore[no-untyped-def]
    """access s16 F2: a tile that fits has a dark inner band on its edge and its number on a filled chip (a
    shape: render.number_chip); the others keep a bare number and a plain edge; off this seat's turn none."""
    from doublenine.client.palette import PLAYABLE_EDGE
    from doublenine.client.render import number_chip, playable_bands
    state, ui = own_turn
    for turn, mine in ((state.view.turn, True), (state.view.turn % 4 + 1, False)):
        st = replace(state, view=replace(state.view, turn=turn))
        scene = table_scene(st, ui, "en", size)
        lay = scene.layout()
        surface = pygame.Surface(size)
        scene.draw(surface)
        fits = [mine and ht.playable for ht in lay.hand]
        assert fits.count(True) == (2 if mine else 0) and len(fits) == 7
        chips, edges, outside = [], [], []
        for ht in lay.hand:
            x, y, w, h = ht.rect
            chip = number_chip(ht, lay.small)
            chips.append(surface.get_at((chip.x + chip.h // 2, chip.y + 2))[:3] == PLAYABLE_RING)
            edges.append(surface.get_at((x, y + h // 2))[:3] == PLAYABLE_EDGE)
            outer = playable_bands(w)[0]
            outside.append(surface.get_at((x - outer + 1, y + h // 2))[:3] == PLAYABLE_RING)
        assert chips == fits and edges == fits and outside == fits
