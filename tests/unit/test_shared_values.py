"""Issue 12 (memory per table): equal frozen values are one shared instance, and the match log
keeps its events packed; none of it shows, every value reads and compares as before.

Shared: the tiles placed on the line (``new_placed``) and the decisions of the log
(``decided``, also what the state's moves hold). Packed: :class:`MatchLog` keeps each event
as its time and body and gives :class:`Event` objects equal to the ones it returned.
"""
from __future__ import annotations

import pytest

from doublenine.shared.codec import decode_rows, event_rows
from doublenine.shared.events import Decided, Event, MatchLog, Shuffled, decided, replay
from doublenine.shared.moves import DrawPick, End, Pass, Play, Review
from doublenine.shared.rules import legal_decisions, to_act
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase, Placed, new_placed
from doublenine.shared.tiles import Tile


def test_equal_placed_tiles_are_one_instance_equal_to_a_plain_placed() -> None:
    a = new_placed(Tile(3, 5), Seat.TWO, End.LEFT, 5, 3)
    assert new_placed(Tile(5, 3), Seat.TWO, End.LEFT, 5, 3) is a
    assert a == Placed(Tile(3, 5), Seat.TWO, End.LEFT, 5, 3)
    assert repr(a) == repr(Placed(Tile(3, 5), Seat.TWO, End.LEFT, 5, 3))
    others = {new_placed(Tile(3, 5), Seat.THREE, End.LEFT, 5, 3), new_placed(Tile(3, 5), Seat.TWO, End.RIGHT, 5, 3),
              new_placed(Tile(3, 5), Seat.TWO, End.LEFT, 3, 5), new_placed(Tile(3, 6), Seat.TWO, End.LEFT, 6, 3)}
    assert a not in others and len(others) == 4  # every field is in the key


def test_a_placed_with_a_plain_int_seat_is_built_not_shared() -> None:
    plain = new_placed(Tile(0, 0), 1, End.LEFT, 0, 0)  # type: ignore[arg-type]
    assert plain == new_placed(Tile(0, 0), Seat.ONE, End.LEFT, 0, 0)
    assert plain is not new_placed(Tile(0, 0), 1, End.LEFT, 0, 0)  # type: ignore[arg-type]
    assert type(new_placed(Tile(0, 0), Seat.ONE, End.LEFT, 0, 0).seat) is Seat


def test_decided_shares_one_instance_per_decision() -> None:
    d = decided(Play(Seat.ONE, Tile(9, 9), End.LEFT))
    assert d == Decided(Play(Seat.ONE, Tile(9, 9), End.LEFT))
    assert decided(Play(Seat.ONE, Tile(9, 9), End.LEFT)) is d
    assert decided(Play(Seat.ONE, Tile(9, 9), End.RIGHT)) is not d
    assert decided(Pass(Seat.THREE)) is decided(Pass(Seat.THREE))
    assert decided(Pass(1)) == decided(Pass(Seat.ONE))  # type: ignore[arg-type]


def _play_out(seed: int, steps: int) -> MatchLog:
    log = MatchLog(seed=seed, clock=iter(range(10_000)).__next__)
    for _ in range(steps):
        if log.state.phase is Phase.MATCH_OVER:
            break
        log.submit(legal_decisions(log.state, min(to_act(log.state)))[-1])
    return log


def test_two_tables_share_their_decisions_and_the_placed_tiles_of_their_lines() -> None:
    one, two = _play_out(5, 60), _play_out(5, 60)
    assert one.state == two.state and one.state.hand is not None and one.state.hand.line
    for a, b in zip(one.state.hand.line, two.state.hand.line, strict=True):
        assert a is b
    for a, b in zip(one.state.hand.moves, two.state.hand.moves, strict=True):
        assert a is b  # the state's moves are the log's shared decisions
    bodies = [(e.body, f.body) for e, f in zip(one.events, two.events, strict=True) if isinstance(e.body, Decided)]
    assert len(bodies) > 40 and all(a is b for a, b in bodies)


def test_the_packed_log_gives_back_the_very_events_it_returned() -> None:
    log = MatchLog(seed=8, clock=iter(x / 4 for x in range(10_000)).__next__)
    returned: list[Event] = list(log.events)
    for _ in range(70):
        returned += log.submit(legal_decisions(log.state, min(to_act(log.state)))[0])
    seat = log.state.hand.moves[-1].seat  # type: ignore[union-attr]
    returned += log.undo(seat)
    returned += log.redo()
    assert log.events == returned
    assert [e.seq for e in log.events] == list(range(len(returned)))
    assert log.events[5].at == returned[5].at == 5 / 4
    assert log.tail(60) == returned[60:]
    assert replay(log.events) == log.state
    assert decode_rows(event_rows(log.events)) == returned  # storage round trip
    assert log.events is not log.events  # a new list each time: nobody can change the log through it


def test_a_log_refuses_events_out_of_sequence() -> None:
    first = MatchLog(seed=2).events
    assert [e.seq for e in first] == [0] and isinstance(first[0].body, Shuffled)
    with pytest.raises(ValueError, match="event 3 is not the next one of the log"):
        MatchLog(seed=2, events=[*first, Event(3, 0.0, Decided(DrawPick(Seat.ONE, 0)))])


def test_a_resumed_log_equals_the_one_it_was_stored_from() -> None:
    log = _play_out(9, 50)
    resumed = MatchLog(seed=9, events=decode_rows(event_rows(log.events)))
    assert resumed.events == log.events and resumed.state == log.state
    review = next(e.body for e in resumed.events if isinstance(e.body, Decided) and
                  isinstance(e.body.decision, Review))
    assert review is decided(review.decision)  # decoded decisions are the shared ones too


def test_a_shuffle_keeps_its_order_as_bytes_and_reads_as_before() -> None:
    order = tuple(reversed(range(55)))
    shuffled = Shuffled(order)
    assert shuffled.order == order and shuffled.packed == bytes(order) and len(shuffled.packed) == 55
    assert shuffled == Shuffled(list(order)) and hash(shuffled) == hash(Shuffled(order))
    assert shuffled != Shuffled(range(55))
    assert repr(Shuffled((2, 0, 1))) == "Shuffled(order=(2, 0, 1))"
    with pytest.raises(ValueError):
        Shuffled((0, 256))
