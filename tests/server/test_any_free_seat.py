"""Session 15 (s14 note, left alone): the seat ``join`` chooses when none is named ("Any free seat").

It was the lowest free human seat: a club organiser's table (the organiser watching), Ana and Bo from one home
(one address) took seats 1 and 2 and played against each other (R2: partners sit opposite, 1 and 3, 2 and 4);
a stranger sat opposite a person whose companion then had to play against them. Kind: a seat chosen for a
person by number, not by who sits beside whom. Now (server/seating.any_free_seat, docs/protocol.md ``join``):
opposite a person of the joiner's own site first, else a team of the joiner's own, else the lowest free seat.
"""
from __future__ import annotations

from typing import Any

from doublenine.server.netbot import TableClient
from doublenine.server.seating import SeatSlot, any_free_seat
from doublenine.shared.seats import SEATS, Seat

from .conftest import seats

HOME, OTHER_HOME = "203.0.113.5", "198.51.100.7"


async def _join(server: Any, address: str, code: str, name: str) -> TableClient:
    client = await TableClient.connect(server.url, additional_headers={"X-Forwarded-For": address})
    return await client.attach({"type": "join", "code": code, "name": name})


async def test_the_reported_case_two_people_of_one_home_sit_as_partners_at_an_organisers_table(make_server) -> None:
    server = await make_server(trust_proxy=True)
    organiser = await TableClient.connect(server.url, additional_headers={"X-Forwarded-For": "192.0.2.9"})
    organiser = await organiser.attach({"type": "create_table", "seats": seats(*"hhhh"), "seed": None, "sit": None})
    code = organiser.code
    ana = await _join(server, HOME, code, "Ana")
    bo = await _join(server, HOME, code, "Bo")
    cy = await _join(server, OTHER_HOME, code, "Cy")
    dee = await _join(server, OTHER_HOME, code, "Dee")
    assert [c.seat for c in (ana, bo, cy, dee)] == [1, 3, 2, 4]  # was 1, 2, 3, 4: Ana and Bo opponents


async def test_a_stranger_leaves_the_seat_opposite_a_person_to_that_persons_company(make_server) -> None:
    server = await make_server(trust_proxy=True)
    host = await TableClient.connect(server.url)  # the host's own window: loopback, no site
    host = await host.attach({"type": "create_table", "seats": seats(*"hhhh"), "seed": None, "sit": 1, "name": "Host"})
    ana = await _join(server, HOME, host.code, "Ana")
    assert ana.seat == 2  # seat 4 free opposite: a team of her own (3 is opposite the host)
    bo = await _join(server, HOME, host.code, "Bo")
    assert bo.seat == 4  # was 3: Bo against Ana, who came with him
    cy = await _join(server, OTHER_HOME, host.code, "Cy")
    assert cy.seat == 3


def _slots(held: dict[int, Any], computers: tuple[int, ...] = ()) -> dict[Seat, SeatSlot]:
    slots = {s: SeatSlot(s, "computer" if int(s) in computers else "human", "easy", "", None, False) for s in SEATS}
    for n, side in held.items():
        slots[Seat(n)].token_hash, slots[Seat(n)].side = "h" * 64, side
    return slots


def test_the_rule_in_order() -> None:
    home = "203.0.113.5"
    assert any_free_seat(_slots({1: home}), home) == Seat.THREE  # (1) opposite one's own company
    assert any_free_seat(_slots({1: "elsewhere"}), home) == Seat.TWO  # (2) a team of one's own
    assert any_free_seat(_slots({1: None}, computers=(2,)), None) == Seat.FOUR  # opposite a computer: own team
    assert any_free_seat(_slots({1: None, 2: None}), None) == Seat.THREE  # (3) no better: the lowest
    assert any_free_seat(_slots({1: None}), None) == Seat.TWO  # loopback matches nobody, itself included
    assert any_free_seat(_slots({1: home, 2: home, 3: home, 4: home}), home) is None
    assert any_free_seat(_slots({}), None) == Seat.ONE
