"""Duplicate self-play of two rollout policies in the rank kernel: which weights play stronger.

    .venv/bin/python bench/rollouttune.py --deals 30000 --seed 98 --a unseen=1 --a partner_locked=3
    .venv/bin/python bench/rollouttune.py --deals 30000 --seed 98 --a unseen=1 --a partner_locked=3 \
        --a double=7.5 --a onum=5

Each deal (10 tiles a seat, 15 asleep, a random opener) is played twice, policy A's team
on seats 1/3 and then on 2/4 (the same deal both times); the margin is A's team's points
minus B's (R17, R18) per hand, with its standard error. Both policies are the normal
rollout's score (:func:`doublenine.server.bots.rankplay.normal_rollout`) with weights that
can be changed (``--a KEY=VALUE``, ``--b KEY=VALUE``; keys in ``BASE``): ``unseen`` (per
tile of an end's number the seat has not seen), ``onum``/``pnum`` (ends showing a number the
opponents / the partner laid open), ``close`` (a play that blocks the hand, by its
estimated result), ``control`` (ends where the seat holds more tiles of the number than it
has not seen), ``unseen_next``, ``unseen_sq``. Before measuring it checks, on 300 deals,
that its policy with ``BASE`` plays exactly the kernel's ``normal_rollout`` (the same
results), so the figures are those of the expert's rollout policy. A research tool
(issue 14, docs/computer-players.md), not a test.
"""
from __future__ import annotations

import argparse
import math
import random

from doublenine.server.bots.rankplay import FITS, R_HIGH, R_LOW, R_PIPS, R_PM, blocked, normal_rollout, rank_pips
from doublenine.shared.numbers import arg_int

FULL = (1 << 55) - 1
DOUBLE = [1 if R_LOW[r] == R_HIGH[r] else 0 for r in range(55)]
BASE = dict(pips=1.0, double=5.0, follow=2.5, cap=3, next_void=6.0, next_locked=10.0, last_void=2.0,
            partner_locked=9.0, lead_suit=3.0, unseen=0.0, close=0.0, control=0.0, pnum=0.0, onum=0.0,
            unseen_next=0.0, unseen_sq=0.0)
"""The normal rollout's weights (server/bots/heuristic.py) and the extra terms, all off."""


def _lead(hand: int, w: dict[str, float]) -> int:
    """The rank the opener leads: the normal level's lead score (weight plus tiles sharing a number)."""
    best, b = -1e9, -1
    m = hand
    while m:
        c = m.bit_length() - 1
        m ^= 1 << c
        suit = ((hand ^ (1 << c)) & (R_PM[R_LOW[c]] | R_PM[R_HIGH[c]])).bit_count()
        s = w['pips'] * R_PIPS[c] + w['double'] * DOUBLE[c] + w['lead_suit'] * suit
        if s > best:
            best, b = s, c
    return b


def play_hand(hands: list[int], wts: list[dict[str, float]], opener: int) -> tuple[int, int]:
    """One hand from the deal (rank masks), seat ``s`` scoring with ``wts[s]``: (team or -1, points)."""
    hands = list(hands)
    voids = [0, 0, 0, 0]
    exposed = [0, 0, 0, 0]
    turn = opener
    b = _lead(hands[turn], wts[turn])
    hands[turn] ^= 1 << b
    left, right = R_LOW[b], R_HIGH[b]
    exposed[turn] |= 1 << left | 1 << right
    line = 1 << b
    passes = 0
    turn = (turn + 1) & 3
    fits = FITS
    while True:
        hand = hands[turn]
        mask = hand & fits[10 * left + right]
        if mask:
            b = mask.bit_length() - 1
            if mask & (mask - 1):
                w = wts[turn]
                nv = voids[(turn + 1) & 3]; pv = voids[(turn + 2) & 3]; lv = voids[(turn + 3) & 3]
                pe = exposed[(turn + 2) & 3]; oe = exposed[(turn + 1) & 3] | exposed[(turn + 3) & 3]
                best = -1e9
                m = mask
                cap = w['cap']
                while m:
                    c = m.bit_length() - 1
                    m ^= 1 << c
                    rest = hand ^ (1 << c)
                    if not rest:
                        b = c; break
                    if R_LOW[c] == left or R_HIGH[c] == left:
                        a, z = R_PIPS[c] - left, right
                    else:
                        a, z = left, R_PIPS[c] - right
                    fm = rest & fits[10 * a + z]
                    follow = fm.bit_count()
                    ends = 1 << a | 1 << z
                    score = w['pips'] * R_PIPS[c] + w['double'] * DOUBLE[c] + w['follow'] * (follow if follow < cap else cap) \
                        + w['next_void'] * (nv & ends).bit_count() + w['last_void'] * (lv & ends).bit_count()
                    if nv & ends == ends: score += w['next_locked']
                    if pv & ends == ends: score -= w['partner_locked']
                    seen = line | (1 << c) | rest
                    ua = (R_PM[a] & ~seen).bit_count()
                    uz = (R_PM[z] & ~seen).bit_count() if z != a else 0
                    score -= w['unseen'] * (ua + uz)
                    if w['unseen_sq']:
                        score -= w['unseen_sq'] * (ua * ua + uz * uz) / 10
                    if w['unseen_next']:  # unseen on ends the next opponent is not known void on
                        un = (ua if not nv >> a & 1 else 0) + (uz if not nv >> z & 1 else 0)
                        score -= w['unseen_next'] * un
                    if w['control']:
                        fa = (rest & R_PM[a]).bit_count(); fz = (rest & R_PM[z]).bit_count() if z != a else 0
                        score += w['control'] * ((fa > ua) + (fz > uz))
                    if w['pnum'] or w['onum']:
                        score += w['pnum'] * (pe & ends).bit_count() - w['onum'] * (oe & ends).bit_count()
                    if w['close'] and ua + uz == 0 and not fm:
                        # the play blocks the hand: expected margin from this seat's knowledge
                        un_all = FULL ^ (line | (1 << c) | rest)
                        avg = rank_pips(un_all) / max(un_all.bit_count(), 1)
                        mine = rank_pips(rest)
                        nopp = hands[(turn + 1) & 3].bit_count(), hands[(turn + 3) & 3].bit_count()
                        npart = hands[(turn + 2) & 3].bit_count()
                        est_opp = min(nopp) * avg
                        est_we = min(mine, npart * avg)
                        score += w['close'] * (1 if est_we < est_opp else -1)
                    if score > best: best, b = score, c
            hand ^= 1 << b
            hands[turn] = hand
            line |= 1 << b
            if R_LOW[b] == left or R_HIGH[b] == left:
                left = R_PIPS[b] - left; exposed[turn] |= 1 << left
            else:
                right = R_PIPS[b] - right; exposed[turn] |= 1 << right
            if not hand:
                team = turn & 1; o = team ^ 1
                return team, rank_pips(hands[o]) + rank_pips(hands[o + 2])
            passes = 0
        else:
            voids[turn] |= 1 << left | 1 << right
            passes += 1
            if passes == 4: break
        turn = (turn + 1) & 3
    return blocked(hands)

