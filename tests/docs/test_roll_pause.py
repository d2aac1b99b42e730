"""The guide's rolling restart and the shipped nginx upstreams (operator s13 finding 1, operator s15 F2).

s13: nginx marked a port down at the first connection it refused while its process stopped and sent it
nothing for ``fail_timeout`` (5 s); the loop restarted the next process as soon as ``/healthz`` said 200,
and nginx had no process left: 38 ``502``s. The guide then paused 6 s after each healthy process.
s15 F2: that pause did not help where the restarted process got only websockets: nginx forgets a failure
only when a request sent to the process *finishes*, so the process stayed marked, and the roll still gave
every table ``502 no live upstreams`` (69). The shipped upstreams now never mark a process down
(``max_fails=0``, tests/deploy/test_roll_nginx.py runs the case on a real nginx), so no pause is part of
the procedure; each step still waits for the restarted process's own health before the next stop.

Kind: a documented procedure whose step waits for the process, not for what the proxy thinks of it.
"""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs/operations.md"
UPSTREAMS = [ROOT / "deploy/nginx/doublenine.conf", ROOT / "deploy/nginx/compose.conf"]


def server_lines() -> list[str]:
    """The parameters of every ``server`` line of the shipped upstreams."""
    found: list[str] = []
    for path in UPSTREAMS:
        found += re.findall(r"^\s*server \S+ ([^;]*);", path.read_text(), re.M)
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


def test_s15_f2_the_shipped_upstreams_never_mark_a_process_down() -> None:
    assert server_lines() == ["max_fails=0"] * 6


def test_every_rolling_restart_waits_for_each_process_health_and_for_nginx_nothing() -> None:
    loops = roll_loops()
    assert sorted(loops) == ["Upgrading with compose", "Upgrading with systemd"]
    assert "curl -fs -o /dev/null http://127.0.0.1:$port/healthz" in loops["Upgrading with systemd"]
    assert "--wait" in loops["Upgrading with compose"]
    for name, body in loops.items():
        assert "break" in body and "sleep 6" not in body and "fail_timeout" not in body, name
