"""Consent requests (D1, D7): undo, redo, restart, new match and hand-over at multi-human tables.

A request reaches every other seated human; any refusal or the requester's
cancel ends it; when every asked seat has accepted, the action is done. Only
one request is open per table. A request about the match (all but hand-over)
expires when the match moves on before it is accepted.

A seat whose request was refused, or cancelled by itself, waits before it
may ask again (:class:`RequestCooldown`; attacker s10 F4: a stranger re-asking ``new_match`` the moment
it was refused put 78 consent prompts on another player's window in 10 s).
"""
from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from doublenine.shared.events import Decided, MatchLog
from doublenine.shared.moves import Pass, Play
from doublenine.shared.seats import SEATS, Seat
from doublenine.shared.wire import MAX_HANDS_BACK, MAX_SCORE

from .seating import SeatSlot

REQUEST_COOLDOWN = 5.0
"""Seconds a seat waits to ask again (any action) after its request was refused or cancelled; doubled
at each such request in a row, up to :data:`REQUEST_COOLDOWN_MAX`."""
REQUEST_COOLDOWN_MAX = 60.0
"""The longest wait between a seat's refused requests; one that waited this long beyond its last
wait starts again at :data:`REQUEST_COOLDOWN`."""


class RequestCooldown:
    """Per seat, when it may open another consent request (D1, D7): after a request of the seat is
    refused, or cancelled by the seat itself, the seat waits
    :data:`REQUEST_COOLDOWN` seconds, doubled for each such request in a row up to
    :data:`REQUEST_COOLDOWN_MAX`; a request of the seat carried out ends the run. A refused
    ``hand_over`` makes its asker wait :data:`REQUEST_COOLDOWN` flat and leaves the run as it was
    (attacker s12 D2: someone else's refusal never grows the asker's wait). ``clock``: seconds,
    monotonic (tests pass their own)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._after: dict[Seat, tuple[float, int]] = {}
        """Per seat: (clock time from which it may ask again, refused or cancelled requests in a row)."""

    def ended(self, request: ConsentRequest, outcome: str, seat: Seat | None) -> None:
        """``request`` closed with ``outcome`` (``request_closed.outcome``; ``seat``: who closed it)."""
        by = request.by
        if outcome == "done":
            self._after.pop(by, None)
            return
        if not (outcome == "refused" or (outcome == "cancelled" and seat == by)):
            return  # expired, failed, an asked seat left, or the target decided itself: not the asker's doing
            # (attacker s11 F1: a stranger's ``back`` at each hand-over asked of it made its asker wait 5, 10, 20 s)
        now = self.clock()
        after, run = self._after.get(by, (now, 0))
        if outcome == "refused" and request.action == "hand_over":
            # attacker s12 D2: another seat's refusal of a hand-over never grows its asker's wait (a
            # stranger refusing each ask made it 5, 10, 20, 40, 60 s); the flat wait still spaces prompts
            self._after[by] = (now + REQUEST_COOLDOWN, run)
            return
        if now > after + REQUEST_COOLDOWN_MAX:
            run = 0
        run += 1
        self._after[by] = (now + min(REQUEST_COOLDOWN_MAX, REQUEST_COOLDOWN * 2 ** (run - 1)), run)

    def retry_ms(self, seat: Seat) -> int:
        """Milliseconds before ``seat`` may open a request (0: now)."""
        after = self._after.get(seat)
        if after is None:
            return 0
        return max(0, math.ceil((after[0] - self.clock()) * 1000))


NEW_MATCH_BURST = 3
"""Matches not over a table may give up for a new one at once (R28, D1), before :data:`NEW_MATCH_EVERY`
paces them."""
NEW_MATCH_EVERY = 20.0
"""Seconds per further match not over given up for a new one, beyond :data:`NEW_MATCH_BURST`. A match
played to its end is never paced: its log grew by a whole match of moves first."""
CONTROL_BURST = 20
"""Undos, redos and restarts (R27, R28) a table may carry out at once, before :data:`CONTROL_EVERY`
paces them."""
CONTROL_EVERY = 1.0
"""Seconds per further undo, redo or restart beyond :data:`CONTROL_BURST`: a table's log then grows no
faster than by its computers' moves (``--bot-delay``)."""


