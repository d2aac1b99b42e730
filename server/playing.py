"""What one site may keep playing at once (session 11: a stranger held 4,096 tables of four computers
from the 512 /64s of one /48, each with a spectator or a held connection so it kept playing, and
their frames alone took ~78% of a core; docs/performance.md "Tables a site keeps playing").

A table whose every seat the computer plays (``Table.computers_only``) moves at the computers' pace
for as long as anyone follows it (a seat's connection, a spectator, a web page: ``Table._bot_pick``);
a table with a person seated moves at that person's pace (R29). So a site (``Table.turn_group``: its
creator's IPv4 address or IPv6 /48) may keep at most ``ServerConfig.max_playing_per_site`` tables of
computers only playing at once. Watching one more is refused ``SPECTATORS_FULL``
(``actions.spectate``), creating one of four computers ``TOO_MANY_TABLES`` (``Registry.create``),
both with ``data: {limit: "playing_per_site"}`` (:data:`LIMIT`); a table that becomes one by other
means (its last person left, with spectators still watching) holds still until one of its site's
playing tables stops (nobody follows it any more, it closes, a person takes a seat), and then plays
on.

The codes are version 2's own (docs/protocol.md "Versions and compatibility": a new error code is a
new value clients must understand, so it needs a new version): every version-2 client already acts
rightly on them. The window and ``doublenine bot`` say the refusal and stop; the web page waits a
minute after ``SPECTATORS_FULL`` and tries again. A code of its own (``TOO_MANY_PLAYING``, session 11)
was skipped as off the schema by clients built before it, which then waited for ever.
"""
from __future__ import annotations

from typing import Any

from doublenine.shared.errors import ErrorCode

LIMIT = "playing_per_site"
"""``data.limit`` of this cap's refusals, so a client and ``doublenine_limits_total{limit}`` tell it
from the spectator places and the open tables whose codes it shares."""
Refusal = tuple[ErrorCode, str, dict[str, str]]
"""(code, detail, data): the arguments of ``table.Refused``."""


class PlayingAllowance:
    """The tables of computers only that play now, per site; at most ``limit`` per site (0: no limit).

    A table is admitted (:meth:`admit`) when its computers would act, and released (:meth:`release`)
    when they stop for good (nobody follows it, it closed, a person sat down); the tables of the site
    that waited are then re-armed, the longest waiting first. The site a table was admitted under is
    kept, so a table whose site becomes known later (``Table.turn_group`` of an old record) is
    released where it was counted."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._playing: dict[str, set[Any]] = {}
        self._waiting: dict[str, dict[Any, None]] = {}
        self._site_of: dict[Any, str] = {}

    def playing(self, site: str) -> int:
        """How many tables of ``site`` play now."""
        return len(self._playing.get(site, ()))

    def holds(self, table: Any) -> bool:
        """Whether ``table`` is admitted (its computers may play)."""
        site = self._site_of.get(table)
        return site is not None and table in self._playing.get(site, ())

    def refusal(self, table: Any) -> Refusal | None:
        """The refusal of a ``spectate`` of ``table``: (SPECTATORS_FULL, detail, data) if one more
        connection following it would keep playing a table of computers only that its site may not
        play now; else None. The code a version-2 client already answers by waiting (the web page)
        or saying the table takes no more spectators (the window)."""
        if not self.limit or not table.computers_only() or self.holds(table) \
                or self.playing(table.turn_group) < self.limit:
            return None
        return (ErrorCode.SPECTATORS_FULL,
                f"table {table.code} takes no spectators now: it has only computers and the site that "
                f"created it keeps {self.limit} such tables playing; try again later", {"limit": LIMIT})

    def full(self, site: str) -> Refusal | None:
        """The refusal of a ``create_table`` of four computers by ``site``: (TOO_MANY_TABLES, detail,
        data) while ``site`` plays ``limit`` tables of computers only; else None. The code a version-2
        client already answers "close one first", which is the remedy (stop following one)."""
        if self.limit and self.playing(site) >= self.limit:
            return (ErrorCode.TOO_MANY_TABLES,
                    f"this site keeps {self.limit} tables of computers only playing: "
                    "stop following one to create another", {"limit": LIMIT})
        return None

    def admit(self, table: Any) -> bool:
        """Whether ``table`` (of computers only, followed) may play now; if not, it waits its turn."""
        if not self.limit:
            return True
        if self.holds(table):
            return True
        site = self._site_of.setdefault(table, table.turn_group)
        held = self._playing.setdefault(site, set())
        if len(held) < self.limit:
            held.add(table)
            self._drop_waiting(site, table)
            return True
        self._waiting.setdefault(site, {})[table] = None
        return False

    def release(self, table: Any) -> None:
        """``table`` stops playing (or waiting): its place goes to its site's longest waiting table."""
        site = self._site_of.pop(table, None)
        if site is None:
            return
        self._drop_waiting(site, table)
        held = self._playing.get(site)
        if held is None or table not in held:
            return
        held.discard(table)
        if not held:
            del self._playing[site]
        for waiting in list(self._waiting.get(site, ())):
            if self.playing(site) >= self.limit:
                break
            waiting.rearm()  # admitted in its _bot_pick if it still follows the rule

    def _drop_waiting(self, site: str, table: Any) -> None:
        waiting = self._waiting.get(site)
        if waiting is not None:
            waiting.pop(table, None)
            if not waiting:
                del self._waiting[site]


__all__ = ["LIMIT", "PlayingAllowance", "Refusal"]
