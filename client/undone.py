"""What an Undo or a Redo of this window did, said in one line once it is done (new user s12: "U silently
rewinds my play and three computer plays; Y silently restores them")."""
from __future__ import annotations

from doublenine.shared.i18n import N_
from doublenine.shared.moves import Pass
from doublenine.shared.state import Phase

from .panels import moves_said
from .store import ClientState, seat_name
from .text import tr

UNDONE_MOVES = N_("Undone: {moves}, back to {name}'s turn")
"""R27: an undo within a hand: what it took back (":func:`.panels.moves_said`) and whose turn it is again."""
REDONE_MOVES = N_("Redone: {moves}")
"""R27: a redo within a hand: what it put back."""
UNDONE_HAND = N_("Undone: back to hand {hand}")
"""R27/D6: an undo that went back over a hand's end (or a match's), to that hand."""
REDONE_HAND = N_("Redone: up to hand {hand}")
"""R27: a redo that went on over a hand's end, up to that hand."""


def undone_said(what: str, before: ClientState, after: ClientState, lang: str) -> str | None:
    """The line saying what the ``what`` ("undo" or "redo") asked at ``before`` did, now at ``after``
    (translated), or None when the view did not change (refused, or not yet done)."""
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
        return tr(lang, UNDONE_MOVES, moves=said, name=seat_name(after, b.turn, lang))
    if (a.match, a.hand_number, len(a.finished), a.phase) == (b.match, b.hand_number, len(b.finished), b.phase) \
            and a.moves == b.moves:
        return None  # nothing of the match moved (a frame of another kind)
    return tr(lang, UNDONE_HAND if what == "undo" else REDONE_HAND, hand=b.hand_number)
