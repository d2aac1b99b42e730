"""Issue 8: ``doublenine play --join INVITE`` says what is wrong in words, never a traceback,
before any window opens. Loopback only."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from ports import free_port

from doublenine.client.hosting import Hosting


def _play(invite: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home / "data"),
           "XDG_CONFIG_HOME": str(home / "config"), "SDL_VIDEODRIVER": "dummy", "LANG": "C",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    return subprocess.run([sys.executable, "-m", "doublenine", "play", "--lang", "en", "--join", invite],
                          capture_output=True, text=True, timeout=60, env=env)


@pytest.mark.parametrize(("invite", "expected"), [
    ("host:99999/KQ7PA", "doublenine play: The invite's port “99999” is not a port number (1 to 65535).\n"),
    ("http://host/KQ7PA", "doublenine play: “http://” is not an invite address. Use doublenine://, ws:// or wss://.\n"),
])
def test_malformed_invite_is_refused_in_words(invite: str, expected: str, tmp_path: Path) -> None:
    done = _play(invite, tmp_path)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", expected)  # errors: stderr (s12)
    assert "Traceback" not in done.stderr


def test_invite_to_nobody_is_unreachable(tmp_path: Path) -> None:
    port = free_port()  # reserved: no other process listens there meanwhile
    done = _play(f"doublenine://127.0.0.1:{port}/KQ7PA", tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith(f"doublenine play: Cannot reach a doublenine table at 127.0.0.1:{port}.")


def test_stale_invite_is_table_closed(tmp_path: Path) -> None:
    hosting = Hosting(None, port=0, bind="127.0.0.1", announce=False).start()
    port = hosting.port
    try:
        done = _play(f"doublenine://127.0.0.1:{port}/KQ7PA", tmp_path)
    finally:
        hosting.stop()
    assert done.returncode == 2
    assert done.stderr.startswith(f"doublenine play: Table KQ7PA is closed or no longer exists on 127.0.0.1:{port}.")


def test_mistyped_table_code_is_refused_before_any_connection(tmp_path: Path) -> None:
    env = {**os.environ, "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data"),
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "SDL_VIDEODRIVER": "dummy", "LANG": "C",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    done = subprocess.run([sys.executable, "-m", "doublenine", "play", "--lang", "en",
                           "--server", "ws://127.0.0.1:1/", "--table", "O0!"],
                          capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 2
    assert done.stderr.startswith("doublenine play: ") and "O0!" in done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "config" / "doublenine" / "client.json").exists()
