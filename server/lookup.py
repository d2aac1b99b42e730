"""A table looked up by the code a client gave, with table-code misses limited per address group.

Issue 12 case 7: whoever guesses codes learns which ones are open tables. Every lookup by
code from outside (a ``join``, ``rejoin`` or ``spectate`` frame, a ``/t/CODE`` page) goes
through :func:`look_up`, so each kind of lookup counts misses the same way: while the group's
bucket (:class:`~.addresses.MissLimiter`) is empty, the lookup is refused before the code is
read, so a refused guess teaches nothing; a lookup takes its miss before it awaits the store
and gives it back unless the code named no table (attacker F1 kind: lookups in flight at once
all passed a check made before the await). With PostgreSQL the check and the take are one
statement in the store, for every process on it at once (``MissLimiter.reserve``). Attacker s11
F7: 1,000 addresses each spent their own burst (767 guesses a second, none refused), so a lookup
also takes a miss from its IPv6 /48's bucket and from one bucket over all groups (:func:`_buckets`);
a refusal by any gives back what the others took. Round 2 (F1, F2): that bucket counts every miss
but never refuses a lookup proving it knows its table (a seat's token, a code its group was served
or created, :class:`KnownCodes`), which pays into it only when it misses (:func:`look_up`).

Attacker finding (a stranger's request costing a table's players): nginx sends a connection to a
process by the code its path names (:func:`routed_code`), and a lookup of a table a live process
holds asks that process to hand it over (4003 to its players). A frame naming another code than its
connection's path is refused WRONG_ROUTE before any lookup (:func:`check_route`), and only a lookup
on its code's own path may ask for a hand-over (``routed``), so a stranger's lookup reaching the
wrong process never moves a table. Kind (attacker s10 F5, after the re-check's ``//t/``): the server
reading a path's code differently from nginx; :func:`routed_code` reads a code only where nginx
routes by that same code, the table pages (server/web/site.py) included.
"""
from __future__ import annotations

import re
import time
from collections import OrderedDict
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from doublenine.shared.errors import ErrorCode
from doublenine.shared.seats import SEATS
from doublenine.shared.tablecode import clean_code

from .addresses import Grant, MissLimiter, site_group
from .seating import token_matches
from .table import Refused, Table

if TYPE_CHECKING:
    from .registry import Registry


TABLE_PATH = re.compile(r"^/t/([A-Za-z0-9_-]{1,32})/?$")
"""deploy/nginx/site.inc's ``$dn_table_from_path``: the path that names a table code (group 1), for
a connection's route here and a table's page (server/web/site.py)."""
_PLAIN_CODE = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
"""A ``table=`` value read as a route: what ``codes.inc`` folds the same way the server does."""
MAX_PATH = 2048
"""Longest request path read for a code (websockets bounds the request line at 8 KB)."""
NGINX_FOLDS = (2, 6)
"""What deploy/nginx/codes.inc folds before hashing a code: (``-``/``_`` dropped, lower-case letters
made capitals), the first ones first (make_codes.py ``SEPARATORS``, ``LETTERS``; a test keeps them equal)."""
_SEPARATOR = re.compile(r"[_-]")
_LOWER = re.compile(r"[a-z]")


def nginx_route(raw: str) -> str:
    """The key ``codes.inc`` hashes the raw code text ``raw`` (``$dn_table``) by: its first
    ``NGINX_FOLDS[0]`` ``-``/``_`` dropped, then its first ``NGINX_FOLDS[1]`` letters ``a``-``z``
    made capitals; nothing else changed."""
    separators, letters = NGINX_FOLDS
    folded = _SEPARATOR.sub("", raw, count=separators) if separators else raw
    return _LOWER.sub(lambda m: m[0].upper(), folded, count=letters) if letters else folded


def _agreed(raw: str) -> str | None:
    """The code ``raw`` names for both nginx and the server (:func:`nginx_route` equal to
    ``clean_code``), else None: a spelling nginx routes by a leftover (attacker s10 F5:
    ``R-G-Q-4-F``, whose first two dashes only nginx drops, went to another process, which read
    RGQ4F and took that table over from its players) names no route."""
    code = clean_code(raw)
    return code if code and nginx_route(raw) == code else None


