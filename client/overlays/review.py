"""The coach's review of one finished hand ("Review my hand", issue 14.2).

A panel like the ledger's: for each decision of the player's seat in that hand, mistakes
first, the line and the player's hand as they were on the table then, the move made and the
expert's, each with its expected points and error bar, and a one-line reason when the
normal evaluation explains the loss (else only the point difference). Until the server's
``coach`` frame arrives it says the coach is at work. Everything shown comes from the
player's own ledger (R22) and the server's review of the player's own decisions.

Usage from the client::

    overlay = ReviewOverlay(view, 1, 3, "fr", rect, names=names)
    overlay.update(view, state.coach)   # when the view or the reviews change
    action = overlay.handle(event)      # Close(), Export(...) or None
"""
from __future__ import annotations

import math
from collections import deque
from typing import Any

import pygame
from babel.numbers import format_decimal

from doublenine.shared.i18n import N_, Translator, translator
from doublenine.shared.ledger import dumps, hand_script
from doublenine.shared.moves import End, Play
from doublenine.shared.seats import Seat
from doublenine.shared.state import FinishedHand
from doublenine.shared.tiles import Tile
from doublenine.shared.views import SpectatorView

from ..panels import BUSY
from .actions import Coach, Export, ExportLater, OverlayAction
from .ledger import GAP, ROW, _Builder, seat_label
from .paint import TILE_H, TILE_W, tile_painter
from .panel import Custom, Item, ScrollPanel
from .text import ACCENT, MUTED, TEXT, Fonts

MISTAKE = (226, 110, 90)
GOOD = (120, 200, 140)

NO_MISTAKES = N_("No mistakes")
"""The coach's count of mistakes at 0 (never "0 mistakes")."""
KINDS = {"review": N_("Review of the deal"), "lead": N_("Lead"), "play": N_("Play"), "pass": N_("Pass")}
REASONS = {
    "domino": N_("You could have gone out with {tile}."),
    "double": N_("Plays a lighter tile while holding the heavy double {tile}."),
    "heavier": N_("Plays a lighter tile while holding {tile}."),
    "lead_suit": N_("Leads away from the number you hold most of."),
    "follow": N_("Leaves ends your hand cannot follow."),
    "next_void": N_("Keeps {open}s open for the opponent who passed on {void}s."),
    "partner_locked": N_("Closes both ends on your partner, who passed on them."),
    "partner_number": N_("Leaves your partner's number {n} closed."),
    "opponent_number": N_("Opens the opponents' number {n}."),
}
"""The sentence of each ``reason`` code of the coach (docs/protocol.md, CoachRow)."""


def tenths(tr: Translator, x: float) -> str:
    """``x`` with one decimal in the language's number format ('1.5', '1,5')."""
    return format_decimal(round(x, 1), format="#,##0.0", locale=tr.lang)


def points(tr: Translator, mean: float, stderr: float) -> str:
    """'+1.3 ± 0.4 points' in the language's number format."""
    sign = "+" if mean >= 0.05 else ("−" if mean <= -0.05 else "")
    shown, err = sign + tenths(tr, abs(mean)), tenths(tr, stderr)  # first: pybabel drops nested calls
    return tr.gettext("{mean} ± {err} points", mean=shown, err=err)


MEASURED_ONLY = N_("No simple rule of play explains it: the difference is in the outcomes measured over {count} "
                   "deals of the hidden tiles.")
"""A mistake's reason when no term of the normal evaluation explains it (s15 domino F3: "12.5 points less
than the best play" alone, over a block won on the count, gave a club player nothing to check)."""
WITHIN_NOISE = N_("About as good: the difference is within the measurement's noise.")
"""Said under a measured best whose gain over the move made is within twice its error bar (s15 domino F4:
"Expert:" was drawn green over a gap of 0.8 ± 0.8)."""
HINT_GAVE = N_("The hint would have given {move} · {points} (it decides at the table's speed, with fewer simulations).")
"""The hint's move (R25) when it was not the move made, with its value in the coach's measurement ("would have":
the hint is re-derived for the review, asked for or not; s15 player F3 read "gave" as "you asked for it")."""
HINT_TOO = N_("The hint would have given your play, {move}, too (it decides at the table's speed, with fewer "
              "simulations).")
