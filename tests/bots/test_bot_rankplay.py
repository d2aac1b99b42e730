"""The expert's rank-mask kernel plays exactly the reference heavy playout (issue 14, R14-R18).

:func:`rankplay.heavy_rollout` is an optimisation of ``playout.rollout(board,
heavy_choice)``, itself checked against ``rules.apply``; this differential test
keeps the pure reference authoritative: same result on thousands of seeded
hands, from the lead and from the middle of hands, with passes in a row.
"""
from __future__ import annotations

import random

from botstates import shuffled

import pytest

from doublenine.server.bots.playout import block_choice, follow_choice, heavy_choice, pass_turn, play, playable, rollout
from doublenine.server.bots.rankplay import (
    NORMAL_WEIGHTS, ORDER, RANK, SAMPLED_DRAWS, WEIGHT_KEYS, block_rollout, follow_rollout, from_rank, normal_rollout,
    heavy_rollout, rank_pips, sampled_rollout, to_rank, weighted_rollout,
)
from doublenine.shared.playout import mask_pips
from doublenine.shared.tiles import DOUBLE_NINE_SET, Tile

HANDS = 3000


def test_rank_order_is_the_playout_preference() -> None:
    """Rank 54 is the double nine, rank 0 the 0-1 (the double blank weighs a 1.5-pip tile: key 6 > 4);
    among equal pips (non-doubles) the lower index ranks higher."""
    assert DOUBLE_NINE_SET[ORDER[54]] is Tile(9, 9)
    assert [DOUBLE_NINE_SET[i] for i in ORDER[:3]] == [Tile(0, 1), Tile(0, 0), Tile(0, 2)]
    assert sorted(RANK) == list(range(55))
    nines = [i for i in range(55) if DOUBLE_NINE_SET[i].pips == 9]
    assert sorted(nines, key=lambda i: RANK[i], reverse=True) == sorted(nines)


def test_rank_masks_round_trip_and_count_pips() -> None:
    rng = random.Random(1)
    for _ in range(500):
        mask = rng.getrandbits(55)
        assert from_rank(to_rank(mask)) == mask
        assert rank_pips(to_rank(mask)) == mask_pips(mask)


@pytest.mark.parametrize(("fast", "reference"), [(heavy_rollout, heavy_choice), (block_rollout, block_choice), (follow_rollout, follow_choice)])
def test_r15_r18_same_result_as_the_reference_rollout(fast, reference) -> None:  # type: ignore[no-untyped-def]
    """3,000 hands, each cut after a random number of reference moves, then finished both ways."""
    rng = random.Random(14)
    checked = 0
    for _ in range(HANDS):
        order = shuffled(rng)
        board = [sum(1 << i for i in order[10 * s:10 * s + 10]) for s in range(4)] + [-1, -1, rng.randrange(4), 0]
        i, end = heavy_choice(board, board[board[6]])
        play(board, i, end)  # the lead
        for _ in range(rng.randrange(12)):  # a few more reference moves, passes included
            mask = playable(board)
            if mask:
                i, end = reference(board, mask)
                if play(board, i, end):
                    break
            elif pass_turn(board):
                break
        else:
            expected = rollout(list(board), reference)
            ranks = [to_rank(h) for h in board[:4]]
            got = fast(*ranks, board[4], board[5], board[6], board[7])
            assert got == expected
            checked += 1
    assert checked > HANDS // 2


@pytest.mark.parametrize("choice", [block_choice, follow_choice])
def test_r14_r18_expert_policies_replay_through_the_engine(choice) -> None:  # type: ignore[no-untyped-def]
    """The block and follow policies make only legal moves and score as the rules engine (1,000 hands)."""
    from doublenine.shared.moves import End, Pass, Play
    from doublenine.shared.rules import apply, initial_hand
    from doublenine.shared.seats import SEATS
    from doublenine.shared.state import Deal, MatchState, Phase
    rng = random.Random(15)
    for _ in range(1000):
        deal = Deal.from_order(shuffled(rng))
        opener = SEATS[rng.randrange(4)]
        state = MatchState(phase=Phase.PLAY, hand_number=1, opener=opener, deal=deal,
                           hand=initial_hand(deal, opener))
        board = list(deal.masks) + [-1, -1, opener - 1, 0]
        record: list[tuple[int, int, int]] = []
        result = rollout(board, choice, record)
        for seat, i, end in record:
            move = Pass(SEATS[seat]) if i < 0 else Play(SEATS[seat], DOUBLE_NINE_SET[i], End(("left", "right")[end]))
            state = apply(state, move)
        assert state.phase is not Phase.PLAY
        done = state.finished[-1]
        assert result == ((-1 if done.winner is None else done.winner.index), done.points)


