"""The coach: where a finished hand was lost, decision by decision (issue 14.2, R21-R23, R25).

For one seat of one finished hand, :func:`review_hand` rebuilds every decision that seat
made -- the review answer (R10), the lead (R14), each play and each (forced) pass (R15) --
as the :class:`SeatView` the seat had then: the hand's starting state is rebuilt from the
ledger record and the hand's moves are re-applied through the rules, and :func:`view_for`
cuts the seat's view from it. The other hands, revealed now (R22), never reach the
evaluation: it receives that view and a seeded generator only (R23).

Each play with a real choice is measured by :func:`doublenine.server.bots.expert.evaluate`
(in match points, :data:`COACH`: the change in the team's chance of winning the match, scaled) with :data:`COACH` playouts: the move made, the expert's move, both with their
standard error, on the same sampled worlds. The best is what this measurement finds: the play of
highest mean (s15 domino F1/F2: the best was the hint's move, so a hinted move was never a mistake,
and "The expert agrees" was said over a play the coach itself measured 12 points worse, a block won
on the count missed because the hint's 0.5 x normal-score prior outweighed its own shorter
rollouts). The hint's move (R25) is measured too and reported beside it: the coach re-derives the
hint's generator (:func:`.computer.hint_rng`) and level and asks ``bots.decide`` exactly as
``Table.hint`` did. A decision is a mistake when it lost more than :data:`THRESHOLD` points against
the measured best and more than :data:`Z` standard errors of the difference, whatever the hint said. :func:`reason_of` names the one term
of the ``normal`` evaluation (:mod:`.bots.heuristic`) that explains the difference, if any.

An acceptance of a deal with five or more doubles (R10: it could have been a demand) is measured
as keeping the hand against a redeal (:mod:`.coachdeal`, :func:`review_answer`), by the same rule.
"""
from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from doublenine.shared.moves import Decision, End, Move, Pass, Play, Review
from doublenine.shared.rules import REDEAL_DOUBLES, apply, initial_hand
from doublenine.shared.seats import Seat
from doublenine.shared.state import Deal, FinishedHand, MatchState, Phase, RedealRecord
from doublenine.shared.tiles import DOUBLES_MASK, FULL_MASK
from doublenine.shared.views import SeatView, view_for

from . import coachdeal
from .bots import expert
from .bots.heuristic import (
    W_DOUBLE, W_FOLLOW, W_LAST_VOID, W_LEAD_SUIT, W_NEXT_LOCKED, W_NEXT_VOID, W_OPPONENT_NUMBER, W_PARTNER_LOCKED,
    W_PARTNER_NUMBER, W_PIPS, ends_after,
)
from .bots.knowledge import Knowledge, knowledge
from .bots.playout import PM

COACH = expert.ExpertSettings(playouts=6000, min_worlds=400, max_worlds=3000, value="equity")
"""The coach's budget: several times a table decision's, so the error bar is a few tenths of
a point. Its unit is the *match point* (``value="equity"``, :mod:`.bots.equity`): 270 times the
change in the team's chance of winning the match (R19), about one point of the hand at 0-0, so a
decision is judged by what it costs the match at any score (s13 F6: in capped hand points a hand
at 99-99 is worth +-1 and no blunder could reach the threshold)."""
THRESHOLD = 1.5
"""Match points (:data:`COACH`) a decision must lose to be called a mistake: about a point and a
half of the hand at 0-0, 0.56% of the match's winning chance at any score."""
Z = 2.0
"""...beyond Z standard errors of that loss: a mistake loses more than ``THRESHOLD + Z * stderr``, so a
loss near the threshold is not called one way by one generator and the other way by the next (s13 F7:
a 1.5-3 point loss was flagged 2 times in 5 generators). The error of a play's loss is measured world
by world (the same worlds for both moves: :attr:`CoachRow.paired_stderr`)."""

Evaluate = Callable[[SeatView, random.Random], dict[Move, expert.Estimate]]


