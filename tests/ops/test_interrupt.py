"""Ctrl-C while a command starts (window finding, session 3): one line, exit 130, nothing left behind.

A player who presses Ctrl-C while ``doublenine serve`` or ``play`` is starting met a Python
traceback, and the game file's ``.owner`` lock file stayed. Each test here starts the real
command in a subprocess (loopback only) and holds it inside its start deterministically: the test
keeps a write transaction open on the SQLite file, so the store's opening waits on SQLite's busy
timeout after the lock file is taken; SIGINT comes then, and the file is let go just after.
"""
from __future__ import annotations

import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from ports import free_port

INTERRUPTED_EXIT = 130
"""128 + SIGINT: what a shell reports for a command ended by Ctrl-C."""


def doublenine(*args: str, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    """The command in its own process group: SIGINT goes to it alone, and tests/childprocs.py kills
    the whole group (the coach's worker included) if the test fails."""
    return subprocess.Popen([sys.executable, "-P", "-m", "doublenine", *args], text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, start_new_session=True)


@contextmanager
def held_write_lock(db: Path) -> Iterator[sqlite3.Connection]:
    """A WAL SQLite file at ``db`` whose write lock this process holds until the block ends."""
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    finally:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        conn.close()


def interrupt_while_starting(proc: subprocess.Popen[str], owner: Path, release: object) -> tuple[str, str]:
    """Once ``owner`` (the lock file) exists, check the process still starts, send SIGINT, let the
    SQLite file go (``release()``) and return its (stdout, stderr)."""
    end = time.monotonic() + 60
    while not owner.exists() and proc.poll() is None and time.monotonic() < end:
        time.sleep(0.02)
    assert owner.exists(), proc.communicate(timeout=10)
    time.sleep(0.3)
    assert proc.poll() is None  # still inside its start: SQLite waits for the write lock
    proc.send_signal(signal.SIGINT)
    time.sleep(0.3)
    release()  # type: ignore[operator]
    return proc.communicate(timeout=60)


def test_ctrl_c_while_serve_starts_ends_with_one_line_130_and_no_owner_file(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    with held_write_lock(db) as lock:
        proc = doublenine("serve", "--port", "0", "--db", str(db))
        out, err = interrupt_while_starting(proc, tmp_path / "tables.sqlite3.owner", lambda: lock.execute("ROLLBACK"))
        assert not (tmp_path / "tables.sqlite3.owner").exists()  # before this process closes its own connection
    assert proc.returncode == INTERRUPTED_EXIT, err
    assert "Traceback" not in err and "serving on" not in out
    assert err.splitlines()[-1:] == ["doublenine serve: interrupted"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tables.sqlite3"]  # no -wal, -shm, .owner


def test_ctrl_c_while_play_starts_its_server_ends_with_one_line_130_and_no_owner_file(tmp_path: Path) -> None:
    db = tmp_path / "game.sqlite3"
    env = {**os.environ, "DOUBLENINE_DB": str(db), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    with held_write_lock(db) as lock:
        proc = doublenine("play", "--name", "Ana", env=env)
        out, err = interrupt_while_starting(proc, tmp_path / "game.sqlite3.owner", lambda: lock.execute("ROLLBACK"))
        assert not (tmp_path / "game.sqlite3.owner").exists()
    assert proc.returncode == INTERRUPTED_EXIT, err
    assert "Traceback" not in err
    assert err.splitlines()[-1:] == ["doublenine play: interrupted"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.sqlite3"]


def test_ctrl_c_while_bot_connects_ends_with_one_line_130() -> None:
    with socket.create_server(("127.0.0.1", 0)) as silent:  # accepts, never answers the handshake
        port = silent.getsockname()[1]
        proc = doublenine("bot", "--server", f"ws://127.0.0.1:{port}/", "--table", "ABCDE")
        silent.settimeout(60)
        peer, _ = silent.accept()  # the bot is dialling: inside its start
        with peer:
            time.sleep(0.2)
            proc.send_signal(signal.SIGINT)
            out, err = proc.communicate(timeout=60)
    assert proc.returncode == INTERRUPTED_EXIT, err
    assert "Traceback" not in err
    assert err.splitlines() == ["doublenine bot: interrupted"]


def _children(pid: int) -> int:
    """How many processes have ``pid`` as their parent (Linux /proc)."""
    count = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        count += fields[1] == str(pid)
    return count


def test_ctrl_c_in_the_terminal_while_selfplay_starts_its_workers_says_one_line() -> None:
    """The terminal sends SIGINT to the whole process group: each pool worker printed its own
    KeyboardInterrupt traceback. Sent as soon as the two workers exist (before their set-up)."""
    if not Path("/proc/self/stat").exists():
        pytest.skip("needs Linux /proc to see the workers start")
    proc = subprocess.Popen(["nice", "-n", "10", sys.executable, "-P", "-m", "doublenine", "selfplay",
                             "--matches", "400", "--jobs", "2"], text=True, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True)
    end = time.monotonic() + 60
    while _children(proc.pid) < 2 and proc.poll() is None and time.monotonic() < end:
        time.sleep(0.01)
    os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C in a terminal: the process and its workers alike
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == INTERRUPTED_EXIT, err
    assert err.splitlines() == ["doublenine selfplay: interrupted"]


def _coach_asked(url: str) -> None:
    """A hand played at a new table with three easy computers, then the coach asked to review it."""
    import asyncio
    import random

    from doublenine.server.computer import load_decide
    from doublenine.server.netbot import TableClient, play_seat
    from doublenine.shared import protocol as p

    async def main() -> None:
        decide = load_decide()
        client = await TableClient.connect(url)
        await client.attach({"type": "create_table", "sit": 1, "name": "Ana", "seed": 3,
                             "seats": [{"kind": "human"}] + [{"kind": "computer", "level": "easy"}] * 3})
        await client.send({"type": "start"})
        await play_seat(client, lambda v, r: decide(v, "easy", r), random.Random(1),
                        lambda c: c.view is not None and len(c.view.finished) >= 1, timeout=60)
        await client.send({"type": "coach", "match": 1, "hand": 1})
        await client.until(lambda m: isinstance(m, p.CoachReply), timeout=60)
        await client.close()

    asyncio.run(asyncio.wait_for(main(), 120))


def test_f8_ctrl_c_in_the_terminal_after_a_hand_review_prints_no_worker_traceback(tmp_path: Path) -> None:
    """The coach's review worker (a spawned process) is in the terminal's process group: it printed
    "Process SpawnProcess-1: Traceback ... KeyboardInterrupt" when Ctrl-C stopped ``serve``."""
    port = free_port()
    proc = subprocess.Popen(["nice", "-n", "10", sys.executable, "-P", "-m", "doublenine", "serve", "--port",
                             str(port), "--db", str(tmp_path / "t.sqlite3"), "--bot-delay", "0"], text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        assert proc.stdout is not None and "serving on" in proc.stdout.readline()
        _coach_asked(f"ws://127.0.0.1:{port}/")
        assert _children(proc.pid) >= 2  # the coach's worker and multiprocessing's resource tracker
        os.killpg(proc.pid, signal.SIGINT)  # Ctrl-C in a terminal: the server and its worker alike
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err


def _sigint_ignored() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # in the child before exec: `nohup doublenine serve &` from a script


def test_serve_started_with_sigint_ignored_keeps_ignoring_it_while_serving_and_sigterm_stops_it_cleanly(
        tmp_path: Path) -> None:
    """An ignored SIGINT is the operator's choice (a job started with & by a non-interactive shell): the
    start kept it, but serving replaced it with asyncio's handler, so a Ctrl-C meant for the script
    stopped the server. SIGTERM still stops it gracefully: exit 0, no owner file (docs/operations.md)."""
    proc = subprocess.Popen([sys.executable, "-P", "-m", "doublenine", "serve", "--port", "0", "--db",
                             str(tmp_path / "t.sqlite3")], text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True, preexec_fn=_sigint_ignored)
    assert proc.stdout is not None and "serving on" in proc.stdout.readline()
    proc.send_signal(signal.SIGINT)
    with pytest.raises(subprocess.TimeoutExpired):  # a handled SIGINT stops it in about 50 ms
        proc.wait(timeout=2)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert "INFO stopped tables=0" in err and "interrupted" not in err and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.sqlite3"]
