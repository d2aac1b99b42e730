"""R21, R23: a computer's decision depends only on what its seat may know (issue 4).

Built by construction: for many random states, a twin state changes what the
seat may not know (which hidden tiles sit in which other hand or among the
unused, respecting each hand's count and the pips it passed on; the face-down
order of the opening draw; the generator of future deals). Both views must be
equal, and so must the decisions with the same generator seed, at every level.
"""
from __future__ import annotations

import random

from botstates import random_states

from doublenine.server.bots import LEVELS, decide
from doublenine.server.bots.expert import ExpertSettings, evaluate, expert_play
from doublenine.server.bots.strong import StrongSettings, strong_play
from doublenine.shared.events import MatchLog
from doublenine.shared.rules import to_act
from doublenine.shared.seats import SEATS, Seat
from doublenine.shared.state import Deal, HandState, MatchState, Phase
from doublenine.shared.tiles import DOUBLE_NINE_SET, PIP_MASK, tiles_of
from doublenine.shared.views import SeatView, known_void, view_for

NOWHERE = 4  # the unused tiles


def _places(state: MatchState, seat: Seat) -> tuple[list[int], list[int]]:
    """Hidden tiles of ``seat`` and where each is (seat index or NOWHERE)."""
    assert state.deal is not None
    if state.phase is Phase.PLAY:
        assert state.hand is not None
        held = list(state.hand.hands)
    else:
        held = list(state.deal.masks)
    tiles, where = [], []
    for s in range(4):
        if s != seat - 1:
            for t in tiles_of(held[s]):
                tiles.append(t.index)
                where.append(s)
    for t in state.deal.unused:
        tiles.append(t.index)
        where.append(NOWHERE)
    return tiles, where


def _permute_hidden(state: MatchState, seat: Seat, rng: random.Random) -> MatchState:
    """A twin of ``state``: the hidden tiles moved between other hands and the unused, counts and voids kept."""
    view = view_for(state, seat)
    assert isinstance(view, SeatView)
    forbid = [0, 0, 0, 0, 0]
    for s, pips in known_void(view).items():
        for p in pips:
            forbid[s - 1] |= PIP_MASK[p]
    tiles, where = _places(state, seat)
    for _ in range(20 * len(tiles)):
        a, b = rng.randrange(len(tiles)), rng.randrange(len(tiles))
        if where[a] != where[b] and not forbid[where[b]] >> tiles[a] & 1 \
                and not forbid[where[a]] >> tiles[b] & 1:
            where[a], where[b] = where[b], where[a]
    return _rebuild(state, tiles, where)


def _rebuild(state: MatchState, tiles: list[int], where: list[int]) -> MatchState:
    assert state.deal is not None
    moved = [0, 0, 0, 0, 0]
    for i, w in zip(tiles, where):
        moved[w] |= 1 << i
    played = [0, 0, 0, 0]
    if state.hand is not None and state.phase is Phase.PLAY:
        for placed in state.hand.line:
            played[placed.seat - 1] |= placed.tile.bit
    hidden = sum(1 << i for i in tiles)
    dealt = []
    for s in range(4):
        mine = state.deal.masks[s] & ~hidden & ~played[s]  # the viewer's hand stays as it is
        dealt.append(mine | moved[s] | played[s])
    deal = Deal(tuple(dealt), moved[NOWHERE])  # type: ignore[arg-type]
    hand = state.hand
    if hand is not None and state.phase is Phase.PLAY:
        hands = tuple(dealt[s] & ~played[s] for s in range(4))
        hand = HandState(hands, hand.line, hand.left, hand.right, hand.turn, hand.passes,  # type: ignore[arg-type]
                         hand.moves)
    values = {name: getattr(state, name) for name in MatchState.__dataclass_fields__}
    values.update(deal=deal, hand=hand)
    return MatchState(**values)


def _permute_draw(state: MatchState, rng: random.Random) -> MatchState:
    """A twin during the opening draw (R3): the face-down tiles not yet taken swapped around."""
    assert state.draw_order is not None
    taken = {p for _, p in state.draw_picks}
    free = [p for p in range(len(DOUBLE_NINE_SET)) if p not in taken]
    order = list(state.draw_order)
    values = [order[p] for p in free]
    rng.shuffle(values)
    for p, v in zip(free, values):
        order[p] = v
    fields = {name: getattr(state, name) for name in MatchState.__dataclass_fields__}
    fields.update(draw_order=tuple(order))
    return MatchState(**fields)


