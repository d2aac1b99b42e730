"""Scale-out (issue 7, DESIGN "Scale-out"): a table is resumed by another process from the
shared store. Two servers with code prefixes A and B share one store (a SQLite file, and
PostgreSQL); B does not load A's tables at start, and takes one over when its player
rejoins there after A stopped. Real servers on 127.0.0.1 port 0, real websocket clients.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from doublenine.server.app import GameServer
from doublenine.server.computer import _fallback
from doublenine.server.config import ServerConfig
from doublenine.server.netbot import TableClient, play_seat
from doublenine.server.storage.postgres import PostgresStore
from doublenine.shared.state import Phase


def server_config(db: str, prefix: str) -> ServerConfig:
    return ServerConfig(host="127.0.0.1", port=0, db=db, bot_delay=0.0, code_prefix=prefix)


@pytest.mark.parametrize("kind", ["sqlite", "postgres"])
async def test_another_process_takes_over_a_table_from_the_store(
        kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    db = str(tmp_path / "shared.sqlite3") if kind == "sqlite" else str(request.getfixturevalue("pg_dsn"))
    if kind == "postgres":
        wipe = PostgresStore(db)
        await wipe.drop_all()
        await wipe.close()
    a = await GameServer(server_config(db, "A")).start()
    b: GameServer | None = None
    rng = random.Random(5)
    try:
        human = await TableClient.connect(a.url)
        await human.attach({"type": "create_table", "sit": 1, "seed": 3,
                            "seats": [{"kind": "human"}] + [{"kind": "computer", "level": "easy"}] * 3})
        code, token = str(human.code), str(human.token)
        assert code.startswith("A")
        await play_seat(human, lambda v, r: _fallback(v, "easy", r), rng,
                        stop=lambda c: c.view.phase is Phase.PLAY and len(c.view.moves) >= 4)
        b = await GameServer(server_config(db, "B")).start()
        assert code not in b.registry.tables  # B resumes only its own prefix at start
        await human.close()
        await a.stop()  # process A goes away (nginx now sends code A... to its backup, B)
        events_at_a = list(a.registry.tables[code].log.events)

        back = await TableClient.connect(b.url)
        await back.attach({"type": "rejoin", "code": code, "token": token})
        table = b.registry.tables[code]
        # B goes on from exactly A's log (a computer turn A had under way may follow).
        assert back.seat == 1 and list(table.log.events[:len(events_at_a)]) == events_at_a
        hands = len(table.state.finished)
        await play_seat(back, lambda v, r: _fallback(v, "easy", r), rng,
                        stop=lambda c: len(c.view.finished) > hands or c.view.phase is Phase.MATCH_OVER)
        await back.close()
        assert len(table.state.finished) > hands
        stored = await b.store.load(code)
        assert stored is not None and [s for s, _ in stored.rows] == list(range(len(table.log.events)))
    finally:
        if not a.stopping:
            await a.stop()
        if b is not None:
            await b.stop()
