"""Club s14 kind 3 (F6): the page a projector shows, ``/``. It keeps itself current (``/static/board.js``
reads the page again every 10 s and keeps what it shows when a read fails); each row says which team has
which names and points; it says "NAME is disconnected" where the table page says it (D7), and how long the
table has waited; ``/?view=projector`` reads from across a room, without the install help."""
from __future__ import annotations

import time
from typing import Any

from doublenine.server.web import pages
from doublenine.server.web.listing import table_info
from doublenine.shared.i18n import translator

from .conftest import eventually, four_at_play
from .test_web_pages import create, get


async def test_the_projector_view_is_large_live_and_without_the_install_help(server: Any) -> None:
    await create(server, True)
    status, _, html = await get(server, "/?view=projector")
    assert status == 200 and '<body class="index-page projector">' in html
    assert "Don&#x27;t have the game yet?" not in html and "Start a table" not in html
    assert '<main class="index" id="board" data-refresh="10">' in html
    assert '<script src="/static/board.js"></script>' in html
    status, _, html = await get(server, "/")  # the usual view refreshes itself too, and keeps its help
    assert '<body class="index-page">' in html and "Don&#x27;t have the game yet?" in html
    assert '<script src="/static/board.js"></script>' in html
    status, headers, js = await get(server, "/static/board.js")
    assert status == 200 and headers["Content-Type"] == "text/javascript; charset=utf-8" and "DOMParser" in js


async def test_a_disconnected_player_is_said_as_on_the_table_page_with_the_time_waited(server: Any) -> None:
    """Q57RS: Ana closed her window; the table page said "Ana is disconnected", the list "Ana to play"."""
    clients, table = await four_at_play(server, seed=7)
    turn = table.state.hand.turn
    assert pages.status_text(translator("en"), table_info(table)) == f"P{turn} to play" if turn > 1 else "South to play"
    await clients[turn - 1].close()
    await eventually(lambda: table.slots[turn].conn is None)
    table.since = time.time() - 190  # the decision awaited since 3 min 10 s
    info = table_info(table)
    name = "South" if turn == 1 else f"P{turn}"
    assert pages.status_text(translator("en"), info) == f"{name} is disconnected"  # table.js: W.disconnected
    row = pages.index_page(translator("en"), [info], None)
    assert f'<span class="meta">{name} is disconnected · waiting for 3 min</span>' in row
    assert "waiting for 3 min" in row and "full" not in row.split('class="meta"')[1].split("</span>")[0]
    row = pages.index_page(translator("fr"), [info], None)
    assert "en attente depuis 3\u00a0min" in row