def _plain_score(t: Tile, board: list[int], seat: int, voids: list[int], locked: float) -> tuple[float, int, int]:
    """The normal score of ``seat`` playing ``t`` (its first fitting end), written plainly with the engine's
    Tile objects, and the line's two open ends after it: pips, double, own tiles that follow (at most 3),
    ends the next and the last seat are void in, both ends closed to the next seat, and ``locked`` off
    when both are closed to the partner. The common part of the plain references below."""
    from doublenine.server.bots import heuristic as h
    from doublenine.shared.tiles import PIP_MASK
    end = 0 if t.has(board[4]) else 1
    rest = board[seat] & ~t.bit
    a, z = (t.other_end(board[4]), board[5]) if end == 0 else (board[4], t.other_end(board[5]))
    ends = 1 << a | 1 << z
    nv, pv, lv = voids[(seat + 1) & 3], voids[(seat + 2) & 3], voids[(seat + 3) & 3]
    score = h.W_PIPS * t.pips + (h.W_DOUBLE if t.is_double else 0.0) \
        + h.W_FOLLOW * min((rest & (PIP_MASK[a] | PIP_MASK[z])).bit_count(), 3) \
        + h.W_NEXT_VOID * (nv & ends).bit_count() + h.W_LAST_VOID * (lv & ends).bit_count() \
        + (h.W_NEXT_LOCKED if nv & ends == ends else 0.0) \
        - (locked if pv & ends == ends else 0.0)
    return score, a, z


def _normal_reference(board: list[int], voids: list[int], heavy: int = 0,
                      exposed: list[int] | None = None, unseen: float = 0.0,
                      partner_locked: float | None = None, asleep: int = 0) -> tuple[int, int]:
    """The normal rollout written plainly on tile indices with the engine's Tile objects;
    the seats in the bit set ``heavy`` play the reference heavy choice instead; with ``exposed``,
    the laid-open-numbers terms of heuristic.score_play count and are updated; with ``unseen``, each
    play loses that much per tile showing an end's number outside the seat's hand, the line (the
    tiles in no hand and not in ``asleep``) included; ``partner_locked`` replaces W_PARTNER_LOCKED."""
    from doublenine.server.bots import heuristic as h
    from doublenine.server.bots.playout import outcome
    from doublenine.shared.tiles import PIP_MASK
    locked = h.W_PARTNER_LOCKED if partner_locked is None else partner_locked
    while True:
        mask = playable(board)
        seat = board[6]
        if not mask:
            voids[seat] |= 1 << board[4] | 1 << board[5]
            if pass_turn(board):
                return outcome(board, -1)
            continue
        if heavy >> seat & 1:
            i, end = heavy_choice(board, mask)
            if exposed is not None:
                t = DOUBLE_NINE_SET[i]
                exposed[seat] |= 1 << t.other_end(board[4] if end == 0 else board[5])
            if play(board, i, end):
                return outcome(board, seat)
            continue
        best: tuple[float, int, int] | None = None
        pick = (-1, 0)
        for t in sorted((DOUBLE_NINE_SET[i] for i in range(55) if mask >> i & 1), key=lambda t: t.index):
            end = 0 if t.has(board[4]) else 1
            rest = board[seat] & ~t.bit
            if not rest:
                score = 1e9
            else:
                score, a, z = _plain_score(t, board, seat, voids, locked)
                ends = 1 << a | 1 << z
                if unseen:  # tiles showing an end's number neither in this hand nor on the line
                    seen = board[seat] | ~(board[0] | board[1] | board[2] | board[3] | asleep)
                    score -= unseen * sum((PIP_MASK[p] & ~seen).bit_count() for p in {a, z})
                if exposed is not None:
                    pe = exposed[(seat + 2) & 3]
                    oe = exposed[(seat + 1) & 3] | exposed[(seat + 3) & 3]
                    score += h.W_PARTNER_NUMBER * (pe & ends).bit_count() - h.W_OPPONENT_NUMBER * (oe & ends).bit_count()
            key = (score, RANK[t.index])
            if best is None or key > best:
                best, pick = key, (t.index, end)
        if exposed is not None:
            t = DOUBLE_NINE_SET[pick[0]]
            exposed[seat] |= 1 << t.other_end(board[4] if pick[1] == 0 else board[5])
        if play(board, *pick):
            return outcome(board, seat)