def deals(n: int, seed: int) -> list[tuple[list[int], int]]:
    """``n`` seeded deals: four rank-mask hands of 10 and the opener."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        t = list(range(55)); rng.shuffle(t)
        hs = [sum(1 << r for r in t[10 * s:10 * s + 10]) for s in range(4)]
        out.append((hs, rng.randrange(4)))
    return out

def margin(wa: dict[str, float], wb: dict[str, float], ds: list[tuple[list[int], int]]) -> tuple[float, float]:
    """A's team's points minus B's per hand over the deals played both ways, and its standard error."""
    tot = 0; sq = 0
    for hs, op in ds:
        d = 0
        for a_team in (0, 1):
            wts = [wa if (s & 1) == a_team else wb for s in range(4)]
            team, pts = play_hand(hs, wts, op)
            if team == a_team: d += pts
            elif team >= 0: d -= pts
        tot += d; sq += d * d
    n = len(ds)
    mean = tot / n
    return mean / 2, math.sqrt(max(sq / n - mean * mean, 0) / (n - 1)) / 2



def _setting(text: str) -> tuple[str, float]:
    key, sep, value = text.partition("=")
    if not sep or key not in BASE:
        raise argparse.ArgumentTypeError(f"KEY=VALUE with KEY one of {', '.join(BASE)}")
    try:
        number = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a number") from None
    if not math.isfinite(number) or abs(number) > 1000:
        raise argparse.ArgumentTypeError(f"{value!r} is outside -1000..1000")
    return key, number


def _same_as_kernel(n: int) -> None:
    """The BASE policy plays the kernel's normal rollout (from the same lead) on ``n`` deals."""
    for hs, op in deals(n, 1):
        ours = play_hand(hs, [BASE] * 4, op)
        hands = list(hs)
        lead = _lead(hands[op], BASE)
        hands[op] ^= 1 << lead
        theirs = normal_rollout(*hands, R_LOW[lead], R_HIGH[lead], (op + 1) & 3, 0, [0, 0, 0, 0])
        if ours != theirs:
            raise SystemExit(f"rollouttune: the BASE policy differs from normal_rollout ({ours} != {theirs})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=arg_int(2, 10_000_000), default=30_000)
    parser.add_argument("--seed", type=arg_int(0), default=98)
    parser.add_argument("--a", action="append", default=[], type=_setting, help="policy A's KEY=VALUE")
    parser.add_argument("--b", action="append", default=[], type=_setting, help="policy B's KEY=VALUE")
    args = parser.parse_args()
    _same_as_kernel(300)
    wa, wb = dict(BASE), dict(BASE)
    wa.update(args.a)
    wb.update(args.b)
    mean, se = margin(wa, wb, deals(args.deals, args.seed))
    print(f"{args.deals} deals: A's margin per hand {mean:+.3f} +- {se:.3f}")
    print("A:", " ".join(f"{k}={v:g}" for k, v in wa.items() if v != BASE[k]) or "BASE")
    print("B:", " ".join(f"{k}={v:g}" for k, v in wb.items() if v != BASE[k]) or "BASE")


if __name__ == "__main__":
    main()
