"""Whose ``intent_id`` values a table compares (session 17, carried from s15; docs/protocol.md "Intents"): a
seat's person's own, from the moment they took the seat, a spectator's address's own, kept across a restart
where the protocol says so; and a rejoin of the holding window writes no record (nothing changed).

Kind: ids of one sender compared with another sender's. A client written from docs/protocol.md that counts
its ids from 1 had its first intent at a seat a friend had held refused ``DUPLICATE`` for the friend's (the
shipped window adds a random prefix and never met it); two spectators counting from 1 lost each other's lines."""
from __future__ import annotations

import asyncio

from doublenine.server.storage import MemoryStore
from doublenine.shared import protocol as p
from doublenine.shared.seats import Seat

from .conftest import claims_of, connect, create, four_at_play, join, settle, spectate


async def _line(c, iid: str, text: str):  # type: ignore[no-untyped-def]
    await c.send({"type": "chat", "text": text, "intent_id": iid})
    return await c.until(lambda m: isinstance(m, p.Error) or (isinstance(m, p.ChatLines) and any(
        getattr(line, "mine", False) for line in m.lines)))


async def test_a_second_holder_of_a_seat_counts_its_ids_from_one_again(make_server) -> None:  # type: ignore[no-untyped-def]
    """Ana holds seat 2 and plays the opening draw with id "1" and says a line "1"; she leaves; Bo takes the
    seat and counts from 1 too: his line "1" is said (was DUPLICATE, unsaid), and so after a restart."""
    store = MemoryStore()
    server = await make_server(store=store)
    host = await create(server, "hhcc", sit=1, seed=7, name="Host")
    ana = await join(server, host.code, seat=2, name="Ana")
    table = server.registry.tables[host.code]
    await settle([host, ana], table)
    pick = ana.view.legal_decisions()[0]
    from doublenine.shared.convert import intent_for
    await ana.send(intent_for(pick, ana.seq, "1"))
    await ana.until(lambda m: isinstance(m, p.Update))
    assert "1" in table.applied[Seat(2)]
    assert isinstance(await _line(ana, "1", "hola"), p.ChatLines)
    await ana.send({"type": "leave"})
    await ana.until(lambda m: isinstance(m, p.LeftTable))
    table.seats_left.clear()  # (the 10 s before her site takes a seat again is not what is tested)
    bo = await join(server, host.code, seat=2, name="Bo")
    assert table.applied[Seat(2)] == {}
    assert table.slots[Seat(2)].ids_from == (table.seq, table.chat.next_id)
    got = await _line(bo, "1", "hi")
    assert isinstance(got, p.ChatLines) and [line.text for line in got.lines] == ["hi"]
    await server.stop()
    again = await make_server(store=store)
    await asyncio.sleep(0)
    back = await connect(again)
    await back.attach({"type": "rejoin", "code": host.code, "token": bo.token})
    restored = again.registry.tables[host.code]
    assert restored.applied[Seat(2)] == {}  # Ana's "1" (a stored intent) is not Bo's
    assert ("chat", 2, "1") in restored.chat.said and restored.chat.said[("chat", 2, "1")] == got.lines[0].id
    got = await _line(back, "2", "again")
    assert isinstance(got, p.ChatLines)
    err = await _line(back, "1", "hi")  # his own line sent again after the restart: said once
    assert isinstance(err, p.Error) and err.code == "DUPLICATE"


async def test_two_spectators_counting_from_one_are_both_said(server) -> None:  # type: ignore[no-untyped-def]
    """Two spectators (two addresses) each send line "1": both are said; the same spectator's "1" again (a
    resend after a reconnect comes from its address) is DUPLICATE."""
    host = await create(server, "hccc", sit=1, seed=7)
    table = server.registry.tables[host.code]
    first = await spectate(server, host.code, name="Uno")
    second = await spectate(server, host.code, name="Dos")
    for conn, group in ((c, g) for c, g in zip([k for k, s in table.subscribers.items() if s is None],
                                                 ("203.0.113.1", "198.51.100.7"))):
        conn.group = group  # two homes (the tests all come from loopback)
    assert isinstance(await _line(first, "1", "uno"), p.ChatLines)
    table.chat.crowd.allowance = table.chat.crowd.burst  # (the spectators' slow mode is not what is tested)
    assert isinstance(await _line(second, "1", "dos"), p.ChatLines)  # was DUPLICATE: every spectator shared one set
    table.chat.crowd.allowance = table.chat.crowd.burst
    err = await _line(first, "1", "uno")
    assert isinstance(err, p.Error) and err.code == "DUPLICATE"


