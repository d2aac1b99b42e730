"""A page view never claims nor moves a table (operator s17 F7; docs/protocol.md "Transport": "a stranger's frame
never moves a table", and a page fetch is not even a frame).

Three processes on PostgreSQL: after a roll 8E8FV lived on 22002, not its code's home; ``curl /t/8E8FV`` (no
JavaScript, no websocket, no token) on the home process handed the table over and closed its four players'
connections (4003): every link-preview robot (an invite pasted in a messenger) reconnected a whole table. Kind:
a lookup that claims a table, made by something that only reads (``Registry.find_or_load(claim=False)``). Real
servers on 127.0.0.1 port 0, a real websocket player, a plain HTTP GET.
"""
from __future__ import annotations

import asyncio
import random
import urllib.error
import urllib.request

from doublenine.server.app import GameServer
from doublenine.server.computer import _fallback
from doublenine.server.config import ServerConfig
from doublenine.server.netbot import TableClient, play_seat
from doublenine.server.storage.postgres import PostgresStore
from doublenine.shared.state import Phase

HCCC = [{"kind": "human", "name": "Bea"}] + [{"kind": "computer", "level": "easy"}] * 3


def easy(view, rng):  # type: ignore[no-untyped-def]
    return _fallback(view, "easy", rng)


async def get(port: int, path: str) -> tuple[int, str]:
    def fetch() -> tuple[int, str]:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as r:
                return r.status, r.read().decode(errors="replace")
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode(errors="replace")

    return await asyncio.to_thread(fetch)


async def test_f7_a_get_of_the_table_page_on_another_process_leaves_the_table_and_its_player_where_they_are(
        pg_dsn: str) -> None:
    store = PostgresStore(pg_dsn)
    await store.drop_all()
    await store.close()
    a = await GameServer(ServerConfig(host="127.0.0.1", port=0, db=pg_dsn, bot_delay=0.0)).start()
    b = await GameServer(ServerConfig(host="127.0.0.1", port=0, db=pg_dsn, bot_delay=0.0)).start()
    try:
        human = await TableClient.connect(a.url)
        await human.attach({"type": "create_table", "sit": 1, "seed": 3, "seats": HCCC})
        await play_seat(human, easy, random.Random(5), stop=lambda c: c.view.phase is Phase.PLAY and len(c.view.moves) >= 4)
        code = str(human.code)
        status, body = await get(b.port, f"/t/{code}")  # the reported request: curl of the page on the other process
        assert status == 200 and code in body and "Bea" in body  # its seats as stored, not four "free seat"s
        assert code in a.registry.tables and code not in b.registry.tables  # not handed over
        assert a.registry.metrics.tables_moved.labels(reason="handover")._value.get() == 0
        assert not human.ws.close_code  # the player's connection is open: no 4003
        missing, _ = await get(b.port, "/t/ZZZZZ")  # a code the store does not hold: 404, as before
        assert missing == 404
        await human.close()
    finally:
        await a.stop()
        await b.stop()
