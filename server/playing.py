"""What one site may keep playing at once (session 11: a stranger held 4,096 tables of four computers
from the 512 /64s of one /48, each with a spectator or a held connection so it kept playing, and
their frames alone took ~78% of a core; docs/performance.md "Tables a site keeps playing").

A table whose every seat the computer plays (``Table.computers_only``) moves at the computers' pace
for as long as anyone follows it (a seat's connection, a spectator, a web page: ``Table._bot_pick``);
a table with a seat held moves at that seat's pace (R29), but the server cannot tell a person from a
program there (attacker s11 round 2 F5: ``doublenine bot --pace 0`` in the one human seat moved 134
seqs in 20 s past the cap). So a site (an IPv4 address or IPv6 /48, :func:`conn_site`) may keep at
most ``ServerConfig.max_playing_per_site`` tables playing at once: those where its connections hold
the seats the computer does not decide, and tables of computers only it follows
(:class:`PlayingAllowance`). Watching one more of computers only is refused ``SPECTATORS_FULL``
(``actions.spectate``, by the spectator's site), creating one of four computers or one its creator
sits at ``TOO_MANY_TABLES`` (``Registry.create``), both with ``data: {limit: "playing_per_site"}``
(:data:`LIMIT`); a table that would count against a full site otherwise (its last person left under
spectators, a seat taken at another site's table) holds still until one of that site's playing tables
stops (nobody follows it, it closes, its match ends), and then plays on.

The codes are version 2's own (docs/protocol.md "Versions and compatibility": a new error code is a
new value clients must understand, so it needs a new version): every version-2 client already acts
rightly on them. The window and ``doublenine bot`` say the refusal and stop; the web page waits a
minute after ``SPECTATORS_FULL`` and tries again. A code of its own (``TOO_MANY_PLAYING``, session 11)
was skipped as off the schema by clients built before it, which then waited for ever.
"""
from __future__ import annotations

from typing import Any

from doublenine.shared.errors import ErrorCode

from .addresses import site_key

LIMIT = "playing_per_site"
"""``data.limit`` of this cap's refusals, so a client and ``doublenine_limits_total{limit}`` tell it
from the spectator places and the open tables whose codes it shares."""
Refusal = tuple[ErrorCode, str, dict[str, str]]
"""(code, detail, data): the arguments of ``table.Refused``."""


LOCAL = "local"
"""The site of a connection with no address group (the embedded server's own player)."""


def conn_site(conn: Any) -> str:
    """The site a connection's following counts against: :func:`.addresses.site_key` of its address
    group (its IPv4 address or IPv6 /48), :data:`LOCAL` without one."""
    group = getattr(conn, "group", None)
    return LOCAL if group is None else site_key(group)


class PlayingAllowance:
    """The tables each site keeps playing now; at most ``limit`` per site (0: no limit).

    Attacker s11 round 2 F5: the cap counted only tables of computers only, by their creator's site,
    so one program in a human seat kept any number playing, and a stranger watching a site's idle
    tables spent that site's allowance. Now a table (``Table.pace_sites``) counts against the site of
    every live connection holding a seat the computer does not decide (a person and a program alike:
    what that site keeps playing), and, with none (computers only), against one site following it:
    the one it was admitted under while that site still follows it, else the first following site
    with room. A spectate counts against the spectator's site, never the creator's.

    A table is admitted (:meth:`admit`) when its computers would act, and released (:meth:`release`)
    when they stop for good (nobody follows it, it closed, its match is over); a table no site may
    play waits, and the tables waiting for a site are re-armed, the longest waiting first, when one of
    its tables stops."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._playing: dict[str, set[Any]] = {}
        self._waiting: dict[str, dict[Any, None]] = {}
        self._sites_of: dict[Any, frozenset[str]] = {}

    def playing(self, site: str) -> int:
        """How many tables count against ``site`` now."""
        return len(self._playing.get(site, ()))

    def holds(self, table: Any) -> bool:
        """Whether ``table`` is admitted (its computers may play)."""
        return table in self._sites_of

    def _room(self, site: str) -> bool:
        return self.playing(site) < self.limit

    def refusal(self, table: Any, site: str) -> Refusal | None:
        """The refusal of a ``spectate`` of ``table`` from ``site``: (SPECTATORS_FULL, detail, data)
        when this watch would make the table play against ``site``'s allowance (a table of computers
        only not playing now) and ``site`` keeps ``limit`` tables playing; else None. The code a
        version-2 client already answers by waiting (the web page) or saying the table takes no more
        spectators (the window)."""
        if not self.limit or self.holds(table) or self._room(site):
            return None
        pace = table.pace_sites()
        if pace is None or pace[0]:
            return None  # it moves at its seated people's pace (theirs to count), or not at all
        return (ErrorCode.SPECTATORS_FULL,
                f"table {table.code} takes no spectators now: it has only computers and your site keeps "
                f"{self.limit} tables playing; try again later", {"limit": LIMIT})

    def full(self, site: str) -> Refusal | None:
        """The refusal of a ``create_table`` by ``site`` of a table it would keep playing (four
        computers, or its creator seated): (TOO_MANY_TABLES, detail, data) while ``site`` keeps
        ``limit`` tables playing; else None. The code a version-2 client already answers "close one
        first", which is the remedy (stop following one)."""
        if self.limit and not self._room(site):
            return (ErrorCode.TOO_MANY_TABLES,
                    f"this site keeps {self.limit} tables playing: stop following one to create another",
                    {"limit": LIMIT})
        return None

    def admit(self, table: Any, seated: frozenset[str], followers: tuple[str, ...]) -> bool:
        """Whether ``table`` may play now (``Table.pace_sites``: it counts against every ``seated``
        site, or with none, one of ``followers``); if not, it waits for a place."""
        if not self.limit:
            return True
        held = self._sites_of.get(table)
        if seated:
            wanted: frozenset[str] | None = seated
        elif held is not None and len(held) == 1 and next(iter(held)) in followers:
            wanted = held
        else:
            wanted = next((frozenset((f,)) for f in followers if self._room(f)), None)
        if held is not None and held == wanted:
            return True
        self._drop(table, rearm=False)
        if wanted is None or not all(self._room(site) for site in wanted):
            for site in (wanted or followers):
                self._waiting.setdefault(site, {})[table] = None
            self._rearm(held or frozenset())
            return False
        for site in wanted:
            self._playing.setdefault(site, set()).add(table)
        self._sites_of[table] = wanted
        self._rearm(held - wanted if held else frozenset())
        return True

    def release(self, table: Any) -> None:
        """``table`` stops playing (or waiting): its places go to their sites' longest waiting tables."""
        self._drop(table, rearm=True)

    def _drop(self, table: Any, *, rearm: bool) -> None:
        for site in list(self._waiting):
            waiting = self._waiting[site]
            waiting.pop(table, None)
            if not waiting:
                del self._waiting[site]
        held = self._sites_of.pop(table, None)
        if held is None:
            return
        for site in held:
            tables = self._playing.get(site)
            if tables is not None:
                tables.discard(table)
                if not tables:
                    del self._playing[site]
        if rearm:
            self._rearm(held)

    def _rearm(self, sites: frozenset[str]) -> None:
        """Re-arm the tables waiting for a place of ``sites`` (admitted in their ``_bot_pick``)."""
        for site in sites:
            for waiting in list(self._waiting.get(site, ())):
                if not self._room(site):
                    break
                waiting.rearm()


__all__ = ["LIMIT", "LOCAL", "PlayingAllowance", "Refusal", "conn_site"]
