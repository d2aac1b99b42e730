"""Attacker s12 A5: the host's window never waits on a busy hosted server without an answer for it.

A stranger's flood held the hosted server's loop for seconds; the host's Leave asked it who was seated
(``Hosting.others_seated``) and waited 5 s; the ``TimeoutError`` (an ``OSError``) closed the window with
"doublenine play: " and ended the game for everyone. Kind: the window's thread blocking on, or trusting
the timing of, the server thread. Now the count waits at most ``ASK_WITHIN`` s and says None ("friends
may be seated") when it could not ask; a disconnected stranger is not counted (E1: "1 friend").
"""
from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator

import pytest

from doublenine.client.hosting import ASK_WITHIN, Hosting
from doublenine.server.netbot import TableClient


@pytest.fixture
def hosting() -> Iterator[Hosting]:
    host = Hosting(":memory:", port=0, bind="127.0.0.1", announce=False, bot_delay=0.0,
                   addresses=["127.0.0.1"]).start()
    yield host
    host.stop()


def test_a5_a_busy_server_is_answered_none_within_the_bound_not_an_error(hosting: Hosting) -> None:
    loop = hosting.embedded.loop
    assert loop is not None
    loop.call_soon_threadsafe(time.sleep, 2.0)  # the loop busy 2 s, as under the flood
    time.sleep(0.1)
    t = time.monotonic()
    assert hosting.others_seated("ABCDE", 1) is None
    assert ASK_WITHIN == 0.25 and time.monotonic() - t < 1.0
    time.sleep(2.0)
    assert hosting.others_seated("ABCDE", 1) == 0  # answered again once the loop is free: no such table


def test_a_stopped_server_has_nobody_seated(hosting: Hosting) -> None:
    hosting.stop()
    assert hosting.others_seated("ABCDE", 1) == 0


async def test_e1_a_stranger_who_sat_and_went_is_not_counted(hosting: Hosting) -> None:
    me = await TableClient.connect(hosting.local_url)
    seats = [{"kind": k, "level": "easy"} for k in ("human", "human", "human", "computer")]
    await me.attach({"type": "create_table", "seats": seats, "sit": 1, "name": "Hostie"})
    assert me.code is not None
    stranger = await TableClient.connect(hosting.local_url)
    await stranger.attach({"type": "join", "code": me.code, "name": "Hostie"})
    assert await asyncio.to_thread(hosting.others_seated, me.code, 1) == 1
    await stranger.close()
    for _ in range(100):  # the server sees the close within a moment
        if await asyncio.to_thread(hosting.others_seated, me.code, 1) == 0:
            break
        await asyncio.sleep(0.05)
    assert await asyncio.to_thread(hosting.others_seated, me.code, 1) == 0
    assert await asyncio.to_thread(hosting.others_seated, me.code, None) == 1  # the host, seen from no seat
    await me.close()
