"""Per-player totals over a choice of finished matches (league s17 F7): what a league's organiser needs each week.

The results named each seat's persons in one string ("Bruno & José (1/6) / JOSÉ (3/6)"), so standings took a
spreadsheet, a split on " / ", the shares stripped, the computers dropped, and "José", "Jose" and "JOSÉ" were three
players although the server reads them as one name at a table (``names.name_key``: a join of "JOSÉ" beside a seated
"José" becomes "JOSÉ 2"). Here each finished match credits each person once (however many of its seats or spellings
they played under), by that same key: played, won, lost, points for and against (their team's final match points,
R18, and the other team's). A computer program's stand-in (``doublenine bot --name Ana``, "Ana (bot)", league s17 F6)
is not the member's match: counted apart (``by_bot``), so the organiser decides. A match cut before its end (no
winner) is not counted. Pure: no I/O.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from .names import name_key
from .storage.base import MatchResult

STANDING_FIELDS = ("player", "played", "won", "lost", "points_for", "points_against", "by_bot", "spellings")
"""The columns of ``doublenine results --players --csv`` and the keys of its JSON objects (docs/operations.md)."""


@dataclass(frozen=True, slots=True)
class Standing:
    """One person's totals (:func:`standings`)."""

    player: str
    """The spelling of their name used in most of the matches counted (the newest of equals)."""
    played: int
    won: int
    lost: int
    points_for: int
    """Their team's final match points summed over the matches played (R18)."""
    points_against: int
    """The other team's, summed likewise."""
    by_bot: int
    """Matches a computer program played for them (under their name, "Ana (bot)"), not counted above."""
    spellings: tuple[str, ...]
    """Every spelling read as this name (``names.name_key``), the most used first: "José", "Jose", "JOSÉ"."""

    def fields(self) -> dict[str, Any]:
        """As :data:`STANDING_FIELDS` (``spellings`` joined by " / ": a name holds no "/")."""
        return {"player": self.player, "played": self.played, "won": self.won, "lost": self.lost,
                "points_for": self.points_for, "points_against": self.points_against, "by_bot": self.by_bot,
                "spellings": " / ".join(self.spellings)}


def standings(results: list[MatchResult]) -> list[Standing]:
    """Per person named in the finished ``results`` (newest first, as the store gives them), their totals, the
    most won first (then the best points difference, then the most played, then the name). A person named
    at both teams of one match (a seat changed hands between two spellings of one key) counts for the team at
    which they decided in more hands."""
    played: dict[str, list[int]] = {}
    bots: Counter[str] = Counter()
    spelled: dict[str, Counter[str]] = {}
    first_seen: dict[str, dict[str, int]] = {}
    order = 0
    for r in results:
        if not r.finished:
            continue
        teams: dict[str, tuple[int, str]] = {}  # key -> (hands decided there, team)
        programs: set[str] = set()
        for seat in (1, 2, 3, 4):
            team = "A" if seat in (1, 3) else "B"
            for p in r.players(seat):
                key = name_key(p.name) or p.name
                order += 1
                first_seen.setdefault(key, {}).setdefault(p.name, order)
                if p.program:
                    programs.add(key)
                    continue
                spelled.setdefault(key, Counter())[p.name] += 1
                hands = p.of if p.hands is None else p.hands
                if key not in teams or hands > teams[key][0]:
                    teams[key] = (hands, team)
        for key in programs - set(teams):
            bots[key] += 1
        for key, (_, team) in teams.items():
            mine, theirs = (r.scores[0], r.scores[1]) if team == "A" else (r.scores[1], r.scores[0])
            row = played.setdefault(key, [0, 0, 0, 0, 0])
            row[0] += 1
            row[1 if r.winner == team else 2] += 1
            row[3] += mine
            row[4] += theirs
    out = []
    for key in set(played) | set(bots):
        names = spelled.get(key) or Counter({min(first_seen[key], key=first_seen[key].__getitem__): 0})
        ranked = sorted(names, key=lambda n: (-names[n], first_seen[key][n]))
        p, w, lost, pf, pa = played.get(key, [0, 0, 0, 0, 0])
        out.append(Standing(ranked[0], p, w, lost, pf, pa, bots[key], tuple(ranked)))
    return sorted(out, key=lambda s: (-s.won, -(s.points_for - s.points_against), -s.played, s.player.casefold()))


def standings_text(rows: list[Standing]) -> list[str]:
    """``doublenine results --players``: a header and one aligned line per person (operator text, English)."""
    from doublenine.shared.cleantext import for_terminal

    width = max([len("player")] + [len(for_terminal(s.player)) for s in rows])
    lines = [f"{'player':<{width}}  played  won  lost  points for  against  by bot  also"]
    for s in rows:
        also = ", ".join(for_terminal(n) for n in s.spellings[1:])
        lines.append(f"{for_terminal(s.player):<{width}}  {s.played:>6}  {s.won:>3}  {s.lost:>4}  {s.points_for:>10}  "
                     f"{s.points_against:>7}  {s.by_bot:>6}  {also}".rstrip())
    return lines


def standings_csv(rows: list[Standing]) -> str:
    """CSV of :data:`STANDING_FIELDS` (a name a spreadsheet would run as a formula written as text, as the results')."""
    import csv
    import io

    from .web.pages import _cell

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(STANDING_FIELDS)
    for s in rows:
        writer.writerow([_cell(v) for v in s.fields().values()])
    return out.getvalue()


def standings_json(rows: list[Standing]) -> str:
    """JSON: ``{"players": [{FIELD: value, ...}, ...]}`` (``spellings`` a list)."""
    import json

    return json.dumps({"players": [s.fields() | {"spellings": list(s.spellings)} for s in rows]},
                      ensure_ascii=False, indent=1) + "\n"


__all__ = ["STANDING_FIELDS", "Standing", "standings", "standings_csv", "standings_json", "standings_text"]
