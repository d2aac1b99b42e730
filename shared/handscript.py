"""Hand scripts: one hand written as JSON, checked against the rules (docs/hand-script.md).

A hand script gives the four dealt hands, the opener, the scores before the
hand and the moves in order. :func:`check` parses it, builds the hand as the
engine would have dealt it (R9: the 15 tiles nobody holds are the unused ones)
and runs every move through :func:`doublenine.shared.rules.apply`, so a script
is refused exactly where the rules refuse a move. Everything here is pure: no
I/O; the command line lives in :mod:`doublenine.shared.handscript_cli`.

A *match record* is ``{"hands": [hand script, ...]}``; :func:`check_record`
checks each hand and that the hands chain (scores, entitlement R7, match end R19).
"""
from __future__ import annotations

import json
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import ErrorCode, RuleError
from .moves import End, Move, Pass, Play
from .rules import apply, initial_hand
from .seats import SEATS, Seat, Team
from .state import Deal, FinishedHand, MatchState, Phase, Placed
from .tiles import DOUBLE_NINE_SET, Tile, pip_total

HAND_SIZE = 10
"""R9: tiles dealt to each seat."""

_SCRIPT_KEYS = frozenset({"hands", "opener", "scores_before", "moves", "label", "review"})
_REQUIRED_KEYS = frozenset({"hands", "opener", "moves"})


class ScriptError(RuleError):
    """A refused hand script: ``code`` (stable), ``move_index`` (0-based, or None) and ``message``."""

    def __init__(self, code: ErrorCode, message: str, move_index: int | None = None,
                 hand_index: int | None = None) -> None:
        super().__init__(code, message)
        self.move_index = move_index
        self.hand_index = hand_index
        """In a match record, the 0-based hand the error is in; None for a single hand."""

    def as_json(self) -> dict[str, Any]:
        """The ``{"error": {...}}`` object that ``doublenine replay`` prints."""
        body: dict[str, Any] = {"code": str(self.code), "move_index": self.move_index,
                                "message": self.message}
        if self.hand_index is not None:
            body["hand_index"] = self.hand_index
        return {"error": body}


@dataclass(frozen=True, slots=True)
class HandScript:
    """A parsed hand script: dealt hands (index seat-1), opener, scores (A, B) and moves."""

    hands: tuple[frozenset[Tile], frozenset[Tile], frozenset[Tile], frozenset[Tile]]
    opener: Seat
    scores_before: tuple[int, int]
    moves: tuple[Move, ...]


# ---------------------------------------------------------------- parsing

def loads(text: str | bytes) -> Any:
    """Parse JSON text; ``MALFORMED`` for anything that is not one JSON value.

    Duplicate object keys, NaN/Infinity and nesting too deep for the parser are
    refused too, so no input can raise anything but :class:`ScriptError`.
    """
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8-sig")
        return json.loads(text, object_pairs_hook=_no_duplicate_keys, parse_constant=_no_constant)
    except ScriptError:
        raise
    except (ValueError, RecursionError) as exc:  # JSONDecodeError and UnicodeError are ValueErrors
        raise ScriptError(ErrorCode.MALFORMED, f"not valid JSON: {exc}") from None


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ScriptError(ErrorCode.MALFORMED, f"key {key!r} appears twice in one object")
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    raise ScriptError(ErrorCode.MALFORMED, f"{name} is not allowed")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_tile(value: object, move_index: int | None = None) -> tuple[int, int]:
    """A tile written ``[a, b]``, as written: ``MALFORMED`` if not two integers, ``BAD_TILE`` if not R1."""
    if not isinstance(value, list) or len(value) != 2 or not all(_is_int(v) for v in value):
        raise ScriptError(ErrorCode.MALFORMED, f"a tile is a list of two integers, not {value!r}",
                          move_index)
    a, b = value
    if not (0 <= a <= 9 and 0 <= b <= 9):
        raise ScriptError(ErrorCode.BAD_TILE, f"[{a}, {b}] is not a double-nine tile (R1)", move_index)
    return a, b


def parse_seat(value: object, move_index: int | None = None) -> Seat:
    """A seat written as an integer: ``MALFORMED`` if not an integer, ``BAD_SEAT`` if not 1..4."""
    if not _is_int(value):
        raise ScriptError(ErrorCode.MALFORMED, f"a seat is an integer 1..4, not {value!r}", move_index)
    assert isinstance(value, int)
    if not 1 <= value <= 4:
        raise ScriptError(ErrorCode.BAD_SEAT, f"seat {value} is not 1..4 (R2)", move_index)
    return Seat(value)


