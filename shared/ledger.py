"""The ledger as rows for display and export (R4, R13, R21, R22, D9; issue 6).

Pure functions from a :class:`~doublenine.shared.views.SeatView` or
:class:`~doublenine.shared.views.SpectatorView` to small frozen rows: the
opening draws, every finished hand (opener, result, winning team, points,
running scores, the four hands as dealt and as left, every play and pass in
order), the public redeal record, the chart of both teams' scores after each
hand, and the earlier matches at the table. A view only holds what R21/R22 let
a seat know, so nothing built here can leak a hidden tile.

Exports: :func:`hand_script` (one finished hand in the hand-script format of
``docs/hand-script.md``, through :mod:`doublenine.shared.handscript`) and
:func:`match_record` (a whole match as its public record, ``docs/match-record.md``):
never the 15 unused tiles nor the other tiles of a voided deal (D9), and never
the seed (only whether the table is seeded).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from .moves import Move, Pass, Play
from .seats import SEATS, Seat, Team
from .state import FinishedHand, NamedResult, OpeningDraw, RedealRecord, Result
from .tiles import Tile
from .handscript import RECORD_FORMAT, RECORD_VERSION  # the format lives with its reader
from .views import SpectatorView

_TILE_RE = re.compile(r"\[\s*(\d+),\s*(\d+)\s*\]", re.ASCII)


@dataclass(frozen=True, slots=True)
class DrawRow:
    """R3/R4: one opening draw of a match; ``winner`` None means equal totals, drawn again."""

    attempt: int
    """1-based attempt number within the match."""
    tile_a: Tile
    """Seat 1's tile, for team A."""
    tile_b: Tile
    """Seat 2's tile, for team B."""
    winner: Team | None


@dataclass(frozen=True, slots=True)
class PlayRow:
    """R15, R21: one play or pass of a finished hand, in order (``tile`` None for a pass)."""

    index: int
    """1-based position of the move within the hand."""
    seat: Seat
    tile: Tile | None
    end: str | None
    """``"left"``/``"right"`` for a play, None for a pass."""

    @property
    def is_pass(self) -> bool:
        """True for a pass (D4)."""
        return self.tile is None


@dataclass(frozen=True, slots=True)
class HandRow:
    """R22: a finished hand as the ledger shows it. Tile tuples are sorted for display."""

    match: int
    number: int
    entitled: Team
    """R7: the team entitled to nominate the opener."""
    opener: Seat
    """R6: the nominated opener, who led."""
    result: Result
    ender: Seat | None
    """R16: the seat that went out; None for a block or tie."""
    winner: Team | None
    """None on a tie (R17)."""
    points: int
    """R18: points scored by ``winner`` (0 on a tie)."""
    pip_totals: tuple[int, int, int, int]
    """R17: each seat's own remaining pips, index seat-1."""
    scores_before: tuple[int, int]
    scores_after: tuple[int, int]
    dealt: tuple[tuple[Tile, ...], ...]
    """The four hands as dealt, index seat-1."""
    left: tuple[tuple[Tile, ...], ...]
    """The four hands as left at the end, index seat-1."""
    plays: tuple[PlayRow, ...]
    redeals: tuple[RedealRecord, ...]
    """R13: the redeals demanded before this hand was played."""
    source: FinishedHand
    """The engine's record this row was made from (what :func:`hand_script` exports)."""


@dataclass(frozen=True, slots=True)
class MatchLedger:
    """One match in the ledger: the current one (``current``) or an earlier one."""

    number: int
    current: bool
    draws: tuple[DrawRow, ...]
    hands: tuple[HandRow, ...]
    redeals: tuple[RedealRecord, ...]
    """R13: the whole public redeal record of the match."""
    scores: tuple[int, int]
    """Team scores (A, B) now, or at the end of an earlier match."""
    winner: Team | None
    named: NamedResult | None
    players: tuple[str, str, str, str] | None = None
    """Who played this match, seats 1..4, as its result names them (``MatchRecordW.players``); None: not known
    (the current match: the seats' present names; an older server). Organiser s16 F10."""

    @property
    def chart(self) -> tuple[tuple[int, int], ...]:
        """Both teams' scores (A, B) at the start and after each finished hand, for the chart."""
        return ((0, 0),) + tuple(h.scores_after for h in self.hands)