@dataclass(frozen=True, slots=True)
class Reason:
    """One term of the normal evaluation that explains a mistake; ``code`` names the sentence,
    ``pips`` its numbers (for example the number left open and the one passed on)."""

    code: str
    pips: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class CoachRow:
    """One decision of the reviewed seat.

    ``at`` is the decision's index in the hand's moves (-1 for a review answer: R10).
    ``kind`` is "review", "lead", "play" or "pass". ``made``/``best`` are the move made and the
    best the coach measured (equal when nothing measured better; ``best`` is ``made`` for forced decisions).
    ``made_value``/``best_value`` are None when nothing was evaluated (a forced decision, or a
    demand of a voided deal: only its doubles are kept, R11). An acceptance that could have been
    a demand is measured against a redeal (:func:`review_answer`).
    """

    at: int
    kind: str
    made: Decision
    best: Decision
    made_value: expert.Estimate | None = None
    best_value: expert.Estimate | None = None
    forced: bool = False
    mistake: bool = False
    reason: Reason | None = None
    paired_stderr: float | None = None
    """Standard error of :attr:`loss` from the two moves' values world by world (same worlds), when known."""
    hint: Decision | None = None
    """The move the hint (R25) gave in this position, when known (a play with a choice); may equal ``made``."""
    hint_value: expert.Estimate | None = None
    """:attr:`hint`'s value in the coach's measurement (the same worlds as ``made``'s and ``best``'s)."""

    @property
    def loss(self) -> float:
        """Expected points the move made gave up against the best (0 when not evaluated)."""
        if self.made_value is None or self.best_value is None:
            return 0.0
        return max(self.best_value.mean - self.made_value.mean, 0.0)

    @property
    def loss_stderr(self) -> float:
        """Standard error of :attr:`loss`: :attr:`paired_stderr` when measured, else both errors combined
        (an upper bound when the moves share worlds; exact for independent samples, the redeal answer)."""
        if self.made_value is None or self.best_value is None:
            return 0.0
        if self.paired_stderr is not None:
            return self.paired_stderr
        return math.hypot(self.made_value.stderr, self.best_value.stderr)

    @property
    def beyond_noise(self) -> bool:
        """Whether :attr:`loss` exceeds :data:`THRESHOLD` by more than :data:`Z` of its standard errors
        (the mistake rule)."""
        return self.loss - Z * self.loss_stderr > THRESHOLD


def hand_record(state: MatchState, match: int, number: int) -> tuple[FinishedHand, MatchState]:
    """The finished hand ``number`` of match ``match`` and the state just before its deal was
    reviewed (R10): the ledger of that match before it, its draws and earlier redeals.

    Raises ``LookupError`` when no such finished hand is in ``state`` (current match or past).
    """
    if match == state.match:
        finished, draws, redeals, past = state.finished, state.draws, state.redeals, state.past
    else:
        records = [r for r in state.past if r.number == match]
        if not records:
            raise LookupError(f"match {match} is not in the ledger")
        r = records[0]
        finished, draws, redeals = r.finished, r.draws, r.redeals
        past = tuple(x for x in state.past if x.number < match)
    earlier = tuple(h for h in finished if h.number < number)
    hands = [h for h in finished if h.number == number]
    if not hands:
        raise LookupError(f"hand {number} of match {match} is not finished")
    h = hands[0]
    start = MatchState(
        phase=Phase.PLAY, match=match, scores=h.scores_before, draws=draws, entitled=h.entitled,
        opener=h.opener, hand_number=number, redeals=tuple(r for r in redeals if _up_to(r, match, number)),
        finished=earlier, past=past,
    )
    return h, start


def _up_to(r: RedealRecord, match: int, number: int) -> bool:
    return (r.match, r.hand) <= (match, number)


