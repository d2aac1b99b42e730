"""s13 player F13: after an undo back into hand 1 and new plays, the table showed a position it had already
left (the 3-9 position, then the older "East passed · North 0-3 · West passed / you must pass", then 3-9
again, then the hand's end). The pacer is fed the reported kind of sequence, the server's states in their
order: an undo, then the plays after it in batches, then the hand's end; every moment it shows must be at
or after the one shown before, in the server's order."""
from __future__ import annotations

from dataclasses import replace

from doublenine.client.local import LocalSession
from doublenine.client.pacing import Pacer
from doublenine.shared.rules import legal_decisions, to_act
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase
from doublenine.shared.views import view_for


def _order(state) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """Where a moment lies in hand 1's life: (hands finished, moves made in the hand shown)."""
    v = state.view
    return (len(v.finished), len(v.moves) if v.phase is Phase.PLAY else 0)


def test_s13_the_paced_table_never_goes_back_after_an_undo() -> None:
    s = LocalSession(seed=3, auto=False)
    log = s.log

    def now_state():  # type: ignore[no-untyped-def]
        return replace(s.state, view=view_for(log.state, Seat.ONE), seq=len(log.events))

    def first() -> None:
        seat = sorted(to_act(log.state))[0]
        log.submit(legal_decisions(log.state, seat)[0])
    while log.state.phase is not Phase.PLAY:
        first()
    played = []
    while not log.state.finished:  # hand 1 to its end, each move's state kept
        first()
        played.append(now_state())
    ended = now_state()
    log.undo(Seat.ONE)  # R27/D6: back into hand 1, to seat 1's last play
    undone = now_state()
    assert undone.view.phase is Phase.PLAY and not undone.view.finished
    again = []
    while not log.state.finished:  # the same plays again after the undo, and the hand's end
        first()
        again.append(now_state())
    pacer = Pacer(played[0])
    shown = [_order(pacer.shown)]
    t = 0.0
    batches = [played[1:5], played[5:], [ended], [undone]] + [again[i:i + 4] for i in range(0, len(again), 4)]
    start = 0
    for batch in batches:
        if batch == [undone]:
            start = len(shown)
        pacer.feed(batch, t)
        for _ in range(40):  # 4 s of frames before the next batch (a player's think)
            t += 0.1
            pacer.tick(t)
            shown.append(_order(pacer.shown))
    before, after_undo = shown[:start], shown[start:]
    assert before == sorted(before) and before[-1] == (1, 0)
    assert after_undo[0] == _order(undone) == (0, 40)
    assert after_undo == sorted(after_undo), after_undo
    assert after_undo[-1] == (1, 0)
