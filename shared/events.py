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
from array import array
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Union

from .errors import ErrorCode, IllegalMove
from .moves import Decision, DrawPick, End, Nominate, Pass, Play, Review
from .rules import apply, apply_shuffle, new_match, restart_hand
from .seats import Seat
from .state import INITIAL, MatchState, Phase
from .tiles import DOUBLE_NINE_SET, Tile

_LEFT = End.LEFT


@dataclass(frozen=True, slots=True, init=False, repr=False)
class Shuffled:
    """R3-R5, R9, R11: a recorded shuffle of the 55 tile indices (hidden from every seat).

    ``Shuffled(order)`` takes the order as ints 0..255 (``ValueError`` otherwise) and keeps it
    as bytes, :attr:`order` gives the tuple back: a match keeps every shuffle of its log, and
    55 ints in a tuple cost 496 bytes, as bytes 88 (issue 12, memory per table)."""

    packed: bytes

    def __init__(self, order: Iterable[int]) -> None:
        object.__setattr__(self, "packed", bytes(order))

    @property
    def order(self) -> tuple[int, ...]:
        """The shuffled tile indices, in order."""
        return tuple(self.packed)

    def __repr__(self) -> str:
        return f"Shuffled(order={self.order!r})"


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


_DECIDED: dict[Any, Decided] = {}
_DECIDED_MAX = 1024
"""More than every legal decision: 440 plays, 4 passes, 110 draw picks, 16 nominations, 8 reviews."""


def decided(decision: Decision) -> Decided:
    """``Decided(decision)``, one shared instance per distinct decision (issue 12, memory per
    table: a match keeps every decision of its log, and there are only about 580 distinct ones;
    both are frozen, so sharing is invisible). A decision whose seat is not a :class:`Seat`
    (a plain int) is wrapped, not shared, so every shared one reads the same."""
    shared = _known(decision)
    if shared is None:
        shared = Decided(decision)
        if type(decision.seat) is Seat and len(_DECIDED) < _DECIDED_MAX:
            _DECIDED[_key(decision)] = shared
    return shared


def _key(decision: Decision) -> Any:
    """``decision``'s key in ``_DECIDED``: an int for a play or a pass of the usual types (no
    dataclass ``__hash__``/``__eq__`` to run: this is on every submit), else the decision."""
    cls = decision.__class__
    if cls is Play:
        seat, tile, end = decision.seat, decision.tile, decision.end  # type: ignore[union-attr]
        if seat.__class__ is Seat and tile.__class__ is Tile and end.__class__ is End:
            return (tile.index << 3) | ((seat - 1) << 1) | (end is _LEFT)
    elif cls is Pass and decision.seat.__class__ is Seat:
        return -decision.seat
    return decision


def _known(decision: Decision) -> Decided | None:
    """The shared ``Decided`` of a decision equal to ``decision``, if there is one yet."""
    try:
        return _DECIDED.get(_key(decision))
    except TypeError:  # an unhashable field: never shared
        return None


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


