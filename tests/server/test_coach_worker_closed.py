"""Closing the coach leaves no thread closing a pipe at the interpreter's exit (new user s12 F14).

Every quit of the window after one coach review printed "Exception ignored in: <module 'threading'> ...
concurrent/futures/process.py ... OSError: [Errno 9] Bad file descriptor": Brain.close shut the coach's
process pool down without waiting, so the pool's manager thread closed its wake-up pipe while the
interpreter's exit hook wrote to it. Kind: a file descriptor closed by one thread while another writes to
it. Now the worker process is ended and the pool's thread has finished when close() returns."""
from __future__ import annotations

import asyncio
import subprocess
import sys
import textwrap

from doublenine.server.computer import Brain


def test_close_ends_the_coach_process_and_its_pool_thread() -> None:
    brain = Brain(None)

    async def review() -> int:
        return await brain.in_coach(abs, -7)

    assert asyncio.run(review()) == 7  # the worker process is made on first use
    executor = brain.coach_executor
    manager = executor._executor_manager_thread  # type: ignore[union-attr]
    processes = list(executor._processes.values())  # type: ignore[union-attr]
    assert manager.is_alive() and [p.is_alive() for p in processes] == [True]
    brain.close()
    assert (manager.is_alive(), [p.is_alive() for p in processes], brain.coach_executor) == (False, [False], None)
    brain.close()  # twice (GameServer.stop's paths): nothing more to do


def test_a_process_that_closes_the_coach_then_exits_prints_nothing() -> None:
    code = textwrap.dedent("""
        import asyncio
        from doublenine.server.computer import Brain
        brain = Brain(None)
        async def review():
            return await brain.in_coach(abs, -7)
        assert asyncio.run(review()) == 7
        brain.close()
    """)
    for _ in range(3):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
        assert (done.returncode, done.stderr) == (0, "")
