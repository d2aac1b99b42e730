"""A queue and a wake-up that cost next to nothing while idle (issue 12, memory per table).

``collections.deque`` allocates a block of 64 slots (about 600 bytes) as soon as it exists,
empty or not. A connection had three that are empty nearly all the time: its own send queue
(server/connection.py) and two of websockets' (the frames received and not yet read, and the
waiters for the transport to drain), 7 KB a table of four connections. :class:`Fifo` is a
list with the deque methods those queues use; an empty one is 56 bytes. Its ``popleft``
moves what follows: at most ``max_queue`` frames (2,000 by default), a 16 KB memmove, about
a microsecond, against the socket send that each pop precedes.

:class:`Wake` is the connection writer's wake-up: ``asyncio.Event`` holds a deque of waiters
(about 700 bytes with it); this one has a single waiter, the writer task, and its future.
"""
from __future__ import annotations

from collections.abc import Iterable
import asyncio
from typing import Any, TypeVar

T = TypeVar("T")


class Fifo(list[T]):
    """``append``/``popleft``/``extendleft``/``clear``/``len``/iteration, as ``deque`` has them."""

    __slots__ = ()

    def popleft(self) -> T:
        """Remove and return the first item; ``IndexError`` when empty."""
        if not self:
            raise IndexError("pop from an empty Fifo")
        return self.pop(0)

    def extendleft(self, items: Iterable[T]) -> None:
        """Put ``items`` at the front one by one, as ``deque.extendleft`` (so reversed)."""
        for item in items:
            self.insert(0, item)


def lighten(connection: Any) -> bool:
    """Swap websockets' two mostly empty deques of ``connection`` (an asyncio
    ``ServerConnection`` whose ``connection_made`` has run) for :class:`Fifo`. Only when they
    are where websockets 13-17 keeps them and empty; returns whether both were swapped (a
    test checks it, so a websockets that moves them is noticed, not silently heavier)."""
    from collections import deque

    swapped = 0
    waiters = getattr(connection, "drain_waiters", None)
    if type(waiters) is deque and not waiters:
        connection.drain_waiters = Fifo()
        swapped += 1
    frames = getattr(getattr(connection, "recv_messages", None), "frames", None)
    queue = getattr(frames, "queue", None)
    if type(queue) is deque and not queue:
        frames.queue = Fifo()
        swapped += 1
    return swapped == 2


class Wake:
    """``asyncio.Event`` for one waiter at a time: ``set``, ``clear``, ``await wait()``.
    ``RuntimeError`` if a second task waits while one does."""

    __slots__ = ("_set", "_waiter")

    def __init__(self) -> None:
        self._set = False
        self._waiter: asyncio.Future[None] | None = None

    def set(self) -> None:
        """Wake the waiter, or let the next ``wait`` return at once."""
        self._set = True
        if self._waiter is not None and not self._waiter.done():
            self._waiter.set_result(None)

    def clear(self) -> None:
        self._set = False

    def is_set(self) -> bool:
        return self._set

    async def wait(self) -> None:
        """Return once set (at once if it is)."""
        if self._set:
            return
        if self._waiter is not None:
            raise RuntimeError("Wake has one waiter at a time")
        self._waiter = asyncio.get_running_loop().create_future()
        try:
            await self._waiter
        finally:
            self._waiter = None
