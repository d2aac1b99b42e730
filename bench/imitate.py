"""Imitation: fit the expert's rollout policy to predict what strong and expert players choose.

    nice -n 10 .venv/bin/python bench/imitate.py log --matches 200 --seed 7 --out decisions.jsonl
    .venv/bin/python bench/imitate.py fit decisions.jsonl

``log`` plays whole matches of ``strong`` against ``expert`` (sides swapped every other match, each
seat deciding from its view with the selfplay generators, R24) and writes one JSON line per decision
with more than one distinct candidate (:func:`.strong.distinct_plays`): who decided (``"w"``: the
level), the kind (``"k"``: ``"p"`` a play, ``"l"`` the opener's lead), each candidate's feature values
(``"f"``: the terms of ``bench/rollouttune.py``'s parameterised score, in the order of :data:`PLAY_KEYS`
or :data:`LEAD_KEYS`, signed so that the score is the sum of weight times feature), each candidate's
playout rank (``"r"``, :mod:`.rankplay`: the heavy-first order) and the index of the chosen candidate
(``"c"``). The features are computed as the rank-kernel rollout sees a play: the seat's own hand, the
line, the ends, the passes (``known_void``) and the numbers laid open, from the seat's view only.

``fit`` fits a conditional logit (a softmax over each decision's candidates of the weighted feature
sum) by maximum likelihood (Newton's method with a small ridge) on 80% of the decisions (by a seeded
split) for strong's seats, expert's seats and both, and reports the held-out mean log-likelihood
per decision and top-1 accuracy against the default normal weights at their best single temperature
and against heavy-first (``exp(beta * (pips + 1.5 if a double))`` at its best beta; top-1 the highest
playout rank). A research tool (issue 14, docs/computer-players.md), not a test.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import sys

from doublenine.server.bots import decide
from doublenine.server.bots.heuristic import W_LEAD_SUIT
from doublenine.server.bots.knowledge import Knowledge, knowledge
from doublenine.server.bots.rankplay import (FITS, NORMAL_WEIGHTS, R_HIGH, R_LOW, R_PIPS, R_PM, RANK, WEIGHT_KEYS, rank_pips,
                                             to_rank)
from doublenine.server.bots.selfplay import decision_rng
from doublenine.server.bots.strong import distinct_plays
from doublenine.shared.events import MatchLog
from doublenine.shared.moves import End, Play
from doublenine.shared.numbers import arg_int
from doublenine.shared.rules import to_act
from doublenine.shared.seats import Team
from doublenine.shared.state import Phase
from doublenine.shared.views import SeatView, view_for

PLAY_KEYS = WEIGHT_KEYS
"""The play features: :data:`.rankplay.WEIGHT_KEYS`, the terms :func:`.rankplay.weighted_rollout` scores
(``bench/rollouttune.py``'s ``BASE`` keys but ``cap``, fixed at 3, and ``lead_suit``)."""
LEAD_KEYS = ("pips", "double", "lead_suit")
NORMAL = dict(zip(WEIGHT_KEYS, NORMAL_WEIGHTS), lead_suit=W_LEAD_SUIT)
"""The normal rollout's weights (server/bots/heuristic.py, as :data:`.rankplay.NORMAL_WEIGHTS`); every
other key 0."""
FULL = (1 << 55) - 1
CAP = 3


def play_features(k: Knowledge, rank: int, end: End) -> list[float]:
    """The :data:`PLAY_KEYS` features of laying the tile of rank ``rank`` at ``end``, as the kernel scores it."""
    hand = to_rank(k.hand)
    line = to_rank(FULL ^ (k.hidden | k.hand))
    me, left, right = k.me, k.left, k.right
    c = rank
    rest = hand ^ (1 << c)
    if end is End.LEFT:
        a, z = R_PIPS[c] - left, right
    else:
        a, z = left, R_PIPS[c] - right
    nv, pv, lv = k.voids[(me + 1) & 3], k.voids[(me + 2) & 3], k.voids[(me + 3) & 3]
    pe = k.exposed[(me + 2) & 3]
    oe = k.exposed[(me + 1) & 3] | k.exposed[(me + 3) & 3]
    fm = rest & FITS[10 * a + z]
    follow = fm.bit_count()
    ends = 1 << a | 1 << z
    seen = line | hand
    ua = (R_PM[a] & ~seen).bit_count()
    uz = (R_PM[z] & ~seen).bit_count() if z != a else 0
    un = (ua if not nv >> a & 1 else 0) + (uz if not nv >> z & 1 else 0)
    fa = (rest & R_PM[a]).bit_count()
    fz = (rest & R_PM[z]).bit_count() if z != a else 0
    close = 0.0
    if ua + uz == 0 and not fm:
        un_all = FULL ^ (line | hand)
        avg = rank_pips(un_all) / max(un_all.bit_count(), 1)
        est_opp = min(k.counts[(me + 1) & 3], k.counts[(me + 3) & 3]) * avg
        est_we = min(rank_pips(rest), k.counts[(me + 2) & 3] * avg)
        close = 1.0 if est_we < est_opp else -1.0
    return [float(R_PIPS[c]), float(R_LOW[c] == R_HIGH[c]), float(min(follow, CAP)),
            float((nv & ends).bit_count()), float(nv & ends == ends), float((lv & ends).bit_count()),
            -float(pv & ends == ends), -float(ua + uz), close, float((fa > ua) + (fz > uz)),
            float((pe & ends).bit_count()), -float((oe & ends).bit_count()), -float(un), -(ua * ua + uz * uz) / 10]


def lead_features(k: Knowledge, rank: int) -> list[float]:
    """The :data:`LEAD_KEYS` features of leading the tile of rank ``rank`` (the normal level's lead score)."""
    hand = to_rank(k.hand)
    suit = ((hand ^ (1 << rank)) & (R_PM[R_LOW[rank]] | R_PM[R_HIGH[rank]])).bit_count()
    return [float(R_PIPS[rank]), float(R_LOW[rank] == R_HIGH[rank]), float(suit)]


def record(view: SeatView, level: str, move: object) -> dict[str, object] | None:
    """The decision's line (module docstring), or None if it had at most one distinct candidate."""
    moves = view.legal_moves()
    if len(moves) < 2 or not isinstance(moves[0], Play) or len(view.hand) < 2:
        return None
    k = knowledge(view)
    cands = distinct_plays(k, moves)
    if len(cands) < 2:
        return None
    lead = k.left < 0

    def key(m: Play) -> tuple[int, int, int]:
        t = m.tile
        if lead:
            return (t.index, 0, 0)
        ends = (t.other_end(k.left), k.right) if m.end is End.LEFT else (k.left, t.other_end(k.right))
        return (t.index, min(ends), max(ends))

    keys = [key(m) for m, _, _ in cands]
    assert isinstance(move, Play)
    chosen = keys.index(key(move))
    feats = [lead_features(k, RANK[i]) if lead else play_features(k, RANK[i], m.end) for m, i, _ in cands]
    return {"w": level, "k": "l" if lead else "p", "f": feats, "r": [RANK[i] for _, i, _ in cands], "c": chosen}


def log_match(match_seed: int, strong_team: Team, out: list[dict[str, object]],
              levels: tuple[str, str] = ("strong", "expert")) -> None:
    """Play one whole match of ``levels[0]`` (on ``strong_team``) against ``levels[1]``; append its
    decisions' lines (:func:`record`)."""
    log = MatchLog(seed=match_seed)
    while log.state.phase is not Phase.MATCH_OVER:
        state = log.state
        seat = min(to_act(state))
        view = view_for(state, seat)
        assert isinstance(view, SeatView)
        level = levels[0] if seat.team is strong_team else levels[1]
        move = decide(view, level, decision_rng(match_seed, len(log.events)))
        if isinstance(move, Play):
            line = record(view, level, move)
            if line is not None:
                out.append(line)
        log.submit(move)


def _log(args: argparse.Namespace) -> int:
    n = {"strong": 0, "expert": 0}
    with open(args.out, "a", encoding="utf-8") as f:
        for i in range(args.matches):
            lines: list[dict[str, object]] = []
            log_match(args.seed * 100_000 + i // 2, Team.A if i % 2 == 0 else Team.B, lines)
            for line in lines:
                f.write(json.dumps(line, separators=(",", ":")) + "\n")
                if line["k"] == "p":
                    n[str(line["w"])] += 1
            f.flush()
            print(f"{i + 1} matches: play decisions strong {n['strong']} expert {n['expert']}", flush=True)
    return 0


# ---- fitting -------------------------------------------------------------------------------------

Decision = tuple[list[list[float]], list[int], int]


def loglik(w: list[float], data: list[Decision], want_grad: bool = True
           ) -> tuple[float, list[float], list[list[float]]]:
    """Sum of log P(chosen) under the softmax of ``w . f``, its gradient and Hessian (``want_grad``)."""
    d = len(w)
    total = 0.0
    g = [0.0] * d
    h = [[0.0] * d for _ in range(d)]
    for feats, _, c in data:
        s = [sum(wi * fi for wi, fi in zip(w, f)) for f in feats]
        top = max(s)
        e = [math.exp(x - top) for x in s]
        z = sum(e)
        total += s[c] - top - math.log(z)
        if not want_grad:
            continue
        p = [x / z for x in e]
        mean = [sum(p[j] * feats[j][i] for j in range(len(feats))) for i in range(d)]
        fc = feats[c]
        for i in range(d):
            g[i] += fc[i] - mean[i]
        for j, f in enumerate(feats):
            pj = p[j]
            if pj < 1e-12:
                continue
            dev = [f[i] - mean[i] for i in range(d)]
            for i in range(d):
                di = pj * dev[i]
                if di:
                    row = h[i]
                    for l in range(i, d):
                        row[l] -= di * dev[l]
    for i in range(d):
        for l in range(i):
            h[i][l] = h[l][i]
    return total, g, h


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``x`` with ``a x = b`` (Gaussian elimination with partial pivoting)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            if f:
                for cc in range(col, n + 1):
                    m[r][cc] -= f * m[col][cc]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][cc] * x[cc] for cc in range(r + 1, n))) / m[r][r]
    return x


