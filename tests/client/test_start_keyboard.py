"""Every control of the start screen is reached by Tab / Shift+Tab in reading order, with a visible ring,
and pressed by Enter or Space (left alone last session: only the four text fields and Settings took the
focus; the seats, the level, the table options, Create, Host, Find, Join, Watch, Back to your match and
the list of earlier matches were a click only). Kind: a control only a click reaches."""
from __future__ import annotations

import pygame
import pytest
from client_helpers import start_scene
from robot import centre

from doublenine.client import config
from doublenine.client.config import Settings
from doublenine.client.focus import ring_rect
from doublenine.client.scenes.kept import chooser_layout
from doublenine.client.scenes.start import Launch, StartScene, start_layout

SIZE = (1280, 800)
GOLD = (244, 204, 96)
KEPT = Settings(resume_code="YPSHK", resume_token="ty", resume_score="19-0",
                earlier=("DWFBM td 0-0 8765", "MWP24 tm 0-7"))


pytestmark = pytest.mark.usefixtures("config_in_tmp")


def _scene(saved: Settings, got: list[Launch]) -> StartScene:
    return start_scene(saved, SIZE, got)


def _key(scene: StartScene, k: int, mod: int = 0, char: str = ""):  # type: ignore[no-untyped-def]
    return scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=char, scancode=0))


def _order(scene: StartScene, back: bool = False) -> list[str]:
    out = [scene.form.focus]
    for _ in range(40):
        _key(scene, pygame.K_TAB, pygame.KMOD_SHIFT if back else 0)
        if scene.form.focus == out[0]:
            return out
        out.append(scene.form.focus)
    raise AssertionError(out)


def test_tab_visits_every_control_in_reading_order_and_shift_tab_goes_back() -> None:
    scene = _scene(Settings(), [])
    new_table = ["name", "lang", "settings", "kind0", "kind1", "kind2", "level", "seed", "tname", "public", "tracker",
                 "phrases", "create", "host"]
    join = ["server", "table", "seat", "find", "join", "watch"]  # no kept match: no Earlier, no Back to it
    assert _order(scene) == new_table + join
    assert _order(scene, back=True) == ["name"] + (new_table + join)[:0:-1]


def test_with_kept_matches_their_buttons_are_in_the_order_too() -> None:
    scene = _scene(KEPT, [])
    order = _order(scene)  # from the first focus: Back to your match (s12 F14), then round from the name
    assert order[0] == "resume" and order[1] == "name" and order[-4:] == ["find", "earlier", "join", "watch"]


def test_enter_and_space_press_the_focused_button_and_space_still_types_in_a_field() -> None:
    got: list[Launch] = []
    scene = _scene(Settings(name="Zoë"), got)
    _key(scene, pygame.K_SPACE, char=" ")  # in the name field: the space is typed (SDL's TEXTINPUT), not pressed
    scene.handle(pygame.event.Event(pygame.TEXTINPUT, text=" "))
    assert scene.form.name == "Zoë " and scene.form.focus == "name" and scene.form.kinds[0] == "computer"
    for _ in range(3):
        _key(scene, pygame.K_TAB)
    assert scene.form.focus == "kind0" and scene.form.kinds == ("computer", "computer", "computer")
    _key(scene, pygame.K_SPACE)
    assert scene.form.kinds == ("human", "computer", "computer") and scene.form.focus == "kind0"
    for _ in range(3):
        _key(scene, pygame.K_TAB)
    assert scene.form.focus == "level" and scene.form.level == "expert"
    _key(scene, pygame.K_RETURN)
    assert scene.form.level == "easy"  # weakest first after the strongest (s13 F5)
    while scene.form.focus != "host":
        _key(scene, pygame.K_TAB)
    _key(scene, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert scene.form.focus == "create"
    change = _key(scene, pygame.K_RETURN)
    assert change is not None and change.kind == "push" and [(g.mode, g.kinds, g.level) for g in got] == \
        [("create", ("human", "human", "computer", "computer"), "easy")]


def test_the_language_button_is_pressed_by_the_keyboard() -> None:
    scene = _scene(Settings(lang="en"), [])
    _key(scene, pygame.K_TAB)
    assert scene.form.focus == "lang"
    _key(scene, pygame.K_RETURN)
    assert scene.form.lang == "fr" and scene.form.focus == "lang"


def test_the_earlier_matches_list_is_opened_walked_and_closed_by_the_keyboard() -> None:
    got: list[Launch] = []
    scene = _scene(KEPT, got)
    while scene.form.focus != "earlier":
        _key(scene, pygame.K_TAB)
    _key(scene, pygame.K_SPACE)
    assert scene.form.choosing and scene.form.focus == "pick0"
    _key(scene, pygame.K_DOWN)
    assert scene.form.focus == "pick1"
    _key(scene, pygame.K_TAB)
    assert scene.form.focus == "pick_back"
    _key(scene, pygame.K_UP)
    _key(scene, pygame.K_ESCAPE)
    assert not scene.form.choosing and scene.form.focus == "earlier" and got == []
    _key(scene, pygame.K_RETURN)
    _key(scene, pygame.K_DOWN)
    change = _key(scene, pygame.K_RETURN)
    assert change is not None and change.kind == "push" and got[0].resume
    assert config.load().resume_code == "MWP24"  # the second of the list, rejoined


def test_the_ring_is_drawn_round_the_focused_button_and_its_line_is_said() -> None:
    scene = _scene(Settings(), [])
    while scene.form.focus != "find":
        _key(scene, pygame.K_TAB)
    surface = pygame.Surface(SIZE)
    scene.draw(surface)
    lay = start_layout(SIZE)
    x, y, w, h = ring_rect(lay["find"])
    assert tuple(surface.get_at((x + w // 2, y)))[:3] == GOLD
    x, y, w, h = ring_rect(lay["join"])
    assert tuple(surface.get_at((x + w // 2, y)))[:3] != GOLD
    # the keyboard has no pointer: the focused control's line is said in its card's slot (starthints)
    slot = lay["hint_join"]
    assert any(tuple(surface.get_at((px, slot[1] + slot[3] // 2)))[:3] == GOLD
               for px in range(slot[0], slot[0] + slot[2]))


def test_the_ring_follows_into_the_earlier_matches_list() -> None:
    scene = _scene(KEPT, [])
    scene.form = scene.form.__class__(**{**{f: getattr(scene.form, f) for f in scene.form.__dataclass_fields__},
                                         "focus": "earlier"})
    _key(scene, pygame.K_RETURN)
    surface = pygame.Surface(SIZE)
    scene.draw(surface)
    picks = chooser_layout(start_layout(SIZE)["card_join"], 2, SIZE)
    x, y, w, h = ring_rect(picks["pick0"])
    assert tuple(surface.get_at((x + w // 2, y)))[:3] == GOLD
    assert centre(picks["pick0"])  # laid out
