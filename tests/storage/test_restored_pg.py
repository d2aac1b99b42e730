"""``doublenine restored`` on PostgreSQL (operator s17 F5: a mid-hand ``pg_dump`` restored brought back a hand
whose played tiles the players had seen): the deal under way cut at its shuffle and every table reseeded, in one
transaction; refused while a server's session is on the database; ``--dry-run`` writes nothing."""
from __future__ import annotations

import pytest

from doublenine.server.restorecli import restore_postgres
from doublenine.server.storage import open_store
from doublenine.server.storage.base import StoreError
from doublenine.shared.codec import decode_meta, encode_meta, event_rows
from doublenine.shared.events import MatchLog, Shuffled
from doublenine.shared.rules import legal_decisions, to_act
from doublenine.shared.state import Phase

SEATS = [{"kind": "human", "level": None, "name": "Ana", "token_hash": "a" * 64, "handed_over": False},
         *({"kind": "computer", "level": "easy", "name": n, "token_hash": None, "handed_over": False}
           for n in ("Bea", "Caro", "Dani"))]


def _played(seed: int, plays: int) -> MatchLog:
    """A log whose first hand has ``plays`` moves played (as tests/server/test_restore_voids_deal.py)."""
    log = MatchLog(seed=seed)
    while not (log.state.phase is Phase.PLAY and log.state.hand is not None and len(log.state.hand.moves) >= plays):
        log.submit(legal_decisions(log.state, min(to_act(log.state)))[0])
    return log


async def test_f5_a_restored_postgres_store_has_its_deal_under_way_voided_and_every_table_reseeded(db: str) -> None:
    if not db.startswith("postgresql://"):
        pytest.skip("PostgreSQL only (SQLite: tests/server/test_restore_voids_deal.py)")
    log = _played(7, 14)
    rows = event_rows(log.events)
    deal_seq = max(e.seq for e in log.events if isinstance(e.body, Shuffled))
    store = open_store(db)
    try:
        await store.create_table("XH9BB", encode_meta({"seed": 7, "seeded": False, "seats": SEATS, "code": "XH9BB"}))
        await store.append("XH9BB", rows)
        with pytest.raises(StoreError, match="a server is connected to this database: doublenine store pid"):
            await restore_postgres(db, dry_run=False)  # this store's pool is a server's session
    finally:
        await store.close()
    dry = await restore_postgres(db, dry_run=True)
    assert [(v.code, v.cut, v.phase) for v in dry] == [("XH9BB", deal_seq, "play")]
    store = open_store(db)
    try:
        stored = await store.load("XH9BB")
        assert stored is not None and len(stored.rows) == len(rows) and decode_meta(stored.meta)["seed"] == 7
    finally:
        await store.close()
    done = await restore_postgres(db, dry_run=False)
    assert [(v.code, v.cut, v.people) for v in done] == [("XH9BB", deal_seq, ("Ana (South)",))]
    store = open_store(db)
    try:
        stored = await store.load("XH9BB")
        assert stored is not None and [s for s, _ in stored.rows] == list(range(deal_seq))
        assert decode_meta(stored.meta)["seed"] != 7
    finally:
        await store.close()
