"""Loopback ports for servers that a test starts in another process, and for ports nobody listens on.

The old way -- bind a socket to port 0, read its number, close it, hand the number to a child --
let the port go before the child bound it. Alone that was safe enough; beside other processes
(pytest-xdist workers, another suite on the machine) the kernel could give the same port to one of
their sockets in between: to a ``--port 0`` server, or as the local port of any outgoing connection
(the kernel takes those from the same ephemeral range, tens a second under the fleet tests). Then
the child could not listen ("address already in use"), or a port meant to be dead answered.

:func:`free_port` takes ports outside the kernel's ephemeral range (which neither ``bind(0)`` nor an
outgoing connection ever picks) and reserves each one among the processes that use this module: a
one-byte ``lockf`` lock at the port's offset in one shared file, held until the process ends (the
kernel drops it then, whatever way the process ended). A port is handed out once per process, and
only if nothing is bound to it right now. Where the ephemeral range leaves no room below it, the
old way is used.
"""
from __future__ import annotations

import fcntl
import os
import random
import socket
import tempfile
from pathlib import Path

LOCKS = Path(tempfile.gettempdir()) / f"doublenine-test-ports-{os.getuid() if hasattr(os, 'getuid') else 0}.lock"
"""The shared file whose byte N is locked by the process that holds port N: one per user (another
user's suite could not open this user's file, made 0644 by the umask; a port another user holds is
still found busy by :func:`_bindable`)."""
LOWEST = 20000
"""The lowest port handed out: above the registered ports most services use."""

_handed: dict[int, int] = {}
"""Ports handed out (or found busy) by this process -> the count of :data:`_counted` when last handed."""
_counted = [0]
"""Ports handed out (or found busy) by this process so far."""
REUSE_AFTER = 24
"""Within ``DOUBLENINE_TEST_PORTS``: a port is handed again only after this many others (a test's own ports,
one meant to stay dead among them, are never handed twice within it)."""
_fd: int | None = None
_random = random.Random(os.urandom(16))  # not the global generator: tests seed that one


def _ephemeral_low() -> int:
    """The first port of the kernel's ephemeral range (Linux), or 0 where it cannot be read."""
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 0


def _bindable(port: int, host: str) -> bool:
    with socket.socket() as s:
        try:
            s.bind((host, port))
        except OSError:
            return False
    return True


def _any_port(host: str) -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def _span() -> tuple[int, int] | None:
    """``DOUBLENINE_TEST_PORTS=LOW-HIGH``: the ports to hand out (HIGH included), for a run that must keep
    to a range (several suites on one machine, each given its own); None when unset or out of form."""
    low, _, high = os.environ.get("DOUBLENINE_TEST_PORTS", "").partition("-")
    if not (low.isdigit() and high.isdigit() and 1024 <= int(low) <= int(high) <= 65535):
        return None
    return int(low), int(high) + 1


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port on ``host`` that nothing is bound to and no other process using this module will be
    handed while this one runs (see the module's doc), within ``DOUBLENINE_TEST_PORTS`` when it is set
    (:func:`_span`). Raises RuntimeError when 500 tries found none."""
    global _fd
    span = _span()
    lowest, high = span if span is not None else (LOWEST, _ephemeral_low())
    if span is None and high - lowest < 1000:
        return _any_port(host)
    if _fd is None:
        _fd = os.open(LOCKS, os.O_RDWR | os.O_CREAT, 0o666)
    for _ in range(500):
        port = _random.randrange(lowest, high)
        if port in _handed and (span is None or _counted[0] - _handed[port] < REUSE_AFTER):
            continue  # in a span of a few ports, one handed long enough ago (and free now) may be handed again
        try:
            fcntl.lockf(_fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, port)
        except OSError:  # another process holds it
            continue
        _counted[0] += 1
        _handed[port] = _counted[0]  # kept even when busy: not tried again (in a span: not soon)
        if _bindable(port, host):
            return port
    raise RuntimeError(f"no free port found between {lowest} and {high}")
