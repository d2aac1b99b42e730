"""Issue 16.2: a LAN announcement is a stranger's text: its host name is cleaned before any screen draws it."""
from __future__ import annotations

import pytest

from doublenine.client.discovery import tables_from_service


def _host(host: bytes, service: str = "x._doublenine._tcp.local.") -> str:
    found = tables_from_service(service, ["192.168.1.20"], 8765, {b"host": host, b"tables": b"KQ7PM:3"})
    return found[0].host_name


def test_announced_host_name_is_cleaned() -> None:
    assert _host("A\x00B\u200b".encode()) == "AB"
    assert _host("Ana\nlaptop\u202e".encode()) == "Ana laptop"
    assert _host(("x" * 300).encode()) == "x" * 63


def test_blank_host_name_falls_back_to_the_instance_then_the_address() -> None:
    assert _host("\u200b".encode(), "Ana\u00ad doublenine 8765._doublenine._tcp.local.") == "Ana doublenine 8765"
    assert _host(b"\xef\xbb\xbf", "\u200d._doublenine._tcp.local.") == "192.168.1.20"


def test_a_bad_mdns_interface_setting_is_said_not_raised(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """DOUBLENINE_MDNS_INTERFACES is outside text: a non-address was a ValueError out of the join screen."""
    import pygame

    from doublenine.client.scenes.lan_join import LanJoinScene
    from doublenine.server.announce import mdns_interfaces
    from doublenine.shared.dialing import address_list

    monkeypatch.setenv("DOUBLENINE_MDNS_INTERFACES", "not-an-ip,²")
    scene = LanJoinScene(lambda launch: None, "Ana", "en")
    assert scene.browser is None and scene.form.warning
    assert scene.form.message == ("Cannot look for tables on this network (DOUBLENINE_MDNS_INTERFACES is not a list "
                                  "of IP addresses: 'not-an-ip'). Paste an invite instead.")
    scene.draw(pygame.Surface((800, 600)))
    with pytest.raises(OSError):
        mdns_interfaces()
    assert address_list(" 127.0.0.1 , ::1,", "X") == ["127.0.0.1", "::1"]
    assert address_list(" , ", "X") is None


def test_hosting_with_a_bad_mdns_setting_serves_unlisted(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import time

    from doublenine.client.hosting import Hosting

    monkeypatch.setenv("DOUBLENINE_MDNS_INTERFACES", "²")
    hosting = Hosting(None, port=0, bind="127.0.0.1", announce=True, host_name="Ana").start()
    try:
        end = time.monotonic() + 10
        while hosting.embedded.announce_status == "starting" and time.monotonic() < end:
            time.sleep(0.05)
        assert (hosting.announced, hosting.announce_failed) == (False, True)
        assert hosting.embedded.announce_failure == \
            "OSError: DOUBLENINE_MDNS_INTERFACES is not a list of IP addresses: '\\xb2'"
    finally:
        hosting.stop()
