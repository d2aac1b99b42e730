"""Issue 14.2 over the network: ``coach{match, hand}`` answers the asking seat's own review,
in the background, cached per finished hand, one at a time per connection, never to spectators."""
from __future__ import annotations

import asyncio
import random

from schemacheck import left_out, plain

from doublenine.server import coach
from doublenine.server.netbot import play_seat
from doublenine.shared import protocol as p
from doublenine.shared.convert import decision_from

from .conftest import create, quiesce, random_player, spectate
from .test_schema_frames import MAY_LEAVE_OUT


def _one_hand_done(client) -> bool:
    return bool(client.view.finished)


async def _first_hand(server):
    host = await create(server, "hccc", sit=1, seed=21)
    await host.send({"type": "start"})
    await play_seat(host, random_player, random.Random(1), _one_hand_done)
    return host, server.registry.tables[host.code]


async def _review_turns(server, host, table):  # type: ignore[no-untyped-def]
    """``host`` asks the review of match 1, hand 1: the groups the coach's lane gave a turn to (one
    per decision), the decisions the review plans (``coach.plan_review``) and the reply."""
    groups: list[object] = []
    real = server.brain.coach_turns.turn

    def counted(group):  # type: ignore[no-untyped-def]
        groups.append(group)
        return real(group)

    server.brain.coach_turns.turn = counted
    await host.send({"type": "coach", "match": 1, "hand": 1})
    reply = await host.until(lambda m: isinstance(m, p.CoachReply), timeout=60)
    jobs = coach.plan_review(table.state, 1, 1, reply.seat, table.meta.seed)[2]
    return groups, jobs, reply


