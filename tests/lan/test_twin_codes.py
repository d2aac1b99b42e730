"""Attacker s12 round 2 N4: a stranger announces the real host's name AND table code from its own address.

The genuine "Hostie" announced X9P6Z with 2 free seats at 127.0.0.1:8765; a stranger at 10.9.9.9 announced host
"Hostie", table "X9P6Z:4" from its own address (895f38a's source check holds for its own machine), and the join list
was ``[["Hostie","X9P6Z",4,"10.9.9.9",8765], ["Hostie","X9P6Z",2,"127.0.0.1",8765]]``: the stranger's copy on top,
ranked by the free seats it chose to announce. Kind: a row ranked by what its announcer says about itself. Now
announcers rank in the order first heard (a table where this computer holds a seat first, in the join screen), and
both rows of a code two announcers list are marked ``twin`` and say "Two tables say code X9P6Z: check the address
... with your host".
"""
from __future__ import annotations

import pygame
import pytest

from doublenine.client.discovery import FoundTable, TableBrowser, rank_tables, tables_from_service
from doublenine.shared.i18n import tr

HOST = "Hostie doublenine 8765._doublenine._tcp.local."
STRANGER = "Hostie 2._doublenine._tcp.local."


def _rows(tables: list[FoundTable]) -> list[list[object]]:
    return [[t.host_name, t.code, t.free_seats, t.address, t.port, t.twin] for t in tables]


def _heard(browser: TableBrowser, name: str, address: str, tables: bytes) -> None:
    browser._set(name, tables_from_service(name, [address], 8765, {b"host": b"Hostie", b"tables": tables}))


def test_n4_the_reported_rows_host_heard_first_is_listed_first_and_both_are_marked() -> None:
    browser = TableBrowser(interfaces=["127.0.0.1"])
    _heard(browser, HOST, "127.0.0.1", b"X9P6Z:2")
    _heard(browser, STRANGER, "10.9.9.9", b"X9P6Z:4")
    assert _rows(browser.tables()) == [["Hostie", "X9P6Z", 2, "127.0.0.1", 8765, True],   # was second
                                       ["Hostie", "X9P6Z", 4, "10.9.9.9", 8765, True]]


def test_free_seats_announced_never_rank_announcers() -> None:
    a = FoundTable("Hostie", "X9P6Z", 2, "192.168.1.20", 8765, 2, HOST)
    b = FoundTable("Bo", "KQ7PM", 4, "192.168.1.66", 8765, 2, STRANGER)
    assert [t.address for t in rank_tables([b, a], {"192.168.1.20": 0, "192.168.1.66": 1})] == \
        ["192.168.1.20", "192.168.1.66"]
    assert [t.twin for t in rank_tables([b, a], {})] == [False, False]  # two codes: no conflict


def test_the_table_where_this_computer_holds_a_seat_comes_first(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from doublenine.client import config
    from doublenine.client.scenes.lan_join import LanJoinScene

    stranger = FoundTable("Hostie", "X9P6Z", 4, "10.9.9.9", 8765, 2, STRANGER, True)
    host = FoundTable("Hostie", "X9P6Z", 2, "127.0.0.1", 8765, 2, HOST, True)

    class Heard:
        version = 1

        def tables(self) -> list[FoundTable]:
            return [stranger, host]  # the stranger heard first

    monkeypatch.setattr(config, "held_seat", lambda saved, url, code: "tok" if "127.0.0.1" in url else None)
    pygame.init()
    scene = LanJoinScene(lambda launch: None, "Ana", "en", browser=Heard())
    scene.update(0.0)
    assert [t.address for t in scene.tables] == ["127.0.0.1", "10.9.9.9"] and scene._mine == frozenset({0})
    drawn: list[str] = []
    real = scene.art.fit_text
    monkeypatch.setattr(scene.art, "fit_text", lambda text, *a, **k: (drawn.append(text), real(text, *a, **k))[1])
    scene.draw(pygame.Surface(scene.vp.pixels))
    assert [t for t in drawn if t.startswith("Two tables")] == [
        "Two tables say code X9P6Z: check the address 127.0.0.1:8765 with your host",
        "Two tables say code X9P6Z: check the address 10.9.9.9:8765 with your host"]


@pytest.mark.parametrize("lang", ["en", "fr", "de", "es", "pt"])
def test_a_twin_row_says_so_in_every_language(lang: str) -> None:
    text = tr(lang, "Two tables say code {code}: check the address {address} with your host",
              code="X9P6Z", address="10.9.9.9:8765")
    assert "X9P6Z" in text and "10.9.9.9:8765" in text
    assert (text == "Two tables say code X9P6Z: check the address 10.9.9.9:8765 with your host") == (lang == "en")
