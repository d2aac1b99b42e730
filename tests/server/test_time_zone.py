"""Organiser s16 F8 (session 17, item 3): the web pages' times and ``?date=`` were UTC while ``doublenine results
--date`` took the machine's local day. One setting, ``serve --time-zone`` (``$DOUBLENINE_TIME_ZONE``, else UTC),
gives the pages' zone, which each time names; ``doublenine results`` reads the same (tests/storage/test_results_cli.py)."""
from __future__ import annotations

import argparse
from typing import Any

import pytest

from doublenine.server.storage.base import MatchResult
from doublenine.server.zones import day_span, label, local, zone_default

from .test_web_pages import get

SEATS = ("Ana", "Luis", "Mara", "Nico")
EVENING = [MatchResult("MIAMI", n, SEATS, (101, 40), "A", 4, ended - 1800, ended, "Mesa 1", True)
           for n, ended in ((1, 1796684400.0), (2, 1796698800.0), (3, 1796716800.0))]
"""Three matches of one Miami evening, ended 23:00 UTC on 2026-12-07, 03:00 and 08:00 UTC on the 8th (18:00 and
22:00 EST on the 7th, 03:00 EST on the 8th): a UTC day splits it."""


def test_a_day_is_the_zones_day_and_every_time_names_its_zone() -> None:
    assert day_span("2026-12-07", "UTC") == (1796601600.0, 1796688000.0)
    assert day_span("2026-12-07", "America/New_York") == (1796619600.0, 1796706000.0)
    assert day_span("2026-03-29", "Europe/Madrid")[1] - day_span("2026-03-29", "Europe/Madrid")[0] == 23 * 3600
    assert day_span("2026-13-45", "UTC") is None and day_span("9999-12-31", "UTC") is None
    assert [label(local(1796698800.0, z)) for z in ("UTC", "America/New_York", "Europe/Madrid", "America/Sao_Paulo",
                                                   "Asia/Kolkata")] == ["UTC", "EST", "CET", "UTC-03:00", "IST"]
    assert zone_default({}) == "UTC" and zone_default({"DOUBLENINE_TIME_ZONE": " Europe/Madrid "}) == "Europe/Madrid"
    for bad in ("Mars/Olympus", "/etc/localtime", "../x", "Europe/" + "x" * 70, "Europe//Madrid"):
        with pytest.raises(ValueError):
            zone_default({"DOUBLENINE_TIME_ZONE": bad})


def test_serve_refuses_a_zone_it_does_not_know(capsys: Any) -> None:
    from doublenine.cli import build_parser

    with pytest.raises(SystemExit) as exit_:
        build_parser().parse_args(["serve", "--time-zone", "Mars/Olympus"])
    assert exit_.value.code == 2
    assert "argument --time-zone: no time zone 'Mars/Olympus' in this machine's time zone data" in capsys.readouterr().err
    assert build_parser().parse_args(["serve", "--time-zone", "America/Havana"]).time_zone == "America/Havana"


@pytest.mark.parametrize(("zone", "day", "matches", "said"), (
    ("UTC", "2026-12-07", [1], "UTC"),
    ("UTC", "2026-12-08", [3, 2], "UTC"),
    ("America/New_York", "2026-12-07", [2, 1], "EST"),
    ("America/New_York", "2026-12-08", [3], "EST")))
async def test_the_pages_pick_and_show_the_servers_zone(make_server: Any, zone: str, day: str, matches: list[int],
                                                        said: str) -> None:
    server = await make_server(time_zone=zone)
    for r in EVENING:
        await server.registry.store.record_result(r)
    status, _, html = await get(server, f"/results?date={day}", lang="en")
    assert status == 200 and f"Ended on ({zone})" in html
    assert [int(m) for m in __import__("re").findall(r'data-match="(\d+)"', html)] == matches
    if matches:
        assert html.count(f" {said}</span></li>") == len(matches)
    status, _, text = await get(server, f"/results.csv?date={day}")
    assert status == 200 and [row.split(",")[4] for row in text.lstrip("\ufeff").splitlines()[1:]] == \
        [str(m) for m in matches]
    if zone != "UTC" and day == "2026-12-07":
        assert "2026-12-07 17:30 – 18:00 EST" in html and "2026-12-07 21:30 – 22:00 EST" in html
