"""What each connection at a table receives for one change of the match (R21, R22, D8).

A change is the batch of events one action appended. Plays and passes that
leave the hand running are public and small: one frame, the same bytes for
every seat and spectator. A review accept that leaves the review open is
private (R10): only the answering seat hears of it, and it does not advance the
table's ``seq``, so no other seat can count answers or be made stale by one.
Anything else is a patch computed from each audience's own ``view_for``.
"""
from __future__ import annotations

from dataclasses import dataclass

from doublenine.shared.convert import PUBLIC_FIELDS, move_frame, patch_frame, view_patch
from doublenine.shared.events import Decided, Event, Shuffled
from doublenine.shared.moves import Pass, Play, Review
from doublenine.shared.seats import SEATS, Seat
from doublenine.shared.state import MatchState, Phase
from doublenine.shared.views import view_for

_PRIVATE_KEYS = ("hand", "answered")


def is_private(event: Event) -> bool:
    """R10: a review accept is private; it never advances the public ``seq``."""
    body = event.body
    return isinstance(body, Decided) and isinstance(body.decision, Review) and not body.decision.demand_redeal


def public_seq(events: list[Event] | tuple[Event, ...]) -> int:
    """The table's wire ``seq`` after ``events``: one per public action (a decision that is not
    a private accept, undo, redo, restart, new match); the shuffles they make due add nothing."""
    return sum(1 for e in events if not isinstance(e.body, Shuffled) and not is_private(e))


@dataclass(frozen=True, slots=True)
class Frames:
    """The frames of one change: ``shared`` goes to every connection; otherwise
    ``per`` maps a seat (None: spectators) to its frame; audiences absent get nothing."""

    shared: bytes | None
    per: dict[Seat | None, bytes]

    def for_audience(self, seat: Seat | None) -> bytes | None:
        """The frame for a connection at ``seat`` (None: a spectator), or None."""
        return self.shared if self.shared is not None else self.per.get(seat)


def frames_for(old: MatchState, new: MatchState, events: list[Event], seq: int) -> Frames:
    """The frames telling every audience about ``events`` (which turned ``old`` into ``new``)."""
    if len(events) == 1:
        body = events[0].body
        if isinstance(body, Decided):
            d = body.decision
            if isinstance(d, (Play, Pass)) and new.phase is Phase.PLAY \
                    and new.hand_number == old.hand_number and new.match == old.match:
                return Frames(move_frame(seq, d), {})
            if is_private(events[0]) and new.phase is Phase.REVIEW:
                patch = view_patch(view_for(old, d.seat), view_for(new, d.seat))
                return Frames(None, {d.seat: patch_frame(seq, patch)})
    public = view_patch(view_for(old, None), view_for(new, None))
    private: dict[Seat, dict[str, object]] = {}
    for seat in SEATS:
        priv = {k: v for k, v in view_patch(view_for(old, seat), view_for(new, seat)).items()
                if k in _PRIVATE_KEYS}
        if priv:
            private[seat] = priv
    if not private:
        return Frames(patch_frame(seq, public), {})
    per: dict[Seat | None, bytes] = {None: patch_frame(seq, public)}
    for seat in SEATS:
        per[seat] = patch_frame(seq, {**public, **private.get(seat, {})})
    return Frames(None, per)


__all__ = ["Frames", "frames_for", "is_private", "public_seq", "PUBLIC_FIELDS"]
