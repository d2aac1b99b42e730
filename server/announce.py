"""Announce a server on the LAN with DNS-SD over mDNS (issue 8), via ``zeroconf``.

A running server registers one ``_doublenine._tcp.local.`` service. Its TXT
record says what a join screen needs without connecting:

==========  ===========================================================
key         value
==========  ===========================================================
``txtvers`` ``1`` (this TXT layout)
``proto``   the wire protocol version the server speaks
``host``    the host's name as a person knows it (``Ana's laptop``)
``tables``  ``CODE:FREE`` per open table, comma separated (``KQ7PM:3,AB2CD:0``)
``free``    free seats summed over the announced tables
``more``    how many tables did not fit in the 255-byte TXT string
``names``   ``CODE:NAME`` per named table among ``tables``, the name percent-encoded (UTF-8), comma
            separated (``KQ7PM:Table%201``); left out when none is named or none fits (club s14 F8: a
            club server's rows differed by their random codes only). A join screen that does not know
            the key ignores it.
==========  ===========================================================

The record is re-sent when the tables or their free seats change, and
withdrawn (an mDNS goodbye) on :meth:`Announcer.stop`, so browsers drop the
server at once. Tests restrict ``interfaces`` and ``addresses`` to loopback
inside a network namespace they create themselves (tests/lan/).
"""
from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import os
import socket
from urllib.parse import quote
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from typing import Any

from zeroconf import InterfaceChoice, IPVersion, ServiceInfo
from zeroconf.asyncio import AsyncZeroconf

from doublenine.shared.cleantext import BlankText, clean_text, said, typed
from doublenine.shared.dialing import address_list
from doublenine.shared.protocol import PROTOCOL_VERSION
from doublenine.shared.seatstate import TAKEABLE, seat_state

log = logging.getLogger(__name__)

SERVICE_TYPE = "_doublenine._tcp.local."
"""The DNS-SD service type of a doublenine server."""
TXT_VERSION = "1"
"""Version of the TXT layout above; bump it when a key changes meaning."""
_TXT_MAX = 255  # RFC 6763 6.1: one TXT string (key=value) is at most 255 bytes
INSTANCE_MAX = 63
"""RFC 6763 4.1.1 / RFC 1035: an instance name is one DNS label, at most 63 bytes of UTF-8."""
RENAME_ROOM = 4
"""Bytes left free for the ``-2``..``-999`` zeroconf appends when the name is taken on the network."""
MDNS_INTERFACES_ENV = "DOUBLENINE_MDNS_INTERFACES"
"""Comma-separated addresses that limit mDNS to those interfaces; tests/conftest.py sets 127.0.0.1."""


def mdns_interfaces() -> list[str] | None:
    """The addresses of :data:`MDNS_INTERFACES_ENV`, or None: every interface; OSError if it holds a non-address."""
    return address_list(os.environ.get(MDNS_INTERFACES_ENV, ""), MDNS_INTERFACES_ENV)


@dataclass(frozen=True, slots=True, order=True)
class AnnouncedTable:
    """One open table as announced: its ``code`` and ``free_seats`` (0..4) a person can take."""

    code: str
    free_seats: int
    name: str = ""
    """The table's name (``create_table.table_name``, cleaned), "" none (club s14)."""


def txt_properties(tables: Iterable[AnnouncedTable], host_name: str, protocol: int) -> dict[str, str]:
    """The TXT record (key -> value) for ``tables``, cut to fit 255 bytes per string."""
    ordered = sorted(tables, key=lambda t: (-t.free_seats, t.code))
    shown: list[str] = []
    for table in ordered:
        item = f"{table.code}:{max(0, min(4, table.free_seats))}"
        if len("tables=".encode()) + len(",".join([*shown, item]).encode()) > _TXT_MAX:
            break
        shown.append(item)
    free = sum(int(item.rsplit(":", 1)[1]) for item in shown)
    host = cut_utf8(_clean_host(host_name), _TXT_MAX - len("host="))
    props = {"txtvers": TXT_VERSION, "proto": str(protocol), "host": host,
             "tables": ",".join(shown), "free": str(free)}
    if len(shown) < len(ordered):
        props["more"] = str(len(ordered) - len(shown))
    named: list[str] = []
    for table in ordered[:len(shown)]:  # only the tables listed above, as many as fit
        item = f"{table.code}:{quote(table.name, safe='')}"
        if not table.name or len("names=".encode()) + len(",".join([*named, item]).encode()) > _TXT_MAX:
            continue
        named.append(item)
    if named:
        props["names"] = ",".join(named)
    return props