@pytest.mark.parametrize("seed, heavy_seats, numbers", [(16, False, False), (17, True, False), (18, True, True)])
def test_r15_r18_normal_rollout_matches_its_plain_reference(seed: int, heavy_seats: bool, numbers: bool) -> None:
    """2,000 hands from the lead with random known voids (and, in the second run, a random set of
    seats read as heavy-first, style.py; in the third, random laid-open numbers too): same result,
    same voids and laid-open numbers learnt."""
    rng = random.Random(seed)
    changed = 0
    for _ in range(2000):
        order = shuffled(rng)
        board = [sum(1 << i for i in order[10 * s:10 * s + 10]) for s in range(4)] + [-1, -1, rng.randrange(4), 0]
        i, end = heavy_choice(board, board[board[6]])
        play(board, i, end)
        voids = [rng.getrandbits(10) & rng.getrandbits(10) for _ in range(4)]
        heavy = rng.getrandbits(4) if heavy_seats else 0
        exposed = [rng.getrandbits(10) & rng.getrandbits(10) for _ in range(4)] if numbers else None
        ref_exposed = list(exposed) if exposed is not None else None
        ref_voids, first_voids = list(voids), list(voids)
        ranks = [to_rank(h) for h in board[:4]]
        got = normal_rollout(*ranks, board[4], board[5], board[6], board[7], voids, heavy, exposed)
        assert got == _normal_reference(list(board), ref_voids, heavy, ref_exposed)
        assert voids == ref_voids and exposed == ref_exposed
        if numbers:  # the numbers change the play of some hands, else this run could not fail
            changed += got != normal_rollout(*ranks, board[4], board[5], board[6], board[7], first_voids, heavy)
    assert changed > 100 if numbers else changed == 0


def test_r15_r18_normal_rollout_unseen_term_matches_its_plain_reference() -> None:
    """The expert's ``unseen`` and ``partner_locked`` rollout options (docs/computer-players.md):
    2,000 hands from the lead, random voids, the same result as the plain reference, and the
    term changes the play of many hands (else this test could not fail)."""
    rng = random.Random(19)
    changed = 0
    full = (1 << 55) - 1
    for _ in range(2000):
        order = shuffled(rng)
        board = [sum(1 << i for i in order[10 * s:10 * s + 10]) for s in range(4)] + [-1, -1, rng.randrange(4), 0]
        asleep = sum(1 << i for i in order[40:])
        i, end = heavy_choice(board, board[board[6]])
        play(board, i, end)
        voids = [rng.getrandbits(10) & rng.getrandbits(10) for _ in range(4)]
        line = to_rank(full ^ (board[0] | board[1] | board[2] | board[3] | asleep))
        ranks = [to_rank(h) for h in board[:4]]
        ref_voids, first_voids = list(voids), list(voids)
        got = normal_rollout(*ranks, board[4], board[5], board[6], board[7], voids, 0, None, line, 1.0, 3.0)
        assert got == _normal_reference(list(board), ref_voids, 0, None, 1.0, 3.0, asleep)
        assert voids == ref_voids
        changed += got != normal_rollout(*ranks, board[4], board[5], board[6], board[7], first_voids)
    assert changed > 100


def _deal_from_the_lead(rng: random.Random) -> tuple[list[int], int]:
    """A seeded board after the heavy lead, and the rank mask of the tiles on the line."""
    order = shuffled(rng)
    board = [sum(1 << i for i in order[10 * s:10 * s + 10]) for s in range(4)] + [-1, -1, rng.randrange(4), 0]
    asleep = sum(1 << i for i in order[40:])
    i, end = heavy_choice(board, board[board[6]])
    play(board, i, end)
    return board, to_rank(((1 << 55) - 1) ^ (board[0] | board[1] | board[2] | board[3] | asleep))