"""Said under a mistake the hint would have made too (s15 domino F1: that was hidden as "The expert agrees")."""

MISTAKE_RULE = N_("A move counts as a mistake when it loses more than {points} match points, and clearly more "
                  "than the simulation's noise.")
"""The coach's rule (server/coach.py: ``loss - Z * stderr > THRESHOLD``) in plain words. s15 player: "beyond twice
the error bar of the loss" was statistics to a club player. Kind: a rule said in a statistician's words; its
figures stay one line below (:data:`MISTAKE_FIGURES`)."""
MISTAKE_FIGURES = N_("In figures: the loss less twice its ± is over {points}.")
"""The same rule's numbers (coach.Z = 2 standard errors; the ± is the one each value shows, said above it)."""

LED = N_("led {tile}")
"""The lead in the review ("You: led 6-6"): the line was empty, so the tile lies at no end (R15; new
user s10 item 5: it said "6-6 at the left end")."""


def move_text(tr: Translator, move: Any, lead: bool = False) -> str:
    """A play as '6-3 at the left end' (``lead``: the hand's first tile, 'led 6-6', at no end), a pass
    as 'pass', a review answer in words. Said after "You:" and "Expert:", so each language's form reads
    with either, no verb bound to a person (new user, round 2: German "Sie: hat das Blatt angenommen";
    now "Sie: Blatt angenommen", French "Vous : jeu accepté", Spanish "Tú: mano aceptada"; a pass "Sie: Passen",
    not the ledger's "passt")."""
    kind = move.kind
    if kind == "pass":
        return tr.pgettext("review", "pass")  # after "You:": the ledger's "passt" is said of a named seat
    if kind == "review":
        return tr.gettext("demanded a redeal") if move.demand_redeal else tr.gettext("accepted the hand")
    tile = f"{move.tile[0]}-{move.tile[1]}"
    if lead:
        return tr.gettext(LED, tile=tile)
    if move.end == "left":
        return tr.gettext("{tile} at the left end", tile=tile)
    return tr.gettext("{tile} at the right end", tile=tile)


def loss_error(row: Any) -> float:
    """The standard error of ``row.loss``: ``loss_stderr`` as measured (world by world), else -- a row from a
    server before it was sent -- both moves' errors combined (an upper bound when they share worlds)."""
    if row.loss_stderr is not None:
        return float(row.loss_stderr)
    return math.hypot(row.made_stderr or 0.0, row.best_stderr or 0.0)


def reason_text(tr: Translator, row: Any) -> str:
    """The row's reason in words, or only the point difference when no term explains it."""
    loss = tenths(tr, row.loss)
    if row.kind == "review":  # R10: the hand kept was worth less than a fresh deal (server/coachdeal.py)
        return tr.gettext("Keeping this hand was worth {loss} points less than a fresh deal.", loss=loss)
    if row.reason is None or row.reason not in REASONS:  # s15 domino F3: never a bare figure for a mistake
        said = tr.gettext(MEASURED_ONLY, count=tr.number(row.worlds)) if row.mistake and row.worlds else ""
        return (said + " " if said else "") + tr.gettext("{loss} points less than the best play.", loss=loss)
    pips = list(row.pips) + [0, 0]
    args = {"tile": f"{pips[0]}-{pips[1]}", "open": pips[0], "void": pips[1], "n": pips[0]}
    return tr.gettext(REASONS[row.reason], **args) + " " + \
        tr.gettext("{loss} points less than the best play.", loss=loss)


