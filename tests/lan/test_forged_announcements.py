"""Attacker s12 B1: forged LAN announcements hid the real table and pointed Join anywhere.

``b1_forge_mdns.py 400 2 Hostie 127.0.0.1 9999``: two services of 36 tables each (4 free seats,
host name copied from the real host "Hostie") filled every visible row with
"Hostie · 127.0.0.1:9999", pushed the genuine X9P6Z (2 free seats) out of sight, and Join made the
victim's window connect to its own port 9999. Now a table is listed only at its announcer's own
address (never loopback but in a loopback-only search), one announcer fills at most 12 rows, each
announcer's best table ranks before anyone's second, and the join screen's list scrolls.
"""
from __future__ import annotations

import pygame
import pytest

from test_discovery import run_in_netns

from doublenine.client.discovery import MAX_ROWS_PER_ANNOUNCER, TableBrowser, tables_from_service, vouched


def test_an_address_is_listed_only_if_its_announcer_sent_from_it() -> None:
    assert vouched("192.168.1.20", {"192.168.1.20"}, False) is True
    assert vouched("192.168.1.20", {"192.168.1.66"}, False) is False  # a stranger naming a neighbour
    assert vouched("127.0.0.1", {"192.168.1.66"}, False) is False  # the reported 127.0.0.1:9999
    assert vouched("127.0.0.1", {"127.0.0.1"}, False) is False  # a search on the network: never loopback
    assert vouched("127.0.0.1", {"127.0.0.1"}, True) is True  # loopback-only search (tests' namespaces)
    assert vouched("127.0.0.1", {"10.9.9.9"}, True) is False
    assert vouched("192.168.1.20", set(), False) is False  # no packet known: not trusted
    assert vouched("0.0.0.0", {"0.0.0.0"}, False) is False and vouched("224.0.0.251", {"224.0.0.251"}, False) is False
    assert vouched("not-an-ip", {"not-an-ip"}, False) is False


ABC = "23456789ABCDEFGHJKMNPQRSTVWXYZ"


def _forged(browser: TableBrowser, tag: str, address: str, services: int, free: int = 4) -> None:
    for i in range(services):
        codes = ",".join(f"{tag}{ABC[i]}{ABC[j % 30]}{ABC[j // 30]}K:{free}" for j in range(36))
        name = f"Hostie {tag}{i}._doublenine._tcp.local."
        browser._set(name, tables_from_service(name, [address], 9999, {b"host": b"Hostie", b"tables": codes.encode()}))


def test_one_announcer_fills_at_most_12_rows_and_each_announcers_best_comes_first() -> None:
    browser = TableBrowser(interfaces=["127.0.0.1"])
    _forged(browser, "A", "192.168.1.66", 2)  # 72 tables from one address, 4 free seats each
    assert len(browser.tables()) == MAX_ROWS_PER_ANNOUNCER == 12
    name = "Hostie doublenine 8765._doublenine._tcp.local."
    browser._set(name, tables_from_service(name, ["192.168.1.20"], 8765, {b"host": b"Hostie", b"tables": b"X9P6Z:2"}))
    rows = [(t.address, t.code, t.free_seats) for t in browser.tables()]
    assert len(rows) == 13 and rows[1] == ("192.168.1.20", "X9P6Z", 2)  # second: after the stranger's best only
    assert rows[0][0] == "192.168.1.66" and all(r[0] == "192.168.1.66" for r in rows[2:])


def test_live_forged_announcements_from_a_stranger_are_not_listed_or_capped() -> None:
    out = run_in_netns("lan_forged_scenario.py")
    rows = out["rows"]
    assert [r for r in rows if r[4] in (9999, 9997)] == []  # 127.0.0.1:9999 and a neighbour's 10.9.9.10
    assert ["Hostie", "X9P6Z", 2, "127.0.0.1", 40001] in rows[:2]
    assert len([r for r in rows if r[3:] == ["10.9.9.9", 9998]]) == 12 and len(rows) == 13
    assert out["services"] == 6  # every service was heard (the forged ones are listed nowhere)


