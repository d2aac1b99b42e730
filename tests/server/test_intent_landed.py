"""Each intent's "it landed" signal, as docs/protocol.md "When an intent has landed" gives it, is the
sender's next frame from the server (protoclient s14 F3: a second client written from the document
alone waited for ever after an opening-draw pick that finished a tied draw, whose patch is
``{draw_taken: [], draws_add: [...], draws_total: 1}`` with no ``draw_taken_add``, and after its own
redeal demand, whose patch leaves ``phase`` at ``review`` and ``answered`` false).

Kind: an intent with no documented sign of having been applied. Every intent and answer of the
document (``draw``, ``nominate``, ``review`` accept and demand, ``play``, ``pass``, ``hint``,
``undo``, ``redo``, ``restart``, ``new_match``, ``hand_over``, ``consent``, ``cancel_request``) is
driven through a real server here, and the frame its sender gets next is checked against its row,
whose field names the row must say (:data:`SIGNALS`).

Seed 233 (searched with the engine): seats 1 and 2 picking positions 0 and 1 tie once, then decide
for team A; seat 1 nominates itself and is dealt five doubles, so it may demand a redeal (R10-R12).
"""
from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any


from doublenine.shared import protocol as p
from doublenine.shared.convert import decision_from
from doublenine.shared.moves import DrawPick, Nominate, Pass, Play, Review
from doublenine.shared.rules import may_demand_redeal, to_act
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase

from .conftest import create, eventually, join, settle

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"

SIGNALS = {
    "`draw`": ["draw_taken_add", "draws_add", "draws_total", "draw_taken"],
    "`nominate`": ["phase", "opener"],
    "`review` (accept)": ["answered", "phase", "turn"],
    "`review` (`demand_redeal` true)": ["redeals_add", "seat"],
    "`play`": ["move", "finished_add", "moves"],
    "`pass`": ["move", "finished_add", "moves"],
    "`hint`": ["hint", "seq"],
    "`undo`, `redo`, `restart`, `new_match`": ["cause", "table", "request", "action", "by", "request_closed"],
    "`hand_over`": ["table", "request", "target", "computer_plays"],
    "`consent`": ["accepted", "request_closed", "done", "refused", "seat"],
    "`cancel_request`": ["request_closed", "cancelled", "seat"],
}
"""Each row of the document's table -> the fields this test checks its sender's frame by."""


def rows() -> dict[str, str]:
    text = DOC.read_text(encoding="utf-8")
    start = text.index("#### When an intent has landed")
    section = text[start:text.index("\n#", start + 10)]
    return dict(re.findall(r"^\| (`.+?) \| (.+) \|$", section, re.M))


def test_the_document_gives_every_intent_its_signal_naming_the_fields_checked() -> None:
    table = rows()
    assert list(table) == list(SIGNALS)
    named = {m.strip("`") for key in table for m in re.findall(r"`(\w+)`", key.split(" (")[0])}
    intents = {sub_type for sub_type, sub in _client().items() if "expected_seq" in sub["properties"]}
    assert intents | {"consent", "cancel_request"} == named
    for key, fields in SIGNALS.items():
        missing = [f for f in fields if f"`{f}`" not in table[key] and f"`{f}:" not in table[key]]
        assert missing == [], key


def _client() -> dict[str, Any]:
    from doublenine.shared.schema import protocol_schema

    defs = protocol_schema()["$defs"]
    return {defs[r["$ref"].rsplit("/", 1)[1]]["properties"]["type"]["const"]: defs[r["$ref"].rsplit("/", 1)[1]]
            for r in defs["ClientMessage"]["oneOf"]}


def _patch(u: Any) -> dict[str, Any]:
    assert isinstance(u, p.Update) and u.patch is not None, u
    return u.patch.model_dump(exclude_unset=True)


async def _next(c: Any, *kinds: type) -> Any:
    """The sender's next frame of ``kinds`` (an error refusing its intent fails the test)."""
    msg = await c.until(lambda m: isinstance(m, (*kinds, p.Error)))
    assert not isinstance(msg, p.Error), msg
    return msg


async def _decide(c: Any, decision: Any) -> Any:
    """``c`` sends ``decision``; its next update."""
    await c.intent(decision)
    return await _next(c, p.Update)


def _ends_with(u: Any, decision: Any) -> bool:
    hand = _patch(u)["finished_add"][-1]
    return decision_from(p.DecisionW.model_validate(hand["moves"][-1])) == decision


