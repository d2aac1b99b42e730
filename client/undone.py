"""What an Undo or a Redo of this window did, said in one line once it is done (new user s12: "U silently
rewinds my play and three computer plays; Y silently restores them")."""
from __future__ import annotations

from typing import Any

from doublenine.shared.i18n import N_
from doublenine.shared.moves import Pass
from doublenine.shared.state import Phase

from .panels import moves_said
from .store import ClientState, seat_name
from .text import tr

UNDONE_MOVES = N_("Undone: {moves}, back to {name}'s turn")
"""R27: an undo within a hand: what it took back (":func:`.panels.moves_said`) and whose turn it is again."""
UNDONE_YOURS = N_("Undone: {moves}, back to your turn")
"""R27: :data:`UNDONE_MOVES` when the turn is again this window's own seat: a message about the player's own
seat says "your" (s13 player F4: "back to Player's turn" over the status "Your turn: choose a tile")."""
REDONE_MOVES = N_("Redone: {moves}")
"""R27: a redo within a hand: what it put back."""
UNDONE_HAND = N_("Undone: back to hand {hand}")
"""R27/D6: an undo that went back over a hand's end (or a match's), to that hand, shown in play."""
REDONE_HAND = N_("Redone: up to hand {hand}")
"""R27: a redo that went on over a hand's end, up to that hand (in play, under review, or its opener
being chosen: the top bar's "hand N"), with no hand's end left to show."""
REDONE_END = N_("Redone: up to the end of hand {hand}")
"""R27: a redo that went on over a hand's end, which the table shows (its result panel, until the player
goes on), whatever came after it: s13, "Redone: up to hand 3" was said over hand 2's end."""
RESTARTED = N_("Restarted: hand {hand} starts again from the same deal")
"""R28: a restart of the hand, said to a spectator's window (s13 spectator F5: the line went back to one
tile, every hand to ten, without a word)."""
UNDONE_END = N_("Undone: back to the end of hand {hand}")
"""R27/D6: an undo back into a later hand while an earlier hand's end, not yet looked at, is what the
table shows (its panel comes before the hand undone to)."""


def shown_hand(view: Any, seen: int) -> tuple[bool, int]:
    """(True, N) when the table shows hand N's end, the first of the view's finished hands the player has
    not looked at (``seen`` of them were: ``Ui.finished_seen``, R22); else (False, N), the hand shown in
    play or about to be: while its opener is chosen (R6) the next hand's number, as the top bar says
    (:func:`.buttons.details_width`)."""
    if 0 <= seen < len(view.finished):
        return True, view.finished[seen].number
    return False, view.hand_number + 1 if view.phase is Phase.NOMINATE else view.hand_number


def undone_said(what: str, before: ClientState, after: ClientState, lang: str, seen: int | None = None) -> str | None:
    """The line saying what the ``what`` ("undo" or "redo") asked at ``before`` did, now at ``after``
    (translated), or None when the view did not change (refused, or not yet done). ``seen``: how many of
    ``before``'s finished hands the player had looked at (all of them when None): a hand named is the one
    the table shows (:func:`shown_hand`)."""
    a, b = before.view, after.view
    if a is None or b is None or a is b or what not in ("undo", "redo"):
        return None
    same = (a.match, a.hand_number, len(a.finished)) == (b.match, b.hand_number, len(b.finished)) \
        and a.phase is b.phase is Phase.PLAY
    short, long_ = (b, a) if what == "undo" else (a, b)
    if same and len(long_.moves) > len(short.moves) and long_.moves[:len(short.moves)] == short.moves:
        changed = long_.moves[len(short.moves):]
        passes = sum(1 for m in changed if isinstance(m, Pass))
        said = moves_said(len(changed) - passes, passes, lang)
        if what == "redo":
            return tr(lang, REDONE_MOVES, moves=said)
        if b.turn is None:
            return tr(lang, UNDONE_HAND, hand=b.hand_number)
        if b.turn == getattr(b, "seat", None):
            return tr(lang, UNDONE_YOURS, moves=said)
        return tr(lang, UNDONE_MOVES, moves=said, name=seat_name(after, b.turn, lang))
    if (a.match, a.hand_number, len(a.finished), a.phase) == (b.match, b.hand_number, len(b.finished), b.phase) \
            and a.moves == b.moves:
        return None  # nothing of the match moved (a frame of another kind)
    # an undo never leaves a hand end unseen that was seen; a new match's finished hands start again
    looked = len(a.finished) if seen is None or b.match != a.match else min(seen, len(a.finished))
    end, hand = shown_hand(b, min(looked, len(b.finished)))
    if what == "undo":
        return tr(lang, UNDONE_END if end else UNDONE_HAND, hand=hand)
    return tr(lang, REDONE_END if end else REDONE_HAND, hand=hand)


def rewound_said(cause: str, before: ClientState, after: ClientState, lang: str, seen: int | None = None) -> str | None:
    """What an undo, redo or restart (``cause``, R27/R28) another seat asked did, from ``before`` to ``after``
    (translated), as :func:`undone_said` says one's own; None for a new match (its own panel says it) or
    when the view did not change."""
    if cause == "restart" and after.view is not None:
        return tr(lang, RESTARTED, hand=after.view.hand_number)
    return undone_said(cause, before, after, lang, seen)
