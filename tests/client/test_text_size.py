"""s14 access F2/F7: no way to make the text or the tiles bigger (a low-vision player on a laptop: the window
already the screen), no full screen. Kind: a size the player cannot choose. The settings card's "Text size"
(100, 125, 150, 200 %, saved in client.json, bounded) multiplies the one scale every screen takes
(layout.metrics, so the table, its cards and the Rules/Ledger/Review panels together), as far as the window has
room (layout.zoom: a window ``k`` times 1152x768 takes up to ``k`` times the text); F11 and Alt+Enter switch
full screen in every scene, and a setting keeps it."""
from __future__ import annotations

import json

import pygame
import pytest

from doublenine.client import app as app_module
from doublenine.client import config, layout
from doublenine.client.layout import metrics, set_text_size, zoom


@pytest.mark.parametrize(("percent", "size", "z", "font"), [
    (100, (1920, 1080), 1.0, 24),
    (150, (1920, 1080), 1.40625, 34),      # bounded by the window's height: 1080 / 768
    (200, (2560, 1440), 1.875, 61),
    (200, (3840, 2160), 2.0, 97),
    (125, (1366, 705), 1.0, 16),           # a laptop's window has no room for more: as it was
    (200, (800, 600), 1.0, 14),
])
def test_the_text_size_scales_what_the_window_has_room_for(percent: int, size: tuple[int, int], z: float,
                                                           font: int) -> None:
    assert set_text_size(percent) == percent
    assert zoom(size) == pytest.approx(z)
    assert metrics(size)[1] == font


@pytest.mark.parametrize(("asked", "used"), [(0, 100), (99, 100), (130, 125), (199, 150), (65535, 200)])
def test_a_text_size_edited_into_the_file_is_taken_to_a_choice(asked: int, used: int) -> None:
    assert set_text_size(asked) == used == layout.text_size()


def test_the_text_size_is_read_back_from_the_file(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "client.json"
    path.write_text(json.dumps({"text_size": 150, "fullscreen": True}), encoding="utf-8")
    saved = config.load(path)
    assert (saved.text_size, saved.fullscreen) == (150, True)
    path.write_text(json.dumps({"text_size": "huge", "fullscreen": "yes"}), encoding="utf-8")
    assert (config.load(path).text_size, config.load(path).fullscreen) == (100, False)


class Idle:
    def __init__(self) -> None:
        self.keys: list[int] = []
    def handle(self, event):  # type: ignore[no-untyped-def]
        if event.type == pygame.KEYDOWN:
            self.keys.append(event.key)
    def update(self, now: float) -> bool: return False
    def draw(self, surface: pygame.Surface) -> None: surface.fill((0, 0, 0))
    def close(self) -> None: ...


@pytest.mark.parametrize(("key", "mod"), [(pygame.K_F11, 0), (pygame.K_RETURN, pygame.KMOD_LALT)])
def test_f11_and_alt_enter_switch_full_screen_in_any_scene(monkeypatch, key: int, mod: int) -> None:  # type: ignore[no-untyped-def]
    asked: list[bool] = []
    monkeypatch.setattr(app_module, "set_fullscreen", lambda on: asked.append(on) or on)
    monkeypatch.setattr(app_module, "is_fullscreen", lambda: bool(asked and asked[-1]))
    scene = Idle()
    window = app_module.App(scene, (800, 600))
    saved: list[bool] = []
    window.on_fullscreen = saved.append
    try:
        for _ in range(2):
            window.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)])
        window.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)])
        assert (asked, saved, scene.keys) == ([True, False], [True, False], [pygame.K_RETURN])  # plain Enter: the scene's
    finally:
        window.apply(type("Quit", (), {"kind": "quit", "scene": None})())
