"""The LAN list's rows act only on what the player has seen (client.seen, KEY_GUARD s in sight). s14 left alone:
the list changes by itself (mDNS announcements come and go, a held table sorts first), and a click or an Enter
meant for one row acted on the table that had just taken its place. Kind: a list acting on a click or a key that
was not under the table's guard (scenes.lan_join.LanJoinScene.sights; the table's free seats' cards likewise,
test_modal_holds_focus / test_seen_before_acting)."""
from __future__ import annotations

from typing import Any

import pygame

from doublenine.client.discovery import FoundTable
from doublenine.client.input import Viewport
from doublenine.client.scenes.lan_join import LanJoinScene, join_layout
from doublenine.shared import protocol as p

SIZE = (1280, 800)


def _table(name: str, code: str) -> FoundTable:
    return FoundTable(name, code, 2, "192.168.1.20", 8765, p.PROTOCOL_VERSION, f"{name}._doublenine._tcp.local.")


class Browser:
    """A LAN browser whose list the test changes (:meth:`show`)."""

    def __init__(self, *tables: FoundTable) -> None:
        self.found, self.version = list(tables), 1

    def show(self, *tables: FoundTable) -> None:
        self.found, self.version = list(tables), self.version + 1

    def tables(self) -> list[Any]:
        return self.found

    def stop(self) -> None:
        pass


def _scene(browser: Browser, monkeypatch) -> tuple[LanJoinScene, list[Any]]:  # type: ignore[no-untyped-def]
    from doublenine.client import config
    monkeypatch.setattr(config, "held_seat", lambda *a, **k: None)  # no seat kept here: the browser's order
    scene = LanJoinScene(lambda launch: None, "Bea", "en", browser=browser)
    scene.resize(Viewport(SIZE, SIZE))
    began: list[Any] = []
    scene._begin = began.append  # type: ignore[method-assign]
    return scene, began


def _frame(scene: LanJoinScene, t: float) -> None:
    scene.update(t)
    scene.draw(pygame.Surface(SIZE))


def _click(scene: LanJoinScene, cid: str) -> None:
    x, y, w, h = join_layout(SIZE, len(scene.tables), scene.form.message)[cid]
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x + w // 2, y + h // 2), button=1, touch=False))


def _press(scene: LanJoinScene, k: int) -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    scene.handle(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))


def test_a_click_on_a_row_that_just_took_another_tables_place_joins_nothing(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    ana, zoe = _table("Ana", "K7QPA"), _table("Zoë", "M4XWR")
    browser = Browser(ana)
    scene, began = _scene(browser, monkeypatch)
    _frame(scene, 0.0)
    _click(scene, "join0")  # the row came up this instant
    _frame(scene, 0.3)
    _click(scene, "join0")  # and 0.3 s later (the refused click started its half second again)
    assert began == []
    _frame(scene, 0.9)
    _click(scene, "join0")
    assert began == [ana.invite]
    browser.show(zoe, ana)  # Zoë's table announced: it takes the first row, under the pointer
    _frame(scene, 2.0)
    _frame(scene, 2.2)
    _click(scene, "join0")  # meant for Ana's row
    assert began == [ana.invite]
    _frame(scene, 2.8)
    _click(scene, "join0")
    assert began == [ana.invite, zoe.invite]


def test_enter_on_a_ringed_row_whose_table_changed_joins_nothing_until_seen(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    ana, zoe = _table("Ana", "K7QPA"), _table("Zoë", "M4XWR")
    browser = Browser(ana, zoe)
    scene, began = _scene(browser, monkeypatch)
    _frame(scene, 0.0)
    for _ in range(3):
        _press(scene, pygame.K_TAB)  # paste, back, join0
    assert scene.form.ring == "join0"
    _frame(scene, 1.0)
    browser.show(zoe)  # Ana's table closed: Zoë's row is now the first, under the ring
    _frame(scene, 1.1)
    _press(scene, pygame.K_RETURN)
    assert began == []
    _frame(scene, 1.7)
    _press(scene, pygame.K_RETURN)
    assert began == [zoe.invite]
    _press(scene, pygame.K_ESCAPE)  # Esc is never refused (client.seen.SAFE_KEYS)
