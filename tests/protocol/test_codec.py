"""The stored event format (shared/codec.py): every event survives a round trip."""
from __future__ import annotations

import random

import pytest

from doublenine.shared.codec import CodecError, decode_event, decode_rows, encode_event, event_rows
from doublenine.shared.errors import IllegalMove
from doublenine.shared.events import MatchLog, replay
from doublenine.shared.rules import legal_decisions, to_act
from doublenine.shared.seats import SEATS
from doublenine.shared.state import Phase


def _random_log(seed: int, steps: int) -> MatchLog:
    rng = random.Random(seed)
    log = MatchLog(seed=seed, clock=lambda: 1700000000.25)
    for _ in range(steps):
        try:
            roll = rng.random()
            if roll < 0.03:
                log.undo(rng.choice(SEATS))
                continue
            if roll < 0.05:
                log.redo()
                continue
            if roll < 0.055:
                log.restart()
                continue
        except IllegalMove:
            pass
        if log.state.phase is Phase.MATCH_OVER:
            log.new_match()
            continue
        seat = rng.choice(sorted(to_act(log.state)))
        log.submit(rng.choice(legal_decisions(log.state, seat)))
    return log


@pytest.mark.parametrize("seed", range(3))
def test_every_event_round_trips_and_replays_to_the_same_state(seed: int) -> None:
    log = _random_log(seed, 500)
    rows = event_rows(log.events)
    events = decode_rows(rows)
    assert events == log.events
    assert replay(events) == log.state
    resumed = MatchLog(seed=seed, events=events)
    assert resumed.state == log.state


@pytest.mark.parametrize("payload", [b"", b"\xc1", b"\x80", b"\x81\xa1k\xa1z", b"\x82\xa1k\xa1s\xa1o\xc4\x02ab"])
def test_garbage_payload_is_a_codec_error(payload: bytes) -> None:
    with pytest.raises(CodecError):
        decode_event(0, payload)


def test_payload_is_small() -> None:
    log = _random_log(1, 50)
    assert max(len(encode_event(e)) for e in log.events) < 80


def test_an_intent_id_is_stored_with_its_first_event_and_older_rows_still_load() -> None:
    from doublenine.shared.codec import decode_event, encode_event, event_rows, row_intents
    from doublenine.shared.events import Decided, Event, Shuffled
    from doublenine.shared.moves import Pass
    from doublenine.shared.seats import Seat

    events = [Event(5, 1.5, Decided(Pass(Seat.TWO))), Event(6, 1.5, Shuffled(tuple(range(55))))]
    rows = event_rows(events, (2, "abc"))
    assert row_intents(rows) == [(5, 2, "abc")]
    assert [decode_event(s, b) for s, b in rows] == events
    old = [(5, encode_event(events[0]))]  # a row stored before intents were kept
    assert row_intents(old) == [] and decode_event(*old[0]) == events[0]
    assert event_rows(events) == [(e.seq, encode_event(e)) for e in events]
