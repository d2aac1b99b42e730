"""A private network namespace for LAN tests (issue 8): mDNS never leaves it.

The namespace is created by the test itself (``ip netns add``), holds only its
own loopback interface (set up and multicast-capable), and is deleted
afterwards. Multicast DNS sent inside it cannot reach any other network.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

import pytest


def _ip(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["ip", *args], capture_output=True, text=True, timeout=20)


@contextmanager
def private_netns() -> Iterator[list[str]]:
    """Yield the command prefix that runs a program inside a fresh namespace (skip if impossible)."""
    if shutil.which("ip") is None or os.geteuid() != 0:
        pytest.skip("needs root and iproute2 to create a private network namespace")
    name = f"dn-lan-{uuid.uuid4().hex[:8]}"
    made = _ip("netns", "add", name)
    if made.returncode != 0:
        pytest.skip(f"cannot create a network namespace here: {made.stderr.strip()}")
    try:
        for args in (("link", "set", "lo", "up"), ("link", "set", "lo", "multicast", "on")):
            done = _ip("netns", "exec", name, "ip", *args)
            assert done.returncode == 0, done.stderr
        links = _ip("netns", "exec", name, "ip", "-o", "link").stdout.splitlines()
        assert len(links) == 1 and ": lo:" in links[0], links  # nothing but loopback in here
        yield ["ip", "netns", "exec", name]
    finally:
        _ip("netns", "del", name)
