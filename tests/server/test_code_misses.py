"""Issue 12 case 7: guessing table codes. Misses are limited per address group (IPv6 by its
/64), counted in /metrics, and every per-address limit counts the same groups."""
from __future__ import annotations

from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from doublenine.server.addresses import MissLimiter, address_group
from doublenine.server.netbot import ServerRefused, TableClient

from .conftest import create


def test_address_groups() -> None:
    assert address_group("203.0.113.9") == "203.0.113.9"
    assert address_group("2001:db8:1:2::7") == address_group("2001:db8:1:2:ffff:1:2:3") == "2001:db8:1:2::/64"
    assert address_group("2001:db8:1:3::7") == "2001:db8:1:3::/64"
    assert address_group("::ffff:203.0.113.9") == "203.0.113.9"
    assert address_group("[2001:db8::1]") == "2001:db8::/64" and address_group("?") == "?"


def test_miss_limiter_burst_then_rate_and_bounded_memory() -> None:
    misses = MissLimiter(rate=0.5, burst=3, max_groups=2)
    for _ in range(3):
        assert misses.allowed("a", 0.0)
        misses.missed("a", 0.0)
    assert not misses.allowed("a", 0.0) and misses.retry_after("a", 0.0) == 2.0
    assert misses.allowed("a", 2.0) and misses.allowed("b", 0.0)
    misses.missed("b", 0.0)
    misses.missed("c", 0.0)
    assert len(misses._buckets) == 2  # "a", least recently seen, is forgotten


def test_miss_limiter_allows_its_share_when_processes_share_the_store() -> None:
    """Issue 12: three processes, each allows a third of the budget (rate and burst), so one
    client whose codes nginx spreads over the three gets the configured budget, not three times it."""
    n = [3]
    misses = MissLimiter(rate=1.5, burst=20, processes=lambda: n[0])
    for _ in range(6):  # 20 / 3 = 6.67 at once
        assert misses.allowed("a", 0.0)
        misses.missed("a", 0.0)
    assert not misses.allowed("a", 0.0) and misses.retry_after("a", 0.0) == pytest.approx((1 - 2 / 3) / 0.5)  # 0.67 left, 0.5 a second
    n[0] = 40  # more processes than the burst: still one miss at a time each
    assert misses.allowed("b", 0.0)
    misses.missed("b", 0.0)
    assert not misses.allowed("b", 0.0)


async def _attach(url: str, fields: dict[str, Any], peer: str) -> str:
    client = await TableClient.connect(url, additional_headers={"X-Forwarded-For": peer})
    try:
        await client.attach(fields)
        return "joined"
    except ServerRefused as exc:
        return f"{exc.error.code}:{(exc.error.data or {}).get('limit', '')}"
    finally:
        await client.close()


def _metric(server: Any, line: str) -> float:
    text = server.registry.metrics.render().decode()
    found = [ln for ln in text.splitlines() if ln.startswith(line + " ")]
    return float(found[0].split()[-1]) if found else 0.0


async def test_case7_code_misses_are_limited_per_ipv6_slash64_and_counted(make_server) -> None:
    server = await make_server(trust_proxy=True, code_miss_rate=0.01, code_miss_burst=4)
    host = await create(server, "hhcc", sit=1)
    one = [f"2001:db8:1:2::{n}" for n in range(1, 7)]  # six addresses of one /64
    said = [await _attach(server.url, {"type": "spectate", "code": f"ZZZ{n}"}, peer) for n, peer in
            zip("ABCD", one)]
    assert said == ["UNKNOWN_TABLE:"] * 4
    # the group is out of misses: even the right code is refused now, before it is looked at
    assert await _attach(server.url, {"type": "spectate", "code": str(host.code)}, one[4]) == "RATE_LIMITED:code_misses"
    assert await _attach(server.url, {"type": "join", "code": "ZZZE"}, one[5]) == "RATE_LIMITED:code_misses"
    # another /64 and an IPv4 address have their own misses
    assert await _attach(server.url, {"type": "spectate", "code": str(host.code)}, "2001:db8:1:3::1") == "joined"
    assert await _attach(server.url, {"type": "spectate", "code": "ZZZF"}, "203.0.113.9") == "UNKNOWN_TABLE:"
    assert _metric(server, "doublenine_code_misses_total") == 5
    assert _metric(server, 'doublenine_limits_total{limit="code_misses"}') == 2


