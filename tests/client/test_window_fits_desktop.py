"""s14 access F1: the first window was 1280x800 whatever the screen (cut on a 1366x768 laptop, at -128,-100
on a 1024x600 netbook) and a remembered 3840x2160 reopened on the laptop at -1237,-696. Kind: a window size
or position not bounded by the desktop it opens on. The first-start and remembered sizes are bounded by the
desktop SDL reports (less a margin for panels and the title bar), never below the layout's minimum unless the
screen itself is smaller, and the window opens in the desktop's middle. The desktop is faked here."""
from __future__ import annotations

import os
from typing import Any

import pygame
import pytest

from doublenine.client import screen
from doublenine.client.app import App
from doublenine.client.config import MIN_WINDOW


@pytest.mark.parametrize(("wanted", "desktop", "size", "place"), [
    ((1280, 800), (1366, 768), (1280, 688), (43, 40)),     # the laptop's first start: nothing cut
    ((1280, 800), (1024, 600), (992, 600), (16, 0)),       # the netbook: whole, not at -128,-100
    ((3840, 2160), (1366, 768), (1334, 688), (16, 40)),    # remembered on a 4K monitor, back on the laptop
    ((1280, 800), (1920, 1080), (1280, 800), (320, 140)),  # room enough: as wanted
    ((900, 650), (3840, 2160), (900, 650), (1470, 755)),
    ((1280, 800), (800, 480), (800, 480), (0, 0)),         # a screen under the minimum: the screen's size
])
def test_a_size_is_bounded_by_the_desktop_and_opens_in_its_middle(wanted: tuple[int, int], desktop: tuple[int, int],
                                                                   size: tuple[int, int], place: tuple[int, int]) -> None:
    assert screen.fit_desktop(wanted, desktop, MIN_WINDOW) == size
    assert screen.centred(size, desktop) == place


def test_an_unknown_desktop_leaves_the_size_alone() -> None:
    assert screen.fit_desktop((3840, 2160), None, MIN_WINDOW) == (3840, 2160)
    assert screen.fit_desktop((1280, 800), (0, 0), MIN_WINDOW) == (1280, 800)


class Idle:
    def handle(self, event: Any) -> None: ...
    def update(self, now: float) -> bool: return False
    def draw(self, surface: pygame.Surface) -> None: surface.fill((0, 0, 0))
    def close(self) -> None: ...


def _opened(monkeypatch: pytest.MonkeyPatch, desktop: tuple[int, int], size: tuple[int, int],
            fit: bool = True) -> tuple[App, list[str | None]]:
    """An App opened at ``size`` on a fake ``desktop``; also the SDL_VIDEO_WINDOW_POS each set_mode saw."""
    monkeypatch.delenv("SDL_VIDEO_WINDOW_POS", raising=False)
    monkeypatch.delenv("SDL_VIDEO_CENTERED", raising=False)
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [desktop])
    seen: list[str | None] = []
    real = pygame.display.set_mode
    monkeypatch.setattr(pygame.display, "set_mode",
                        lambda *a, **k: seen.append(os.environ.get("SDL_VIDEO_WINDOW_POS")) or real(*a, **k))
    return App(Idle(), size, fit_desktop=fit), seen


def _quit(app: App) -> None:
    app.apply(type("Quit", (), {"kind": "quit", "scene": None})())


def test_the_remembered_4k_window_opens_whole_on_the_laptop(monkeypatch: pytest.MonkeyPatch) -> None:
    app, seen = _opened(monkeypatch, (1366, 768), (3840, 2160))
    try:
        assert pygame.display.get_surface().get_size() == (1334, 688)
        assert app.screen.get_size() == (1334, 688)
        assert seen == ["16,40"]
        assert "SDL_VIDEO_WINDOW_POS" not in os.environ  # asked for this window only
    finally:
        _quit(app)


def test_a_desktop_shorter_than_the_minimum_gets_a_window_on_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The window fits the screen; the table is laid out at the minimum and scaled into it (follow_window)."""
    app, seen = _opened(monkeypatch, (1024, 560), (1280, 800))
    try:
        assert pygame.display.get_surface().get_size() == (992, 560)
        assert app.screen.get_size() == (992, 600)
        assert seen == ["16,0"]
    finally:
        _quit(app)


def test_a_size_asked_on_the_command_line_is_not_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    app, seen = _opened(monkeypatch, (1366, 768), (1600, 900), fit=False)
    try:
        assert pygame.display.get_surface().get_size() == (1600, 900)
        assert seen == [None]
    finally:
        _quit(app)


def test_a_canvas_is_shown_at_its_shape_in_a_window_under_the_minimum() -> None:
    """s14 access F8: a 1024x600 table squashed into a 1024x552 window (8 % flatter, blurred); now scaled the
    same on both sides and centred (letterbox), and a click lands where it is drawn."""
    from doublenine.client.app import letterbox
    from doublenine.client.input import Viewport

    assert letterbox((1024, 600), (1024, 552)) == (41, 0, 942, 552)
    assert letterbox((800, 600), (640, 480)) == (0, 0, 640, 480)  # the same shape: the whole window
    vp = Viewport((1024, 552), (1024, 600), (41, 0, 942, 552))
    assert vp.to_pixels((41 + 471, 276)) == (512.0, 300.0)
    assert vp.touch(0.5, 0.5) == (512.0, 300.0)


def test_a_window_the_wm_made_shorter_is_letterboxed(monkeypatch: pytest.MonkeyPatch) -> None:
    from client_helpers import resize_window

    class Canvas(Idle):
        def __init__(self) -> None:
            self.clicks: list[tuple[float, float]] = []
            self.vp: Any = None
        def resize(self, vp: Any) -> None: self.vp = vp
        def handle(self, event: Any) -> None:
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.clicks.append(self.vp.to_pixels(event.pos))
        def draw(self, surface: pygame.Surface) -> None: surface.fill((200, 0, 0))

    scene = Canvas()
    app = App(scene, (1024, 600))
    try:
        app.step(resize_window((1024, 552), wm_ignores_minimum=True))
        window = pygame.display.get_surface()
        assert window.get_at((20, 276))[:3] == (0, 0, 0)  # the bar beside the table
        assert window.get_at((512, 276))[0] >= 190
        app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(512, 276), button=1)])
        assert scene.clicks == [(512.0, 300.0)]
    finally:
        _quit(app)
