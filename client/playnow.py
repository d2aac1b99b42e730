"""Play now against the computer: a hand in one click or Enter (new user s15).

A new player met four panels before the first tile (the name, the opening draw, its result, the review of the
new hand, and the choice of opener when the player's team won the draw). A table opened with "Play now"
(``Launch.quick``: the first start's name card, ``doublenine play`` making a new table against three computers)
lets the window take, for the first hand only, the steps that hold no choice the player has to make:

- R3: the opening draw's face-down tile (every face-down tile is as good as another) is turned for the player;
- R4: its result is not held up for a Continue: one line says it once the hand shows (the ledger keeps it, R21);
- R6: the opener, where the player's team nominates: the player leads ("I lead", the panel's default), said;
- R10: the new hand is accepted where it holds fewer than five doubles (accepting is the only answer then).

Nothing is taken away: a hand with five or more doubles still asks (a redeal is a real choice, R11/R12), every
later hand asks the opener as ever, and "Create table" on the start screen keeps every step. Pure: the table
scene (scenes/table.TableScene.quick) sends what :func:`next_step` returns and says :func:`said` once.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from doublenine.shared.i18n import N_
from doublenine.shared.moves import DrawPick, Nominate, Review
from doublenine.shared.state import Phase
from doublenine.shared.views import SeatView

PLAY_NOW = N_("Play now against the computer")
"""The first start's name card's button (scenes/askname.AskName): the name kept or typed, and a hand at once."""
DRAWN_YOU_LEAD = N_("Play now: the opening draw was made for you (Team A {a}, Team B {b}) and you lead the first "
                    "hand. The ledger keeps the draw.")
"""Said once the hand shows where the player's team won the draw (its opener taken as "I lead")."""
DRAWN_NAMED_LEADS = N_("Play now: the opening draw was made for you (Team A {a}, Team B {b}) and {name} leads the "
                       "first hand. The ledger keeps the draw.")
"""Said once the hand shows where the other team won the draw and chose its opener."""


@dataclass(frozen=True, slots=True)
class Step:
    """What the window does for the player now: ``decision`` to send (None: none), ``seen_draw``: the draw's
    result is taken as read (``Ui.seen_draw``), ``done``: Play now is over (the first hand shows, or a real
    choice waits for the player)."""

    decision: Any = None
    seen_draw: bool = False
    done: bool = False


def next_step(view: Any, draw_unseen: bool) -> Step:
    """What Play now does for seat view ``view`` (``draw_unseen``: the decided draw's result panel would be up,
    ``panels.draw_unseen``). R3/R4/R6/R10 as the module says; ``Step(done=True)`` once the first hand is in
    play, a redeal may be demanded (a choice), a hand has ended, or ``view`` is no seat's."""
    if not isinstance(view, SeatView) or view.finished or view.phase in (Phase.PLAY, Phase.MATCH_OVER):
        return Step(done=True)
    me = view.seat
    if draw_unseen:
        return Step(seen_draw=True)
    if view.phase is Phase.DRAW and me in view.waiting_for():
        taken = {p for _, p in view.draw_taken}
        return Step(DrawPick(me, next(p for p in range(55) if p not in taken)))
    if view.phase is Phase.NOMINATE and view.entitled is not None and view.entitled.lower_seat == me:
        return Step(Nominate(me, me))
    if view.phase is Phase.REVIEW and not view.answered:
        return Step(done=True) if view.may_demand_redeal else Step(Review(me, False))
    return Step()


def said(view: Any) -> tuple[str, dict[str, Any]] | None:
    """The one line said when Play now is done (:data:`DRAWN_YOU_LEAD`, :data:`DRAWN_NAMED_LEADS`, with the
    deciding draw's tiles), None when no draw is known (a match resumed past it) or no opener yet. ``name``
    is a seat to name (the caller names it in the player's language)."""
    if not isinstance(view, SeatView) or not view.draws or view.draws[-1].winner is None or view.opener is None:
        return None
    d = view.draws[-1]
    tiles = {"a": str(d.tile_a), "b": str(d.tile_b)}
    if view.opener == view.seat:
        return DRAWN_YOU_LEAD, tiles
    return DRAWN_NAMED_LEADS, {**tiles, "seat": view.opener}