def parse_hands(value: object) -> tuple[frozenset[Tile], frozenset[Tile], frozenset[Tile], frozenset[Tile]]:
    """``{"1": [...], ..., "4": [...]}``: four hands of ten distinct tiles (R1, R9)."""
    if not isinstance(value, dict):
        raise ScriptError(ErrorCode.MALFORMED, '"hands" must be an object with keys "1".."4"')
    for key in value:
        if key not in ("1", "2", "3", "4"):
            raise ScriptError(ErrorCode.BAD_SEAT, f'"hands" key {key!r} is not a seat "1".."4"')
    lists: list[list[Tile]] = []
    for seat in SEATS:
        tiles = value.get(str(int(seat)))
        if not isinstance(tiles, list):
            raise ScriptError(ErrorCode.MALFORMED, f'"hands" needs a list of tiles for seat {int(seat)}')
        lists.append([Tile(*parse_tile(t)) for t in tiles])
    seen: set[Tile] = set()
    for tiles in lists:
        for t in tiles:
            if t in seen:
                raise ScriptError(ErrorCode.DUPLICATE_TILE, f"{t} is dealt twice (R1: each tile once)")
            seen.add(t)
    for seat, tiles in zip(SEATS, lists):
        if len(tiles) != HAND_SIZE:
            raise ScriptError(ErrorCode.WRONG_COUNT,
                              f"seat {int(seat)} holds {len(tiles)} tiles, not {HAND_SIZE} (R9)")
    return tuple(frozenset(t) for t in lists)  # type: ignore[return-value]


def parse_scores(value: object) -> tuple[int, int]:
    """``{"A": int, "B": int}``, each 0..99 (R19: at 100 the match would be over)."""
    if not isinstance(value, dict) or set(value) != {"A", "B"}:
        raise ScriptError(ErrorCode.MALFORMED, '"scores_before" must be {"A": int, "B": int}')
    a, b = value["A"], value["B"]
    if not (_is_int(a) and _is_int(b) and 0 <= a < 100 and 0 <= b < 100):
        raise ScriptError(ErrorCode.MALFORMED, '"scores_before" values must be integers 0..99 (R19)')
    return a, b


def parse_move(value: object, index: int, first_play: bool) -> Move:
    """One move: ``{"seat", "play": tile, "end"}`` or ``{"seat", "pass": true}``.

    The first play lies as written (R14): ``[a, b]`` puts ``a`` at the left open
    end; its ``"end"`` is optional and ignored. A later play needs ``"end"``.
    """
    if not isinstance(value, dict):
        raise ScriptError(ErrorCode.MALFORMED, "a move is an object", index)
    keys = set(value)
    if keys == {"seat", "pass"}:
        if value["pass"] is not True:
            raise ScriptError(ErrorCode.MALFORMED, '"pass" must be true', index)
        return Pass(parse_seat(value["seat"], index))
    if keys not in ({"seat", "play"}, {"seat", "play", "end"}):
        raise ScriptError(ErrorCode.MALFORMED,
                          'a move has "seat" and either "play" (with "end") or "pass"', index)
    seat = parse_seat(value["seat"], index)
    a, b = parse_tile(value["play"], index)
    end = value.get("end")
    if end is not None or not first_play:
        if end not in ("left", "right"):
            raise ScriptError(ErrorCode.MALFORMED, '"end" must be "left" or "right"', index)
    if first_play:  # R14: the lead lies as written; LEFT lays (low, high), RIGHT (high, low)
        return Play(seat, Tile(a, b), End.LEFT if a <= b else End.RIGHT)
    return Play(seat, Tile(a, b), End(end))