def _twin(state: MatchState, seat: Seat, rng: random.Random) -> MatchState:
    if state.phase is Phase.DRAW:
        return _permute_draw(state, rng)
    if state.phase in (Phase.REVIEW, Phase.PLAY):
        return _permute_hidden(state, seat, rng)
    return state  # NOMINATE: nothing hidden but future deals (see the generator test)


LIGHT = StrongSettings(playouts=60, min_worlds=6, max_worlds=20)
LIGHT_EXPERT = ExpertSettings(playouts=80, min_worlds=8, max_worlds=24)
LIGHT_TREE = ExpertSettings(search="ismcts", iterations=80, min_worlds=8, max_worlds=24)
LIGHT_SAMPLED = ExpertSettings(rollout="sampled", playouts=80, min_worlds=8, max_worlds=24)
LIGHT_PARTNER = ExpertSettings(partner_reading="normal", playouts=80, min_worlds=8, max_worlds=24)
LIGHT_KEYED = ExpertSettings(streams="keyed", rollout="sampled", playouts=80, min_worlds=8, max_worlds=24)


def test_r23_decision_unchanged_when_hidden_tiles_move() -> None:
    rng = random.Random(23)
    checked = changed = 0
    for n, (state, seat) in enumerate(random_states(seed=23, matches=6)):
        if n % 3:
            continue
        twin = _twin(state, seat, rng)
        if twin != state:
            changed += 1
        v1, v2 = view_for(state, seat), view_for(twin, seat)
        assert v1 == v2
        assert isinstance(v1, SeatView) and isinstance(v2, SeatView)
        for level in LEVELS:
            if level == "strong" and state.phase is Phase.PLAY:
                d1, d2 = strong_play(v1, random.Random(n), LIGHT), strong_play(v2, random.Random(n), LIGHT)
            elif level == "expert" and state.phase is Phase.PLAY:
                d1 = expert_play(v1, random.Random(n), LIGHT_EXPERT)
                d2 = expert_play(v2, random.Random(n), LIGHT_EXPERT)
                assert expert_play(v1, random.Random(n), LIGHT_TREE) == expert_play(v2, random.Random(n), LIGHT_TREE)
                assert expert_play(v1, random.Random(n), LIGHT_SAMPLED) == expert_play(v2, random.Random(n), LIGHT_SAMPLED)
                assert expert_play(v1, random.Random(n), LIGHT_PARTNER) == expert_play(v2, random.Random(n), LIGHT_PARTNER)
                assert expert_play(v1, random.Random(n), LIGHT_KEYED) == expert_play(v2, random.Random(n), LIGHT_KEYED)
            else:
                d1, d2 = decide(v1, level, random.Random(n)), decide(v2, level, random.Random(n))
            assert d1 == d2
        checked += 1
    assert checked > 300
    assert changed > checked // 2  # the twins really differ in what stays hidden


def test_r23_full_strong_and_expert_unchanged_when_hidden_tiles_move() -> None:
    """The default strong and expert settings too, and the expert's evaluation (every
    estimate, not only the choice), on fewer play states with a real choice."""
    rng = random.Random(7)
    done = 0
    for n, (state, seat) in enumerate(random_states(seed=7, matches=3)):
        view = view_for(state, seat)
        if state.phase is not Phase.PLAY or len(view.legal_moves()) < 2 or n % 2:
            continue
        twin = _twin(state, seat, rng)
        assert twin != state
        v2 = view_for(twin, seat)
        assert view == v2
        assert decide(view, "strong", random.Random(n)) == decide(v2, "strong", random.Random(n))
        assert decide(view, "expert", random.Random(n)) == decide(v2, "expert", random.Random(n))
        assert evaluate(view, random.Random(n)) == evaluate(v2, random.Random(n))  # type: ignore[arg-type]
        done += 1
        if done == 25:
            break
    assert done == 25


def test_r24_generator_of_future_deals_changes_nothing_now() -> None:
    """Two logs with the same events but different generators: same views, same decisions."""
    rng = random.Random(24)
    log = MatchLog(seed=99)
    for step in range(120):
        state = log.state
        if state.phase is Phase.MATCH_OVER:
            break
        seat = min(to_act(state))
        view = view_for(state, seat)
        assert isinstance(view, SeatView)
        if step % 4:
            log.submit(decide(view, "normal", random.Random(step)))
            continue
        other = MatchLog(seed=1000 + step, events=log.events)
        assert other.state == state
        for s in SEATS:
            assert view_for(other.state, s) == view_for(state, s)
        for level in LEVELS:
            r = rng.randrange(1 << 30)
            assert decide(view, level, random.Random(r)) == \
                decide(view_for(other.state, seat), level, random.Random(r))  # type: ignore[arg-type]
        log.submit(decide(view, "normal", random.Random(step)))
