"""Issue 16.2: a LAN announcement is a stranger's text: its host name is cleaned before any screen draws it."""
from __future__ import annotations

from doublenine.client.discovery import tables_from_service


def _host(host: bytes, service: str = "x._doublenine._tcp.local.") -> str:
    found = tables_from_service(service, ["192.168.1.20"], 8765, {b"host": host, b"tables": b"KQ7P:3"})
    return found[0].host_name


def test_announced_host_name_is_cleaned() -> None:
    assert _host("A\x00B\u200b".encode()) == "AB"
    assert _host("Ana\nlaptop\u202e".encode()) == "Ana laptop"
    assert _host(("x" * 300).encode()) == "x" * 63


def test_blank_host_name_falls_back_to_the_instance_then_the_address() -> None:
    assert _host("\u200b".encode(), "Ana\u00ad doublenine 8765._doublenine._tcp.local.") == "Ana doublenine 8765"
    assert _host(b"\xef\xbb\xbf", "\u200d._doublenine._tcp.local.") == "192.168.1.20"
