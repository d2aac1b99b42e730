"""The game's named terms, each with the one plain line that says what it means where a player sees it.

"Pollona!" was shown at a match's end with no word of what it is; "Blocked", "Domino" and "Redeals" in
the ledger, the hand's end and the web page likewise (the Spanish "Tranque" too). Kind: a term of the
game shown to a player without its meaning. Every place that shows one of these terms says the line
given here (or says its meaning in its own sentence), in the player's language (the msgids are
translated in shared/i18n). No I/O; the wording follows RULES.md.
"""
from __future__ import annotations

from .i18n import N_
from .state import NamedResult, Result
from .seats import Team

POLLONA = N_("Pollona: Team {team} won the match while Team {other} had no points")
"""R20: a match won while the opponents still have 0."""
TRIPOLLUA = N_("Tripollúa: Team {team} went from 0 to 100 or more in one hand while Team {other} had no points")
"""R20: a Pollona won from 0 to 100 or more in one scoring hand (announced instead of the Pollona)."""
DOMINO = N_("Domino: a player played their last tile; their team wins the hand")
"""R16: a hand won by going out."""
BLOCKED = N_("Blocked: four passes in a row, nobody could play; the lowest own pip total wins the hand for its team")
"""R17: a hand ended by four consecutive passes."""
TIE = N_("Tie: players of both teams held the lowest total, so nobody scored")
"""R17: a blocked hand whose lowest total is shared across the teams."""
REDEAL = N_("Redeal: a player holding five or more doubles may have all 55 tiles dealt again; "
            "their doubles are shown to everyone")
"""R10, R11: what a redeal is, beside the redeal record."""

RESULT_TERMS: dict[Result, str] = {Result.DOMINO: DOMINO, Result.BLOCKED: BLOCKED, Result.TIE: TIE}
"""The line that explains each way a hand ends (R16, R17)."""


def named_result_said(named: NamedResult, winner: Team) -> tuple[str, dict[str, str]]:
    """R20: (msgid, arguments) of the line that names and explains ``named`` won by ``winner``."""
    msgid = TRIPOLLUA if named is NamedResult.TRIPOLLUA else POLLONA
    return msgid, {"team": winner.value, "other": winner.other.value}


__all__ = ["BLOCKED", "DOMINO", "POLLONA", "REDEAL", "RESULT_TERMS", "TIE", "TRIPOLLUA", "named_result_said"]
