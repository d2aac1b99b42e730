"""New user s10 item 5: behind "Hand 1 is over" (German, 800x600, chat open) the hand row already showed
ten greyed tiles of the next deal while the panel said the seat held two. While the end of hand N is
shown (on top, or under a request), the hand row shows the tiles the seat held at the end of hand N (R22),
none playable, lifted or numbered; after Continue, the next deal."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from scenes_catalog import table_scene, table_states

from doublenine.client.layout import compute_layout, revealed_hand
from doublenine.client.store import ConsentPrompt
from doublenine.client.uistate import Ui
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase
from doublenine.shared.tiles import Tile


@pytest.fixture(scope="module")
def reveal():  # type: ignore[no-untyped-def]
    pygame.display.init()
    pygame.font.init()
    state, ui = {name: (s, u) for name, s, u in table_states()}["reveal"]
    return state, ui


def test_the_case_two_tiles_held_not_the_next_deals_ten(reveal) -> None:  # type: ignore[no-untyped-def]
    state, ui = reveal
    assert len(state.view.hand) == 10 and state.view.hand_number == 2  # the next deal is in the view
    scene = table_scene(state, ui, "de", (800, 600), "chat")
    lay = scene.layout()
    assert lay.reveal is not None and lay.reveal.title[1] == {"n": 1}
    assert [h.tile for h in lay.hand] == [Tile(1, 2), Tile(2, 2)]
    assert not any(h.playable or h.selected for h in lay.hand) and lay.ghosts == {}
    assert revealed_hand(state, ui) is state.view.finished[0]
    done = compute_layout(state, replace(ui, seen_finished=1), (800, 600), "de")  # Continue pressed
    assert done.reveal is None and [h.tile for h in done.hand] == sorted(state.view.hand)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)], ids=str)
@pytest.mark.parametrize("lang", ["en", "fr", "pt", "de", "es"])
@pytest.mark.parametrize("side", ["", "chat"])
def test_behind_any_hand_end_the_row_is_what_that_hand_ended_with(reveal, size, lang, side) -> None:  # type: ignore[no-untyped-def]
    state, ui = reveal
    held = sorted(state.view.finished[0].left[Seat.ONE - 1])
    for shown in (state, replace(state, view=replace(state.view, phase=Phase.PLAY, turn=Seat.ONE)),
                  replace(state, consent=(ConsentPrompt("r1", Seat.TWO, "new_match"),))):  # under a request
        lay = table_scene(shown, ui, lang, size, side).layout()
        assert lay.reveal is not None
        assert [h.tile for h in lay.hand] == held and not any(h.playable for h in lay.hand)
        surface = pygame.Surface(size)
        table_scene(shown, ui, lang, size, side).draw(surface)  # draws without raising


def test_no_hand_end_shown_no_change(reveal) -> None:  # type: ignore[no-untyped-def]
    state, _ = reveal
    assert revealed_hand(state, Ui(seen_finished=1)) is None
    assert revealed_hand(state, Ui(seen_finished=0)) is state.view.finished[0]
