"""A PostgreSQL server that does not answer (store s12 item 1): its backend SIGSTOPped.

Before, a statement that runs was never cut: ``append`` waited as long as the backend was stopped
(8 s in the report's run, without end in production), the table's lock held and its players
unanswered. Now the transaction is cut after ``ANSWER_WITHIN`` + ``ANSWER_GRACE``: cut before its
``COMMIT`` was sent, nothing is stored, even once the backend runs again (``OSError``); cut after it,
``InDoubt``, whose ``settle`` says what PostgreSQL did with it, the rows stored exactly when it says
True. Kind: a write given up whose outcome is not known (the live table and the store must agree).
"""
from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import asyncpg  # type: ignore[import-untyped]
import pytest

from doublenine.server import table as table_module
from doublenine.server.netbot import TableClient
from doublenine.server.storage import open_store, postgres
from doublenine.server.storage.base import ANSWER_WITHIN, InDoubt
from doublenine.shared.codec import decode_rows

from .pgserver import computers_playing, server_on_empty, stored_rows, until

CUT = ANSWER_WITHIN + postgres.ANSWER_GRACE
MARGIN = 1.5
"""Seconds beyond the cut allowed for the rest of the call on a loaded machine."""


@pytest.fixture
async def store(pg_dsn: str) -> AsyncIterator[Any]:
    s = open_store(pg_dsn)
    await s.drop_all()  # type: ignore[attr-defined]
    await s.create_table("CUTAB", b"m")
    await s.append("CUTAB", [(0, b"zero")])
    yield s
    await s.close()


class Stopper:
    """While :attr:`armed`, SIGSTOPs the backend of the next write transaction (of :attr:`only`, a part
    of its work's name, if set) once its work is done, before its COMMIT; SIGCONTs it when asked (or at
    the end of the test)."""

    def __init__(self) -> None:
        self.pid: int | None = None
        self.armed = True
        self.only: str | None = None

    def wrap(self, work: Callable[[Any], Awaitable[Any]]) -> Callable[[Any], Awaitable[Any]]:
        async def then_stop(con: Any) -> Any:
            result = await work(con)
            if self.armed and (self.only is None or self.only in work.__qualname__):
                self.armed = False
                self.pid = con.get_server_pid()
                os.kill(self.pid, signal.SIGSTOP)
            return result
        return then_stop

    def go_on(self) -> None:
        if self.pid is not None:
            with contextlib.suppress(ProcessLookupError):  # ended already
                os.kill(self.pid, signal.SIGCONT)


@pytest.fixture
def stopper(monkeypatch: pytest.MonkeyPatch) -> Any:
    stop = Stopper()
    real = postgres._transaction

    async def stopping(con: Any, work: Any, write: bool, step: Any) -> Any:
        return await real(con, stop.wrap(work) if write else work, write, step)

    monkeypatch.setattr(postgres, "_transaction", stopping)
    yield stop
    stop.go_on()


async def _gone(dsn: str, pid: int) -> None:
    con = await asyncpg.connect(dsn)
    try:
        for _ in range(100):
            if await con.fetchval("SELECT count(*) FROM pg_stat_activity WHERE pid=$1", pid) == 0:
                return
            await asyncio.sleep(0.05)
        raise AssertionError(f"backend {pid} still there")
    finally:
        await con.close()


async def _cut_in_doubt(store: Any) -> InDoubt:
    start = time.monotonic()
    with pytest.raises(InDoubt) as cut:
        await store.append("CUTAB", [(1, b"one")])
    took = time.monotonic() - start
    assert CUT - 0.2 < took < CUT + MARGIN == 5.0
    assert "after its COMMIT was sent" in str(cut.value)
    return cut.value


