"""Engine values <-> wire values (docs/protocol.md), and folding updates into a view.

Server side: :func:`view_to_wire` (a Snapshot's ``view``), :func:`view_patch` (the
``patch`` of an Update), :func:`move_frame` (the small, shared Update of a play or
pass). Client side: :func:`view_from_wire` rebuilds the engine ``SeatView`` or
``SpectatorView`` from a Snapshot, :func:`advance` folds one Update into it, and
:func:`intent_for` turns an engine decision into the intent to send. Folding the
updates a connection receives gives exactly ``view_for(state, seat)`` (tested).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from typing import Any

from . import protocol as p
from .moves import Decision, DrawPick, End, Move, Nominate, Pass, Play, Review
from .seats import Seat, Team
from .state import FinishedHand, MatchRecord, NamedResult, OpeningDraw, Phase, Placed, RedealRecord, Result
from .tiles import Tile, mask_of
from .views import SeatView, SpectatorView
from .wire import APPENDABLE, IN_FRAME, NULLABLE

View = SeatView | SpectatorView


# ---------------------------------------------------------------- engine -> wire (plain values)

def tile_w(t: Tile) -> tuple[int, int]:
    """A tile as ``(low, high)``."""
    return (t.low, t.high)


def _tiles_w(tiles: Iterable[Tile]) -> tuple[tuple[int, int], ...]:
    return tuple((t.low, t.high) for t in sorted(tiles))


def decision_w(d: Decision) -> dict[str, Any]:
    """A decision as a ``DecisionW`` map."""
    if isinstance(d, Play):
        return {"kind": "play", "seat": int(d.seat), "tile": (d.tile.low, d.tile.high), "end": d.end.value}
    if isinstance(d, Pass):
        return {"kind": "pass", "seat": int(d.seat)}
    if isinstance(d, DrawPick):
        return {"kind": "draw", "seat": int(d.seat), "position": d.position}
    if isinstance(d, Nominate):
        return {"kind": "nominate", "seat": int(d.seat), "opener": int(d.opener)}
    if isinstance(d, Review):
        return {"kind": "review", "seat": int(d.seat), "demand_redeal": d.demand_redeal}
    raise TypeError(f"not a decision: {d!r}")


def _placed_w(x: Placed) -> dict[str, Any]:
    return {"tile": (x.tile.low, x.tile.high), "seat": int(x.seat), "end": x.end.value,
            "left": x.left, "right": x.right}


def _draw_w(d: OpeningDraw) -> dict[str, Any]:
    return {"tile_a": tile_w(d.tile_a), "tile_b": tile_w(d.tile_b)}


def _redeal_w(r: RedealRecord) -> dict[str, Any]:
    return {"match": r.match, "hand": r.hand, "seat": int(r.seat), "doubles": _tiles_w(r.doubles)}


def _finished_w(f: FinishedHand) -> dict[str, Any]:
    return {
        "match": f.match, "number": f.number, "opener": int(f.opener),
        "dealt": tuple(_tiles_w(h) for h in f.dealt), "left": tuple(_tiles_w(h) for h in f.left),
        "moves": tuple(decision_w(m) for m in f.moves), "line": tuple(_placed_w(x) for x in f.line),
        "result": f.result.value, "ender": None if f.ender is None else int(f.ender),
        "winner": _opt_value(f.winner), "points": f.points, "pip_totals": tuple(f.pip_totals),
        "scores_before": tuple(f.scores_before), "scores_after": tuple(f.scores_after),
        "entitled": f.entitled.value,
    }


PlayersOf = Callable[[int], tuple[str, str, str, str] | None]
"""The server's who-played-each-match lookup (match number -> ``MatchRecordW.players``), None: not known."""


def _record_w(m: MatchRecord, players: PlayersOf | None = None) -> dict[str, Any]:
    known = m.players if players is None else players(m.number) or m.players
    out = {"number": m.number, "scores": tuple(m.scores),
           "winner": _opt_value(m.winner), "named": _opt_value(m.named),
           "players": None if known is None else tuple(known)}
    out.update(_windowed("draws", m.draws, _draw_w))
    out.update(_windowed("redeals", m.redeals, _redeal_w))
    out.update(_windowed("finished", m.finished, _finished_w))
    return out


def _windowed(name: str, xs: tuple[Any, ...], conv: Callable[[Any], Any]) -> dict[str, Any]:
    """``name``: its newest ``IN_FRAME[name]`` entries converted, ``<name>_total``: its length
    (lists only play bounds, so a frame stays inside the clients' limits)."""
    return {name: tuple(conv(x) for x in xs[-IN_FRAME[name]:]), name + "_total": len(xs)}