def fit(data: list[Decision], d: int, ridge: float = 1e-2, steps: int = 30) -> list[float]:
    """Maximum likelihood weights (Newton with a ridge ``ridge * |w|^2 / 2``, halving steps that lose)."""
    w = [0.0] * d
    ll, g, h = loglik(w, data)
    ll -= ridge * sum(x * x for x in w) / 2
    for _ in range(steps):
        g = [gi - ridge * wi for gi, wi in zip(g, w)]
        neg = [[-h[i][j] + (ridge if i == j else 0.0) for j in range(d)] for i in range(d)]
        step = solve(neg, g)
        t = 1.0
        while t > 1e-4:
            w2 = [wi + t * si for wi, si in zip(w, step)]
            ll2, g2, h2 = loglik(w2, data)
            ll2 -= ridge * sum(x * x for x in w2) / 2
            if ll2 >= ll - 1e-9:
                break
            t /= 2
        if t <= 1e-4:
            break
        done = ll2 - ll < 1e-6 * len(data)
        w, ll, g, h = w2, ll2, g2, h2
        if done:
            break
    return w


def top1(w: list[float], data: list[Decision]) -> float:
    """Share of decisions whose chosen candidate has the best score (split evenly among tied best)."""
    hit = 0.0
    for feats, _, c in data:
        s = [sum(wi * fi for wi, fi in zip(w, f)) for f in feats]
        best = max(s)
        tied = [j for j, x in enumerate(s) if x >= best - 1e-9]
        hit += (c in tied) / len(tied)
    return hit / len(data)