@dataclass(frozen=True, slots=True)
class Ledger:
    """All the matches at the table (earlier ones first, the current one last), D9 seed info.

    ``seed`` is only ever set for the player who set it (D9); ``seeded`` shows to all.
    """

    matches: tuple[MatchLedger, ...]
    seeded: bool
    seed: int | None

    @property
    def current(self) -> MatchLedger:
        """The match being played (the last one)."""
        return self.matches[-1]


def draw_rows(draws: tuple[OpeningDraw, ...]) -> tuple[DrawRow, ...]:
    """R3/R4: the opening draws of a match as rows, numbered from 1."""
    return tuple(DrawRow(i, d.tile_a, d.tile_b, d.winner) for i, d in enumerate(draws, 1))


def play_rows(moves: tuple[Move, ...]) -> tuple[PlayRow, ...]:
    """R15, D4: every play and pass of a hand in order."""
    rows = []
    for i, m in enumerate(moves, 1):
        if isinstance(m, Play):
            rows.append(PlayRow(i, m.seat, m.tile, m.end.value))
        elif isinstance(m, Pass):
            rows.append(PlayRow(i, m.seat, None, None))
    return tuple(rows)


def hand_row(hand: FinishedHand, redeals: tuple[RedealRecord, ...] = ()) -> HandRow:
    """R22: the ledger row of one finished hand; ``redeals`` filtered to this hand (R13)."""
    mine = tuple(r for r in redeals if r.match == hand.match and r.hand == hand.number)
    return HandRow(
        match=hand.match, number=hand.number, entitled=hand.entitled, opener=hand.opener, result=hand.result,
        ender=hand.ender if hand.result is Result.DOMINO else None, winner=hand.winner,
        points=hand.points, pip_totals=hand.pip_totals, scores_before=hand.scores_before,
        scores_after=hand.scores_after, dealt=tuple(tuple(sorted(h)) for h in hand.dealt),
        left=tuple(tuple(sorted(h)) for h in hand.left), plays=play_rows(hand.moves),
        redeals=mine, source=hand,
    )


def _match(number: int, current: bool, draws: tuple[OpeningDraw, ...],
           finished: tuple[FinishedHand, ...], redeals: tuple[RedealRecord, ...],
           scores: tuple[int, int], winner: Team | None, named: NamedResult | None,
           players: tuple[str, str, str, str] | None = None) -> MatchLedger:
    return MatchLedger(number, current, draw_rows(draws),
                       tuple(hand_row(h, redeals) for h in finished), redeals, scores, winner, named, players)


def ledger_from_view(view: SpectatorView, *, seeded: bool = False,
                     seed: int | None = None) -> Ledger:
    """The whole ledger a seat (or spectator) may read: earlier matches, then the current one.

    ``seeded``/``seed`` come from the server's table info (D9): pass ``seed`` only
    for the player who set it. Raises nothing; a view with no finished hand yet
    gives a current match with no hand rows.
    """
    past = tuple(_match(m.number, False, m.draws, m.finished, m.redeals, m.scores,
                        m.winner, m.named, m.players) for m in view.past)
    now = _match(view.match, True, view.draws, view.finished, view.redeals, view.scores,
                 view.winner, view.named)
    return Ledger(past + (now,), seeded, seed if seeded else None)


def hand_script(hand: HandRow | FinishedHand) -> dict[str, Any]:
    """A finished hand as a hand script (docs/hand-script.md) that ``doublenine replay`` accepts.

    Delegates to :func:`doublenine.shared.handscript.script_from_finished` (the
    format's owner). Holds the 40 dealt tiles and the moves only: never the unused
    tiles (D9).
    """
    from .handscript import script_from_finished  # the format lives with its reader
    fh = hand.source if isinstance(hand, HandRow) else hand
    return dict(script_from_finished(fh))


def _tile(t: Tile) -> list[int]:
    return [t.low, t.high]


