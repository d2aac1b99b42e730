"""``play --server URL --table CODE [--seat N]`` refuses as ``play --join`` does: the same sentence and
exit 2 before any window opens, and nothing refused is remembered (new user: on a full table the first
opened a window saying "Seat 3 ... is taken. Choose another seat", and the start screen then showed
that server and code although README says they are remembered "once joining them worked").
Kind: one refusal reported two ways. Loopback only."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Iterator

import pytest

from doublenine.client.hosting import Hosting
from doublenine.client.net import NetClient, NetSession
from doublenine.shared import protocol as p


@pytest.fixture()
def hosted() -> Iterator[Any]:
    hosting = Hosting(None, port=0, bind="127.0.0.1", announce=False).start()
    sessions: list[NetSession] = []

    def table(kinds: tuple[str, ...]) -> str:
        seats = tuple(p.SeatSpec(kind=k, level="easy") for k in kinds)
        session = NetSession(NetClient(hosting.local_url, p.CreateTable(seats=seats, sit=1, name="Ana")).start())
        sessions.append(session)
        deadline = time.monotonic() + 15
        while session.state.view is None and time.monotonic() < deadline:
            session.pump()
            time.sleep(0.02)
        assert session.state.table
        return str(session.state.table)

    hosting.table = table  # type: ignore[attr-defined]
    yield hosting
    for session in sessions:
        session.close(leave=False)
    hosting.stop()


def _play(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home / "data"),
           "XDG_CONFIG_HOME": str(home / "config"), "SDL_VIDEODRIVER": "dummy", "LANG": "C",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    return subprocess.run([sys.executable, "-m", "doublenine", "play", "--lang", "en", *args],
                          capture_output=True, text=True, timeout=60, env=env)


def _remembered(home: Path) -> tuple[str, str]:
    path = home / "config" / "doublenine" / "client.json"
    saved = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    return saved.get("server", ""), saved.get("table", "")


def test_a_full_table_is_said_full_whatever_seat_was_asked(hosted: Any, tmp_path: Path) -> None:
    code = hosted.table(("human", "computer", "computer", "computer"))
    url = f"ws://127.0.0.1:{hosted.port}/"
    by_invite = _play(tmp_path / "a", "--join", f"http://127.0.0.1:{hosted.port}/t/{code}")
    by_seat = _play(tmp_path / "b", "--server", url, "--table", code.lower(), "--seat", "3")
    by_code = _play(tmp_path / "c", "--server", url, "--table", code)
    full = (f"doublenine play: Table {code} is full: no seat is left for another person (the others are taken "
            f"or played by the computer). Ask the host to open a new table, or watch this one.\n")
    assert [(d.returncode, d.stderr) for d in (by_invite, by_seat, by_code)] == [(2, full)] * 3  # stderr (s12)
    assert _remembered(tmp_path / "b") == _remembered(tmp_path / "c") == ("", "")  # refused: not remembered


def test_a_taken_seat_while_another_is_free_says_so(hosted: Any, tmp_path: Path) -> None:
    code = hosted.table(("human", "human", "computer", "computer"))
    done = _play(tmp_path, "--server", f"ws://127.0.0.1:{hosted.port}/", "--table", code, "--seat", "3")
    assert (done.returncode, done.stderr) == \
        (2, f"doublenine play: The North seat at table {code} is taken. Choose another seat, or “Any free seat”.\n")
    assert _remembered(tmp_path) == ("", "")
