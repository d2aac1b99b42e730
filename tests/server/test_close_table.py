"""Organiser s16 F11 (session 17, item 1): a mistaken or abandoned table stayed on the list and the projector up
to 30 minutes; nothing closed or unlisted a table by hand. ``close_table`` (docs/protocol.md): the table's
creator at it, or the server's operator with ``$DOUBLENINE_OPERATOR_KEY`` (``doublenine tables --close CODE``);
anyone else NOT_ENTITLED."""
from __future__ import annotations

from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from doublenine.shared import protocol as p

from .conftest import connect, create, join, seats, spectate
from .test_web_pages import get

KEY = "k" * 24


def _left(c: Any) -> list[Any]:
    return [m for m in (p.decode_server(f) for f in c.frames) if isinstance(m, p.LeftTable)]


async def _closed_by_server(c: Any) -> tuple[int | None, str | None]:
    with pytest.raises((ConnectionClosed, TimeoutError)):
        await c.until(lambda m: False, timeout=5)
    return c.ws.close_code, c.ws.close_reason


async def test_the_creator_closes_its_table_everyone_is_told_and_no_token_opens_it_again(make_server: Any) -> None:
    server = await make_server(operator_key=KEY)
    ana = await create(server, "hhcc", sit=1)
    bo = await join(server, ana.code, seat=2)
    watcher = await spectate(server, ana.code)
    code, token = ana.code, bo.token
    for stranger in (bo, watcher):  # a player and a spectator are not its creator
        await stranger.send({"type": "close_table", "code": code})
        err = await stranger.until(lambda m: isinstance(m, p.Error))
        assert (err.code, err.detail) == ("NOT_ENTITLED", "only the table's creator or the server's operator may close it")
    await ana.send({"type": "close_table", "code": code})
    for c in (ana, bo, watcher):
        assert await _closed_by_server(c) == (1001, "table closed")
        assert [(m.code, m.closed) for m in _left(c)] == [(code, "creator")]
    assert code not in server.registry.tables
    again = await connect(server)
    await again.send({"type": "rejoin", "code": code, "token": token})
    err = await again.until(lambda m: isinstance(m, p.Error))
    assert err.code == "UNKNOWN_TABLE" and code not in server.registry.tables


async def test_the_operator_closes_and_unlists_any_table_and_a_wrong_key_is_refused(make_server: Any) -> None:
    server = await make_server(operator_key=KEY)
    ana = await connect(server)
    await ana.attach({"type": "create_table", "seats": seats(*"hccc"), "sit": 1, "public": True,
                      "table_name": "Mesa 1"})
    operator = await connect(server)
    await operator.send({"type": "hello", "protocol_version": 2})
    await operator.until(lambda m: isinstance(m, p.Welcome))
    await operator.send({"type": "close_table", "code": ana.code, "unlist": True, "key": "x" * 24})
    err = await operator.until(lambda m: isinstance(m, p.Error))
    assert (err.code, err.detail) == ("NOT_ENTITLED", "that is not this server's operator key")
    status, _, html = await get(server, "/")
    assert status == 200 and f'data-code="{ana.code}"' in html
    await operator.send({"type": "close_table", "code": ana.code.lower(), "unlist": True, "key": KEY})
    told = await operator.until(lambda m: isinstance(m, p.TableUpdate))
    assert told.table.public is False
    heard = await ana.until(lambda m: isinstance(m, p.TableUpdate))
    assert heard.table.public is False and server.registry.tables[ana.code].meta.public is False
    status, _, html = await get(server, "/?view=projector")
    assert status == 200 and f'data-code="{ana.code}"' not in html
    before = len(ana.frames)
    await ana.send({"type": "close_table", "code": ana.code, "unlist": True})  # attacker s17 F6: unlisted
    again = await ana.until(lambda m: isinstance(m, p.TableUpdate))  # already: answered, not left waiting
    assert again.table.public is False and len(ana.frames) == before + 1
    await operator.send({"type": "close_table", "code": ana.code, "key": KEY})
    left = await operator.until(lambda m: isinstance(m, p.LeftTable))
    assert (left.code, left.closed) == (ana.code, "operator")
    assert await _closed_by_server(ana) == (1001, "table closed")
    assert [(m.code, m.closed) for m in _left(ana)] == [(ana.code, "operator")]
    await operator.send({"type": "close_table", "code": ana.code, "key": KEY})  # closed: unknown now
    err = await operator.until(lambda m: isinstance(m, p.Error))
    assert err.code == "UNKNOWN_TABLE"


async def test_without_an_operator_key_a_key_closes_nothing(server: Any) -> None:
    ana = await create(server, "hccc", sit=1)
    other = await connect(server)
    await other.send({"type": "hello", "protocol_version": 2})
    await other.send({"type": "close_table", "code": ana.code, "key": KEY})
    err = await other.until(lambda m: isinstance(m, p.Error))
    assert (err.code, err.detail) == ("NOT_ENTITLED", "this server has no operator key ($DOUBLENINE_OPERATOR_KEY)")
    await other.send({"type": "close_table", "code": ana.code})
    err = await other.until(lambda m: isinstance(m, p.Error))
    assert (err.code, err.detail) == ("NOT_ENTITLED", "only the table's creator, at it, or the server's operator may close it")
    assert ana.code in server.registry.tables


