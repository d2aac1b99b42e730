"""Who a per-address limit counts (issue 12 case 7), and the limit on table codes that miss.

Every per-address limit (connections, tables created, table-code misses, web pages) counts by
:func:`address_group`, so the many addresses one host or household holds are one:
an IPv6 address counts by its /64 (what a provider hands a single line), an
IPv4-mapped IPv6 address as the IPv4 address it is.
"""
from __future__ import annotations

import hashlib
import ipaddress
from collections import OrderedDict
from collections.abc import Callable

IPV6_GROUP = 64
"""Prefix length by which IPv6 addresses are grouped for every per-address limit."""


def address_group(address: str) -> str:
    """The key per-address limits count by: ``"203.0.113.9"`` as it is, ``"2001:db8:1:2::7"`` as
    ``"2001:db8:1:2::/64"``, ``"::ffff:203.0.113.9"`` as ``"203.0.113.9"``; anything that is not
    an IP address (a test double, a unix socket) as it is."""
    try:
        ip = ipaddress.ip_address(address.strip("[]").split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, IPV6_GROUP), strict=False))
    return str(ip)


def is_loopback(address: str) -> bool:
    """Whether ``address`` (a peer's IP address, as the socket gives it) is this machine's own
    loopback: ``127.0.0.0/8``, ``::1``, or ``::ffff:127.x.y.z``; anything else (a name, "?") is not."""
    try:
        ip = ipaddress.ip_address(address.strip("[]").split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_loopback


def creator_key(group: str) -> str:
    """What the store keeps of who created an open table (issue 12: the tables-per-address limit
    counts the tables of every process): a digest of the address group, never the address;
    forgotten when the table closes. 32 hex digits."""
    return hashlib.blake2b(group.encode(), digest_size=16, person=b"doublenine-crtr").hexdigest()


class MissLimiter:
    """A token bucket per address group for table lookups that found no table: ``burst`` misses
    at once, then ``rate`` a second. While a group's bucket is empty, every lookup from it is
    refused before the code is even looked at, so a refused guess teaches nothing.

    At most ``max_groups`` groups are remembered (the least recently seen are forgotten, which
    only ever gives a forgotten group a full bucket again), so a flood of addresses costs bounded
    memory.

    ``processes()``: how many server processes share the store (issue 12). Each keeps its own
    buckets, and nginx spreads one client's codes over all of them, so each allows its share:
    ``rate / n`` and ``burst / n`` (at least one miss at once); together they allow what the
    configuration says, not ``n`` times it."""

    def __init__(self, rate: float, burst: float, max_groups: int = 10_000,
                 processes: Callable[[], int] = lambda: 1) -> None:
        self.rate, self.burst, self.max_groups = rate, burst, max_groups
        self.processes = processes
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

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
