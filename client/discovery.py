"""Find doublenine tables on the LAN (issue 8): a background DNS-SD browser.

:class:`TableBrowser` watches ``_doublenine._tcp.local.`` services with
``zeroconf`` in zeroconf's own threads and keeps a live list of
:class:`FoundTable` (one per announced table code). The join screen reads
:meth:`TableBrowser.tables` each frame (a cheap, thread-safe snapshot) and
redraws when :attr:`TableBrowser.version` changes. A server that withdraws its
announcement (server/announce.py, on stop) disappears from the list.
"""
from __future__ import annotations

import ipaddress
import logging
import os
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from zeroconf import InterfaceChoice, IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf

from doublenine.shared.cleantext import BlankText, clean_text
from doublenine.shared.dialing import address_list
from doublenine.shared.invite import Invite, InviteError, normalize_code
from doublenine.shared.numbers import is_ascii_digits

log = logging.getLogger(__name__)

SERVICE_TYPE = "_doublenine._tcp.local."
"""Same as ``doublenine.server.announce.SERVICE_TYPE`` (the client does not import the server)."""
_INFO_TIMEOUT_MS = 3000
HOST_NAME_CHARS = 63
"""Longest host name shown for a found table (a DNS-SD instance name is at most 63 bytes)."""
MDNS_INTERFACES_ENV = "DOUBLENINE_MDNS_INTERFACES"
"""Same variable as the server's: comma-separated addresses limiting mDNS (tests: 127.0.0.1)."""


@dataclass(frozen=True, slots=True, order=True)
class FoundTable:
    """One table found on the LAN: where it is, its code and free seats.

    ``protocol`` is the server's wire protocol version (None if it did not say);
    ``service`` is the DNS-SD instance name the table came from.
    """

    host_name: str
    code: str
    free_seats: int
    address: str
    port: int
    protocol: int | None
    service: str

    @property
    def invite(self) -> Invite:
        """The invite that joins this table."""
        return Invite(self.address, self.port, self.code)


def tables_from_service(name: str, addresses: Sequence[str], port: int,
                        properties: Mapping[bytes, bytes | None]) -> list[FoundTable]:
    """Decode one service's TXT record (server/announce.py layout) into its tables.

    Unreadable entries are skipped, never raised: a stranger's service must not
    break the join screen.
    """
    props = {k.decode(errors="replace"): (v or b"").decode(errors="replace") for k, v in properties.items()}
    address = _best_address(addresses)
    if address is None or not port:
        return []
    proto_text = props.get("proto", "")
    proto = int(proto_text) if is_ascii_digits(proto_text) and len(proto_text) <= 9 else None
    host_name = _host_name(props.get("host", ""), name, address)
    found = []
    for item in filter(None, props.get("tables", "").split(",")):
        code, _, free = item.rpartition(":")
        try:
            code = normalize_code(code)
        except InviteError:
            continue
        if is_ascii_digits(free) and len(free) <= 2:
            found.append(FoundTable(host_name, code, min(int(free), 4), address, port, proto, name))
    return found


def _host_name(announced: str, service: str, address: str) -> str:
    """The host's name as a join screen shows it: the TXT ``host``, else the instance name, cleaned (issue 16.2)."""
    for raw in (announced, service.split(".")[0]):
        try:
            return clean_text(raw, HOST_NAME_CHARS)
        except BlankText:
            continue
    return address


def _best_address(addresses: Sequence[str]) -> str | None:
    """Prefer IPv4, then global IPv6; link-local IPv6 needs a scope id and is skipped."""
    parsed = []
    for text in addresses:
        try:
            parsed.append(ipaddress.ip_address(text.split("%")[0]))
        except ValueError:
            continue
    usable = [a for a in parsed if not (a.version == 6 and a.is_link_local)]
    usable.sort(key=lambda a: (a.version, a.is_loopback))
    return str(usable[0]) if usable else None


MAX_SERVICES = 64
"""Announcing servers kept at once; more are ignored until one goes (each lists at most the
tables its 255-byte ``tables=`` entry holds)."""


class TableBrowser:
    """Live list of tables announced on the LAN; start() it, read tables(), stop() it.

    ``interfaces`` limits where zeroconf listens and asks (default: every interface, or
    the addresses in ``DOUBLENINE_MDNS_INTERFACES``; tests: ``["127.0.0.1"]``).
    ``on_change`` is called from zeroconf's thread after each change (keep it
    short: e.g. post a pygame event).
    """

    def __init__(self, *, interfaces: Sequence[str] | InterfaceChoice | None = None,
                 ip_version: IPVersion = IPVersion.V4Only,
                 on_change: Callable[[], None] | None = None) -> None:
        self._interfaces = interfaces
        """None: every interface, or those of MDNS_INTERFACES_ENV, read at start() (which raises OSError if bad)."""
        self._ip_version = ip_version
        self._on_change = on_change
        self._lock = threading.Lock()
        self._by_service: dict[str, list[FoundTable]] = {}
        self._zc: Zeroconf | None = None
        self._browser: ServiceBrowser | None = None
        self.version = 0
        """Increases on every change of the list: redraw when it moves."""

    def start(self) -> TableBrowser:
        """Start browsing in the background; returns self. Raises OSError if mDNS cannot start."""
        interfaces = self._interfaces
        if interfaces is None:
            interfaces = address_list(os.environ.get(MDNS_INTERFACES_ENV, ""), MDNS_INTERFACES_ENV) or InterfaceChoice.All
        self._zc = Zeroconf(interfaces=interfaces, ip_version=self._ip_version)
        self._browser = ServiceBrowser(self._zc, SERVICE_TYPE, handlers=[self._on_service])
        return self

    def stop(self) -> None:
        """Stop browsing and close zeroconf; safe to call twice."""
        browser, zc = self._browser, self._zc
        self._browser = self._zc = None
        if browser is not None:
            browser.cancel()
        if zc is not None:
            zc.close()

    def __enter__(self) -> TableBrowser:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def tables(self) -> list[FoundTable]:
        """Every table found now, most free seats first, then by host name and code."""
        with self._lock:
            found = [t for tables in self._by_service.values() for t in tables]
        return sorted(found, key=lambda t: (-t.free_seats, t.host_name.lower(), t.code))

    def _on_service(self, zeroconf: Zeroconf, service_type: str, name: str,
                    state_change: ServiceStateChange) -> None:
        # Runs in the ServiceBrowser's own thread, so waiting for the record here is fine.
        if state_change is ServiceStateChange.Removed:
            self._set(name, None)
            return
        info = ServiceInfo(service_type, name)
        if not info.request(zeroconf, _INFO_TIMEOUT_MS):
            log.debug("no answer for %s", name)
            return
        addresses = info.parsed_scoped_addresses()
        self._set(name, tables_from_service(name, addresses, info.port or 0, info.properties))

    def _set(self, name: str, tables: list[FoundTable] | None) -> None:
        with self._lock:
            if tables is None:
                changed = self._by_service.pop(name, None) is not None
            elif name not in self._by_service and len(self._by_service) >= MAX_SERVICES:
                changed = False  # issue 16.1: strangers' announcements are bounded before they are kept
            else:
                changed = self._by_service.get(name) != tables
                self._by_service[name] = tables
            if changed:
                self.version += 1
        if changed and self._on_change is not None:
            self._on_change()