def routed_code(path: str | None) -> str | None:
    """The table code nginx routes a request for ``path`` (its target: path and query) by, cleaned
    (:func:`~doublenine.shared.tablecode.clean_code`, as ``codes.inc`` folds it), read only where
    the server and nginx cannot disagree: the code of a raw ``/t/CODE`` path (letters, digits, ``-``
    and ``_``: no percent-escape, no ``//``, no dot segment), else the first ``table=`` argument of
    the bare path ``/`` when it is made of those characters too, and in both only a spelling
    ``codes.inc`` folds into the code the server reads (:func:`nginx_route`: at most two ``-``/``_``,
    at most six lower-case letters); None otherwise (``/``: a create, routed by request id; any
    other path; ``R-G-Q-4-F``).

    nginx routes by ``$uri``, after merging slashes, resolving dot segments and decoding escapes;
    a path read differently here named a table nginx did not route by (re-check finding:
    ``//t/AAAAA?table=CODE`` reached AAAAA's process while the server took CODE as its route, so a
    stranger's spectate moved CODE again). A path that is not plain names no route: such a
    connection never asks a live owner for a hand-over (:func:`look_up` ``routed``)."""
    if not path or len(path) > MAX_PATH:
        return None
    try:
        parts = urlsplit(path)
    except ValueError:
        return None
    match = TABLE_PATH.match(parts.path)
    if match is not None:
        return _agreed(match.group(1))
    if parts.path != "/":
        return None
    for pair in parts.query.split("&", 64)[:64]:
        name, _, value = pair.partition("=")
        if name.lower() == "table":  # nginx compares argument names case-insensitively
            return _agreed(value) if _PLAIN_CODE.match(value) else None
    return None


def check_route(code: str, route: str | None) -> None:
    """Refuse WRONG_ROUTE (``data.path``) a frame naming ``code`` on a connection whose path named
    ``route`` (:func:`routed_code`), before any lookup; a connection naming no code passes."""
    if route is None:
        return
    wanted = clean_code(code)
    if wanted != route:
        path = f"/t/{wanted[:32]}"
        raise Refused(ErrorCode.WRONG_ROUTE, f"this connection is for table {route}: connect to {path} for another",
                      {"path": path})


async def look_up(registry: Registry, code: str, group: str, *, token: str | None = None,
                  routed: bool, limited: bool = True, now: float | None = None, claim: bool = True) -> Table:
    """The table ``code`` names (:meth:`.Registry.find_or_load` with ``token``, ``address=group``
    and ``limited``), for a lookup from address group ``group`` at ``now`` (``time.monotonic()``
    seconds; None: now). ``routed`` (no default, so no caller gets hand-overs unasked: the table pages
    did, attacker s10 F5): the lookup came on its code's own path as nginx routes it
    (:func:`routed_code`) and may ask a live owner for a hand-over (:meth:`.Registry.find_or_load`).
    ``claim`` False: a page view, which never claims nor moves a table (operator s17 F7; ``find_or_load``).

    The bucket over all groups (attacker s11 round 2 F1, F2): every miss counts in it, and it never
    refuses a lookup that proves it knows the table: a ``token`` of one of the table's seats, or a
    code this group was served or created recently (:attr:`.Registry.known_codes`, bounded). Such a
    lookup is never charged before it is made and pays into the bucket only when it misses; any
    other lookup takes from the bucket before the code is read (refused while it is empty, so a
    stranger's guess teaches nothing) and gives it back unless it missed. A ``token`` lookup that
    does not prove its seat (no table, or no seat of that token) while the bucket is empty is
    refused RATE_LIMITED whether or not the table exists.

    Raises :class:`~.table.Refused`: ``RATE_LIMITED`` (``data``: ``limit`` "code_misses",
    ``retry_ms``) when ``group`` (or its /48, or the bucket over all groups, as above) has no miss
    left, before the code is read; else whatever ``find_or_load`` refuses with, an
    ``UNKNOWN_TABLE`` counted as one miss of ``group`` and in ``doublenine_code_misses_total``."""
    now = time.monotonic() if now is None else now
    key = clean_code(code)
    known = (group, key) in registry.known_codes
    taken: list[tuple[MissLimiter, str, Grant]] = []
    try:
        for limiter, bucket, whose in _buckets(registry, group, before=not known and token is None):
            grant = await limiter.reserve(bucket, now)  # each taken before the lookup
            if not grant.taken:
                raise _out_of_misses(whose, grant.wait)
            taken.append((limiter, bucket, grant))
    except BaseException:
        for limiter, bucket, grant in taken:  # nothing was looked up: nothing was missed
            await limiter.give_back(bucket, grant)
        raise
    missed = False
    try:
        try:
            table = await registry.find_or_load(code, token=token, address=group, limited=limited, routed=routed,
                                                claim=claim)
        except Refused as exc:
            if exc.code is ErrorCode.UNKNOWN_TABLE:
                missed = True
                registry.metrics.code_misses.inc()
                await _charge_all(registry, known, token, now)
            raise
        if token is not None and not known and not _holds_seat(table, token):
            await _charge_all(registry, known, token, now)  # a token guess: told apart only while answered
            return table
        registry.known_codes.add((group, table.code))
        return table
    finally:
        if not missed:
            for limiter, bucket, grant in taken:
                await limiter.give_back(bucket, grant)