def at_decision(h: FinishedHand, seat: Seat, at: int) -> tuple[list[tuple[int, int]], list[Tile]]:
    """The line as it lay (left to right, each as (left pip, right pip)) and ``seat``'s tiles
    just before move ``at`` of ``h`` (R21: only what the seat saw then; -1: as dealt)."""
    before = h.moves[:max(at, 0)]
    laid = {m.tile for m in before if isinstance(m, Play)}
    line: deque[tuple[int, int]] = deque()
    for k, p in enumerate(x for x in h.line if x.tile in laid):  # h.line is in play order
        if k and p.end is End.LEFT:
            line.appendleft((p.left, p.right))
        else:
            line.append((p.left, p.right))
    mine = {m.tile for m in before if isinstance(m, Play) and m.seat == seat}
    return list(line), sorted(t for t in h.dealt[seat - 1] if t not in mine)


def _line(b: _Builder, line: list[tuple[int, int]]) -> None:
    """The line as it lay, each tile with its halves left to right, wrapping at the width."""
    x = 0
    for a, c in line:
        if x + TILE_W > b.width:
            x, b.y = 0, b.y + ROW
        b.items.append(Custom(pygame.Rect(x, b.y, TILE_W, TILE_H), tile_painter(b.fonts, Tile(a, c), halves=(a, c))))
        x += TILE_W + GAP
    b.y += ROW


def _tile_of(move: Any) -> Tile | None:
    return Tile(*move.tile) if move.kind == "play" and move.tile is not None else None


def _hand(b: _Builder, hand: list[Tile], made: Tile | None, best: Tile | None,
          colour: tuple[int, int, int]) -> None:
    """The seat's tiles then; a bar under the tile played (``colour``) and a frame round the expert's (green):
    two shapes, not two colours only (s14 access F6: gold, red and green bars read as one yellowish family
    under protanopia and deuteranopia; the lines "You:" and "Expert:" under them say it in words too)."""
    x = 0
    for t in hand:
        if x + TILE_W > b.width:
            x, b.y = 0, b.y + ROW
        b.items.append(Custom(pygame.Rect(x, b.y, TILE_W, TILE_H), tile_painter(b.fonts, t)))
        if t == best and best is not None:  # on the tile's own edge: never cut by the body's left edge
            b.items.append(Custom(pygame.Rect(x, b.y, TILE_W, TILE_H), _frame(GOOD)))
        if t == made:
            b.items.append(Custom(pygame.Rect(x, b.y + TILE_H + 4, TILE_W, 4), _bar(colour)))
        x += TILE_W + GAP
    b.y += ROW


def _frame(colour: tuple[int, int, int]) -> Any:
    """A painter of a ring of ``colour`` on the edge of its rect (the expert's tile, :func:`_hand`)."""
    def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, colour, rect, max(2, rect.h // 12), border_radius=max(3, rect.h // 6))
    return paint


def _bar(colour: tuple[int, int, int]) -> Any:
    def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, colour, rect, border_radius=2)
    return paint


MOVER = N_("{name}: {move}")
"""A review row's move made by someone other than the reader at their seat (session 17: the computer while the
seat was handed over to it, D7, or before a late arrival sat down; a person who played it before): the rows
said "You:" for every decision of the seat."""
MOVER_POINTS = N_("{name}: {move} · {points}")
"""As :data:`MOVER`, with the move's value (as "You: {move} · {points}")."""


def mover(tr: Translator, played: Any, h: FinishedHand, seat: Seat, at: int, names: tuple[str, ...],
          you: bool) -> str | None:
    """Who made decision ``at`` (a ``CoachRow.at``: -1 the review, else the index of the move in ``h.moves``) of
    ``seat`` in ``h``, as its row names them: None for "You" (the reader, ``you``: the reader's person plays the
    seat), "Computer" for the computer, else the person's name as the window shows names (``played``: the
    seat's stretches, :mod:`..playedby`; empty: the seat's present person made them all)."""
    from ..playedby import COMPUTER, PRESENT, ROW_COMPUTER_ALONE, player_name, who_moved
    if not played:
        return None
    who = who_moved(played, h.match, h.number, at + 1)
    if who is PRESENT:
        return None if you else seat_label(tr, names, int(seat))
    if who == COMPUTER:
        return tr.gettext(ROW_COMPUTER_ALONE)
    return player_name(tr.lang, int(seat), who, names)