def parse(data: object) -> HandScript:
    """Check the shape and values of a decoded hand script; raises :class:`ScriptError`."""
    if not isinstance(data, dict):
        raise ScriptError(ErrorCode.MALFORMED, "a hand script is a JSON object")
    missing = _REQUIRED_KEYS - set(data)
    extra = set(data) - _SCRIPT_KEYS
    if missing or extra:
        raise ScriptError(ErrorCode.MALFORMED,
                          f"missing keys {sorted(missing)}, unknown keys {sorted(extra)}")
    if "label" in data and not isinstance(data["label"], str):
        raise ScriptError(ErrorCode.MALFORMED, '"label" must be a string')
    if "review" in data and not isinstance(data["review"], dict):
        raise ScriptError(ErrorCode.MALFORMED, '"review" must be an object')
    hands = parse_hands(data["hands"])
    opener = parse_seat(data["opener"])
    scores = parse_scores(data.get("scores_before", {"A": 0, "B": 0}))
    raw_moves = data["moves"]
    if not isinstance(raw_moves, list):
        raise ScriptError(ErrorCode.MALFORMED, '"moves" must be a list')
    moves: list[Move] = []
    led = False
    for i, m in enumerate(raw_moves):
        move = parse_move(m, i, first_play=not led)
        led = led or isinstance(move, Play)
        moves.append(move)
    return HandScript(hands, opener, scores, tuple(moves))


# ---------------------------------------------------------------- running

def deal_order(hands: tuple[frozenset[Tile], ...]) -> tuple[int, ...]:
    """R9: a shuffle order (55 tile indices) that deals ``hands`` to seats 1-4; the rest unused."""
    order = [t.index for h in hands for t in sorted(h)]
    taken = set(order)
    return tuple(order + [t.index for t in DOUBLE_NINE_SET if t.index not in taken])


def start_state(script: HandScript) -> MatchState:
    """The match at the lead of the scripted hand: PLAY phase, hand 1, all four accepted (R10)."""
    deal = Deal.from_order(deal_order(script.hands))
    return MatchState(
        phase=Phase.PLAY, scores=script.scores_before, entitled=script.opener.team,
        opener=script.opener, hand_number=1, deal=deal, answered=frozenset(SEATS),
        hand=initial_hand(deal, script.opener),
    )


def run(script: HandScript) -> MatchState:
    """Apply every move in order (R14-R20); the first refusal raises :class:`ScriptError`.

    A move after the hand ended is ``HAND_OVER`` (R16, R17), whatever it is.
    """
    state = start_state(script)
    for i, move in enumerate(script.moves):
        if state.phase is not Phase.PLAY:
            raise ScriptError(ErrorCode.HAND_OVER, "the hand has already ended (R16, R17)", i)
        try:
            state = apply(state, move)
        except RuleError as exc:
            raise ScriptError(exc.code, exc.message, i) from None
    return state


def spatial_line(line: tuple[Placed, ...]) -> list[Placed]:
    """The line of play in play order -> left to right on the table (R15)."""
    out: deque[Placed] = deque()
    for i, p in enumerate(line):
        if i and p.end is End.LEFT:
            out.appendleft(p)
        else:
            out.append(p)
    return list(out)


def result_of(script: HandScript, state: MatchState) -> dict[str, Any]:
    """The result object of a run (docs/hand-script.md "Output")."""
    h = state.hand
    assert h is not None
    done: FinishedHand | None = state.finished[-1] if state.finished else None
    next_team: Team | None = None
    if done is not None and state.phase is Phase.NOMINATE:
        next_team = state.entitled  # R7
    scores = done.scores_after if done is not None else script.scores_before
    return {
        "result": done.result.value if done is not None else "unfinished",
        "winner_team": done.winner.value if done is not None and done.winner is not None else None,
        "points": done.points if done is not None else 0,
        "scores_after": {"A": scores[0], "B": scores[1]},
        "pip_totals": {str(int(s)): pip_total(h.hands[s - 1]) for s in SEATS},
        "line": [[p.left, p.right] for p in spatial_line(h.line)],
        "ends": list(h.ends) if h.ends is not None else None,
        "next_entitled_team": next_team.value if next_team is not None else None,
        "match_winner": state.winner.value if state.winner is not None else None,
        "named_result": state.named.value if state.named is not None else None,
    }


def check(data: object) -> dict[str, Any]:
    """Parse, run and report a decoded hand script; raises :class:`ScriptError`."""
    script = parse(data)
    return result_of(script, run(script))


def check_text(text: str | bytes) -> dict[str, Any]:
    """:func:`check_document` on JSON text: the object ``doublenine replay`` prints.

    Never raises: a refusal comes back as ``{"error": {...}}``.
    """
    try:
        return check_document(loads(text))
    except ScriptError as exc:
        return exc.as_json()


