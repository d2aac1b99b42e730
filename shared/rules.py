"""The rules as pure functions over immutable state (R3-R20, R28).

``apply(state, decision)`` returns a new :class:`MatchState` or raises
:class:`IllegalMove` and leaves nothing half-applied. Randomness never enters
here: shuffles arrive as recorded orders through :func:`apply_shuffle`.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import ErrorCode, IllegalMove
from .moves import Decision, DrawPick, End, Move, Nominate, Pass, Play, Review
from .seats import SEATS, Seat, Team
from .state import (
    Deal, FinishedHand, HandState, MatchRecord, MatchState, NamedResult, OpeningDraw,
    Phase, Placed, RedealRecord, Result, evolve_match, new_hand, new_placed, with_hand,
)
from .tiles import DOUBLE_NINE_SET, DOUBLES_MASK, PIP_MASK, Tile, pip_total, tiles_of

TARGET = 100
"""R19: a team with this many points or more wins the match."""
REDEAL_DOUBLES = 5
"""R10: doubles needed to demand a redeal."""

_LEFT, _RIGHT = End.LEFT, End.RIGHT
# Interned play moves: _PLAYS[seat-1][tile.index] = (Play(.., LEFT), Play(.., RIGHT))
_PLAYS: tuple[tuple[tuple[Play, Play], ...], ...] = tuple(
    tuple((Play(s, t, _LEFT), Play(s, t, _RIGHT)) for t in DOUBLE_NINE_SET) for s in SEATS
)
_PASSES: tuple[Pass, ...] = tuple(Pass(s) for s in SEATS)
# The hot paths below avoid enum properties and attribute chains: these are the
# same values, looked up once (bench/engine.py measures the difference).
_PLAY_PHASE = Phase.PLAY
_NEXT_SEAT: tuple[Seat, ...] = tuple(s.next for s in SEATS)  # index seat-1
_INDICES = frozenset(range(len(DOUBLE_NINE_SET)))


def _illegal(code: ErrorCode, message: str) -> IllegalMove:
    return IllegalMove(code, message)


# ---------------------------------------------------------------- queries

def legal_moves(state: MatchState | HandState, seat: Seat) -> tuple[Move, ...]:
    """R14, R15, D4, D5: the plays (or the one pass) open to ``seat``; () when not its turn.

    Order is deterministic: tiles by index, LEFT before RIGHT. A tile that fits
    both ends is listed at both (D5), even when both ends show the same number.
    """
    if isinstance(state, MatchState):
        if state.phase is not _PLAY_PHASE:
            return ()
        h = state.hand
    else:
        h = state
    if h is None or h.turn != seat:
        return ()
    i = seat - 1
    mask = h.hands[i]
    left = h.left
    if left < 0:  # R14: any tile; orientation is the opener's choice
        return _lead_moves(mask, _PLAYS[i])
    pips = PIP_MASK
    lmask = mask & pips[left]
    rmask = mask & pips[h.right]
    both = lmask | rmask
    if not both:
        return (_PASSES[i],)
    plays = _PLAYS[i]
    if not (lmask and rmask):  # one end only: one play per tile
        k = 0 if lmask else 1
        out = []
        while both:
            low = both & -both
            out.append(plays[low.bit_length() - 1][k])
            both ^= low
        return tuple(out)
    out = []
    while both:
        low = both & -both
        pair = plays[low.bit_length() - 1]
        if lmask & low:
            out.append(pair[0])
        if rmask & low:
            out.append(pair[1])
        both ^= low
    return tuple(out)


def _lead_moves(mask: int, plays: tuple[tuple[Play, Play], ...]) -> tuple[Move, ...]:
    """R14: every tile held, LEFT then RIGHT orientation (a double only once)."""
    out: list[Move] = []
    while mask:
        low = mask & -mask
        pair = plays[low.bit_length() - 1]
        out.append(pair[0])
        if not low & DOUBLES_MASK:
            out.append(pair[1])
        mask ^= low
    return tuple(out)


def playable_mask(h: HandState, seat: Seat) -> int:
    """R15: mask of ``seat``'s tiles that fit an open end (all tiles before the lead)."""
    mask = h.hands[seat - 1]
    if h.left < 0:
        return mask
    return mask & (PIP_MASK[h.left] | PIP_MASK[h.right])