def _row(b: _Builder, h: FinishedHand, seat: Seat, row: Any, who: str | None = None) -> None:
    """One decision of the review; ``who``: its maker's name when not the reader (:func:`mover`)."""
    tr = b.tr
    b.y += 10
    kind = tr.gettext(KINDS.get(row.kind, KINDS["play"]))
    if row.mistake:
        loss, err = tenths(tr, row.loss), tenths(tr, loss_error(row))  # s15 domino F4: the rule's ±
        head = tr.gettext("Mistake · {kind} · lost {loss} ± {err} points", kind=kind, loss=loss, err=err)
        b.text(head, 17, True, MISTAKE)
    elif row.forced:
        b.text(tr.gettext("{kind} · forced", kind=kind), 16, True, MUTED)
    else:
        b.text(kind, 16, True, ACCENT)
    line: list[tuple[int, int]] = []
    if row.kind != "review":
        line, hand = at_decision(h, seat, row.at)
        b.text(tr.gettext("The line:") if line else tr.gettext("The line was empty."), 14, False, MUTED)
        if line:
            _line(b, line)
        b.text(tr.gettext("Your hand:"), 14, False, MUTED)
        _hand(b, hand, _tile_of(row.made), _tile_of(row.best), MISTAKE if row.mistake else ACCENT)
    lead = row.kind == "lead" or (row.kind == "play" and not line and row.at >= 0)
    made = move_text(tr, row.made, lead)
    if row.made_mean is None:
        b.text(tr.gettext("You: {move}", move=made) if who is None else tr.gettext(MOVER, name=who, move=made),
               15, False, TEXT)
        return
    mine = points(tr, row.made_mean, row.made_stderr or 0.0)
    b.text(tr.gettext("You: {move} · {points}", move=made, points=mine) if who is None
           else tr.gettext(MOVER_POINTS, name=who, move=made, points=mine), 15, False, TEXT)
    noise = row.loss <= 2 * loss_error(row)  # coach.Z: no better beyond the noise
    if row.loss > 0:
        best, theirs = move_text(tr, row.best, lead), points(tr, row.best_mean, row.best_stderr or 0.0)
        b.text(tr.gettext("Expert: {move} · {points}", move=best, points=theirs), 15, False,
               MUTED if noise else GOOD)
        if noise:
            b.text(tr.gettext(WITHIN_NOISE), 14, False, MUTED)
    else:
        b.text(tr.gettext("The expert agrees."), 15, False, GOOD)
    hint = getattr(row, "hint", None)
    if hint is not None and row.hint_mean is not None and hint != row.made:
        said = points(tr, row.hint_mean, row.hint_stderr or 0.0)
        b.text(tr.gettext(HINT_GAVE, move=move_text(tr, hint, lead), points=said), 14, False, MUTED)
    elif hint is not None and row.mistake:
        b.text(tr.gettext(HINT_TOO, move=made), 14, False, MUTED)  # s15 player F3: named, never read as Expert's
    if row.mistake:
        b.text(reason_text(tr, row), 15, True, TEXT)


STOOD_IN_TITLE = N_("Match {match}, hand {hand}: the computer's decisions at your seat, before you sat down")
"""The review's title for a hand of the reader's seat that ended before they sat down (a late arrival sits at
the next deal, R21/D8): the computer played it (rp5 s15: it said "your decisions")."""


LOOKING_YOURS = N_("The coach is looking at your decisions…")
LOOKING_THESE = N_("The coach is looking at these decisions…")
"""While the review is coming, for a hand the reader did not play at the seat (another seat, or the computer's
before the reader sat down)."""


