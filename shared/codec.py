"""Match-log events <-> bytes, for storage (issue 7; DESIGN "Event-sourced match log").

A stored row is ``(seq, payload)``; the payload is one msgpack map holding the
event's ``at`` and body (its ``seq`` is the row's key, passed back to
:func:`decode_event`). Shuffles are stored as 55 bytes (the order of tile
indices); they are hidden information and never leave the server (R9, D9).
This format is stored on disk: never change a tag's meaning, only add tags.
"""
from __future__ import annotations

from typing import Any

import msgpack  # type: ignore[import-untyped]

from .events import Body, Decided, Event, MatchStarted, Redone, Restarted, Shuffled, Undone, decided
from .moves import Decision, DrawPick, End, Nominate, Pass, Play, Review
from .seats import Seat
from .frames import FrameError, FrameLimits, read_frame
from .tiles import DOUBLE_NINE_SET

STORED_LIMITS = FrameLimits(max_bytes=8192, max_depth=4, max_array=64, max_map=16, max_str=1024, max_bin=64)
"""Bounds of one stored payload (issue 16.1: another process may write the same store, so
rows are read like frames from outside). An event is at most 2 levels deep (a decision
list, an intent tag) with a 55-byte shuffle; a table record 3 (its seats): far within."""


RECORD_LIMITS = FrameLimits(max_bytes=16384, max_depth=4, max_array=64, max_map=64, max_str=1024, max_bin=64)
"""Bounds of one stored table record (:func:`decode_meta`): as :data:`STORED_LIMITS` with room to
grow. The record held 16 top-level fields, exactly the events' map bound, so a 17th field added by a
newer version would have left the table unread by this one during a rolling upgrade (s15 note):
a record of up to 64 fields a map (its seats' maps included) and 16 KiB is read, its unknown fields
ignored (``TableMeta.from_record``). A record at the s15 size is at most about 1.4 KiB, 16 fields and
13 a seat (tests/server/test_stored_record.py)."""


def _read(payload: bytes, limits: FrameLimits = STORED_LIMITS) -> Any:
    try:
        return read_frame(payload, limits)
    except FrameError as exc:
        raise CodecError(exc.detail) from None


class CodecError(ValueError):
    """A stored payload that is not a valid event."""


def _decision(d: Decision) -> list[Any]:
    if isinstance(d, Play):
        return ["play", int(d.seat), d.tile.index, d.end.value]
    if isinstance(d, Pass):
        return ["pass", int(d.seat)]
    if isinstance(d, DrawPick):
        return ["draw", int(d.seat), d.position]
    if isinstance(d, Nominate):
        return ["nominate", int(d.seat), int(d.opener)]
    if isinstance(d, Review):
        return ["review", int(d.seat), bool(d.demand_redeal)]
    raise TypeError(f"not a decision: {d!r}")


def _decision_from(x: list[Any]) -> Decision:
    kind, seat = x[0], Seat(x[1])
    if kind == "play":
        return Play(seat, DOUBLE_NINE_SET[x[2]], End(x[3]))
    if kind == "pass":
        return Pass(seat)
    if kind == "draw":
        return DrawPick(seat, int(x[2]))
    if kind == "nominate":
        return Nominate(seat, Seat(x[2]))
    if kind == "review":
        return Review(seat, bool(x[2]))
    raise CodecError(f"unknown decision kind {kind!r}")


def _body(body: Body) -> dict[str, Any]:
    if isinstance(body, Decided):
        return {"k": "d", "d": _decision(body.decision)}
    if isinstance(body, Shuffled):
        return {"k": "s", "o": body.packed}
    if isinstance(body, Undone):
        return {"k": "u", "s": int(body.seat), "to": body.to_seq}
    if isinstance(body, Redone):
        return {"k": "r", "s": None if body.seat is None else int(body.seat)}
    if isinstance(body, Restarted):
        return {"k": "x"}
    if isinstance(body, MatchStarted):
        return {"k": "m"}
    raise TypeError(f"not an event body: {body!r}")


