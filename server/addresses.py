"""Who a per-address limit counts (issue 12 case 7), and the limit on table codes that miss.

Every per-address limit (connections, tables created, table-code misses, web pages) counts by
:func:`address_group`, so the many addresses one host or household holds are one:
a global IPv6 address counts by its /64 (what a provider hands a single line), an
IPv4-mapped IPv6 address as the IPv4 address it is. A LAN's IPv6 peers count one by one (ULA
fc00::/7, link-local fe80::/10, loopback; on a hosted server also a global address on the host's own
/64): on a home LAN every device shares one /64, and grouping it let one stranger lock every IPv6
friend out (attacker s12 round 2 N1).
"""
from __future__ import annotations

import asyncio
import functools
import hashlib
import ipaddress
import logging
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from doublenine.shared.cleantext import typed
from doublenine.shared.dialing import host_ip

from .logfmt import Repeats, log_repeated

log = logging.getLogger("doublenine.server")

IPV6_GROUP = 64
"""Prefix length by which IPv6 addresses are grouped for every per-address limit."""

IPV6_SITE = 48
"""Prefix length by which IPv6 addresses are grouped for fairness between address groups (the
turns of the computers', hints' and coach's lanes) and for the spectator places kept for
newcomers: an ISP customer's usual allocation, so the 512 /64s of one /55 are one (attacker s10
round 2). Hard per-address caps keep :data:`IPV6_GROUP`: a /48 may hold many unrelated neighbours."""


LAN_V6 = (ipaddress.IPv6Network("fc00::/7"), ipaddress.IPv6Network("fe80::/10"))
"""IPv6 networks that never reach a server from the internet (unique local, link-local): their
peers are counted one address each, never by /64 or /48 (every device of a home LAN shares one)."""


def on_lan(ip: ipaddress.IPv4Address | ipaddress.IPv6Address, local: str | None = None) -> bool:
    """Whether the IPv6 ``ip`` is a LAN peer counted by its own address: loopback, in :data:`LAN_V6`,
    or in the /64 of ``local`` (the global IPv6 address the connection reached, given only by a
    hosted server: the host's own link, where the home's devices share the provider's /64)."""
    if not isinstance(ip, ipaddress.IPv6Address):
        return False
    if ip.is_loopback or any(ip in net for net in LAN_V6):
        return True
    mine = None if local is None else host_ip(local)
    return isinstance(mine, ipaddress.IPv6Address) and ip in ipaddress.IPv6Network((mine, IPV6_GROUP), strict=False)


def address_group(address: str, local: str | None = None) -> str:
    """The key per-address limits count by: ``"203.0.113.9"`` as it is, ``"2001:db8:1:2::7"`` as
    ``"2001:db8:1:2::/64"``, ``"::ffff:203.0.113.9"`` as ``"203.0.113.9"``; a LAN peer
    (:func:`on_lan`: ``"fd00:a77::66"``, ``"fe80::5"``; with ``local``, an address of its /64) as its
    own address, ``"fd00:a77::66/128"`` (the zone of a link-local address dropped); anything that is not an IP address (a test double, a unix socket) as it is."""
    ip = host_ip(address)
    if ip is None:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        return str(ipaddress.IPv6Network((ip, 128 if on_lan(ip, local) else IPV6_GROUP), strict=False))
    return str(ip)


def group_of(address: str, local: str | None, config: Any) -> str:
    """:func:`address_group` of a client ``address`` that reached this machine's ``local`` address:
    ``local`` is asked only on a hosted server (``config.lan_per_address``, client/embedded.py), never
    through a trusted proxy (there ``local`` is the proxy's side)."""
    lan = getattr(config, "lan_per_address", False) and not getattr(config, "trust_proxy", False)
    return address_group(address, local if lan else None)


