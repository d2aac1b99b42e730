"""s14 attack F10: full screen remembered, and a desktop that does not grant it (bare X, a window manager
that refuses it): SDL says the window is the desktop's 2560x1440 while the X window stays 1280x800, so the
table was laid out for 2560x1440 and a quarter of it showed, at every start. Kind: a layout computed from
the size asked for, not the one the window really got. The fake display here is SDL's dummy driver (it
grants 1024x768) with the windowing system's own size (screen.real_window_size) saying the window stayed
800x600: the window goes back to a window, every scene is laid out for 800x600, the setting is saved off
and the player is told once."""
from __future__ import annotations

import os

import pygame
import pytest

from doublenine.client import app as app_module
from doublenine.client import screen
from doublenine.client.text import tr


class Watching:
    """A scene that keeps every size it was laid out for."""

    def __init__(self) -> None:
        self.sizes: list[tuple[int, int]] = []
        self.lang = "fr"

    def resize(self, vp) -> None:  # type: ignore[no-untyped-def]
        self.sizes.append(tuple(vp.pixels))

    def handle(self, event): return None  # type: ignore[no-untyped-def]
    def update(self, now: float) -> bool: return False
    def draw(self, surface: pygame.Surface) -> None: surface.fill((0, 90, 50))
    def close(self) -> None: ...


def _window(monkeypatch: pytest.MonkeyPatch, real: tuple[int, int] | None) -> tuple[app_module.App, Watching, list[bool]]:
    monkeypatch.setattr(screen, "real_window_size", lambda: real)
    scene = Watching()
    window = app_module.App(scene, (800, 600))
    saved: list[bool] = []
    window.on_fullscreen = saved.append
    return window, scene, saved


def _quit(window: app_module.App) -> None:
    window.apply(type("Quit", (), {"kind": "quit", "scene": None})())


def test_a_full_screen_not_granted_goes_back_to_the_window_it_really_is(monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    window, scene, saved = _window(monkeypatch, (800, 600))
    try:
        assert app_module.set_fullscreen(True) is True
        window.step(pygame.event.get())  # SDL's resize events: the desktop's size, as SDL says
        assert (scene.sizes[-1], app_module.is_fullscreen(), window.notice) == ((1024, 768), True, None)
        app_module._ASKED[0] -= app_module.FULLSCREEN_SETTLE  # the window manager had its time
        window.step(pygame.event.get())
        assert (app_module.is_fullscreen(), saved, scene.sizes[-1], window.screen.get_size()) == \
            (False, [False], (800, 600), (800, 600))
        assert window.notice is not None and window.notice[0] == app_module.FULLSCREEN_REFUSED
        pygame.image.save(window.screen, str(tmp_path / "refused.png"))  # LOOK: the notice over the scene
        if os.environ.get("DN_SHOTS"):
            pygame.image.save(window.screen, os.path.join(os.environ["DN_SHOTS"], "fullscreen_refused.png"))
        window.step(pygame.event.get())  # said once: nothing more is saved or asked
        assert (saved, app_module._ASKED[0]) == ([False], None)
        window.notice = (window.notice[0], window.notice[1] - app_module.NOTICE_SECONDS - 1)
        window.step([])
        assert window.notice is None
    finally:
        _quit(window)


@pytest.mark.parametrize("real", [(1024, 768), None])  # granted; or a desktop where SDL's size is the truth
def test_a_full_screen_granted_stays(monkeypatch, real) -> None:  # type: ignore[no-untyped-def]
    window, scene, saved = _window(monkeypatch, real)
    try:
        app_module.set_fullscreen(True)
        app_module._ASKED[0] -= app_module.FULLSCREEN_SETTLE
        window.step(pygame.event.get())
        assert (app_module.is_fullscreen(), saved, scene.sizes[-1], window.notice) == (True, [], (1024, 768), None)
    finally:
        app_module.set_fullscreen(False)
        _quit(window)


def test_the_notice_is_said_in_five_languages() -> None:
    said = {lang: tr(lang, app_module.FULLSCREEN_REFUSED) for lang in ("en", "fr", "pt", "de", "es")}
    assert said["fr"] == "Le bureau n\u2019a pas donné le plein écran au jeu\u00a0: il reste dans une fenêtre " \
                         "(F11 pour réessayer)"
    assert len(set(said.values())) == 5


def test_sdl_dummy_has_no_window_system_to_ask() -> None:
    pygame.display.init()
    pygame.display.set_mode((800, 600))
    assert screen.real_window_size() is None