def layout_review(h: FinishedHand | None, seat: Seat, reply: Any, width: int, fonts: Fonts, tr: Translator,
                  names: tuple[str, ...] = ("", "", "", ""), busy: bool = False, mine: bool = True,
                  stood_in: bool = False, by: str = "", played: Any = ()) -> list[Item]:
    """Pure layout of the review ``reply`` (a ``CoachReply`` or None: not yet come) of ``h``; ``busy``:
    the server's coach lane was full when it was asked for (nothing will come: "Ask again"). ``mine``: the
    reader plays ``seat`` ("Review my hand"), so its title says "your decisions", never the reader's own
    name (kind: a message about the reader's own seat naming it); False names the seat. ``stood_in``: the
    reader holds ``seat`` but sat down after this hand (a late arrival, ``SeatW.sat_after``): the computer's
    decisions, never "yours" (rp5 s15); ``by``: who played it then when a person did (a person who left, or
    one who left and the computer after, :func:`client.store.hand_players_name`; session 16: a hand Anna
    played was "the computer's decisions" in the window of Carl, who took her seat later). ``played``: who played
    ``seat``, by stretches (:mod:`..playedby`; empty: its present person made every move): each row names who
    made its move (:func:`mover`), "You" only for the reader's own (session 17: the computer's plays while the
    seat was handed over, D7, read "You:")."""
    b = _Builder(fonts, tr, width)
    if h is None:
        b.text(tr.gettext("This hand is not in the ledger."), 16, False, MUTED)
        return b.items
    export = b.button(tr.gettext("Export hand"), ExportLater("hand", h.number))
    who = seat_label(tr, names, int(seat))
    match, number = tr.number(h.match), tr.number(h.number)
    if stood_in and by:
        title = tr.gettext("Match {match}, hand {hand}: the decisions of {name}", match=match, hand=number, name=by)
    elif stood_in:
        title = tr.gettext(STOOD_IN_TITLE, match=match, hand=number)
    elif mine:
        title = tr.gettext("Match {match}, hand {hand}: your decisions", match=match, hand=number)
    else:
        title = tr.gettext("Match {match}, hand {hand}: the decisions of {name}", match=match, hand=number, name=who)
    b.beside(export, title, 18, True, ACCENT)
    b.y += 14
    if reply is None and busy:
        b.text(tr.gettext(BUSY["BUSY_COACH"]), 16, False, MUTED)
        b.y += 8
        b.button(tr.gettext("Ask again"), Coach(h.match, h.number), 0)
        b.y += 36
        return b.items
    if reply is None:
        b.text(tr.gettext(LOOKING_YOURS if mine and not stood_in else LOOKING_THESE), 16, False, MUTED)
        return b.items
    mistakes = sum(1 for r in reply.rows if r.mistake)
    said = tr.ngettext("{count} mistake", "{count} mistakes", mistakes) if mistakes else tr.gettext(NO_MISTAKES)
    b.text(said, 17, True, MISTAKE if mistakes else GOOD)
    threshold = tenths(tr, reply.threshold)
    # the unit (match points: s13 F6) and what the ± is (the simulation's noise only: s13 F4)
    b.text(tr.gettext("Each move's value for your team in match points: the change in your chance of winning "
                      "the match, one point being 1/270 of a match (about a point of the hand at 0–0), from "
                      "what you could see then. The ± is the simulation's noise only, not doubt about how the "
                      "other players really play."), 14, False, MUTED)
    b.text(tr.gettext(MISTAKE_RULE, points=threshold), 14, False, MUTED)  # s13 F7: coach.Z, in plain words
    b.text(tr.gettext(MISTAKE_FIGURES, points=threshold), 13, False, MUTED)  # and in figures (s15 F-coach-words)
    for row in reply.rows:
        _row(b, h, seat, row, mover(tr, played, h, seat, row.at, names, mine and not stood_in))
    return b.items


def review_export(h: FinishedHand, reply: Any) -> Export:
    """The hand's export with the review as the ledger shows it (D9: the seat's own rows only)."""
    script = hand_script(h)
    if reply is not None:
        script["review"] = {"seat": reply.seat, "threshold": reply.threshold,
                            "rows": [r.model_dump(mode="json", exclude_none=True) for r in reply.rows]}
    return Export("hand", f"match-{h.match}-hand-{h.number}.json", dumps(script))