def _opt_value(x: Any) -> Any:
    return None if x is None else x.value


def _opt_int(x: Any) -> int | None:
    return None if x is None else int(x)


def _list(conv: Callable[[Any], Any]) -> Callable[[tuple[Any, ...]], tuple[Any, ...]]:
    return lambda xs: tuple(conv(x) for x in xs)


_TO_WIRE: dict[str, Callable[[Any], Any]] = {
    "phase": lambda v: v.value, "match": int, "hand_number": int, "scores": tuple,
    "entitled": _opt_value, "opener": _opt_int, "turn": _opt_int, "counts": tuple,
    "line": _list(_placed_w), "ends": lambda v: None if v is None else tuple(v),
    "moves": _list(decision_w), "draw_taken": _list(lambda x: (int(x[0]), x[1])),
    "draws": _list(_draw_w), "redeals": _list(_redeal_w), "finished": _list(_finished_w),
    "winner": _opt_value, "named": _opt_value, "past": _list(_record_w),
}
_ITEM_TO_WIRE: dict[str, Callable[[Any], Any]] = {"draws": _draw_w, "redeals": _redeal_w,
                                                  "finished": _finished_w}
PUBLIC_FIELDS: tuple[str, ...] = tuple(_TO_WIRE)
"""The view fields every connection at a table shares (R21 minus any hand)."""


def view_to_wire(view: View, past: int | None = None, players: PlayersOf | None = None) -> dict[str, Any]:
    """A view as a ``ViewW`` map (R21/D8: exactly what ``view`` holds, nothing more);
    ``past``: only that many of the latest earlier matches (the rest are never converted); ``players``: who
    played each earlier match (the server's table knows, the log does not; public, as its results)."""
    out = {name: conv(getattr(view, name)) for name, conv in _TO_WIRE.items()
           if name != "past" and name not in IN_FRAME}
    for name in IN_FRAME:
        out.update(_windowed(name, getattr(view, name), _ITEM_TO_WIRE[name]))
    recent = view.past if past is None else view.past[-past:] if past > 0 else ()
    out["past"] = tuple(_record_w(m, players) for m in recent)
    if isinstance(view, SeatView):
        out.update(viewer=int(view.viewer), hand=_tiles_w(view.hand), answered=view.answered)
    else:
        out.update(viewer=None, hand=(), answered=False)
    return out


def view_patch(old: View, new: View, players: PlayersOf | None = None) -> dict[str, Any]:
    """The ``ViewPatch`` map that turns ``old`` into ``new`` (same viewer); ``{}`` if equal; ``players`` as
    :func:`view_to_wire`'s, for a ``past_add``."""
    out: dict[str, Any] = {}
    clear: list[str] = []
    for name, conv in _TO_WIRE.items():
        o, n = getattr(old, name), getattr(new, name)
        if o is n or o == n:
            continue
        if n is None and name in NULLABLE:
            clear.append(name)
        elif name == "past":  # only grows: an undo stays within a match, and what the server forgot
            last = o[-1].number if o else 0  # (it keeps the last 2) stays with the clients that saw it
            added = tuple(m for m in n if m.number > last)
            if added:
                out["past_add"] = tuple(_record_w(m, players) for m in added)
        elif name in IN_FRAME:
            out.update(_windowed_patch(name, o, n))
        elif name in APPENDABLE and len(n) > len(o) and n[:len(o)] == o:
            out[name + "_add"] = conv(n[len(o):])
        else:
            out[name] = conv(n)
    if clear:
        out["clear"] = tuple(clear)
    if isinstance(old, SeatView) and isinstance(new, SeatView):
        if old.hand != new.hand:
            out["hand"] = _tiles_w(new.hand)
        if old.answered != new.answered:
            out["answered"] = new.answered
    return out


def _windowed_patch(name: str, old: tuple[Any, ...], new: tuple[Any, ...]) -> dict[str, Any]:
    """A changed windowed list: ``<name>_add`` when it only grew by at most its window,
    else its window as a replacement; with ``<name>_total`` always."""
    conv = _ITEM_TO_WIRE[name]
    if len(old) < len(new) <= len(old) + IN_FRAME[name] and new[:len(old)] == old:
        return {name + "_add": tuple(conv(x) for x in new[len(old):]), name + "_total": len(new)}
    return _windowed(name, new, conv)


def move_frame(seq: int, move: Play | Pass) -> bytes:
    """The one Update frame of a play or pass that leaves the hand running: the same
    bytes go to every seat and spectator (public, R21)."""
    return p.pack({"type": "update", "seq": seq, "move": decision_w(move)})


