"""The heavy playout on tiles renumbered by playout preference: the expert's fast kernel (R14-R18).

:func:`.playout.rollout` with :func:`.playout.heavy_choice` loops over the
playable tiles to find the one with the highest ``ROLLOUT_KEY`` (heaviest,
doubles first, the lowest index on equal key). Renumbering the 55 tiles so
that bit ``r`` of a *rank mask* is the tile of rank ``r`` in that order turns
the choice into ``mask.bit_length() - 1``, and a whole hand becomes one tight
loop over locals. The moves and the result are exactly those of
``rollout(board, heavy_choice)``: ``tests/bots/test_bot_rankplay.py`` checks it
move for move on thousands of hands, so that function stays the reference.

A profile of the strong level (``/tmp``-style cProfile of 344 decisions) put 64%
of its time in ``rollout``/``heavy_choice``/``play``; this kernel plays the same
hand about 3 times faster (docs/performance.md, "expert").
"""
from __future__ import annotations

import math

from doublenine.shared.tiles import DOUBLE_NINE_SET

from .heuristic import (W_DOUBLE, W_FOLLOW, W_LAST_VOID, W_NEXT_LOCKED, W_NEXT_VOID, W_OPPONENT_NUMBER,
                        W_PARTNER_LOCKED, W_PARTNER_NUMBER, W_PIPS)
from .playout import ROLLOUT_KEY

ORDER: tuple[int, ...] = tuple(sorted(range(len(DOUBLE_NINE_SET)), key=lambda i: (ROLLOUT_KEY[i], -i)))
"""``ORDER[r]``: the tile index of rank ``r`` (rank 54 is the playout's first choice)."""
RANK: tuple[int, ...] = tuple(ORDER.index(i) for i in range(len(DOUBLE_NINE_SET)))
"""``RANK[tile index]``: the tile's rank."""
R_LOW: tuple[int, ...] = tuple(DOUBLE_NINE_SET[i].low for i in ORDER)
R_HIGH: tuple[int, ...] = tuple(DOUBLE_NINE_SET[i].high for i in ORDER)
R_PIPS: tuple[int, ...] = tuple(DOUBLE_NINE_SET[i].pips for i in ORDER)
R_PM: tuple[int, ...] = tuple(sum(1 << r for r in range(55) if p in (R_LOW[r], R_HIGH[r])) for p in range(10))
"""``R_PM[p]``: rank mask of the ten tiles showing pip ``p``."""
R_KEY: tuple[int, ...] = tuple(ROLLOUT_KEY[i] for i in ORDER)
"""``R_KEY[r]``: the playout key of the tile of rank ``r`` (non-decreasing in ``r``)."""
R_BASE: tuple[float, ...] = tuple(W_PIPS * DOUBLE_NINE_SET[i].pips + (W_DOUBLE if DOUBLE_NINE_SET[i].is_double else 0.0)
                                  for i in ORDER)
"""``R_BASE[r]``: the normal score's weight terms of the tile of rank ``r``."""
FITS: tuple[int, ...] = tuple(R_PM[a] | R_PM[b] for a in range(10) for b in range(10))
"""``FITS[10 * left + right]``: rank mask of the tiles that fit either open end."""


def _chunk(start: int) -> tuple[int, ...]:
    table = [0] * 2048
    for m in range(1, 2048):
        low = m & -m
        b = start + low.bit_length() - 1
        table[m] = table[m ^ low] + (R_PIPS[b] if b < 55 else 0)
    return tuple(table)


_C0, _C1, _C2, _C3, _C4 = (_chunk(11 * c) for c in range(5))


def rank_pips(m: int) -> int:
    """R17/R18: pip total of a rank mask."""
    return _C0[m & 2047] + _C1[m >> 11 & 2047] + _C2[m >> 22 & 2047] + _C3[m >> 33 & 2047] + _C4[m >> 44]


def to_rank(mask: int) -> int:
    """A tile-index mask as a rank mask."""
    out = 0
    while mask:
        low = mask & -mask
        out |= 1 << RANK[low.bit_length() - 1]
        mask ^= low
    return out


