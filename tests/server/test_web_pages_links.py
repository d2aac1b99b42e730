"""Phone s17 F4 and F11: how ``/`` orders tables, and a shared link with a chat's punctuation after it.

F4, kind: text order where people read numbers (and letters with accents): "Mesa 10" came before "Mesa 2" (a club
names its tables "Table 1".."Table 12"); numbers in names now compare as numbers, accents as their letters.
F11, kind: a link's address read letter for letter where a chat adds to it: "watch us here: http://HOST/t/4XJC8."
said "No open table has this code" while the table was open; ".", ")", a closing quote or a space after the
code now redirect to the table's own page."""
from __future__ import annotations

import asyncio
import http.client
from typing import Any

from doublenine.server.web.pages import listing_key

from .test_web_pages import create, get


def test_phone_s17_f4_numbers_in_table_names_sort_as_numbers_and_accents_as_letters() -> None:
    names = ["Mesa 10", "Mesa 2", "Mesa 1", "Mesa 02b", "Église", "eglise 3", "Mesa", "Table 12", "Table 9", "Zorro"]
    order = sorted(((n, f"C{i:04d}") for i, n in enumerate(names)), key=lambda nc: listing_key(*nc))
    assert [n for n, _ in order] == ["Église", "eglise 3", "Mesa", "Mesa 1", "Mesa 2", "Mesa 02b", "Mesa 10",
                                     "Table 9", "Table 12", "Zorro"]


async def _head(port: int, path: str) -> tuple[int, str | None]:
    def fetch() -> tuple[int, str | None]:
        con = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        con.request("GET", path)
        answer = con.getresponse()
        answer.read()
        con.close()
        return answer.status, answer.getheader("Location")

    return await asyncio.to_thread(fetch)


async def test_phone_s17_f11_a_link_with_a_chats_full_stop_opens_the_table(server: Any) -> None:
    c = await create(server, True)
    for tail in (".", ")", ").", "%20", "%E2%80%9D", "/."):
        assert await _head(server.port, f"/t/{c.code}{tail}") == (301, f"/t/{c.code}"), tail
    status, _, body = await get(server, f"/t/{c.code}.")  # followed as a browser does: the table's page
    assert status == 200 and f'data-code="{c.code}"' in body
    assert (await get(server, f"/t/{c.code}X."))[0] == 404  # a code no table has: still the 404, after the redirect
    assert (await _head(server.port, "/t/.."))[0] == 404


def test_phone_s17_f15_each_name_on_the_lists_is_its_own_bidi_isolate() -> None:
    """F15, kind: names of either direction run together. "محمد 2" and "سارة 10" partners read "10 سارة & 2 محمد"
    (one right-to-left run), the first badge between the "&" and its name: each name is a ``<bdi>`` now, on ``/``,
    the results and the table page (table.js too)."""
    from doublenine.server.web import pages
    from doublenine.shared.i18n import translator

    seats = (pages.SeatInfo(1, "Ana", "player"), pages.SeatInfo(2, "محمد 2", "computer"),
             pages.SeatInfo(3, "Leo", "computer"), pages.SeatInfo(4, "سارة 10", "computer"))
    html = pages.index_page(translator("en"), [pages.TableInfo("4AKDD", seats, (0, 0), True, name="مقهى 7")], None)
    assert ('<span class="members"><bdi>محمد 2</bdi> <span class="kind">computer</span> &amp; '
            '<bdi>سارة 10</bdi> <span class="kind">computer</span></span>') in html
    assert pages.result_seat(translator("en"), 2, "محمد 2") == "<bdi>محمد 2</bdi>"