def patch_frame(seq: int, patch: dict[str, Any], cause: str | None = None) -> bytes:
    """An Update frame carrying ``patch``; ``cause`` names the undo, redo, restart or new
    match that made it (R27, R28), so a client can tell a redo from the action it restores."""
    if cause is None:
        return p.pack({"type": "update", "seq": seq, "patch": patch})
    return p.pack({"type": "update", "seq": seq, "patch": patch, "cause": cause})


# ---------------------------------------------------------------- wire -> engine

def tile_from(w: Any) -> Tile:
    """``(a, b)`` -> the interned tile; ``ValueError`` if not a double-nine tile."""
    return Tile(w[0], w[1])


def decision_from(w: Any) -> Decision:
    """A ``DecisionW`` (model) -> engine decision."""
    seat = Seat(w.seat)
    kind = w.kind
    if kind == "play":
        return Play(seat, tile_from(w.tile), End(w.end))
    if kind == "pass":
        return Pass(seat)
    if kind == "draw":
        return DrawPick(seat, int(w.position))
    if kind == "nominate":
        return Nominate(seat, Seat(w.opener))
    return Review(seat, bool(w.demand_redeal))


def _move_from(w: Any) -> Move:
    d = decision_from(w)
    if not isinstance(d, (Play, Pass)):
        raise ValueError(f"not a play or pass: {w!r}")
    return d


def _placed_from(w: Any) -> Placed:
    return Placed(tile_from(w.tile), Seat(w.seat), End(w.end), w.left, w.right)


def _hand_from(w: Any) -> frozenset[Tile]:
    return frozenset(tile_from(t) for t in w)


def _four_masks(w: Any) -> tuple[int, int, int, int]:
    return (mask_of(_hand_from(w[0])), mask_of(_hand_from(w[1])), mask_of(_hand_from(w[2])),
            mask_of(_hand_from(w[3])))


def _draw_from(w: Any) -> OpeningDraw:
    return OpeningDraw(tile_from(w.tile_a), tile_from(w.tile_b))


def _redeal_from(w: Any) -> RedealRecord:
    return RedealRecord(w.match, w.hand, Seat(w.seat), tuple(tile_from(t) for t in w.doubles))


def _finished_from(w: Any) -> FinishedHand:
    return FinishedHand(
        match=w.match, number=w.number, opener=Seat(w.opener),
        dealt_masks=_four_masks(w.dealt), left_masks=_four_masks(w.left),
        moves=tuple(_move_from(m) for m in w.moves),
        line=tuple(_placed_from(x) for x in w.line), result=Result(w.result),
        ender=None if w.ender is None else Seat(w.ender),
        winner=None if w.winner is None else Team(w.winner), points=w.points,
        pip_totals=tuple(w.pip_totals), scores_before=tuple(w.scores_before),
        scores_after=tuple(w.scores_after), entitled=Team(w.entitled),
    )


def _record_from(w: Any) -> MatchRecord:
    return MatchRecord(w.number, tuple(_draw_from(d) for d in w.draws),
                       tuple(_redeal_from(r) for r in w.redeals),
                       tuple(_finished_from(f) for f in w.finished), tuple(w.scores),
                       None if w.winner is None else Team(w.winner),
                       None if w.named is None else NamedResult(w.named),
                       None if w.players is None else tuple(w.players))


def record_to_wire(m: MatchRecord) -> dict[str, Any]:
    """A finished match (:class:`~.state.MatchRecord`) as a ``MatchRecordW`` map, its lists windowed as
    in a frame (:data:`~.wire.IN_FRAME`): what a client keeps of a match it played (R22: public only)."""
    return _record_w(m)


def record_from_wire(w: Any) -> MatchRecord:
    """The :class:`~.state.MatchRecord` of a validated ``MatchRecordW`` (the inverse of :func:`record_to_wire`)."""
    return _record_from(w)


def _opt(conv: Callable[[Any], Any]) -> Callable[[Any], Any]:
    return lambda v: None if v is None else conv(v)


def _tuple_from(conv: Callable[[Any], Any]) -> Callable[[Any], tuple[Any, ...]]:
    return lambda xs: tuple(conv(x) for x in xs)