def from_rank(mask: int) -> int:
    """A rank mask as a tile-index mask."""
    out = 0
    while mask:
        low = mask & -mask
        out |= 1 << ORDER[low.bit_length() - 1]
        mask ^= low
    return out


def blocked(hands: list[int]) -> tuple[int, int]:
    """R17, R18: a blocked hand's (winning team 0/1 or -1 on a tie, points) from the four rank-mask hands.

    The seat with the lowest pip total wins for its team the pips of both opponents;
    lowest totals on both teams tie (no points). Shared by every rollout below.
    """
    totals = [rank_pips(h) for h in hands]
    low = min(totals)
    teams = {s & 1 for s in range(4) if totals[s] == low}
    if len(teams) == 2:
        return -1, 0
    team = teams.pop()
    return team, totals[team ^ 1] + totals[(team ^ 1) + 2]


def heavy_rollout(h0: int, h1: int, h2: int, h3: int, left: int, right: int,
                  turn: int, passes: int) -> tuple[int, int]:
    """Finish a hand in play with the heavy policy; ``(winning team or -1 for a tie, points)``.

    Hands are rank masks (index seat-1), ``left >= 0`` (the lead is made), ``turn``
    the seat index to play, ``passes`` the consecutive passes so far. Same result
    as :func:`.playout.rollout` with :func:`.playout.heavy_choice` (R15-R18).
    """
    hands = [h0, h1, h2, h3]
    fits, low_of, high_of, pips_of = FITS, R_LOW, R_HIGH, R_PIPS
    while True:
        hand = hands[turn]
        mask = hand & fits[10 * left + right]
        if mask:
            b = mask.bit_length() - 1
            hand ^= 1 << b
            hands[turn] = hand
            if low_of[b] == left or high_of[b] == left:
                left = pips_of[b] - left
            else:
                right = pips_of[b] - right
            if not hand:
                team = turn & 1
                other = team ^ 1
                return team, rank_pips(hands[other]) + rank_pips(hands[other + 2])
            passes = 0
        else:
            passes += 1
            if passes == 4:
                break
        turn = (turn + 1) & 3
    return blocked(hands)


def block_rollout(h0: int, h1: int, h2: int, h3: int, left: int, right: int,
                  turn: int, passes: int) -> tuple[int, int]:
    """Finish a hand with the *block* policy; same arguments and result shape as :func:`heavy_rollout`.

    The heaviest playable tile after which the next seat cannot play (it must pass,
    R15), else the heaviest; each at its first matching end. The reference is
    :func:`.playout.block_choice` through :func:`.playout.rollout`.
    """
    hands = [h0, h1, h2, h3]
    fits, low_of, high_of, pips_of = FITS, R_LOW, R_HIGH, R_PIPS
    while True:
        hand = hands[turn]
        mask = hand & fits[10 * left + right]
        if mask:
            b = mask.bit_length() - 1
            if mask & (mask - 1):
                nxt = hands[(turn + 1) & 3]
                m = mask
                while m:
                    c = m.bit_length() - 1
                    if low_of[c] == left or high_of[c] == left:
                        shut = not nxt & fits[10 * (pips_of[c] - left) + right]
                    else:
                        shut = not nxt & fits[10 * left + pips_of[c] - right]
                    if shut:
                        b = c
                        break
                    m ^= 1 << c
            hand ^= 1 << b
            hands[turn] = hand
            if low_of[b] == left or high_of[b] == left:
                left = pips_of[b] - left
            else:
                right = pips_of[b] - right
            if not hand:
                team = turn & 1
                other = team ^ 1
                return team, rank_pips(hands[other]) + rank_pips(hands[other + 2])
            passes = 0
        else:
            passes += 1
            if passes == 4:
                break
        turn = (turn + 1) & 3
    return blocked(hands)


FOLLOW = 4
"""Follow policy: key points per tile left in hand that fits the new ends (at most 3 count)."""


