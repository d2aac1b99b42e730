"""The match log: events, the pure fold ``replay``, and :class:`MatchLog`.

Every change to a match is an :class:`Event` appended to its log (DESIGN, "The
one flow"). ``replay(events)`` folds them into a :class:`MatchState`; undo and
redo markers move a cursor over the decisions (R27, D6), so redo restores the
very same events, shuffles included. Randomness enters only as :class:`Shuffled`
events drawn by :class:`MatchLog` from its own ``random.Random`` (R24, D9).
"""
from __future__ import annotations

import random
import struct
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Union

from .errors import ErrorCode, IllegalMove
from .moves import Decision, DrawPick, Nominate, Pass, Play, Review
from .rules import apply, apply_shuffle, new_match, restart_hand
from .seats import Seat
from .state import INITIAL, MatchState, Phase
from .tiles import DOUBLE_NINE_SET


@dataclass(frozen=True, slots=True)
class Shuffled:
    """R3-R5, R9, R11: a recorded shuffle of the 55 tile indices (hidden from every seat)."""

    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Decided:
    """A seat's decision (draw pick, nomination, review, play or pass)."""

    decision: Decision


@dataclass(frozen=True, slots=True)
class Undone:
    """R27/D6: ``seat`` took back its decision at ``to_seq`` and everything after it."""

    seat: Seat
    to_seq: int


@dataclass(frozen=True, slots=True)
class Redone:
    """R27: the most recently undone events are restored unchanged."""

    seat: Seat | None


@dataclass(frozen=True, slots=True)
class Restarted:
    """R28: the current hand starts again from its deal."""


@dataclass(frozen=True, slots=True)
class MatchStarted:
    """R28: a new match: scores 0-0, a fresh opening draw."""


Body = Union[Shuffled, Decided, Undone, Redone, Restarted, MatchStarted]


@dataclass(frozen=True, slots=True)
class Event:
    """One entry of the match log: ``seq`` is its 0-based position, ``at`` Unix seconds."""

    seq: int
    at: float
    body: Body


def step(state: MatchState, body: Body) -> MatchState:
    """Fold one non-cursor event into the state (pure)."""
    if isinstance(body, Decided):
        return apply(state, body.decision)
    if isinstance(body, Shuffled):
        return apply_shuffle(state, body.order)
    if isinstance(body, Restarted):
        return restart_hand(state)
    if isinstance(body, MatchStarted):
        return new_match(state)
    raise TypeError(f"cursor events are handled by replay: {body!r}")


_CHECKPOINT_EVERY = 16
"""Keep the state after every 16th active event: memory stays flat as a match grows, and an
undo re-folds at most 15 events from the nearest checkpoint (``step`` is pure, so the
re-folded state equals the one that was dropped)."""


@dataclass(frozen=True, slots=True)
class LogStart:
    """Where a :class:`MatchLog` that forgot its past matches begins (issue 12: a table's memory
    stays bounded over an evening; the forgotten events stay stored)."""

    offset: int
    """The ``seq`` of the first event kept (every earlier one is forgotten)."""
    state: MatchState
    """The fold of every event before ``offset``."""
    rng: object
    """The generator's state there (:func:`pack_rng` of ``random.Random.getstate()``), so
    shuffles still replay."""


_MT_WORDS = struct.Struct("<625I")  # CPython's Mersenne Twister: 624 32-bit words and an index


def pack_rng(state: Any) -> tuple[Any, bytes, Any]:
    """``random.Random.getstate()`` as (version, 2,500 bytes, gauss_next): the same state in a
    tenth of the memory (the tuple of 625 ints costs about 23 KB; issue 12, memory per table).
    Raises ``struct.error`` for a state that is not CPython's 625 32-bit words."""
    version, words, gauss = state
    return version, _MT_WORDS.pack(*words), gauss


def unpack_rng(packed: tuple[Any, bytes, Any]) -> tuple[Any, tuple[int, ...], Any]:
    """The ``random.Random.setstate()`` argument back from :func:`pack_rng`."""
    version, words, gauss = packed
    return version, _MT_WORDS.unpack(words), gauss


