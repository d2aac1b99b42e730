"""Attacker F4: a held advisory lock compared with a table's key by the same signed value.

``lock_key`` is a signed 64-bit ``bigint``; ``pg_locks`` shows it as two unsigned 32-bit oids
(``classid`` high, ``objid`` low). ``unowned_open`` compared the rebuilt key unsigned against a
signed one, so every held table whose key is negative (about half) was listed as nobody's and
adopted by a sweep for nothing. One definition now, ``pglocks.held_key``, used everywhere a held
lock is compared (``PostgresStore.unowned_open``, tests/deploy/test_multiprocess.py ``held_by``).
"""
from __future__ import annotations

import itertools

import pytest

from doublenine.server.storage.pglocks import PgOwnership, held_key, lock_key
from doublenine.server.storage.postgres import PostgresStore
from doublenine.shared.tablecode import CODE_ALPHABET

from .test_takeover import wiped


def codes_by_sign(count: int) -> tuple[list[str], list[str]]:
    """The first ``count`` codes (in alphabet order) with a negative key, and with a positive one."""
    negative: list[str] = []
    positive: list[str] = []
    for letters in itertools.product(CODE_ALPHABET, repeat=5):
        code = "".join(letters)
        (negative if lock_key(code) < 0 else positive).append(code)
        if len(negative) >= count and len(positive) >= count:
            return negative[:count], positive[:count]
    raise AssertionError("unreachable")


def test_held_key_is_the_signed_key_of_its_two_oids() -> None:
    negative, positive = codes_by_sign(1)
    for code in negative + positive:
        unsigned = lock_key(code) % (1 << 64)
        assert held_key(unsigned >> 32, unsigned & 0xFFFF_FFFF) == lock_key(code)
    assert held_key(0xFFFF_FFFF, 0xFFFF_FFFF) == -1
    assert held_key(0x8000_0000, 0) == -(1 << 63)
    assert held_key(0x7FFF_FFFF, 0xFFFF_FFFF) == (1 << 63) - 1
    with pytest.raises(ValueError):
        held_key(1 << 32, 0)


async def test_unowned_open_lists_only_the_tables_no_session_locks(pg_dsn: str) -> None:
    store = PostgresStore(await wiped(pg_dsn))
    owner = PgOwnership(pg_dsn)
    negative, positive = codes_by_sign(3)
    try:
        for code in negative + positive:
            await store.create_table(code, b"\x80")
        await owner.start(lambda code: None, lambda why: None)
        for code in negative[:2] + positive[:2]:
            assert await owner.claim(code)
        assert sorted(await store.unowned_open()) == sorted([negative[2], positive[2]])
    finally:
        await owner.close()
        await store.close()
