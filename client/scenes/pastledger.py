"""A kept finished match's ledger over the start screen (client/finished.py; R22, issue 6, issue 14.2).

After Leave a finished match's table is gone from the start screen (there is no seat to go back to), but
its ledger is not: the start screen's earlier-match list names each kept finished match and opens this.
The same ledger overlay as at the table (its exports, the chart, every hand), and "Review my hand" for the
hands whose review the player had asked for (no server here to ask for another). Holds no network.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame

from ..finished import FinishedMatch, finished_view
from ..overlays.actions import Close, Coach, Export
from ..overlays.ledger import LedgerOverlay
from ..overlays.review import ReviewOverlay
from ..text import tr


class PastLedger:
    """The ledger of one kept finished match (``match``), and the review opened from it, over a screen of
    ``size`` px; :meth:`handle` says when it closed, :attr:`said` what an export did."""

    def __init__(self, match: FinishedMatch, lang: str, size: tuple[int, int], export_dir: str | None = None) -> None:
        self.match, self.lang, self.export_dir = match, lang, export_dir
        self.view = finished_view(match)
        self.names = match.names  # raw: the ledger names each seat in the player's language (seatnames)
        self.ledger = LedgerOverlay(self.view, lang, _rect(size), seeded=match.seeded, seed=match.seed,
                                    names=self.names, scale=_scale(size))
        self.ledger.reviews, self.ledger.offline, self.ledger.code = match.reviews, True, match.code
        self.ledger.played = match.played  # session 17: who played each move, as the table said when it was kept
        led = self.ledger.ledger  # the match is over and its table left: no "(current)" beside its number
        self.ledger.ledger = replace(led, matches=tuple(replace(m, current=False, players=match.record.players)
                                                        for m in led.matches))  # s16 F10: who played it
        self.overlay: LedgerOverlay | ReviewOverlay = self.ledger
        self.said = ""
        """What the last export did ("Saved …", "Could not save in …"), in the player's language; "" none."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window's size changed: the panels follow."""
        for panel in (self.ledger, self.overlay):
            panel.set_rect(_rect(size), _scale(size))

    def handle(self, event: Any) -> bool:
        """One event (in drawable pixels); True when the ledger closed (its Close, Escape)."""
        act = self.overlay.handle(event)
        if isinstance(act, Close):
            if self.overlay is self.ledger:
                return True
            self.overlay = self.ledger  # a review closes back to the ledger it was opened from
        elif isinstance(act, Export):
            self.said = self._export(act)
        elif isinstance(act, Coach):
            self.overlay = self._review(act.match, act.hand)
        return False

    def _review(self, match: int, hand: int) -> ReviewOverlay:
        """The review of hand ``hand`` of match ``match`` at the kept seat, naming who made each move (the kept
        stretches, :mod:`..playedby`: session 17, the computer's plays while the seat was handed over read
        "You:"), titled as the table's (a hand that ended before the person sat is the computer's)."""
        from ..playedby import COMPUTER, PRESENT, hand_players, player_name, sat_before
        mine = self.match.played[self.match.seat - 1] if self.match.played else ()
        fh = next((h for h in self.view.finished if (h.match, h.number) == (match, hand)), None)
        played = not mine or sat_before(mine, match, hand)
        by = ""
        if not played and fh is not None:
            who = hand_players(mine, int(self.match.seat), fh.moves, match, hand)
            if any(w not in (COMPUTER, PRESENT) for w in who):
                by = " / ".join(player_name(self.lang, int(self.match.seat), w, self.names) for w in who)
        return ReviewOverlay(self.view, match, hand, self.lang, self.ledger.rect, reviews=self.match.reviews,
                             names=self.names, scale=self.ledger.k, played=played, by=by, stretches=mine)

    def _export(self, act: Export) -> str:
        """Save an export as the table does (named with the table code), say where."""
        import platformdirs

        from ..overlays.actions import save_export
        folder = self.export_dir or platformdirs.user_documents_dir()
        try:
            path = save_export(replace(act, filename=f"doublenine-{self.match.code}-{act.filename}"), folder)
        except OSError as exc:
            return tr(self.lang, "Could not save in {folder}: {reason}", folder=folder, reason=exc.strerror or str(exc))
        return tr(self.lang, "Saved {path}", path=str(path))

    def draw(self, surface: pygame.Surface) -> None:
        """The open panel (drawing only; it dims the screen under it)."""
        self.overlay.draw(surface)


def _scale(size: tuple[int, int]) -> float:
    """The table's overlay scale (TableScene._overlay_scale) for a window of ``size``."""
    from ..layout import metrics
    from ..overlays.text import overlay_scale
    return overlay_scale(metrics(size)[1])


def _rect(size: tuple[int, int]) -> pygame.Rect:
    """The table's overlay rect (TableScene._overlay_rect) for a window of ``size``."""
    w, h = size
    return pygame.Rect(w // 12, h // 14, w - w // 6, h - h // 7)
