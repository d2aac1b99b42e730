"""New user s11 (F-nudge-covers-draw, F-second-window): "Bruno is waiting for you: your turn!", "Bruno nudged
Ana" and the second window's banner ("Table FV9D4 is open in another doublenine window…") lay over the
opening draw's last row of face-down tiles, which could not be clicked while they showed. Kind: a message
drawn at a fixed place (over the status line) that a panel or a control may occupy; every message of the
table (the toast, the nudge notices) is now placed clear of them (waiting.clear_spot)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest
from scenes_catalog import controls, table_scene, table_states

from doublenine.client.launcher import WATCHING_OTHER
from doublenine.client.snake import overlaps
from doublenine.client.text import tr

SIZES = ((800, 600), (1280, 800), (1920, 1080))


@pytest.fixture(scope="module")
def states() -> dict:  # type: ignore[type-arg]
    pygame.init()
    return {name: (state, ui) for name, state, ui in table_states()}


def _needed(scene) -> list:  # type: ignore[no-untyped-def]
    """What a message may not hide: every control, the plates and the prompt panel (its instruction)."""
    lay = scene.layout()
    out = controls(scene) + [(f"plate:{int(s.seat)}", s.plate) for s in lay.seats]
    return out + ([("panel", lay.panel.rect)] if lay.panel is not None else [])


@pytest.mark.parametrize("name", ("draw-mine", "draw-waiting", "own-turn"))
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ("en", "fr", "de"))
def test_no_message_lies_over_a_tile_a_panel_or_a_control(states, name: str, size: tuple[int, int], lang: str) -> None:
    state, ui = states[name]
    for kind in ("toast", "mine", "others"):
        scene = table_scene(state, ui, lang, size)
        scene.update(10.0)
        if kind == "toast":
            scene.tell(tr(lang, WATCHING_OTHER, code="FV9D4"), 20.0)
            scene.update(11.0)
            box = scene._toast_box(size)[1]
        else:
            text = tr(lang, "{name} is waiting for you: your turn!", name="Bruno") if kind == "mine" else \
                tr(lang, "{by} nudged {name}", by="Bruno", name="Ana")
            scene.talk.notice = (text, 10.0, kind == "mine")
            box = scene.talk.notice_box(size, scene.shown(), scene.layout(), scene.ui)
        hidden = [what for what, r in _needed(scene) if overlaps(box, r)]
        assert hidden == [], (kind, box)
        assert 0 <= box[0] and box[0] + box[2] <= size[0] and 0 <= box[1] and box[1] + box[3] <= size[1]


def test_the_reported_case_moves_below_the_draw_panel_at_1280x800(states) -> None:
    """fr, 1280x800: the notice ended on the status line, over the panel's last row of tiles; now just under
    the panel, still centred (the panel's own place is the layout's, which other changes move)."""
    state, ui = states["draw-mine"]
    scene = table_scene(state, ui, "fr", (1280, 800))
    scene.talk.notice = (tr("fr", "{name} is waiting for you: your turn!", name="Bruno"), 10.0, True)
    panel = scene.layout().panel.rect
    box = scene.talk.notice_box((1280, 800), scene.shown(), scene.layout(), scene.ui)
    bottom = panel[1] + panel[3]
    assert box[1] == bottom + 4 and abs(box[0] + box[2] // 2 - 640) <= 1, (panel, box)  # centred, just under it