def follow_rollout(h0: int, h1: int, h2: int, h3: int, left: int, right: int,
                   turn: int, passes: int) -> tuple[int, int]:
    """Finish a hand with the *follow* policy; same arguments and result shape as :func:`heavy_rollout`.

    Each seat plays the tile (at its first matching end) with the best key plus
    :data:`FOLLOW` per tile of its own hand that fits the ends it leaves (at most
    3): shed weight but keep numbers you can follow. It reads only the seat's own
    hand. Ties go to the higher rank. The reference is :func:`.playout.follow_choice`.
    """
    hands = [h0, h1, h2, h3]
    fits, low_of, high_of, pips_of, key = FITS, R_LOW, R_HIGH, R_PIPS, R_KEY
    while True:
        hand = hands[turn]
        mask = hand & fits[10 * left + right]
        if mask:
            b = mask.bit_length() - 1
            if mask & (mask - 1):
                best = -1
                m = mask
                while m:
                    c = m.bit_length() - 1
                    m ^= 1 << c
                    rest = hand ^ (1 << c)
                    if low_of[c] == left or high_of[c] == left:
                        follow = (rest & fits[10 * (pips_of[c] - left) + right]).bit_count()
                    else:
                        follow = (rest & fits[10 * left + pips_of[c] - right]).bit_count()
                    score = key[c] + FOLLOW * (follow if follow < 3 else 3)
                    if score > best:
                        best, b = score, c
            hand ^= 1 << b
            hands[turn] = hand
            if low_of[b] == left or high_of[b] == left:
                left = pips_of[b] - left
            else:
                right = pips_of[b] - right
            if not hand:
                team = turn & 1
                other = team ^ 1
                return team, rank_pips(hands[other]) + rank_pips(hands[other + 2])
            passes = 0
        else:
            passes += 1
            if passes == 4:
                break
        turn = (turn + 1) & 3
    return blocked(hands)


def normal_rollout(h0: int, h1: int, h2: int, h3: int, left: int, right: int,
                   turn: int, passes: int, voids: list[int], heavy: int = 0,
                   exposed: list[int] | None = None, line: int = 0, unseen: float = 0.0,
                   partner_locked: float = W_PARTNER_LOCKED) -> tuple[int, int]:
    """Finish a hand with the *normal* policy; :func:`heavy_rollout`'s arguments plus ``voids``.

    ``voids[s]``: bit set of the pips seat ``s`` is known to lack (it passed on
    them, R15), updated as seats pass in the rollout (the list is modified).
    Each seat plays as :func:`.heuristic.score_play` scores (weights of
    :mod:`.heuristic`, without the laid-open-numbers terms): going out first,
    then pips, doubles, tiles of its own hand that follow the ends it leaves,
    ends the next opponent (and less, the other) cannot follow, never both ends
    closed to the partner. It reads its own hand and the passes only, never
    another hand of the world. Ties go to the higher rank, at the first matching end.
    The seats in the bit set ``heavy`` (bit ``s`` for seat index ``s``) play as
    :func:`heavy_rollout` instead: the highest rank that fits (a model of a
    player read as heavy-first, :mod:`.style`). With ``exposed`` (per seat the
    pips it laid open, :class:`.knowledge.Knowledge`; the list is modified) the
    laid-open-numbers terms of the score count too: support the partner's
    numbers, avoid the opponents'.
    With ``unseen`` > 0 (``line``: rank mask of the tiles on the line), each play
    also loses ``unseen`` per tile showing an end's number that the seat has not
    seen (neither in its hand nor on the line): ends the others can hardly
    follow are worth keeping open, as counting players keep them (a self-play
    fitted term, docs/computer-players.md). ``partner_locked`` is the penalty
    for closing both ends to the partner (default the normal level's).
    """
    hands = [h0, h1, h2, h3]
    fits, low_of, high_of, pips_of = FITS, R_LOW, R_HIGH, R_PIPS
    base, pm = R_BASE, R_PM
    while True:
        hand = hands[turn]
        mask = hand & fits[10 * left + right]
        if mask:
            b = mask.bit_length() - 1
            if mask & (mask - 1) and not heavy >> turn & 1:
                nv = voids[(turn + 1) & 3]
                pv = voids[(turn + 2) & 3]
                lv = voids[(turn + 3) & 3]
                if exposed is not None:
                    pe = exposed[(turn + 2) & 3]
                    oe = exposed[(turn + 1) & 3] | exposed[(turn + 3) & 3]
                best = -1e9
                m = mask
                while m:
                    c = m.bit_length() - 1
                    m ^= 1 << c
                    rest = hand ^ (1 << c)
                    if not rest:
                        b = c
                        break
                    if low_of[c] == left or high_of[c] == left:
                        a, z = pips_of[c] - left, right
                    else:
                        a, z = left, pips_of[c] - right
                    follow = (rest & fits[10 * a + z]).bit_count()
                    ends = 1 << a | 1 << z
                    score = base[c] + W_FOLLOW * (follow if follow < 3 else 3) \
                        + W_NEXT_VOID * (nv & ends).bit_count() + W_LAST_VOID * (lv & ends).bit_count()
                    if nv & ends == ends:
                        score += W_NEXT_LOCKED
                    if pv & ends == ends:
                        score -= partner_locked
                    if unseen:
                        seen = line | hand
                        score -= unseen * ((pm[a] & ~seen).bit_count() + ((pm[z] & ~seen).bit_count() if z != a else 0))
                    if exposed is not None:
                        score += W_PARTNER_NUMBER * (pe & ends).bit_count() - W_OPPONENT_NUMBER * (oe & ends).bit_count()
                    if score > best:
                        best, b = score, c
            hand ^= 1 << b
            hands[turn] = hand
            line |= 1 << b
            if low_of[b] == left or high_of[b] == left:
                left = pips_of[b] - left
                if exposed is not None:
                    exposed[turn] |= 1 << left
            else:
                right = pips_of[b] - right
                if exposed is not None:
                    exposed[turn] |= 1 << right
            if not hand:
                team = turn & 1
                other = team ^ 1
                return team, rank_pips(hands[other]) + rank_pips(hands[other + 2])
            passes = 0
        else:
            voids[turn] |= 1 << left | 1 << right
            passes += 1
            if passes == 4:
                break
        turn = (turn + 1) & 3
    return blocked(hands)


