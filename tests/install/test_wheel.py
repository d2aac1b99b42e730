"""Issue 13 part 1: the wheel a player installs holds everything, and every command works from it.

Builds the wheel and sdist (``python -m build``), installs the wheel into a fresh
venv outside the checkout and runs, from another folder: ``doublenine play``
through a whole hand against its embedded server (``--autoplay``, dummy video
driver), ``serve`` + ``/healthz``, ``bot`` against that server, ``play`` creating
a table there, ``replay`` of every shipped example and ``selfplay``.
"""
from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import tarfile
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest
from installkit import ROOT, SOURCE_ROOTS, last_json, need, player_env, serving_line, table_for_one
from ports import free_port

pytestmark = [pytest.mark.packaging, pytest.mark.timeout(900)]  # on one worker: conftest.ONE_WORKER


def source_files(installed: bool = True) -> set[str]:
    """Every file of the source packages, caches left out: as installed (``doublenine/...``) or as in the checkout."""
    found = set()
    for folder, target in SOURCE_ROOTS.items():
        for path in (ROOT / folder).rglob("*"):
            rel = path.relative_to(ROOT / folder)
            if path.is_file() and "__pycache__" not in rel.parts and path.suffix != ".pyc":
                found.add(f"{target if installed else folder}/{rel.as_posix()}")
    return found


def test_wheel_and_sdist_hold_every_file_of_the_packages(dist: dict[str, Path]) -> None:
    with zipfile.ZipFile(dist["wheel"]) as whl:
        in_wheel = {n for n in whl.namelist() if not n.startswith("doublenine-")}
        meta = {n.split("/", 1)[1] for n in whl.namelist() if ".dist-info/" in n}
    assert in_wheel == source_files(), "add the missing file types to [tool.setuptools.package-data]"
    assert {"entry_points.txt", "METADATA", "licenses/LICENSE", "licenses/client/fonts/LICENSE-DejaVu.txt"} <= meta
    with tarfile.open(dist["sdist"]) as sdist:
        in_sdist = {n.split("/", 1)[1] for n in sdist.getnames() if "/" in n}
    # python -m build made the wheel from this sdist: it holds every source and data file too
    assert source_files(installed=False) - in_sdist == set()
    assert {"pyproject.toml", "README.md", "LICENSE", "PKG-INFO"} <= in_sdist


def test_wheel_and_sdist_pass_the_package_index_checks(dist: dict[str, Path]) -> None:
    """Ready for a package index: ``twine check --strict`` (metadata, README rendering)."""
    try:
        import twine  # noqa: F401
    except ImportError:
        need(False, "the 'twine' package is not installed (the [test] extra)")
    done = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", str(dist["wheel"]), str(dist["sdist"])],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.count("PASSED") == 2, done.stdout + done.stderr


def _run(player: dict[str, Path], *args: str, timeout: float = 120, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(player["bin"] / "doublenine"), *args], capture_output=True, text=True,
                          timeout=timeout, cwd=player["cwd"], env=player_env(player["home"], **env))


def test_installed_package_is_the_one_running(player: dict[str, Path]) -> None:
    code = "import doublenine.client, doublenine.shared.i18n as i; print(doublenine.client.__file__); " \
           "print(i.translator('fr').gettext('Pass'))"
    done = subprocess.run([str(player["bin"] / "python"), "-c", code], capture_output=True, text=True,
                          timeout=60, cwd=player["cwd"], env=player_env(player["home"]))
    where, passe = done.stdout.split("\n")[:2]
    assert Path(where).is_relative_to(player["bin"].parent), where
    assert not Path(where).is_relative_to(ROOT)
    assert passe == "Passer"  # the French catalog came with the wheel


@pytest.mark.parametrize("options", [(), ("--start-screen", "--lang", "de")], ids=["table", "start-screen"])
def test_installed_play_plays_a_hand_against_the_embedded_server(player: dict[str, Path], tmp_path: Path,
                                                                 options: tuple[str, ...]) -> None:
    done = _run(player, "play", "--autoplay", "--autoplay-shots", str(tmp_path), *options)
    assert done.returncode == 0, done.stdout + done.stderr
    out = last_json(done.stdout)
    assert out["autoplay"] == "hand over" and out["seat"] == 1 and out["result"] in ("domino", "block", "tie")
    assert len(str(out["table"])) == 5
    assert (tmp_path / "hand-over.png").stat().st_size > 10_000
    assert "Traceback" not in done.stderr


def _get(url: str) -> dict[str, object]:
    with urllib.request.urlopen(url, timeout=5) as resp:  # loopback only
        return json.loads(resp.read())  # type: ignore[no-any-return]