async def _play_a_hand_out(clients: list[Any], table: Any, seen: set[str], rng: random.Random) -> None:
    """Every decision of one hand from its nomination, each checked by its row."""
    while table.state.phase is not Phase.NOMINATE and table.state.phase is not Phase.MATCH_OVER:
        await settle(clients, table)
        seat = min(to_act(table.state))
        c = clients[seat - 1]
        before = c.seq
        if table.state.phase is Phase.REVIEW:
            fourth = len(to_act(table.state)) == 1
            u = await _decide(c, Review(Seat(seat), False))
            if fourth:
                assert _patch(u)["phase"] == "play" and "turn" in _patch(u) and "answered" not in _patch(u)
                assert u.seq == before + 1
                seen.add("accept, the fourth")
            else:
                assert _patch(u) == {"answered": True} and u.seq == before
                seen.add("accept")
            continue
        options = c.view.legal_decisions()
        decision = options[int(rng.random() * len(options))]
        u = await _decide(c, decision)
        assert u.seq == before + 1
        kind = "play" if isinstance(decision, Play) else "pass"
        assert isinstance(decision, (Play, Pass))
        if u.move is not None:
            assert decision_from(u.move) == decision
            seen.add(kind)
        else:
            assert _ends_with(u, decision)
            seen.add(f"{kind} ending the hand")


async def test_each_decisions_sender_gets_its_documented_signal(make_server: Any) -> None:
    server = await make_server()
    host = await create(server, "hhhh", sit=1, seed=233)
    clients = [host] + [await join(server, host.code, seat=s, name=f"P{s}") for s in (2, 3, 4)]
    table = server.registry.tables[host.code]
    await eventually(lambda: table.meta.started)
    await settle(clients, table)
    seen: set[str] = set()

    # R3/R4: a first pick, a pick that finishes a tie (the finding's case), then a deciding draw
    u = await _decide(clients[0], DrawPick(Seat.ONE, 0))
    assert _patch(u) == {"draw_taken_add": ((1, 0),)}
    await settle(clients, table)
    u = await _decide(clients[1], DrawPick(Seat.TWO, 1))
    patch = _patch(u)
    assert set(patch) == {"draw_taken", "draws_add", "draws_total"} and patch["draw_taken"] == ()
    assert patch["draws_total"] == 1 and table.state.phase is Phase.DRAW
    assert patch["draws_add"][0]["tile_a"][0] + patch["draws_add"][0]["tile_a"][1] == \
        patch["draws_add"][0]["tile_b"][0] + patch["draws_add"][0]["tile_b"][1]  # R4: a tie
    await settle(clients, table)
    assert _patch(await _decide(clients[0], DrawPick(Seat.ONE, 0))) == {"draw_taken_add": ((1, 0),)}
    await settle(clients, table)
    patch = _patch(await _decide(clients[1], DrawPick(Seat.TWO, 1)))
    assert "draw_taken_add" not in patch and patch["draws_total"] == 2 and patch["phase"] == "nominate"
    await settle(clients, table)

    # R6: the nomination
    assert min(to_act(table.state)) == Seat.ONE
    patch = _patch(await _decide(clients[0], Nominate(Seat.ONE, Seat.ONE)))
    assert patch["phase"] == "review" and patch["opener"] == 1
    await settle(clients, table)

    # R10: a private accept, then R11/R13 the demand (the finding's other case)
    assert may_demand_redeal(table.state, Seat.ONE)
    u = await _decide(clients[1], Review(Seat.TWO, False))
    assert _patch(u) == {"answered": True} and u.seq == clients[0].seq
    before = clients[0].seq
    u = await _decide(clients[0], Review(Seat.ONE, True))
    patch = _patch(u)
    assert [r["seat"] for r in patch["redeals_add"]] == [1] and patch["redeals_total"] == 1 and "hand" in patch
    assert u.seq == before + 1 and "phase" not in patch and "answered" not in patch
    await settle(clients, table)

    # R25: a hint (seat 1 must answer the new deal) answers at the seq asked, to the asker only
    await clients[0].send(p.AskHint(expected_seq=clients[0].seq, intent_id="h1"))
    assert (await _next(clients[0], p.HintReply)).seq == clients[0].seq

    # the new deal's accepts, then plays and passes until a pass and both hand ends were seen
    rng = random.Random(3)
    for _ in range(12):
        await _play_a_hand_out(clients, table, seen, rng)
        if {"pass", "play ending the hand", "pass ending the hand"} <= seen or table.state.phase is Phase.MATCH_OVER:
            break
        await settle(clients, table)
        seat = min(to_act(table.state))
        assert _patch(await _decide(clients[seat - 1], Nominate(Seat(seat), Seat(seat))))["phase"] == "review"
    assert seen == {"accept", "accept, the fourth", "play", "pass", "play ending the hand", "pass ending the hand"}


async def _four_playing(make_server: Any, kinds: str = "hhhh") -> tuple[list[Any], Any]:
    server = await make_server()
    host = await create(server, kinds, sit=1, seed=233)
    humans = [i + 1 for i, k in enumerate(kinds) if k == "h"]
    clients = [host] + [await join(server, host.code, seat=s, name=f"P{s}") for s in humans[1:]]
    table = server.registry.tables[host.code]
    await eventually(lambda: table.meta.started)
    # every human decides options[0], accepting every deal, until seat 1 has played and is to play again
    while True:
        await eventually(lambda: bool({int(s) for s in to_act(table.state)} & set(humans)))
        await settle(clients, table)
        hand = table.state.hand
        if table.state.phase is Phase.PLAY and Seat.ONE in to_act(table.state) and hand is not None \
                and any(isinstance(m, Play) and m.seat == Seat.ONE for m in hand.moves):
            break
        seat = min(int(s) for s in to_act(table.state) if int(s) in humans)
        c = clients[humans.index(seat)]
        options = [d for d in c.view.legal_decisions() if not (isinstance(d, Review) and d.demand_redeal)]
        await c.intent(options[0])
        await c.until(lambda m: isinstance(m, (p.Update, p.Error)))
    return clients, table


