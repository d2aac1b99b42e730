"""A window the table does not wait for follows the table: its hand-end panels close by themselves.

s13 spectator F1: a spectator's "Hand N is over" (R22) waited for a Continue nobody waits for, one card per
hand stacked up, and after 30 minutes the window still said "Hand 1 is over" 13 matches later, the top bar
"hand 1 +38" with it. Kind: a panel that waits for a click from someone the table does not wait for. Such a
window (a spectator, D8, or a seat the computer plays for, D7) shows only the latest hand end, and closes it
once the table has gone on past it (the next hand's first move, or the match's end) and it was up
:data:`READ_SECONDS` at least. The opening draw's result already goes by itself for a spectator
(panels.draw_unseen); the match's end has no Continue. Pure: no clock of its own.
"""
from __future__ import annotations

from dataclasses import replace

from doublenine.shared.state import Phase

from .store import ClientState
from .uistate import Ui

READ_SECONDS = 6.0
"""The least time (s) a hand end stays up in a window the table does not wait for: the result, the four
hands and the score read once (the page keeps it until the next hand's first play too, F2)."""


def follows(state: ClientState) -> bool:
    """True for a window whose Continue nobody waits for: a spectator (D8: no seat), or a seat the computer
    plays for (D7: the table goes on without it)."""
    view = state.view
    return view is not None and (view.seat is None or bool(state.playing_for_me))


def gone_on(state: ClientState, k: int) -> bool:
    """True once the table has gone on past its finished hand ``k`` (an index into the view's ``finished``):
    a later hand ended, the next hand's first move was made (R15), or the match is over (R19)."""
    view = state.view
    if view is None or k >= len(view.finished):
        return False
    if k < len(view.finished) - 1:
        return True
    return view.phase is Phase.MATCH_OVER or (view.phase is Phase.PLAY and bool(view.moves))


def followed(state: ClientState, ui: Ui, since: float | None, now: float) -> Ui:
    """``ui`` for a window that :func:`follows` the table: every hand end but the latest seen at once (never
    a stack), the latest too once the table has :func:`gone_on` and it has been up since ``since`` (s, the
    clock of ``now``; None: not shown yet) for :data:`READ_SECONDS`; ``ui`` itself for any other window."""
    view = state.view
    if view is None or not follows(state) or ui.seen_finished is None:
        return ui
    total = len(view.finished)
    seen = ui.seen_finished
    if seen < total - 1:
        seen = total - 1
    if seen < total and gone_on(state, seen) and since is not None and now - since >= READ_SECONDS:
        seen = total
    if seen == ui.seen_finished:
        return ui
    return replace(ui, seen_finished=seen, looking=None, button=None)