def decision_views(h: FinishedHand, start: MatchState, seat: Seat) -> list[tuple[int, SeatView, Move]]:
    """Each play or pass of ``seat`` in ``h`` with the view it had then: ``(index in h.moves, view,
    move)``. The state is rebuilt by applying ``h.moves`` to the dealt hands (R14-R17)."""
    held = h.dealt_masks[0] | h.dealt_masks[1] | h.dealt_masks[2] | h.dealt_masks[3]
    dealt = Deal(h.dealt_masks, FULL_MASK & ~held)
    state = replace(start, deal=dealt, hand=initial_hand(dealt, h.opener))
    out: list[tuple[int, SeatView, Move]] = []
    for i, m in enumerate(h.moves):
        if m.seat == seat:
            view = view_for(state, seat)
            assert isinstance(view, SeatView)
            out.append((i, view, m))
        if i + 1 < len(h.moves):  # the last move ends the hand: nothing after it to see
            state = apply(state, m)
    return out


def review_answers(h: FinishedHand, redeals: tuple[RedealRecord, ...], seat: Seat) -> list[CoachRow]:
    """R10/R11: the seat's redeal demands for this hand, listed but not measured (the voided deal's
    other tiles are not kept: only its doubles are public, R11), then its acceptance of the deal
    played when it was forced (fewer than five doubles). An acceptance that could have been a
    demand is measured instead (:func:`plan_answer`, :func:`review_answer`)."""
    rows = [CoachRow(-1, "review", Review(seat, True), Review(seat, True))
            for r in redeals if (r.match, r.hand, r.seat) == (h.match, h.number, seat)]
    if plan_answer(h, seat, None) is None:
        rows.append(CoachRow(-1, "review", Review(seat, False), Review(seat, False), forced=True))
    return rows


AnswerJob = tuple[FinishedHand, Seat, random.Random, coachdeal.RedealSettings]
"""The acceptance to measure: ``(finished hand, seat, its generator, budget)`` (:func:`review_answer`'s arguments)."""


def plan_answer(h: FinishedHand, seat: Seat, seed: Any,
                settings: coachdeal.RedealSettings = coachdeal.COACH_DEALS) -> AnswerJob | None:
    """The job measuring ``seat``'s acceptance of the deal ``h`` played, when it held five or more
    doubles and so could have demanded a redeal (R10); None when it could only accept. Same seed,
    same job (R24)."""
    if (h.dealt_masks[seat - 1] & DOUBLES_MASK).bit_count() < REDEAL_DOUBLES:
        return None
    return h, seat, random.Random(f"{seed}:{h.match}:{h.number}:{int(seat)}:answer"), settings


def review_answer(h: FinishedHand, seat: Seat, rng: random.Random,
                  settings: coachdeal.RedealSettings = coachdeal.COACH_DEALS,
                  value: coachdeal.DealValue | None = None) -> CoachRow:
    """``seat``'s acceptance of the deal ``h`` played, from its view then: the value of keeping the
    hand against a redeal's (:mod:`.coachdeal`), a mistake by the same rule as a play."""
    found = coachdeal.answer_row(h, seat, rng, settings, value)
    if found is None:
        raise ValueError(f"seat {int(seat)} held fewer than {REDEAL_DOUBLES} doubles: it could only accept")
    return answer_review_row(*found)


def answer_review_row(made: Review, best: Review, mine: Any, top: Any) -> CoachRow:
    """The acceptance's row from :func:`.coachdeal.choice`'s answer, a mistake by the play rule."""
    row = CoachRow(-1, "review", made, best, mine, top)
    if row.beyond_noise:
        return replace(row, mistake=True)
    return row


Hint = tuple[str, random.Random]
"""What the hint (R25) would have said in a position: ``(level, the hint's generator)``; the hint's
move is ``bots.decide(view, level, generator)``, exactly as ``Table.hint`` computes it
(:func:`.computer.hint_rng`)."""
Job = tuple[int, SeatView, Move, random.Random, Hint | None]
"""One decision to measure: ``(at, view, move made, its generator, the hint there)`` (:func:`review_decision`'s
arguments ``at, view, made, rng`` and ``hint``)."""


