"""A window resize follows the window pygame already resized; it never sets the display mode again.

Kind: recreating the display (``pygame.display.set_mode``) to follow a size the window already has.
pygame 2 resizes a RESIZABLE window's display surface itself (pygame wiki "WindowResizing";
pygame-ce src_c/display.c ``pg_ResizeEventWatch``); ``set_mode`` on an open window blacks it
(flicker), can move it, and erases its minimum size. The window is resized here through SDL
(``client_helpers.resize_window``), so the events are the ones a user's drag produces.
"""
from __future__ import annotations

from typing import Any

import pygame
import pytest
from client_helpers import resize_window

from doublenine.client.app import App


class Canvas:
    """A scene that paints a left half red and a right half blue, and records sizes and clicks."""

    def __init__(self) -> None:
        self.sizes: list[tuple[tuple[int, int], tuple[int, int]]] = []
        self.clicks: list[tuple[float, float]] = []
        self.vp: Any = None

    def resize(self, vp: Any) -> None:
        self.vp = vp
        self.sizes.append((vp.window, vp.pixels))

    def handle(self, event: Any) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.clicks.append(self.vp.to_pixels(event.pos))

    def update(self, now: float) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill((200, 0, 0), (0, 0, w // 2, h))
        surface.fill((0, 0, 200), (w // 2, 0, w - w // 2, h))

    def close(self) -> None: ...


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    app = App(Canvas(), (1000, 700))
    calls: list[Any] = []
    real = pygame.display.set_mode
    monkeypatch.setattr(pygame.display, "set_mode", lambda *a, **k: calls.append(a) or real(*a, **k))
    app.set_mode_calls = calls  # type: ignore[attr-defined]
    yield app
    app.apply(type("Quit", (), {"kind": "quit", "scene": None})())


def test_each_resize_lays_out_for_the_new_size_without_set_mode(app: App) -> None:
    scene = app.stack[-1]
    shown = pygame.display.get_surface()
    for size in ((1280, 800), (800, 600), (1920, 1080), (1000, 700)):
        events = resize_window(size)
        assert any(e.type == pygame.WINDOWSIZECHANGED for e in events)
        app.step(events)
        assert scene.sizes[-1] == (size, size)
        assert app.screen is pygame.display.get_surface() is shown  # the same display surface, resized by pygame
        assert app.screen.get_size() == size
        assert app.screen.get_at((size[0] - 2, size[1] - 2))[:3] == (0, 0, 200)  # drawn at the new size
    assert app.set_mode_calls == []  # type: ignore[attr-defined]


def test_a_window_smaller_than_800x600_is_laid_out_at_800x600_and_scaled(app: App) -> None:
    """A window manager that ignores the minimum size (a tiling one, or none) makes the window 640x480:
    the layout stays 800x600, drawn on a canvas scaled into the window, clicks land where they are
    drawn, and the window's mode is never set again (that used to erase the minimum size)."""
    scene = app.stack[-1]
    app.step(resize_window((640, 480), wm_ignores_minimum=True))
    assert pygame.display.get_window_size() == (640, 480)
    assert scene.sizes[-1] == ((640, 480), (800, 600))
    assert app.screen.get_size() == (800, 600) and pygame.display.get_surface().get_size() == (640, 480)
    window = pygame.display.get_surface()
    left, right = window.get_at((160, 240))[:3], window.get_at((480, 240))[:3]  # smoothscale rounds 200 to 198
    assert (left[0] >= 190, left[2], right[0], right[2] >= 190) == (True, 0, 0, True), (left, right)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(320, 240), button=1)])
    assert scene.clicks == [(400.0, 300.0)]
    app.step(resize_window((1100, 750)))  # larger again: the display surface itself, no canvas
    assert app.screen is pygame.display.get_surface() and app.screen.get_size() == (1100, 750)
    assert scene.sizes[-1] == ((1100, 750), (1100, 750))
    assert app.set_mode_calls == []  # type: ignore[attr-defined]


def test_the_minimum_size_survives_resizes(app: App) -> None:
    """The limit asked at start (app._forbid_shrinking) still holds after resizes: SDL refuses 640x480."""
    app.step(resize_window((1280, 800)))
    app.step(resize_window((640, 480)))
    assert pygame.display.get_window_size() == (800, 600)
    assert app.stack[-1].sizes[-1] == ((800, 600), (800, 600))