def heavy_top1(data: list[Decision]) -> float:
    """Share of decisions where the chosen candidate is the highest playout rank (the first such)."""
    return sum(ranks.index(max(ranks)) == c for _, ranks, c in data) / len(data)


def best_scale(w: list[float], train: list[Decision]) -> float:
    """The temperature (a multiplier of ``w``) of best training log-likelihood, on a log grid."""
    grid = [2 ** (k / 4) for k in range(-24, 13)]
    return max(grid, key=lambda t: loglik([t * x for x in w], train, False)[0])


def _fit(args: argparse.Namespace) -> int:
    rows: list[dict[str, object]] = []
    with open(args.file, encoding="utf-8") as f:
        for line in f:
            rows.append(json.loads(line))
    rng = random.Random(args.seed)
    test_mark = [rng.random() < 0.2 for _ in rows]
    fitted: dict[str, dict[str, float]] = {}
    for kind, keys in (("p", PLAY_KEYS), ("l", LEAD_KEYS)):
        normal = [NORMAL.get(k_, 0.0) for k_ in keys]
        heavy_idx = [keys.index("pips"), keys.index("double")]
        for who in ("strong", "expert", "both"):
            sel = [(r, t) for r, t in zip(rows, test_mark) if r["k"] == kind and who in ("both", r["w"])]
            train = [(r["f"], r["r"], r["c"]) for r, t in sel if not t]
            test = [(r["f"], r["r"], r["c"]) for r, t in sel if t]
            if not train or not test:
                continue
            w = fit(train, len(keys))
            t_norm = best_scale(normal, train)
            hv = [0.0] * len(keys)
            hv[heavy_idx[0]], hv[heavy_idx[1]] = 1.0, 1.5
            t_heavy = best_scale(hv, train)
            n = len(test)
            uniform = -sum(math.log(len(f_)) for f_, _, _ in test) / n
            res = {
                "fitted": (loglik(w, test, False)[0] / n, top1(w, test)),
                f"normal x{t_norm:.3g}": (loglik([t_norm * x for x in normal], test, False)[0] / n, top1(normal, test)),
                f"heavy beta {t_heavy:.3g}": (loglik([t_heavy * x for x in hv], test, False)[0] / n, heavy_top1(test)),
                "uniform": (uniform, sum(1 / len(f_) for f_, _, _ in test) / n),
            }
            print(f"{'play' if kind == 'p' else 'lead'} decisions of {who}: {len(train)} train, {n} held out,"
                  f" {sum(len(f_) for f_, _, _ in test) / n:.2f} candidates each")
            for name, (ll, acc) in res.items():
                print(f"  {name:18s} held-out log-lik/decision {ll:+.4f}  top-1 {acc:.3f}")
            print("  weights: " + " ".join(f"{k_}={x:.3f}" for k_, x in zip(keys, w)))
            fitted[f"{kind}:{who}"] = dict(zip(keys, w))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(fitted, f, indent=1)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    lg = sub.add_parser("log")
    lg.add_argument("--matches", type=arg_int(1, 100_000), default=100)
    lg.add_argument("--seed", type=arg_int(0), default=7)
    lg.add_argument("--out", required=True)
    ft = sub.add_parser("fit")
    ft.add_argument("file")
    ft.add_argument("--seed", type=arg_int(0), default=1)
    ft.add_argument("--json")
    args = parser.parse_args()
    return _log(args) if args.cmd == "log" else _fit(args)


if __name__ == "__main__":
    sys.exit(main())
