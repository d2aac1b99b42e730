"""Organiser s16 F11 (session 17, item 1): the table's creator closes or unlists it from the window's lobby.
Close table asks twice (the first press says what it does), Take off the list acts at once; both fit the
lobby's row beside Start now at every window size and language, and the closed table is said to everyone."""
from __future__ import annotations

from dataclasses import replace

import pytest

from doublenine.client.input import Viewport
from doublenine.client.intents import CloseIt
from doublenine.client.local import LocalSession
from doublenine.client.scenes.table import CLOSE_WARNING, TOAST_SECONDS, UNLISTING, TableScene
from doublenine.client.sound import Sounds
from doublenine.client.text import tr
from doublenine.shared.failures import Failure
from doublenine.shared.seats import Seat

SIZES = ((800, 600), (1280, 720), (1920, 1080))
LANGS = ("en", "fr", "pt", "de", "es")


def _scene(size: tuple[int, int], lang: str, created: bool = True, public: bool = True) -> tuple[TableScene, list]:
    s = LocalSession(seed=2026, names=("José", "Zoë", "Ñandú", "Maximiliano"), humans=frozenset({Seat.ONE, Seat.FOUR}))
    s.state = replace(s.state, table="K7QPA", started=False, created=created, public=public, starters=(Seat.ONE,))
    sent: list = []
    s.send = sent.append  # type: ignore[method-assign]
    scene = TableScene(s, lang=lang, sounds=Sounds(muted=True), motion=False)
    scene.has_link = lambda: True  # type: ignore[method-assign]  # a table others reach (a server's)
    scene.resize(Viewport(size, size))
    return scene, sent


def _inside(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return b[0] <= a[0] and b[1] <= a[1] and a[0] + a[2] <= b[0] + b[2] and a[1] + a[3] <= b[1] + b[3]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_the_creators_lobby_offers_close_and_unlist_within_the_panel(size: tuple[int, int], lang: str) -> None:
    scene, _ = _scene(size, lang)
    panel = scene.layout().panel
    assert panel is not None and panel.kind == "lobby"
    assert [b.id for b in panel.buttons] == ["start", "close_table", "unlist"]
    for i, b in enumerate(panel.buttons):
        assert _inside(b.rect, panel.rect), (b.id, b.rect, panel.rect)
        assert all(b.rect[0] + b.rect[2] <= o.rect[0] or o.rect[0] + o.rect[2] <= b.rect[0]
                   or b.rect[1] + b.rect[3] <= o.rect[1] or o.rect[1] + o.rect[3] <= b.rect[1]
                   for o in panel.buttons[i + 1:]), (b.id, size, lang)


def test_only_the_creator_sees_them_and_unlist_only_for_a_listed_table() -> None:
    assert [b.id for b in _scene((1280, 720), "en", created=False)[0].layout().panel.buttons] == ["start"]
    assert [b.id for b in _scene((1280, 720), "en", public=False)[0].layout().panel.buttons] == ["start", "close_table"]


def test_close_table_asks_twice_and_take_off_the_list_acts_at_once() -> None:
    scene, sent = _scene((1280, 720), "es")
    scene._close_table(False)
    assert sent == [] and scene.toast is not None and scene.toast[0] == tr("es", CLOSE_WARNING)
    scene._close_table(False)
    assert sent == [CloseIt(unlist=False)]
    scene._now += TOAST_SECONDS + 1
    scene._close_table(False)  # a press long after: asks again
    assert sent == [CloseIt(unlist=False)]
    scene._close_table(True)
    assert sent == [CloseIt(unlist=False), CloseIt(unlist=True)] and scene.toast[0] == tr("es", UNLISTING)


@pytest.mark.parametrize(("by", "lang", "said"), (
    ("creator", "en", "Table K7QPA was closed by the person who created it."),
    ("operator", "en", "Table K7QPA was closed by the server's operator."),
    ("creator", "fr", "La table K7QPA a été fermée par la personne qui l’a créée."),
    ("operator", "pt", "A mesa K7QPA foi fechada pelo administrador do servidor."),
    ("creator", "de", "Der Tisch K7QPA wurde von der Person geschlossen, die ihn erstellt hat."),
    ("operator", "es", "La mesa K7QPA fue cerrada por el administrador del servidor.")))
def test_everyone_at_a_table_closed_by_hand_is_told_who_closed_it(by: str, lang: str, said: str) -> None:
    from doublenine.client.net import NetClient
    from doublenine.shared import protocol as p

    client = NetClient("ws://127.0.0.1:9/", p.Spectate(code="K7QPA"))
    client._receive(None, p.encode(p.LeftTable(code="K7QPA", closed=by)))
    assert client._shut == Failure(f"table.closed_by.{by}", {"code": "K7QPA"})
    assert client._shut.text(lang) == said