def _weights(**changes: float) -> tuple[float, ...]:
    w = dict(zip(WEIGHT_KEYS, NORMAL_WEIGHTS))
    w.update(changes)
    return tuple(w[k] for k in WEIGHT_KEYS)


@pytest.mark.parametrize("seed, heavy_seats", [(21, False), (22, True)])
def test_r15_r18_weighted_rollout_with_the_normal_weights_is_the_normal_rollout(seed: int, heavy_seats: bool) -> None:
    """The imitation rollout (``rollout="fitted"``) with the default weights for every seat plays exactly the
    expert's default kernel: 2,000 hands from the lead with random voids (and heavy-first seats), the same
    result and the same voids learnt; with the unseen and partner terms, and with the laid-open-numbers
    terms, the same as :func:`normal_rollout` given those options."""
    rng = random.Random(seed)
    for _ in range(2000):
        board, line = _deal_from_the_lead(rng)
        voids = [rng.getrandbits(10) & rng.getrandbits(10) for _ in range(4)]
        exposed = [rng.getrandbits(10) & rng.getrandbits(10) for _ in range(4)]
        heavy = rng.getrandbits(4) if heavy_seats else 0
        ranks = [to_rank(h) for h in board[:4]]
        args = (*ranks, board[4], board[5], board[6], board[7])
        v1, v2 = list(voids), list(voids)
        assert weighted_rollout(*args, v1, [NORMAL_WEIGHTS] * 4, list(exposed), line, heavy) \
            == normal_rollout(*args, v2, heavy)
        assert v1 == v2
        w = _weights(unseen=1.0, partner_locked=3.0)
        assert weighted_rollout(*args, list(voids), [w] * 4, list(exposed), line, heavy) \
            == normal_rollout(*args, list(voids), heavy, None, line, 1.0, 3.0)
        w = _weights(pnum=2.5, onum=2.0)
        e1, e2 = list(exposed), list(exposed)
        assert weighted_rollout(*args, list(voids), [w] * 4, e1, line, heavy) \
            == normal_rollout(*args, list(voids), heavy, e2)
        assert e1 == e2


def _weighted_reference(board: list[int], voids: list[int], exposed: list[int], asleep: int,
                        weights: list[dict[str, float]]) -> tuple[int, int]:
    """The weighted rollout written plainly on tile indices (every term of ``rankplay.WEIGHT_KEYS``)."""
    from doublenine.server.bots.playout import outcome
    from doublenine.shared.tiles import PIP_MASK
    full = (1 << 55) - 1
    while True:
        mask = playable(board)
        seat = board[6]
        if not mask:
            voids[seat] |= 1 << board[4] | 1 << board[5]
            if pass_turn(board):
                return outcome(board, -1)
            continue
        w = weights[seat]
        best: tuple[float, int] | None = None
        pick = (-1, 0)
        line = full ^ (board[0] | board[1] | board[2] | board[3] | asleep)
        for t in (DOUBLE_NINE_SET[i] for i in range(55) if mask >> i & 1):
            end = 0 if t.has(board[4]) else 1
            rest = board[seat] & ~t.bit
            if not rest:
                score = 1e9
            else:
                a, z = (t.other_end(board[4]), board[5]) if end == 0 else (board[4], t.other_end(board[5]))
                nums = {a, z}
                nv, pv, lv = voids[(seat + 1) & 3], voids[(seat + 2) & 3], voids[(seat + 3) & 3]
                unseen = {p: (PIP_MASK[p] & ~(line | board[seat])).bit_count() for p in nums}
                mine = {p: (PIP_MASK[p] & rest).bit_count() for p in nums}
                follows = sum(1 for i in range(55)
                              if rest >> i & 1 and (DOUBLE_NINE_SET[i].has(a) or DOUBLE_NINE_SET[i].has(z)))
                score = w["pips"] * t.pips + (w["double"] if t.is_double else 0.0) + w["follow"] * min(follows, 3) \
                    + w["next_void"] * sum(nv >> p & 1 for p in nums) \
                    + w["last_void"] * sum(lv >> p & 1 for p in nums) \
                    + (w["next_locked"] if all(nv >> p & 1 for p in nums) else 0.0) \
                    - (w["partner_locked"] if all(pv >> p & 1 for p in nums) else 0.0) \
                    - w["unseen"] * sum(unseen.values()) - w["unseen_sq"] * sum(u * u for u in unseen.values()) / 10 \
                    - w["unseen_next"] * sum(unseen[p] for p in nums if not nv >> p & 1) \
                    + w["control"] * sum(mine[p] > unseen[p] for p in nums) \
                    + w["pnum"] * sum(exposed[(seat + 2) & 3] >> p & 1 for p in nums) \
                    - w["onum"] * sum((exposed[(seat + 1) & 3] | exposed[(seat + 3) & 3]) >> p & 1 for p in nums)
                if sum(unseen.values()) == 0 and follows == 0:
                    out = full ^ (line | board[seat])
                    avg = mask_pips(out) / max(out.bit_count(), 1)
                    opp = min(board[(seat + 1) & 3].bit_count(), board[(seat + 3) & 3].bit_count()) * avg
                    we = min(mask_pips(rest), board[(seat + 2) & 3].bit_count() * avg)
                    score += w["close"] if we < opp else -w["close"]
            key = (score, RANK[t.index])
            if best is None or key > best:
                best, pick = key, (t.index, end)
        t = DOUBLE_NINE_SET[pick[0]]
        exposed[seat] |= 1 << t.other_end(board[4] if pick[1] == 0 else board[5])
        if play(board, *pick):
            return outcome(board, seat)


