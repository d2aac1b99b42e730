"""Which process serves a table, decided by the store itself (issue 12 "Ownership").

A table is served by exactly one live process at a time. :func:`ownership_for`
gives the server the right kind for its store:

* :class:`LocalOwnership` (SQLite, memory): the process owns the whole store (one
  process per SQLite file, :mod:`.ownerfile`), so every claim succeeds.
* :class:`~.pglocks.PgOwnership` (PostgreSQL): a session advisory lock per table,
  held on one dedicated connection; a dead process's locks are freed by PostgreSQL
  the moment its connection drops. Hand-over requests travel by LISTEN/NOTIFY.

Every kind answers the same calls; the registry (``server/registry.py``) uses them:
``start(on_request, on_lost, on_orphan, on_gone)``, ``claim(code) -> bool``, ``ask(code, wait) -> bool``,
``release(code, orphaned=False)``, ``close(left_open)``, ``locked(codes) -> set[str]`` (the codes among
``codes`` whose lock the store says this process holds), and their set ``held``.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any


class LocalOwnership:
    """Ownership when this process is the only one using the store: every claim succeeds."""

    exclusive = True
    """No other process writes this store: what was loaded before a claim is still current."""

    def __init__(self) -> None:
        self.held: set[str] = set()

    async def start(self, on_request: Callable[[str], None], on_lost: Callable[[], None],
                    on_orphan: Callable[[str, bool], None] | None = None,
                    on_gone: Callable[[], None] | None = None) -> None:
        """Nothing to connect; nobody else ever asks for a table or leaves one."""

    async def claim(self, code: str) -> bool:
        """Take ``code`` (always granted here)."""
        self.held.add(code)
        return True

    async def ask(self, code: str, wait: float) -> bool:
        """Nobody else can hold a table: the claim is granted."""
        return await self.claim(code)

    async def locked(self, codes: list[str]) -> set[str]:
        """The codes among ``codes`` held (nothing outside this process locks them)."""
        return {code for code in codes if code in self.held}

    async def release(self, code: str, orphaned: bool = False) -> None:
        """Stop holding ``code`` (``orphaned``: no other process to adopt it; nothing to tell)."""
        self.held.discard(code)

    async def close(self, left_open: dict[str, bool] | None = None) -> None:
        """Release everything (``left_open``: no other process to tell; the next start resumes them)."""
        self.held.clear()

    @property
    def healthy(self) -> bool:
        """Whether claims can be made (always, here)."""
        return True


def ownership_for(store: Any) -> Any:
    """The ownership kind for ``store`` (unwrapping ``MeteredStore``): advisory locks for
    PostgreSQL, :class:`LocalOwnership` for anything else."""
    inner = getattr(store, "inner", store)
    dsn = getattr(inner, "dsn", None)
    if isinstance(dsn, str):
        from .pglocks import PgOwnership

        return PgOwnership(dsn)
    return LocalOwnership()
