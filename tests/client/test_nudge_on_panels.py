"""s15 player: a nudge was not seen by a player on "Choose the opener": the notice was left out under every modal
prompt and drawn under an overlay and the settings card. Kind: a message for this seat drawn only where no panel
is up. Every panel a seat can be on now shows a nudge addressed to it, beside the panel, over everything."""
from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from scenes_catalog import NAMES, _until, table_scene, table_states  # noqa: E402

from doublenine.client.art import GOLD  # noqa: E402
from doublenine.client.local import LocalSession  # noqa: E402
from doublenine.client.panels import draw_key  # noqa: E402
from doublenine.client.scenes.talk import clear_of  # noqa: E402
from doublenine.client.text import tr  # noqa: E402
from doublenine.client.typeset import watch  # noqa: E402
from doublenine.client.uistate import Ui  # noqa: E402
from doublenine.shared.rules import to_act  # noqa: E402
from doublenine.shared.seats import Seat  # noqa: E402
from doublenine.shared.state import Phase  # noqa: E402

SIZES = [(800, 600), (1280, 800)]
SAID = "{name} is waiting for you: your turn!"


@pytest.fixture(scope="module")
def states():  # type: ignore[no-untyped-def]
    pygame.display.init()
    pygame.font.init()
    found = {name: (state, ui) for name, state, ui in table_states()}
    s = LocalSession(seed=1, names=NAMES)  # seed 1: South (seat 1) chooses the opener of hand 1
    assert _until(s, lambda x: x.phase is Phase.NOMINATE) and Seat.ONE in to_act(s.log.state)
    nominate = replace(s.state, table="K7QPA")
    found["nominate"] = (nominate, Ui(seen_finished=0, seen_draw=draw_key(nominate.view)))
    return found


def _nudged(state, ui, size, lang="en", mine=True, over=""):  # type: ignore[no-untyped-def]
    scene = table_scene(state, ui, lang, size)
    scene.talk.update(state, 100.0)
    text = tr(lang, SAID, name="Zoë") if mine else tr(lang, "{by} nudged {name}", by="Zoë", name="Ñandú")
    scene.talk.notice = (text, 99.0, mine)
    if over == "rules":
        from doublenine.client.overlays.rules import RulesOverlay
        scene.overlay = RulesOverlay(lang, scene._overlay_rect())
    elif over == "ledger":
        from doublenine.client.overlays.ledger import LedgerOverlay
        scene.overlay = LedgerOverlay(state.view, lang, scene._overlay_rect(), names=state.names)
    elif over == "settings":
        scene.open_settings()
    surface = pygame.Surface(size)
    with watch() as seen:
        scene.draw(surface)
    return scene, surface, text, [d.text for d in seen]


@pytest.mark.parametrize("size", SIZES, ids=str)
@pytest.mark.parametrize("name, kind, modal", [
    ("nominate", "nominate", True), ("draw-result", "drawn", True), ("reveal", "reveal", True),
    ("match-over", "match_over", True), ("consent", "consent", True), ("confirm-restart", "confirm", True),
    ("review", "review", False)])
def test_a_nudge_for_me_shows_beside_every_prompt(states, name, kind, modal, size) -> None:  # type: ignore[no-untyped-def]
    state, ui = states[name]
    scene, surface, text, drawn = _nudged(state, ui, size)
    lay = scene.layout()
    assert lay.panel is not None and lay.panel.kind == kind and lay.panel.modal is modal
    box = scene.talk.notice_box(size, scene.shown(), lay, scene.ui)
    assert box is not None  # was None under every modal prompt: nothing said, no glow
    notice = pygame.Rect(box)
    assert pygame.Rect(0, 0, *size).contains(notice) and not notice.colliderect(lay.panel.rect)
    assert notice.collidelist([b.rect for b in lay.panel.buttons]) < 0
    r, g, b = surface.get_at((box[0] + 3, box[1] + box[3] // 2))[:3]
    assert (r, g, b) != surface.get_at((box[0] - 3, box[1] + box[3] // 2))[:3] and r > 180 and b < 150  # its gold


@pytest.mark.parametrize("size", SIZES, ids=str)
@pytest.mark.parametrize("over", ["rules", "ledger", "settings"])
def test_a_nudge_for_me_is_drawn_over_an_overlay_and_the_settings_beside_them(states, over, size) -> None:  # type: ignore[no-untyped-def]
    state, ui = states["own-turn"]
    scene, surface, text, drawn = _nudged(state, ui, size, over=over)
    cover = scene._cover()
    assert cover is not None
    box = scene.talk.notice_box(size, scene.shown(), scene.layout(), scene.ui, cover)
    assert box is not None and not pygame.Rect(box).colliderect(cover)
    assert drawn[-1] == text  # drawn last: over the overlay or the card (was drawn under it, unseen)
    assert surface.get_at((box[0] + box[2] // 2, box[1] + 2))[:3] != (0, 0, 0)


def test_someone_elses_nudge_stays_under_a_modal_prompt(states) -> None:  # type: ignore[no-untyped-def]
    state, ui = states["nominate"]
    scene, _, text, drawn = _nudged(state, ui, (1280, 800), mine=False)
    assert scene.layout().panel.modal
    assert scene.talk.notice_box((1280, 800), scene.shown(), scene.layout(), scene.ui) is None


def test_the_reported_case_choose_the_opener_at_1280x800(states) -> None:  # type: ignore[no-untyped-def]
    state, ui = states["nominate"]
    scene, _, text, drawn = _nudged(state, ui, (1280, 800), lang="fr")
    assert text == "Zoë vous attend\u00a0: à vous de jouer\u00a0!"
    panel = scene.layout().panel
    assert panel is not None and panel.kind == "nominate"
    x, y, w, h = scene.talk.notice_box((1280, 800), scene.shown(), scene.layout(), scene.ui)
    assert y + h < panel.rect[1] and x == (1280 - w) // 2  # just above the prompt, centred


def test_clear_of_goes_below_then_to_the_top_then_over_the_title() -> None:
    assert clear_of((800, 600), (100, 100, 600, 300), (200, 40), 15) == (300, 55, 200, 40)  # above
    assert clear_of((800, 600), (100, 30, 600, 300), (200, 40), 15) == (300, 335, 200, 40)  # below
    assert clear_of((800, 600), (100, 20, 600, 560), (200, 40), 15) == (300, 0, 200, 40)  # over its top edge
    assert clear_of((800, 600), (100, 100, 600, 300), (200, 40), 15, ((300, 50, 10, 10),)) == (300, 405, 200, 40)
