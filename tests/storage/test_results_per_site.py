"""Attacker s14 F3: one site's matches cannot evict another's. Kind: a shared bounded store one source can
fill. Every store keeps at most ``per_site`` results of one creating site, and over ``keep`` in all forgets
the oldest of the site holding the most, never another's first."""
from __future__ import annotations

from doublenine.server.storage import MatchResult, Store
from doublenine.server.storage.base import RESULTS_KEPT, RESULTS_PER_SITE

CLUB = "c1ab" * 8
FLOOD = "f100" * 8


def _result(code: str, match: int, ended: float, site: str | None) -> MatchResult:
    return MatchResult(code, match, ("Ana", "Bo", "Cy", "Di"), (101, 40), "A", 5, ended - 600.0, ended,
                       "Table 1", True, site)


async def test_f3_the_reported_case_a_flood_from_one_address_keeps_the_clubs_results(store: Store) -> None:
    """flood_fast.py: 45 matches in 90 s from one address, the store kept the newest N globally, so the
    flood evicted the club's record. Scaled: keep 8 in all, 5 per site; the club's 3 stay through 40 of the
    flood's, which keeps only its newest 5."""
    for m in range(1, 4):
        await store.record_result(_result("CLUBA", m, 1000.0 + m, CLUB), keep=8, per_site=5)
    for m in range(1, 41):
        await store.record_result(_result("FL00D", m, 2000.0 + m, FLOOD), keep=8, per_site=5)
    kept = await store.load_results(limit=100)
    assert [(r.code, r.match) for r in kept] == [("FL00D", m) for m in range(40, 35, -1)] + \
        [("CLUBA", 3), ("CLUBA", 2), ("CLUBA", 1)]


async def test_f3_over_the_whole_bound_the_site_holding_most_gives_way(store: Store) -> None:
    for m in range(1, 4):
        await store.record_result(_result("CLUBA", m, 1000.0 + m, CLUB), keep=6, per_site=5)
    for m in range(1, 5):
        await store.record_result(_result("FL00D", m, 2000.0 + m, FLOOD), keep=6, per_site=5)
    kept = await store.load_results(limit=100)
    assert [(r.code, r.match) for r in kept] == [("FL00D", 4), ("FL00D", 3), ("FL00D", 2),
                                                  ("CLUBA", 3), ("CLUBA", 2), ("CLUBA", 1)]
    assert (RESULTS_KEPT, RESULTS_PER_SITE) == (10_000, 2_000)


async def test_s15_every_store_gives_each_result_back_with_its_site(store: Store) -> None:
    """Session 15 (s14 note): copy-store read the results through ``load_results``, which left the site out
    (``MatchResult.site`` is not compared), and wrote them without it. Every store reads it back now."""
    await store.record_result(_result("CLUBA", 1, 1000.0, CLUB))
    await store.record_result(_result("LOCAL", 1, 1001.0, None))
    assert [(r.code, r.site) for r in await store.load_results(limit=10)] == [("LOCAL", None), ("CLUBA", CLUB)]
