"""Issue 7 "Must show": kill the server mid-hand, restart it on the same SQLite file,
reconnect every seat with its token and finish the match: no move lost or repeated.

A real ``doublenine serve`` subprocess (port 0 on 127.0.0.1), four websocket seats.
At a random point in the middle of a hand one seat sends its decision and, without
waiting for the answer, the server is killed (SIGKILL) or stopped (SIGTERM). The
seat then resends that very intent to the restarted server, as a client that never
heard back does. The stored log must hold every acknowledged decision exactly once,
in order, and end in a finished match.
"""
from __future__ import annotations

import random
import signal
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from doublenine.shared.state import Phase

from .harness import Driver, ServerProcess, stored_decisions


async def play_until_mid_hand(driver: Driver, rng: random.Random) -> None:
    """Play a random number of decisions, then on into the middle of a hand (phase play)."""
    for _ in range(rng.randint(10, 120)):
        assert await driver.step()
    while driver.phase() is not Phase.PLAY or not driver.clients[0].view.moves:  # type: ignore[union-attr]
        assert await driver.step()


async def finish(driver: Driver) -> None:
    while driver.phase() is not Phase.MATCH_OVER:
        assert await driver.step(), "nobody can act before the match is over"


@pytest.mark.parametrize("how", ["sigkill", "sigterm"])
@pytest.mark.parametrize("seed", [11, 2026])
async def test_restart_mid_hand_loses_and_repeats_nothing(tmp_path: Path, how: str, seed: int) -> None:
    rng = random.Random(f"{how}:{seed}")
    db, log = tmp_path / "tables.sqlite3", tmp_path / "server.log"
    server = ServerProcess(db, log)
    driver = Driver()
    try:
        await driver.open(await server.ready(), seed)
        await play_until_mid_hand(driver, rng)
        seqs_before = [c.seq for c in driver.clients]
        hands_before = [c.view.hand for c in driver.clients]  # type: ignore[union-attr]
        assert await driver.send()  # the answer never comes: the server goes down now
        sig = signal.SIGKILL if how == "sigkill" else signal.SIGTERM
        code = await server.signal(sig)
        if how == "sigterm":
            assert code == 0  # graceful: flushed and exited cleanly
            with pytest.raises(ConnectionClosed) as closed:
                while True:
                    await driver.clients[1].next(10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1001
            assert "reconnect" in closed.value.rcvd.reason
        else:
            assert code == -signal.SIGKILL
        await driver.close()

        server = ServerProcess(db, log)
        seqs_after = await driver.rejoin(await server.ready())
        # Everyone continues exactly where they were, or one step on if the kill came
        # after the decision was stored.
        assert all(a in (b, b + 1) for a, b in zip(seqs_after, seqs_before)), (seqs_before, seqs_after)
        assert len(set(seqs_after)) == 1
        moved = driver.in_flight[0]  # type: ignore[index]
        for i, c in enumerate(driver.clients):
            if i != moved:
                assert c.view.hand == hands_before[i]  # type: ignore[union-attr]
        await driver.resend_in_flight()
        await finish(driver)
        await driver.close()
        assert await server.signal(signal.SIGTERM) == 0
    finally:
        server.kill_quietly()
    stored, over = await stored_decisions(db, driver.code)
    assert over
    assert stored == driver.acknowledged  # none lost, none repeated, same order