SAMPLED_DRAWS = 40
"""Uniform draws a :func:`sampled_rollout` may need: one per play with a choice, and a hand in play has at
most 39 plays left after the candidate's (40 tiles dealt, R9)."""


def sampled_rollout(h0: int, h1: int, h2: int, h3: int, left: int, right: int, turn: int, passes: int,
                    voids: list[int], draws: list[float], inverse_temperature: float,
                    heavy: int = 0) -> tuple[int, int]:
    """Finish a hand with each seat *sampling* its play from the softmax of the normal score; the result
    of :func:`normal_rollout`.

    The score is :func:`normal_rollout`'s (weights of :mod:`.heuristic`, the laid-open-numbers, unseen
    and partner options left out: pips, doubles, own tiles that follow the ends left, ends the next
    opponent and the other cannot follow, both ends closed to the partner), read from the seat's own
    hand and the passes only (``voids``, updated in place). A seat that can go out does (as there);
    otherwise, of its ``n`` fitting tiles in falling rank, tile ``i`` is played with probability
    ``exp(inverse_temperature * (score_i - best)) / sum_j exp(inverse_temperature * (score_j - best))``,
    chosen by the next unused number of ``draws`` (uniforms in [0, 1), at least :data:`SAMPLED_DRAWS`;
    the caller draws them once per world, so every candidate of a decision sees the same numbers: common
    random numbers). The seats in ``heavy`` play :func:`heavy_rollout`'s choice. A plain reference in
    ``tests/bots/test_bot_rankplay.py`` checks it. ``draws`` shorter than the plays with a choice raise
    ``IndexError``.
    """
    hands = [h0, h1, h2, h3]
    fits, low_of, high_of, pips_of = FITS, R_LOW, R_HIGH, R_PIPS
    base = R_BASE
    exp = math.exp
    drawn = 0
    while True:
        hand = hands[turn]
        mask = hand & fits[10 * left + right]
        if mask:
            b = mask.bit_length() - 1
            if mask & (mask - 1) and not heavy >> turn & 1:
                nv = voids[(turn + 1) & 3]
                pv = voids[(turn + 2) & 3]
                lv = voids[(turn + 3) & 3]
                tiles: list[int] = []
                scores: list[float] = []
                out = -1
                m = mask
                while m:
                    c = m.bit_length() - 1
                    m ^= 1 << c
                    rest = hand ^ (1 << c)
                    if not rest:
                        out = c
                        break
                    if low_of[c] == left or high_of[c] == left:
                        a, z = pips_of[c] - left, right
                    else:
                        a, z = left, pips_of[c] - right
                    follow = (rest & fits[10 * a + z]).bit_count()
                    ends = 1 << a | 1 << z
                    score = base[c] + W_FOLLOW * (follow if follow < 3 else 3) \
                        + W_NEXT_VOID * (nv & ends).bit_count() + W_LAST_VOID * (lv & ends).bit_count()
                    if nv & ends == ends:
                        score += W_NEXT_LOCKED
                    if pv & ends == ends:
                        score -= W_PARTNER_LOCKED
                    tiles.append(c)
                    scores.append(score)
                if out >= 0:
                    b = out
                else:
                    top = max(scores)
                    weights = [exp(inverse_temperature * (x - top)) for x in scores]
                    u = draws[drawn] * sum(weights)
                    drawn += 1
                    b = tiles[-1]
                    for c, w in zip(tiles, weights):
                        u -= w
                        if u < 0:
                            b = c
                            break
            hand ^= 1 << b
            hands[turn] = hand
            if low_of[b] == left or high_of[b] == left:
                left = pips_of[b] - left
            else:
                right = pips_of[b] - right
            if not hand:
                team = turn & 1
                other = team ^ 1
                return team, rank_pips(hands[other]) + rank_pips(hands[other + 2])
            passes = 0
        else:
            voids[turn] |= 1 << left | 1 << right
            passes += 1
            if passes == 4:
                break
        turn = (turn + 1) & 3
    return blocked(hands)