def test_r15_r18_weighted_rollout_matches_its_plain_reference() -> None:
    """Every term of the imitation rollout, each seat with its own random weights (a quarter of them 0):
    1,500 hands from the lead, the same result, voids and laid-open numbers as the plain reference,
    and the weights change the play of many hands (else this test could not fail)."""
    rng = random.Random(23)
    changed = 0
    for _ in range(1500):
        order = shuffled(rng)
        board = [sum(1 << i for i in order[10 * s:10 * s + 10]) for s in range(4)] + [-1, -1, rng.randrange(4), 0]
        asleep = sum(1 << i for i in order[40:])
        i, end = heavy_choice(board, board[board[6]])
        play(board, i, end)
        line = to_rank(((1 << 55) - 1) ^ (board[0] | board[1] | board[2] | board[3] | asleep))
        voids = [rng.getrandbits(10) & rng.getrandbits(10) for _ in range(4)]
        exposed = [rng.getrandbits(10) & rng.getrandbits(10) for _ in range(4)]
        ws = [{k: (rng.uniform(-3, 10) if rng.random() < 0.75 else 0.0) for k in WEIGHT_KEYS} for _ in range(4)]
        ranks = [to_rank(h) for h in board[:4]]
        v1, v2, e1, e2 = list(voids), list(voids), list(exposed), list(exposed)
        got = weighted_rollout(*ranks, board[4], board[5], board[6], board[7], v1,
                               [tuple(w[k] for k in WEIGHT_KEYS) for w in ws], e1, line)
        assert got == _weighted_reference(list(board), v2, e2, asleep, ws)
        assert (v1, e1) == (v2, e2)
        changed += got != normal_rollout(*ranks, board[4], board[5], board[6], board[7], list(voids))
    assert changed > 300


