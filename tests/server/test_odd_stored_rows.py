"""Attacker s16 F6, F3: other processes on the same store are untrusted (docs/operations.md). One odd finished-
match row or table record is skipped (logged once) and never takes a page, the CLI or the listing down."""
from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from doublenine.cli import main
from doublenine.server.seating import TableMeta, check_record
from doublenine.server.storage import MatchResult, open_store
from doublenine.server.storage.base import checked_result

from .conftest import create, spectate
from .test_web_pages import get

GOOD = MatchResult("SMVTY", 1, ("Ana", "Carlos", "Pablo", "Dora"), (143, 67), "A", 11, 1796677200.0,
                   1796679600.0, "Mesa 1", True)
ODD_ROWS = [  # (code, match_no, name, seat1..4, score_a, score_b, winner, hands, started, ended, public, site)
    ("RRRF2", 1, "Far future", "a", "b", "c", "d", 1, 2, "A", 3, 1796670000, 1e300, 1, None),  # the reported row
    ("RRRF3", 1, "Started x", "a", "b", "c", "d", 1, 2, "A", 3, "x", 1796670000, 1, None),
    ("RRRF4", 1, "Lots", "a", "b", "c", "d", "lots", 2, "A", 3, 1796670000, 1796670100, 1, None),
    ("RRRF5", 1, "Before", "a", "b", "c", "d", 1, 2, "A", 3, -1e18, 1796670100, 1, None),
    ("RRRF6", 2**62, "Big", "a", "b", "c", "d", 2**62, 2, "Z", -1, 1796670000, 1796670100, 1, None),
    ("RRRF7", 1, "N" * 5000, "S" * 5000, "b", "c", "d", 1, 2, "A", 3, 1796670000, 1796670100, 1, None),
]


def _forge(path: Path, *rows: tuple[Any, ...]) -> None:
    """Rows written by another process on the store (sqlite3 on the same file)."""
    con = sqlite3.connect(path)
    try:
        with con:
            con.executemany("INSERT INTO dn_result VALUES (" + ",".join("?" * 15) + ")", rows)
    finally:
        con.close()


async def test_s16_f6_one_odd_result_row_is_skipped_by_every_page_and_the_cli(
        make_server: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "club.sqlite3"
    store = open_store(str(path))
    server = await make_server(store=store)
    await store.record_result(GOOD)
    _forge(path, *ODD_ROWS)
    assert await store.load_results() == [GOOD]
    for page in ("/", "/results", "/results.csv", "/results.json"):
        status, _, body = await get(server, page)
        assert (page, status) == (page, 200)
        assert "SMVTY" in body and "RRRF" not in body
    assert await store.load_results() == [GOOD]
    said = [r.getMessage() for r in caplog.records if "skipped a stored finished match" in r.getMessage()]
    assert len(said) == len(ODD_ROWS)  # once each, however often the pages read them
    assert main(["results", "--db", str(path), "--csv"]) == 0
    out = capsys.readouterr().out
    assert "SMVTY" in out and "RRRF" not in out


@pytest.mark.parametrize(("values", "kept"), [
    (("C", 1, "", ("a", "b", "c", "d"), (0, 999), "B", 0, 0.0, 253402128000.0, 1), True),
    (("C", 1, "", ("a", "b", "c", "d"), (0, 1000), "B", 0, 0.0, 1.0, 1), False),
    (("C", 1, "", ("a", "b", "c", "d"), (0, 1), "B", 0, 0.0, 253402128000.5, 1), False),
    (("C", 1, "", ("a", "b", "c", "d"), (0, 1), "B", 0, float("nan"), 1.0, 1), False),
    (("C", 0, "", ("a", "b", "c", "d"), (0, 1), "B", 0, 0.0, 1.0, 1), False),
    (("C", 1, "", ("a", "b", "c", "d"), (True, 1), "B", 0, 0.0, 1.0, 1), False),
    (("", 1, "", ("a", "b", "c", "d"), (0, 1), "B", 0, 0.0, 1.0, 1), False),
    (("C", 1, "", ("a", "b", "c", "d"), (0, 1), None, 1000, 0.0, 1.0, 1), False),
    (("C", 1, "", ("a", "b", "c", "d"), (0, 1), None, 5, 0.0, 1.0, 2), False),
])
def test_s16_f6_a_result_rows_fields_are_bounded(values: tuple[Any, ...], kept: bool) -> None:
    assert (checked_result(*values) is not None) is kept


def _record(code: str) -> dict[str, Any]:
    from doublenine.server.seating import SeatSlot
    from doublenine.shared.seats import SEATS, Seat
    return TableMeta(code, 7, False, None, Seat(1), {s: SeatSlot(s) for s in SEATS}, False, 1796670000.0).record()


@pytest.mark.parametrize(("field", "value"), [
    ("created_at", "x"), ("created_at", 1e300), ("created_at", float("nan")), ("seed", "x"), ("seed", -5),
    ("started", "no"), ("code", "T7HW7"), ("creator_seat", 7), ("seeded", 1),
])
def test_s16_f3_a_record_with_an_odd_field_is_refused(field: str, value: Any) -> None:
    r = _record("ZZAD9")
    r[field] = value
    with pytest.raises(ValueError):
        TableMeta.from_record(r, "ZZAD9")


@pytest.mark.parametrize(("field", "value"), [
    ("kind", "alien"), ("level", "godlike"), ("handed_over", "yes"), ("token_hash", 12345),
])
def test_s16_f3_a_record_with_an_odd_seat_is_refused(field: str, value: Any) -> None:
    r = _record("ZZAD9")
    r["seats"][1][field] = value
    with pytest.raises(ValueError):
        check_record(r, "ZZAD9")
    r = _record("ZZAD9")
    r["seats"].append(dict(r["seats"][0]))  # a fifth seat
    with pytest.raises(ValueError):
        check_record(r, "ZZAD9")
    check_record(_record("ZZAD9"), "ZZAD9")  # as this version writes it


async def test_s16_f3_a_forged_record_is_not_served_and_the_list_stays_up(make_server: Any, tmp_path: Path) -> None:
    """The reported case: a copy of an open public table's record under another code, with ``created_at`` the
    text "x", written by another process: spectating it is refused and ``/`` answers 200."""
    path = tmp_path / "club.sqlite3"
    store = open_store(str(path))
    server = await make_server(store=store)
    host = await create(server, "hccc", sit=1, name="Vera")
    con = sqlite3.connect(path)
    try:
        with con:
            cols = [r[1] for r in con.execute("PRAGMA table_info(dn_table)")]
            row = dict(zip(cols, con.execute("SELECT * FROM dn_table WHERE code=?", (host.code,)).fetchone()))
            from doublenine.shared.codec import decode_meta, encode_meta
            for code, field, value in (("ZZAA1", "created_at", "x"), ("ZZAD9", "code", host.code)):
                meta = decode_meta(row["meta"])
                meta[field] = value
                if field != "code":
                    meta["code"] = code
                forged = dict(row, code=code, meta=encode_meta(meta))
                con.execute(f"INSERT INTO dn_table ({','.join(forged)}) VALUES ({','.join('?' * len(forged))})",
                            tuple(forged.values()))
    finally:
        con.close()
    for code in ("ZZAA1", "ZZAD9"):
        with pytest.raises(Exception, match="UNKNOWN_TABLE"):
            await spectate(server, code)
        assert code not in server.registry.tables
    status, _, body = await get(server, "/")
    assert status == 200