class ControlPace:
    """Per table, how often a kind of control may be carried out (a token bucket of ``burst``, one more
    each ``every`` seconds). Attacker s11 F4: a solo table carries its controls out at once, nobody to
    ask, and a flood of them (327 new matches in 20 s) grew its stored log without bound, every row of
    which a restart replays. Refused ``REQUEST_TOO_SOON`` (``data: {retry_ms}``), the code version-2
    clients already wait on. ``clock``: seconds, monotonic (tests pass their own)."""

    def __init__(self, burst: int, every: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.burst = burst
        self.every = every
        self.clock = clock
        self._tokens = float(burst)
        self._at: float | None = None

    def _refill(self) -> None:
        now = self.clock()
        if self._at is not None:
            self._tokens = min(float(self.burst), self._tokens + (now - self._at) / self.every)
        self._at = now

    def retry_ms(self) -> int:
        """Milliseconds before the table may carry out another (0: now)."""
        self._refill()
        if self._tokens >= 1.0:
            return 0
        return max(1, math.ceil((1.0 - self._tokens) * self.every * 1000))

    def spend(self) -> None:
        """One was carried out."""
        self._refill()
        self._tokens = max(0.0, self._tokens - 1.0)


class NewMatchPace(ControlPace):
    """New matches that give up a match not over (R28, D1): :data:`NEW_MATCH_BURST` at once, then one
    each :data:`NEW_MATCH_EVERY` seconds."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(NEW_MATCH_BURST, NEW_MATCH_EVERY, clock)


class UndoPace(ControlPace):
    """Undos, redos and restarts (R27, R28): :data:`CONTROL_BURST` at once, then one each
    :data:`CONTROL_EVERY` seconds (an undo and a redo, again and again, each carried out at once at a
    solo table, grew the log as the new matches did)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(CONTROL_BURST, CONTROL_EVERY, clock)


@dataclass
class ConsentRequest:
    """An open request: ``waiting`` seats still have to answer."""

    id: int
    action: str
    by: Seat
    target: Seat | None
    seq: int
    waiting: set[Seat] = field(default_factory=set)
    accepted: set[Seat] = field(default_factory=set)
    effect: dict[str, Any] | None = None
    """The ``EffectW`` map of an undo or redo (:func:`effect_of`), None otherwise."""
    opened: float = field(default_factory=time.time)
    """Unix seconds it was opened at (the hand-over wait of a seat it waits for at match over,
    ``Table.held_since``)."""

    def wire(self) -> dict[str, Any]:
        """The ``RequestW`` map (``effect`` only when there is one: an optional property)."""
        out = {"id": self.id, "action": self.action, "by": int(self.by),
               "target": None if self.target is None else int(self.target),
               "waiting": tuple(int(s) for s in sorted(self.waiting)),
               "accepted": tuple(int(s) for s in sorted(self.accepted))}
        if self.effect is not None:
            out["effect"] = self.effect
        return out


def effect_of(log: MatchLog, action: str, by: Seat, after: tuple[int, ...] | None = None) -> dict[str, Any] | None:
    """D1, R27, D6: the ``EffectW`` map of an undo or redo by ``by`` on ``log``, or None (another action,
    or nothing to do): the plays and passes taken back or played again (and of them the passes), the hands whose end it takes back
    (its points with it) or reaches again, and the scores after it. Only public facts: the others accept
    knowing what they lose (new user s9: "Bob asks to undo" took back Ana's domino and 34 points unsaid).
    ``after``: ``by``'s person sat down after that hand (``MatchLog.undo_target``, R27)."""
    got = log.would_undo(by, after) if action == "undo" else log.would_redo() if action == "redo" else None
    if got is None:
        return None
    bodies, after = got
    now = log.state
    moves = sum(1 for b in bodies if isinstance(b, Decided) and isinstance(b.decision, (Play, Pass)))
    passes = sum(1 for b in bodies if isinstance(b, Decided) and isinstance(b.decision, Pass))
    ended = now.finished[len(after.finished):] if action == "undo" else after.finished[len(now.finished):]
    return {"moves": moves, "passes": passes, "hands": tuple(fh.number for fh in ended)[-MAX_HANDS_BACK:],
            "scores": tuple(min(MAX_SCORE, x) for x in after.scores)}


def askable(slots: dict[Seat, SeatSlot], by: Seat, target: Seat | None = None) -> set[Seat]:
    """D1/D7: the other seated humans who are asked to accept: connected ones only (handed-over seats,
    seats whose person is not connected, and the target excluded).

    A person who is not connected cannot answer, so is never a voter whose silence holds a request
    (league s17 F3: with two players of one table gone, the hand-over of one waited for the other's
    consent for good, and nothing else could be asked meanwhile). D7 hands a seat over by consent of
    "the other humans" there to give it; D1's undo, redo, restart and a new match that gives up a match
    still count such a person, and :func:`.actions.control` refuses them ``CONSENT_UNAVAILABLE`` until
    the person is back (:func:`absent`), so nothing of theirs is undone in their absence.

    For a hand-over (``target`` given) the seats of the target's own side are excluded too: held
    from the same /48 as the target (``SeatSlot.side``, loopback never). D7 hands a seat over "by
    consent of the other humans"; a second seat of the target's player is not another human
    (attacker s10 round 2: a stranger with seats 2 and 3 held the table with seat 2's open panel and
    refused every hand-over of seat 2 with seat 3; the asker then waited out REQUEST_TOO_SOON)."""
    side = None if target is None else slots[target].side
    return {s for s in SEATS
            if s != by and s != target and slots[s].claimed and not slots[s].stood_in
            and slots[s].conn is not None and (side is None or slots[s].side != side)}


def absent(slots: dict[Seat, SeatSlot], by: Seat) -> set[Seat]:
    """D1 with D7: the other humans seated whose consent counts but who cannot be asked now: handed over
    to the computer, or not connected (league s17 F3: they were asked, and the request waited for them
    for good). ``actions.control`` refuses an undo, redo, restart or a new match giving up a match
    ``CONSENT_UNAVAILABLE`` (``data.seats``) while there is one."""
    return {s for s in SEATS if s != by and slots[s].claimed
            and (slots[s].handed_over or (not slots[s].stood_in and slots[s].conn is None))}