async def test_case7_connections_per_address_count_the_ipv6_slash64_too(make_server) -> None:
    server = await make_server(trust_proxy=True, max_connections_per_address=2)
    held = [await TableClient.connect(server.url, additional_headers={"X-Forwarded-For": f"2001:db8:9:9::{n}"})
            for n in (1, 2)]
    with pytest.raises((ServerRefused, ConnectionClosed)):  # the error frame, or the 1008 close first
        await TableClient.connect(server.url, additional_headers={"X-Forwarded-For": "2001:db8:9:9:abcd::3"})
    assert _metric(server, 'doublenine_limits_total{limit="connections_per_address"}') == 1
    other = await TableClient.connect(server.url, additional_headers={"X-Forwarded-For": "2001:db8:9:8::1"})
    for client in (*held, other):
        await client.close()


def _page(server: Any, code: str, peer: str) -> int:
    import urllib.error
    import urllib.request

    request = urllib.request.Request(f"http://127.0.0.1:{server.port}/t/{code}", headers={"X-Forwarded-For": peer})
    try:
        with urllib.request.urlopen(request, timeout=20) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as exc:
        return int(exc.code)


async def test_case7_table_pages_and_frames_spend_one_miss_budget_per_address_group(make_server) -> None:
    """``/t/CODE`` and ``spectate`` count their misses through one lookup: one bucket per group,
    one metric; a lookup that finds its table (a page, a frame) costs no miss."""
    import asyncio

    server = await make_server(trust_proxy=True, code_miss_rate=0.01, code_miss_burst=3)
    host = await create(server, "hhcc", sit=1)
    peer = "203.0.113.50"
    assert await _attach(server.url, {"type": "spectate", "code": "ZZZA"}, peer) == "UNKNOWN_TABLE:"
    assert await asyncio.to_thread(_page, server, "ZZZB", peer) == 404
    for _ in range(3):  # found: each gives its miss back
        assert await _attach(server.url, {"type": "spectate", "code": str(host.code)}, peer) == "joined"
    assert await asyncio.to_thread(_page, server, "ZZZC", peer) == 404  # the third and last miss
    assert await _attach(server.url, {"type": "spectate", "code": "ZZZD"}, peer) == "RATE_LIMITED:code_misses"
    assert await asyncio.to_thread(_page, server, "ZZZE", peer) == 429
    assert _metric(server, "doublenine_code_misses_total") == 3
    await host.close()


async def test_case7_a_group_out_of_misses_learns_nothing_from_a_table_page(make_server) -> None:
    """A ``spectate`` from a group out of misses is refused before its code is read, but ``/t/CODE``
    answered a table this process serves before taking a miss: past the budget, a guesser still
    told open codes (200) from unknown ones (429) at the page rate."""
    import asyncio

    server = await make_server(trust_proxy=True, code_miss_rate=0.01, code_miss_burst=1)
    host = await create(server, "hhcc", sit=1)
    peer = "203.0.113.51"
    assert await asyncio.to_thread(_page, server, str(host.code), peer) == 200  # found: no miss taken
    assert await asyncio.to_thread(_page, server, "ZZZA", peer) == 404
    assert [await asyncio.to_thread(_page, server, code, peer) for code in ("ZZZB", str(host.code))] == [429, 429]
    assert await _attach(server.url, {"type": "spectate", "code": str(host.code)}, peer) == "RATE_LIMITED:code_misses"
    assert await asyncio.to_thread(_page, server, str(host.code), "203.0.113.52") == 200  # another group
    await host.close()


async def _guess(registry, group: str, now: float, code: str = "ZZZZZ", token: str | None = None) -> str:
    from doublenine.server.lookup import look_up
    from doublenine.server.table import Refused

    try:
        await look_up(registry, code, group, token=token, routed=False, now=now)
        return "found"
    except Refused as exc:
        return f"{exc.code}:{(exc.data or {}).get('retry_ms', '')}"


async def test_s11_f7_the_slash64s_of_one_slash48_share_four_groups_misses(make_server) -> None:
    """Attacker s11 F7: each /64 of one /48 spent its own burst of 20 misses; the /48 now has 4 x 20
    at once and 4 a second over all its /64s (the other caps' /48, ``addresses.site_group``)."""
    registry = (await make_server(code_miss_rate=1.0, code_miss_burst=20)).registry  # the defaults
    said = [await _guess(registry, f"2001:db8:5:{n}::/64", 100.0) for n in range(4) for _ in range(20)]
    assert said == ["UNKNOWN_TABLE:"] * 80
    assert await _guess(registry, "2001:db8:5:4::/64", 100.0) == "RATE_LIMITED:251"  # 1 miss at 4/s
    assert registry.misses._level("2001:db8:5:4::/64", 100.0) == 20.0  # its own token given back
    assert await _guess(registry, "2001:db8:6::/64", 100.0) == "UNKNOWN_TABLE:"  # another /48
    assert await _guess(registry, "2001:db8:5:4::/64", 100.25) == "UNKNOWN_TABLE:"