@functools.lru_cache(maxsize=4096)
def site_group(group: Hashable) -> Hashable:
    """The wider key fairness counts by: an IPv6 address or :func:`address_group` key
    (``"2001:db8:1:2::/64"``) as its /48 (``"2001:db8:1::/48"``); anything else (an IPv4 group, a
    table code, None, a test double) as it is. A turn shared by a /48 costs a neighbour only pace
    while the lane is contended, never a refusal (which is why caps stay by /64, but for guessed
    table codes, where a /48's budget is 4 groups' on top of each /64's: ``lookup.SITE_MISSES``).
    A group of one address (an IPv4 one, a LAN peer's ``/128``, :func:`on_lan`) is its own site: a home LAN's
    devices are not one site (attacker s12 round 2 N1)."""
    if not isinstance(group, str) or ":" not in group:
        return group
    key = group if "/" in group else address_group(group)  # an address: IPv4-mapped counts as IPv4
    try:
        net = ipaddress.ip_network(key, strict=False)
    except ValueError:
        return key
    if not isinstance(net, ipaddress.IPv6Network) or net.prefixlen < IPV6_SITE or net.prefixlen == 128:
        return key
    return str(net.supernet(new_prefix=IPV6_SITE))


@functools.lru_cache(maxsize=16)
def parsed_networks(networks: tuple[str, ...]) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    """``networks`` parsed once per configured tuple (the server's ``proxy_from`` and
    ``metrics_from``; it was parsed again at every connection and every ``/metrics`` request).
    ValueError for one that is not a network (``cli`` refuses those before)."""
    return tuple(ipaddress.ip_network(net, strict=False) for net in networks)


def in_networks(address: str, networks: tuple[str, ...]) -> bool:
    """Whether ``address`` (an IP address; IPv4-mapped IPv6 counts as IPv4) is in one of
    ``networks`` (``"10.0.0.0/8"``, ``"2001:db8::/32"``); a name or "?" is in none."""
    ip = host_ip(address)
    return ip is not None and any(ip in net for net in parsed_networks(networks))


def from_proxy(peer: str, config: Any) -> bool:
    """Whether forwarded headers (``X-Forwarded-For``, ``X-Forwarded-Proto``) of a connection whose
    socket peer is ``peer`` are believed: ``config.trust_proxy`` is on and the peer is loopback or
    in ``config.proxy_from`` (attacker s9: with ``--trust-proxy`` a direct client sent
    ``X-Forwarded-For: 127.0.0.1``, got ``/metrics`` and chose the address every limit counted)."""
    if not getattr(config, "trust_proxy", False):
        return False
    return is_loopback(peer) or in_networks(peer, tuple(getattr(config, "proxy_from", ())))


def client_address(peer: str, forwarded: str | None, config: Any) -> str:
    """The client address every per-address rule counts: the last ``X-Forwarded-For`` entry
    (``forwarded``, the header's value) when :func:`from_proxy` believes ``peer``, else ``peer``."""
    if forwarded and from_proxy(peer, config):
        return forwarded.rsplit(",", 1)[-1].strip() or peer
    return peer


def peer_of(connection: Any) -> str:
    """The socket peer's address of ``connection`` (a websockets connection; "?" when unknown)."""
    addr = getattr(connection, "remote_address", None)
    return str(addr[0]) if addr else "?"


def one_header(request: Any, name: str) -> str | None:
    """The value of header ``name`` of ``request`` (a websockets Request, or None) when it is given
    exactly once, else None: a header sent twice is nobody's word (``Headers.get`` raised
    ``MultipleValuesError`` on it, a traceback per connection, a 500 for ``/metrics``)."""
    if request is None:
        return None
    values = request.headers.get_all(name)
    return values[0] if len(values) == 1 else None


def request_client(connection: Any, request: Any, config: Any) -> str:
    """:func:`client_address` of a connection and its request: the address every per-address
    rule counts."""
    return client_address(peer_of(connection), one_header(request, "X-Forwarded-For"), config)


def is_loopback(address: str) -> bool:
    """Whether ``address`` (a peer's IP address, as the socket gives it) is this machine's own
    loopback: ``127.0.0.0/8``, ``::1``, or ``::ffff:127.x.y.z``; anything else (a name, "?") is not."""
    ip = host_ip(address)
    return ip is not None and ip.is_loopback


