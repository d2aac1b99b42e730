"""Attacker s16 F4: a person's name never holds the results' separators (" / " between a seat's persons, " & "
between a team's seats), so one stranger never reads as several people in a finished match's result."""
from __future__ import annotations

from typing import Any

import pytest

from doublenine.server.names import own_name, table_name

from .conftest import create, join


@pytest.mark.parametrize(("typed", "kept"), [
    ("Rosa / Vera & Ulises", "Rosa Vera Ulises"),
    ("Rosa／Vera＆Ulises", "Rosa Vera Ulises"),
    ("Ana ⁄ Bo ∕ Cy ⧸ Di", "Ana Bo Cy Di"),
    ("Ana (1/4)", "Ana (1 4)"),  # not a share of the result either
    ("/ & /", ""),
    ("Vera", "Vera"),
])
def test_s16_f4_a_persons_name_holds_no_result_separator(typed: str, kept: str) -> None:
    assert own_name(typed) == kept


def test_s16_f4_a_tables_name_keeps_them() -> None:
    assert table_name("Fish & Chips", []) == "Fish & Chips"


async def test_s16_f4_the_reported_join(make_server: Any) -> None:
    server = await make_server()
    host = await create(server, "hhcc", sit=1, name="Vera")
    stranger = await join(server, host.code, seat=2, name="Rosa / Vera & Ulises")
    table = server.registry.tables[host.code]
    assert (stranger.seat, table.slots[2].name) == (2, "Rosa Vera Ulises")
