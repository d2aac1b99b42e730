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
        # the other process's three are tried first, then whatever the generator gives: a fixed
        # fallback port could be held by another worker or handed earlier in this one (a flake)
        tried: list[int] = []
        real = ports._random.randrange

        def pick(low: int, high: int) -> int:
            tried.append(held[len(tried)] if len(tried) < len(held) else real(low, high))
            return tried[-1]

        monkeypatch.setattr(ports._random, "randrange", pick)
        got = ports.free_port()
        assert tried[:3] == held and got == tried[-1] and got not in held and len(tried) >= 4
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(timeout=30)