def plan_review(state: MatchState, match: int, number: int, seat: Seat, seed: Any,
                hint_level: str = "expert") -> tuple[FinishedHand, list[CoachRow], list[Job]]:
    """The finished hand, the review-answer rows and the decisions to measure, each with its own
    generator (:func:`position_rng`: the same position, the same review, at any table: R24, s13 F7),
    and the hint's level and generator there (``seed``, the table's ``ServerConfig.hint_level``).
    Raises ``LookupError`` for a hand not finished."""
    from .computer import hint_rng
    h, start = hand_record(state, match, number)
    jobs: list[Job] = [(at, view, move, position_rng(view), (hint_level, hint_rng(seed, view)))
                       for at, view, move in decision_views(h, start, seat)]
    return h, review_answers(h, start.redeals, seat), jobs


def position_rng(view: SeatView) -> random.Random:
    """The coach's generator for a decision: from everything ``view`` holds that its evaluation reads
    (seat, scores, opener, hand, moves, the match's finished hands for the reading), not the table's
    seed, so a position gets the same review wherever and whenever it is met (s13 F7)."""
    key = repr((int(view.viewer), view.scores, view.entitled, view.opener, tuple(sorted(view.hand)), view.moves,
                view.finished))
    return random.Random(hashlib.sha256(key.encode()).hexdigest())


def ordered(rows: list[CoachRow]) -> tuple[CoachRow, ...]:
    """Mistakes first (largest loss first), then the other rows in the order made."""
    mistakes = sorted((r for r in rows if r.mistake), key=lambda r: -r.loss)
    return tuple(mistakes) + tuple(r for r in rows if not r.mistake)


def review_hand(state: MatchState, match: int, number: int, seat: Seat, seed: Any,
                evaluate: Evaluate | None = None, deals: coachdeal.RedealSettings = coachdeal.COACH_DEALS,
                value: coachdeal.DealValue | None = None) -> tuple[CoachRow, ...]:
    """Every decision of ``seat`` in finished hand ``number`` of ``match``, :func:`ordered`
    (``evaluate`` measures plays, ``deals``/``value`` the redeal answer: tests plant them).
    Raises ``LookupError`` for a hand not finished."""
    h, rows, jobs = plan_review(state, match, number, seat, seed)
    answer = plan_answer(h, seat, seed, deals)
    if answer is not None:
        rows.append(review_answer(*answer, value))
    rows += [review_decision(at, view, move, rng, evaluate, hint) for at, view, move, rng, hint in jobs]
    return ordered(rows)


def review_decision(at: int, view: SeatView, made: Move, rng: random.Random,
                    evaluate: Evaluate | None = None, hint: Hint | None = None) -> CoachRow:
    """One play or pass of ``view.viewer`` measured from ``view`` only (R21, R23).

    ``best`` is the play of highest measured mean (ties: the first legal move), never the hint's or the
    prior's choice: a mistake is a loss against it beyond :data:`THRESHOLD` and :data:`Z` standard errors,
    whatever the hint said (s15 domino F1/F2). With ``hint`` given, the move ``Table.hint`` gave in this
    position (``bots.decide`` at its level and generator) is reported as :attr:`CoachRow.hint` with its
    value on the same worlds, so the reader sees where the hint and the longer measurement differ."""
    kind = "pass" if isinstance(made, Pass) else ("lead" if view.ends is None else "play")
    moves = view.legal_moves()
    if isinstance(made, Pass) or len(moves) < 2:
        return CoachRow(at, kind, made, made, forced=True)
    k = knowledge(view)
    if len({_position(k, m) for m in moves if isinstance(m, Play)}) < 2:
        return CoachRow(at, kind, made, made, forced=True)
    values = (evaluate or _expert)(view, rng)
    plays = [m for m in moves if isinstance(m, Play)]
    best = max(plays, key=lambda m: (values[m].mean, -plays.index(m)))
    hinted: Play | None = None
    if hint is not None:
        from .bots import decide
        level, hint_generator = hint
        advised = decide(view, level, hint_generator)
        assert isinstance(advised, Play)
        hinted = next(m for m in plays if _position(k, m) == _position(k, advised))
        if isinstance(made, Play) and _position(k, hinted) == _position(k, made):
            hinted = made
    mine, top = values[made], values[best]
    if top.mean <= mine.mean or _position(k, best) == _position(k, made):
        best, top = made, mine
    samples = getattr(values, "samples", None)
    row = CoachRow(at, kind, made, best, mine, top, paired_stderr=_paired(samples, made, best),
                   hint=hinted, hint_value=None if hinted is None else values[hinted])
    if row.beyond_noise:
        assert isinstance(best, Play) and isinstance(made, Play)
        return replace(row, mistake=True, reason=reason_of(k, made, best))
    return row


