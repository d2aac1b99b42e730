"""tests/ports.py: a port handed to one test process is never handed to another while it runs, and is
outside the kernel's ephemeral range (kind: bind-to-0-and-close raced other processes' sockets)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import ports
import pytest

HERE = Path(__file__).resolve().parents[1]


def test_ports_are_below_the_ephemeral_range_bindable_and_never_handed_twice() -> None:
    got = [ports.free_port() for _ in range(40)]
    assert len(set(got)) == 40
    assert ports._ephemeral_low() == int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    assert all(ports.LOWEST <= port < ports._ephemeral_low() for port in got)
    assert all(ports._bindable(port, "127.0.0.1") for port in got)


def test_a_port_another_process_holds_is_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    holder = subprocess.Popen([sys.executable, "-c", "import sys, ports; print(*[ports.free_port() for _ in range(3)]);"
                               "sys.stdout.flush(); sys.stdin.read()"], cwd=HERE, text=True,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, env={"PYTHONPATH": str(HERE)})
    try:
        assert holder.stdout is not None
        held = [int(x) for x in holder.stdout.readline().split()]
        assert len(held) == 3
        free = next(p for p in range(ports.LOWEST + 500, ports.LOWEST + 900) if p not in held and ports._bindable(p, "127.0.0.1"))
        picks = iter([*held, free])
        monkeypatch.setattr(ports._random, "randrange", lambda low, high: next(picks))
        assert ports.free_port() == free  # the other process's three were tried first and refused
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(timeout=30)