class _Cursor:
    """The active events and the redo stack, with the current state and sparse checkpoints.

    ``checkpoints`` holds ``(n, state)``: the state after the first ``n`` active events,
    for ``n`` = 0, 16, 32, ... up to ``len(active)``; the current state is ``state``.
    """

    def __init__(self, initial: MatchState = INITIAL) -> None:
        self.active: list[Event] = []
        self.checkpoints: list[tuple[int, MatchState]] = [(0, initial)]
        self.state: MatchState = initial
        self.redo: list[list[Event]] = []

    def push(self, event: Event, after: MatchState | None = None) -> None:
        """Fold ``event`` in; ``after``, when given, is the state it leads to, already computed."""
        body = event.body
        if isinstance(body, Undone):
            idx = next((i for i, e in enumerate(self.active) if e.seq == body.to_seq), None)
            if idx is None:
                raise IllegalMove(ErrorCode.NOTHING_TO_UNDO, f"event {body.to_seq} is not active")
            self.redo.append(self.active[idx:])
            del self.active[idx:]
            self._rewind(idx)
        elif isinstance(body, Redone):
            if not self.redo:
                raise IllegalMove(ErrorCode.NOTHING_TO_REDO, "nothing was undone")
            for e in self.redo.pop():
                self._append(e)
        else:
            self._append(event, after)
            if isinstance(body, (Decided, Restarted, MatchStarted)):
                self.redo.clear()  # R27: a new decision discards what could be redone

    def _append(self, event: Event, after: MatchState | None = None) -> None:
        self.state = step(self.state, event.body) if after is None else after
        self.active.append(event)
        if len(self.active) % _CHECKPOINT_EVERY == 0:
            self.checkpoints.append((len(self.active), self.state))

    def _rewind(self, n: int) -> None:
        """Set ``state`` to the fold of the first ``n`` active events (``active`` is already cut)."""
        while self.checkpoints[-1][0] > n:
            self.checkpoints.pop()
        at, state = self.checkpoints[-1]
        for e in self.active[at:n]:
            state = step(state, e.body)
        self.state = state


def _with_past(state: MatchState, past: tuple[Any, ...]) -> MatchState:
    """``state`` with another ``past`` (the records of earlier matches)."""
    from dataclasses import replace
    return replace(state, past=past)


def replay(events: Iterable[Event]) -> MatchState:
    """Fold a whole log into its state (pure; never consults a generator)."""
    cursor = _Cursor()
    for e in events:
        cursor.push(e)
    return cursor.state


_SHUFFLE_PHASES = (Phase.DRAW_SHUFFLE, Phase.DEAL_SHUFFLE)

UNDOABLE = (Play, Pass)
"""R27: undo goes back to the undoing seat's previous play or pass."""


