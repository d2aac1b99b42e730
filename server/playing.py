"""What one site may keep playing at once (session 11: a stranger held 4,096 tables of four computers
from the 512 /64s of one /48, each with a spectator or a held connection so it kept playing, and
their frames alone took ~78% of a core; docs/performance.md "Tables a site keeps playing").

A table whose every seat the computer plays (``Table.computers_only``) moves at the computers' pace
for as long as anyone follows it (a seat's connection, a spectator, a web page: ``Table._bot_pick``);
a table with a person seated moves at that person's pace (R29). So a site (``Table.turn_group``: its
creator's IPv4 address or IPv6 /48) may keep at most ``ServerConfig.max_playing_per_site`` tables of
computers only playing at once. Watching (``spectate``, and ``create_table`` of four computers) one
more is refused ``TOO_MANY_PLAYING`` (``actions.spectate``, ``Registry.create``); a table that
becomes one by other means (its last person left, with spectators still watching) holds still until
one of its site's playing tables stops (nobody follows it any more, it closes, a person takes a
seat), and then plays on.
"""
from __future__ import annotations

from typing import Any

from doublenine.shared.errors import ErrorCode


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

    def refusal(self, table: Any) -> tuple[ErrorCode, str] | None:
        """(TOO_MANY_PLAYING, detail) if one more connection following ``table`` would keep playing a
        table of computers only that its site may not play now; else None."""
        if not self.limit or not table.computers_only() or self.holds(table):
            return None
        return self.full(table.turn_group)

    def full(self, site: str) -> tuple[ErrorCode, str] | None:
        """(TOO_MANY_PLAYING, detail) while ``site`` plays ``limit`` tables of computers only; else None."""
        if self.limit and self.playing(site) >= self.limit:
            return (ErrorCode.TOO_MANY_PLAYING,
                    f"the site that created this table keeps {self.limit} tables of computers playing")
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


__all__ = ["PlayingAllowance"]
