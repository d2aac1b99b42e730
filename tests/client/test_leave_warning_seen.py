"""A confirmation is seen wherever its button is (new user s10 item 3).

The joined French player pressed Quitter on the hand-end panel: the warning "press again" went to the
status line, which the panel covers, so nothing showed and a second press left at once. A message that
answers a top-bar button is said under that button while a modal prompt is up, clear of the prompt."""
from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from client_helpers import session_at  # noqa: E402
from doublenine.client.input import Viewport  # noqa: E402
from doublenine.client.scenes.table import TableScene  # noqa: E402
from doublenine.client.sound import Sounds  # noqa: E402
from doublenine.shared.seats import Seat  # noqa: E402

WARNING_FR = ("Quitter libère votre place\u00a0: les autres continuent sans vous. "
              "Appuyez encore sur Quitter pour partir.")


def _at_hand_end(size: tuple[int, int]) -> TableScene:
    s = session_at(lambda st: len(st.finished) == 1)
    s.state = replace(s.state, humans=frozenset({Seat.ONE, Seat.THREE}), table="Q39C6")
    pygame.display.init()
    sounds = Sounds(muted=False)
    sounds._sounds = {}
    scene = TableScene(s, lang="fr", sounds=sounds, motion=False)
    scene.resize(Viewport(size, size))
    scene.update(10.0)
    scene.ui = replace(scene.ui, seen_finished=0)
    scene.update(11.0)
    assert scene.layout().panel is not None and scene.layout().panel.kind == "reveal"
    return scene


def _click(scene: TableScene, rect) -> object:  # type: ignore[no-untyped-def]
    x, y, w, h = rect
    return scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x + w // 2, y + h // 2), button=1,
                                           touch=False))


@pytest.mark.parametrize("size", [(1280, 800), (800, 600), (1024, 768)])
def test_quitter_at_a_hand_end_shows_its_warning_under_the_button_clear_of_the_panel(size) -> None:
    scene = _at_hand_end(size)
    plain = pygame.Surface(size)
    scene.draw(plain)
    leave = next(b.rect for b in scene.layout().buttons if b.id == "leave")
    assert _click(scene, leave) is None  # the first press only warns
    assert scene.toast is not None and scene.toast[0] == WARNING_FR and scene.toast_by == "leave"
    told = pygame.Surface(size)
    scene.draw(told)
    rows, box, _ = scene._toast_box(size)
    assert " ".join(rows) == WARNING_FR  # whole, not cut
    panel = pygame.Rect(scene.layout().panel.rect)
    assert not panel.colliderect(box) and box[1] >= leave[1] + leave[3]
    # on the button's side, no longer right under it: there it covered East's name card (s12); kind: a
    # message placed without checking what it covers (tests/client/test_tips_clear.py)
    assert box[0] + box[2] > size[0] // 2
    assert not [s.seat for s in scene.layout().seats if pygame.Rect(s.plate).colliderect(box)]
    assert pygame.image.tobytes(told.subsurface(panel), "RGB") == pygame.image.tobytes(plain.subsurface(panel), "RGB")
    inside = told.subsurface(pygame.Rect(box).inflate(-4, -4))
    assert pygame.image.tobytes(inside, "RGB") != pygame.image.tobytes(plain.subsurface(pygame.Rect(box).inflate(-4, -4)), "RGB")
    change = _click(scene, leave)  # the second press, seen warned, goes
    assert change is not None and change.kind == "pop"
