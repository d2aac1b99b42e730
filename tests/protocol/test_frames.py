"""Issue 16.1: frames from outside are bounded before any work is done on them.

The limits of client frames are computed from the models (the widest encoding of the
largest legal frame); every frame beyond them, however it is built, is refused
``MALFORMED_FRAME`` without being parsed past its first excess.
"""
from __future__ import annotations

import struct
from typing import Any

import msgpack
import pytest

from doublenine.shared import protocol as p
from doublenine.shared.errors import ErrorCode
from doublenine.shared.frames import FrameLimits, limits_from_schema, read_frame

REPRODUCTION = bytes.fromhex("dcfde8") * 21835
"""Issue 16.1's frame: 65,505 bytes of array16 headers declaring 65,000 elements each."""
WIDE_CHAR = "\U0001d11e"  # four bytes in UTF-8


def wide_pack(value: Any) -> bytes:
    """msgpack with the widest legal encoding of every value (32-bit headers, 64-bit ints):
    msgpack readers accept it, so a client may send it."""
    if value is None:
        return b"\xc0"
    if isinstance(value, bool):
        return b"\xc3" if value else b"\xc2"
    if isinstance(value, int):
        return b"\xcf" + struct.pack(">Q", value) if value >= 0 else b"\xd3" + struct.pack(">q", value)
    if isinstance(value, str):
        raw = value.encode()
        return b"\xdb" + struct.pack(">I", len(raw)) + raw
    if isinstance(value, (list, tuple)):
        return b"\xdd" + struct.pack(">I", len(value)) + b"".join(wide_pack(v) for v in value)
    if isinstance(value, dict):
        return b"\xdf" + struct.pack(">I", len(value)) + b"".join(wide_pack(k) + wide_pack(v)
                                                                  for k, v in value.items())
    raise TypeError(value)


LARGEST = {"type": "create_table", "seats": [{"kind": "computer", "level": "heaviest", "name": WIDE_CHAR * 32}] * 4,
           "seed": 2**63 - 1, "language": "zho-Hant-TW-abcd", "sit": 4, "name": WIDE_CHAR * 32,
           "chat": "phrases_in_hand", "tracker": True, "public": True, "table_name": WIDE_CHAR * 32}
"""The largest legal ``create_table``: every optional field present, every string at its longest."""
LARGEST_CHAT = {"type": "chat", "text": WIDE_CHAR * 256, "intent_id": WIDE_CHAR * 64}
"""The largest legal client frame (s15: a chat line with its ``intent_id``)."""


def test_the_largest_legal_client_frame_is_the_computed_limit_and_is_accepted() -> None:
    frame = wide_pack(LARGEST)
    # the bound counts 4 bytes for each of the language's 16 characters; its pattern takes ASCII only
    assert len(frame) + 16 * 3 == 1275  # club s14: + table_name
    msg = p.decode_client(frame)
    assert isinstance(msg, p.CreateTable) and msg.seed == 2**63 - 1 and msg.name == WIDE_CHAR * 32
    chat = wide_pack(LARGEST_CHAT)  # s15: chat.intent_id made a chat line the largest client frame
    # the bound also counts a `phrase` beside the text (the schema's two optional fields; the model takes one)
    beside = len(wide_pack("phrase")) + len(wide_pack("well_played"))
    assert len(chat) + beside == p.LEGAL_CLIENT_FRAME.max_bytes == 1363
    said = p.decode_client(chat)
    assert isinstance(said, p.Chat) and said.text == WIDE_CHAR * 256 and said.intent_id == WIDE_CHAR * 64


def test_client_limits_are_the_models_maxima() -> None:
    legal = p.LEGAL_CLIENT_FRAME
    # create_table > seats > seat spec; 4 seats; create_table's 10 fields; a chat text of 256 characters
    assert (legal.max_depth, legal.max_array, legal.max_map, legal.max_str, legal.max_bin) == (3, 4, 10, 1024, 0)
    assert p.CLIENT_LIMITS == FrameLimits(2726, 6, 8, 20, 2048, 0)  # 2550 before s15's chat.intent_id


def test_issue_16_1_reproduction_frame_is_malformed() -> None:
    with pytest.raises(p.FrameError) as info:
        p.decode_client(REPRODUCTION)
    assert info.value.code is ErrorCode.MALFORMED_FRAME
    assert "65505 bytes" in info.value.detail


def nested(header: bytes, depth: int, leaf: bytes = b"\xc0") -> bytes:
    return header * depth + leaf


@pytest.mark.parametrize("frame, why", [
    (b"\xc1" * 2147, "bytes"),
    (nested(b"\xdc\xfd\xe8", 700), "declared array length"),            # the reproduction, under the size
    (b"\xdd\xff\xff\xff\xff", "declared array length"),
    (b"\xdf\x00\x01\x00\x00", "declared map length"),
    (b"\xdb\x00\x00\x04\x01" + b"a" * 1025, "str length"),
    (b"\xc4\x01a", "bin"),
    (b"\xd4\x01\x00", "ext"),
    (b"\xd6\xff\x00\x00\x00\x00", "timestamp ext"),
    (nested(b"\x91", 7), "depth"),
    (b"\x81\xa1a" + nested(b"\x91", 6), "depth under a map"),
    (nested(b"\x91", 1025), "msgpack's own stack"),
    (b"\x81\x01\x02", "int key"),
    (b"\xa5hello\xc0", "extra data"),
    ("text", "text frame"),
])
def test_hostile_frames_are_malformed(frame: Any, why: str) -> None:
    with pytest.raises(p.FrameError) as info:
        p.decode_client(frame)
    assert info.value.code is ErrorCode.MALFORMED_FRAME, why