async def test_doublenine_tables_closes_and_unlists_with_the_operators_key(make_server: Any, monkeypatch: Any,
                                                                          capsys: Any) -> None:
    """``doublenine tables --unlist CODE`` / ``--close CODE`` (server/tablescli.py), the key from the environment."""
    import asyncio

    from doublenine.cli import main

    server = await make_server(operator_key=KEY)
    ana = await connect(server)
    await ana.attach({"type": "create_table", "seats": seats(*"hccc"), "sit": 1, "public": True})
    where = f"127.0.0.1:{server.port}"
    monkeypatch.delenv("DOUBLENINE_OPERATOR_KEY", raising=False)
    assert await asyncio.to_thread(main, ["tables", "--server", where, "--close", ana.code]) == 2
    monkeypatch.setenv("DOUBLENINE_OPERATOR_KEY", "short")
    assert await asyncio.to_thread(main, ["tables", "--server", where, "--close", ana.code]) == 2
    monkeypatch.setenv("DOUBLENINE_OPERATOR_KEY", "y" * 24)
    assert await asyncio.to_thread(main, ["tables", "--server", where, "--close", ana.code]) == 1
    monkeypatch.setenv("DOUBLENINE_OPERATOR_KEY", KEY)
    assert await asyncio.to_thread(main, ["tables", "--server", where, "--unlist", ana.code.lower()]) == 0
    assert server.registry.tables[ana.code].meta.public is False
    assert await asyncio.to_thread(main, ["tables", "--server", where, "--close", ana.code]) == 0
    assert ana.code not in server.registry.tables
    out, err = capsys.readouterr()
    assert out.splitlines() == [f"table {ana.code} unlisted: no longer on / nor the projector; it goes on",
                                f"table {ana.code} closed; the people at it were told"]
    assert err.splitlines() == [
        "doublenine tables: set $DOUBLENINE_OPERATOR_KEY to the key the server was started with "
        "(docs/operations.md \"Closing a table by hand\")",
        "doublenine tables: $DOUBLENINE_OPERATOR_KEY must be 16 to 128 visible ASCII characters (no spaces): it has "
        "5 characters; e.g. openssl rand -hex 24",
        "doublenine tables: refused by the server: NOT_ENTITLED (that is not this server's operator key)"]


async def test_a_computer_player_over_the_network_stops_when_told_the_table_was_closed(make_server: Any) -> None:
    """``doublenine bot`` (netbot.SeatKeeper) heard the close as an idle close and tried to rejoin for minutes
    ("the server closed the table for idleness ... UNKNOWN_TABLE; retrying"): it now ends, saying who closed it."""
    import asyncio

    from doublenine.server.netbot import SeatKeeper, TableShut

    server = await make_server()
    ana = await create(server, "hhcc", sit=1)
    said: list[str] = []
    keeper = SeatKeeper(server.url, {"type": "join", "code": ana.code, "seat": 2, "name": "Bo"}, say=said.append,
                        lang="es")

    async def body(client: Any) -> None:
        await ana.send({"type": "close_table", "code": ana.code})
        await client.until(lambda m: False, timeout=10)

    with pytest.raises(TableShut) as shut:
        await asyncio.wait_for(keeper.run(body), 10)
    assert (shut.value.code, shut.value.by, shut.value.text("es")) == \
        (ana.code, "creator", f"La mesa {ana.code} fue cerrada por la persona que la creó.")
    assert said == []


async def test_attacker_s17_f1_f5_a_creator_closes_no_match_others_are_playing_nor_after_giving_the_seat_up(
        make_server: Any) -> None:
    """F5: a creator about to lose closed the table in the last hand and the others' win was stored "not
    finished". Once a hand of the match is finished, the creator's close is refused while another person holds a
    seat (unlisting is not); the operator still closes. F1: a creator who gave the seat up (leave), then watched
    from the same connection, could still close the table on those left at it."""
    from .conftest import play_all, settle
    from doublenine.shared.state import Phase

    server = await make_server(operator_key=KEY)
    ana = await create(server, "hhcc", sit=1, seed=7)
    bo = await join(server, ana.code, seat=2)
    table = server.registry.tables[ana.code]
    await play_all([ana, bo], stop=lambda c: len(table.state.finished) == 1 and table.state.phase is Phase.PLAY,
                   seed=7)
    await settle([ana, bo], table)
    await ana.send({"type": "close_table", "code": ana.code})
    err = await ana.until(lambda m: isinstance(m, p.Error))
    assert (err.code, err.detail) == ("NOT_ENTITLED", "other people are playing a match at this table: it closes "
                                      "once they leave; take it off the list instead (unlist)")
    assert ana.code in server.registry.tables
    await ana.send({"type": "leave"})
    await ana.until(lambda m: isinstance(m, p.LeftTable))
    await ana.send({"type": "spectate", "code": table.code})
    await ana.until(lambda m: isinstance(m, p.Snapshot))
    await ana.send({"type": "close_table", "code": table.code, "unlist": True})
    err = await ana.until(lambda m: isinstance(m, p.Error))
    assert (err.code, err.detail) == ("NOT_ENTITLED", "only the table's creator or the server's operator may close it")
    assert table.code in server.registry.tables