WEIGHT_KEYS: tuple[str, ...] = ("pips", "double", "follow", "next_void", "next_locked", "last_void", "partner_locked",
                                "unseen", "close", "control", "pnum", "onum", "unseen_next", "unseen_sq")
"""The terms of :func:`weighted_rollout`'s score, in the order of its weight tuples (``bench/rollouttune.py``'s
``BASE`` keys but ``cap``, fixed at 3, and the lead's ``lead_suit``)."""
NORMAL_WEIGHTS: tuple[float, ...] = (W_PIPS, W_DOUBLE, W_FOLLOW, W_NEXT_VOID, W_NEXT_LOCKED, W_LAST_VOID,
                                     W_PARTNER_LOCKED, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
"""The normal rollout's weights as a :func:`weighted_rollout` tuple: it then plays :func:`normal_rollout`."""
_FULL = (1 << 55) - 1


def weighted_rollout(h0: int, h1: int, h2: int, h3: int, left: int, right: int, turn: int, passes: int,
                     voids: list[int], weights: list[tuple[float, ...]], exposed: list[int], line: int,
                     heavy: int = 0) -> tuple[int, int]:
    """Finish a hand with a linear play score whose weights are given per seat; :func:`normal_rollout`'s result.

    ``weights[s]``: seat ``s``'s weights, one per :data:`WEIGHT_KEYS` term, each play of a tile ``c``
    leaving ends ``a``, ``z`` scoring (rest: the hand after the play; seen: the line and the hand;
    unseen tiles of an end: the tiles showing its number that are not seen): ``pips`` x c's pips,
    ``double`` if c is a double, ``follow`` x min(tiles of the rest that fit the new ends, 3),
    ``next_void`` / ``last_void`` x the ends the next / last seat passed on, ``next_locked`` if the next
    seat passed on both, minus ``partner_locked`` if the partner did, minus ``unseen`` x the unseen tiles
    of both ends (minus ``unseen_next`` x those of the ends the next seat has not passed on, minus
    ``unseen_sq`` x the sum of their squares / 10), ``control`` x the ends where the rest holds more
    tiles of the number than are unseen, ``pnum`` x the ends showing a number the partner laid open,
    minus ``onum`` x those the opponents laid open, and ``close`` x +1 or -1 for a play after which no
    tile of the ends is unseen or in the rest (the hand blocks, R17), by whether the seat's team's
    estimated pips (the rest, or the partner's count x the unseen tiles' mean pips) are below the
    opponents'. Every term is read from what the seat knows: its hand, the line, the passes
    (``voids``, updated in place), the numbers laid open (``exposed``, per seat, updated in place), the
    tile counts. Going out comes first; ties go to the higher rank, at the first matching end; the
    seats in ``heavy`` play :func:`heavy_rollout`'s choice. With :data:`NORMAL_WEIGHTS` for every seat
    it plays exactly :func:`normal_rollout` (``tests/bots/test_bot_rankplay.py``); the weights fitted to
    predict strong and expert players are in :mod:`.imitation` (docs/computer-players.md).
    """
    hands = [h0, h1, h2, h3]
    fits, low_of, high_of, pips_of, pm = FITS, R_LOW, R_HIGH, R_PIPS, R_PM
    while True:
        hand = hands[turn]
        mask = hand & fits[10 * left + right]
        if mask:
            b = mask.bit_length() - 1
            if mask & (mask - 1) and not heavy >> turn & 1:
                (w_pips, w_double, w_follow, w_nv, w_nl, w_lv, w_pl, w_un, w_close, w_control, w_pnum, w_onum,
                 w_unext, w_usq) = weights[turn]
                nv = voids[(turn + 1) & 3]
                pv = voids[(turn + 2) & 3]
                lv = voids[(turn + 3) & 3]
                pe = exposed[(turn + 2) & 3]
                oe = exposed[(turn + 1) & 3] | exposed[(turn + 3) & 3]
                seen = line | hand
                best = -1e9
                m = mask
                while m:
                    c = m.bit_length() - 1
                    m ^= 1 << c
                    rest = hand ^ (1 << c)
                    if not rest:
                        b = c
                        break
                    if low_of[c] == left or high_of[c] == left:
                        a, z = pips_of[c] - left, right
                    else:
                        a, z = left, pips_of[c] - right
                    fm = rest & fits[10 * a + z]
                    follow = fm.bit_count()
                    ends = 1 << a | 1 << z
                    score = w_pips * pips_of[c] + (w_double if low_of[c] == high_of[c] else 0.0) \
                        + w_follow * (follow if follow < 3 else 3) \
                        + w_nv * (nv & ends).bit_count() + w_lv * (lv & ends).bit_count()
                    if nv & ends == ends:
                        score += w_nl
                    if pv & ends == ends:
                        score -= w_pl
                    ua = (pm[a] & ~seen).bit_count()
                    uz = (pm[z] & ~seen).bit_count() if z != a else 0
                    if w_un:
                        score -= w_un * (ua + uz)
                    if w_usq:
                        score -= w_usq * (ua * ua + uz * uz) / 10
                    if w_unext:
                        score -= w_unext * ((ua if not nv >> a & 1 else 0) + (uz if not nv >> z & 1 else 0))
                    if w_control:
                        fa = (rest & pm[a]).bit_count()
                        fz = (rest & pm[z]).bit_count() if z != a else 0
                        score += w_control * ((fa > ua) + (fz > uz))
                    if w_pnum or w_onum:
                        score += w_pnum * (pe & ends).bit_count() - w_onum * (oe & ends).bit_count()
                    if w_close and ua + uz == 0 and not fm:
                        un_all = _FULL ^ seen
                        avg = rank_pips(un_all) / max(un_all.bit_count(), 1)
                        est_opp = min(hands[(turn + 1) & 3].bit_count(), hands[(turn + 3) & 3].bit_count()) * avg
                        est_we = min(rank_pips(rest), hands[(turn + 2) & 3].bit_count() * avg)
                        score += w_close if est_we < est_opp else -w_close
                    if score > best:
                        best, b = score, c
            hand ^= 1 << b
            hands[turn] = hand
            line |= 1 << b
            if low_of[b] == left or high_of[b] == left:
                left = pips_of[b] - left
                exposed[turn] |= 1 << left
            else:
                right = pips_of[b] - right
                exposed[turn] |= 1 << right
            if not hand:
                team = turn & 1
                other = team ^ 1
                return team, rank_pips(hands[other]) + rank_pips(hands[other + 2])
            passes = 0
        else:
            voids[turn] |= 1 << left | 1 << right
            passes += 1
            if passes == 4:
                break
        turn = (turn + 1) & 3
    return blocked(hands)