def doubles_in(hand: frozenset[Tile]) -> tuple[Tile, ...]:
    """R10/R11: the doubles in a hand, in index order."""
    return tuple(sorted(t for t in hand if t.is_double))


def may_demand_redeal(state: MatchState, seat: Seat) -> bool:
    """R10: True if ``seat`` is reviewing a hand with five or more doubles."""
    if state.phase is not Phase.REVIEW or state.deal is None or seat in state.answered:
        return False
    return (state.deal.masks[seat - 1] & DOUBLES_MASK).bit_count() >= REDEAL_DOUBLES


def to_act(state: MatchState) -> frozenset[Seat]:
    """The seats whose decision the match is waiting for (empty while a shuffle is due)."""
    p = state.phase
    if p is Phase.DRAW:
        picked = {s for s, _ in state.draw_picks}
        return frozenset(s for s in (Seat.ONE, Seat.TWO) if s not in picked)
    if p is Phase.NOMINATE:
        assert state.entitled is not None
        return frozenset((state.entitled.lower_seat,))
    if p is Phase.REVIEW:
        return frozenset(s for s in SEATS if s not in state.answered)
    if p is Phase.PLAY:
        assert state.hand is not None
        return frozenset((state.hand.turn,))
    return frozenset()


def legal_decisions(state: MatchState, seat: Seat) -> tuple[Decision, ...]:
    """Every decision ``seat`` may make now (R3, R6, R10, R15), deterministic order."""
    if seat not in to_act(state):
        return ()
    p = state.phase
    if p is Phase.DRAW:
        taken = {pos for _, pos in state.draw_picks}
        return tuple(DrawPick(seat, i) for i in range(len(DOUBLE_NINE_SET)) if i not in taken)
    if p is Phase.NOMINATE:
        assert state.entitled is not None
        return tuple(Nominate(seat, s) for s in state.entitled.seats)
    if p is Phase.REVIEW:
        accept = Review(seat, False)
        return (accept, Review(seat, True)) if may_demand_redeal(state, seat) else (accept,)
    return legal_moves(state, seat)


# ---------------------------------------------------------------- transitions

def apply_shuffle(state: MatchState, order: tuple[int, ...]) -> MatchState:
    """R3-R5, R9, R11: consume a recorded shuffle (a permutation of tile indices 0..54)."""
    if not _is_permutation(order):
        raise ValueError("a shuffle must be a permutation of the 55 tile indices")
    if state.phase is Phase.DRAW_SHUFFLE:
        return _replace(state, phase=Phase.DRAW, draw_order=tuple(order), draw_picks=())
    if state.phase is Phase.DEAL_SHUFFLE:
        return _replace(state, phase=Phase.REVIEW, deal=Deal.from_order(tuple(order)),
                        answered=frozenset(), hand=None)
    raise _illegal(ErrorCode.WRONG_PHASE, "no shuffle is due")


def _is_permutation(order: tuple[int, ...]) -> bool:
    """True if ``order`` holds each tile index 0..54 once (the set test is the fast path)."""
    try:
        if len(order) == len(_INDICES) and _INDICES == set(order):
            return True
    except TypeError:  # unhashable items: let the sorted test decide, as it always did
        pass
    return sorted(order) == list(range(len(DOUBLE_NINE_SET)))


