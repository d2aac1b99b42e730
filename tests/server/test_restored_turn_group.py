"""A table rebuilt from the store keeps the turn its creator's site had (session 11, item 3).

After a restart the computers' lane group of a resumed table was taken from whoever attached first
(``Table.bind``), so a stranger spectating a friend's table first moved it into the stranger's
turn, and made the stranger's group one of the table's own (``actions.own_groups``: its spectators
were no longer counted against ``max_spectators``). Kind: a table's identity taken from a
connection instead of from what the table was created with. The creator's site is now stored with
the table (``TableMeta.site``, a digest) and a record stored before that takes it from a seated
player or (its digest, ``TableMeta.made_by``) its creator's connection, never a stranger's spectator.
"""
from __future__ import annotations

from typing import Any

from doublenine.server.addresses import creator_key, site_key
from doublenine.server.netbot import TableClient
from doublenine.server.seating import TableMeta
from doublenine.server.storage.base import MemoryStore
from doublenine.shared.codec import decode_meta, encode_meta

from .conftest import eventually, seats
from .test_computer_fairness import GroupsSeen

FRIEND, STRANGER = "198.51.100.7", "2001:db8:66:1::9"
FRIEND_SITE = "be4bd6cd9777af2d9e383f7e68fdc2dc"
"""``site_key("198.51.100.7")``: stored in table records, so it must never change."""


async def _from(server: Any, address: str, fields: dict[str, Any]) -> TableClient:
    client = await TableClient.connect(server.url, additional_headers={"X-Forwarded-For": address})
    return await client.attach(fields)


async def _friends_table(make_server: Any, store: MemoryStore, kinds: str, sit: int | None) -> tuple[str, str | None]:
    """A table created from FRIEND on a first server, which then stops: (code, the creator's token)."""
    first = await make_server(store=store, trust_proxy=True)
    host = await _from(first, FRIEND, {"type": "create_table", "seats": seats(*kinds), "seed": 11, "sit": sit})
    assert first.registry.tables[host.code].meta.site == site_key(FRIEND) == FRIEND_SITE
    await first.stop()
    return host.code, host.token


async def test_a_stranger_spectating_first_after_a_restart_does_not_take_the_tables_turn(make_server) -> None:
    """The reported case: four computers created from FRIEND, a restart, a stranger watches first."""
    store = MemoryStore()
    code, _ = await _friends_table(make_server, store, "cccc", None)
    brain = GroupsSeen()
    second = await make_server(store=store, trust_proxy=True, brain=brain)
    resumed = second.registry.tables[code]
    watcher = await _from(second, STRANGER, {"type": "spectate", "code": code})
    await eventually(lambda: len(brain.groups) >= 4)
    assert resumed.turn_group == FRIEND_SITE
    assert set(brain.groups) == {FRIEND_SITE}  # before: {"2001:db8:66::/48"}
    assert resumed.group is None  # the stranger's group is not the table's own (actions.own_groups)
    creator = await _from(second, "198.51.100.7", {"type": "spectate", "code": code})
    assert resumed.meta.made_by == creator_key(FRIEND) and resumed.group == FRIEND  # known by its digest
    await watcher.close()
    await creator.close()


async def test_a_record_without_its_site_takes_it_from_a_seated_player_not_a_spectator(make_server) -> None:
    """A record stored before the site was kept: the stranger spectating first gives nothing (the
    table's own code is its turn meanwhile); the creator's rejoin gives the creator's site."""
    store = MemoryStore()
    code, token = await _friends_table(make_server, store, "hccc", 1)
    record = decode_meta(store.tables[code].meta)
    del record["site"]
    await store.update_meta(code, encode_meta(record))
    second = await make_server(store=store, trust_proxy=True)
    resumed = second.registry.tables[code]
    assert resumed.meta.site is None
    watcher = await _from(second, STRANGER, {"type": "spectate", "code": code})
    assert (resumed.group, resumed.turn_group) == (None, code)
    back = await _from(second, FRIEND, {"type": "rejoin", "code": code, "token": token})
    assert (resumed.group, resumed.turn_group) == (FRIEND, FRIEND_SITE)
    await watcher.close()
    await back.close()


def test_the_site_is_kept_in_the_record_and_a_damaged_one_is_none() -> None:
    meta = TableMeta.from_record({"code": "ABCDE", "seed": 1, "seeded": False, "language": None,
                                  "creator_seat": None, "started": True, "created_at": 0.0,
                                  "seats": [{"kind": "computer", "level": "easy", "name": "",
                                             "token_hash": None, "handed_over": False}] * 4,
                                  "site": FRIEND_SITE})
    assert meta.site == FRIEND_SITE and meta.record()["site"] == FRIEND_SITE
    assert TableMeta.from_record(dict(meta.record(), site="2001:db8::/48")).site is None
    assert TableMeta.from_record(dict(meta.record(), site=7)).site is None
    assert meta.made_by is None and meta.record()["made_by"] is None  # an older record: nobody known