def _out_of_misses(whose: str, wait: float) -> Refused:
    return Refused(ErrorCode.RATE_LIMITED, f"too many unknown table codes from {whose}; try again in {wait:.0f} s",
                   {"limit": "code_misses", "retry_ms": int(wait * 1000) + 1})


def _holds_seat(table: Table, token: str) -> bool:
    """Whether ``token`` is the token of one of ``table``'s seats (D7's rejoin check)."""
    return any(token_matches(token, table.slots[s].token_hash) for s in SEATS)


async def _charge_all(registry: Registry, known: bool, token: str | None, now: float) -> None:
    """A miss of a lookup that was not charged before it was made (a known code, a ``token``) paid
    into the bucket over all groups; a ``token`` lookup of an unknown code finding it empty is
    refused RATE_LIMITED, whatever it found (its answer would tell open codes apart)."""
    if not known and token is None:
        return  # taken before the lookup
    grant = await registry.all_misses.reserve(ALL, now)
    if not grant.taken and not known:
        raise _out_of_misses("all addresses", grant.wait)


SITE_MISSES = 4
"""An IPv6 /48's code-miss bucket holds this many address groups' (``code_miss_burst`` x 4 at once,
``code_miss_rate`` x 4 a second), over all its /64s (attacker s11 F7)."""
ALL_MISSES = 10
"""The code-miss bucket over all address groups holds this many groups' (``code_miss_burst`` x 10 at
once, ``code_miss_rate`` x 10 a second; attacker s11 F7 and round 2 F2)."""
ALL = "all"
"""The key of the bucket over all groups."""


def _buckets(registry: Registry, group: str, *, before: bool) -> list[tuple[MissLimiter, str, str]]:
    """The code-miss buckets a lookup from ``group`` takes a miss from before it is made, with who
    they count, in the order checked: the group's (an IPv4 address, an IPv6 /64), its /48's (IPv6
    only: an IPv4 group is its own site, :func:`.addresses.site_group`), and, when ``before``, the
    one over all groups. Attacker s11 round 2 F2: only groups that had missed before paid into that
    one, so each fresh address's first guess was free (692 a second); now every lookup that does not
    prove it knows its table does (:func:`look_up`)."""
    out = [(registry.misses, group, group)]
    site = site_group(group)
    if isinstance(site, str) and site != group:
        out.append((registry.site_misses, site, site))
    if before:
        out.append((registry.all_misses, ALL, "all addresses"))
    return out


class KnownCodes:
    """The (address group, table code) pairs of the most recent :attr:`limit` lookups that found
    their table and tables created (bounded memory: a pair forgotten only makes its next lookup
    pay into the bucket over all groups before it is made, like a stranger's). Attacker s11 round 2
    F1: a seated player who once mistyped a code could not rejoin nor join while strangers kept
    that bucket empty; a code a group was served is no guess of that group's."""

    def __init__(self, limit: int = 10_000) -> None:
        self.limit = limit
        self._pairs: OrderedDict[tuple[str, str], None] = OrderedDict()

    def add(self, pair: tuple[str, str]) -> None:
        """``pair`` (group, cleaned code) found its table now."""
        self._pairs[pair] = None
        self._pairs.move_to_end(pair)
        while len(self._pairs) > self.limit:
            self._pairs.popitem(last=False)

    def __contains__(self, pair: object) -> bool:
        return pair in self._pairs

    def __len__(self) -> int:
        return len(self._pairs)
