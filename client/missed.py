"""What the computer played for this seat while the window was cut off, said once it is back (D7).

Evening s16 F1: Klaus's window froze 55 s, his seat was handed to the computer, which played two tiles for
him; back at the table his hand was simply two tiles shorter and nothing said why ("Last moves" showed only
the last three moves, none of them his). A seat's moves that appear between the last view a window had
before its connection was lost and the snapshot of its rejoin were not this window's (it could send
nothing), but for a decision it had sent just before the loss, which the server may have applied
(``NetSession.unanswered``). Pure functions; the network session calls :func:`played_while_away` at a
rejoin's snapshot and the table scene says :func:`away_played_said` once.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from doublenine.shared.i18n import N_
from doublenine.shared.convert import tile_from
from doublenine.shared.moves import End, Move, Pass, Play
from doublenine.shared.state import Phase
from doublenine.shared.views import SeatView

from .text import tr

AWAY_PLAYED = N_("While you were away the computer played {tiles} for you")
"""D7: the tiles (``3-5, 2-7``) the computer played for this seat while its window was cut off."""
AWAY_PLAYED_PASSED = N_("While you were away the computer played {tiles} and passed for you")
"""D7: :data:`AWAY_PLAYED` when it also passed for this seat (once or more, R15)."""
AWAY_PASSED = N_("While you were away the computer passed for you")
"""D7: the computer only passed for this seat (once or more, R15) while its window was cut off."""


def played_while_away(before: Any, after: Any, sent: Iterable[Any] = ()) -> tuple[Move, ...]:
    """This seat's plays and passes in ``after`` (the view of a rejoin's snapshot) that ``before`` (the last
    view the window had before its connection was lost) did not have: the rest of the hand ``before`` showed,
    finished since (its ledger record, R22) or not, and, when that hand finished, the moves of the hand being
    played now. ``sent``: the protocol intents this window sent that are not answered yet (``PlayTile``,
    ``PassTurn``, others ignored): one of them the server may have applied is this window's own, not the
    computer's, and is left out (once). ``()`` for a spectator's view, a view of another seat or match, or
    moves that do not continue ``before``'s (an undo while away: nothing is claimed)."""
    if not isinstance(before, SeatView) or not isinstance(after, SeatView) or before.viewer != after.viewer \
            or before.match != after.match:
        return ()
    me = before.viewer
    if before.hand_number == after.hand_number and len(after.finished) == len(before.finished):
        rest = _continued(before.moves, after.moves)
    else:
        ended = next((fh for fh in after.finished if (fh.match, fh.number) == (before.match, before.hand_number)),
                     None)
        if ended is None:
            return ()
        rest = _continued(before.moves, ended.moves)
        if after.finished[-1] is ended:
            rest += after.moves
    own = [m for m in rest if m.seat == me]
    for intent in sent:
        mine = _as_move(intent, me)
        if mine is not None and mine in own:
            own.remove(mine)
    return tuple(own)


def _continued(before: tuple[Move, ...], after: tuple[Move, ...]) -> tuple[Move, ...]:
    """The moves of ``after`` past ``before``'s, when ``after`` continues it; else ``()``."""
    if len(after) < len(before) or after[:len(before)] != before:
        return ()
    return after[len(before):]


def _as_move(intent: Any, me: Any) -> Move | None:
    """The move a sent ``PlayTile`` or ``PassTurn`` is for this seat ``me``, or None."""
    kind = getattr(intent, "type", None)
    if kind == "pass":
        return Pass(me)
    if kind == "play":
        try:
            return Play(me, tile_from(intent.tile), End(intent.end))
        except (ValueError, TypeError, AttributeError, IndexError):  # not a play of ours: nothing left out
            return None
    return None


def away_played_said(moves: tuple[Move, ...], lang: str) -> str | None:
    """The line saying ``moves`` (:func:`played_while_away`), translated, or None when there were none:
    "While you were away the computer played 3-5 and passed for you"."""
    tiles = ", ".join(str(m.tile) for m in moves if isinstance(m, Play))
    passed = any(isinstance(m, Pass) for m in moves)
    if tiles:
        return tr(lang, AWAY_PLAYED_PASSED if passed else AWAY_PLAYED, tiles=tiles)
    return tr(lang, AWAY_PASSED) if passed else None


def missed_end(view: Any) -> int:
    """1 when a window's first view of its seat (a window opened again at its table: a rejoin) should show the
    last hand's end once, else 0 (``Ui.seen_finished`` is the view's finished hands less this). Evening s16 F2:
    Joana's window was closed while hand 3 ended; reopened at hand 4, the score had jumped 22 -> 46 and nothing
    said why. Only for a window opened again at its seat (``NetSession.reopened``). Shown when that hand is of the match being played (not over) and this seat has made no move in
    the hand since (a window that was there when it ended would have shown it; one that played on after it had
    its player at the table): the window cannot know whether it was seen before it closed, and seeing a hand's
    end twice costs a key, never a decision."""
    if not isinstance(view, SeatView) or not view.finished or view.phase is Phase.MATCH_OVER:
        return 0
    if view.finished[-1].match != view.match or any(m.seat == view.viewer for m in view.moves):
        return 0
    return 1
