"""Attacker s14 F3 (part 2): /results is paged and filterable (table name or code, day of end), its
downloads give the same page, and the index's Finished matches shows at most 2 of one table. Kind: a shared
bounded list one source can fill."""
from __future__ import annotations

from typing import Any

from doublenine.server.storage import MatchResult, MemoryStore
from doublenine.server.web import pages

from .test_web_pages import get

DAY = 1796677200.0  # 2026-12-07 21:00 UTC


def _r(code: str, match: int, ended: float, name: str = "") -> MatchResult:
    return MatchResult(code, match, ("Ana", "Bo", "Cy", "Di"), (101, 40), "A", 5, ended - 600.0, ended, name, True)


FLOOD = [_r("FL00D", m, DAY + 3600.0 + m, "Fast3") for m in range(250, 0, -1)]
CLUB = [_r("CLUBA", 2, DAY - 86400.0 + 2, "Table 1"), _r("CLUBA", 1, DAY - 86400.0 + 1, "Table 1")]


async def _page(results: list[MatchResult], query: str) -> tuple[list[MatchResult], bool]:
    """The page ``query`` chooses, as ``/results`` reads it from a store holding ``results``."""
    store = MemoryStore()
    for r in results:
        await store.record_result(r)
    asked = pages.ResultsQuery.parse(query)
    return pages.select_results(await store.load_results(**asked.read()), asked)


async def test_f3_the_reported_case_a_clubs_results_stay_reachable_behind_a_flood() -> None:
    """flood_fast.py: /results showed the newest 200, unpaged, so 250 of one address's matches pushed the
    club's off it. Now its table (by name or code) and its day find them, and the pages reach them."""
    every = FLOOD + CLUB
    assert await _page(every, "table=table+1") == (CLUB, False)
    assert await _page(every, "table=cluba") == (CLUB, False)
    assert await _page(every, "date=2026-12-06") == (CLUB, False)
    assert await _page(every, "date=2026-13-45") == ([], False)
    first, more = await _page(every, "")
    assert (len(first), more, first[0].match) == (100, True, 250)
    last, more = await _page(every, "page=3")
    assert (len(last), more, last[-2:]) == (52, False, CLUB)
    assert pages.ResultsQuery.parse("page=０3&date=2026-1-1&table=" + "x" * 300) == pages.ResultsQuery("x" * 32, "", 1)
    assert pages.ResultsQuery("Table 1", "2026-12-06", 2).link(3) == "/results?table=Table+1&date=2026-12-06&page=3"
    assert pages.ResultsQuery("", "2026-12-06").ended() == (DAY - 162000.0, DAY - 75600.0)


def test_f3_the_index_shows_at_most_two_matches_of_one_table() -> None:
    shown = pages.index_results(FLOOD + CLUB)
    assert [(r.code, r.match) for r in shown] == [("FL00D", 250), ("FL00D", 249), ("CLUBA", 2), ("CLUBA", 1)]


async def test_f3_results_pages_and_downloads_follow_the_query(server: Any) -> None:
    for r in FLOOD[:120] + CLUB:
        await server.store.record_result(r)
    status, _, body = await get(server, "/results?table=Table%201")
    assert status == 200 and body.count('<li class="result"') == 2 and 'data-code="CLUBA"' in body
    assert 'href="/results.csv?table=Table+1"' in body and 'class="older"' not in body
    status, _, body = await get(server, "/results")
    assert body.count('<li class="result"') == 100 and 'href="/results?page=2"' in body
    status, _, text = await get(server, "/results.csv?page=2")
    assert status == 200 and len(text.splitlines()) == 1 + 22


async def test_s15_the_list_pages_links_keep_the_query_they_were_opened_with(server: Any) -> None:
    """Session 15 (s14 note): the Older/Newer links of ``/results`` (and of ``/``'s pages, and the links between
    the two) dropped ``?view=projector``: a projector's second page was the desk view. Kind: a link built from
    the page's own selection only. Every such link, the filter form and the downloads keep the other pairs."""
    for r in FLOOD[:120] + CLUB:
        await server.store.record_result(r)
    status, _, body = await get(server, "/results?view=projector")
    assert status == 200 and 'class="older" href="/results?page=2&amp;view=projector"' in body
    assert 'href="/results.csv?view=projector"' in body and 'href="/?view=projector"' in body
    assert '<input type="hidden" name="view" value="projector">' in body
    status, _, body = await get(server, "/results?page=2&view=projector&table=&x=1")
    assert 'class="newer" href="/results?view=projector&amp;x=1"' in body  # was href="/results"
    assert 'class="older"' not in body
    status, _, body = await get(server, "/?view=projector")
    assert status == 200 and 'class="more" href="/results?view=projector"' in body  # was href="/results"
    en = __import__("doublenine.shared.i18n", fromlist=["translator"]).translator("en")
    page = pages.index_page(en, [], None, older="before=ABC", newer="", kept=pages.kept_query("view=projector&after=Q"))
    assert 'class="newer" href="/?view=projector"' in page and 'class="older" href="/?before=ABC&amp;view=projector"' in page
    assert pages.kept_query("view=projector&view=projector&page=2&" + "k=" + "v" * 65 + "&a=1&b=2&c=3&d=4") == (
        ("view", "projector"), ("a", "1"), ("b", "2"), ("c", "3"))
    assert pages.ResultsQuery.parse("view=projector") == pages.ResultsQuery()  # not part of the selection


class _Counted(MemoryStore):
    """A memory store that remembers how many rows each ``load_results`` gave the process."""

    def __init__(self) -> None:
        super().__init__()
        self.given: list[int] = []

    async def load_results(self, *args: Any, **kwargs: Any) -> list[MatchResult]:
        found = await super().load_results(*args, **kwargs)
        self.given.append(len(found))
        return found


async def test_s15_f3_a_results_page_reads_one_page_of_rows_from_a_full_store(make_server: Any) -> None:
    """Operator s15 F3: with the store at its cap (10,000 results), every ``/results`` (any filter, any page,
    the downloads) read all 10,000 into the process and chose the page there, holding the event loop
    1.4-2.6 s. Now the store chooses and pages: each read gives the process one page and one row more."""
    store = _Counted()
    for n in range(10_000):  # one a minute back from DAY; 40 tables of 250
        await store.record_result(_r(f"T{n % 40:04d}", n // 40 + 1, DAY - 60.0 * n, f"Room {n % 40}"))
    server = await make_server(store=store)
    status, _, body = await get(server, "/results?date=2026-12-06")  # 1,440 matches ended that day (a minute apart)
    assert (status, body.count('<li class="result"'), 'href="/results?date=2026-12-06&amp;page=2"' in body) == (200, 100, True)
    status, _, body = await get(server, "/results?page=100")
    assert (status, body.count('<li class="result"'), 'class="older"' in body) == (200, 100, False)
    status, _, body = await get(server, "/results?page=101")
    assert (status, body.count('<li class="result"')) == (200, 0)
    status, _, body = await get(server, "/results?table=%25")
    assert (status, body.count('<li class="result"')) == (200, 0)
    status, _, body = await get(server, "/results?table=room+7&page=3")  # Room 7 only: 250 matches
    assert (status, body.count('data-code="T0007"'), 'class="older"' in body) == (200, 50, False)
    status, _, text = await get(server, "/results.csv?date=2026-12-06&page=15")
    assert (status, len(text.splitlines())) == (200, 1 + 40)
    assert max(store.given) <= pages.RESULTS_PAGE + 1 and len(store.given) >= 6, store.given
