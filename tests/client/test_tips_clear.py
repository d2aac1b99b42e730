"""No button's tip and no message of the table covers a name card, the status line, a tile or a control
(s12). Reported: at 800x600 the Leave button's tip, under the button, lay over East's name card; the second
window's message ("Table FV9D4 is open in another doublenine window…") lay over the status line ("Your
turn: choose a tile"). Kind: a tip or notice placed without checking what it covers; every one of them is
now placed by waiting.clear_spot, which keeps the toasts and nudge notices clear of tiles and controls."""
from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest
from scenes_catalog import controls, table_scene, table_states

from doublenine.client.buttons import TIPS
from doublenine.client.launcher import WATCHING_OTHER
from doublenine.client.render import sound_tip
from doublenine.client.snake import overlaps
from doublenine.client.text import tr

SIZES = ((800, 600), (1920, 1080))


@pytest.fixture(scope="module")
def states() -> dict:  # type: ignore[type-arg]
    pygame.init()
    return {name: (state, ui) for name, state, ui in table_states()}


def _needed(scene) -> list:  # type: ignore[no-untyped-def]
    """Name cards, the status line's rows as drawn, every tile (line, face-down stacks, hand, draw cells)
    and every control (:func:`scenes_catalog.controls`)."""
    lay = scene.layout()
    out = [(f"plate:{int(s.seat)}", s.plate) for s in lay.seats]
    out += [(f"status:{text}", box) for text, box in lay.status]
    out += [(f"line:{i}", sp.rect) for i, sp in enumerate(lay.line.spots)]
    out += [(f"back:{int(s.seat)}", b) for s in lay.seats for b in s.backs]
    return out + controls(scene)


def _tip(scene, button: str, lang: str) -> tuple[int, int, int, int] | None:  # type: ignore[no-untyped-def]
    lay = scene.layout()
    tracker = scene._tracker_layout()
    surface = pygame.Surface(scene.vp.pixels)
    return sound_tip(surface, lay, scene.art, lang, replace(scene.ui, hover=button), scene._messages(lay, tracker))


@pytest.mark.parametrize("name", ("own-turn", "draw-mine", "reveal"))
@pytest.mark.parametrize("size", SIZES, ids=str)
def test_no_tip_or_message_covers_a_name_card_the_status_line_a_tile_or_a_control(states, name: str,
                                                                                 size: tuple[int, int]) -> None:
    state, ui = states[name]
    scene = table_scene(state, ui, "en", size)
    scene.update(10.0)
    scene.tell(tr("en", WATCHING_OTHER, code="FV9D4"), 20.0)
    scene.update(11.0)
    boxes = {"toast": scene._toast_box(size)[1]}
    ids = [b.id for b in scene.layout().buttons if b.id in TIPS or b.id == "sound"]
    assert "leave" in ids and "sound" in ids
    for bid in ids:
        boxes[f"tip:{bid}"] = _tip(scene, bid, "en")
    for what, box in boxes.items():
        assert box is not None, what
        hidden = [thing for thing, r in _needed(scene) if overlaps(box, r)]
        assert hidden == [], (what, box)
        assert 0 <= box[0] and box[0] + box[2] <= size[0] and 0 <= box[1] and box[1] + box[3] <= size[1], what
        if what.startswith("tip:"):
            assert not overlaps(box, boxes["toast"]), what  # nor the message shown with it


def test_the_reported_leave_tip_keeps_below_east_card_at_800x600(states) -> None:
    """The exact case: own turn at 800x600, the pointer on Leave. The tip lay at y 40, over East's name
    card (x 638-792, y 42-95); now under that card and its turn marker's place, at its old x."""
    state, ui = states["own-turn"]
    scene = table_scene(state, ui, "en", (800, 600))
    lay = scene.layout()
    east = next(s.plate for s in lay.seats if s.side == "right" or (s.side == "top" and s.plate[0] > 400))
    box = _tip(scene, "leave", "en")
    assert box is not None and not overlaps(box, east)
    assert box == (565, 118, 227, 20), (box, east)
