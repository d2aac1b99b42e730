"""Operator s15 F7: every refusal log line of a table-bound intent names its table.

Reported case: while PostgreSQL was down each process logged dozens of ``INFO refused table=- seat=-
type=rejoin code=TABLE_MOVING detail="this server cannot claim tables now: no PostgreSQL lock
connection"``: ``grep table=CODE`` (docs/operations.md's way to follow one table) missed them, though
the rejoin names its code. Now the line names the code the message names (cleaned), else the one the
connection's path names (``/t/CODE``). Real server on port 0, real websocket clients.
"""
from __future__ import annotations

import logging
from typing import Any

import pytest

from doublenine.server.netbot import ServerRefused, TableClient

from .conftest import connect


def refused_lines(caplog: pytest.LogCaptureFixture) -> list[dict[str, Any]]:
    return [r.dn_fields for r in caplog.records if r.getMessage() == "refused"]  # type: ignore[attr-defined]


async def test_f7_a_rejoin_refused_table_moving_names_its_table(server, caplog) -> None:  # type: ignore[no-untyped-def]
    caplog.set_level(logging.INFO, "doublenine")

    async def no_lock_connection(code: str) -> bool:
        raise OSError("no PostgreSQL lock connection")

    server.registry.ownership.claim = no_lock_connection
    client = await connect(server)
    with pytest.raises(ServerRefused) as refused:
        await client.attach({"type": "rejoin", "code": "k7-qpa", "token": "t" * 32})
    assert refused.value.error.code == "TABLE_MOVING"
    # operator s17 F9: the client is told the moment, never the server's database or lock connection
    assert refused.value.error.detail == "the server is busy; try again in a moment"
    assert refused.value.error.data == {"retry_ms": 1000, "store": "failing"}
    assert refused_lines(caplog) == [{"table": "K7QPA", "seat": None, "type": "rejoin", "code": "TABLE_MOVING",
                                      "detail": "this server cannot claim tables now: no PostgreSQL lock connection"}]
    await client.close()


async def test_a_join_or_spectate_refused_names_the_code_it_names(server, caplog) -> None:  # type: ignore[no-untyped-def]
    caplog.set_level(logging.INFO, "doublenine")
    for kind, extra in (("join", {"seat": 2}), ("spectate", {})):
        client = await connect(server)
        with pytest.raises(ServerRefused):
            await client.attach({"type": kind, "code": "ZZ9ZZ", **extra})
        await client.close()
    assert [(f["table"], f["type"], f["code"]) for f in refused_lines(caplog)] == [
        ("ZZ9ZZ", "join", "UNKNOWN_TABLE"), ("ZZ9ZZ", "spectate", "UNKNOWN_TABLE")]


async def test_a_frame_refused_before_it_names_a_code_names_the_connections_path(server, caplog) -> None:  # type: ignore[no-untyped-def]
    """A frame that does not decode names no code itself: on ``/t/CODE`` the line names CODE; on ``/``
    it names none (``table=-``)."""
    caplog.set_level(logging.INFO, "doublenine")
    routed = await TableClient.connect(f"{server.url}t/K7QPA")
    await routed.send_raw(b"\xc1")
    plain = await TableClient.connect(server.url)
    await plain.send_raw(b"\xc1")
    for client in (routed, plain):
        await client.until(lambda m: getattr(m, "type", None) == "error")
        await client.close()
    assert sorted((str(f["table"]), f["code"]) for f in refused_lines(caplog)) == [
        ("K7QPA", "MALFORMED_FRAME"), ("None", "MALFORMED_FRAME")]