def apply(state: MatchState, decision: Decision) -> MatchState:
    """Apply one seat's decision (R3-R20). Raises :class:`IllegalMove` with a stable code."""
    kind = type(decision)
    if kind is Play and state.phase is _PLAY_PHASE:  # the hot case, dispatched first
        return _play(state, decision)  # type: ignore[arg-type]
    if kind is Pass and state.phase is _PLAY_PHASE:
        return _pass(state, decision)  # type: ignore[arg-type]
    if state.phase is Phase.MATCH_OVER:
        raise _illegal(ErrorCode.MATCH_OVER, "the match is over")
    handler = _HANDLERS.get(kind)
    if handler is None:
        raise TypeError(f"not a decision: {decision!r}")
    return handler(state, decision)


def _draw_pick(state: MatchState, d: DrawPick) -> MatchState:
    """R3/R4: seat 1 draws for team A, seat 2 for team B; equal totals redraw."""
    if state.phase is not Phase.DRAW or state.draw_order is None:
        raise _illegal(ErrorCode.WRONG_PHASE, "no opening draw is under way")
    if d.seat not in (Seat.ONE, Seat.TWO):
        raise _illegal(ErrorCode.NOT_A_DRAWER, "only seats 1 and 2 draw (R3)")
    if any(s == d.seat for s, _ in state.draw_picks):
        raise _illegal(ErrorCode.ALREADY_DRAWN, f"seat {d.seat} has drawn")
    if not (0 <= d.position < len(state.draw_order)) or any(p == d.position for _, p in state.draw_picks):
        raise _illegal(ErrorCode.BAD_POSITION, f"position {d.position} is not a face-down tile")
    picks = state.draw_picks + ((d.seat, d.position),)
    if len(picks) < 2:
        return _replace(state, draw_picks=picks)
    pos = dict(picks)
    draw = OpeningDraw(DOUBLE_NINE_SET[state.draw_order[pos[Seat.ONE]]],
                       DOUBLE_NINE_SET[state.draw_order[pos[Seat.TWO]]])
    draws = state.draws + (draw,)
    if draw.winner is None:  # R4: tie -> both back, reshuffle, draw again
        return _replace(state, phase=Phase.DRAW_SHUFFLE, draws=draws, draw_order=None, draw_picks=())
    return _replace(state, phase=Phase.NOMINATE, draws=draws, draw_order=None, draw_picks=(),
                    entitled=draw.winner)


def _nominate(state: MatchState, d: Nominate) -> MatchState:
    """R6/R7: the entitled team's lower seat names the opener; a new hand begins."""
    if state.phase is not Phase.NOMINATE or state.entitled is None:
        raise _illegal(ErrorCode.WRONG_PHASE, "no nomination is due")
    if d.seat != state.entitled.lower_seat:
        raise _illegal(ErrorCode.NOT_ENTITLED, f"seat {state.entitled.lower_seat} nominates (R6)")
    if d.opener not in state.entitled.seats:
        raise _illegal(ErrorCode.BAD_OPENER, "the opener must belong to the entitled team (R6)")
    return _replace(state, phase=Phase.DEAL_SHUFFLE, opener=d.opener,
                    hand_number=state.hand_number + 1, deal=None, hand=None)


def _review(state: MatchState, d: Review) -> MatchState:
    """R10-R13: accept, or with five or more doubles demand a redeal (first demand wins, D3)."""
    if state.phase is not Phase.REVIEW or state.deal is None:
        raise _illegal(ErrorCode.WRONG_PHASE, "no hand is under review")
    if d.seat in state.answered:
        raise _illegal(ErrorCode.ALREADY_ANSWERED, f"seat {d.seat} has answered")
    if d.demand_redeal:
        if not may_demand_redeal(state, d.seat):
            raise _illegal(ErrorCode.REDEAL_NOT_ALLOWED, "a redeal needs five or more doubles (R10)")
        shown = doubles_in(state.deal.hands[d.seat - 1])
        record = RedealRecord(state.match, state.hand_number, d.seat, shown)
        return _replace(state, phase=Phase.DEAL_SHUFFLE, deal=None, answered=frozenset(),
                        redeals=state.redeals + (record,))
    answered = state.answered | {d.seat}
    if len(answered) < 4:
        return _replace(state, answered=answered)
    assert state.opener is not None
    return _replace(state, phase=Phase.PLAY, answered=answered,
                    hand=initial_hand(state.deal, state.opener))