def check_document(data: object) -> dict[str, Any]:
    """A hand script (``"hands"`` an object) or a match record (``"hands"`` a list)."""
    if isinstance(data, dict) and isinstance(data.get("hands"), list):
        return check_record(data)
    return check(data)


# ---------------------------------------------------------------- export

def script_from_finished(finished: FinishedHand,
                         scores_before: tuple[int, int] | None = None) -> dict[str, Any]:
    """Export a ledger hand (R22) as a hand script that :func:`check` replays to the same result.

    Carries only what the ledger shows (D9): the four dealt hands and the moves,
    never the unused tiles. ``scores_before`` defaults to the hand's own.
    """
    a, b = finished.scores_before if scores_before is None else scores_before
    moves: list[dict[str, Any]] = []
    for i, m in enumerate(finished.moves):
        if isinstance(m, Pass):
            moves.append({"seat": int(m.seat), "pass": True})
        elif i == 0:  # R14: the lead (never a pass), written as it lies
            lead = finished.line[0]
            moves.append({"seat": int(m.seat), "play": [lead.left, lead.right]})
        else:
            moves.append({"seat": int(m.seat), "play": [m.tile.low, m.tile.high], "end": m.end.value})
    return {
        "label": f"match {finished.match}, hand {finished.number}",
        "hands": {str(int(s)): [[t.low, t.high] for t in sorted(finished.dealt[s - 1])] for s in SEATS},
        "opener": int(finished.opener),
        "scores_before": {"A": a, "B": b},
        "moves": moves,
    }


def record_from_finished(finished: tuple[FinishedHand, ...]) -> dict[str, Any]:
    """Export a match's ledger (its finished hands, in order) as a match record (D9)."""
    return {"hands": [script_from_finished(done) for done in finished]}


# ---------------------------------------------------------------- match records

RECORD_FORMAT = "doublenine-match-record"
"""The ``format`` tag a match record may carry (docs/match-record.md); others are refused."""
RECORD_VERSION = 1
"""The match-record version this reader understands."""

_RECORD_KEYS = frozenset({
    "hands", "format", "version", "match", "seeded", "opening_draws", "redeals", "recorded",
    "scores", "match_winner", "named_result", "table", "players", "exported_utc",
})
"""Keys of a match record: ``hands`` is checked; the public rest of a ledger export
(docs/match-record.md, doublenine.shared.ledger.match_record) rides along unchecked."""


def check_record(data: Mapping[str, Any]) -> dict[str, Any]:
    """``{"hands": [script, ...]}``: each hand's result, checking the hands chain.

    An empty list is a match exported before its first hand finished: ``{"hands": []}``.

    Hand k+1 must start from hand k's ``scores_after`` (R19), be opened by the
    team entitled after hand k (R7), and follow only a finished hand that did
    not end the match. Errors name the hand in ``"hand_index"`` (0-based).
    """
    if "hands" not in data or not set(data) <= _RECORD_KEYS or not isinstance(data["hands"], list):
        raise ScriptError(ErrorCode.MALFORMED, 'a match record is {"hands": [hand script, ...]}')
    if data.get("format", RECORD_FORMAT) != RECORD_FORMAT or data.get("version", RECORD_VERSION) != RECORD_VERSION:
        raise ScriptError(ErrorCode.MALFORMED,
                          f'this reads match records with "format": "{RECORD_FORMAT}", "version": {RECORD_VERSION}')
    results: list[dict[str, Any]] = []
    for k, item in enumerate(data["hands"]):
        try:
            script = parse(item)
            if results:
                _check_chain(results[-1], script)
            results.append(result_of(script, run(script)))
        except ScriptError as exc:
            raise ScriptError(exc.code, exc.message, exc.move_index, k) from None
    return {"hands": results}


def _check_chain(prev: dict[str, Any], script: HandScript) -> None:
    if prev["result"] == "unfinished" or prev["match_winner"] is not None:
        raise ScriptError(ErrorCode.HAND_OVER, "the previous hand did not lead to another hand")
    a, b = prev["scores_after"]["A"], prev["scores_after"]["B"]
    if script.scores_before != (a, b):
        raise ScriptError(ErrorCode.MALFORMED,
                          f"scores_before must be the previous scores_after {{A: {a}, B: {b}}} (R19)")
    if script.opener.team.value != prev["next_entitled_team"]:
        raise ScriptError(ErrorCode.BAD_OPENER,
                          f"team {prev['next_entitled_team']} is entitled to open (R7)")
