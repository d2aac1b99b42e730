"""Issue 13 part 1: the standalone Linux program (PyInstaller, one folder), built and started under Xvfb.

packaging/pyinstaller/build.sh freezes the wheel built by ``python -m build``; the
program then opens its start screen in a real X window (Xvfb, SDL's x11 driver),
presses **Create table** and plays a whole hand against its embedded server
(``--autoplay``). Also every other subcommand of the frozen program: ``replay``,
``selfplay`` with worker processes, ``serve`` + ``/healthz``, ``bot`` playing a match
there and ``play`` watching that table, and ``desktop-install`` naming the program itself.
"""
from __future__ import annotations

import asyncio
import json
import shutil
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest
from installkit import ROOT, built_once, last_json, need, player_env, serving_line, table_for_one
from ports import free_port

pytestmark = [pytest.mark.packaging, pytest.mark.timeout(900)]  # on one worker: conftest.ONE_WORKER


@pytest.fixture(scope="module")
def standalone(dist: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built program folder (``.../doublenine``, holding the ``doublenine`` executable), built once per run."""

    def make(out: Path) -> None:
        home = tmp_path_factory.mktemp("builder")
        started = time.monotonic()
        done = subprocess.run(["bash", str(ROOT / "packaging" / "pyinstaller" / "build.sh"), str(dist["wheel"])],
                              capture_output=True, text=True, timeout=600, cwd=home,
                              env=player_env(home, OUT=str(out)))
        assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
        size = sum(f.lstat().st_size for f in (out / "doublenine").rglob("*") if not f.is_symlink() and f.is_file())
        print(f"\nstandalone: built in {time.monotonic() - started:.0f} s, {size / 2**20:.0f} MiB")

    return built_once(tmp_path_factory, "standalone", make) / "doublenine"


def test_standalone_opens_the_start_screen_and_plays_a_hand_under_xvfb(standalone: Path, tmp_path: Path) -> None:
    need(shutil.which("xvfb-run") is not None and shutil.which("xauth") is not None,
         "Xvfb is not installed (apt install xvfb xauth)")
    env = player_env(tmp_path / "home", SDL_VIDEODRIVER="x11")
    done = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1400x900x24", str(standalone / "doublenine"),
                           "play", "--start-screen", "--autoplay", "--autoplay-shots", str(tmp_path)],
                          capture_output=True, text=True, timeout=180, cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    out = last_json(done.stdout)
    assert (out["autoplay"], out["video"], out["seat"]) == ("hand over", "x11", 1)
    assert (tmp_path / "start.png").stat().st_size > 10_000 and (tmp_path / "hand-over.png").stat().st_size > 10_000


def test_every_subcommand_of_the_standalone_program(standalone: Path, tmp_path: Path) -> None:
    """replay, selfplay with worker processes, serve + /healthz, bot and play against it, desktop-install."""
    env = player_env(tmp_path)
    program = str(standalone / "doublenine")

    def run(*args: str, timeout: float = 120, **extra: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([program, *args], capture_output=True, text=True, timeout=timeout, cwd=tmp_path,
                              env={**env, **extra})

    replay = run("replay", "--example", "hand-domino")
    assert replay.returncode == 0 and json.loads(replay.stdout)["points"] == 48, replay.stdout + replay.stderr
    selfplay = run("selfplay", "--matches", "2", "--seed", "3", "--team-a", "easy", "--team-b", "normal", "--jobs", "2")
    assert selfplay.returncode == 0 and "hands " in selfplay.stdout, selfplay.stdout + selfplay.stderr  # spawned workers
    port = free_port()
    server = subprocess.Popen([program, "serve", "--port", str(port), "--db", ":memory:", "--bot-delay", "0",
                               "--rate", "500", "--burst", "500", "--log-level", "WARNING"],  # pipe never fills
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=tmp_path, env=env)
    url = f"ws://127.0.0.1:{port}/"
    try:
        assert "serving on" in serving_line(server)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as resp:  # loopback only
            assert json.loads(resp.read())["status"] == "ok"

        async def bot_match() -> tuple[str, subprocess.CompletedProcess[str]]:
            table = await table_for_one(url)
            done = await asyncio.to_thread(run, "bot", "--server", url, "--table", table.code, "--seat", "1",
                                           "--level", "easy", timeout=300)
            await table.close()
            return table.code, done

        code, bot = asyncio.run(bot_match())
        assert bot.returncode == 0 and bot.stdout.startswith(f"doublenine bot: seat 1 at table {code}"), bot.stdout
        played = run("play", "--join", f"doublenine://127.0.0.1:{port}/{code}", "--spectate", "--autoplay",
                     timeout=60)
        out = last_json(played.stdout)
        assert (out["table"], out["seat"]) == (code, None), played.stdout + played.stderr  # watched that table
    finally:
        server.terminate()
        server.wait(30)
    done = run("desktop-install")
    assert done.returncode == 0, done.stdout + done.stderr
    entry = (tmp_path / "data" / "applications" / "doublenine.desktop").read_text()
    assert f"\nExec={program} play --window-errors --join %u\n" in entry
