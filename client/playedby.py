"""Who played a seat's moves: the stretches of ``SeatW.played_by`` (session 16), read the same way by every
place of the window that names who played a tile or a hand (the hand end's result and rows, the ledger's
rows, the review, a match's export).

Kind fixed: a move named by whoever holds the seat now. A late arrival (R21/D8: he sits at the next deal)
was named for the computer's plays of the hand he watched, and after a person gave the seat up mid-hand
(``leave``) a later arrival made the whole hand, and every hand before, "the computer in his seat".

A seat's stretches are a tuple of ``(since, who)``, oldest first: ``since`` (match, hand, moves) as
``SeatW.played_by`` says it (from the move after the first ``moves`` of that hand on), ``who`` the person's
name as it was then, :data:`COMPUTER` ("") for the computer, or :data:`PRESENT` (None) for the person who
holds the seat now (named as the seat is named now, and "you" in their own window).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from doublenine.shared.i18n import N_

PRESENT = None
"""``who`` of a stretch played by the seat's present person."""
COMPUTER = ""
"""``who`` of a stretch played by the computer."""
END = 10**9
"""A move index past any hand's last (R9: at most 40 moves... far fewer): "at the hand's end"."""

Stretch = tuple[tuple[int, int, int], "str | None"]
Stretches = tuple[Stretch, ...]


def stretches(played_by: Sequence[Any], sat_after: tuple[int, int] | None) -> Stretches:
    """A seat's stretches from its ``SeatW``: ``played_by`` (the wire's ``PlayedW`` items, or (since, name)
    pairs), else, from a server before session 16 or a seat nothing changed at, ``sat_after`` (the
    computer until that hand, its present person after) or the present person all along. Stretches named
    like the last one, a person's, are that person's: :data:`PRESENT`."""
    items = [(tuple(int(x) for x in getattr(w, "since", w[0] if isinstance(w, tuple) else ())),
              str(getattr(w, "name", w[1] if isinstance(w, tuple) else ""))) for w in played_by]
    if not items:
        if sat_after is None:
            return (((0, 0, 0), PRESENT),)
        return (((0, 0, 0), COMPUTER), ((sat_after[0], sat_after[1] + 1, 0), PRESENT))
    last = items[-1][1]
    return tuple((since, PRESENT if last != COMPUTER and name == last else name)  # type: ignore[misc]
                 for since, name in items)


def who_moved(seat_stretches: Stretches, match: int, hand: int, index: int) -> str | None:
    """Who made move ``index`` (1-based, ``PlayRow.index``; :data:`END` for the hand's end, 0 for its review
    before the first move) of hand ``hand`` of match ``match`` at the seat: the last stretch begun before it,
    else the first kept (the earliest ones are dropped beyond 8)."""
    at = (match, hand, index)
    found = seat_stretches[0][1] if seat_stretches else PRESENT
    for since, who in seat_stretches:
        if since < at:
            found = who
    return found


def hand_players(seat_stretches: Stretches, seat: int, moves: Sequence[Any], match: int, hand: int) -> list[str | None]:
    """Who played ``seat`` in a hand whose ``moves`` (a ``FinishedHand``'s, each with a ``seat``) are given,
    each once, in order: the movers of the seat's own moves (or who held it at the hand's end, when it made
    none)."""
    out: list[str | None] = []
    for i, m in enumerate(moves, 1):
        if int(m.seat) == seat:
            who = who_moved(seat_stretches, match, hand, i)
            if who not in out:
                out.append(who)
    return out or [who_moved(seat_stretches, match, hand, END)]


def since_of(after: Sequence[int] | None) -> tuple[int, int, int] | None:
    """An undo limit as a stretch's start, (match, hand, moves): a pair (match, hand), ``SeatW.sat_after``'s
    form, is the next hand's start (the server's ``MatchLog.undo_target`` reads both)."""
    if after is None:
        return None
    return (int(after[0]), int(after[1]) + 1, 0) if len(after) == 2 else (int(after[0]), int(after[1]), int(after[2]))


def own_from(seat_stretches: Stretches) -> tuple[int, int, int] | None:
    """R27, D1: where the seat's present person began to play it: the start of their latest run of stretches
    (:data:`PRESENT`; the computer's within it stood in for them, D7), None from the match's start (the
    server's ``SeatSlot.own_from``): their undo goes back to a play from there on only."""
    start = None
    for since, who in reversed(seat_stretches):
        if who is PRESENT:
            start = since
        elif who != COMPUTER:
            break
    return None if start is None or start == (0, 0, 0) else start


def sat_before(seat_stretches: Stretches, match: int, hand: int) -> bool:
    """Whether the seat's present person had sat down before hand ``hand`` of match ``match`` ended: the hand
    was theirs (its review is "your decisions", its end may say "you"); False for a hand that ended before
    (rp5 s15: a late arrival's first hand is the next deal's)."""
    return any(who is PRESENT and since < (match, hand, END) for since, who in seat_stretches)


ROW_COMPUTER = N_("Computer ({name})")
"""The computer named in a row that names its seat otherwise (a hand end's row: its arrow and team; the
ledger's rows: the team's dot, in seat or play order), where "the computer in José's seat" was cut to "the
computer in…" at 800x600; ``name``: the seat's name (session 17: two seats of one team the computer played,
given up or handed over, both read "Computer" in every list; kind: two things of a list named alike)."""


def player_name(lang: str, seat: int, who: str | None, names: Sequence[str], short: bool = False) -> str:
    """``who`` (a stretch's) named in ``lang``: the seat's name now (``names``, by seat, as the server sent them:
    :func:`.seatnames.seat_name_in`) for :data:`PRESENT`, "the computer in {name}'s seat"
    (:data:`.store.STOOD_IN`; ``short``: :data:`ROW_COMPUTER`, "Computer (José)", in a row) for the computer, else that person's
    name as the window shows names."""
    from .seatnames import seat_name_in, window_seat_name
    from .store import STOOD_IN
    from .text import tr

    if who is PRESENT:
        return seat_name_in(lang, seat, names)
    if who == COMPUTER:
        return tr(lang, ROW_COMPUTER if short else STOOD_IN, name=seat_name_in(lang, seat, names))
    return window_seat_name(lang, seat, who, (n for i, n in enumerate(names[:4], start=1) if i != seat))


def players_name(lang: str, seat: int, players: Sequence[str | None], names: Sequence[str], short: bool = False) -> str:
    """:func:`player_name` of each of ``players`` (:func:`hand_players`), joined by " / " (as a match's
    result joins the persons who decided at a seat). In a row (``short``) beside a person who played the seat
    too the computer is "Computer" alone ("Bernd / Computer": the person tells the seat apart; "Bernd /
    Computer (Bernd)" was cut before its end in a hand end's row)."""
    from .text import tr
    if short and len(players) > 1:
        return " / ".join(tr(lang, ROW_COMPUTER_ALONE) if who == COMPUTER else player_name(lang, seat, who, names, short)
                          for who in players)
    return " / ".join(player_name(lang, seat, who, names, short) for who in players)


ROW_COMPUTER_ALONE = N_("Computer")
"""The computer in a row beside a person who played the seat in the same hand (:func:`players_name`)."""
