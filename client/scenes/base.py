"""A small explicit scene stack (Tuxemon-style lifecycle, no globals).

A scene gets events, may change on ``update`` (it returns True when it needs
a redraw), draws itself, and returns a :class:`Change` to push, pop or
replace scenes. The :class:`~doublenine.client.app.App` loop owns the stack.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol


class Scene(Protocol):
    """What the loop calls on the scene on top of the stack."""

    def handle(self, event: Any) -> Change | None:
        """React to one pygame event."""

    def update(self, now: float) -> bool:
        """Advance time and network state; True if the next frame differs."""

    def draw(self, surface: Any) -> None:
        """Paint the whole frame (drawing only)."""

    def close(self) -> None:
        """Release what the scene holds (connections, servers)."""


@dataclass(frozen=True, slots=True)
class Change:
    """A change of the stack: ``push`` a scene, ``pop`` this one, ``replace`` it, or ``quit`` everything."""

    kind: str
    scene: Any = None
