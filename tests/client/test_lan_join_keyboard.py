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


def _seen(scene: LanJoinScene) -> None:
    """The rows drawn, then in sight a second: a key acts on them (client.seen; test_lan_rows_seen)."""
    scene.draw(pygame.Surface(SIZE))
    scene.update(scene._now + 1.0)


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
    _seen(scene)
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


class FullTable(TwoTables):
    """A LAN browser listing a table with no free seat, then one with two."""

    def __init__(self) -> None:
        super().__init__()
        self.found[0] = FoundTable("Ana", "K7QPA", 0, "192.168.1.20", 8765, p.PROTOCOL_VERSION,
                                   "Ana._doublenine._tcp.local.")


class _Checked:
    """A table check that is done at once and found the table (joining.TableCheck's surface)."""

    made: list[Any] = []

    def __init__(self, invite: Any, want_seat: bool = True) -> None:
        self.invite, self.want_seat, self.failure, self.done = invite, want_seat, None, True
        _Checked.made.append(self)

    def start(self) -> _Checked:
        return self


def test_a_full_table_is_watched_from_its_row_by_tab_and_enter(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """s14 spectate item 2: a full table's row offered a greyed Join only (only tables with free seats could be
    entered). Its row says Watch, Tab reaches it and Enter opens the table to watch; a row with free seats
    still joins."""
    from doublenine.client.scenes import lan_join
    from doublenine.client.scenes.lan_join import CHECKED, full_row
    monkeypatch.setattr(lan_join, "TableCheck", _Checked)
    _Checked.made = []
    launched: list[Any] = []
    browser = FullTable()
    scene = LanJoinScene(lambda launch: launched.append(launch) or "table scene", "Bea", "en", browser=browser)
    scene.resize(Viewport(SIZE, SIZE))
    scene.update(0.0)
    assert [full_row(t, False) for t in browser.found] == [True, False]
    assert full_row(browser.found[0], True) is False  # this computer's seat there: Join takes it back (D7)
    for _ in range(3):
        _key(scene, pygame.K_TAB)
    assert scene.form.ring == "join0"
    _seen(scene)
    _key(scene, pygame.K_RETURN)
    change = scene.handle(pygame.event.Event(CHECKED))
    assert [(c.invite.code, c.want_seat) for c in _Checked.made] == [("K7QPA", False)]
    assert [(x.mode, x.table, x.name) for x in launched] == [("watch", "K7QPA", "Bea")]
    assert change is not None and (change.kind, change.scene) == ("replace", "table scene")
    _key(scene, pygame.K_TAB)
    assert scene.form.ring == "join1"
    _key(scene, pygame.K_SPACE)
    scene.handle(pygame.event.Event(CHECKED))
    assert [(x.mode, x.table) for x in launched[1:]] == [("join", "M4XWR")]


def test_an_invite_made_to_watch_is_watched_when_pasted(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from doublenine.client.scenes import lan_join
    from doublenine.client.scenes.lan_join import CHECKED
    monkeypatch.setattr(lan_join, "TableCheck", _Checked)
    _Checked.made = []
    launched: list[Any] = []
    scene = LanJoinScene(lambda launch: launched.append(launch) or "table scene", "Bea", "en", browser=TwoTables())
    scene.resize(Viewport(SIZE, SIZE))
    scene.update(0.0)
    scene.handle(pygame.event.Event(pygame.TEXTINPUT, text="doublenine://192.168.1.20:8765/K7QPA?watch=1"))
    _key(scene, pygame.K_RETURN)
    scene.handle(pygame.event.Event(CHECKED))
    assert [(x.mode, x.table) for x in launched] == [("watch", "K7QPA")]


def test_a_watching_invite_takes_this_computers_own_seat_back_instead() -> None:
    """The watching link (a full table's page) never keeps a player out of the seat this computer holds there
    (D7: it is that seat that fills the table), nor overrides a seat asked for (``--seat``)."""
    from doublenine.client import config
    from doublenine.client.joining import watches_invite
    from doublenine.shared.invite import parse_invite
    invite = parse_invite("doublenine://192.168.1.20:8765/K7QPA?watch=1")
    assert (watches_invite(invite), watches_invite(invite, seat=2)) == (True, False)
    assert watches_invite(parse_invite("doublenine://192.168.1.20:8765/K7QPA")) is False
    config.save(config.hold_seat(config.load(), invite.join_url, "K7QPA", "t0ken"))
    assert (watches_invite(invite), watches_invite(invite, kept=False)) == (False, True)