def initial_hand(deal: Deal, opener: Seat) -> HandState:
    """R14: the hand before the lead: dealt hands, empty line, the opener to play."""
    return new_hand(deal.masks, (), -1, -1, opener, 0, ())


def _play(state: MatchState, move: Play) -> MatchState:
    """R14-R16, D5: lay a held tile at a matching end; the last tile ends the hand."""
    h = state.hand
    if h is None or state.phase is not _PLAY_PHASE:
        h = _hand_in_play(state)  # raises the right refusal
    seat, tile, end = move.seat, move.tile, move.end
    if seat != h.turn:
        raise _illegal(ErrorCode.NOT_YOUR_TURN, f"it is seat {h.turn}'s turn")
    i = seat - 1
    hands = h.hands
    bit = tile.bit
    mask = hands[i] ^ bit
    if mask & bit:  # the bit was not set: tile not held
        raise _illegal(ErrorCode.TILE_NOT_HELD, f"seat {seat} does not hold {tile}")
    left, right = h.left, h.right
    if left < 0:
        if end is _LEFT:
            left, right = tile.low, tile.high
        else:
            left, right = tile.high, tile.low
        placed = new_placed(tile, seat, end, left, right)
    elif end is _LEFT:
        if not PIP_MASK[left] & bit:
            raise _no_fit(tile, "left", left)
        touching, left = left, tile.pips - left  # the other half: pips minus the touching one
        placed = new_placed(tile, seat, end, left, touching)
    else:
        if not PIP_MASK[right] & bit:
            raise _no_fit(tile, "right", right)
        touching, right = right, tile.pips - right
        placed = new_placed(tile, seat, end, touching, right)
    held = list(hands)
    held[i] = mask
    nh = new_hand(tuple(held), h.line + (placed,), left, right,  # type: ignore[arg-type]
                  _NEXT_SEAT[i], 0, h.moves + (move,))
    if not mask:
        return _end_hand(state, nh, Result.DOMINO, seat)
    return with_hand(state, nh)


def _no_fit(tile: Tile, side: str, pip: int) -> IllegalMove:
    """R15: the refusal for a tile that does not match the open end it was laid at."""
    return _illegal(ErrorCode.TILE_DOES_NOT_FIT, f"{tile} does not match the {side} end {pip}")


def _pass(state: MatchState, move: Pass) -> MatchState:
    """R15, R17, D4: pass only when no tile fits; four consecutive passes block the hand."""
    h = state.hand
    if h is None or state.phase is not _PLAY_PHASE:
        h = _hand_in_play(state)  # raises the right refusal
    seat = move.seat
    if seat != h.turn:
        raise _illegal(ErrorCode.NOT_YOUR_TURN, f"it is seat {h.turn}'s turn")
    left, right = h.left, h.right
    mask = h.hands[seat - 1]
    if mask if left < 0 else mask & (PIP_MASK[left] | PIP_MASK[right]):  # playable_mask, inlined
        raise _illegal(ErrorCode.MUST_PLAY, f"seat {seat} holds a tile that fits (D4)")
    passes = h.passes + 1
    nh = new_hand(h.hands, h.line, left, right, _NEXT_SEAT[seat - 1], passes, h.moves + (move,))
    if passes >= 4:
        return _end_hand(state, nh, Result.BLOCKED, None)
    return with_hand(state, nh)


def _hand_in_play(state: MatchState) -> HandState:
    if state.phase is not _PLAY_PHASE or state.hand is None:
        code = ErrorCode.HAND_OVER if state.finished and state.phase is Phase.NOMINATE else ErrorCode.WRONG_PHASE
        raise _illegal(code, "no hand is in play")
    return state.hand


