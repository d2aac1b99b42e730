"""Issue 14.3: the tile tracker is a table setting chosen by the creator, shown to everyone, kept."""
from __future__ import annotations

from doublenine.client.store import ClientState, reduce
from doublenine.server.storage import open_store
from doublenine.shared import protocol as p

from .conftest import connect, seats, spectate


async def _create(server, tracker: bool | None):  # type: ignore[no-untyped-def]
    c = await connect(server)
    spec = {"type": "create_table", "seats": seats("h", "h", "c", "c"), "seed": 4, "sit": 1, "name": "Ana"}
    if tracker is not None:
        spec["tracker"] = tracker
    return await c.attach(spec)


async def test_issue14_tracker_is_off_by_default_and_shown_to_everyone_when_allowed(server) -> None:
    plain = await _create(server, None)
    assert plain.table.tracker is False
    host = await _create(server, True)
    watcher = await spectate(server, host.code)
    assert host.table.tracker is True and watcher.table.tracker is True
    snap = next(m for m in map(p.decode_server, host.frames) if isinstance(m, p.Snapshot))
    assert reduce(ClientState(), snap).tracker is True


async def test_issue14_tracker_setting_survives_a_restart(make_server, tmp_path) -> None:
    store = open_store(str(tmp_path / "t.sqlite3"))
    first = await make_server(store=store)
    host = await _create(first, True)
    code, token = host.code, host.token
    await first.stop()
    await store.close()
    store2 = open_store(str(tmp_path / "t.sqlite3"))
    second = await make_server(store=store2)
    back = await connect(second)
    await back.attach({"type": "rejoin", "code": code, "token": token})
    assert back.table.tracker is True
    await store2.close()