async def test_a_nudge_sent_again_after_a_restart_nudges_once(make_server) -> None:  # type: ignore[no-untyped-def]
    store = MemoryStore()
    first = await make_server(store=store)
    clients, table = await four_at_play(first, seed=7)
    turn = int(table.state.hand.turn)
    nudger = clients[turn % 4]
    await nudger.send({"type": "nudge", "seat": turn, "intent_id": "n1"})
    await nudger.until(lambda m: isinstance(m, p.Nudged))
    await settle(clients, table)
    assert table.slots[Seat(turn % 4 + 1)].nudges == ("n1",)
    tokens = [c.token for c in clients]
    await first.stop()
    again = await make_server(store=store)
    back = await connect(again)
    await back.attach({"type": "rejoin", "code": table.code, "token": tokens[turn % 4]})
    await back.send({"type": "nudge", "seat": turn, "intent_id": "n1"})
    err = await back.until(lambda m: isinstance(m, (p.Error, p.Nudged)))
    assert isinstance(err, p.Error) and err.code == "DUPLICATE"  # was a second nudge: the id lived in memory


async def test_a_rejoin_of_the_holding_window_writes_no_record(server) -> None:  # type: ignore[no-untyped-def]
    """Every rejoin rewrote the seats' record, a flaky link's every few seconds; now only a change does: a
    window taking the seat over (s15: a restart must refuse the window taken over) and a seat given back."""
    host = await create(server, "hccc", sit=1, seed=7)
    table = server.registry.tables[host.code]
    token, (claim,) = host.token, claims_of(host)
    writes: list[str] = []
    real = server.store.update_meta

    async def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        writes.append(args[0])
        return await real(*args, **kwargs)
    server.store.update_meta = counted
    for _ in range(3):  # the same window's link drops and comes back
        await host.close()
        host = await connect(server)
        await host.attach({"type": "rejoin", "code": table.code, "token": token, "claim": claim})
        (claim,) = claims_of(host)
    assert writes == []
    other = await connect(server)  # another window (no claim) takes the seat over: stored
    await other.attach({"type": "rejoin", "code": table.code, "token": token})
    assert writes == [table.code]


async def test_a_restart_never_gives_a_consent_request_id_twice(make_server) -> None:  # type: ignore[no-untyped-def]
    """The same kind for the consent requests' ids: counted from 0 in memory, a restarted server gave request 1
    again, so a ``consent`` sent again after a reconnect for the old request answered a new one. Now each process
    counts on from its clock in milliseconds when it takes the table."""
    store = MemoryStore()
    first = await make_server(store=store)
    clients, table = await four_at_play(first, seed=7)
    await clients[0].send({"type": "new_match", "expected_seq": table.seq, "intent_id": "u"})
    got = await clients[0].until(lambda m: isinstance(m, p.Error) or isinstance(m, p.TableUpdate) and m.table.request is not None)
    assert isinstance(got, p.TableUpdate), got
    old = got.table.request.id
    assert old == table.request_ids and old > 10**12  # milliseconds of the Unix clock
    tokens = [c.token for c in clients]
    await first.stop()
    again = await make_server(store=store)
    back = [await connect(again) for _ in tokens]
    for c, token in zip(back, tokens):
        await c.attach({"type": "rejoin", "code": table.code, "token": token})
    restored = again.registry.tables[table.code]
    await back[0].send({"type": "new_match", "expected_seq": restored.seq, "intent_id": "u2"})
    new = (await back[0].until(lambda m: isinstance(m, p.TableUpdate) and m.table.request is not None)).table.request.id
    assert new > old  # was 1 both times
    await back[1].send({"type": "consent", "request_id": old, "accept": True})  # sent again after the reconnect
    err = await back[1].until(lambda m: isinstance(m, p.Error))
    assert err.code == "NO_SUCH_REQUEST" and restored.request is not None and restored.request.accepted == set()