class ReviewOverlay(ScrollPanel):
    """The coach's review of hand ``hand`` of match ``match`` for the view's seat."""

    def __init__(self, view: SpectatorView, match: int, hand: int, lang: str, rect: pygame.Rect, *,
                 reviews: tuple[Any, ...] = (), names: tuple[str, ...] = ("", "", "", ""),
                 fonts: Fonts | None = None, coach_busy: int = 0, scale: float = 1.0, played: bool = True,
                 by: str = "", stretches: Any = ()) -> None:
        """``played``: the reader's person played this hand at their seat (False: it ended before they sat
        down, :func:`client.store.played_by_holder`); ``by``: then, who played it when a person did (its title
        names them; "": the computer); ``stretches``: who played the seat (:mod:`..playedby`): each row names
        who made its move (session 17)."""
        super().__init__(rect, fonts, scale)
        self.stretches = stretches
        """Who played the reviewed seat, by stretches (:func:`layout_review`'s ``played``)."""
        self.lang, self.match, self.hand, self.names = lang, match, hand, tuple(names)
        self.seat = view.seat or Seat.ONE
        self.mine = view.seat is not None
        """The reader plays the reviewed seat: the title says "your decisions"."""
        self.stood_in = self.mine and not played
        """The reader holds the seat but the computer played this hand there: the title says so."""
        self.by = by if self.stood_in else ""
        """Who played the hand at the reader's seat before they sat, when a person did (the title names them)."""
        self.finished = _find(view, match, hand)
        self.reply = _reply(reviews, match, hand)
        self.asked_at, self.busy = coach_busy, False
        """``ClientState.coach_busy`` when this review was asked for; a later count: the ask was dropped."""

    def update(self, view: SpectatorView, reviews: tuple[Any, ...], coach_busy: int = 0) -> None:
        """A new view or review arrived: show the review once it is here; ``coach_busy`` above the
        count at opening: the coach lane was full, offer to ask again (client/store.coach_busy)."""
        finished, reply = _find(view, self.match, self.hand), _reply(reviews, self.match, self.hand)
        busy = coach_busy > self.asked_at
        if (finished, reply, busy) != (self.finished, self.reply, self.busy):
            self.finished, self.reply, self.busy, self._laid = finished, reply, busy, None

    def follow(self, names: tuple[str, ...], stretches: Any, played: bool, by: str) -> None:
        """The last table frame's seat names and who played the seat (``stretches``; ``played`` and ``by`` as
        :meth:`__init__` takes them): the review names who made each move as the table says it now."""
        self.names, self.stretches = tuple(names), stretches
        self.stood_in = self.mine and not played
        self.by = by if self.stood_in else ""

    def set_language(self, lang: str) -> None:
        """Switch language at run time."""
        self.lang = lang

    def title(self) -> str:
        return translator(self.lang).gettext("Review my hand")

    def close_label(self) -> str:
        return translator(self.lang).gettext("Close")

    def cache_key(self) -> object:
        return (self.lang, id(self.finished), id(self.reply), self.names, self.busy, self.stretches, self.stood_in,
                self.by)

    def items(self, width: int) -> list[Item]:
        return layout_review(self.finished, self.seat, self.reply, width, self.fonts, translator(self.lang),
                             self.names, self.busy, self.mine, self.stood_in, self.by, self.stretches)

    def handle(self, event: pygame.event.Event) -> OverlayAction | None:
        """As :meth:`ScrollPanel.handle`; the export button saves the hand with its review."""
        action = super().handle(event)
        if isinstance(action, ExportLater) and self.finished is not None:
            return review_export(self.finished, self.reply)
        return action


def _find(view: SpectatorView, match: int, hand: int) -> FinishedHand | None:
    hands = view.finished if match == view.match else \
        next((m.finished for m in view.past if m.number == match), ())
    return next((h for h in hands if h.number == hand), None)


def _reply(reviews: tuple[Any, ...], match: int, hand: int) -> Any:
    return next((r for r in reviews if (r.match, r.hand) == (match, hand)), None)


__all__ = ["ReviewOverlay", "layout_review", "review_export", "at_decision", "REASONS", "KINDS"]