def test_depth_at_the_limit_is_parsed_and_refused_by_type() -> None:
    inner = [[[[[0]]]]]  # five levels under the frame's map: six in all
    with pytest.raises(p.FrameError) as info:
        p.decode_client(msgpack.packb({"type": "play", "tile": inner, "end": "left", "expected_seq": 0}))
    assert info.value.code is ErrorCode.WRONG_TYPES and info.value.detail.startswith("tile.0")


def test_unknown_type_that_is_a_container_is_named_by_its_kind() -> None:
    with pytest.raises(p.FrameError) as info:
        p.decode_client(msgpack.packb({"type": [[[[[1]]]]]}))
    assert (info.value.code, info.value.detail) == (ErrorCode.UNKNOWN_MESSAGE, "unknown message type list")


def test_a_refused_frame_carries_its_valid_intent_id_from_the_one_parse() -> None:
    with pytest.raises(p.FrameError) as info:
        p.decode_client(msgpack.packb({"type": "play", "tile": [1], "end": "left", "expected_seq": 0,
                                       "intent_id": "k9"}))
    assert (info.value.code, info.value.intent_id) == (ErrorCode.WRONG_TYPES, "k9")
    with pytest.raises(p.FrameError) as info:
        p.decode_client(REPRODUCTION)
    assert info.value.intent_id is None


def test_server_frames_are_bounded_for_clients() -> None:
    for frame in (nested(b"\xdc\x04\x01", 1100), b"\x00" * (2**20 + 1), nested(b"\x81\xa1a", 13),
                  b"\xdb\x00\x00\x10\x01" + b"a" * 4097):
        with pytest.raises(p.FrameError) as info:
            p.decode_server(frame)
        assert info.value.code is ErrorCode.MALFORMED_FRAME
    ok = p.pack({"type": "error", "code": "STALE", "detail": "x" * 4096, "data": {"seats": [1, 2]}})
    assert p.decode_server(ok).detail == "x" * 4096


@pytest.mark.parametrize("schema, where", [
    ({"type": "string"}, "string without maxLength"),
    ({"type": "array", "items": {"type": "integer"}}, "array without maxItems"),
    ({"type": "object", "properties": {}}, "map that takes any key"),
    ({}, "no bounded type"),
])
def test_unbounded_schemas_have_no_limits(schema: dict[str, Any], where: str) -> None:
    with pytest.raises(ValueError, match=where):
        limits_from_schema(schema)


def test_read_frame_counts_depth_from_the_frame_itself() -> None:
    limits = FrameLimits(max_bytes=100, max_depth=2, max_array=4, max_map=4, max_str=8)
    assert read_frame(msgpack.packb({"a": [1, 2]}), limits) == {"a": [1, 2]}
    assert read_frame(msgpack.packb(5), limits) == 5
    with pytest.raises(p.FrameError):
        read_frame(msgpack.packb({"a": [[1]]}), limits)


def test_stored_rows_are_read_within_bounds_like_frames() -> None:
    from doublenine.shared.codec import CodecError, decode_event, decode_meta, row_intents

    for payload in (REPRODUCTION, nested(b"\x91", 5), msgpack.packb({"k": "s", "o": b"\x00" * 65, "at": 0.0})):
        with pytest.raises(CodecError):
            decode_event(3, payload)
        with pytest.raises(CodecError):
            decode_meta(payload)
    assert row_intents([(1, REPRODUCTION), (2, msgpack.packb({"k": "x", "at": 0.0, "i": [1, "a"]}))]) == [(2, 1, "a")]


LIMITS = p.CLIENT_LIMITS


@pytest.mark.parametrize("frame, detail", [
    (nested(b"\xdc\xfd\xe8", 3), f"65000 exceeds max_array_len({LIMITS.max_array})"),
    (b"\xda" + struct.pack(">H", LIMITS.max_str + 1) + b"a" * (LIMITS.max_str + 1),
     f"{LIMITS.max_str + 1} exceeds max_str_len({LIMITS.max_str})"),
    (nested(b"\x91", 1025), "nested deeper than msgpack's 1,024 levels"),
    (b"\xa2\xff\xfe", "a string that is not UTF-8"),
    (nested(b"\x91", LIMITS.max_depth + 1), f"nested deeper than {LIMITS.max_depth} levels"),
])
def test_the_refusal_says_which_limit(frame: bytes, detail: str) -> None:
    with pytest.raises(p.FrameError) as info:
        p.decode_client(frame)
    assert info.value.detail.endswith(detail)
