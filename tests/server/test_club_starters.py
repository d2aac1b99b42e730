"""Club s14 F16: who may ``start`` is said in ``TableW.starters``, the same rule ``start`` checks.

A table an organiser made without sitting (``create_table`` with ``sit`` null) or then left: three people
sat down and nobody was shown "Start now" (the window showed it only where it had created the table),
although the server takes a ``start`` from any seated player then. Kind: a control shown by a different
rule than the server's; the server now says its rule (:meth:`Table.starters`) and checks the same one.
"""
from __future__ import annotations

from doublenine.shared import protocol as p

from .conftest import connect, create, join


async def test_the_reported_case_three_people_at_an_organisers_table_each_may_start(server) -> None:
    organiser = await create(server, "hhhh", sit=None, seed=None)
    quique = await join(server, organiser.code, name="Quique")
    ana = await join(server, organiser.code, name="Ana")
    pablo = await join(server, organiser.code, name="Pablo")
    await quique.until(lambda m: isinstance(m, p.TableUpdate) and m.table.starters == (1, 2, 3))
    await pablo.send({"type": "start"})  # the last to sit, not the first: any of them
    await ana.until(lambda m: isinstance(m, p.TableUpdate) and m.table.started)
    assert ana.table.starters == ()


async def test_a_seated_creator_is_the_one_starter_a_stranger_is_told_of(server) -> None:
    host = await create(server, "hhhc", sit=1, seed=None, name="Hostie")
    bo = await join(server, host.code, name="Bo")
    assert bo.table.starters == (1,)
    await host.send({"type": "leave"})
    await bo.until(lambda m: isinstance(m, p.TableUpdate) and m.table.starters == (2,))
    await bo.send({"type": "start"})
    await bo.until(lambda m: isinstance(m, p.TableUpdate) and m.table.started)
    assert bo.table.starters == ()


async def test_f17_the_reported_case_a_late_arrival_takes_the_seat_start_now_left_to_the_computer(server) -> None:
    """Club s14 F17: P92V5, three human seats and West chosen as a computer; Sara and Ugo sit at 2 and 3,
    the organiser at 1 presses Start now; Tomas, late, was refused "Table P92V5 is full". Now he takes the
    empty seat 3 (``join`` with no seat: the lowest free one), and plays its hand from
    where the computer left it; a seat created as a computer stays one."""
    organiser = await create(server, "hhhc", sit=1, seed=7, name="Org")
    sara = await join(server, organiser.code, name="Sara")
    await organiser.send({"type": "start"})
    await organiser.until(lambda m: isinstance(m, p.TableUpdate) and m.table.started)
    table = server.registry.tables[organiser.code]
    assert [(sl.kind, sl.claimed, table.computer_plays(s)) for s, sl in sorted(table.slots.items())] == \
        [("human", True, False), ("human", True, False), ("human", False, True), ("computer", False, True)]
    tomas = await join(server, organiser.code, name="Tomas")  # was: TABLE_FULL table P92V5 has no free seat
    assert (tomas.seat, table.slots[tomas.seat].name, table.computer_plays(tomas.seat)) == (3, "Tomas", False)
    assert table.meta.started is True
    late = await connect(server)
    await late.send({"type": "join", "code": organiser.code})
    err = await late.until(lambda m: isinstance(m, p.Error))
    assert (err.code, err.detail) == ("TABLE_FULL", f"table {organiser.code} has no free seat")  # seat 4: a computer's
    assert sara.seat == 2


async def test_f10_a_hand_over_request_for_a_bot_that_is_back_is_cancelled(server) -> None:
    """Club s14 F10: after a server restart Pablo's window asked to hand Carlos's seat (a ``doublenine bot``)
    to the computer while Carlos was away; Carlos came back and the request, about a connected program,
    sat over Ana 2's own decision for two minutes. A program back at its seat cancels it: nobody need agree."""
    ana = await create(server, "hhhh", sit=1, seed=2, name="Ana 2")
    carlos = await join(server, ana.code, seat=2, name="Carlos", client="netbot")  # a doublenine bot
    pablo = await join(server, ana.code, seat=3, name="Pablo")
    await join(server, ana.code, seat=4, name="Dora")
    table = server.registry.tables[ana.code]
    token = carlos.token
    await carlos.close()
    await pablo.until(lambda m: isinstance(m, p.TableUpdate) and not m.table.seats[1].connected)
    await pablo.send({"type": "hand_over", "seat": 2, "expected_seq": pablo.seq})
    opened = await pablo.until(lambda m: isinstance(m, p.TableUpdate) and m.table.request is not None)
    assert (opened.table.request.by, opened.table.request.target, opened.table.request.waiting) == (3, 2, (1, 4))
    back = await connect(server, "netbot")  # Carlos's bot reconnects
    await back.attach({"type": "rejoin", "code": ana.code, "token": token})
    closed = await pablo.until(lambda m: isinstance(m, p.RequestClosed))
    assert (closed.action, closed.outcome, closed.seat) == ("hand_over", "cancelled", 2)
    assert (table.request, table.slots[2].handed_over, table.back_asked) == (None, False, set())