def hand_outcome(h: HandState, ender: Seat | None) -> tuple[Result, Team | None, int, tuple[int, int, int, int]]:
    """R16-R18: (result, winning team or None, points, each seat's own pip total).

    Domino: the ender's team wins. Block: the lowest individual total wins for its
    team; a lowest total shared across teams is a tie and nobody scores. Points
    are the pips left in both opponents' hands (never the unused tiles).
    """
    totals = tuple(pip_total(m) for m in h.hands)
    if ender is not None:
        result, winner = Result.DOMINO, ender.team
    else:
        low = min(totals)
        teams = {s.team for s in SEATS if totals[s - 1] == low}
        if len(teams) == 2:
            return Result.TIE, None, 0, totals  # type: ignore[return-value]
        result, winner = Result.BLOCKED, teams.pop()
    loser_seats = winner.other.seats
    points = totals[loser_seats[0] - 1] + totals[loser_seats[1] - 1]
    return result, winner, points, totals  # type: ignore[return-value]


def _end_hand(state: MatchState, h: HandState, kind: Result, ender: Seat | None) -> MatchState:
    """R16-R20, R7: score the hand, record it, and move to the next nomination or match end."""
    assert state.deal is not None and state.opener is not None
    result, winner, points, totals = hand_outcome(h, ender)
    scores = state.scores
    if winner is not None:
        scores = _with(scores, winner.index, scores[winner.index] + points)
    done = FinishedHand(
        match=state.match, number=state.hand_number, opener=state.opener, dealt_masks=state.deal.masks,
        left_masks=h.hands,
        moves=h.moves, line=h.line, result=result, ender=ender, winner=winner, points=points,
        pip_totals=totals, scores_before=state.scores, scores_after=scores,
        entitled=state.entitled or state.opener.team,  # R6: the opener is of the entitled team
    )
    finished = state.finished + (done,)
    if winner is not None and scores[winner.index] >= TARGET:  # R19
        return _replace(state, phase=Phase.MATCH_OVER, scores=scores, finished=finished, hand=h,
                        winner=winner, named=named_result(state.scores, scores, winner))
    # R7: the winners, or after a tie the team that did not open
    entitled = winner if winner is not None else state.opener.team.other
    return _replace(state, phase=Phase.NOMINATE, scores=scores, finished=finished, hand=h,
                    entitled=entitled, opener=None)


def named_result(before: tuple[int, int], after: tuple[int, int], winner: Team) -> NamedResult | None:
    """R20: Tripollúa (0 to 100+ in one hand, opponents at 0), else Pollona (opponents at 0)."""
    if after[winner.other.index] != 0:
        return None
    if before[winner.index] == 0:
        return NamedResult.TRIPOLLUA
    return NamedResult.POLLONA


def restart_hand(state: MatchState) -> MatchState:
    """R28: replay the current hand from its start: same deal, opener and pre-hand scores."""
    if state.phase is not Phase.PLAY or state.deal is None or state.opener is None:
        raise _illegal(ErrorCode.NOTHING_TO_RESTART, "no hand is in play")
    return _replace(state, hand=initial_hand(state.deal, state.opener))


def new_match(state: MatchState) -> MatchState:
    """R28: scores 0-0 and a fresh opening draw; the old match stays in ``past``."""
    record = MatchRecord(state.match, state.draws, state.redeals, state.finished, state.scores,
                         state.winner, state.named)
    return MatchState(phase=Phase.DRAW_SHUFFLE, match=state.match + 1, past=state.past + (record,))


# ---------------------------------------------------------------- helpers

def _with(t: tuple[Any, ...], i: int, v: Any) -> Any:
    return t[:i] + (v,) + t[i + 1:]


_replace = evolve_match
"""``_replace(state, **changes)``: the fast dataclasses.replace of :mod:`.state`."""


_HANDLERS: dict[type, Callable[[MatchState, Any], MatchState]] = {
    Play: _play, Pass: _pass, DrawPick: _draw_pick, Nominate: _nominate, Review: _review,
}