_CHECKPOINT_EVERY = 64
"""Keep the state after every 64th active event: memory stays flat as a match grows, and an
undo re-folds at most 63 events from the nearest checkpoint (``step`` is pure, so the
re-folded state equals the one that was dropped). 64 rather than 16 (issue 12, memory per
table): a checkpoint holds its own copies of the line and the moves, and a re-fold of 63
events takes about 0.1 ms (docs/performance.md), for an undo that needs every seat's consent."""


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

    The active events are kept as two parallel sequences, their ``seqs`` (machine ints) and
    their ``bodies`` (shared objects, :func:`decided`), not as :class:`Event` objects: an
    Event with its ``seq`` and ``at`` costs about 110 bytes, these 16 (issue 12, memory per
    table). ``checkpoints`` holds ``(n, state)``: the state after the first ``n`` active
    events, for ``n`` = 0, 64, 128, ... up to ``len(bodies)``; the current state is ``state``.
    ``redo`` holds each undone block as (seqs, bodies).
    """

    def __init__(self, initial: MatchState = INITIAL) -> None:
        self.seqs = array("q")
        self.bodies: list[Body] = []
        self.checkpoints: list[tuple[int, MatchState]] = [(0, initial)]
        self.state: MatchState = initial
        self.redo: list[tuple[array[int], list[Body]]] = []

    def push(self, event: Event, after: MatchState | None = None) -> None:
        """Fold ``event`` in; ``after``, when given, is the state it leads to, already computed."""
        self.push_body(event.seq, event.body, after)

    def push_body(self, seq: int, body: Body, after: MatchState | None = None) -> None:
        """:meth:`push` of the event ``seq`` whose body is ``body``."""
        if isinstance(body, Undone):
            try:
                idx = self.seqs.index(body.to_seq)
            except (ValueError, TypeError, OverflowError):
                raise IllegalMove(ErrorCode.NOTHING_TO_UNDO, f"event {body.to_seq} is not active") from None
            self.redo.append((self.seqs[idx:], self.bodies[idx:]))
            del self.seqs[idx:], self.bodies[idx:]
            self._rewind(idx)
        elif isinstance(body, Redone):
            if not self.redo:
                raise IllegalMove(ErrorCode.NOTHING_TO_REDO, "nothing was undone")
            seqs, bodies = self.redo.pop()
            for s, b in zip(seqs, bodies):
                self._append(s, b)
        else:
            self._append(seq, body, after)
            if isinstance(body, (Decided, Restarted, MatchStarted)):
                self.redo.clear()  # R27: a new decision discards what could be redone

    def active(self) -> Iterable[tuple[int, Body]]:
        """The active events as (seq, body), latest first."""
        return zip(reversed(self.seqs), reversed(self.bodies))

    def _append(self, seq: int, body: Body, after: MatchState | None = None) -> None:
        self.state = step(self.state, body) if after is None else after
        self.seqs.append(seq)
        self.bodies.append(body)
        if len(self.bodies) % _CHECKPOINT_EVERY == 0:
            self.checkpoints.append((len(self.bodies), self.state))

    def _rewind(self, n: int) -> None:
        """Set ``state`` to the fold of the first ``n`` active events (the active events are already cut)."""
        while self.checkpoints[-1][0] > n:
            self.checkpoints.pop()
        self.state = self.state_at(n)

    def state_at(self, n: int) -> MatchState:
        """The fold of the first ``n`` active events (0 <= n <= len(bodies)); changes nothing."""
        at, state = next(c for c in reversed(self.checkpoints) if c[0] <= n)
        for body in self.bodies[at:n]:
            state = step(state, body)
        return state


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
"""R27: the moves an undo takes back (the asker's and the responses that followed it)."""
UNDO_TARGETS = (Play,)
"""R27: what an undo goes back to, the undoing seat's previous decision: its last play. Never a pass:
a seat passes only when no tile of its hand fits (R15, D4), so a pass is the one move it could make,
not a decision; an undo that landed before one showed the player a position with nothing to do but
that same pass (s13). The client's preview of it is ``client.buttons.may_undo``."""


class MatchLog:
    """A match's append-only event log plus its random generator (R24, D9).

    ``seed=None`` seeds from OS entropy; the seed is kept here and is never part
    of any state or view. ``clock`` supplies the ``at`` of new events (seconds).
    Methods raise :class:`IllegalMove` and then leave the log unchanged.
    """

    def __init__(self, seed: int | None = None, clock: Callable[[], float] = lambda: 0.0,
                 events: Iterable[Event] = (), start: LogStart | None = None,
                 keep_past: int | None = None) -> None:
        """``events``: a stored log to resume (``ValueError`` if its seqs do not follow on).
        ``keep_past``: while resuming, forget each earlier match as the next one starts
        (:meth:`forget_past_matches` with ``keep_past``), so a log of N matches folds in time and
        memory linear in N (attacker s11 F4: the ``past`` of 20,000 matches, copied at each new
        one, took 9 s); None keeps the whole log."""
        self.seeded = seed is not None
        self._rng = random.Random(seed)  # seed None -> OS entropy (R24)
        self._clock = clock
        self._ats = array("d")
        self._bodies: list[Body] = []
        """The events kept, packed (issue 12, memory per table): event ``offset + i`` is
        ``Event(offset + i, _ats[i], _bodies[i])``; :attr:`events` gives them as Events."""
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
        self._dealt: list[tuple[int, ...]] = []
        """The shuffles drawn in the current match, by their place in it (R24, D6): the n-th shuffle
        of a match is drawn once; a replay of the same decisions after an undo deals it again."""
        for e in events:  # resuming a stored log: re-consume the generator as each shuffle consumed it
            if e.seq != self.size:
                raise ValueError(f"event {e.seq} is not the next one of the log ({self.size})")
            self._push(e)
            if isinstance(e.body, Shuffled):
                self._resumed_shuffle(e.body.order)
            elif keep_past is not None and isinstance(e.body, MatchStarted):
                self.forget_past_matches(keep_past)
        self._settle()

    @property
    def state(self) -> MatchState:
        """The current state: the fold of the active events."""
        return self._cursor.state

    @property
    def size(self) -> int:
        """The number of events ever logged (the next event's ``seq``), forgotten ones included."""
        return self.offset + len(self._bodies)

    @property
    def events(self) -> list[Event]:
        """The events kept: all of them, or from :attr:`offset` on once past matches are
        forgotten. A new list of new Events at each call (the log keeps them packed); equal,
        event for event, to the ones :meth:`submit` and the others returned."""
        return self.tail(self.offset)

    def tail(self, start: int) -> list[Event]:
        """The events from ``seq`` ``start`` on (``start`` >= :attr:`offset`)."""
        if start < self.offset:
            raise ValueError(f"events before {self.offset} are forgotten (stored only)")
        i = max(0, start - self.offset)
        return [Event(start + n, at, body)
                for n, (at, body) in enumerate(zip(self._ats[i:], self._bodies[i:]))]

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
        first = start.offset - self.offset
        cursor = _Cursor(start.state)
        for n, body in enumerate(self._bodies[first:]):  # undo and redo markers re-fold exactly as before
            cursor.push_body(start.offset + n, body)
        self._ats, self._bodies = self._ats[first:], self._bodies[first:]
        self._cursor, self.offset, self._start = cursor, start.offset, start
        return first

    def without_last(self, n: int, seed: int | None) -> MatchLog:
        """This log minus its last ``n`` events (never stored nor sent): the generator is where it
        was before them. ``seed``: the one this log was made with (used when nothing is forgotten)."""
        if not 0 <= n <= len(self._bodies):
            raise ValueError(f"cannot take back {n} events: {len(self._bodies)} are kept")
        kept = self.events[:len(self._bodies) - n]
        return MatchLog(seed=seed, clock=self._clock, events=kept, start=self._start)

    @property
    def can_redo(self) -> bool:
        """True while an undone block is waiting to be redone (R27)."""
        return bool(self._cursor.redo)

    def submit(self, decision: Decision) -> list[Event]:
        """Apply a seat's decision; returns the new events (the decision, then any shuffle due)."""
        known = _known(decision)  # the shared one goes into the state's moves too (issue 12)
        after = apply(self._cursor.state, decision if known is None else known.decision)  # refused: nothing appended
        return self._record(decided(decision) if known is None else known, after)

    def undo(self, seat: Seat, after: tuple[int, ...] | None = None) -> list[Event]:
        """R27, D6: take back ``seat``'s previous play (:data:`UNDO_TARGETS`) and everything after it;
        ``after``: :meth:`undo_target`'s (where the seat's present person began to play it).

        Raises ``NOTHING_TO_UNDO`` if ``seat`` has no play of its person in the current match.
        """
        target = self.undo_target(seat, after)
        if target is not None:
            return self._record(Undone(seat, target))
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

    def would_undo(self, seat: Seat, after: tuple[int, ...] | None = None) -> tuple[list[Body], MatchState] | None:
        """R27, D6: (the events an undo by ``seat`` would take back, the state it would go back to), or
        None when ``seat`` has nothing to undo (``after``: as :meth:`undo_target`). Changes nothing (D1:
        what the others are asked to accept)."""
        target = self.undo_target(seat, after)
        if target is None:
            return None
        c = self._cursor
        idx = c.seqs.index(target)
        return list(c.bodies[idx:]), c.state_at(idx)

    def would_redo(self) -> tuple[list[Body], MatchState] | None:
        """R27: (the events a redo would restore, the state it would lead to), or None when nothing was
        undone. Changes nothing."""
        if not self._cursor.redo:
            return None
        bodies = list(self._cursor.redo[-1][1])
        state = self.state
        for body in bodies:
            state = step(state, body)
        return bodies, state

    def match_touched(self) -> bool:
        """R28, D1: whether starting a new match would change anything: the match is over, or a play
        or pass of the current match is active (a match given up before any play starts again the
        same way: a fresh opening draw; attacker s11 F4: a new match at seq 0, again and again,
        grew a table's stored log by two rows each)."""
        if self.state.phase is Phase.MATCH_OVER:
            return True
        for _, body in self._cursor.active():
            if isinstance(body, MatchStarted):
                return False
            if isinstance(body, Decided) and isinstance(body.decision, UNDOABLE):
                return True
        return False

    def undo_target(self, seat: Seat, after: tuple[int, ...] | None = None) -> int | None:
        """The seq an undo by ``seat`` would go back to: its last play in the current match
        (:data:`UNDO_TARGETS`), or None (R27, D6).

        ``after``: where the seat's present person began to play it, (match, hand, moves): from the move after
        the first ``moves`` of that hand on (the server's ``SeatSlot.own_from``); a play before it was the
        computer's or another person's, not the undoing player's previous decision (R27, D1: a person undoes
        their own plays only), so none is a target. A pair (match, hand) is the hand after which they sat
        down (``SeatSlot.sat_after``): from the next hand's first move on. Session 16: a late arrival's Undo
        went back to the computer's last play of the hand before they sat down. Session 17: counted per hand,
        an undo by another player that reopened that hand left the late arrival's own plays in it undoable by
        nobody."""
        since = None if after is None else (after[0], after[1] + 1, 0) if len(after) == 2 else tuple(after[:3])
        c = self._cursor
        for n, (seq, body) in enumerate(c.active()):
            if isinstance(body, MatchStarted):
                return None  # D6: not across a new match
            if isinstance(body, Decided) and isinstance(body.decision, UNDO_TARGETS) and body.decision.seat == seat:
                if since is not None:  # the latest play is the seat's last; an earlier one is earlier still
                    before = c.state_at(len(c.bodies) - 1 - n)
                    moves = len(before.hand.moves) if before.hand is not None else 0
                    if (before.match, before.hand_number, moves) < since:
                        return None
                return seq
        return None

    def _record(self, body: Body, after: MatchState | None = None) -> list[Event]:
        first = Event(self.size, self._clock(), body)
        self._push(first, after)
        return [first, *self._settle()]

    def _push(self, event: Event, after: MatchState | None = None) -> None:
        self._cursor.push_body(event.seq, event.body, after)
        self._ats.append(event.at)
        self._bodies.append(event.body)
        if isinstance(event.body, MatchStarted):  # undo never goes back past here (D6)
            self._match_start = LogStart(event.seq + 1, self._cursor.state, pack_rng(self._rng.getstate()))
            self._dealt = []

    def _settle(self) -> list[Event]:
        """Record the shuffles now due; returns them. The n-th shuffle of a match is the one drawn
        for that place before, if any (R24: the same decisions give the same deals, an undo and
        the same decisions again included; D6: an undo across a hand end that was then played out
        again otherwise dealt the next hand anew, so a team could throw away a dealt hand)."""
        cursor, due = self._cursor, []
        while cursor.state.phase in _SHUFFLE_PHASES:  # MatchState.needs_shuffle
            place = self._shuffles_in_match()
            order = self._dealt[place] if place < len(self._dealt) else self._draw_order()
            if place == len(self._dealt):
                self._dealt.append(order)
            due.append(Event(self.size, self._clock(), Shuffled(order)))
            self._push(due[-1])
        return due

    def _shuffles_in_match(self) -> int:
        """How many shuffles the active events of the current match hold."""
        count = 0
        for _, body in self._cursor.active():
            if isinstance(body, MatchStarted):
                break
            count += isinstance(body, Shuffled)
        return count

    def _resumed_shuffle(self, order: tuple[int, ...]) -> None:
        """A stored shuffle, just pushed: consume the generator as its recording did. A shuffle at a
        place already dealt in this match and equal to that deal was dealt again (no draw); one that
        differs was recorded before deals were kept by place (each shuffle drew): it drew, and it is
        what that place deals from now on."""
        place = self._shuffles_in_match() - 1
        if place < len(self._dealt) and self._dealt[place] == order:
            return
        self._draw_order()
        if place < len(self._dealt):
            self._dealt[place] = order
        else:
            self._dealt.append(order)

    def _draw_order(self) -> tuple[int, ...]:
        order = list(range(len(DOUBLE_NINE_SET)))
        self._rng.shuffle(order)
        return tuple(order)


__all__ = [
    "Body", "Decided", "DrawPick", "Event", "LogStart", "MatchLog", "MatchStarted", "Nominate", "Redone",
    "Restarted", "Review", "Shuffled", "UNDO_TARGETS", "Undone", "decided", "replay", "step",
]
