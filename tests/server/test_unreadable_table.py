"""A stored table that does not decode is refused UNKNOWN_TABLE, a final answer, and logged once
(attacker s11 F3: one junk row made every ``spectate``/``rejoin`` a server fault, INTERNAL, close 1011
and a traceback each, ``/t/CODE`` a 500, and its player's client retried for 10 minutes)."""
from __future__ import annotations

import logging
import sqlite3

from doublenine.server.storage import open_store
from doublenine.shared import protocol as p

from .conftest import connect, create
from .test_web_pages import get


def _junk(path: str, bad_row: str, gap: str, bad_meta: str) -> None:
    """As another process could write them: an event row that does not decode, a gap in a log, a
    table record that does not decode."""
    c = sqlite3.connect(path)
    c.execute("insert or replace into dn_row values (?, 1, ?)", (bad_row, b"\xc1\xc1"))
    first = c.execute("select payload from dn_row where code=? and seq=0", (gap,)).fetchone()[0]
    c.execute("insert or replace into dn_row values (?, 7, ?)", (gap, first))
    c.execute("update dn_table set meta=? where code=?", (b"\xc1", bad_meta))
    c.commit()
    c.close()


async def _refusal(server, fields: dict) -> tuple[p.Error, object]:
    c = await connect(server)
    await c.send(fields)
    err = await c.until(lambda m: isinstance(m, p.Error))
    return err, c


async def test_a_table_that_does_not_decode_is_unknown_and_said_once(make_server, tmp_path, caplog) -> None:
    path = str(tmp_path / "t.sqlite3")
    first = await make_server(store=open_store(path))
    made = [await create(first, "hccc", sit=1, seed=s) for s in (1, 2, 3)]
    codes, tokens = [c.code for c in made], [c.token for c in made]
    await first.stop()
    _junk(path, *codes)
    with caplog.at_level(logging.INFO, "doublenine.server"):
        second = await make_server(store=open_store(path))
        assert sorted(second.registry.tables) == []  # none resumed; each said at the start
        for _ in range(3):
            for code, token in zip(codes, tokens):
                for fields in ({"type": "spectate", "code": code}, {"type": "rejoin", "code": code, "token": token}):
                    err, c = await _refusal(second, fields)
                    assert (err.code, err.detail) == ("UNKNOWN_TABLE", f"table {code} cannot be read from the store")
                    await c.send({"type": "create_table", "sit": 1, "seats": [{"kind": "human"}] + [
                        {"kind": "computer", "level": "easy"}] * 3})
                    joined = await c.until(lambda m: isinstance(m, p.Joined))  # the connection goes on
                    assert joined.seat == 1
                    await c.close()
            for code in codes:  # a page view reads the stored record and never loads the table (operator s17 F7,
                status, _, _ = await get(second, f"/t/{code}")  # 6328cb3): the page of what the record says
                assert status == 200
    faults = [r for r in caplog.records if "server fault" in r.getMessage() or r.exc_info]
    assert faults == []
    for code in codes:
        said = [r.getMessage() for r in caplog.records if f"table {code}" in r.getMessage() and r.levelno >= logging.ERROR]
        assert len(said) == 1, said
        assert "not resumed" in said[0] and "refused UNKNOWN_TABLE" in said[0]
