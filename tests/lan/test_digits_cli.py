"""Issue 16.4 through the real commands: a port in other digits is said in words (exit 2), never a traceback."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def _run(args: list[str], home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home / "data"),
           "XDG_CONFIG_HOME": str(home / "config"), "SDL_VIDEODRIVER": "dummy", "LANG": "C",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    return subprocess.run([sys.executable, "-m", "doublenine", *args], capture_output=True, text=True,
                          timeout=60, env=env)


@pytest.mark.parametrize(("invite", "port"), [("doublenine://127.0.0.1:²/KQ7PA", "²"),
                                              ("doublenine://192.168.1.20:８７６５/KQ7PA", "８７６５")])
def test_play_join_with_a_port_in_other_digits(invite: str, port: str, tmp_path: Path) -> None:
    done = _run(["play", "--lang", "en", "--join", invite], tmp_path)
    assert (done.returncode, done.stdout, done.stderr) == (2, "",  # errors: stderr (s12)
        f"doublenine play: The invite's port “{port}” is not a port number (1 to 65535).\n")
    assert "Traceback" not in done.stderr


def test_play_server_with_a_port_in_other_digits(tmp_path: Path) -> None:
    done = _run(["play", "--lang", "en", "--server", "ws://127.0.0.1:²/"], tmp_path)
    assert (done.returncode, done.stdout, done.stderr) == (2, "",
        "doublenine play: “ws://127.0.0.1:²/” is not a server address. "
           "It should look like HOST:PORT or ws://HOST:PORT/ (wss:// behind TLS).\n")
    assert "Traceback" not in done.stderr


def test_bot_server_with_a_port_in_other_digits(tmp_path: Path) -> None:
    done = _run(["bot", "--server", "ws://127.0.0.1:²/", "--table", "KQ7PM"], tmp_path)
    assert done.returncode == 2 and "is not a server address" in done.stderr and done.stdout == ""
    assert "Traceback" not in done.stderr