async def test_a_stopped_backend_before_the_commit_stores_nothing(store: Any, pg_dsn: str) -> None:
    """Stopped before the transaction began: cut, ``OSError`` (not in doubt), and once the backend
    runs again it finds the connection closed: the row is never stored."""
    con = await asyncpg.connect(pg_dsn)
    pids = [r["pid"] for r in await con.fetch(
        "SELECT pid FROM pg_stat_activity WHERE application_name = $1", store.application)]
    await con.close()
    assert len(pids) == 1  # the pool's one connection (min_size 1): the append gets it
    os.kill(pids[0], signal.SIGSTOP)
    try:
        start = time.monotonic()
        with pytest.raises(OSError) as cut:
            await store.append("CUTAB", [(1, b"one")])
        took = time.monotonic() - start
        assert not isinstance(cut.value, InDoubt)
        assert str(cut.value) == f"postgres: no answer within {CUT:g} s; the connection was cut: nothing of it was done"
        assert CUT - 0.2 < took < CUT + MARGIN
    finally:
        os.kill(pids[0], signal.SIGCONT)
    await _gone(pg_dsn, pids[0])
    assert await stored_rows(pg_dsn, "CUTAB") == [(0, b"zero")]
    await store.append("CUTAB", [(1, b"uno")])  # the pool goes on with a new connection
    assert await stored_rows(pg_dsn, "CUTAB") == [(0, b"zero"), (1, b"uno")]


async def test_cut_after_the_commit_was_sent_then_run_again_it_is_stored(store: Any, stopper: Stopper,
                                                                         pg_dsn: str) -> None:
    """The backend stopped with the COMMIT on its way: in doubt; it runs again before anyone asked and
    commits: ``settle`` says True and the row is there."""
    doubt = await _cut_in_doubt(store)
    stopper.go_on()
    assert stopper.pid is not None
    await _gone(pg_dsn, stopper.pid)
    assert await doubt.settle() is True
    assert await stored_rows(pg_dsn, "CUTAB") == [(0, b"zero"), (1, b"one")]


async def test_cut_after_the_commit_was_sent_asked_while_stopped_it_is_not_stored(
        store: Any, stopper: Stopper, pg_dsn: str) -> None:
    """Asked while the backend is still stopped: not known yet (None), and the backend is told to end;
    run again, it ends before its COMMIT: ``settle`` says False, the row is never stored, and the
    same seq can be written again."""
    doubt = await _cut_in_doubt(store)
    assert await doubt.settle() is None
    assert await stored_rows(pg_dsn, "CUTAB") == [(0, b"zero")]
    stopper.go_on()
    assert stopper.pid is not None
    await _gone(pg_dsn, stopper.pid)
    assert await doubt.settle() is False
    assert await stored_rows(pg_dsn, "CUTAB") == [(0, b"zero")]
    await store.append("CUTAB", [(1, b"uno")])
    assert await stored_rows(pg_dsn, "CUTAB") == [(0, b"zero"), (1, b"uno")]


async def _agree(server: Any, table: Any) -> list[tuple[int, bytes]]:
    """The table's live log equals its stored one, read under its lock (no commit meanwhile)."""
    async with table.lock:
        stored = await server.store.load(table.code)
        assert [seq for seq, _ in stored.rows] == list(range(table.log.size))
        assert decode_rows(stored.rows)[table.log.offset:] == table.log.events
        return list(stored.rows)


@pytest.mark.parametrize("asked_while_stopped", [False, True], ids=["stored", "not_stored"])
async def test_a_table_whose_append_is_cut_in_doubt_goes_on_from_what_its_store_holds(
        pg_dsn: str, stopper: Stopper, monkeypatch: pytest.MonkeyPatch, asked_while_stopped: bool) -> None:
    """A table of computers whose append is cut in doubt: it refuses every move until the store says,
    then plays the cut events if they were stored, or goes on without them, its live log equal to the
    stored one either way (before: the append waited as long as the backend was stopped)."""
    monkeypatch.setattr(table_module, "SETTLE_EVERY", 0.2 if asked_while_stopped else 3.0)
    stopper.armed = False
    server = await server_on_empty(pg_dsn, bot_delay=0.05)
    try:
        watcher, table = await computers_playing(server, 6, 30)
        batches: list[list[tuple[int, bytes]]] = []
        inner = server.registry.store.inner
        real_append = inner.append

        async def append(code: str, rows: list[tuple[int, bytes]], epoch: int | None = None) -> None:
            if not batches:  # this one is stopped (the table's appends come one at a time)
                stopper.only, stopper.armed = "append", True
            batches.append(list(rows))
            await real_append(code, rows, epoch)

        monkeypatch.setattr(inner, "append", append)
        await until(lambda: table._doubt is not None, CUT + MARGIN + 2)
        at, cut = table.log.size, batches[0]  # the cut events were taken back: they begin here
        assert cut[0][0] == at and len(batches) == 1
        await asyncio.sleep(1.0)
        assert table.log.size == at  # every computer move is refused meanwhile, nothing stored
        assert len(await stored_rows(pg_dsn, str(watcher.code))) == at
        if asked_while_stopped:
            await asyncio.sleep(0.5)  # the table has asked: not known, the backend told to end
        stopper.go_on()
        await until(lambda: table._doubt is None, 10)
        await until(lambda: table.log.size >= at + len(cut) + 2, 30)  # it goes on either way
        rows = await _agree(server, table)
        if asked_while_stopped:  # told to end before it ran again: never stored; other events there
            assert rows[at:at + len(cut)] != cut
        else:  # ran again before anyone asked: committed, and played now
            assert rows[at:at + len(cut)] == cut
        await until(lambda: table.log.size >= at + 3, 30)
        await _agree(server, table)
        assert server.health()["status"] == "ok"
    finally:
        await server.stop()


