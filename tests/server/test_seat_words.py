"""A seat a friend gave up reads the same on the web page, in its lists and in the LAN record as in the
window (shared/seatstate.py; reported: "computer" in the window, "free seat" on the page)."""
from __future__ import annotations

from typing import Any

from doublenine.server.announce import announced_tables
from doublenine.server.web.listing import table_info
from doublenine.shared.seats import Seat

from .conftest import create, eventually, join
from .test_web_pages import get


async def test_a_seat_given_up_after_the_start_is_computer_free_seat_on_the_page_and_counted_free(server: Any) -> None:
    host = await create(server, "hhcc", name="Ana")
    friend = await join(server, host.code, 2, name="Bo")
    table = server.registry.tables[host.code]
    await eventually(lambda: table.meta.started)
    await friend.send({"type": "leave"})
    await eventually(lambda: not table.slots[Seat.TWO].claimed)
    # seat 1: the test's client is a person's (``hello.client`` "test" since league s17 F6)
    assert [s.kind for s in table_info(table).seats] == ["player", "open", "computer", "computer"]
    _, _, html = await get(server, f"/t/{host.code}")
    assert ('<section class="seat seat-2 team-B open" id="seat-2"><h2><span class="team-badge" role="img" '
            'aria-label="Team B">B</span><span class="name">Bo</span></h2><p class="kind">computer, free seat</p>') in html
    _, _, html = await get(server, f"/t/{host.code}", "fr")
    assert '<p class="kind">ordinateur, place libre</p>' in html
    assert [(t.code, t.free_seats) for t in announced_tables(server.registry)] == [(host.code, 1)]
    assert table_info(table).free == 1
