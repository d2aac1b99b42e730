"""Explicit per-seat fixtures for the rules tests (no randomness anywhere).

Tiles are written ``"3-5"``; a hand is a space-separated string of tiles.
Shuffles are built from explicit orders, so every deal in a test is written out.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence

from doublenine.shared.events import Body, Decided, Event, MatchLog, Shuffled
from doublenine.shared.moves import Decision, DrawPick, End, Nominate, Pass, Play, Review
from doublenine.shared.rules import apply, apply_shuffle, initial_hand
from doublenine.shared.seats import SEATS, Seat
from doublenine.shared.state import INITIAL, Deal, FinishedHand, MatchState, Phase
from doublenine.shared.tiles import DOUBLE_NINE_SET, Tile, mask_of

L, R = End.LEFT, End.RIGHT
S1, S2, S3, S4 = Seat.ONE, Seat.TWO, Seat.THREE, Seat.FOUR


def t(spec: str) -> Tile:
    """``"3-5"`` -> ``Tile(3, 5)``."""
    a, b = spec.split("-")
    return Tile(int(a), int(b))


def ts(spec: str) -> frozenset[Tile]:
    """``"0-0 3-5"`` -> a frozenset of tiles."""
    return frozenset(t(s) for s in spec.split())


def order_first(tiles: Sequence[Tile]) -> tuple[int, ...]:
    """A shuffle order with ``tiles`` first, in that order, then the rest by index."""
    head = [x.index for x in tiles]
    assert len(set(head)) == len(head)
    return tuple(head + [x.index for x in DOUBLE_NINE_SET if x.index not in set(head)])


def deal_order(*hands: str) -> tuple[int, ...]:
    """A shuffle that deals the four given hands (10 tiles each) to seats 1-4 (R9)."""
    assert len(hands) == 4
    tiles: list[Tile] = []
    for h in hands:
        hand = sorted(ts(h))
        assert len(hand) == 10, h
        tiles.extend(hand)
    return order_first(tiles)


# The deal most tests use: every seat holds ten tiles, 15 unused.
HAND1 = "0-0 0-1 0-2 0-3 0-4 0-5 0-6 0-7 0-8 0-9"
HAND2 = "1-1 1-2 1-3 1-4 1-5 1-6 1-7 1-8 1-9 2-2"
HAND3 = "2-3 2-4 2-5 2-6 2-7 2-8 2-9 3-3 3-4 3-5"
HAND4 = "3-6 3-7 3-8 3-9 4-4 4-5 4-6 4-7 4-8 4-9"
UNUSED = "5-5 5-6 5-7 5-8 5-9 6-6 6-7 6-8 6-9 7-7 7-8 7-9 8-8 8-9 9-9"
DEAL = deal_order(HAND1, HAND2, HAND3, HAND4)
# Five doubles for seat 3 (R10), four for seat 1.
DOUBLES_DEAL = deal_order(
    "0-0 1-1 2-2 3-3 0-1 0-2 0-3 0-4 0-5 0-6",
    "0-7 0-8 0-9 1-2 1-3 1-4 1-5 1-6 1-7 1-8",
    "4-4 5-5 6-6 7-7 8-8 1-9 2-3 2-4 2-5 2-6",
    "2-7 2-8 2-9 3-4 3-5 3-6 3-7 3-8 3-9 4-5",
)


def run(state: MatchState, *decisions: Decision) -> MatchState:
    """Apply decisions in order through :func:`apply`."""
    for d in decisions:
        state = apply(state, d)
    return state


def drawn(tile_a: str, tile_b: str, state: MatchState = INITIAL) -> MatchState:
    """One opening draw (R3): seat 1 turns over ``tile_a`` (position 0), seat 2 ``tile_b`` (1)."""
    state = apply_shuffle(state, order_first([t(tile_a), t(tile_b)]))
    return run(state, DrawPick(S1, 0), DrawPick(S2, 1))


def dealt(order: tuple[int, ...] = DEAL, opener: Seat = S1) -> MatchState:
    """A new match at review (R10): the opener's team won the draw, nominated, dealt ``order``."""
    state = drawn("9-9", "0-0") if opener.team.value == "A" else drawn("0-0", "9-9")
    state = apply(state, Nominate(opener.team.lower_seat, opener))
    return apply_shuffle(state, order)


