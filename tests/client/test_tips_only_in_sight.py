"""Polish s12 item 13: a button's tip stayed painted after the pointer had left it: the Ledger's "Scores,
draws and hands of this match" over the open ledger and its reviews (the overlay took the pointer's motion,
so the table's hover was never cleared), the Restart tip beside its own question. Kind: a tip drawn from a
hover nothing refreshed, or of a control something covers. A tip is drawn only while its button is under
the pointer and nothing lies over it (render.tip_in_sight)."""
from __future__ import annotations

from dataclasses import replace

import pygame
from scenes_catalog import table_scene

from doublenine.client.art import Art
from doublenine.client.render import sound_tip, tip_in_sight

SIZE = (1280, 800)


def _centre(rect) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    return (rect[0] + rect[2] // 2, rect[1] + rect[3] // 2)


def _button(scene, bid: str):  # type: ignore[no-untyped-def]
    return next(b for b in scene.layout().buttons if b.id == bid)


def _move(scene, pos: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0), touch=False))


def _click(scene, pos: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False))
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False))


def _tip(scene):  # type: ignore[no-untyped-def]
    return sound_tip(pygame.Surface(SIZE), scene.layout(), Art(), "en", scene.ui)


def test_the_ledger_tip_goes_when_the_ledger_opens(own_turn) -> None:  # type: ignore[no-untyped-def]
    state, ui = own_turn
    scene = table_scene(state, ui, "en", SIZE)
    at = _centre(_button(scene, "ledger").rect)
    _move(scene, at)
    assert scene.ui.hover == "ledger" and _tip(scene) is not None  # under the pointer: said
    _click(scene, at)
    assert scene.ui.overlay == "ledger"
    assert scene.ui.hover is None and _tip(scene) is None
    _move(scene, (at[0], at[1] + 200))  # over the ledger: the overlay's own motion
    assert scene.ui.hover is None and _tip(scene) is None


def test_a_review_opened_draws_no_tip(own_turn) -> None:  # type: ignore[no-untyped-def]
    state, ui = own_turn
    scene = table_scene(state, replace(ui, hover="ledger"), "en", SIZE)
    scene._open_overlay("ledger")
    assert scene.ui.hover is None
    scene.ui = replace(scene.ui, overlay="ledger", hover="ledger")  # a hover left behind: not drawn under it
    assert _tip(scene) is None
    scene._open_review(state.view.match, 1)
    assert scene.ui.hover is None and _tip(scene) is None


def test_the_restart_tip_goes_when_the_pointer_leaves_the_window(own_turn) -> None:  # type: ignore[no-untyped-def]
    state, ui = own_turn
    scene = table_scene(state, ui, "en", SIZE)
    at = _centre(_button(scene, "restart").rect)
    _move(scene, at)
    _click(scene, at)
    assert scene.layout().panel is not None and scene.layout().panel.kind == "confirm"
    assert _tip(scene) is not None  # still under the pointer: still said
    scene.handle(pygame.event.Event(pygame.WINDOWLEAVE, window=None))
    assert scene.ui.hover is None and _tip(scene) is None


def test_a_prompt_over_a_button_hides_its_tip(own_turn) -> None:  # type: ignore[no-untyped-def]
    state, ui = own_turn
    scene = table_scene(state, ui, "en", SIZE)
    lay = scene.layout()
    hint = _button(scene, "hint")
    assert tip_in_sight(lay, replace(ui, hover="hint"), hint.rect) is True
    covered = replace(lay, banner=(hint.rect[0] - 5, hint.rect[1] - 5, 40, 40))
    assert tip_in_sight(covered, replace(ui, hover="hint"), hint.rect) is False
    assert sound_tip(pygame.Surface(SIZE), covered, Art(), "en", replace(ui, hover="hint")) is None


def test_the_start_screen_hint_goes_when_the_pointer_leaves_the_window() -> None:
    from doublenine.client.config import Settings
    from doublenine.client.input import Viewport
    from doublenine.client.scenes.start import StartScene
    pygame.display.init()
    pygame.font.init()
    scene = StartScene(Settings(name="Ana", lang="en"), lambda launch: None, remember=False)
    scene.resize(Viewport(SIZE, SIZE))
    scene.form = replace(scene.form, hover="create")
    scene.handle(pygame.event.Event(pygame.WINDOWLEAVE, window=None))
    assert scene.form.hover is None
