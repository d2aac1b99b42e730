"""Club s14 F5: ``doublenine results`` prints or exports the finished matches of a store, read-only,
while the server that holds the SQLite file runs (its owner lock held), and from PostgreSQL."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from doublenine.cli import main
from doublenine.server.storage import MatchResult, open_store
from doublenine.server.web.pages import results_csv

SMVTY_1 = MatchResult("SMVTY", 1, ("Ana 2", "Carlos", "Pablo", "Dora"), (143, 67), "A", 11, 1796677200.0,
                      1796679600.0, "Window table", True)
Q57RS_1 = MatchResult("Q57RS", 1, ("Ana", "Luis", "Mara", "Nico"), (59, 104), "B", 8, 1796677300.0,
                      1796679900.0, "", False)
LINES = ['2026-12-07 21:45 UTC  Q57RS  match 1  A: Ana & Mara 59 - B: Luis & Nico 104  B wins  8 hands  (21:01-21:45)',
         '2026-12-07 21:40 UTC  SMVTY "Window table"  match 1  A: Ana 2 & Pablo 143 - B: Carlos & Dora 67  A wins  '
         '11 hands  (21:00-21:40)']


async def test_results_of_a_sqlite_file_a_server_holds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "club.sqlite3"
    store = open_store(str(path))  # holds the file's owner lock, as a running server does
    try:
        await store.record_result(SMVTY_1)
        await store.record_result(Q57RS_1)
        before = sorted(os.listdir(tmp_path))
        assert main(["results", "--db", str(path)]) == 0
        assert capsys.readouterr().out.splitlines() == LINES
        assert main(["results", "--db", str(path), "--csv", "--table", "smvty"]) == 0
        out = capsys.readouterr().out  # league s17 F8: `head -c 3 results.csv | xxd` read 656e64 ("end")
        assert out == "\ufeff" + results_csv([SMVTY_1]) and out.encode()[:3] == b"\xef\xbb\xbf"  # as /results.csv
        assert main(["results", "--db", str(path), "--json", "--limit", "1"]) == 0
        assert [r["code"] for r in json.loads(capsys.readouterr().out)["results"]] == ["Q57RS"]
        assert sorted(os.listdir(tmp_path)) == before  # read-only: nothing made or left beside the file
        await store.record_result(MatchResult("SMVTY", 2, SMVTY_1.seats, (20, 100), "B", 4, 1796679700.0,
                                              1796680000.0, "Window table", True))  # the server still writes
    finally:
        await store.close()


def test_results_of_no_file_and_of_memory_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["results", "--db", str(tmp_path / "none.sqlite3")]) == 1
    assert capsys.readouterr().err == f"doublenine results: {tmp_path}/none.sqlite3: no such SQLite file\n"  # the path once (new user s14)
    (tmp_path / "notdb.sqlite3").write_text("not a database\n" * 64)
    assert main(["results", "--db", str(tmp_path / "notdb.sqlite3")]) == 1
    assert capsys.readouterr().err == (f"doublenine results: cannot read the SQLite store {tmp_path}/notdb.sqlite3:"
                                       " file is not a database\n")
    assert main(["results", "--db", ":memory:"]) == 2
    assert capsys.readouterr().err.startswith("doublenine results: a :memory: store is the server's own memory")


async def test_results_from_postgresql(pg_dsn: str, capsys: pytest.CaptureFixture[str]) -> None:
    store = open_store(pg_dsn)
    try:
        await store.drop_all()  # type: ignore[attr-defined]
        await store.record_result(SMVTY_1)
        await store.record_result(Q57RS_1)
    finally:
        await store.close()
    import asyncio
    assert await asyncio.to_thread(main, ["results", "--db", pg_dsn]) == 0
    assert capsys.readouterr().out.splitlines() == LINES


def test_a_limit_is_read_as_ascii_digits_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The command line's one way to read a number (shared/numbers.py): a fullwidth or negative --limit is refused."""
    for bad in ("\uff13", "-1"):
        with pytest.raises(SystemExit) as exited:
            main(["results", "--db", str(tmp_path / "x.sqlite3"), "--limit", bad])
        assert exited.value.code == 2
    assert capsys.readouterr().err.count("doublenine results: error: argument --limit") == 2


async def test_organiser_s16_f8_an_evening_by_the_clubs_day(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Organiser s16 F8: a club in Miami plays 18:00-23:00, 23:00-04:00 UTC: a UTC day splits that evening in two.
    ``--date`` takes the day in ``--time-zone``'s zone (else ``$DOUBLENINE_TIME_ZONE``, else UTC: the zone the
    server's pages use, session 17 item 3; it was the machine's ``TZ``, which the pages never used), then
    ``--limit``; the lines say their times in that zone, and name it."""
    import time

    late = MatchResult("Q57RS", 2, Q57RS_1.seats, (100, 12), "A", 5, 1796698800.0, 1796702400.0, "", False)  # 02:00 UTC
    path = tmp_path / "club.sqlite3"
    store = open_store(str(path))
    try:
        for r in (SMVTY_1, Q57RS_1, late):
            await store.record_result(r)
    finally:
        await store.close()
    monkeypatch.setenv("TZ", "EST5")  # the machine's own zone no longer counts
    time.tzset()
    try:
        for zone, env, day, codes in (("", "", "2026-12-07", ["Q57RS", "SMVTY"]), ("UTC", "", "2026-12-08", ["Q57RS"]),
                                      ("America/New_York", "", "2026-12-07", ["Q57RS", "Q57RS", "SMVTY"]),
                                      ("", "America/New_York", "2026-12-08", [])):
            monkeypatch.setenv("DOUBLENINE_TIME_ZONE", env)
            assert main(["results", "--db", str(path), "--json", "--date", day]
                        + (["--time-zone", zone] if zone else [])) == 0
            assert [r["code"] for r in json.loads(capsys.readouterr().out)["results"]] == codes, (zone, env, day)
        monkeypatch.setenv("DOUBLENINE_TIME_ZONE", "America/New_York")
        assert main(["results", "--db", str(path), "--json", "--date", "2026-12-07", "--limit", "1"]) == 0
        assert [r["match"] for r in json.loads(capsys.readouterr().out)["results"]] == [2]
        assert main(["results", "--db", str(path), "--table", "Q57RS", "--limit", "1"]) == 0
        assert capsys.readouterr().out.split("  ")[0] == "2026-12-07 23:00 EST"  # 04:00 UTC
        with pytest.raises(SystemExit) as exit_:
            main(["results", "--db", str(path), "--date", "2026-12-7"])
        assert exit_.value.code == 2 and "not a day as YYYY-MM-DD: '2026-12-7'" in capsys.readouterr().err
        with pytest.raises(SystemExit) as exit_:
            main(["results", "--db", str(path), "--time-zone", "Mars/Olympus"])
        assert exit_.value.code == 2 and "no time zone 'Mars/Olympus' in this machine's time zone data" in \
            capsys.readouterr().err
        monkeypatch.setenv("DOUBLENINE_TIME_ZONE", "../etc/passwd")
        assert main(["results", "--db", str(path)]) == 2
        assert capsys.readouterr().err == ("doublenine results: $DOUBLENINE_TIME_ZONE: not a time zone name: "
                                           "'../etc/passwd' (an IANA name such as Europe/Madrid)\n")
    finally:
        monkeypatch.undo()
        time.tzset()
