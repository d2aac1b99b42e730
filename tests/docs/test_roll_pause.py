"""Operator s13 finding 1: the guide's rolling-restart loop took the whole site down in nginx.

nginx marks a port down at the first connection it refuses while its process stops, and sends it
nothing for ``fail_timeout`` (5 s in the shipped upstreams), however healthy its ``/healthz`` is
meanwhile. The loop restarted the next process as soon as ``/healthz`` said 200: two, then three, of
three processes "down" at once, ``no live upstreams``, 38 ``502``s in one roll (none with ``sleep 6``).

Kind: a documented procedure whose step waits for the process, not for what the proxy thinks of it.
Every rolling-restart loop in docs/operations.md (systemd, compose) pauses longer than every shipped
upstream's ``fail_timeout`` after each process is healthy.
"""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs/operations.md"
UPSTREAMS = [ROOT / "deploy/nginx/doublenine.conf", ROOT / "deploy/nginx/compose.conf"]


def fail_timeouts() -> set[int]:
    """Every ``fail_timeout`` (seconds) of the shipped upstreams' ``server`` lines."""
    found: set[int] = set()
    for path in UPSTREAMS:
        found |= {int(s) for s in re.findall(r"^\s*server \S+ .*fail_timeout=(\d+)s;", path.read_text(), re.M)}
    return found


def roll_loops() -> dict[str, str]:
    """The body of each ``for ...; do ... done`` loop of the "Upgrading with ..." sections, by section."""
    text = GUIDE.read_text()
    loops = {}
    for m in re.finditer(r"^#### (Upgrading with \w+)\n(.*?)(?=^#### |\Z)", text, re.M | re.S):
        body = re.search(r"^for .*?; do\n(.*?)^done$", m.group(2), re.M | re.S)
        assert body is not None, m.group(1)
        loops[m.group(1)] = body.group(1)
    return loops


def test_the_shipped_upstreams_mark_a_port_down_for_5_s() -> None:
    assert fail_timeouts() == {5}


def test_every_rolling_restart_pauses_longer_than_fail_timeout_after_each_healthy_process() -> None:
    loops = roll_loops()
    assert sorted(loops) == ["Upgrading with compose", "Upgrading with systemd"]
    for name, body in loops.items():
        last = body.strip().splitlines()[-1]  # the pause comes after the health check, last in the loop
        pause = re.match(r"\s*sleep (\d+)\b", last)
        assert pause is not None, (name, last)
        assert int(pause.group(1)) == 6 > max(fail_timeouts()), name