_FROM_WIRE: dict[str, Callable[[Any], Any]] = {
    "phase": Phase, "match": int, "hand_number": int, "scores": tuple,
    "entitled": _opt(Team), "opener": _opt(Seat), "turn": _opt(Seat), "counts": tuple,
    "line": _tuple_from(_placed_from), "ends": _opt(tuple),
    "moves": _tuple_from(decision_from), "draw_taken": _tuple_from(lambda x: (Seat(x[0]), x[1])),
    "draws": _tuple_from(_draw_from), "redeals": _tuple_from(_redeal_from),
    "finished": _tuple_from(_finished_from), "winner": _opt(Team), "named": _opt(NamedResult),
    "past": _tuple_from(_record_from),
}


def view_from_wire(snapshot: Any) -> View:
    """Rebuild the engine view from a :class:`~.protocol.Snapshot` (or its ``ViewW``)."""
    w = snapshot.view if isinstance(snapshot, p.Snapshot) else snapshot
    fields = {name: conv(getattr(w, name)) for name, conv in _FROM_WIRE.items()}
    if w.viewer is None:
        return SpectatorView(**fields)
    return SeatView(**fields, viewer=Seat(w.viewer), hand=_hand_from(w.hand), answered=w.answered)


def advance(view: View, update: Any) -> View:
    """Fold one :class:`~.protocol.Update` into ``view`` (pure; returns a new view)."""
    if update.move is not None:
        return _fold_move(view, decision_from(update.move))
    patch = update.patch
    if patch is None:
        return view
    changes: dict[str, Any] = {}
    for name in patch.model_fields_set:
        value = getattr(patch, name)
        if name == "clear" or value is None:
            continue
        if name.endswith("_add"):
            base = name[:-4]
            changes[base] = changes.get(base, getattr(view, base)) + _FROM_WIRE[base](value)
        elif name == "hand":
            changes["hand"] = _hand_from(value)
        elif name == "answered":
            changes["answered"] = bool(value)
        elif name in _FROM_WIRE:
            changes[name] = _FROM_WIRE[name](value)
    for name in patch.clear:
        changes[name] = None
    if not isinstance(view, SeatView):
        changes.pop("hand", None)
        changes.pop("answered", None)
    return dataclasses.replace(view, **changes)


def _fold_move(view: View, move: Decision) -> View:
    """R14/R15: lay a tile or pass, as ``rules.apply`` does, on the public fields."""
    seat = move.seat
    counts = list(view.counts)
    changes: dict[str, Any] = {"turn": seat.next, "moves": view.moves + (move,)}
    if isinstance(move, Play):
        t, ends = move.tile, view.ends
        if ends is None:
            a, b = (t.low, t.high) if move.end is End.LEFT else (t.high, t.low)
            placed, ends = Placed(t, seat, move.end, a, b), (a, b)
        elif move.end is End.LEFT:
            other = t.other_end(ends[0])
            placed, ends = Placed(t, seat, move.end, other, ends[0]), (other, ends[1])
        else:
            other = t.other_end(ends[1])
            placed, ends = Placed(t, seat, move.end, ends[1], other), (ends[0], other)
        counts[seat - 1] -= 1
        changes.update(line=view.line + (placed,), ends=ends, counts=tuple(counts))
        if isinstance(view, SeatView) and view.viewer == seat:
            changes["hand"] = view.hand - {t}
    return dataclasses.replace(view, **changes)


# ---------------------------------------------------------------- intents

_INTENT_OF: dict[type, Callable[[Any], dict[str, Any]]] = {
    Play: lambda d: {"type": "play", "tile": tile_w(d.tile), "end": d.end.value},
    Pass: lambda d: {"type": "pass"},
    DrawPick: lambda d: {"type": "draw", "position": d.position},
    Nominate: lambda d: {"type": "nominate", "opener": int(d.opener)},
    Review: lambda d: {"type": "review", "demand_redeal": d.demand_redeal},
}


def intent_for(decision: Decision, expected_seq: int, intent_id: str | None = None) -> Any:
    """The intent model that asks the server for ``decision`` (the seat is the connection's)."""
    fields = _INTENT_OF[type(decision)](decision)
    fields["expected_seq"] = expected_seq
    if intent_id is not None:
        fields["intent_id"] = intent_id
    return p.CLIENT_ADAPTER.validate_python(fields)


def decision_of_intent(intent: Any, seat: Seat) -> Decision | None:
    """The engine decision a play/pass/draw/nominate/review intent asks for (None for others)."""
    kind = intent.type
    if kind == "play":
        return Play(seat, tile_from(intent.tile), End(intent.end))
    if kind == "pass":
        return Pass(seat)
    if kind == "draw":
        return DrawPick(seat, intent.position)
    if kind == "nominate":
        return Nominate(seat, Seat(intent.opener))
    if kind == "review":
        return Review(seat, intent.demand_redeal)
    return None