async def test_controls_alone_send_the_patch_with_their_cause(make_server: Any) -> None:
    """Nobody else to ask: undo, redo, restart and new match act at once, and their patch names them."""
    (c,), table = await _four_playing(make_server, "hccc")
    for action in ("undo", "redo", "restart", "new_match"):
        await eventually(lambda: Seat.ONE in to_act(table.state) and table.state.phase is Phase.PLAY
                         and (action != "new_match" or bool(table.state.hand.moves)))
        await settle([c], table)
        before = c.seq
        await c.send({"type": action, "expected_seq": c.seq, "intent_id": action})
        u = await _next(c, p.Update)
        assert (u.cause, u.seq) == (action, before + 1)
        if action == "restart":  # the computers replay up to seat 1's turn; a play must stand for new_match
            await eventually(lambda: Seat.ONE in to_act(table.state))
            await settle([c], table)
            if not table.state.hand.moves:
                await c.intent(c.view.legal_decisions()[0])
                await _next(c, p.Update)


async def _heard(clients: list[Any], pred: Any) -> None:
    """Each client has received the table frames up to one whose ``request`` satisfies ``pred``."""
    for c in clients:
        while c.table is None or not pred(c.table.request):
            await c.next()


async def test_requests_answers_and_hand_overs_show_in_the_senders_next_frame(make_server: Any) -> None:
    clients, table = await _four_playing(make_server)
    one, two, three, four = clients

    # undo asked of the others: the request shows in the asker's next table frame
    await one.send({"type": "undo", "expected_seq": one.seq, "intent_id": "u1"})
    t = await _next(one, p.TableUpdate)
    assert (t.table.request.action, t.table.request.by) == ("undo", 1)
    rid = t.table.request.id
    await _heard(clients, lambda r: r is not None)
    await two.send({"type": "consent", "request_id": rid, "accept": True})
    t = await _next(two, p.TableUpdate)
    assert t.table.request.accepted == (2,)
    await _heard(clients, lambda r: r is not None and 2 in r.accepted)
    await three.send({"type": "consent", "request_id": rid, "accept": True})
    assert (await _next(three, p.TableUpdate)).table.request.accepted == (2, 3)
    await settle(clients, table)
    await four.send({"type": "consent", "request_id": rid, "accept": True})
    assert (await _next(four, p.Update)).cause == "undo"
    closed = await _next(four, p.RequestClosed)
    assert (closed.request_id, closed.outcome, closed.seat) == (rid, "done", None)
    await settle(clients, table)
    await _heard(clients, lambda r: r is None)

    # a refusal, then a request its asker withdraws
    await one.send({"type": "redo", "expected_seq": one.seq, "intent_id": "r1"})
    rid = (await _next(one, p.TableUpdate)).table.request.id
    await _heard(clients, lambda r: r is not None)
    await two.send({"type": "consent", "request_id": rid, "accept": False})
    closed = await _next(two, p.RequestClosed)
    assert (closed.request_id, closed.outcome, closed.seat) == (rid, "refused", 2)
    await _heard(clients, lambda r: r is None)
    await three.send({"type": "redo", "expected_seq": three.seq, "intent_id": "r3"})
    t = await _next(three, p.TableUpdate)
    assert (t.table.request.action, t.table.request.by) == ("redo", 3)
    await three.send({"type": "cancel_request", "request_id": t.table.request.id})
    closed = await _next(three, p.RequestClosed)
    assert (closed.request_id, closed.outcome, closed.seat) == (t.table.request.id, "cancelled", 3)

    # D7: a disconnected seat handed over by consent: the request first
    await four.close()
    await _heard([two], lambda r: r is None)  # seat 1 waits after its refused redo: seat 2 asks
    await two.until(lambda m: isinstance(m, p.TableUpdate) and not m.table.seats[3].connected)
    await two.send({"type": "hand_over", "seat": 4, "expected_seq": two.seq, "intent_id": "h4"})
    t = await _next(two, p.TableUpdate)
    assert (t.table.request.action, t.table.request.target) == ("hand_over", 4)


async def test_a_hand_over_with_nobody_to_ask_shows_the_seat_played_by_the_computer(make_server: Any) -> None:
    (one, two), table = await _four_playing(make_server, "hhcc")
    await two.close()
    await eventually(lambda: table.slots[Seat.TWO].conn is None)
    await one.until(lambda m: isinstance(m, p.TableUpdate) and not m.table.seats[1].connected)
    await one.send({"type": "hand_over", "seat": 2, "expected_seq": one.seq, "intent_id": "h2"})
    t = await _next(one, p.TableUpdate)
    assert t.table.seats[1].computer_plays and t.table.request is None
