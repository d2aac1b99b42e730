"""What each connection at a table receives for one change of the match (R21, R22, D8).

A change is the batch of events one action appended. Plays and passes that
leave the hand running are public and small: one frame, the same bytes for
every seat and spectator. A review accept that leaves the review open is
private (R10): only the answering seat hears of it, and it does not advance the
table's ``seq`` (:class:`SeqCounter`), so no other seat can count answers or be
made stale by one.
Anything else is a patch computed from each audience's own ``view_for``.
"""
from __future__ import annotations

from dataclasses import dataclass

from doublenine.shared.convert import PUBLIC_FIELDS, PlayersOf, move_frame, patch_frame, view_patch
from doublenine.shared.events import Decided, Event, MatchStarted, Redone, Restarted, Shuffled, Undone
from doublenine.shared.moves import Pass, Play, Review
from doublenine.shared.seats import SEATS, Seat
from doublenine.shared.state import MatchState, Phase
from doublenine.shared.views import view_for

_PRIVATE_KEYS = ("hand", "answered")


def _is_accept(event: Event) -> bool:
    body = event.body
    return isinstance(body, Decided) and isinstance(body.decision, Review) and not body.decision.demand_redeal


class SeqCounter:
    """The table's wire ``seq``: one per public action, fed the log's events in order.

    Public actions: decisions, undo, redo, restart, new match. Shuffles add nothing
    (they belong to the action that made them due). A review accept is private (R10)
    unless it is the fourth of its deal, which starts the play for everyone.
    """

    def __init__(self, events: list[Event] | tuple[Event, ...] = ()) -> None:
        self.seq = 0
        self._accepts = 0
        for e in events:
            self.feed(e)

    def feed(self, event: Event) -> bool:
        """Count ``event``; True if it is private (heard only by its own seat)."""
        if isinstance(event.body, Shuffled):
            self._accepts = 0
            return False
        if _is_accept(event):
            self._accepts += 1
            if self._accepts < 4:
                return True
        self.seq += 1
        return False


def public_seq(events: list[Event] | tuple[Event, ...]) -> int:
    """The wire ``seq`` after a whole log."""
    return SeqCounter(events).seq


@dataclass(frozen=True, slots=True)
class Frames:
    """The frames of one change: ``shared`` goes to every connection; otherwise
    ``per`` maps a seat (None: spectators) to its frame; audiences absent get nothing."""

    shared: bytes | None
    per: dict[Seat | None, bytes]

    def for_audience(self, seat: Seat | None) -> bytes | None:
        """The frame for a connection at ``seat`` (None: a spectator), or None."""
        return self.shared if self.shared is not None else self.per.get(seat)


_CAUSES: dict[type, str] = {Undone: "undo", Redone: "redo", Restarted: "restart", MatchStarted: "new_match"}
"""Update ``cause`` per control event (R27, R28); decisions have none."""


def frames_for(old: MatchState, new: MatchState, events: list[Event], seq: int,
               players: PlayersOf | None = None) -> Frames:
    """The frames telling every audience about ``events`` (which turned ``old`` into ``new``); ``players``:
    who played each earlier match (``MatchRecordW.players`` of a ``past_add``; organiser s16 F10)."""
    cause = _CAUSES.get(type(events[0].body)) if events else None
    if len(events) == 1:
        body = events[0].body
        if isinstance(body, Decided):
            d = body.decision
            if isinstance(d, (Play, Pass)) and new.phase is Phase.PLAY \
                    and new.hand_number == old.hand_number and new.match == old.match:
                return Frames(move_frame(seq, d), {})
            if _is_accept(events[0]) and new.phase is Phase.REVIEW:
                patch = view_patch(view_for(old, d.seat), view_for(new, d.seat), players)
                return Frames(None, {d.seat: patch_frame(seq, patch)})
    public = view_patch(view_for(old, None), view_for(new, None), players)
    private: dict[Seat, dict[str, object]] = {}
    for seat in SEATS:
        priv = {k: v for k, v in view_patch(view_for(old, seat), view_for(new, seat), players).items()
                if k in _PRIVATE_KEYS}
        if priv:
            private[seat] = priv
    if not private:
        return Frames(patch_frame(seq, public, cause), {})
    per: dict[Seat | None, bytes] = {None: patch_frame(seq, public, cause)}
    for seat in SEATS:
        per[seat] = patch_frame(seq, {**public, **private.get(seat, {})}, cause)
    return Frames(None, per)


__all__ = ["Frames", "SeqCounter", "frames_for", "public_seq", "PUBLIC_FIELDS"]