class MatchLog:
    """A match's append-only event log plus its random generator (R24, D9).

    ``seed=None`` seeds from OS entropy; the seed is kept here and is never part
    of any state or view. ``clock`` supplies the ``at`` of new events (seconds).
    Methods raise :class:`IllegalMove` and then leave the log unchanged.
    """

    def __init__(self, seed: int | None = None, clock: Callable[[], float] = lambda: 0.0,
                 events: Iterable[Event] = (), start: LogStart | None = None) -> None:
        self.seeded = seed is not None
        self._rng = random.Random(seed)  # seed None -> OS entropy (R24)
        self._clock = clock
        self.events: list[Event] = []
        """The events kept: all of them, or from :attr:`offset` on once past matches are forgotten."""
        self.offset = 0
        """How many events at the start were forgotten (:meth:`forget_past_matches`)."""
        self._start: LogStart | None = start
        self._match_start: LogStart | None = start
        """Where a log of the latest match alone would begin (set at each MatchStarted)."""
        self._cursor = _Cursor()
        if start is not None:  # a window of a longer log: its past is a state and a generator
            self._rng.setstate(unpack_rng(start.rng))  # type: ignore[arg-type]
            self._cursor = _Cursor(start.state)
            self.offset = start.offset
        for e in events:  # resuming a stored log: re-consume the generator for each shuffle
            self._push(e)
            if isinstance(e.body, Shuffled):
                self._draw_order()
        self._settle()

    @property
    def state(self) -> MatchState:
        """The current state: the fold of the active events."""
        return self._cursor.state

    @property
    def size(self) -> int:
        """The number of events ever logged (the next event's ``seq``), forgotten ones included."""
        return self.offset + len(self.events)

    def tail(self, start: int) -> list[Event]:
        """The events from ``seq`` ``start`` on (``start`` >= :attr:`offset`)."""
        if start < self.offset:
            raise ValueError(f"events before {self.offset} are forgotten (stored only)")
        return self.events[start - self.offset:]

    def forget_past_matches(self, keep_past: int | None = None) -> int:
        """Keep only the events of the current match (from its MatchStarted on); returns how many
        were dropped. Nothing the log can still do needs them: undo stops at a new match (D6),
        redo is cleared by it (R27), and the state and the generator there are kept.

        ``keep_past``: also keep only the last ``keep_past`` earlier matches' records in the
        state's ``past`` (the ledger of earlier matches, issue 6); None keeps them all."""
        start = self._match_start
        if start is None or start.offset <= self.offset:
            return 0
        if keep_past is not None and len(start.state.past) > keep_past:
            past = start.state.past[len(start.state.past) - keep_past:]
            start = LogStart(start.offset, _with_past(start.state, past), start.rng)
        window = self.events[start.offset - self.offset:]
        cursor = _Cursor(start.state)
        for e in window:  # undo and redo markers inside the match re-fold exactly as before
            cursor.push(e)
        dropped = start.offset - self.offset
        self._cursor, self.events, self.offset, self._start = cursor, list(window), start.offset, start
        return dropped

    def without_last(self, n: int, seed: int | None) -> MatchLog:
        """This log minus its last ``n`` events (never stored nor sent): the generator is where it
        was before them. ``seed``: the one this log was made with (used when nothing is forgotten)."""
        if not 0 <= n <= len(self.events):
            raise ValueError(f"cannot take back {n} events: {len(self.events)} are kept")
        kept = self.events[:len(self.events) - n]
        return MatchLog(seed=seed, clock=self._clock, events=kept, start=self._start)

    @property
    def can_redo(self) -> bool:
        """True while an undone block is waiting to be redone (R27)."""
        return bool(self._cursor.redo)

    def submit(self, decision: Decision) -> list[Event]:
        """Apply a seat's decision; returns the new events (the decision, then any shuffle due)."""
        after = apply(self._cursor.state, decision)  # refused: nothing is appended
        return self._record(Decided(decision), after)

    def undo(self, seat: Seat) -> list[Event]:
        """R27, D6: take back ``seat``'s previous play or pass and everything after it.

        Raises ``NOTHING_TO_UNDO`` if ``seat`` has no play or pass in the current match.
        """
        for e in reversed(self._cursor.active):
            if isinstance(e.body, MatchStarted):
                break  # D6: not across a new match
            if isinstance(e.body, Decided) and isinstance(e.body.decision, UNDOABLE) \
                    and e.body.decision.seat == seat:
                return self._record(Undone(seat, e.seq))
        raise IllegalMove(ErrorCode.NOTHING_TO_UNDO, f"seat {seat} has nothing to undo")

    def redo(self, seat: Seat | None = None) -> list[Event]:
        """R27: restore the most recently undone events exactly; ``NOTHING_TO_REDO`` otherwise."""
        if not self._cursor.redo:
            raise IllegalMove(ErrorCode.NOTHING_TO_REDO, "nothing was undone")
        return self._record(Redone(seat))

    def restart(self) -> list[Event]:
        """R28: restart the hand in play from its deal; ``NOTHING_TO_RESTART`` otherwise."""
        restart_hand(self.state)
        return self._record(Restarted())

    def new_match(self) -> list[Event]:
        """R28: begin a new match (0-0, fresh opening draw)."""
        return self._record(MatchStarted())

    def undo_target(self, seat: Seat) -> int | None:
        """The seq an undo by ``seat`` would go back to, or None (R27, D6)."""
        for e in reversed(self._cursor.active):
            if isinstance(e.body, MatchStarted):
                return None
            if isinstance(e.body, Decided) and isinstance(e.body.decision, UNDOABLE) \
                    and e.body.decision.seat == seat:
                return e.seq
        return None

    def _record(self, body: Body, after: MatchState | None = None) -> list[Event]:
        start = self.size
        self._push(Event(start, self._clock(), body), after)
        self._settle()
        return self.tail(start)

    def _push(self, event: Event, after: MatchState | None = None) -> None:
        self._cursor.push(event, after)
        self.events.append(event)
        if isinstance(event.body, MatchStarted):  # undo never goes back past here (D6)
            self._match_start = LogStart(event.seq + 1, self._cursor.state, pack_rng(self._rng.getstate()))

    def _settle(self) -> None:
        cursor = self._cursor
        while cursor.state.phase in _SHUFFLE_PHASES:  # MatchState.needs_shuffle
            self._push(Event(self.size, self._clock(), Shuffled(self._draw_order())))

    def _draw_order(self) -> tuple[int, ...]:
        order = list(range(len(DOUBLE_NINE_SET)))
        self._rng.shuffle(order)
        return tuple(order)


__all__ = [
    "Body", "Decided", "DrawPick", "Event", "LogStart", "MatchLog", "MatchStarted", "Nominate", "Redone",
    "Restarted", "Review", "Shuffled", "Undone", "replay", "step",
]
