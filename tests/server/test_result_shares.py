"""A finished match's result says how many of its hands each person decided in, where not all (organiser s16
F4): Mesa 1's match 21 was credited to "Ana & Carlos" and "Bea", who left inside its first hand, the computer
playing the other hands."""
from __future__ import annotations

import asyncio

from doublenine.server.table import decided_share
from doublenine.shared import protocol as p
from doublenine.shared.state import Phase

from .conftest import create, eventually, join, play_all, settle, spectate


def test_s16_f4_a_share_is_said_only_when_not_every_hand() -> None:
    assert decided_share("Ana", 1, 4) == "Ana (1/4)"
    assert decided_share("Ana", 4, 4) == "Ana"
    assert decided_share("Ana", -1, 4) == "Ana (?/4)"  # stored before the counts: not known, said (league s17 F4)
    assert decided_share("Ana", 0, 4) == "Ana (0/4)"  # the opening draw only: no hand of it
    assert decided_share("Ana", 10001, 20000) == "Ana (9999/9999)"


async def test_s16_f4_mesa_1_match_21_three_left_in_its_first_hand(server) -> None:  # type: ignore[no-untyped-def]
    ana = await create(server, "hhhc", sit=1, seed=7, name="Ana")  # Diego had left: the computer's seat
    bea = await join(server, ana.code, seat=2, name="Bea")
    carlos = await join(server, ana.code, seat=3, name="Carlos")
    table = server.registry.tables[ana.code]
    watcher = await spectate(server, ana.code)  # Tío Pepe, watching to the end
    people = [ana, bea, carlos]
    await asyncio.wait_for(play_all(people, stop=lambda c: c.view.phase is Phase.PLAY, seed=7), 30)
    await settle(people, table)
    for c in people:  # SIGTERM: the bots leave, the documented way to give a seat up
        await c.send({"type": "leave"})
        await c.until(lambda m: isinstance(m, p.LeftTable))
    await eventually(lambda: table.state.phase is Phase.MATCH_OVER, 60)
    assert len(table.state.finished) == 7  # this seed's match: 7 hands (the organiser's had 4)
    assert table.result_names() == ("Ana (1/7)", "Bea (1/7)", "Carlos (1/7)", "computer:easy")
    assert watcher.code == table.code


async def test_s17_item4_a_hand_taken_back_by_an_undo_is_not_counted_in_a_share(server) -> None:  # type: ignore[no-untyped-def]
    """Session 17, item 4 (R27, D6 with organiser s16 F4): at Ana's first turn of hand 2, Ana and Bea had each
    decided in hands 1 and 2 (the review of hand 2 counts for both); Ana's undo (Bea accepting, D1) went back into
    hand 1, taking hand 2 back, and both then gave their seats up. The result said "Ana (2/N)" and "Bea (2/N)":
    hand 2, later undone, still counted. Only the hands that stand count: hand 1."""
    from doublenine.shared.moves import Play
    ana = await create(server, "hhcc", sit=1, seed=7, name="Ana")
    bea = await join(server, ana.code, seat=2, name="Bea")
    table = server.registry.tables[ana.code]
    watcher = await spectate(server, ana.code)  # a table of computers only plays while watched
    people = [ana, bea]

    def anas_first_turn_of_hand_2(c) -> bool:  # type: ignore[no-untyped-def]
        v = c.view
        return v.phase is Phase.PLAY and v.hand_number == 2 and v.turn == 1 and not any(m.seat == 1 for m in v.moves)
    await asyncio.wait_for(play_all(people, stop=anas_first_turn_of_hand_2, seed=7), 30)
    await settle(people, table)
    assert [(table.slots[s].deciders, table.slots[s].decided_hands, table.slots[s].decided_last) for s in (1, 2)] == \
        [(("Ana",), (2,), (2,)), (("Bea",), (2,), (2,))]
    await ana.send({"type": "undo", "expected_seq": ana.seq, "intent_id": "back-into-1"})
    asked = await bea.until(lambda m: isinstance(m, p.TableUpdate) and m.table.request is not None)
    await bea.send({"type": "consent", "request_id": asked.table.request.id, "accept": True})
    await ana.until(lambda m: isinstance(m, p.RequestClosed))
    assert table.state.hand_number == 1 and table.state.hand.turn == 1  # back to Ana's last play of hand 1
    assert any(isinstance(m, Play) and m.seat == 1 for m in table.state.hand.moves)  # hers before it stand
    assert [(table.slots[s].decided_hands, table.slots[s].decided_last) for s in (1, 2)] == [((1,), (1,)), ((1,), (1,))]
    for action, counts in (("redo", ((2,), (2,))), ("undo", ((1,), (1,)))):  # R27: a redo restores them exactly
        await ana.send({"type": action, "expected_seq": table.seq, "intent_id": f"again-{action}"})
        asked = await bea.until(lambda m: isinstance(m, p.TableUpdate) and m.table.request is not None
                                and m.table.request.action == action)
        await bea.send({"type": "consent", "request_id": asked.table.request.id, "accept": True})
        await ana.until(lambda m: isinstance(m, p.RequestClosed) and m.action == action)
        assert [(table.slots[s].decided_hands, table.slots[s].decided_last) for s in (1, 2)] == [counts, counts]
    for c in people:
        await c.send({"type": "leave"})
        await c.until(lambda m: isinstance(m, p.LeftTable))
    await eventually(lambda: table.state.phase is Phase.MATCH_OVER, 60)
    n = len(table.state.finished)
    assert n >= 2 and table.result_names() == (f"Ana (1/{n})", f"Bea (1/{n})", "computer:easy", "computer:easy")
    assert watcher.code == table.code
