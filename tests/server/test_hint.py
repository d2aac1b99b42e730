"""R25 hints under load: one hint in flight per connection, one computation per seat and position."""
from __future__ import annotations

import random
import threading

from schemacheck import plain

from doublenine.server.computer import Brain, random_legal
from doublenine.shared import protocol as p

from .conftest import create, quiesce


async def test_r25_one_hint_in_flight_per_connection_and_repeats_come_from_the_cache(make_server) -> None:
    release = threading.Event()
    asked: list[int] = []

    def decide(view, level, rng: random.Random):
        if view.viewer == 1:  # seat 1's hints wait until the test lets them go
            asked.append(1)
            release.wait(10)
        return random_legal(view, level, rng)

    server = await make_server(brain=Brain(None, decide))
    host = await create(server, "hhcc", sit=1)
    await host.send({"type": "start"})
    await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.started)
    await quiesce([host], server.registry.tables[host.code], {1})  # seat 2's computer draws first
    await host.send({"type": "hint", "expected_seq": host.seq, "intent_id": "h1"})
    await host.send({"type": "hint", "expected_seq": host.seq, "intent_id": "h2"})
    err = await host.until(lambda m: isinstance(m, p.Error))
    assert (err.code, err.intent_id) == ("HINT_PENDING", "h2")
    release.set()
    first = await host.until(lambda m: isinstance(m, p.HintReply))
    for _ in range(3):  # the same seat at the same position: answered without thinking again
        await host.send({"type": "hint", "expected_seq": host.seq})
        again = await host.until(lambda m: isinstance(m, p.HintReply))
        assert again == first
    assert asked == [1]


async def test_a_hint_without_a_reason_still_sends_reason_pips_and_instead(server) -> None:
    """Tester's finding (session 10): docs/protocol.md lists the hint reply as `seq, decision, reason,
    pips, instead`, but the server left the last three out whenever no reason applied (a draw, a pass).
    Kind: a documented server field not sent; now null, [] and null (protocol.md: a documented field
    is a field sent; only the fields listed under "Transport" are ever left out)."""
    host = await create(server, "hhcc", sit=1)
    await host.send({"type": "start"})
    await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.started)
    await quiesce([host], server.registry.tables[host.code], {1})
    await host.send({"type": "hint", "expected_seq": host.seq})
    reply = await host.until(lambda m: isinstance(m, p.HintReply))
    assert reply.decision.kind == "draw"
    raw = next(f for f in map(plain, reversed(host.frames)) if f["type"] == "hint")
    assert {k: v for k, v in raw.items() if k != "decision"} == \
        {"type": "hint", "seq": host.seq, "reason": None, "pips": [], "instead": None}


async def test_s12_a_hint_asked_again_with_its_intent_id_is_answered_again(server) -> None:
    """protodoc s12: `hint` with intent_id "h1" twice got two identical `hint` replies, where the document
    said of intents "the same id again is answered DUPLICATE". A hint is a preview, never applied, so its
    id is not remembered (docs/protocol.md "Sequence numbers, staleness, duplicates" now says so); an id of
    an applied intent of the seat is still DUPLICATE."""
    host = await create(server, "hhcc", sit=1)
    await host.send({"type": "start"})
    await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.started)
    table = server.registry.tables[host.code]
    await quiesce([host], table, {1})
    replies = []
    for _ in range(2):
        await host.send({"type": "hint", "expected_seq": host.seq, "intent_id": "h1"})
        replies.append(await host.until(lambda m: isinstance(m, (p.HintReply, p.Error))))
    assert [type(r) for r in replies] == [p.HintReply, p.HintReply] and replies[0] == replies[1]
    await host.send({"type": "draw", "position": next(n for n in range(55) if n not in {q for _, q in host.view.draw_taken}),
                     "expected_seq": host.seq, "intent_id": "d1"})
    await host.until(lambda m: isinstance(m, p.Update) and m.seq > replies[0].seq)
    await host.send({"type": "hint", "expected_seq": host.seq, "intent_id": "d1"})
    err = await host.until(lambda m: isinstance(m, (p.HintReply, p.Error)))
    assert isinstance(err, p.Error) and (err.code, err.intent_id) == ("DUPLICATE", "d1")


async def test_r25_the_hint_generator_is_the_one_the_coach_re_derives(make_server) -> None:
    """s13 F1: the coach judges against the hint's move, so both derive the hint's generator from the
    table's seed and the seat's view (computer.hint_rng), never from the log position."""
    from doublenine.server.computer import hint_rng
    drawn: list[tuple[float, float]] = []

    def decide(view, level, rng: random.Random):
        if view.viewer == 1:
            drawn.append((rng.random(), hint_rng(server.registry.tables[host.code].meta.seed, view).random()))
        return random_legal(view, level, random.Random(0))

    server = await make_server(brain=Brain(None, decide))
    host = await create(server, "hhcc", sit=1)
    await host.send({"type": "start"})
    await host.until(lambda m: isinstance(m, p.TableUpdate) and m.table.started)
    await quiesce([host], server.registry.tables[host.code], {1})
    await host.send({"type": "hint", "expected_seq": host.seq})
    await host.until(lambda m: isinstance(m, p.HintReply))
    assert len(drawn) == 1 and drawn[0][0] == drawn[0][1]