class Measured(dict[Move, expert.Estimate]):
    """:func:`_expert`'s answer: the estimates, and ``samples``, each move's value world by world."""

    samples: dict[Move, list[float]]


def _paired(samples: dict[Move, list[float]] | None, made: Move, best: Move) -> float | None:
    """The standard error of ``best``'s mean minus ``made``'s, world by world; None when unknown."""
    if not samples or made not in samples or best not in samples:
        return None
    diff = [b - m for b, m in zip(samples[best], samples[made])]
    n = len(diff)
    if n < 2:
        return None
    mean = sum(diff) / n
    return math.sqrt(max(sum((d - mean) ** 2 for d in diff) / (n - 1), 0.0) / n)


def _expert(view: SeatView, rng: random.Random) -> dict[Move, expert.Estimate]:
    samples: dict[Move, list[float]] = {}
    out = Measured(expert.evaluate(view, rng, COACH, samples))
    out.samples = samples
    return out


def _position(k: Knowledge, m: Play) -> tuple[int, int, int]:
    a, b = ends_after(k, m.tile, m.end)
    return (m.tile.index, min(a, b), max(a, b))


HEAVY_DOUBLE = 10
"""Pips from which a double is called heavy in a reason (5-5 and up): 0-0 or 1-1 never is (s13 F3)."""


def reason_of(k: Knowledge, made: Play, best: Play) -> Reason | None:
    """The term of the normal evaluation (:func:`.bots.heuristic.score_play`) that favours
    ``best`` over ``made`` the most and whose sentence is true of the position (:func:`true_of`),
    as a :class:`Reason`; None when no such term favours it.

    Codes and their numbers: ``domino`` (the tile that went out), ``double``/``heavier`` (the
    heavier tile kept), ``lead_suit``, ``follow``, ``next_void`` (the number left open, the one
    the next opponent passed on), ``partner_locked``, ``partner_number`` (the partner's number
    closed), ``opponent_number`` (the opponents' number opened)."""
    if not k.hand ^ best.tile.bit:
        return Reason("domino", (best.tile.low, best.tile.high))
    a, b = _terms(k, made), _terms(k, best)
    gains = {name: b[name] - a[name] for name in a}
    for name in sorted(gains, key=lambda n: -gains[n]):  # stable: the terms' order on equal gains
        if gains[name] <= 0:
            return None
        for reason in _reasons(k, made, best, name):
            if true_of(k, made, best, reason):
                return reason
    return None


def _reasons(k: Knowledge, made: Play, best: Play, name: str) -> list[Reason]:
    """The sentences term ``name`` may be said with, most specific first."""
    if name == "weight":
        t = best.tile
        return [Reason("double", (t.low, t.high)), Reason("heavier", (t.low, t.high))] if t.is_double \
            else [Reason("heavier", (t.low, t.high))]
    if name == "next_void":
        voids = _pips(k.voids[(k.me + 1) & 3] & _end_bits(k, best)) or _pips(k.voids[(k.me + 3) & 3])
        return [Reason(name, (_new_end(k, made),) + voids[:1])]
    if name == "partner_number":
        return [Reason(name, _pips(k.exposed[(k.me + 2) & 3] & _end_bits(k, best) & ~_end_bits(k, made))[:1])]
    if name == "opponent_number":
        opp = k.exposed[(k.me + 1) & 3] | k.exposed[(k.me + 3) & 3]
        return [Reason(name, _pips(opp & _end_bits(k, made) & ~_end_bits(k, best))[:1])]
    return [Reason(name)]