def cut_utf8(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` UTF-8 bytes at a character boundary (never half a character)."""
    return text.encode("utf-8")[:limit].decode("utf-8", errors="ignore").rstrip()


def _clean_host(host_name: str) -> str:
    """A host name for people (the player's typed name, the machine's name): cleaned like a seat name."""
    try:
        return clean_text(host_name, INSTANCE_MAX)
    except (BlankText, TypeError):
        return ""


def instance_name(host_name: str, port: int) -> str:
    """The DNS-SD instance name: ``"<host> doublenine <port>"``, built to DNS-SD's limits (issue 16.5).

    The host name is cleaned (shared/cleantext: no control or invisible characters,
    one line), dots become ``-`` (a dot would split the label on the wire), and it is
    cut **by bytes** at a character boundary so that the whole name is at most
    :data:`INSTANCE_MAX` - :data:`RENAME_ROOM` UTF-8 bytes (``Александра Константиновна``
    is 25 characters but 49 bytes). A name blank once cleaned becomes ``doublenine <port>``.
    """
    suffix = f"doublenine {port}"
    host = _clean_host(host_name).replace(".", "-")
    room = INSTANCE_MAX - RENAME_ROOM - len(suffix.encode()) - 1
    host = cut_utf8(host, room)
    return f"{host} {suffix}" if host else suffix


def machine_addresses(include_loopback: bool = False) -> list[str]:
    """The machine's IP addresses, for a server bound to every interface.

    IPv4 first, home-network ranges (192.168/16, 10/8, then other private ranges)
    before the rest, so the address an invite shows is the one friends most likely share.
    """
    import ifaddr  # zeroconf's own dependency; imported late to keep startup light

    v4: list[str] = []
    v6: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str):
                if include_loopback or not ip.ip.startswith("127."):
                    v4.append(ip.ip)
            elif include_loopback or ip.ip[0] != "::1":
                if not ip.ip[0].startswith("fe80"):  # link-local needs a scope id: useless in an invite
                    v6.append(ip.ip[0])
    return sorted(v4, key=_lan_rank) + v6


def _lan_rank(address: str) -> int:
    ip = ipaddress.ip_address(address)
    for rank, prefix in enumerate(("192.168.", "10.")):
        if address.startswith(prefix):
            return rank
    return 2 if ip.is_private and not ip.is_loopback else 3  # 172.16/12 is often a container bridge


def default_host_name() -> str:
    """The name shown for this host in join screens: the machine's short host name."""
    return socket.gethostname().split(".")[0] or "doublenine"


class Announcer:
    """One mDNS service for one server listening on ``port``.

    ``addresses``: the IPs to announce (default: :func:`machine_addresses`).
    ``interfaces``: where zeroconf sends (default: all, or :data:`MDNS_INTERFACES_ENV`; tests pass ``["127.0.0.1"]``).
    ``protocol``: the wire protocol version put in the TXT record.
    """

    def __init__(self, port: int, *, protocol: int, host_name: str | None = None,
                 addresses: Sequence[str] | None = None,
                 interfaces: Sequence[str] | InterfaceChoice | None = None,
                 on_status: Callable[[str, str], None] | None = None) -> None:
        self.port = port
        self.on_status = on_status
        """Called with ``("announced", "")`` once registered, ``("failed", reason)`` if announcing fails."""
        self.status = "starting"
        """``starting``, ``announced`` or ``failed`` (then :attr:`failure` says why, in English)."""
        self.failure = ""
        self.protocol = protocol
        self.host_name = _clean_host(host_name or "") or _clean_host(default_host_name()) or "doublenine"
        self.addresses = list(addresses) if addresses is not None else machine_addresses()
        self._interfaces = interfaces if interfaces is not None else (mdns_interfaces() or InterfaceChoice.All)
        self._zc: AsyncZeroconf | None = None
        self._info: ServiceInfo | None = None
        self._tables: tuple[AnnouncedTable, ...] | None = None
        self.wake = asyncio.Event()
        """Set it to re-read the tables at once instead of at the next interval."""

    @property
    def service_name(self) -> str:
        """The registered instance name (may change if the name was taken on the network)."""
        return self._info.name if self._info else f"{self._instance()}.{SERVICE_TYPE}"

    def _instance(self) -> str:
        # Host name plus port: unique per machine, readable in generic DNS-SD browsers.
        return instance_name(self.host_name, self.port)

    def _service_info(self, tables: Sequence[AnnouncedTable]) -> ServiceInfo:
        server = "".join(c if c.isalnum() or c == "-" else "-" for c in socket.gethostname()) or "doublenine"
        return ServiceInfo(
            SERVICE_TYPE, self.service_name,
            port=self.port, parsed_addresses=self.addresses, server=f"{server}.local.",
            properties=txt_properties(tables, self.host_name, self.protocol))

    async def start(self, tables: Sequence[AnnouncedTable]) -> None:
        """Register the service with ``tables``; the name gets a suffix if already taken."""
        if not self.addresses:
            raise OSError("no network address to announce")
        version = IPVersion.All if any(":" in a for a in self.addresses) else IPVersion.V4Only
        self._zc = AsyncZeroconf(interfaces=self._interfaces, ip_version=version)
        self._tables = tuple(sorted(tables))
        self._info = self._service_info(self._tables)
        await (await self._zc.async_register_service(self._info, allow_name_change=True))
        log.info("announced %s on port %d: %s", self._info.name, self.port, self._info.properties)

    async def update(self, tables: Sequence[AnnouncedTable]) -> bool:
        """Re-announce if ``tables`` differ from what was announced; True if it sent an update."""
        snapshot = tuple(sorted(tables))
        if self._zc is None or snapshot == self._tables:
            return False
        self._tables = snapshot
        self._info = self._service_info(snapshot)
        await (await self._zc.async_update_service(self._info))
        return True

    async def stop(self) -> None:
        """Withdraw the service (a goodbye packet) and close zeroconf; safe to call twice."""
        zc, info = self._zc, self._info
        self._zc = None
        if zc is None:
            return
        try:
            if info is not None:
                await (await zc.async_unregister_service(info))
        finally:
            await zc.async_close()

    async def run(self, tables: Callable[[], Sequence[AnnouncedTable]], interval: float = 2.0) -> None:
        """Announce ``tables()`` until cancelled, re-reading it when :attr:`wake` is set or every ``interval`` s.

        The periodic re-read is a safety net for a change nobody signalled;
        :meth:`stop` runs on cancellation.
        """
        try:
            await self.start(tables())
        except Exception as exc:  # noqa: BLE001 - no multicast, a name zeroconf refuses...: the server works on, unlisted
            self._failed(exc)
            with contextlib.suppress(Exception):
                await self.stop()
            return
        self._set_status("announced", "")
        try:
            while True:
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(self.wake.wait(), timeout=interval)
                self.wake.clear()
                await self.update(tables())
        except Exception as exc:  # noqa: BLE001 - an update that fails withdraws the announcement, said as above
            self._failed(exc)
        finally:
            await asyncio.shield(self.stop())

    def _failed(self, exc: BaseException) -> None:
        log.warning("cannot announce on the LAN (mDNS): %s", typed(exc))
        self._set_status("failed", typed(exc)[:200])

    def _set_status(self, status: str, failure: str) -> None:
        self.status, self.failure = status, failure
        if self.on_status is not None:
            self.on_status(status, failure)


_WILDCARDS = {"", "0.0.0.0", "::"}


def announced_tables(registry: Any, only: Callable[[Any], bool] | None = None) -> list[AnnouncedTable]:
    """Every open table of a server ``Registry`` with its free seats: the ones ``join`` takes
    (``shared.seatstate.TAKEABLE``: free, or nobody's while the computer plays them), as the web page counts.

    ``only(table)``: the tables open to friends (a window hosting for friends serves the player's
    stored solo tables too, and those are nobody else's business); None: every table
    (``doublenine serve`` exists to serve them all)."""
    return [AnnouncedTable(code, sum(1 for s, slot in table.slots.items()
                                     if seat_state(slot.kind, slot.claimed, True, table.computer_plays(s)) in TAKEABLE),
                           table.meta.name)
            for code, table in list(registry.tables.items()) if only is None or only(table)]


def where_to_announce(bind_host: str) -> tuple[list[str], Sequence[str] | InterfaceChoice]:
    """(addresses to put in the record, interfaces to send on) for a server bound to ``bind_host``.

    Bound to every interface: the machine's addresses, on all interfaces (loopback
    only if the machine has nothing else), unless :data:`MDNS_INTERFACES_ENV`
    limits both. Bound to one address (loopback included): that address, on
    that interface only.
    """
    limited = mdns_interfaces()
    if bind_host in _WILDCARDS and limited is not None:
        return limited, limited
    if bind_host in _WILDCARDS:
        return machine_addresses() or machine_addresses(include_loopback=True), InterfaceChoice.All
    host = "127.0.0.1" if bind_host == "localhost" else bind_host
    return [host], [host]


def announce_server(server: Any, host_name: str | None = None, interval: float = 1.0,
                    on_status: Callable[[str, str], None] | None = None,
                    only: Callable[[Any], bool] | None = None) -> asyncio.Task[None]:
    """Announce a started ``GameServer`` until the returned task is cancelled (see :func:`stop_announcing`).

    The tables are re-read every ``interval`` seconds and re-announced only
    when a table opened or closed or a seat was taken or freed. ``on_status``
    hears whether announcing worked (:attr:`Announcer.on_status`); ``only``: which tables
    (:func:`announced_tables`).
    """
    return asyncio.get_running_loop().create_task(
        _announce(server, host_name, interval, on_status, only), name="doublenine-announce")


async def _announce(server: Any, host_name: str | None, interval: float,
                    on_status: Callable[[str, str], None] | None, only: Callable[[Any], bool] | None) -> None:
    """The announcing task: a setting that cannot be read fails the announcement, never the server."""
    try:
        addresses, interfaces = where_to_announce(server.config.host)
    except OSError as exc:  # e.g. DOUBLENINE_MDNS_INTERFACES holding something else than addresses
        log.warning("cannot announce on the LAN (mDNS): %s", said(exc))
        if on_status is not None:
            on_status("failed", typed(exc)[:200])
        return
    announcer = Announcer(server.port, protocol=PROTOCOL_VERSION, host_name=host_name,
                          addresses=addresses, interfaces=interfaces, on_status=on_status)
    await announcer.run(lambda: announced_tables(server.registry, only), interval)


async def stop_announcing(task: asyncio.Task[None] | None) -> None:
    """Withdraw the announcement (mDNS goodbye) and wait until it is sent."""
    if task is None:
        return
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
