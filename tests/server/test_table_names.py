"""Club s14 kind 2 (F1): a table can be named. ``create_table.table_name`` is optional and bounded, cleaned by
the one shared cleaning of players' names (``seating.seat_name``), kept in the table's record (a restart
keeps it), sent as ``table.table_name``, shown on ``/`` (which lists a page's tables by name, then code, not
newest first), on ``/t/CODE`` and in the finished matches."""
from __future__ import annotations

import re
from typing import Any

from doublenine.server.storage import open_store

from .conftest import connect, seats
from .test_web_pages import get


async def _named(server: Any, table_name: str | None, kinds: str = "hccc") -> Any:
    c = await connect(server)
    spec: dict[str, Any] = {"type": "create_table", "seats": seats(*kinds), "sit": 1, "name": "Ana", "public": True}
    if table_name is not None:
        spec["table_name"] = table_name
    return await c.attach(spec)


def _listed(html: str) -> list[str]:
    return re.findall(r'<li class="listed" data-code="[A-Z0-9]+"><a href="/t/([A-Z0-9]+)">', html)


async def test_a_table_name_is_cleaned_kept_sent_and_shown(make_server: Any, tmp_path: Any) -> None:
    store = open_store(str(tmp_path / "club.sqlite3"))
    server = await make_server(store=store)
    window = await _named(server, "  Window\u200b table  ")  # a zero-width space and spaces: the names' cleaning
    assert window.table.table_name == "Window table"
    table2 = await _named(server, "Table 2")
    plain = await _named(server, None)
    table1 = await _named(server, "Table 1")
    blank = await _named(server, "\u200b")  # blank once cleaned: no name
    assert (plain.table.table_name, blank.table.table_name) == ("", "")
    status, _, html = await get(server, "/")
    # F1: by name, then the unnamed by code; never newest first (Table 1 was made after Table 2)
    assert status == 200 and _listed(html) == [table1.code, table2.code, window.code, *sorted((plain.code, blank.code))]
    assert f'<a href="/t/{window.code}"><span class="code"><span class="tname">Window table</span>{window.code}</span>' in html
    status, _, html = await get(server, f"/t/{table1.code}")
    assert status == 200 and f'<h1><span class="tname">Table 1</span> · Table {table1.code}</h1>' in html
    assert f"<title>Table 1 · Table {table1.code} · doublenine</title>" in html
    await server.stop()
    await store.close()
    store = open_store(str(tmp_path / "club.sqlite3"))
    again = await make_server(store=store)  # the record keeps it
    try:
        watcher = await connect(again)
        await watcher.attach({"type": "spectate", "code": table2.code})
        assert watcher.table.table_name == "Table 2"
    finally:
        await again.stop()
        await store.close()


async def test_a_table_name_longer_than_a_players_name_is_refused(server: Any) -> None:
    from doublenine.shared import protocol as p

    c = await connect(server)
    await c.send_raw(p.pack({"type": "create_table", "seats": seats(*"hccc"), "sit": 1, "table_name": "x" * 33}))
    err = await c.until(lambda m: isinstance(m, p.Error))
    assert (err.code, err.detail) == ("WRONG_TYPES", "table_name: String should have at most 32 characters")