def true_of(k: Knowledge, made: Play, best: Play, reason: Reason) -> bool:
    """Whether ``reason``'s sentences -- the review's about ``made`` (client/overlays/review.REASONS) and
    the hint's about ``best`` (client/panels.HINT_REASONS) -- are true of the position (s13 F3: "leaves
    ends your hand cannot follow" was said when it could, 6-8 was "lighter" than 6-6, 0-0 "heavy").
    One predicate per code; an unknown code is never true."""
    code, pips = reason.code, reason.pips
    m, t = made.tile, best.tile
    if code == "domino":
        return not k.hand ^ t.bit
    if code == "heavier":  # "plays a lighter tile while holding {tile}" / "sheds more points than {instead}"
        return m.pips < t.pips
    if code == "double":  # "... the heavy double {tile}" / "sheds the heavy double; {instead} would keep it"
        return t.is_double and t.pips >= HEAVY_DOUBLE and m.pips < t.pips
    if code == "lead_suit":  # "leads away from the number you hold most of" / "leads the number you hold most of"
        counts = [(k.hand & PM[n]).bit_count() for n in range(10)]
        most = {n for n in range(10) if counts[n] == max(counts)}
        return k.left < 0 and bool({t.low, t.high} & most) and not {m.low, m.high} & most
    if k.left < 0:
        return False  # the other sentences speak of the ends left
    made_ends, best_ends = _end_bits(k, made), _end_bits(k, best)
    partner, opponents = (k.me + 2) & 3, ((k.me + 1) & 3, (k.me + 3) & 3)
    if code == "follow":  # "leaves ends your hand cannot follow" / "... can follow, unlike {instead}"
        return not (k.hand ^ m.bit) & _follows(made_ends) and bool((k.hand ^ t.bit) & _follows(best_ends))
    if code == "partner_locked":  # "closes both ends on your partner, who passed on them"
        return k.voids[partner] & made_ends == made_ends and k.voids[partner] & best_ends != best_ends
    if len(pips) < (2 if code == "next_void" else 1):
        return False
    if code == "next_void":  # "keeps {open}s open for the opponent who passed on {void}s" (made leaves open)
        opened, void = pips[0], pips[1]
        return any(k.voids[o] >> void & 1 and not k.voids[o] >> opened & 1 for o in opponents) \
            and bool(made_ends >> opened & 1) and bool(best_ends >> void & 1)
    if code == "partner_number":  # "leaves your partner's number {n} closed" / "keeps ... {n} open"
        n = pips[0]
        return bool(k.exposed[partner] >> n & 1) and bool(best_ends >> n & 1) and not made_ends >> n & 1
    if code == "opponent_number":  # "opens the opponents' number {n}"
        n = pips[0]
        return bool((k.exposed[opponents[0]] | k.exposed[opponents[1]]) >> n & 1) and bool(made_ends >> n & 1) \
            and not best_ends >> n & 1
    return False


def _follows(bits: int) -> int:
    """The tiles showing a number in the bit set ``bits`` (numbers 0-9)."""
    out = 0
    for p in range(10):
        if bits >> p & 1:
            out |= PM[p]
    return out


def hint_reason(view: SeatView, hint: Move) -> tuple[Play, Reason] | None:
    """R25 with the coach's words (issue 14.2): why the hinted play rather than the other play the
    ``normal`` evaluation scores highest (a different position, :func:`_position`), as that play and
    the :func:`reason_of` of the hint over it; None for a pass, a forced play, or no term favouring the
    hint. From the seat's own view only (R21, R23); no playouts: a few microseconds."""
    if not isinstance(hint, Play):
        return None
    k = knowledge(view)
    mine = _position(k, hint)
    others = [m for m in view.legal_moves() if isinstance(m, Play) and _position(k, m) != mine]
    if not others:
        return None
    alt = max(others, key=lambda m: (sum(_terms(k, m).values()), -others.index(m)))
    reason = reason_of(k, alt, hint)
    return None if reason is None else (alt, reason)