def _body_from(m: dict[str, Any]) -> Body:
    k = m["k"]
    if k == "d":
        return decided(_decision_from(m["d"]))
    if k == "s":
        order = tuple(m["o"])
        if sorted(order) != list(range(len(DOUBLE_NINE_SET))):
            raise CodecError("a shuffle must be a permutation of 0..54")
        return Shuffled(order)
    if k == "u":
        return Undone(Seat(m["s"]), int(m["to"]))
    if k == "r":
        return Redone(None if m["s"] is None else Seat(m["s"]))
    if k == "x":
        return Restarted()
    if k == "m":
        return MatchStarted()
    raise CodecError(f"unknown event kind {k!r}")


def encode_event(event: Event, intent: tuple[int, str] | None = None) -> bytes:
    """The stored payload of ``event`` (without its seq, which is the row key).

    ``intent``: (seat, intent_id) of the client intent that appended it, kept under the
    tag ``"i"`` so duplicate detection survives a restart; readers that do not know the
    tag ignore it (older rows simply have none).
    """
    m = _body(event.body)
    m["at"] = float(event.at)
    if intent is not None:
        m["i"] = [int(intent[0]), str(intent[1])]
    return msgpack.packb(m, use_bin_type=True)  # type: ignore[no-any-return]


def decode_event(seq: int, payload: bytes) -> Event:
    """The event stored at row ``seq``; :class:`CodecError` if the payload is not one."""
    try:
        m = _read(payload)
        return Event(seq, float(m["at"]), _body_from(m))
    except CodecError:
        raise
    except Exception as exc:  # bad bytes raise msgpack's, KeyError, ValueError, TypeError...
        raise CodecError(f"row {seq}: not an event ({type(exc).__name__}: {exc})") from None


def event_rows(events: list[Event], intent: tuple[int, str] | None = None) -> list[tuple[int, bytes]]:
    """``(seq, payload)`` rows for :meth:`Store.append`; ``intent`` (seat, intent_id) is stored
    with the first event (the one the intent caused)."""
    return [(e.seq, encode_event(e, intent if i == 0 else None)) for i, e in enumerate(events)]


def row_intents(rows: tuple[tuple[int, bytes], ...] | list[tuple[int, bytes]]) -> list[tuple[int, int, str]]:
    """``(row seq, seat, intent_id)`` of every stored row that carries an intent, in order.

    Rows without one (older logs, computer moves, shuffles) are skipped; so is a malformed
    tag (it only ever feeds duplicate detection)."""
    found: list[tuple[int, int, str]] = []
    for seq, payload in rows:
        try:
            tag = _read(payload).get("i")
            if tag is not None:
                found.append((int(seq), int(tag[0]), str(tag[1])))
        except Exception:  # decode_event reports bad rows; this tag is best effort
            continue
    return found


def decode_rows(rows: tuple[tuple[int, bytes], ...] | list[tuple[int, bytes]]) -> list[Event]:
    """Events from stored rows, in order."""
    return [decode_event(seq, payload) for seq, payload in rows]


def encode_meta(meta: dict[str, Any]) -> bytes:
    """A table's creation record (plain msgpack map)."""
    return msgpack.packb(meta, use_bin_type=True)  # type: ignore[no-any-return]


def decode_meta(data: bytes) -> dict[str, Any]:
    """The creation record stored by :func:`encode_meta`, read within :data:`RECORD_LIMITS`;
    :class:`CodecError` if it is not one or beyond them."""
    m = _read(data, RECORD_LIMITS)
    if not isinstance(m, dict):
        raise CodecError("a table record is a msgpack map")
    return m


__all__ = ["CodecError", "encode_event", "decode_event", "event_rows", "decode_rows", "row_intents",
           "encode_meta", "decode_meta", "RECORD_LIMITS"]
