"""A table looked up by the code a client gave, with table-code misses limited per address group.

Issue 12 case 7: whoever guesses codes learns which ones are open tables. Every lookup by
code from outside (a ``join``, ``rejoin`` or ``spectate`` frame, a ``/t/CODE`` page) goes
through :func:`look_up`, so each kind of lookup counts misses the same way: while the group's
bucket (:class:`~.addresses.MissLimiter`) is empty, the lookup is refused before the code is
read, so a refused guess teaches nothing; a lookup takes its miss before it awaits the store
and gives it back unless the code named no table (attacker F1 kind: lookups in flight at once
all passed a check made before the await). With PostgreSQL the check and the take are one
statement in the store, for every process on it at once (``MissLimiter.reserve``).
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING

from doublenine.shared.errors import ErrorCode

from .table import Refused, Table

if TYPE_CHECKING:
    from .registry import Registry


async def look_up(registry: Registry, code: str, group: str, *, token: str | None = None,
                  limited: bool = True, now: float | None = None) -> Table:
    """The table ``code`` names (:meth:`.Registry.find_or_load` with ``token``, ``address=group``
    and ``limited``), for a lookup from address group ``group`` at ``now`` (``time.monotonic()``
    seconds; None: now).

    Raises :class:`~.table.Refused`: ``RATE_LIMITED`` (``data``: ``limit`` "code_misses",
    ``retry_ms``) when ``group`` has no miss left, before the code is read; else whatever
    ``find_or_load`` refuses with, an ``UNKNOWN_TABLE`` counted as one miss of ``group`` and in
    ``doublenine_code_misses_total``."""
    misses = registry.misses
    now = time.monotonic() if now is None else now
    grant = await misses.reserve(group, now)  # taken before the lookup, refunded unless a miss
    if not grant.taken:
        wait = grant.wait
        raise Refused(ErrorCode.RATE_LIMITED, f"too many unknown table codes from {group}; try again in {wait:.0f} s",
                      {"limit": "code_misses", "retry_ms": int(wait * 1000) + 1})
    missed = False
    try:
        return await registry.find_or_load(code, token=token, address=group, limited=limited)
    except Refused as exc:
        if exc.code is ErrorCode.UNKNOWN_TABLE:
            missed = True
            registry.metrics.code_misses.inc()
        raise
    finally:
        if not missed:
            await misses.give_back(group, grant)
