"""The stored table record (``TableMeta.record``) read back within its bounds (``codec.RECORD_LIMITS``).

s15 note: the record held 16 top-level fields and was read with the events' bound of 16 entries a map,
so a newer version adding a 17th field would have left its tables unread by this one during a rolling
upgrade. Now a record is read with room for 64 fields a map, and fields it does not know are ignored.
"""
from __future__ import annotations

import msgpack  # type: ignore[import-untyped]
import pytest

from doublenine.server.seating import SeatSlot, TableMeta
from doublenine.shared.codec import RECORD_LIMITS, CodecError, decode_meta, encode_meta
from doublenine.shared.seats import SEATS, Seat


def _meta() -> TableMeta:
    """A table as big as records get: every seat a named person, with claims and a late arrival."""
    slots = {s: SeatSlot(s, "human", None, f"Ñandú Ålesund Łódź {s}", "ab" * 32, False, sat_after=(3, 7),
                         deciders=("Ana", "Bernd", "Chloé", "Duarte"), next_name="Zoë", claims=2**30,
                         claim_held=2**30, window_from=2**30 - 5) for s in SEATS}
    return TableMeta("ABCDE", 2**62, True, "pt-BR", Seat(1), slots, True, 1.7e9, "cd" * 32, "phrases_in_hand",
                     True, True, "0" * 32, "f" * 32, "Club Night Table One")


def test_a_record_with_a_newer_versions_fields_is_read_and_they_are_ignored() -> None:
    meta = _meta()
    record = meta.record()
    # s16: played_by; F4: decided_hands, decided_last; s17: ids_from, nudges, given_up, decided_program (league s17
    # F6) (a seat's map beyond 16: releases before s16 cannot read it, docs/operations.md "upgrade ... through" a s16 release)
    assert (len(record), len(record["seats"][0])) == (16, 20)
    newer = {**record, **{f"added{i}": [i, "x" * 40] for i in range(40)},
             "seats": [{**seat, **{f"added{i}": i for i in range(40)}} for seat in record["seats"]]}
    payload = encode_meta(newer)
    assert len(payload) <= RECORD_LIMITS.max_bytes
    # read as the same record without them (a read adds the claim gap: CLAIM_GAP, s15)
    assert TableMeta.from_record(decode_meta(payload)).record() == \
        TableMeta.from_record(decode_meta(encode_meta(record))).record()
    assert TableMeta.from_record(decode_meta(payload)).slots[Seat(2)].name == "Ñandú Ålesund Łódź 2"


def test_a_record_beyond_its_bounds_is_refused() -> None:
    record = _meta().record()
    assert len(encode_meta(record)) < RECORD_LIMITS.max_bytes // 8  # far within: room to grow
    with pytest.raises(CodecError, match="exceeds max_map_len"):
        decode_meta(encode_meta({**record, **{f"added{i}": i for i in range(RECORD_LIMITS.max_map)}}))
    with pytest.raises(CodecError):
        decode_meta(msgpack.packb({**record, "added": "x" * RECORD_LIMITS.max_bytes}))