def accept_all(state: MatchState) -> MatchState:
    """Every seat accepts its hand (R10): play begins."""
    return run(state, *(Review(s) for s in SEATS))


def in_play(order: tuple[int, ...] = DEAL, opener: Seat = S1) -> MatchState:
    """A new match with ``order`` dealt and accepted: the opener to lead (R14)."""
    return accept_all(dealt(order, opener))


def short_hand(h1: str, h2: str, h3: str, h4: str, opener: Seat = S1,
               scores: tuple[int, int] = (0, 0), hand_number: int = 1) -> MatchState:
    """A hand in play whose seats hold the given (few) tiles; every other tile is unused.

    Lets a test reach a domino or a block in a handful of moves through the real
    :func:`apply`. Empty string = no tiles.
    """
    hands = tuple(ts(h) if h else frozenset() for h in (h1, h2, h3, h4))
    held = frozenset().union(*hands)
    unused = frozenset(x for x in DOUBLE_NINE_SET if x not in held)
    masks = tuple(mask_of(h) for h in hands)
    deal = Deal(masks, mask_of(unused))  # type: ignore[arg-type]
    return MatchState(phase=Phase.PLAY, scores=scores, entitled=opener.team, opener=opener,
                      hand_number=hand_number, deal=deal, answered=frozenset(SEATS),
                      hand=initial_hand(deal, opener))


def play(seat: Seat, tile: str, end: End = R) -> Play:
    """``Play(seat, t(tile), end)``."""
    return Play(seat, t(tile), end)


def passes(*seats: Seat) -> Iterable[Pass]:
    """One pass per seat, in order."""
    return [Pass(s) for s in seats]


def play_out(state: MatchState) -> MatchState:
    """Play the hand to its end, each seat taking its first legal move (deterministic)."""
    from doublenine.shared.rules import legal_moves

    while state.phase is Phase.PLAY:
        state = apply(state, legal_moves(state, state.hand.turn)[0])
    return state


def log_in_play(order: tuple[int, ...] = DEAL, opener: Seat = S1, seed: int = 0) -> MatchLog:
    """A :class:`MatchLog` whose first deal is ``order`` (explicit events), the opener to lead.

    Later shuffles come from the log's own generator, seeded with ``seed``.
    """
    a_wins = opener.team.value == "A"
    bodies: list[Body] = [
        Shuffled(order_first([t("9-9"), t("0-0")] if a_wins else [t("0-0"), t("9-9")])),
        Decided(DrawPick(S1, 0)), Decided(DrawPick(S2, 1)),
        Decided(Nominate(opener.team.lower_seat, opener)), Shuffled(order),
        *(Decided(Review(s)) for s in SEATS),
    ]
    return MatchLog(seed=seed, events=[Event(i, 0.0, b) for i, b in enumerate(bodies)])


def first_choice(state: MatchState) -> Decision:
    """The first legal decision of the lowest seat the match waits for (deterministic)."""
    from doublenine.shared.rules import legal_decisions, to_act

    seat = min(to_act(state))
    return legal_decisions(state, seat)[0]


def tiles_in(obj: object, seen: set[int] | None = None) -> set[Tile]:
    """Every :class:`Tile` reachable from ``obj`` through dataclass fields and containers."""
    seen = set() if seen is None else seen
    if isinstance(obj, Tile):
        return {obj}
    if id(obj) in seen or isinstance(obj, (str, int, float, bytes, type(None))):
        return set()
    seen.add(id(obj))
    out: set[Tile] = set()
    if isinstance(obj, dict):
        obj = list(obj.items())
    if isinstance(obj, (tuple, list, frozenset, set)):
        for x in obj:
            out |= tiles_in(x, seen)
    elif dataclasses.is_dataclass(obj):
        for f in dataclasses.fields(obj):
            out |= tiles_in(getattr(obj, f.name), seen)
        for name in _TILE_PROPERTIES.get(type(obj), ()):  # tiles held as bit masks count too
            out |= tiles_in(getattr(obj, name), seen)
    return out


_TILE_PROPERTIES: dict[type, tuple[str, ...]] = {Deal: ("hands", "unused"), FinishedHand: ("dealt", "left")}
