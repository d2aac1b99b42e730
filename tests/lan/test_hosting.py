"""Issue 8: a table hosted from the client for friends on other machines.

The hosted server listens on every interface (0.0.0.0) but the test only ever
connects through 127.0.0.1, and mDNS stays off (the announce path is tested in
its own network namespace, test_discovery.py).
"""
from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from doublenine.client.hosting import Hosting
from doublenine.server.bots import decide
from doublenine.server.netbot import TableClient, play_seat
from doublenine.shared.invite import parse_invite

HERE = Path(__file__).resolve().parent


@pytest.fixture
def hosting() -> Iterator[Hosting]:
    host = Hosting(None, port=0, bind="0.0.0.0", announce=False, bot_delay=0.0,
                   addresses=["127.0.0.1"]).start()
    yield host
    host.stop()


def test_hosted_server_listens_on_every_interface(hosting: Hosting) -> None:
    sockets = hosting.embedded.server.server.sockets
    assert [s.getsockname()[0] for s in sockets] == ["0.0.0.0"]
    assert hosting.local_url == f"ws://127.0.0.1:{hosting.port}/"


async def test_friend_process_joins_through_the_invite_and_plays_a_hand(hosting: Hosting) -> None:
    me = await TableClient.connect(hosting.local_url)
    seats = [{"kind": k, "level": "easy"} for k in ("human", "human", "computer", "computer")]
    await me.attach({"type": "create_table", "seats": seats, "sit": 1, "name": "Host", "seed": 11})
    assert me.code is not None
    invite = hosting.invite(me.code)
    assert invite == f"doublenine://127.0.0.1:{hosting.port}/{me.code}"
    assert hosting.others_seated(me.code, 1) == 0
    friend = await asyncio.create_subprocess_exec(
        sys.executable, str(HERE / "lan_friend.py"), invite,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    try:
        await me.until(lambda m: getattr(m, "table", None) is not None and m.table.started, timeout=60)
        assert await asyncio.to_thread(hosting.others_seated, me.code, 1) == 1
        await play_seat(me, lambda v, r: decide(v, "easy", r), random.Random(5),
                        lambda c: c.view is not None and len(c.view.finished) > 0, timeout=60)
        out, err = await asyncio.wait_for(friend.communicate(), 90)
    finally:
        if friend.returncode is None:
            friend.kill()
            await friend.wait()
    assert friend.returncode == 0, err.decode()
    report = json.loads(out.decode().strip().splitlines()[-1])
    hand = me.view.finished[0]
    assert report == {"seat": 2, "code": me.code, "free_before": 1, "result": hand.result.value,
                      "points": hand.points, "scores_after": list(hand.scores_after)}
    assert parse_invite(invite).code == me.code
    await me.close()
