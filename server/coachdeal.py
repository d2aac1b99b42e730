"""The coach on the redeal answer (issue 14.2, R10-R12): keep this hand, or demand a fresh deal?

A seat holding five or more doubles may demand a redeal (R10); the deal is then voided and
dealt again with the same opener (R8, R11). :func:`answer_row` measures that choice from the
seat's own view at the review, as the coach measures plays, and marks a mistake by the same rule
(:data:`.coach.THRESHOLD`, :data:`.coach.Z`).

What the seat knew then: its ten tiles, the opener, the scores; nothing of the other hands (no
move has been made: every deal of the 45 other tiles is equally likely, R9). So both values are
plain Monte Carlo means, with their standard errors:

- **keep**: the seat's hand with the other 45 tiles dealt at random (10 to each other seat, 15
  out), played out;
- **redeal**: a fresh deal of all 55 tiles, same opener, played out.

"Played out" is what the expert's own evaluation does in its worlds (:mod:`.bots.expert`): every
seat plays the ``normal`` level (:func:`.bots.decide`, the expert's rollout policy) to the hand's
end. The value of a deal is the hand's result for the seat's team in match points (270 times the
change in its chance of winning the match, :func:`.bots.equity.result_value`): the unit of every
other coach row (:data:`.coach.COACH`). Two things are left out,
both rare, and said here so the figures are read right: another seat demanding a redeal of the
same deal (with five or more doubles in the seat's hand, another seat holds five of the remaining
ones in 0.06% of deals), and a fresh deal being voided again (some seat holds five or more
doubles in 4.7% of fresh deals; such a deal is valued as played). Both are exact hypergeometric
figures. The redeal value does not
depend on the hand: it is the same for every seat of a team at that score and opener.
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from doublenine.shared.moves import Review
from doublenine.shared.playout import deal_masks
from doublenine.shared.rules import REDEAL_DOUBLES, TARGET, apply, initial_hand, to_act
from doublenine.shared.seats import Seat, Team, team_of
from doublenine.shared.state import Deal, FinishedHand, MatchState, Phase
from doublenine.shared.tiles import DOUBLE_NINE_SET, DOUBLES_MASK, FULL_MASK
from doublenine.shared.views import view_for

from .bots import decide
from .bots.equity import result_value
from .bots import expert

DealValue = Callable[[tuple[int, int, int, int], Seat, Team, tuple[int, int], random.Random], float]
"""``(hands as masks, opener, team, scores, rng) -> the deal's value for team`` (:func:`deal_value`)."""


@dataclass(frozen=True, slots=True)
class RedealSettings:
    """How many deals each value is averaged over, and the level every seat plays in them."""

    worlds: int = 1500
    """Deals of the other 45 tiles around the seat's hand (the value of keeping it)."""
    deals: int = 1500
    """Fresh deals of all 55 tiles (the value of a redeal)."""
    level: str = "normal"


COACH_DEALS = RedealSettings()
"""The coach's budget: 3,000 hands played out, about 3 s of one core in the coach's worker (1 ms
a hand); each value's standard error is about 1 point at 0-0 (a hand's points spread about 37),
so a loss of about 3 points or more is told apart from the noise (docs/computer-players.md)."""


def deal_value(hands: tuple[int, int, int, int], opener: Seat, team: Team, scores: tuple[int, int],
               rng: random.Random, level: str = "normal") -> float:
    """The hand dealt as ``hands`` (tile masks, index seat-1) led by ``opener``, every seat playing
    ``level`` (R14-R18): its value for ``team`` in the coach's match points (:func:`.bots.equity.result_value`:
    270 x the change in ``team``'s chance of winning the match from ``scores``, R19; a tie included, R7, R17)."""
    held = hands[0] | hands[1] | hands[2] | hands[3]
    deal = Deal(hands, FULL_MASK & ~held)
    state = MatchState(phase=Phase.PLAY, scores=scores, opener=opener, hand_number=1, deal=deal,
                       hand=initial_hand(deal, opener))
    while state.phase is Phase.PLAY:
        (seat,) = to_act(state)
        state = apply(state, decide(view_for(state, seat), level, rng))
    h = state.finished[-1]
    return result_value(scores, opener.team.index, team.index, None if h.winner is None else h.winner.index, h.points)


def signed_points(h: FinishedHand, team: Team, scores: tuple[int, int]) -> float:
    """``h``'s points for ``team``, capped at what its winner needed (R18, R19); 0 for a tie."""
    if h.winner is None:
        return 0.0
    need = max(TARGET - scores[h.winner.index], 1)
    return float(min(h.points, need) if h.winner is team else -min(h.points, need))


ANSWER_CHUNK = 150
"""Hands played out per turn at the coach's worker (attacker finding: the whole answer, 3,000
hands, held one turn for about 20 play decisions' time). 150 hands cost about one play decision's
measurement, so the answer takes 20 turns and the round robin by address group
(:mod:`.fairturns`) bounds another group's wait by about one decision per round again."""


def chunks(total: int, size: int | None = None) -> list[int]:
    """``total`` split into turns of at most ``size`` (default :data:`ANSWER_CHUNK`) hands:
    ``chunks(320, 150) == [150, 150, 20]``."""
    size = size or ANSWER_CHUNK
    return [min(size, total - i) for i in range(0, total, size)]