def creator_key(group: str) -> str:
    """What the store keeps of who created an open table (issue 12: the tables-per-address limit
    counts the tables of every process): a digest of the address group, never the address;
    forgotten when the table closes. 32 hex digits."""
    return hashlib.blake2b(group.encode(), digest_size=16, person=b"doublenine-crtr").hexdigest()


@functools.lru_cache(maxsize=4096)
def site_key(group: str) -> str:
    """What a table keeps of the site that created it (:func:`site_group` of its creator's address
    group): a digest, never the address, like :func:`creator_key`; stored in the table's record
    (``TableMeta.site``), so the table keeps its creator's turn in the computers' lane and its place
    in the site's playing allowance after a restart or a move to another process. 32 hex digits."""
    return hashlib.blake2b(str(site_group(group)).encode(), digest_size=16, person=b"doublenine-site").hexdigest()


@dataclass(frozen=True, slots=True)
class Grant:
    """The answer of :meth:`MissLimiter.reserve`."""

    taken: bool
    """A token was taken: the request may be served (refund it with :meth:`MissLimiter.give_back`)."""
    wait: float = 0.0
    """When refused: seconds until a token is left."""
    shared: bool = False
    """Taken from the bucket every process shares in the store (given back there)."""


SHARED_WAIT = 1.0
"""Seconds :meth:`MissLimiter.reserve` (and ``give_back``) wait for the bucket shared in the store;
beyond, this process counts in its own bucket (operator finding 8: while PostgreSQL hung, every web
page waited for its page budget without a bound, and answered nothing for 14 s). Within the 2 s of
a page (``server/web/site.py`` ``PAGE_WAIT``), with room for the lookup after it."""
SHARED_LATE_MAX = 2
"""Shared-bucket calls of one limiter still unanswered after :data:`SHARED_WAIT`: with this many,
a request counts in this process at once, without asking the store (a hanging store costs at most
this many pool connections and one wait, not a wait for every request). Calls merely in flight
(a burst, answered in time) do not count: they are the shared bucket at work."""