def _sampled_reference(board: list[int], voids: list[int], draws: list[float], inverse_temperature: float,
                       heavy: int = 0) -> tuple[int, int]:
    """The sampled rollout written plainly on tile indices with the engine's Tile objects: going out
    if it can, else each fitting tile (in falling rank) with probability proportional to
    exp(inverse_temperature * (its normal score - the best)), picked by the next draw."""
    import math

    from doublenine.server.bots import heuristic as h
    from doublenine.server.bots.playout import outcome
    used = 0
    while True:
        mask = playable(board)
        seat = board[6]
        if not mask:
            voids[seat] |= 1 << board[4] | 1 << board[5]
            if pass_turn(board):
                return outcome(board, -1)
            continue
        if heavy >> seat & 1 or mask.bit_count() == 1:
            i, end = heavy_choice(board, mask)
            if play(board, i, end):
                return outcome(board, seat)
            continue
        tiles = sorted((DOUBLE_NINE_SET[i] for i in range(55) if mask >> i & 1), key=lambda t: -RANK[t.index])
        going_out = [t for t in tiles if board[seat] == t.bit]
        scored: list[tuple[Tile, float]] = []
        for t in tiles:
            scored.append((t, _plain_score(t, board, seat, voids, h.W_PARTNER_LOCKED)[0]))
        if going_out:
            pick = going_out[0]
        else:
            top = max(score for _, score in scored)
            weights = [math.exp(inverse_temperature * (score - top)) for _, score in scored]
            u = draws[used] * sum(weights)
            used += 1
            pick = scored[-1][0]
            for (t, _), w in zip(scored, weights):
                u -= w
                if u < 0:
                    pick = t
                    break
        if play(board, pick.index, 0 if pick.has(board[4]) else 1):
            return outcome(board, seat)


@pytest.mark.parametrize("seed, heavy_seats", [(24, False), (25, True)])
def test_r15_r18_sampled_rollout_matches_its_plain_reference(seed: int, heavy_seats: bool) -> None:
    """The expert's ``rollout="sampled"`` kernel: 2,000 hands from the lead with random voids (and seats read
    as heavy-first), random draws and temperatures 0.5 to 8 points: the same result and voids learnt as the
    plain reference; it plays otherwise than the argmax kernel in many hands (else this could not fail)."""
    rng = random.Random(seed)
    changed = 0
    for _ in range(2000):
        board, _line = _deal_from_the_lead(rng)
        voids = [rng.getrandbits(10) & rng.getrandbits(10) for _ in range(4)]
        heavy = rng.getrandbits(4) if heavy_seats else 0
        draws = [rng.random() for _ in range(SAMPLED_DRAWS)]
        inverse = 1.0 / rng.choice((0.5, 1.0, 3.0, 8.0))
        ranks = [to_rank(hh) for hh in board[:4]]
        args = (*ranks, board[4], board[5], board[6], board[7])
        v1, v2 = list(voids), list(voids)
        got = sampled_rollout(*args, v1, draws, inverse, heavy)
        assert got == _sampled_reference(list(board), v2, draws, inverse, heavy)
        assert v1 == v2
        changed += got != normal_rollout(*args, list(voids), heavy)
    assert changed > 300


def test_r15_sampled_rollout_draws_each_tile_with_its_softmax_share() -> None:
    """One decision with a choice, at temperature 8: seat 0 holds 9-9 and 5-9 with the line showing 9 | 3
    and no other seat can follow 9, 3 or 5. The 9-9 scores 18 + 5 (double) + 2.5 (the 5-9 follows) = 25.5,
    the 5-9 14, so the 9-9 goes first with probability 1 / (1 + exp(-11.5 / 8)) = 0.808: then seat 0
    goes out with its 5-9 (team 0 wins 10 + 25 points); after the 5-9 first, the hand blocks and seat
    1's 10 pips win team 1 the 18 + 18. Over a uniform grid of 1,000 first draws, 808 go out."""
    hands = [to_rank(Tile(9, 9).bit | Tile(5, 9).bit), to_rank(Tile(2, 2).bit | Tile(2, 4).bit),
             to_rank(Tile(4, 4).bit | Tile(4, 6).bit), to_rank(Tile(6, 6).bit | Tile(6, 7).bit)]
    results = []
    for j in range(1000):
        draws = [(j + 0.5) / 1000] + [0.0] * (SAMPLED_DRAWS - 1)
        results.append(sampled_rollout(*hands, 9, 3, 0, 0, [0, 0, 0, 0], draws, 1.0 / 8.0))
    assert results.count((0, 35)) == 808
    assert results.count((1, 36)) == 192
    assert results[:808] == [(0, 35)] * 808  # the low draws take the first tile in falling rank, the 9-9
    # the argmax kernel always plays the 9-9 first
    assert normal_rollout(*hands, 9, 3, 0, 0, [0, 0, 0, 0]) == (0, 35)