class ListOf:
    """A browser stand-in holding ``tables``."""

    def __init__(self, tables) -> None:  # type: ignore[no-untyped-def]
        self.version, self._tables = 1, tables

    def tables(self):  # type: ignore[no-untyped-def]
        return self._tables


@pytest.fixture
def scene():  # type: ignore[no-untyped-def]
    from doublenine.client.scenes.lan_join import LanJoinScene

    pygame.init()
    browser = TableBrowser(interfaces=["127.0.0.1"])
    _forged(browser, "A", "192.168.1.66", 1)
    for i in range(2, 7):
        _forged(browser, chr(64 + i), f"192.168.1.{70 + i}", 1)  # 6 announcers x 12 rows
    s = LanJoinScene(lambda launch: None, "Ana", "en", browser=ListOf(browser.tables()))
    s.update(0.0)
    return s


def test_the_join_list_scrolls_by_wheel_arrows_and_pages_and_join_takes_the_row_shown(scene) -> None:
    fit = scene.rows_fit()
    assert len(scene.tables) == 72 and 0 < fit < 72
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode=""))
    assert scene.first == fit
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_UP, mod=0, unicode=""))
    assert scene.first == fit - 1
    scene.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3))
    assert scene.first == fit + 2
    for _ in range(40):
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode=""))
    assert scene.first == 72 - fit  # the last row shows, no further
    picked = []
    scene._begin = picked.append  # type: ignore[method-assign]
    scene.click_id("join0")
    assert picked == [scene.tables[72 - fit].invite]
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0, unicode=""))
    scene.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=99))
    assert scene.first == 0


def _heard(watch, source: str, *names: str, address: str = "192.168.1.20") -> None:  # type: ignore[no-untyped-def]
    """``watch`` hears a packet from ``source`` carrying an A record of ``address`` for each name."""
    import socket
    from types import SimpleNamespace

    from zeroconf import DNSAddress, RecordUpdate
    from zeroconf.const import _CLASS_IN, _TYPE_A

    recs = [DNSAddress(n, _TYPE_A, _CLASS_IN, 120, socket.inet_aton(address)) for n in names]
    msg = SimpleNamespace(source=(source, 5353), answers=lambda: recs)
    zc = SimpleNamespace(engine=SimpleNamespace(protocols=[SimpleNamespace(last_message=None),
                                                           SimpleNamespace(last_message=msg)]))
    watch.async_update_records(zc, 0.0, [RecordUpdate(r, None) for r in recs])


def test_the_source_of_each_address_record_is_remembered_within_bounds() -> None:
    from doublenine.client.discovery import MAX_NAMES_PER_SOURCE, MAX_SOURCES_KEPT, SourceWatch

    watch = SourceWatch()
    _heard(watch, "10.9.9.9", "forged0.local.", address="127.0.0.1")
    assert watch.senders("FORGED0.local.", "127.0.0.1") == {"10.9.9.9"}  # what vouched() is given
    assert watch.senders("forged0.local.", "10.9.9.9") == set()
    _heard(watch, "192.168.1.20", "hostie.local.")
    _heard(watch, "192.168.1.66", *(f"n{i}.local." for i in range(100)))  # one stranger's flood of names
    assert watch.senders("hostie.local.", "192.168.1.20") == {"192.168.1.20"}  # the host's stays
    assert watch.senders("n0.local.", "192.168.1.20") == set() and MAX_NAMES_PER_SOURCE == 64
    assert watch.senders("n99.local.", "192.168.1.20") == {"192.168.1.66"}
    for i in range(MAX_SOURCES_KEPT - 3):
        _heard(watch, f"10.1.{i // 250}.{i % 250 + 1}", "x.local.")
    _heard(watch, "192.168.1.20", "hostie.local.")  # heard again: last to go
    _heard(watch, "10.2.0.1", "x.local.")
    assert watch.senders("forged0.local.", "127.0.0.1") == set()  # least lately heard: gone
    assert watch.senders("hostie.local.", "192.168.1.20") == {"192.168.1.20"} and MAX_SOURCES_KEPT == 256
