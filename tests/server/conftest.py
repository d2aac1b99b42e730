"""Real servers on a free loopback port (port 0) and real websocket clients (issue 3)."""
from __future__ import annotations

import random
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

from doublenine.server.app import GameServer
from doublenine.server.computer import random_legal
from doublenine.server.config import ServerConfig
from doublenine.server.netbot import TableClient, match_over, play_seat
from doublenine.shared.badframes import resync_refused
from doublenine.shared import protocol as p


def config(**overrides: Any) -> ServerConfig:
    """Test settings: loopback, any free port, computers act at once."""
    base: dict[str, Any] = dict(host="127.0.0.1", port=0, bot_delay=0.0, idle_timeout=30.0,
                                rate=100000.0, burst=100000.0, max_tables_per_address=10000,
                                max_connections_per_address=0, code_miss_rate=100000.0,
                                code_miss_burst=100000.0, page_rate=100000.0, page_burst=100000.0,
                                hand_over_wait=0.0, reconnect_grace=0.0, read_rate=0.0, read_bytes=0.0)
    base.update(overrides)
    return ServerConfig(**base)


@pytest.fixture
async def make_server() -> AsyncIterator[Callable[..., Any]]:
    started: list[GameServer] = []

    async def make(**overrides: Any) -> GameServer:
        brain = overrides.pop("brain", None)
        store = overrides.pop("store", None)
        server = await GameServer(config(**overrides), store=store, brain=brain).start()
        started.append(server)
        return server

    yield make
    for server in started:
        if not server.stopping:
            await server.stop()


@pytest.fixture
async def server(make_server: Callable[..., Any]) -> GameServer:
    return await make_server()


def seats(*kinds: str, level: str = "easy") -> list[dict[str, Any]]:
    """Seat specs: 'h' human, 'c' computer."""
    return [{"kind": "human" if k == "h" else "computer", "level": level} for k in kinds]


async def connect(server: GameServer, client: str = "test") -> TableClient:
    """A client of ``server`` that keeps every raw frame (``client.frames``: tests decode them again); a person's
    (``hello.client`` "test", not a program's "netbot": league s17 F6, a program's decisions are marked "(bot)"
    in the results, and these tests stand for people)."""
    c = await TableClient.connect(server.url, hello_client=client)
    c.keep_frames = True
    return c


async def create(server: GameServer, kinds: str = "hhhh", sit: int | None = 1,
                 seed: int | None = 7, name: str = "Ana", client: str = "test") -> TableClient:
    c = await connect(server, client)
    return await c.attach({"type": "create_table", "seats": seats(*kinds), "seed": seed, "sit": sit,
                           "name": name})


async def join(server: GameServer, code: str, seat: int | None = None, name: str = "Bo",
               client: str = "test") -> TableClient:
    c = await connect(server, client)
    return await c.attach({"type": "join", "code": code, "seat": seat, "name": name})


async def spectate(server: GameServer, code: str, name: str | None = None) -> TableClient:
    """A spectator of table ``code``; ``name``: its ``spectate.name`` (None: left out of the frame)."""
    c = await connect(server)
    return await c.attach({"type": "spectate", "code": code} | ({} if name is None else {"name": name}))


def random_player(view: Any, rng: random.Random) -> Any:
    return random_legal(view, "easy", rng)


async def play_all(clients: list[TableClient], stop: Callable[[TableClient], bool] = match_over,
                   seed: int = 0) -> None:
    """Play every client's seat concurrently until ``stop`` holds for each."""
    import asyncio

    await asyncio.gather(*(play_seat(c, random_player, random.Random(seed * 10 + i), stop)
                           for i, c in enumerate(clients)))


def decode_all(client: TableClient) -> list[Any]:
    return [p.decode_server(f) for f in client.frames]


async def settle(clients: list[TableClient], table: Any, timeout: float = 10.0) -> None:
    """Receive until every client has applied the table's latest seq."""
    import asyncio

    async def one(c: TableClient) -> None:
        while c.seq != table.seq:
            await c.next(timeout)

    await asyncio.wait_for(asyncio.gather(*(one(c) for c in clients)), timeout)


async def step(c: TableClient, decision: Any, clients: list[TableClient], table: Any) -> None:
    """``c`` asks for ``decision``; wait until it is applied and every client has heard."""
    seq = table.seq
    await c.intent(decision)
    await c.until(lambda m: isinstance(m, (p.Update, p.Error)))
    assert c.seq == seq + 1, c.errors[-1:]
    await settle(clients, table)


async def four_at_play(server: GameServer, seed: int = 7, leads: int = 1) -> tuple[list[TableClient], Any]:
    """Four network humans (seats 1-4, client i at seat i+1), the hand in play after ``leads`` moves."""
    from doublenine.shared.state import Phase

    host = await create(server, "hhhh", sit=1, seed=seed)
    clients = [host] + [await join(server, host.code, seat=s, name=f"P{s}") for s in (2, 3, 4)]
    table = server.registry.tables[host.code]
    await play_all(clients, stop=lambda c: c.view.phase is Phase.PLAY, seed=seed)
    await settle(clients, table)
    for _ in range(leads):
        turn = table.state.hand.turn
        await step(clients[turn - 1], clients[turn - 1].view.legal_decisions()[0], clients, table)
    return clients, table


async def eventually(pred: Callable[[], bool], seconds: float = 10.0) -> None:
    """Poll ``pred`` (server-side state in these tests) until it holds."""
    import asyncio

    for _ in range(int(seconds / 0.01)):
        if pred():
            return
        await asyncio.sleep(0.01)
    assert pred()


async def quiesce(clients: list[TableClient], table: Any, humans: set[int]) -> None:
    """Let every intent in flight land (a resync answers after them), let the computers play
    until only ``humans`` seats are awaited, then bring every client up to date."""
    from doublenine.shared.rules import to_act
    from doublenine.shared.state import Phase

    for c in clients:
        await c.send({"type": "resync"})
        await c.until(lambda m: isinstance(m, p.Snapshot) or resync_refused(m))  # a round trip either way
    await eventually(lambda: table.state.phase is Phase.MATCH_OVER
                     or {int(s) for s in to_act(table.state)} <= humans)
    await settle(clients, table)


async def closed_with(client: Any, timeout: float = 5) -> int | None:
    """The close code ``client``'s connection was closed with within ``timeout`` s (None: not closed, or
    closed without a code)."""
    from websockets.exceptions import ConnectionClosed
    try:
        await client.until(lambda m: False, timeout=timeout)
    except ConnectionClosed as exc:
        return exc.rcvd.code if exc.rcvd is not None else None
    return None


def claims_of(client: Any) -> list[int | None]:
    """The ``joined.claim`` of every ``joined`` the client received."""
    return [m.claim for m in map(p.decode_server, client.frames) if isinstance(m, p.Joined)]