def _recorded(h: HandRow) -> dict[str, Any]:
    return {
        "result": h.result.value,
        "winner_team": h.winner.value if h.winner is not None else None,
        "points": h.points,
        "scores_after": {"A": h.scores_after[0], "B": h.scores_after[1]},
        "pip_totals": {str(s.value): h.pip_totals[s - 1] for s in SEATS},
    }


RECORD_KEYS = frozenset({
    "format", "version", "match", "seeded", "opening_draws", "redeals", "hands", "recorded",
    "scores", "match_winner", "named_result", "table", "players", "exported_utc",
})
"""Every top-level key of a match record (docs/match-record.md)."""


def match_record(match: MatchLedger, *, seeded: bool = False, code: str = "", table_name: str = "",
                 names: tuple[str, ...] = (), exported: float | None = None,
                 played_by: Any = None) -> dict[str, Any]:
    """A whole match as its public record (docs/match-record.md, D9), JSON-ready.

    Club s14 F9 (a record for a results sheet had no names, table or date): ``table`` holds the table's
    ``code`` and ``name`` (null when not known), ``players`` each seat's name (``names``, seats 1..4,
    "" or left out: null) and its team (R2), ``exported_utc`` the moment of the export (``exported``,
    Unix seconds; None: null) as ISO 8601 UTC.

    ``hands`` is the list of finished hands as hand scripts, so ``doublenine
    replay`` checks and prints each one; ``recorded`` is, in the same order, what
    the ledger recorded for each (result, winning team, points, scores after, pip
    totals). Also the opening draws and the redeal record (the demanding seat's
    doubles only). Never the unused tiles, the other tiles of a voided deal, nor
    the seed.

    ``played_by`` (session 16): a function of a :class:`HandRow` giving who played each seat in it
    (``{"1": [name or None, ...], ...}``, None for the computer), carried as each ``recorded`` item's
    ``played_by``; None: left out (every hand's players are then the ``players``).
    """
    recorded = [_recorded(h) for h in match.hands]
    if played_by is not None:
        for item, h in zip(recorded, match.hands):
            item["played_by"] = played_by(h)
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "match": match.number,
        "seeded": seeded,
        "opening_draws": [{"A": _tile(d.tile_a), "B": _tile(d.tile_b),
                           "winner_team": d.winner.value if d.winner else None}
                          for d in match.draws],
        "redeals": [{"hand": r.hand, "seat": int(r.seat), "doubles": [_tile(t) for t in r.doubles]}
                    for r in match.redeals],
        "hands": [hand_script(h) for h in match.hands],
        "recorded": recorded,
        "scores": {"A": match.scores[0], "B": match.scores[1]},
        "match_winner": match.winner.value if match.winner is not None else None,
        "named_result": match.named.value if match.named is not None else None,
        "table": {"code": code or None, "name": table_name or None},
        "players": {str(seat): {"name": (names[seat - 1] if seat <= len(names) else "") or None,
                                "team": "A" if seat in (1, 3) else "B"} for seat in (1, 2, 3, 4)},
        "exported_utc": None if exported is None else datetime.fromtimestamp(exported, timezone.utc).strftime(
            "%Y-%m-%dT%H:%M:%SZ"),
    }


def dumps(obj: dict[str, Any]) -> str:
    """Stable, readable JSON text of an export (sorted keys, two-space indent, UTF-8 kept)."""
    text = json.dumps(obj, indent=2, sort_keys=True, ensure_ascii=False)
    return _TILE_RE.sub(r"[\1, \2]", text) + "\n"  # a tile on one line: [a, b]


def is_match_record(obj: object) -> bool:
    """True when ``obj`` (parsed JSON) is a match record rather than a hand script."""
    return isinstance(obj, dict) and obj.get("format") == RECORD_FORMAT


__all__ = [
    "DrawRow", "PlayRow", "HandRow", "MatchLedger", "Ledger", "RECORD_FORMAT", "RECORD_VERSION",
    "RECORD_KEYS",
    "draw_rows", "play_rows", "hand_row", "ledger_from_view", "hand_script", "match_record",
    "dumps", "is_match_record",
]
