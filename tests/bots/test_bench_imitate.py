"""bench/imitate.py: the decisions logged for fitting the expert's rollout policy (issue 14)."""
from __future__ import annotations

import sys
from pathlib import Path

from doublenine.server.bots.rankplay import NORMAL_WEIGHTS, WEIGHT_KEYS
from doublenine.shared.seats import Team

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))
import imitate  # noqa: E402


def _best(w: list[float], feats: list[list[float]]) -> list[int]:
    scores = [sum(a * b for a, b in zip(w, f)) for f in feats]
    return [j for j, s in enumerate(scores) if s == max(scores)]


def test_the_features_with_the_normal_levels_weights_choose_as_the_normal_level() -> None:
    """A match of normal against heaviest logged: every normal seat's play is the first best candidate
    under the normal level's whole score written as feature weights (heuristic.score_play, its laid-open
    numbers terms being ``pnum`` 2.5 and ``onum`` 2.0), its lead the best lead score; the heaviest seats'
    choices are the most pips. So the features are the score's terms, read from the view."""
    assert imitate.PLAY_KEYS == WEIGHT_KEYS
    lines: list[dict[str, object]] = []
    imitate.log_match(4242, Team.A, lines, ("normal", "heaviest"))
    w = dict(zip(WEIGHT_KEYS, NORMAL_WEIGHTS), pnum=2.5, onum=2.0)
    play_w = [w[k] for k in imitate.PLAY_KEYS]
    lead_w = [imitate.NORMAL[k] for k in imitate.LEAD_KEYS]
    counted = {("normal", "p"): 0, ("normal", "l"): 0, ("heaviest", "p"): 0}
    for line in lines:
        feats, ranks, chosen = line["f"], line["r"], line["c"]
        assert isinstance(feats, list) and isinstance(ranks, list) and isinstance(chosen, int)
        key = (line["w"], line["k"])
        counted[key] = counted.get(key, 0) + 1  # type: ignore[index]
        if line["w"] == "normal":
            assert _best(play_w if line["k"] == "p" else lead_w, feats)[0] == chosen
        elif line["k"] == "p":
            assert feats[chosen][0] == max(f[0] for f in feats)  # type: ignore[index]
    assert counted[("normal", "p")] > 50 and counted[("normal", "l")] >= 1 and counted[("heaviest", "p")] > 50


def test_the_unseen_feature_counts_the_tiles_of_an_ends_number_outside_the_hand_and_the_line() -> None:
    """The ``unseen`` feature (minus the tiles showing an end's number that the seat has not seen), checked
    against a count on the view's tiles for every candidate of the first decisions of a match."""
    from doublenine.server.bots import decide
    from doublenine.server.bots.knowledge import knowledge
    from doublenine.server.bots.rankplay import RANK
    from doublenine.server.bots.selfplay import decision_rng
    from doublenine.server.bots.strong import distinct_plays
    from doublenine.shared.events import MatchLog
    from doublenine.shared.moves import End, Play
    from doublenine.shared.rules import to_act
    from doublenine.shared.tiles import DOUBLE_NINE_SET
    from doublenine.shared.views import view_for
    log = MatchLog(seed=77)
    checked = 0
    while checked < 60:
        seat = min(to_act(log.state))
        view = view_for(log.state, seat)
        move = decide(view, "normal", decision_rng(77, len(log.events)))
        moves = view.legal_moves()
        if isinstance(move, Play) and view.ends is not None and len(moves) > 1:
            k = knowledge(view)
            seen = {p.tile for p in view.line} | set(view.hand)
            for m, i, _ in distinct_plays(k, moves):
                t = m.tile
                a, z = (t.other_end(k.left), k.right) if m.end is End.LEFT else (k.left, t.other_end(k.right))
                want = sum(1 for u in DOUBLE_NINE_SET if u not in seen and (u.has(a) or u.has(z)) and u != t) \
                    + (sum(1 for u in DOUBLE_NINE_SET if u not in seen and u.has(a) and u.has(z) and a != z))
                feats = imitate.play_features(k, RANK[i], m.end)
                assert -feats[imitate.PLAY_KEYS.index("unseen")] == want
                checked += 1
        log.submit(move)
