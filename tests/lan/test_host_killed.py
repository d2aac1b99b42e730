"""A hosted table survives ``kill -9`` of the host window's process (new-user finding 1).

The kind: a table kept only in a process's memory. "Host for friends" kept its tables in
``:memory:``, so killing the host window lost the match, and the next start made a new table
on another port. Now the hosted table is stored in the player's match file like any other, the
host's seat token and port are remembered, and the next start hosts it again on that port: a
friend's window, still reconnecting, rejoins with its own seat token by itself.
"""
from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from ports import free_port

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from doublenine.client import config  # noqa: E402
from doublenine.client.launcher import make_launcher  # noqa: E402
from doublenine.client.embedded import default_db  # noqa: E402
from doublenine.client.net import NetClient, NetSession  # noqa: E402
from doublenine.client.scenes.lan_host import HostedTable  # noqa: E402
from doublenine.client.scenes.start import Launch  # noqa: E402
from doublenine.shared import protocol as p  # noqa: E402
from sessionkit import pump_until  # noqa: E402

HERE = Path(__file__).resolve().parent


pytestmark = pytest.mark.usefixtures("own_folders")  # tests/conftest.py


def test_killed_host_comes_back_on_its_port_and_the_friend_rejoins() -> None:
    port = free_port()
    host = subprocess.Popen([sys.executable, str(HERE / "host_window.py"), str(port)],
                            stdout=subprocess.PIPE, text=True)
    friend: NetClient | None = None
    again: Any = None
    try:
        line = next(ln for ln in host.stdout if ln.startswith("code "))  # type: ignore[union-attr]
        code = line.split()[1]
        assert len(code) == 5, line
        friend = NetClient(f"ws://127.0.0.1:{port}/", p.Join(code=code, seat=None, name="Ana")).start()
        ana = NetSession(friend)
        pump_until(ana, lambda s: s.connection == "connected" and s.view is not None and s.view.seat is not None)
        seat = ana.state.view.seat
        host.send_signal(signal.SIGKILL)
        host.wait(10)
        pump_until(ana, lambda s: s.connection == "lost")
        con = sqlite3.connect(default_db())  # the hosted table is stored like any other
        assert con.execute("SELECT code FROM dn_table WHERE code=?", (code,)).fetchall() == [(code,)]
        con.close()
        saved = config.load()
        assert (saved.resume_code, saved.resume_port) == (code, port)
        # the host's next start ("python3 run.py play": a create launch that resumes)
        launcher = make_launcher("en", {}, bot_delay=0.0, hosting={"bind": "127.0.0.1", "announce": False})
        again = launcher(Launch("create", "Host", "en", resume=True))
        assert isinstance(again, HostedTable) and again.hosting.port == port
        pump_until(again.table.session, lambda s: s.connection == "connected" and s.table == code)
        assert again.table.session.state.view.seat == 1
        pump_until(ana, lambda s: s.connection == "connected" and s.table == code and s.view is not None)
        assert ana.state.view.seat == seat  # the friend's own seat, by its token
    finally:
        if host.poll() is None:
            host.kill()
            host.wait(10)
        if friend is not None:
            friend.close()
        if again is not None:
            again.close()


def test_host_for_friends_after_a_local_game_serves_the_same_file() -> None:
    """The player's local game's server holds the match file; "Host for friends" in the same
    window takes the file over (the local table stays stored) instead of failing on the lock."""
    from doublenine.client.scenes.lan_host import host_table

    box: dict[str, Any] = {}
    local = make_launcher("en", box, bot_delay=0.0)(Launch("create", "Host", "en", seed=3))
    pump_until(local.session, lambda s: bool(s.table))
    kept = local.session.state.table
    local.session.client.close()
    hosted = host_table(Launch("create", "Host", "en", seed=4, kinds=("human",) * 4), port=0, bind="127.0.0.1", announce=False)
    try:
        assert not box["server"].running
        pump_until(hosted.table.session, lambda s: bool(s.table) and s.connection == "connected")
        con = sqlite3.connect(default_db())
        codes = {c for (c,) in con.execute("SELECT code FROM dn_table")}
        con.close()
        assert {kept, hosted.table.session.state.table} <= codes
    finally:
        hosted.close()
