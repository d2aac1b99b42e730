"""The join screen's listed tables, Paste and Back are reached by Tab and pressed by Enter or Space, with the
ring (left alone: only Enter, joining with the typed invite, and Escape worked; kind: a control only a click
reaches)."""
from __future__ import annotations

from typing import Any

import pygame

from doublenine.client.discovery import FoundTable
from doublenine.client.focus import ring_rect
from doublenine.client.input import Viewport
from doublenine.client.scenes.lan_join import LanJoinScene, join_layout
from doublenine.shared import protocol as p

SIZE = (1280, 800)
GOLD = (244, 204, 96)


class TwoTables:
    """A LAN browser listing two tables."""

    version = 1

    def __init__(self) -> None:
        self.found = [FoundTable(name, code, 2, "192.168.1.20", 8765, p.PROTOCOL_VERSION, f"{name}._doublenine._tcp.local.")
                      for name, code in (("Ana", "K7QPA"), ("Zoë", "M4XWR"))]

    def tables(self) -> list[Any]:
        return self.found

    def stop(self) -> None:
        pass


def _key(scene: LanJoinScene, k: int, mod: int = 0):  # type: ignore[no-untyped-def]
    return scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def test_tab_walks_the_listed_tables_the_field_and_the_buttons_and_enter_joins_the_focused_table() -> None:
    browser = TwoTables()
    scene = LanJoinScene(lambda launch: None, "Bea", "en", browser=browser)
    scene.resize(Viewport(SIZE, SIZE))
    scene.update(0.0)
    began: list[Any] = []
    scene._begin = began.append  # type: ignore[method-assign]
    seen = []
    for _ in range(6):
        _key(scene, pygame.K_TAB)
        seen.append(scene.form.ring or ("invite" if scene.form.focus else None))
    # from the field, round; "Join with invite" is greyed while the invite is empty: never ringed (s12)
    assert seen == ["paste", "back", "join0", "join1", "invite", "paste"]
    _key(scene, pygame.K_TAB, pygame.KMOD_SHIFT)  # back to the field
    _key(scene, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert scene.form.ring == "join1" and not scene.form.focus  # typing no longer goes to the field
    surface = pygame.Surface(SIZE)
    scene.draw(surface)
    x, y, w, h = ring_rect(join_layout(SIZE, 2)["join1"])
    assert tuple(surface.get_at((x + w // 2, y)))[:3] == GOLD
    _key(scene, pygame.K_RETURN)
    assert began == [browser.found[1].invite]
    _key(scene, pygame.K_TAB, pygame.KMOD_SHIFT)
    _key(scene, pygame.K_TAB, pygame.KMOD_SHIFT)  # join0, then back (the greyed Join with invite is skipped)
    assert scene.form.ring == "back"
    change = _key(scene, pygame.K_SPACE)
    assert change is not None and change.kind == "pop"


def test_join_with_invite_takes_the_ring_once_an_invite_is_typed() -> None:
    """Tab skipped nothing: the greyed "Join with invite" took the ring while the invite was empty (tablekeys s12
    noticed). It is in the round only once the invite holds something."""
    scene = LanJoinScene(lambda launch: None, "Bea", "en", browser=TwoTables())
    scene.resize(Viewport(SIZE, SIZE))
    scene.update(0.0)
    scene.handle(pygame.event.Event(pygame.TEXTINPUT, text="doublenine://192.168.1.20:8765/K7QPA"))
    seen = []
    for _ in range(4):
        _key(scene, pygame.K_TAB)
        seen.append(scene.form.ring)
    assert seen == ["paste", "back", "join", "join0"]