def _end_bits(k: Knowledge, m: Play) -> int:
    left, right = ends_after(k, m.tile, m.end)
    return 1 << left | 1 << right


def _new_end(k: Knowledge, m: Play) -> int:
    """The number ``m`` leaves open where it was laid."""
    left, right = ends_after(k, m.tile, m.end)
    return left if k.left < 0 or m.end is End.LEFT else right


def _terms(k: Knowledge, m: Play) -> dict[str, float]:
    """The terms of :func:`.bots.heuristic.score_play` for ``m``, weighted, by name (their sum is
    that score)."""
    t = m.tile
    rest = k.hand ^ t.bit
    out = {"weight": W_PIPS * t.pips + (W_DOUBLE if t.is_double else 0.0)}
    if k.left < 0:
        out["lead_suit"] = W_LEAD_SUIT * (rest & (PM[t.low] | PM[t.high])).bit_count()
        return out
    left, right = ends_after(k, t, m.end)
    bits = 1 << left | 1 << right
    nxt, partner, last = (k.me + 1) & 3, (k.me + 2) & 3, (k.me + 3) & 3
    out["follow"] = W_FOLLOW * min((rest & (PM[left] | PM[right])).bit_count(), 3)
    out["next_void"] = (W_NEXT_VOID * (k.voids[nxt] & bits).bit_count()
                        + (W_NEXT_LOCKED if k.voids[nxt] & bits == bits else 0.0)
                        + W_LAST_VOID * (k.voids[last] & bits).bit_count())
    out["partner_locked"] = -W_PARTNER_LOCKED if k.voids[partner] & bits == bits else 0.0
    out["partner_number"] = W_PARTNER_NUMBER * (k.exposed[partner] & bits).bit_count()
    out["opponent_number"] = -W_OPPONENT_NUMBER * ((k.exposed[nxt] | k.exposed[last]) & bits).bit_count()
    return out


def _pips(bits: int) -> tuple[int, ...]:
    return tuple(p for p in range(10) if bits >> p & 1)


def row_wire(row: CoachRow) -> dict[str, Any]:
    """``row`` as a ``CoachRowW`` map (docs/protocol.md, "coach"); points rounded to 0.01."""
    from doublenine.shared.convert import decision_w
    # every field is sent (tester s10): not measured is null means, 0 worlds; no reason is null, []
    out: dict[str, Any] = {"at": row.at, "kind": row.kind, "made": decision_w(row.made),
                           "best": decision_w(row.best), "forced": row.forced, "made_mean": None,
                           "made_stderr": None, "best_mean": None, "best_stderr": None, "worlds": 0,
                           "loss": round(row.loss, 2), "loss_stderr": None, "mistake": row.mistake, "reason": None,
                           "pips": [], "hint": None, "hint_mean": None, "hint_stderr": None}
    if row.made_value is not None and row.best_value is not None:
        out.update(made_mean=round(row.made_value.mean, 2), made_stderr=round(row.made_value.stderr, 2),
                   best_mean=round(row.best_value.mean, 2), best_stderr=round(row.best_value.stderr, 2),
                   worlds=row.made_value.worlds)
        out.update(loss_stderr=round(row.loss_stderr, 2))
    if row.reason is not None:
        out.update(reason=row.reason.code, pips=list(row.reason.pips))
    if row.hint is not None and row.hint_value is not None:
        out.update(hint=decision_w(row.hint), hint_mean=round(row.hint_value.mean, 2),
                   hint_stderr=round(row.hint_value.stderr, 2))
    return out


__all__ = ["COACH", "THRESHOLD", "Z", "Reason", "CoachRow", "Job", "hand_record", "decision_views",
           "review_answers", "AnswerJob", "plan_answer", "review_answer", "answer_review_row", "plan_review", "ordered", "review_hand", "review_decision", "reason_of", "true_of", "HEAVY_DOUBLE",
           "row_wire", "Hint", "Measured", "position_rng"]
