"""The ledger overlay (issue 6; R4, R13, R17-R22, R26, D9).

Shows, for the current match or an earlier one at the table: the seeded-table
notice (and the seed, only to the player who set it), a chart of both teams'
scores after each hand, the opening draw(s), the redeal record, and every
finished hand (number, opener, result, winning team, points, running scores,
the four hands as dealt with the tiles left at the end bright, every play and
pass in order) with an export button; the whole match exports too.

Usage from the client::

    overlay = LedgerOverlay(view, "pt", rect, seeded=info.seeded, seed=info.seed, names=names)
    overlay.update(new_view)             # when the view changes
    overlay.draw(screen)
    action = overlay.handle(event)       # Close(), Export(kind, filename, text) or None

Left/Right (or the match buttons) browse the matches at the table.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Iterable

import pygame

from doublenine.shared.i18n import Translator, translator
from doublenine.shared.ledger import (
    HandRow, Ledger, MatchLedger, dumps, hand_script, ledger_from_view, match_record,
)
from doublenine.shared.rules import TARGET
from doublenine.shared.seats import SEATS, Seat
from doublenine.shared.state import Result
from doublenine.shared.terms import REDEAL, RESULT_TERMS, named_result_said
from doublenine.shared.tiles import Tile
from doublenine.shared.views import SpectatorView

from ..playedby import COMPUTER, END, PRESENT, ROW_COMPUTER_ALONE, Stretches, hand_players, player_name, who_moved
from ..seatnames import played_english, played_said, seat_name_in
from .actions import Coach, Export, ExportLater, OverlayAction, SelectMatch
from .paint import TILE_H, TILE_W, Painter, paint_chart, paint_dot, tile_painter
from .panel import Button, Custom, Item, ScrollPanel, Text
from .text import ACCENT, MUTED, TEAM_COLOURS, TEXT, Fonts, button_width

GAP = 4
ROW = TILE_H + 8
NAME_W = 130
"""The widest a player's name is written in the ledger's rows (px at 14 pt bold), cut with "…" beyond."""
DOT = 10
CHART_H = 170
NAMED = {"pollona": "Pollona", "tripollua": "Tripollúa"}
"""R20: the named results keep their names in every language."""


def seat_label(tr: Translator, names: tuple[str, ...], seat: int) -> str:
    """The name of ``seat`` in ``tr``'s language from ``names`` by seat (client/seatnames.py, as every place
    the window names a seat: "Seat N" when it has none, a default name translated, and the default name
    for a name the font cannot draw)."""
    return seat_name_in(tr.lang, int(seat), names)


def result_text(tr: Translator, hand: HandRow, names: tuple[str, ...] = ("", "", "", ""),
                me: int | None = None, played: tuple[Stretches, ...] = ()) -> str:
    """R16/R17/R18: how the hand ended and who scored what, in ``tr``'s language; ``names`` by seat; ``me``:
    the reader's seat (its domino is "Your domino", never its own name: s14 kind, the reader's seat by name);
    ``played``: who played each seat (:mod:`..playedby`; session 16: the domino of the computer before a late
    arrival sat was "Your domino" in his window, and "Domino by Bernd" in the others)."""
    ender = who_moved(played[int(hand.ender) - 1], hand.match, hand.number, END) \
        if played and hand.ender is not None else PRESENT
    if hand.result is Result.DOMINO and me is not None and hand.ender == me and ender is PRESENT:
        how = tr.gettext("Your domino")
    elif hand.result is Result.DOMINO:
        who = player_name(tr.lang, int(hand.ender or 0), ender, names)  # computed first: pybabel drops nested calls
        how = tr.gettext("Domino by {name}", name=who)
    elif hand.result is Result.BLOCKED:
        low = min(hand.pip_totals)
        how = tr.ngettext("Blocked: lowest total {count} pip", "Blocked: lowest total {count} pips", low)
    else:
        return tr.gettext("Blocked and tied: nobody scores")
    team = hand.winner.value if hand.winner else "?"
    return how + " · " + tr.ngettext("Team {team} scores {count} point",
                                     "Team {team} scores {count} points", hand.points, team=team)


def score_text(tr: Translator, scores: tuple[int, int]) -> str:
    """'A 44 – B 0' with locale-formatted numbers (R19)."""
    return tr.gettext("A {a} – B {b}", a=tr.number(scores[0]), b=tr.number(scores[1]))


def match_names(m: MatchLedger, names: tuple[str, ...], lang: str) -> tuple[str, ...]:
    """The seats' names for match ``m`` of the ledger: who played it where the server said so
    (``MatchLedger.players``, as its result names them: a computer's seat as the window says it), else ``names``
    (the seats' names now: the current match). Organiser s16 F10: an earlier match's ledger named the two
    people who sat down during the next match as its losers."""
    if m.players is None:
        return tuple(names)
    return tuple(played_said(lang, p) for p in m.players)


def export_of(led: Ledger, index: int, request: ExportLater, names: tuple[str, ...] = (), code: str = "",
              table_name: str = "", now: float | None = None, played: tuple[Stretches, ...] = ()) -> Export:
    """The :class:`Export` for an export button of match ``index`` (D9: public data only). A match
    record carries the players' ``names`` (seats 1..4; for a match whose players the server told,
    ``MatchLedger.players``, those, a computer's seat in the results' English "computer · Expert": organiser
    s16 F10), the table's ``code`` and ``table_name`` and the export's UTC time ``now`` (Unix seconds;
    None: the clock's), club s14 F9; with ``played`` (who played each
    seat, :mod:`..playedby`), each hand's ``recorded.played_by`` (session 16)."""
    m = led.matches[index]
    if m.players is not None:
        names = tuple(played_english(p) for p in m.players)
    if request.kind == "match":
        record = match_record(m, seeded=led.seeded, code=code, table_name=table_name, names=names,
                              exported=time.time() if now is None else now,
                              played_by=(lambda h: record_players(h, names, played)) if played else None)
        return Export("match", f"match-{m.number}.json", dumps(record))
    h = next(h for h in m.hands if h.number == request.key)
    return Export("hand", f"match-{h.match}-hand-{h.number}.json", dumps(hand_script(h)))


def record_players(h: HandRow, names: tuple[str, ...], played: tuple[Stretches, ...]) -> dict[str, list[str | None]]:
    """Who played each seat in hand ``h`` as a match record says it (docs/match-record.md
    ``recorded.played_by``): by seat "1".."4", in order, a person's name (the seat's name in ``names`` for its
    present person, its default name when it has none) or None (null) for the computer."""
    out: dict[str, list[str | None]] = {}
    for s in SEATS:
        players = hand_players(played[s - 1], int(s), h.source.moves, h.match, h.number)
        out[str(int(s))] = [seat_name_in("en", int(s), names) if who is PRESENT else who or None for who in players]
    return out


class _Builder:
    """Lays out items top to bottom for one body width (keeps the layout functions short)."""

    def __init__(self, fonts: Fonts, tr: Translator, width: int) -> None:
        self.fonts, self.tr, self.width = fonts, tr, width
        self.items: list[Item] = []
        self.y = 0
        self.names: tuple[str, ...] = ("", "", "", "")
        """Players' names by seat: the ledger says who, not which number (empty: "Seat N")."""
        self.seated = False
        """The viewer holds a seat: each hand offers "Review my hand" (issue 14.2)."""
        self.me: int | None = None
        """The viewer's seat (1..4, None for a spectator): sentences about it say "you", never its name."""
        self.code = ""
        """The table's code ("" unknown): said first among the table's facts (:func:`_facts`)."""
        self.spectators: int | None = None
        """How many watch the table now; None where that is not known (a kept finished match)."""
        self.reviewed: frozenset[tuple[int, int]] | None = None
        """None: every hand offers its review (the server is there to ask). Else only these (match, hand):
        a kept finished match opened from the start screen has no server, only the reviews received."""
        self.played: tuple[Stretches, ...] = ()
        """Who played each seat, by stretches (:mod:`..playedby`, ``SeatW.played_by``); ``()``: the seat's
        present holder played it all (a kept finished match, an older server)."""

    def who(self, seat: Seat, match: int, hand: int, index: int) -> str | None:
        """Who made move ``index`` of that hand at ``seat`` (:func:`..playedby.who_moved`)."""
        return who_moved(self.played[seat - 1], match, hand, index) if self.played else PRESENT

    def player(self, seat: Seat, who: str | None, short: bool = True) -> str:
        """``who`` of ``seat`` named (:func:`..playedby.player_name`): the seat's name for its present person;
        the computer as "Computer (José)" in a row (``short``), as "the computer in José's seat" in a sentence."""
        return seat_label(self.tr, self.names, int(seat)) if who is PRESENT else \
            player_name(self.tr.lang, int(seat), who, self.names, short)

    def hand_player(self, seat: Seat, h: HandRow) -> str:
        """Everyone who played ``seat`` in hand ``h``, joined by " / " (session 16)."""
        if not self.played:
            return seat_label(self.tr, self.names, int(seat))
        players = hand_players(self.played[seat - 1], int(seat), h.source.moves, h.match, h.number)
        if len(players) > 1:  # the computer beside a person who played it too: "Ana / Computer" (session 17)
            return " / ".join(self.tr.gettext(ROW_COMPUTER_ALONE) if who == COMPUTER else self.player(seat, who)
                              for who in players)
        return self.player(seat, players[0])

    def text(self, text: str, size: int = 16, bold: bool = False,
             colour: tuple[int, int, int] = TEXT, x: int = 0) -> None:
        for line in self.fonts.wrap(text, size, self.width - x, bold):
            self.items.append(Text(x, self.y, line, size, bold, colour))
            self.y += self.fonts.line_height(size, bold) + 2

    def heading(self, text: str) -> None:
        self.y += 10
        self.text(text, 19, True, ACCENT)
        self.y += 2

    def button(self, label: str, action: OverlayAction, x: int | None = None) -> pygame.Rect:
        w = button_width(self.fonts, label)
        rect = pygame.Rect(self.width - w if x is None else x, self.y, w, 30)
        self.items.append(Button(rect, label, action))
        return rect

    def beside(self, buttons: pygame.Rect, text: str, size: int, bold: bool,
               colour: tuple[int, int, int]) -> None:
        """``text`` wrapped left of ``buttons`` (the row's buttons at the right, placed at this ``y``),
        then ``y`` below both. Kind (new user s10 item 5): a heading wrapped to the whole width under a
        button at its right ("Runde exportieren" over "...die Entscheidungen von Spieler" at 800x600)."""
        top, width = self.y, self.width
        self.width = max(1, min(width, buttons.x - 10))
        try:
            self.text(text, size, bold, colour)
        finally:
            self.width = width
        self.y = max(self.y, top + buttons.h + 4)

    def tiles(self, x0: int, tiles: Iterable[Tile],
              faded: Callable[[Tile], bool] = lambda t: False) -> None:
        """A flowing row of mini tiles starting at ``x0``, wrapping at the width."""
        x = x0
        for t in tiles:
            if x + TILE_W > self.width:
                x, self.y = x0, self.y + ROW
            self.items.append(Custom(pygame.Rect(x, self.y, TILE_W, TILE_H),
                                     tile_painter(self.fonts, t, faded(t))))
            x += TILE_W + GAP
        self.y += ROW

    def seat(self, x: int, seat: Seat, name: str | None = None, most: int = NAME_W) -> int:
        """The player of ``seat`` by name at ``x`` on this row: a dot of their team's colour, then their name
        (:func:`seat_label`, or ``name``: who played it then; cut to :data:`NAME_W`); returns the width taken
        (px). Polish s12 item 2: plays, draws and hands named players only by a circled seat number, read
        against a legend at the top."""
        name = self.short_name(seat, name, most)
        self.items.append(Custom(pygame.Rect(x, self.y + (TILE_H - DOT) // 2, DOT, DOT),
                                 paint_dot(TEAM_COLOURS[seat.team.value])))
        self.items.append(Text(x + DOT + 4, self.y + 2, name, 14, True, TEXT))
        return DOT + 4 + self.fonts.measure(name, 14, True)[0]

    def short_name(self, seat: Seat, name: str | None = None, most: int = NAME_W) -> str:
        """The name of ``seat`` (or ``name``) as the rows write it: whole up to ``most`` px (:data:`NAME_W`; twice
        that for a ``name`` other than the seat's, who played it then: "Computer (José)" was cut to "Computer
        (Jo…", session 17), else cut with "…"."""
        label = seat_label(self.tr, self.names, int(seat))
        if name is not None and name != label:
            most = max(most, 2 * NAME_W)
        name = label if name is None else name
        if self.fonts.measure(name, 14, True)[0] <= most:
            return name
        while len(name) > 1 and self.fonts.measure(name + "…", 14, True)[0] > most:
            name = name[:-1]
        return name.rstrip() + "…"


def _top(b: _Builder, led: Ledger, index: int) -> None:
    """Match selector, export button, seeded notice (D9) and match result (R19, R20)."""
    x = 0
    right = b.width  # an export needs a finished hand: replay refuses an empty record
    if led.matches[index].hands:
        right = b.button(b.tr.gettext("Export match"), ExportLater("match", index)).x
    for k, m in enumerate(led.matches):  # earlier matches browsable; rows wrap left of Export
        label = b.tr.gettext("Match {number}", number=b.tr.number(m.number))
        if m.current:
            label = b.tr.gettext("{match} (current)", match=label)
        label = ("● " if k == index else "") + label
        if x and x + button_width(b.fonts, label) > right - 8:
            x, b.y = 0, b.y + 36
        x = b.button(label, SelectMatch(k), x).right + 8
    m = led.matches[index]
    b.y += 40
    _facts(b)
    if led.seeded:
        note = b.tr.gettext("Seeded table: its deals are reproducible.")
        if led.seed is not None:
            note += " " + b.tr.gettext("Seed: {seed}", seed=led.seed)
        b.text(note, 15, False, MUTED)
    scores = score_text(b.tr, m.scores)  # not inline: pybabel drops calls with nested commas
    b.text(b.tr.gettext("Score: {scores}", scores=scores), 17, True)
    if m.winner is not None:
        won = b.tr.gettext("Team {team} wins the match.", team=m.winner.value)
        if m.named is not None:
            won += " " + b.tr.gettext("{name}!", name=NAMED[m.named.value])  # R20: names kept
        b.text(won, 17, True, TEAM_COLOURS[m.winner.value])
        if m.named is not None:  # R20: what the name means, where it is shown (shared/terms)
            msgid, args = named_result_said(m.named, m.winner)
            b.text(b.tr.gettext(msgid, **args), 14, False, MUTED)


def _facts(b: _Builder) -> None:
    """The table's facts a player may want all match long (R19's target, the code, who watches; the seed
    is said just under, D9): the top bar drops what does not fit beside its buttons (800x600)."""
    facts = [b.tr.gettext("Table {code}", code=b.code)] if b.code else []
    facts.append(b.tr.gettext("played to {target} points", target=b.tr.number(TARGET)))
    if b.spectators is not None:
        facts.append(b.tr.ngettext("{count} spectator watching", "{count} spectators watching", b.spectators)
                     if b.spectators else b.tr.gettext("nobody watching"))
    b.text(" · ".join(facts), 15, False, MUTED)


def _swatch(colour: tuple[int, int, int]) -> Painter:
    def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, colour, rect)
    return paint


def _chart(b: _Builder, m: MatchLedger) -> None:
    b.heading(b.tr.gettext("Scores after each hand"))
    points, fonts, tr = m.chart, b.fonts, b.tr
    b.items.append(Custom(pygame.Rect(0, b.y, min(b.width, 720), CHART_H),
                          lambda s, r: paint_chart(s, r, fonts, tr, points)))
    b.y += CHART_H + 6
    for team, x in (("A", 0), ("B", 140)):
        b.items.append(Text(x + 20, b.y, b.tr.gettext("Team {team}", team=team), 14, True,
                            TEAM_COLOURS[team]))
        b.items.append(Custom(pygame.Rect(x, b.y + 8, 14, 4), _swatch(TEAM_COLOURS[team])))
    b.y += 24


def _draws(b: _Builder, m: MatchLedger) -> None:
    """R3/R4: every opening draw, equal ones included."""
    b.heading(b.tr.gettext("Opening draw"))
    if not m.draws:  # a new match before its draw (R3): the heading says what is not there yet
        b.text(b.tr.gettext("No opening draw yet in this match."), 15, False, MUTED)
    for d in m.draws:  # R3: seat 1 draws for team A, seat 2 for team B
        x = 0
        for seat, tile in ((Seat.ONE, d.tile_a), (Seat.TWO, d.tile_b)):
            x += b.seat(x, seat) + 6
            b.items.append(Custom(pygame.Rect(x, b.y, TILE_W, TILE_H), tile_painter(b.fonts, tile)))
            x += TILE_W + 16
        if d.winner is None:
            note = b.tr.gettext("equal totals: drawn again")
        else:
            note = b.tr.gettext("Team {team} leads the first hand", team=d.winner.value)
        if x + b.fonts.measure(note, 15)[0] > b.width:
            x, b.y = 0, b.y + ROW
        b.items.append(Text(x, b.y + 1, note, 15, False, MUTED))
        b.y += ROW


def _redeals(b: _Builder, m: MatchLedger) -> None:
    """R13: the public redeal record."""
    b.heading(b.tr.gettext("Redeals"))
    b.text(b.tr.gettext(REDEAL), 14, False, MUTED)  # R10/R11: what a redeal is (shared/terms)
    if not m.redeals:
        b.text(b.tr.gettext("No redeal in this match."), 15, False, MUTED)
    for r in m.redeals:
        by = b.who(r.seat, r.match, r.hand, 0)  # R10: answered before the hand's first move
        who = b.player(r.seat, by, short=False)
        hand = b.tr.number(r.hand)
        b.text(b.tr.gettext("Hand {hand}: you demanded a redeal and showed:", hand=hand)
               if r.seat == b.me and by is PRESENT else
               b.tr.gettext("Hand {hand}: {name} demanded a redeal and showed:", hand=hand, name=who), 15)
        b.tiles(0, r.doubles)


def _plays(b: _Builder, h: HandRow) -> None:
    """R15, D4: every play and pass in order, as seat badge + tile (or 'pass')."""
    b.text(b.tr.gettext("Plays in order (◂ left end, ▸ right end):"), 14, False, MUTED)
    x, word = 0, b.tr.pgettext("ledger", "pass")
    word_w = b.fonts.measure(word, 14)[0]
    lead = next((p for p in h.plays if p.tile is not None), None)  # R15: the lead lies at no end
    for p in h.plays:
        name = b.player(p.seat, b.who(p.seat, h.match, h.number, p.index))  # session 16: who made it
        name_w = DOT + 4 + b.fonts.measure(b.short_name(p.seat, name), 14, True)[0] + 4
        w = name_w + (word_w if p.is_pass else TILE_W + 12)
        if x + w > b.width:
            x, b.y = 0, b.y + ROW
        b.seat(x, p.seat, name)
        if p.tile is None:
            b.items.append(Text(x + name_w, b.y + 2, word, 14, False, MUTED))
        else:
            b.items.append(Custom(pygame.Rect(x + name_w, b.y, TILE_W, TILE_H),
                                  tile_painter(b.fonts, p.tile)))
            if p is not lead:
                b.items.append(Text(x + name_w + TILE_W + 1, b.y + 1, "◂" if p.end == "left" else "▸",
                                    14, False, MUTED))
        x += w + 14
    b.y += ROW


def _hand(b: _Builder, h: HandRow) -> None:
    """R22: one finished hand, with its export button."""
    b.y += 8
    top = b.y
    button = b.button(b.tr.gettext("Export hand"), ExportLater("hand", h.number))
    if b.seated and (b.reviewed is None or (h.match, h.number) in b.reviewed):  # issue 14.2: the viewer's own
        button = button.union(b.button(b.tr.gettext("Review my hand"), Coach(h.match, h.number),
                                       button.x - 8 - button_width(b.fonts, b.tr.gettext("Review my hand"))))
    led = b.who(h.opener, h.match, h.number, 1)  # R15: the opener's lead is the hand's first move
    who = b.player(h.opener, led, short=False)
    number = b.tr.number(h.number)
    b.beside(button, b.tr.gettext("Hand {number} · opened by you", number=number)
             if h.opener == b.me and led is PRESENT else
             b.tr.gettext("Hand {number} · opened by {name}", number=number, name=who), 18, True, ACCENT)
    b.text(result_text(b.tr, h, b.names, b.me, b.played), 15, True,
           TEAM_COLOURS[h.winner.value] if h.winner else MUTED)
    scores = score_text(b.tr, h.scores_after)
    b.text(b.tr.gettext("Scores after the hand: {scores}", scores=scores), 15)
    b.text(b.tr.gettext("Hands as dealt; bright tiles were still held at the end:"), 14, False, MUTED)
    label_w = max(b.fonts.measure(b.tr.ngettext("{count} pip", "{count} pips", 99), 14)[0], 60)
    # session 16: who played each seat, two of them (a person who left, then the computer) in two names' room
    players = {s: b.short_name(s, b.hand_player(s, h), 2 * NAME_W if " / " in b.hand_player(s, h) else NAME_W)
               for s in SEATS}
    names_w = max(DOT + 4 + b.fonts.measure(n, 14, True)[0] for n in players.values()) + 10
    for s in SEATS:
        b.seat(0, s, players[s], 2 * NAME_W)
        pips = b.tr.ngettext("{count} pip", "{count} pips", h.pip_totals[s - 1])
        b.items.append(Text(names_w, b.y + 2, pips, 14, False, MUTED))
        b.tiles(names_w + label_w + 8, h.dealt[s - 1], _played(frozenset(h.left[s - 1])))
    _plays(b, h)


def _played(left: frozenset[Tile]) -> Callable[[Tile], bool]:
    """True for a tile no longer held at the end (drawn faded)."""
    return lambda t: t not in left


def _seats(b: _Builder, names: tuple[str, ...]) -> None:
    """Who plays with whom, by team (R2): "Team A" and its two players, then "Team B" and its two, each
    player by name with their team's colour, as every row names them (club s14 F14: the line listed the
    four in seat order, "● Ana 2 ● Carlos ● Pablo ● Dora", alternating teams, where the web page says
    "Team A: Ana 2 & Pablo · Team B: Carlos & Dora")."""
    x = 0
    for team, seats in (("A", (Seat.ONE, Seat.THREE)), ("B", (Seat.TWO, Seat.FOUR))):
        label = b.tr.gettext("Team {team}", team=team)
        lw = b.fonts.measure(label, 14, True)[0] + 8
        w = lw + sum(DOT + 4 + b.fonts.measure(b.short_name(s), 14, True)[0] + 12 for s in seats) + 18
        if x and x + w > b.width:
            x, b.y = 0, b.y + ROW
        b.items.append(Text(x, b.y + 2, label, 14, True, TEAM_COLOURS[team]))
        x += lw
        for s in seats:
            x += b.seat(x, s) + 12
        x += 18
    b.y += ROW


def layout_ledger(led: Ledger, index: int, width: int, fonts: Fonts, tr: Translator,
                  names: tuple[str, ...] = ("", "", "", ""), seated: bool = False,
                  reviewed: frozenset[tuple[int, int]] | None = None, code: str = "",
                  spectators: int | None = None, me: int | None = None,
                  played: tuple[Stretches, ...] = ()) -> list[Item]:
    """Pure layout of match ``index`` of ``led`` for a body ``width``; ``names`` by seat (R2);
    ``seated``: the viewer holds a seat (each hand offers the coach's review, issue 14.2), only the hands
    ``reviewed`` (match, hand) when given (a kept match: no server to ask); ``me``: the viewer's seat, said
    "you" in the sentences about it (a hand it opened, its domino, its redeal) when its present person made
    it; ``played``: who played each seat (:mod:`..playedby`; session 16: every row named the seat's present
    holder, the computer's plays before a late arrival sat included)."""
    b = _Builder(fonts, tr, width)
    m = led.matches[index]
    names = match_names(m, names, tr.lang)  # organiser s16 F10: who played it, not who sits now
    b.names = tuple(names)
    b.played = tuple(played) if len(played) == 4 else ()
    b.seated, b.me = seated, me
    b.reviewed = reviewed
    b.code, b.spectators = code, spectators
    _top(b, led, index)
    _seats(b, names)
    _chart(b, m)
    _draws(b, m)
    _redeals(b, m)
    b.heading(tr.gettext("Finished hands"))
    if not m.hands:
        b.text(tr.gettext("No finished hand yet."), 15, False, MUTED)
    for result, term in RESULT_TERMS.items():  # R16/R17: each way these hands ended, said once
        if any(h.result is result for h in m.hands):
            b.text(tr.gettext(term), 14, False, MUTED)
    for h in m.hands:
        _hand(b, h)
    return b.items


class LedgerOverlay(ScrollPanel):
    """The ledger of the table seen through ``view`` (see the module docstring)."""

    def __init__(self, view: SpectatorView, lang: str, rect: pygame.Rect, *, seeded: bool = False,
                 seed: int | None = None, names: tuple[str, ...] = ("", "", "", ""),
                 fonts: Fonts | None = None, scale: float = 1.0) -> None:
        super().__init__(rect, fonts, scale)
        self.lang = lang
        self.names = tuple(names)
        """Players' names by seat (index seat-1); an empty name shows as "Seat N"."""
        self.played: tuple[Stretches, ...] = ()
        """Who played each seat, by stretches (``ClientState.played_by``, :mod:`..playedby`); ``()``: each
        seat's present holder (a kept finished match)."""
        self.ledger = ledger_from_view(view, seeded=seeded, seed=seed)
        self.index = len(self.ledger.matches) - 1
        self._view = view
        self.reviews: tuple[object, ...] = ()
        """Issue 14.2: the coach's reviews received (``CoachReply``); a hand's export carries its own."""
        self.code = ""
        """The table's code, said among its facts at the top ("" unknown)."""
        self.table_name = ""
        """The table's name ("" none or unknown), carried by a match's export (club s14 F9)."""
        self.spectators: int | None = None
        """How many watch the table now (``ClientState.spectators``); None: not known (a kept match)."""
        self.offline = False
        """No server to ask for a review (a kept finished match, client/finished.py): "Review my hand" only
        where :attr:`reviews` holds that hand's review."""

    def update(self, view: SpectatorView, *, seeded: bool | None = None,
               seed: int | None = None) -> None:
        """Rebuild from a new view (a hand finished, a new match began); keeps an earlier match open.

        ``seeded``/``seed`` left out keep what the overlay already had (D9).
        """
        if view is self._view and seeded is None and seed is None:
            return
        self._view = view
        was_current = self.index == len(self.ledger.matches) - 1
        seeded = self.ledger.seeded if seeded is None else seeded
        seed = self.ledger.seed if seed is None else seed
        self.ledger = ledger_from_view(view, seeded=seeded, seed=seed)
        if was_current or self.index >= len(self.ledger.matches):
            self.index = len(self.ledger.matches) - 1
        self._laid = None

    def set_language(self, lang: str) -> None:
        """Switch language at run time."""
        self.lang = lang

    def title(self) -> str:
        return translator(self.lang).pgettext("overlay title", "Ledger")  # room for a longer word

    def close_label(self) -> str:
        return translator(self.lang).gettext("Close")

    def cache_key(self) -> object:
        return (self.lang, self.index, id(self.ledger), self.names, self.offline, len(self.reviews), self.code,
                self.spectators, self.played)

    def items(self, width: int) -> list[Item]:
        reviewed = frozenset((r.match, r.hand) for r in self.reviews) if self.offline else None  # type: ignore[attr-defined]
        return layout_ledger(self.ledger, self.index, width, self.fonts, translator(self.lang), self.names,
                             self._view.seat is not None, reviewed, self.code, self.spectators,
                             None if self._view.seat is None else int(self._view.seat), self.played)

    def select(self, index: int) -> None:
        """Show match ``index`` (0 = the earliest at the table), from the top."""
        if 0 <= index < len(self.ledger.matches) and index != self.index:
            self.index, self.scroll = index, 0

    def handle(self, event: pygame.event.Event) -> OverlayAction | None:
        """As :meth:`ScrollPanel.handle`, plus Left/Right to browse the matches."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.select(self.index + (1 if event.key == pygame.K_RIGHT else -1))
            return None
        action = super().handle(event)
        if isinstance(action, SelectMatch):
            self.select(action.index)
            return None
        if isinstance(action, ExportLater):
            if action.kind == "hand":
                from .review import review_export
                m = self.ledger.matches[self.index]
                h = next(h for h in m.hands if h.number == action.key)
                reply = next((r for r in self.reviews if (r.match, r.hand) == (h.match, h.number)), None)  # type: ignore[attr-defined]
                if reply is not None:
                    return review_export(h.source, reply)
            return export_of(self.ledger, self.index, action, self.names, self.code, self.table_name,
                             played=self.played)
        return action
