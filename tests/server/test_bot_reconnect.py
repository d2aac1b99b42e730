"""``doublenine bot`` keeps its seat (issue 12): four bots at one table pace themselves and
wait out ``RATE_LIMITED`` (case 8), and a server killed with SIGKILL and restarted gets every
bot back on its seat with its token; nobody exits, the match finishes."""
from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

from ports import free_port

from doublenine.server.netbot import TableClient
from doublenine.shared import protocol as p
from doublenine.shared.state import Phase



def _serve(db: Path, port: int, *extra: str) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen([sys.executable, "-m", "doublenine", "serve", "--port", str(port), "--db", str(db),
                             "--bot-delay", "0", *extra], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=open(db.with_suffix(f".{port}.log"), "ab"))  # noqa: SIM115
    assert proc.stdout is not None
    line = proc.stdout.readline().decode()
    assert "serving on" in line, db.with_suffix(f".{port}.log").read_text()
    return proc


def _bots(url: str, code: str, pace: str) -> list[subprocess.Popen[bytes]]:
    return [subprocess.Popen([sys.executable, "-m", "doublenine", "bot", "--server", url, "--table", code,
                              "--seat", str(seat), "--level", "easy", "--pace", pace],
                             stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            for seat in (1, 2, 3, 4)]


async def _open_table(url: str) -> TableClient:
    watcher = await TableClient.connect(url)
    watcher.keep_frames = False
    await watcher.attach({"type": "create_table", "sit": None, "seed": 4, "seats": [{"kind": "human"}] * 4})
    return watcher


async def _finished(url: str, code: str) -> bool:
    """True when the table's match is over, seen by a fresh spectator."""
    look = await TableClient.connect(url)
    try:
        await look.attach({"type": "spectate", "code": code})
        return look.view is not None and look.view.phase is Phase.MATCH_OVER
    finally:
        await look.close()


def _outputs(bots: list[subprocess.Popen[bytes]], timeout: float) -> list[tuple[int, str]]:
    out = []
    for bot in bots:
        try:
            text, _ = bot.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            bot.kill()
            text, _ = bot.communicate()
        out.append((bot.returncode, text.decode()))
    return out


async def test_case8_four_bots_at_one_table_wait_out_the_rate_limit_and_finish(tmp_path: Path) -> None:
    port = free_port()
    server = _serve(tmp_path / "r.sqlite", port, "--rate", "3", "--burst", "2")
    url = f"ws://127.0.0.1:{port}/"
    try:
        watcher = await _open_table(url)
        bots = _bots(url, str(watcher.code), pace="0")  # unpaced: they must meet the limit
        outputs = await asyncio.to_thread(_outputs, bots, 240)
        assert [code for code, _ in outputs] == [0, 0, 0, 0], outputs
        assert await _finished(url, str(watcher.code))
        metrics = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5).read().decode()
        limited = [ln for ln in metrics.splitlines() if ln.startswith('doublenine_limits_total{limit="rate"}')]
        assert limited and float(limited[0].split()[-1]) > 0, "the test must meet the limit"
    finally:
        server.kill()
        server.wait()


async def test_bots_come_back_to_their_seats_after_kill_9_and_finish_the_match(tmp_path: Path) -> None:
    port, db = free_port(), tmp_path / "k.sqlite"
    server = _serve(db, port)
    url = f"ws://127.0.0.1:{port}/"
    try:
        watcher = await _open_table(url)
        code = str(watcher.code)
        bots = _bots(url, code, pace="0.05")
        await watcher.until(lambda m: isinstance(m, p.Update) and m.seq >= 15, timeout=60)
        server.send_signal(signal.SIGKILL)
        server.wait()
        await asyncio.sleep(1.5)  # the bots find nobody for a while: none may exit
        assert all(bot.poll() is None for bot in bots)
        server = _serve(db, port)
        outputs = await asyncio.to_thread(_outputs, bots, 240)
        assert [rc for rc, _ in outputs] == [0, 0, 0, 0], outputs
        assert all("reconnecting" in text for _, text in outputs), outputs
        # kill -9 sends no close frame: said in words, never "close code None" (new-user finding 5)
        assert all("connection lost: the connection dropped without a close message" in text
                   and "None" not in text for _, text in outputs), outputs
        assert await _finished(url, code)
    finally:
        server.kill()
        server.wait()