async def test_a_seats_record_cut_in_doubt_and_stored_after_all_is_stored_again_as_the_table_holds_it(
        pg_dsn: str, stopper: Stopper, monkeypatch: pytest.MonkeyPatch) -> None:
    """Bo's join is cut after its COMMIT was sent: refused INTERNAL, seat 2 stays free at the table; the
    backend runs on and commits Bo's seat; the table then stores its own seats again, so the store says
    what the players were told (a restart would have seated a Bo who was refused)."""
    from doublenine.server.netbot import ServerRefused
    from doublenine.shared.codec import encode_meta

    monkeypatch.setattr(table_module, "SETTLE_EVERY", 3.0)  # the backend runs on before anyone asks
    stopper.armed = False
    server = await server_on_empty(pg_dsn, bot_delay=0.05)
    try:
        seats = [{"kind": "human"}] * 2 + [{"kind": "computer", "level": "easy"}] * 2
        ana = await (await TableClient.connect(server.url)).attach(
            {"type": "create_table", "sit": 1, "name": "Ana", "seats": seats})
        code = str(ana.code)
        table = server.registry.tables[code]
        stopper.only, stopper.armed = "update_meta", True
        with pytest.raises(ServerRefused) as refused:
            await (await TableClient.connect(server.url)).attach({"type": "join", "code": code, "seat": 2, "name": "Bo"})
        assert (refused.value.error.code, refused.value.error.data) == ("INTERNAL", {"store": "failing", "retry_ms": 2000})
        assert not table.slots[2].claimed
        stopper.go_on()
        assert stopper.pid is not None
        await _gone(pg_dsn, stopper.pid)
        stored = await server.store.load(code)
        assert stored.meta != encode_meta(table.meta.record())  # Bo's seat, committed after all
        await until(lambda: not table._record_tasks, 10)
        stored = await server.store.load(code)
        assert stored.meta == encode_meta(table.meta.record())
        assert not table.slots[2].claimed
    finally:
        await server.stop()


async def test_an_append_waiting_for_a_lock_another_session_holds_is_refused_never_in_doubt(
        store: Any, pg_dsn: str) -> None:
    """The other half of the report's case: a lock held while the append is pending (here the table's
    record, FOR UPDATE, which the foreign key check waits for). PostgreSQL ends the wait itself
    (``lock_timeout``, before the cut): a plain ``OSError``, rolled back, and once the lock is released
    the row is not there and its seq can be written."""
    other = await asyncpg.connect(pg_dsn)
    try:
        held = other.transaction()
        await held.start()
        await other.execute("SELECT 1 FROM dn_table WHERE code='CUTAB' FOR UPDATE")
        start = time.monotonic()
        with pytest.raises(OSError) as refused:
            await store.append("CUTAB", [(1, b"one")])
        took = time.monotonic() - start
        assert not isinstance(refused.value, InDoubt)
        # PostgreSQL's own lock timeout; on a machine so loaded its answer is late, the cut (nothing done)
        assert "lock timeout" in str(refused.value) or str(refused.value).endswith("nothing of it was done")
        assert ANSWER_WITHIN - 0.5 < took < CUT + MARGIN
        await held.rollback()
    finally:
        await other.close()
    assert await stored_rows(pg_dsn, "CUTAB") == [(0, b"zero")]
    await store.append("CUTAB", [(1, b"uno")])
    assert await stored_rows(pg_dsn, "CUTAB") == [(0, b"zero"), (1, b"uno")]