async def test_s11_r2_f2_every_miss_counts_over_all_groups_fresh_addresses_included(make_server) -> None:
    """Attacker s11 round 2 F2 (scan_fresh.py 1500 2: 1,500 fresh addresses' first guesses all answered,
    692 a second against a cap of 10 a second after a burst of 200): only groups that had missed
    before paid into the bucket over all groups. 1,500 fresh addresses x 1 guess at one moment now get
    exactly its burst (10 groups' 20 = 200) answered, then 10 a second (ALL_MISSES x code_miss_rate)."""
    registry = (await make_server(code_miss_rate=1.0, code_miss_burst=20)).registry  # the defaults
    groups = [f"198.{18 + n // 60_000}.{(n // 250) % 240}.{1 + n % 250}" for n in range(1500)]
    said = [await _guess(registry, g, 50.0) for g in groups]
    assert said[:200] == ["UNKNOWN_TABLE:"] * 200 and said[200:] == ["RATE_LIMITED:101"] * 1300
    assert registry.misses._level(groups[-1], 50.0) == 20.0  # a refused guess took nothing of its group's
    later = [await _guess(registry, g, 52.0) for g in groups[200:221]]  # 2 s later: 20 more
    assert later == ["UNKNOWN_TABLE:"] * 20 + ["RATE_LIMITED:101"]


async def test_s11_r2_f1_a_drained_bucket_never_refuses_a_known_code_or_a_seats_token(make_server) -> None:
    """Attacker s11 round 2 F1 (miss_lockout.py: strangers kept the bucket over all groups empty; the
    victim, who had joined the table and mistyped once, got RATE_LIMITED {code_misses, 98} for the
    right code and for a rejoin with its own seat's token). A code the group was served and a
    seat's token are never refused by that bucket; a stranger's guess of the same code, or a rejoin
    with a token of no seat, is refused before it tells the open code apart."""
    server = await make_server(code_miss_rate=1.0, code_miss_burst=20)  # the defaults
    registry = server.registry
    host = await create(server, "hhcc", sit=1)
    code, victim = str(host.code), "198.51.100.77"
    assert await _guess(registry, victim, 50.0, code) == "found"  # the victim joined before
    assert await _guess(registry, victim, 50.0, "ZZZZ2") == "UNKNOWN_TABLE:"  # and mistyped once
    drain = [await _guess(registry, f"198.18.{n // 250}.{1 + n % 250}", 50.0) for n in range(300)]
    assert drain.count("UNKNOWN_TABLE:") == 199 and drain.count("RATE_LIMITED:101") == 101
    assert await _guess(registry, victim, 50.0, code) == "found"  # the right code, during the drain
    assert await _guess(registry, victim, 50.0, code, token=host.token) == "found"  # its rejoin
    assert await _guess(registry, "203.0.113.9", 50.0, code, token=host.token) == "found"  # from elsewhere
    stranger = "203.0.113.10"
    assert await _guess(registry, stranger, 50.0, code) == "RATE_LIMITED:101"
    assert await _guess(registry, stranger, 50.0, code, token="x" * 32) == "RATE_LIMITED:101"
    assert await _guess(registry, stranger, 50.0, "ZZZZ3", token="x" * 32) == "RATE_LIMITED:101"
    assert await _guess(registry, victim, 50.0, "ZZZZ4") == "RATE_LIMITED:101"  # its own guesses pay as before
    assert registry.all_misses._level("all", 50.0) == 0.0  # the found lookups took nothing
    await host.close()


async def test_s11_r2_f1_a_known_codes_miss_still_counts_over_all_groups(make_server) -> None:
    """A known code whose table is gone (a rejoin of a finished table) is answered UNKNOWN_TABLE and
    pays one miss into the bucket over all groups, never refused by it."""
    registry = (await make_server(code_miss_rate=1.0, code_miss_burst=20)).registry
    registry.known_codes.add(("198.51.100.5", "ZZZZ5"))
    assert await _guess(registry, "198.51.100.5", 50.0, "ZZZZ5") == "UNKNOWN_TABLE:"
    assert registry.all_misses._level("all", 50.0) == 199.0
    drain = [await _guess(registry, f"198.18.0.{n}", 50.0) for n in range(1, 201)]
    assert drain.count("UNKNOWN_TABLE:") == 199
    assert await _guess(registry, "198.51.100.5", 50.0, "ZZZZ5") == "UNKNOWN_TABLE:"


def test_s11_r2_the_known_codes_are_bounded() -> None:
    from doublenine.server.lookup import KnownCodes

    known = KnownCodes(limit=2)
    for pair in (("a", "X"), ("b", "X"), ("a", "X"), ("a", "Y")):
        known.add(pair)
    assert (("a", "X") in known, ("b", "X") in known, ("a", "Y") in known, len(known)) == (True, False, True, 2)