def test_installed_serve_healthz_bot_and_play_against_it(player: dict[str, Path]) -> None:
    port = free_port()
    server = subprocess.Popen([str(player["bin"] / "doublenine"), "serve", "--port", str(port), "--db", ":memory:",
                               # computers at once, and room for a bot that never waits: a match in seconds
                               "--bot-delay", "0", "--rate", "500", "--burst", "500",
                               "--log-level", "WARNING"],  # nobody reads the pipe later: it must not fill
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              cwd=player["cwd"], env=player_env(player["home"]))
    try:
        line = serving_line(server)
        assert f"serving on ws://127.0.0.1:{port}/" in line, line
        health = _get(f"http://127.0.0.1:{port}/healthz")
        assert health["status"] == "ok" and health["tables"] == 0
        url = f"ws://127.0.0.1:{port}/"
        played = _run(player, "play", "--server", url, "--autoplay")  # creates a table there
        assert played.returncode == 0, played.stdout + played.stderr
        assert last_json(played.stdout)["autoplay"] == "hand over"

        async def bot_plays_a_match() -> tuple[subprocess.CompletedProcess[str], object]:
            table = await table_for_one(url)
            code = table.code  # type: ignore[attr-defined]
            done = await asyncio.to_thread(_run, player, "bot", "--server", url, "--table", code, "--seat", "1",
                                           "--level", "easy", timeout=300)
            await table.close()  # type: ignore[attr-defined]
            return done, code

        bot, code = asyncio.run(bot_plays_a_match())
        assert bot.returncode == 0, bot.stdout + bot.stderr
        assert bot.stdout.startswith(f"doublenine bot: seat 1 at table {code}")
        assert _get(f"http://127.0.0.1:{port}/healthz")["tables"] == 2
        # issue 13.3: the wheel carries the table page, its script, style and vendored msgpack
        for path, expected in ((f"/t/{code}", f"Table {code}"), ("/static/table.js", "spectate"),
                               ("/static/page.css", ".seat"), ("/static/vendor/msgpack.min.js", "MessagePack"),
                               ("/static/vendor/LICENSE-msgpack.txt", "MessagePack Community")):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as resp:  # loopback only
                assert expected in resp.read().decode(), path
    finally:
        server.terminate()
        server.wait(30)
    assert server.returncode == 0


def test_installed_replay_of_every_shipped_example(player: dict[str, Path]) -> None:
    listed = _run(player, "replay", "--list-examples")
    assert listed.returncode == 0, listed.stderr
    examples = dict(line.split("\t") for line in listed.stdout.splitlines())
    assert sorted(examples) == ["hand-block", "hand-domino", "hand-tie", "match-normal-computers"]
    assert all(Path(p).is_relative_to(player["bin"].parent) for p in examples.values())
    results = {}
    for name in examples:
        done = _run(player, "replay", "--example", name)
        assert done.returncode == 0, done.stdout
        results[name] = json.loads(done.stdout)
    assert [results[n][k] for n in ("hand-domino", "hand-block", "hand-tie")
            for k in ("result", "winner_team", "points")] == ["domino", "A", 48, "block", "B", 134, "tie", None, 0]
    record = json.loads(Path(examples["match-normal-computers"]).read_text(encoding="utf-8"))
    hands = results["match-normal-computers"]["hands"]
    assert [(h["result"], h["points"], h["scores_after"]) for h in hands] == \
        [(r["result"], r["points"], r["scores_after"]) for r in record["recorded"]]
    assert hands[-1]["match_winner"] == record["match_winner"] == "A"


def test_installed_selfplay_and_help(player: dict[str, Path]) -> None:
    started = time.monotonic()
    done = _run(player, "selfplay", "--matches", "2", "--seed", "5", "--team-a", "easy", "--team-b", "heaviest")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "easy" in done.stdout and "heaviest" in done.stdout, done.stdout
    assert time.monotonic() - started < 120
    helped = _run(player, "--help")
    for command in ("play", "serve", "bot", "replay", "selfplay", "copy-store", "desktop-install", "desktop-uninstall"):
        assert command in helped.stdout


def test_pipx_install_of_the_wheel_as_the_readme_says(dist: dict[str, Path], tmp_path: Path) -> None:
    """README: ``pipx install doublenine-<version>-py3-none-any.whl``, then ``doublenine`` is on PATH."""
    env = player_env(tmp_path / "home", PIPX_HOME=str(tmp_path / "pipx"), PIPX_BIN_DIR=str(tmp_path / "bin"))
    tool = tmp_path / "tool"
    subprocess.run([sys.executable, "-m", "venv", str(tool)], check=True, timeout=120, env=env)
    got = subprocess.run([str(tool / "bin" / "python"), "-m", "pip", "install", "-q", "pipx"],
                         capture_output=True, text=True, timeout=300, env=env)
    need(got.returncode == 0, f"pipx cannot be installed from the package index: {got.stderr[-500:]}")
    done = subprocess.run([str(tool / "bin" / "pipx"), "install", str(dist["wheel"])], capture_output=True,
                          text=True, timeout=400, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    program = tmp_path / "bin" / "doublenine"
    replay = subprocess.run([str(program), "replay", "--example", "hand-block"], capture_output=True, text=True,
                            timeout=60, env=env, cwd=tmp_path)
    assert json.loads(replay.stdout)["points"] == 134, replay.stdout + replay.stderr
    installed = subprocess.run([str(program), "desktop-install"], capture_output=True, text=True, timeout=60,
                               env=env, cwd=tmp_path)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    entry = (tmp_path / "home" / "data" / "applications" / "doublenine.desktop").read_text()
    assert f"\nExec={program} play --window-errors --join %u\n" in entry  # pipx's link on PATH, not its venv's copy
