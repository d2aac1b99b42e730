"""Driving a window's network session from a test: pump it until a condition holds (any test may import this;
tests/conftest.py puts tests/unit on the path)."""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from doublenine.client.net import NetSession


def pump_until(session: NetSession, ok: Callable[[Any], bool], seconds: float = 60.0, step: float = 0.02) -> None:
    """Pump ``session`` every ``step`` seconds until ``ok(session.state)``; AssertionError after ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        session.pump()
        if ok(session.state):
            return
        if time.monotonic() >= deadline:
            raise AssertionError(f"not reached in {seconds} s: {session.state.connection}, {session.state.failure}")
        time.sleep(step)


def update_until(scene: Any, done: Callable[[], bool], seconds: float = 20.0, step: float = 0.01) -> None:
    """Call ``scene.update(now)`` every ``step`` seconds until ``done()``; AssertionError after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:
        scene.update(time.monotonic())
        time.sleep(step)
    assert done()