def others_of(hand: int) -> list[int]:
    """The bits of the 45 tiles not in ``hand`` (a mask), in set order: :func:`keep_chunk`'s start."""
    return [t.bit for t in DOUBLE_NINE_SET if not hand & t.bit]


def keep_chunk(seat: Seat, hand: int, opener: Seat, scores: tuple[int, int], rng: random.Random,
               others: list[int], n: int, level: str = "normal",
               value: DealValue | None = None) -> tuple[list[float], random.Random, list[int]]:
    """``n`` more deals of ``others`` (reshuffled in place, as the whole run does) around ``hand``
    at ``seat``, played out: ``(their values, rng, others)``, the last two to carry on with, so
    consecutive chunks give exactly :func:`keep_value`'s values (picklable: one coach turn)."""
    play = value or _played(level)
    out = []
    for _ in range(n):
        rng.shuffle(others)
        rest = iter((sum(others[0:10]), sum(others[10:20]), sum(others[20:30])))
        hands = tuple(hand if s == seat else next(rest) for s in Seat)
        out.append(play(hands, opener, team_of(seat), scores, rng))  # type: ignore[arg-type]
    return out, rng, others


def redeal_chunk(seat: Seat, opener: Seat, scores: tuple[int, int], rng: random.Random, order: list[int],
                 n: int, level: str = "normal",
                 value: DealValue | None = None) -> tuple[list[float], random.Random, list[int]]:
    """``n`` more fresh deals (``order`` reshuffled in place), played out: ``(values, rng, order)``,
    consecutive chunks giving exactly :func:`redeal_value`'s values (one coach turn)."""
    play = value or _played(level)
    out = []
    for _ in range(n):
        rng.shuffle(order)
        out.append(play(deal_masks(order), opener, team_of(seat), scores, rng))
    return out, rng, order


def keep_value(seat: Seat, hand: int, opener: Seat, scores: tuple[int, int], rng: random.Random,
               settings: RedealSettings = COACH_DEALS, value: DealValue | None = None) -> expert.Estimate:
    """The value of keeping ``hand`` (a mask) at ``seat``: the mean of ``settings.worlds`` deals of
    the other tiles around it (each equally likely, R9), with its standard error."""
    out = keep_chunk(seat, hand, opener, scores, rng, others_of(hand), settings.worlds, settings.level, value)[0]
    return estimate(out)


def redeal_value(seat: Seat, opener: Seat, scores: tuple[int, int], rng: random.Random,
                 settings: RedealSettings = COACH_DEALS, value: DealValue | None = None) -> expert.Estimate:
    """The value of a redeal for ``seat``'s team: the mean of ``settings.deals`` fresh deals of all
    55 tiles with the same opener (R8, R11), with its standard error."""
    order = list(range(len(DOUBLE_NINE_SET)))
    return estimate(redeal_chunk(seat, opener, scores, rng, order, settings.deals, settings.level, value)[0])


def answer_row(h: FinishedHand, seat: Seat, rng: random.Random, settings: RedealSettings = COACH_DEALS,
               value: DealValue | None = None) -> tuple[Review, Review, expert.Estimate, expert.Estimate] | None:
    """``(made, best, made value, best value)`` of ``seat``'s acceptance of the deal ``h`` played
    (R10), or None when the seat could only accept (fewer than five doubles). ``best`` is the
    demand when a redeal was worth more, else the acceptance (its value then repeated)."""
    hand = h.dealt_masks[seat - 1]
    if (hand & DOUBLES_MASK).bit_count() < REDEAL_DOUBLES:
        return None
    keep = keep_value(seat, hand, h.opener, h.scores_before, rng, settings, value)
    fresh = redeal_value(seat, h.opener, h.scores_before, rng, settings, value)
    return choice(seat, keep, fresh)


def choice(seat: Seat, keep: expert.Estimate, fresh: expert.Estimate) -> tuple[
        Review, Review, expert.Estimate, expert.Estimate]:
    """``(made, best, made value, best value)`` of ``seat``'s acceptance given both values (R10)."""
    made = Review(seat, False)
    if fresh.mean > keep.mean:
        return made, Review(seat, True), keep, fresh
    return made, made, keep, keep


def _played(level: str) -> DealValue:
    def value(hands: tuple[int, int, int, int], opener: Seat, team: Team, scores: tuple[int, int],
              rng: random.Random) -> float:
        return deal_value(hands, opener, team, scores, rng, level)
    return value


def estimate(values: Sequence[float]) -> expert.Estimate:
    """Mean and standard error of ``values`` (the unit of :class:`.bots.expert.Estimate`)."""
    n = len(values)
    mean = math.fsum(values) / n
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return expert.Estimate(mean, math.sqrt(var / n), n)


__all__ = ["RedealSettings", "COACH_DEALS", "ANSWER_CHUNK", "chunks", "others_of", "keep_chunk",
           "redeal_chunk", "choice", "estimate", "DealValue", "deal_value", "signed_points", "keep_value",
           "redeal_value", "answer_row"]