class MissLimiter:
    """A token bucket per address group for table lookups that found no table: ``burst`` misses
    at once, then ``rate`` a second. While a group's bucket is empty, every lookup from it is
    refused before the code is even looked at, so a refused guess teaches nothing.

    ``shared`` (PostgreSQL, several processes): a store with ``take_budget``/``refund_budget``
    (:class:`~.storage.postgres.PostgresStore`), where :meth:`reserve` checks and takes in one
    atomic step for every process on it, named ``kind``: exactly ``burst`` at once for the whole
    deployment, however a burst is spread over the processes and whenever they started (attacker
    finding: 60 lookups at once over three processes got 32 misses through, each process allowing
    the share of the processes it had counted so far). While the store does not answer, each
    process falls back to its own bucket and share, below.

    At most ``max_groups`` groups are remembered (the least recently seen are forgotten, which
    only ever gives a forgotten group a full bucket again), so a flood of addresses costs bounded
    memory.

    ``processes()``: how many server processes share the store (issue 12). Each keeps its own
    buckets, and nginx spreads one client's codes over all of them, so each allows its share:
    ``rate / n`` and ``burst / n`` (at least one miss at once); together they allow what the
    configuration says, not ``n`` times it."""

    def __init__(self, rate: float, burst: float, max_groups: int = 10_000,
                 processes: Callable[[], int] = lambda: 1, shared: Any = None, kind: str = "") -> None:
        self.rate, self.burst, self.max_groups = rate, burst, max_groups
        self.processes = processes
        self.shared, self.kind = shared, kind
        self._unavailable = Repeats()  # one line a minute while the store is down, not one per lookup (s11)
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self._late: set[asyncio.Future[Any]] = set()

    async def _bounded(self, call: Any) -> Any:
        """The result of the store coroutine ``call``, waited for at most :data:`SHARED_WAIT` seconds
        (``asyncio.TimeoutError`` beyond; the call goes on, counted in :attr:`_late` until it ends,
        so one whose store hangs is never cut half-way and never waited for again)."""
        task = asyncio.ensure_future(call)
        try:
            return await asyncio.wait_for(asyncio.shield(task), SHARED_WAIT)
        except asyncio.TimeoutError:
            self._late.add(task)
            task.add_done_callback(self._settled)
            raise

    def _settled(self, task: asyncio.Future[Any]) -> None:
        self._late.discard(task)
        if not task.cancelled():
            task.exception()  # nobody waits for it any more: never "exception was never retrieved"

    def _store_usable(self) -> bool:
        return self.shared is not None and len(self._late) < SHARED_LATE_MAX

    async def reserve(self, group: str, now: float) -> Grant:
        """Take one token of ``group`` before the work it pays for (check and take in one step: in
        the shared store when there is one, else in this process's bucket, :meth:`take`). The
        shared bucket is waited for at most :data:`SHARED_WAIT` seconds, and not asked while
        :data:`SHARED_LATE_MAX` of its calls are still unanswered after it."""
        if self._store_usable():
            try:
                wait = await self._bounded(self.shared.take_budget(self.kind, group, self.rate, self.burst))
            except OSError as exc:  # the store is down: this process's share holds meanwhile
                # one line a minute while the store is down, the next with repeats=N (s11)
                log_repeated(log, logging.WARNING, typed(exc), "shared %s budget unavailable "
                             "(%s); counting in this process", self.kind, typed(exc),
                             repeats=self._unavailable)
            except asyncio.TimeoutError:
                log_repeated(log, logging.WARNING, "timeout", "shared %s budget: the store did not answer within %g s; "
                             "counting in this process", self.kind, SHARED_WAIT, repeats=self._unavailable)
            else:
                return Grant(True, 0.0, True) if wait <= 0 else Grant(False, wait, True)
        if self.take(group, now):
            return Grant(True)
        return Grant(False, self.retry_after(group, now))

    async def give_back(self, group: str, grant: Grant) -> None:
        """Refund the token ``grant`` took (a lookup that found its table), where it was taken."""
        if not grant.taken:
            return
        if not grant.shared:
            self.refund(group)
            return
        if not self._store_usable():
            return  # one token kept: stricter, never looser
        try:
            await self._bounded(self.shared.refund_budget(self.kind, group, self.burst))
        except (OSError, asyncio.TimeoutError):
            pass  # one token kept: stricter, never looser

    def _share(self) -> tuple[float, float]:
        """(rate, burst) this process allows."""
        n = max(1, self.processes())
        return self.rate / n, max(1.0, self.burst / n)

    def _level(self, group: str, now: float) -> float:
        rate, burst = self._share()
        allowance, stamp = self._buckets.get(group, (burst, now))
        return min(burst, allowance + (now - stamp) * rate)

    def allowed(self, group: str, now: float) -> bool:
        """True when ``group`` may look a code up now (at least one miss left in its bucket)."""
        return self._level(group, now) >= 1.0

    def missed(self, group: str, now: float) -> None:
        """Take one miss from ``group``'s bucket."""
        level = self._level(group, now) - 1.0
        self._buckets[group] = (level, now)
        self._buckets.move_to_end(group)
        while len(self._buckets) > self.max_groups:
            self._buckets.popitem(last=False)

    def take(self, group: str, now: float) -> bool:
        """One request of ``group`` counted against its bucket: True when it may be served (a
        token was left and is taken), False when the bucket is empty (nothing is taken)."""
        if not self.allowed(group, now):
            return False
        self.missed(group, now)
        return True

    def refund(self, group: str) -> None:
        """Give back the miss :meth:`take` took for a lookup that found its table after all.

        A lookup takes its miss before it awaits the store and is refunded after: checked first
        and charged after the await, every lookup in flight at once passed the check (the kind
        of attacker F1), so one address's concurrent guesses were never bounded by ``burst``."""
        if group in self._buckets:
            allowance, stamp = self._buckets[group]
            self._buckets[group] = (min(self._share()[1], allowance + 1.0), stamp)

    def retry_after(self, group: str, now: float) -> float:
        """Seconds until ``group`` may look a code up again (0 when it may now)."""
        rate = self._share()[0]
        return max(0.0, (1.0 - self._level(group, now)) / rate) if rate > 0 else 60.0
