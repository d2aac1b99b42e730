"""New user 18: a seat played over the network by ``doublenine bot`` showed as a plain "Bot", with no
"computer" under its name as the server's own computer seats have. The bot says what it is in its
``hello`` (``client: "netbot"``); the table tells every connection (``SeatW.program``) and the window
labels that seat as a computer (docs/protocol.md, "Seat")."""
from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from doublenine.client.store import ClientState, _table
from doublenine.server.connection import _hello
from doublenine.shared import protocol as p
from doublenine.shared.seats import Seat

from .conftest import create, join


async def test_a_seat_held_by_a_network_bot_is_a_program_for_everyone(server: Any) -> None:
    ana = await create(server, "hhcc", client="netbot")  # netbot connections
    code = str(ana.code)
    await join(server, code, 2, "Bot", client="netbot")
    table = server.registry.tables[code]
    assert [s["program"] for s in table.table_wire()["seats"]] == [True, True, False, False]
    table.slots[Seat.ONE].conn.program = False  # a person's window
    assert [s["program"] for s in table.table_wire()["seats"]] == [False, True, False, False]


async def test_the_hello_says_whether_a_connection_is_a_program() -> None:
    """Only a ``client`` in PROGRAM_CLIENTS makes a program (the hello's string is not kept: a bool
    is all its reader wants)."""
    for name, program in (("netbot", True), ("doublenine-pygame", False), ("", False), ("NETBOT", False)):
        conn = SimpleNamespace(greeted=False, program=None, send=lambda frame: None)
        await _hello(conn, p.Hello(protocol_version=p.PROTOCOL_VERSION, client=name))  # type: ignore[arg-type]
        assert (conn.greeted, conn.program) == (True, program)


def test_the_window_counts_a_program_seat_among_the_computers() -> None:
    seats = tuple({"seat": s, "name": n, "kind": "human", "level": "expert", "claimed": True, "connected": True,
                   "computer_plays": False, "program": s == 3} for s, n in ((1, "Bob"), (2, "East"), (3, "Bot"),
                                                                             (4, "West")))
    wire = p.TableW.model_validate({"code": "ZKVXH", "seats": seats, "seeded": False, "started": True,
                                    "paused": False, "panels": (), "request": None, "can_redo": False,
                                    "spectators": 0, "language": "en", "chat": "free", "tracker": False,
                                    "public": False})
    assert _table(ClientState(), wire).computers == frozenset({Seat.THREE})