async def test_coach_reply_is_the_seats_own_review_and_is_cached(make_server) -> None:
    server = await make_server()
    host, table = await _first_hand(server)
    h = host.view.finished[0]
    calls: list[object] = []
    real = server.brain.in_coach

    async def counted(fn, *args):
        calls.append(args[1])  # the view given to the evaluation
        return await real(fn, *args)

    server.brain.in_coach = counted
    await host.send({"type": "coach", "match": h.match, "hand": h.number})
    reply = await host.until(lambda m: isinstance(m, p.CoachReply), timeout=60)
    expected = coach.review_hand(table.state, h.match, h.number, host.view.viewer, table.meta.seed)
    assert (reply.match, reply.hand, reply.seat, reply.threshold) == (h.match, h.number, 1, coach.THRESHOLD)
    assert [r.at for r in reply.rows] == [r.at for r in expected]
    assert [decision_from(r.made) for r in reply.rows] == [r.made for r in expected]
    assert sorted(r.at for r in reply.rows if r.kind != "review") == \
        [i for i, m in enumerate(h.moves) if m.seat == 1]
    assert all(v.viewer == 1 and v.hand <= h.dealt[0] for v in calls)  # seat 1's own views only
    # tester s10: a forced row left `worlds` (and the means, reason, pips) out; every field is sent
    raw = next(f for f in map(plain, host.frames) if f["type"] == "coach")["rows"]
    assert all(row.keys() == set(p.CoachRowW.model_fields) for row in raw)
    forced = [row for row in raw if row["forced"]]
    assert forced and all((row["worlds"], row["made_mean"], row["best_stderr"], row["loss"], row["reason"],
                           row["pips"]) == (0, None, None, 0.0, None, []) for row in forced)
    shares = {max(coach.COACH.min_worlds, min(coach.COACH.max_worlds, 6000 // k)) for k in range(2, 56)}
    assert coach.COACH.playouts == 6000 and 1200 in shares  # protocol.md: 6,000 shared by the distinct plays
    assert {row["worlds"] for row in raw if row["kind"] != "review" and not row["forced"]} <= shares
    assert left_out(host.frames) <= MAY_LEAVE_OUT
    n = len(calls)
    await host.send({"type": "coach", "match": h.match, "hand": h.number})
    again = await host.until(lambda m: isinstance(m, p.CoachReply), timeout=10)
    assert again == reply and len(calls) == n  # answered from the cache


async def test_coach_one_review_at_a_time_and_stable_refusals(make_server) -> None:
    server = await make_server()
    host, table = await _first_hand(server)
    gate = asyncio.Event()
    real = server.brain.in_coach

    async def held(fn, *args):
        await gate.wait()
        return await real(fn, *args)

    server.brain.in_coach = held
    await quiesce([host], table, {1})  # the computers may still be nominating or answering the review
    before = table.seq
    await host.send({"type": "coach", "match": 1, "hand": 1})
    await host.send({"type": "coach", "match": 1, "hand": 1})
    err = await host.until(lambda m: isinstance(m, p.Error))
    assert err.code == "COACH_PENDING"
    assert table.seq == before  # nothing in the match moved
    gate.set()
    await host.until(lambda m: isinstance(m, p.CoachReply), timeout=60)
    await host.send({"type": "coach", "match": 1, "hand": 99})
    assert (await host.until(lambda m: isinstance(m, p.Error))).code == "NO_SUCH_HAND"
    await host.send_raw(p.pack({"type": "coach", "match": 1, "hand": 0}))
    assert (await host.until(lambda m: isinstance(m, p.Error))).code == "WRONG_TYPES"
    watcher = await spectate(server, host.code)
    await watcher.send({"type": "coach", "match": 1, "hand": 1})
    assert (await watcher.until(lambda m: isinstance(m, p.Error))).code == "SPECTATOR_CANNOT_ACT"


async def test_coach_worker_process_that_stops_gives_way_to_a_thread() -> None:
    import operator
    from concurrent.futures import Executor, ThreadPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    from doublenine.server.computer import Brain

    class Broken(Executor):
        def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
            raise BrokenProcessPool("the worker process died")

    brain = Brain(None)
    brain.coach_executor = Broken()
    assert await brain.in_coach(operator.add, 2, 3) == 5
    assert isinstance(brain.coach_executor, ThreadPoolExecutor)
    brain.close()


async def test_coach_measures_a_kept_hand_of_five_doubles_in_its_worker(make_server) -> None:
    """R10: an acceptance that could have been a demand is measured the server's way: one job in
    the coach's worker process (keep vs redeal, server/coachdeal.py), packed into the reply."""
    from dataclasses import replace

    from doublenine.server import coachdeal
    from doublenine.shared.moves import Review
    from doublenine.shared.seats import Seat
    from doublenine.shared.tiles import DOUBLE_NINE_SET, Tile, mask_of

    server = await make_server()
    host, table = await _first_hand(server)
    h = table.state.finished[0]
    six = mask_of([Tile(d, d) for d in (0, 2, 4, 6, 8, 9)] + [Tile(1, 3), Tile(3, 5), Tile(5, 7), Tile(7, 9)])
    rest = [t.bit for t in DOUBLE_NINE_SET if not six & t.bit]
    kept = replace(h, dealt_masks=(six, sum(rest[0:10]), sum(rest[10:20]), sum(rest[20:30])))
    answer = coach.plan_answer(kept, Seat.ONE, table.meta.seed, coachdeal.RedealSettings(worlds=40, deals=40))
    assert answer is not None and coach.plan_answer(h, Seat.ONE, 1) is None  # the real deal: fewer than five
    frame = await table.coach_desk._compute(h.match, h.number, Seat.ONE, [], [], None, answer)
    (row,) = p.decode_server(frame).rows
    expected = coach.review_answer(*coach.plan_answer(kept, Seat.ONE, table.meta.seed,
                                                      coachdeal.RedealSettings(worlds=40, deals=40)))
    assert (row.kind, row.at, decision_from(row.made)) == ("review", -1, Review(Seat.ONE, False))
    assert row.worlds == 40 and row.made_mean == round(expected.made_value.mean, 2)
    assert decision_from(row.best) == expected.best and row.mistake == expected.mistake
