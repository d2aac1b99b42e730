"""Helpers and fixtures of the install checks (issue 13): the wheel and sdist built once, a player's fresh venv.

Everything here runs as a new player would: the wheel is installed into a new
virtual environment in a temporary folder outside the checkout, commands run
with that folder as the current directory, no ``PYTHONPATH``, and their own
home and XDG folders. Missing build tools skip these tests with the reason,
except in CI (``CI`` set), where they fail: .ci/run must provide them.
"""
from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
"""The checkout."""
SOURCE_ROOTS = {"doublenine": "doublenine", "client": "doublenine/client", "server": "doublenine/server",
                "shared": "doublenine/shared"}
"""Folder in the checkout -> where pyproject.toml puts it in the installed package."""


def need(ok: bool, reason: str) -> None:
    """Skip with ``reason`` when ``ok`` is false -- but fail in CI, which must have every tool."""
    if ok:
        return
    if os.environ.get("CI"):
        pytest.fail(f"CI must provide this (see .ci/services): {reason}")
    pytest.skip(reason)


def pip_cache() -> str:
    """pip's own download cache (the suite moves XDG_CACHE_HOME away; pip's cache is not the game's)."""
    return os.environ.get("PIP_CACHE_DIR") or str(Path.home() / ".cache" / "pip")


def player_env(home: Path, **extra: str) -> dict[str, str]:
    """A player's environment: own home and XDG folders under ``home``, no PYTHONPATH, no window."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV", "XDG_"))}
    for var, sub in (("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"), ("XDG_CACHE_HOME", "cache"),
                     ("XDG_STATE_HOME", "state")):
        (home / sub).mkdir(parents=True, exist_ok=True)
        env[var] = str(home / sub)
    env.update(HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", LANG="C.UTF-8",
               PYGAME_HIDE_SUPPORT_PROMPT="1", PIP_CACHE_DIR=pip_cache(), PIP_DISABLE_PIP_VERSION_CHECK="1")
    env.update(extra)
    return env


def last_json(text: str) -> dict[str, object]:
    """The last line of ``text`` that is a JSON object (what --autoplay and replay print)."""
    for line in reversed(text.strip().splitlines()):
        if line.startswith("{"):
            return json.loads(line)  # type: ignore[no-any-return]
    raise AssertionError(f"no JSON line in output:\n{text}")


def serving_line(server: "subprocess.Popen[str]", limit: int = 50) -> str:
    """The ``doublenine: serving on ...`` line of a starting ``doublenine serve`` (log lines may come first)."""
    assert server.stdout is not None
    for _ in range(limit):
        line = server.stdout.readline()
        if not line or "serving on" in line:
            return line
    return ""


async def table_for_one(url: str) -> Any:
    """Create a table on the server at ``url`` (seat 1 human, three easy computers) as a spectator.

    Returns the attached netbot ``TableClient`` (``.code``); close it when done.
    """
    from doublenine.server.netbot import TableClient
    seats = [{"kind": "human"}] + [{"kind": "computer", "level": "easy"}] * 3
    client = await TableClient.connect(url)
    return await client.attach({"type": "create_table", "seats": seats, "sit": None})


def built_once(tmp_path_factory: pytest.TempPathFactory, name: str, build: Callable[[Path], None]) -> Path:
    """A folder that ``build(folder)`` filled, once per test run however many processes ask.

    Alone, a new temp folder. Under pytest-xdist, ``NAME`` in the folder the workers' temp folders
    share (this run's), made by the first worker to ask while the others wait on ``NAME.lock``
    (an exclusive ``flock``): the scheduler's groups are not relied on to keep the builds on one
    worker (pytest 9.2 ignores the group xdist writes into the test ids, and two workers built in
    the checkout at once). A build that raised is not made again: each later worker fails with
    its message (``NAME.failed``); a skip (a missing tool) is not kept, so each worker says it.
    """
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        folder = tmp_path_factory.mktemp(name)
        build(folder)
        return folder
    shared = tmp_path_factory.getbasetemp().parent
    folder, failed = shared / name, shared / f"{name}.failed"
    with open(shared / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if failed.exists():
            pytest.fail(f"{name}: the build failed in another worker:\n{failed.read_text()}")
        if not (folder / ".built").exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            try:
                build(folder)
            except Exception as exc:
                failed.write_text(str(exc)[-6000:])
                raise
            (folder / ".built").touch()
    return folder


def copy_of_checkout(into: Path) -> Path:
    """What ``python -m build`` reads, copied from the checkout into ``into/doublenine``: pyproject.toml,
    README.md, LICENSE and the source packages (caches left out). The build runs in the copy: setuptools
    assembles the sdist in the source folder (``doublenine-0.1.0/``, ``doublenine.egg-info``), which in
    the checkout met whatever else ran there (another build removing that folder mid-way: "No such
    file ... doublenine-0.1.0/client/joining.py")."""
    source = into / "doublenine"
    source.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, source / name)
    for folder in SOURCE_ROOTS:
        shutil.copytree(ROOT / folder, source / folder, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return source


@pytest.fixture(scope="session")
def dist(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """``python -m build`` of (a copy of) the checkout: {"wheel": path, "sdist": path}, built once per run."""
    try:
        import build  # noqa: F401
    except ImportError:
        need(False, "the 'build' package is not installed (pip install build, or the [test] extra)")

    def make(out: Path) -> None:
        started = time.monotonic()
        source = copy_of_checkout(tmp_path_factory.mktemp("source"))
        done = subprocess.run([sys.executable, "-m", "build", "--outdir", str(out), str(source)],
                              capture_output=True, text=True, timeout=400, cwd=source,
                              env={**os.environ, "PIP_CACHE_DIR": pip_cache()})
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
        print(f"\nbuild: wheel and sdist in {time.monotonic() - started:.1f} s")

    out = built_once(tmp_path_factory, "dist", make)
    wheels, sdists = list(out.glob("*.whl")), list(out.glob("*.tar.gz"))
    assert len(wheels) == 1 and len(sdists) == 1, list(out.iterdir())
    return {"wheel": wheels[0], "sdist": sdists[0]}


@pytest.fixture(scope="session")
def player(dist: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The wheel installed in a fresh venv: {"bin": venv/bin, "home": a player's home, "cwd": elsewhere}."""
    base = tmp_path_factory.mktemp("player")
    venv, home, cwd = base / "venv", base / "home", base / "somewhere"
    cwd.mkdir()
    env = player_env(home)
    started = time.monotonic()
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120, env=env, cwd=cwd)
    done = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", str(dist["wheel"])],
                          capture_output=True, text=True, timeout=400, env=env, cwd=cwd)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    print(f"\ninstall: fresh venv with the wheel in {time.monotonic() - started:.1f} s")
    return {"bin": venv / "bin", "home": home, "cwd": cwd}  # pytest's own retention removes it later
