"""Attacker s12 D1: before every human seat is taken, only the table's creator may ``start`` it.

A stranger who saw a hosted table on the LAN sat down (with the host's own name: "Hostie 2") and sent
``start``: the seats kept for the host's friends became computers and the real friend was refused
``TABLE_FULL``. Kind: a seated stranger deciding for the table's creator. The rule holds on every server:
a public table's creator keeps the same choice. ``NOT_ENTITLED`` (a version-2 code) says it; no protocol
message frees a seat a stranger took (docs/protocol.md ``start``).
"""
from __future__ import annotations

import pytest

from doublenine.shared import protocol as p

from .conftest import create, join


async def refused(client, fields, code: str) -> p.Error:  # type: ignore[no-untyped-def]
    await client.send(fields)
    err = await client.until(lambda m: isinstance(m, p.Error))
    assert err.code == code, err
    return err


async def test_d1_the_reported_case_a_stranger_cannot_start_the_hosts_table(server) -> None:
    host = await create(server, "hhhc", sit=1, seed=None, name="Hostie")
    stranger = await join(server, host.code, name="Hostie")
    assert stranger.seat == 2
    err = await refused(stranger, {"type": "start"}, "NOT_ENTITLED")
    assert err.detail == "only the table's creator (seat 1) may start it before every human seat is taken"
    table = server.registry.tables[host.code]
    assert table.meta.started is False
    assert [s.kind for s in table.slots.values()] == ["human", "human", "human", "computer"]
    friend = await join(server, host.code, name="Friend")  # was: TABLE_FULL table X9P6Z has no free seat
    assert friend.seat == 3
    assert table.meta.started is True  # every human seat taken: it started by itself


async def test_d1_the_creator_starts_with_a_stranger_seated(server) -> None:
    host = await create(server, "hhhc", sit=1, seed=None, name="Hostie")
    stranger = await join(server, host.code, name="Hostie")
    await refused(stranger, {"type": "start"}, "NOT_ENTITLED")
    await host.send({"type": "start"})
    await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.started)
    # club s14 F17: the empty seat stays a human seat the computer plays, free for a late arrival
    assert [(s.kind, s.claimed, s.computer_plays) for s in host.table.seats] == \
        [("human", True, False), ("human", True, False), ("human", False, True), ("computer", False, True)]


async def test_once_the_creator_left_any_seated_player_may_start(server) -> None:
    host = await create(server, "hhhc", sit=1, seed=None)
    bo = await join(server, host.code, name="Bo")
    await host.send({"type": "leave"})
    await host.until(lambda m: isinstance(m, p.LeftTable))
    await bo.send({"type": "start"})
    await bo.until(lambda m: isinstance(m, p.TableUpdate) and m.table.started)
    assert [(s.kind, s.claimed) for s in bo.table.seats] == \
        [("human", False), ("human", True), ("human", False), ("computer", False)]  # club s14 F17


async def test_a_table_whose_creator_watches_is_started_by_any_seated_player(server) -> None:
    watcher = await create(server, "hhhc", sit=None, seed=None)
    bo = await join(server, watcher.code, name="Bo")
    await refused(watcher, {"type": "start"}, "SPECTATOR_CANNOT_ACT")
    await bo.send({"type": "start"})
    await bo.until(lambda m: isinstance(m, p.TableUpdate) and m.table.started)


BEFORE_START = [
    ({"type": "start"}, "NOT_ENTITLED"),
    ({"type": "draw", "position": 3, "expected_seq": 0}, "NOT_STARTED"),
    ({"type": "nudge", "seat": 1}, "NOT_STARTED"),
    ({"type": "hand_over", "seat": 1, "expected_seq": 0}, "NOT_STARTED"),
    ({"type": "undo", "expected_seq": 0}, "NOT_STARTED"),
    ({"type": "redo", "expected_seq": 0}, "NOT_STARTED"),
    ({"type": "restart", "expected_seq": 0}, "NOT_STARTED"),
    ({"type": "new_match", "expected_seq": 0}, "NOT_STARTED"),
    ({"type": "hint", "expected_seq": 0}, "NOT_STARTED"),
    ({"type": "back"}, "NOT_STARTED"),
]


@pytest.mark.parametrize(("frame", "code"), BEFORE_START, ids=[f["type"] for f, _ in BEFORE_START])
async def test_what_a_seated_stranger_may_do_before_the_start(server, frame, code) -> None:
    """Before the start a seated stranger decides nothing for the table: every action but chat, a panel,
    ``resync`` and ``leave`` is refused, and nothing changes."""
    host = await create(server, "hhhc", sit=1, seed=None, name="Hostie")
    stranger = await join(server, host.code, name="Hostie")
    table = server.registry.tables[host.code]
    before = (table.seq, table.meta.started, [s.kind for s in table.slots.values()], table.request)
    await refused(stranger, frame, code)
    assert (table.seq, table.meta.started, [s.kind for s in table.slots.values()], table.request) == before
