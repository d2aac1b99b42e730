"""Issue 8: a server announces itself and the browser finds it, live, over real mDNS.

The mDNS traffic runs in a network namespace this test creates (only its own
loopback inside), with zeroconf also limited to 127.0.0.1: nothing is ever
sent to any other address.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from lan_netns import private_netns

from doublenine.client.discovery import FoundTable, tables_from_service
from doublenine.server.announce import AnnouncedTable, txt_properties

HERE = Path(__file__).resolve().parent


def run_in_netns(script: str, *args: str) -> dict[str, Any]:
    """Run ``script`` (beside this file) in a fresh private namespace; its last stdout line as JSON."""
    with private_netns() as prefix:
        done = subprocess.run([*prefix, sys.executable, str(HERE / script), *args],
                              capture_output=True, text=True, timeout=150)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def test_browser_finds_two_servers_sees_a_seat_taken_and_drops_a_stopped_one() -> None:
    steps = run_in_netns("lan_mdns_scenario.py")
    assert steps["both"] == [
        ["beta", "XY3ZK", 4, "127.0.0.1", 40002, 1],
        ["alpha", "KQ7PM", 3, "127.0.0.1", 40001, 1],
        ["beta", "AB2CD", 1, "127.0.0.1", 40002, 1],
    ]
    assert steps["seat_taken"][1] == ["alpha", "KQ7PM", 2, "127.0.0.1", 40001, 1]
    assert steps["beta_stopped"] == [["alpha", "KQ7PM", 2, "127.0.0.1", 40001, 1]]
    assert steps["version_moved"] is True
    assert steps["all_stopped"] == []


def test_txt_record_round_trips_through_the_browser_decoder() -> None:
    props = txt_properties([AnnouncedTable("KQ7PM", 3), AnnouncedTable("AB2CD", 0)], "Ana's laptop", 2)
    assert props == {"txtvers": "1", "proto": "2", "host": "Ana's laptop",
                     "tables": "KQ7PM:3,AB2CD:0", "free": "3"}
    raw = {k.encode(): v.encode() for k, v in props.items()}
    found = tables_from_service("x._doublenine._tcp.local.", ["fe80::1", "192.168.1.20"], 8765, raw)
    assert found == [
        FoundTable("Ana's laptop", "KQ7PM", 3, "192.168.1.20", 8765, 2, "x._doublenine._tcp.local."),
        FoundTable("Ana's laptop", "AB2CD", 0, "192.168.1.20", 8765, 2, "x._doublenine._tcp.local."),
    ]
    assert str(found[0].invite) == "doublenine://192.168.1.20:8765/KQ7PM"


def test_txt_record_fits_255_bytes_and_counts_what_did_not_fit() -> None:
    tables = [AnnouncedTable(f"T{n:03d}".replace("0", "A").replace("1", "B"), 4) for n in range(100)]
    props = txt_properties(tables, "h" * 400, 1)
    assert len(("tables=" + props["tables"]).encode()) <= 255
    assert len(("host=" + props["host"]).encode()) <= 255
    assert int(props["more"]) == 100 - len(props["tables"].split(","))


def test_a_strangers_garbled_record_is_skipped_not_raised() -> None:
    raw = {b"tables": b"KQ7PM:x,!!:3,,AB2CD:2", b"proto": b"v9"}
    found = tables_from_service("odd._doublenine._tcp.local.", ["not-an-ip", "10.1.2.3"], 9, raw)
    assert found == [FoundTable("odd", "AB2CD", 2, "10.1.2.3", 9, None, "odd._doublenine._tcp.local.")]
    assert tables_from_service("none", ["fe80::1"], 9, raw) == []


def test_serve_announce_lists_its_table_updates_free_seats_and_withdraws_on_stop() -> None:
    steps = run_in_netns("lan_serve_scenario.py")
    code, port = steps["code"], steps["port"]
    assert steps["opened"] == [[code, 1, "127.0.0.1", port]]
    assert steps["seat_taken"] == [[code, 0, "127.0.0.1", port]]
    assert steps["exit"] == 0
    assert steps["stopped"] == []


def test_join_screen_lists_two_hosted_tables_and_joins_one(tmp_path: Path) -> None:
    shot = tmp_path / "join.png"
    out = run_in_netns("lan_join_scenario.py", str(shot))
    assert out["listed"] == [["Ana's laptop", out["ana"], 2], ["Bo", out["bo"], 1]]
    assert out["joined"] == 2  # Bo's table: seat 1 is Bo's, seat 2 the first free one
    assert out["message"] == ""
    assert shot.stat().st_size > 10_000


def test_issue_16_1_a_flood_of_announcements_is_bounded() -> None:
    from doublenine.client.discovery import MAX_SERVICES, TableBrowser

    browser = TableBrowser(interfaces=["127.0.0.1"])
    props = {b"tables": b"KQ7PA:2"}
    for i in range(MAX_SERVICES + 50):  # each from its own address (one address fills 12 rows at most)
        name = f"host{i}._doublenine._tcp.local."
        browser._set(name, tables_from_service(name, [f"10.0.{i}.1"], 8765, props))
    assert len(browser.tables()) == MAX_SERVICES == 64
    browser._set("host0._doublenine._tcp.local.", None)  # one goes: a newcomer has room again
    browser._set("new._doublenine._tcp.local.", tables_from_service("new", ["10.0.0.2"], 8765, props))
    assert len(browser.tables()) == 64 and any(t.address == "10.0.0.2" for t in browser.tables())


def test_club_s14_f8_a_named_tables_name_goes_along_and_an_old_reader_still_reads_the_tables() -> None:
    """Club s14 F8: four rows of one club server read the same host name and a random code each. The TXT
    record now carries the tables' names in a key of its own (``names``): ``tables`` is read as before."""
    props = txt_properties([AnnouncedTable("KQ7PM", 3, "Table 1, ça va"), AnnouncedTable("AB2CD", 0),
                            AnnouncedTable("XY3ZK", 2, "Window table")], "Club", 2)
    assert props["tables"] == "KQ7PM:3,XY3ZK:2,AB2CD:0"
    assert props["names"] == "KQ7PM:Table%201%2C%20%C3%A7a%20va,XY3ZK:Window%20table"
    raw = {k.encode(): v.encode() for k, v in props.items()}
    found = tables_from_service("x._doublenine._tcp.local.", ["192.168.1.20"], 8765, raw)
    assert [(t.code, t.free_seats, t.table_name) for t in found] == [
        ("KQ7PM", 3, "Table 1, ça va"), ("XY3ZK", 2, "Window table"), ("AB2CD", 0, "")]
    garbled = {b"tables": b"KQ7PM:3", b"names": b"KQ7PM:%E2%80%8B,!!:x,:y,KQ7PM"}  # blank, bad code, none
    assert [t.table_name for t in tables_from_service("x", ["10.1.2.3"], 9, garbled)] == [""]


def test_names_that_do_not_fit_are_left_out_never_cut() -> None:
    tables = [AnnouncedTable(f"K{n}QPM".replace("0", "A").replace("1", "B"), 4, "N" * 32) for n in range(10)]
    props = txt_properties(tables, "Club", 2)
    assert len(("names=" + props["names"]).encode()) <= 255
    assert all(item.endswith(":" + "N" * 32) for item in props["names"].split(","))
    assert len(props["names"].split(",")) == 6  # 6 × 39 bytes + 5 commas + "names=" = 245
