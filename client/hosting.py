"""Host a table for others from the client (issue 8): what "host a table for others" starts.

:class:`Hosting` runs the embedded server (:mod:`.embedded`) listening on every
network address of this machine (``::`` with IPv4 too, else ``0.0.0.0``), announced on the LAN, and says
what the friends need: the address, the port and one invite per table. The
host's own window connects through loopback (:attr:`Hosting.local_url`).
Starting on a port already in use raises a :class:`FailureError` with the key
``net.port_in_use`` that offers a free port.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import socket

from doublenine.shared.failures import FailureError, bind_failure
from doublenine.shared.invite import DEFAULT_PORT, build_invite
from doublenine.shared.seats import SEATS

from .embedded import EmbeddedServer

ALL_INTERFACES = "0.0.0.0"
"""Every IPv4 address of the machine: where a hosted server listens where the system has no dual-stack
IPv6 (:func:`all_interfaces`)."""


def all_interfaces() -> str:
    """Where a hosted server listens: ``::`` with IPv4 accepted too (the server's dual-stack socket,
    ``server.app.dual_stack_socket``) where the system allows it, so an IPv6 invite as README shows
    (``doublenine://[fd00::5]:8765/KQ7PA``) reaches the hosted table; else :data:`ALL_INTERFACES`.
    Attacker s12 E1: hosting listened on 0.0.0.0 only, and an IPv6 invite to it was refused."""
    if not socket.has_ipv6 or not hasattr(socket, "IPV6_V6ONLY"):
        return ALL_INTERFACES
    try:
        with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
            probe.bind(("::", 0))
    except OSError:
        return ALL_INTERFACES
    return "::"
ASK_WITHIN = 0.25
"""Seconds the window's thread waits at most for the server thread to count who is seated (Leave, closing
the window): one frame or so; a busier server is answered "friends may be seated" (:meth:`Hosting.others_seated`)."""


class Hosting:
    """An embedded server for friends: ``start()``, show ``invite(code)``, ``stop()``.

    ``bind``: the listening address, by default every IPv6 and IPv4 address (:func:`all_interfaces`; tests
    bind ``0.0.0.0`` and connect via 127.0.0.1 only).
    ``port``: fixed by default (8765) so firewall rules and invites stay the same; 0: any free one.
    ``announce``: publish the tables with mDNS (tests inside their own netns only);
    ``host_name``: the name join screens show (default: the machine's name).
    ``offer``: a stored table served again for friends. Only it and the tables made on this server
    are announced: the player's other stored tables (a solo game) are never shown on the LAN.
    """

    def __init__(self, db: str | None = None, *, port: int = DEFAULT_PORT, bind: str | None = None,
                 announce: bool = True, bot_delay: float | None = None,
                 addresses: list[str] | None = None, host_name: str | None = None,
                 offer: str | None = None) -> None:
        self.bind = bind = bind or all_interfaces()
        self.requested_port = port
        self._addresses = addresses
        self.embedded = EmbeddedServer(db, bot_delay, host=bind, port=port,
                                       announce=(host_name or True) if announce else False,
                                       take_over=True)  # this window's local server gives the file up
        if offer:  # before start: the stored table served again is announced from the first record on
            self.embedded.offer(offer)

    def start(self, timeout: float = 20.0) -> Hosting:
        """Listen and announce; raises FailureError (``net.port_in_use``, ``net.bind_failed``), or
        :class:`~.embedded.AlreadyRunning` when another process serves the game file (never said as
        a port failure: new user, h2-a.png)."""
        from doublenine.server.storage.ownerfile import StoreInUse

        try:
            self.embedded.start(timeout)
        except RuntimeError as exc:
            cause = exc.__cause__
            if isinstance(cause, OSError) and not isinstance(cause, StoreInUse):  # the file, not the port:
                # AlreadyRunning goes up as it is (the caller watches the other window's game)
                raise FailureError(bind_failure(cause, self.bind, self.requested_port)) from None
            raise
        return self

    @property
    def announced(self) -> bool:
        """The tables are announced on the LAN now (issue 16.5: only then may the card say friends find them)."""
        return self.embedded.announce_status == "announced"

    @property
    def announce_failed(self) -> bool:
        """Announcing was asked for and failed: the invite still works, and the card says so."""
        return self.embedded.announce_status == "failed"

    @property
    def port(self) -> int:
        """The port the server listens on."""
        return int(self.embedded.server.port)

    @property
    def local_url(self) -> str:
        """How the host's own window connects: through loopback."""
        return f"ws://127.0.0.1:{self.port}/"

    def addresses(self) -> list[str]:
        """Addresses friends can use (LAN first); loopback only if the machine has no other."""
        if self._addresses is not None:
            return list(self._addresses)
        from doublenine.server.announce import machine_addresses

        if self.bind not in ("0.0.0.0", "::", ""):
            return [self.bind]
        return machine_addresses() or ["127.0.0.1"]

    def invite(self, code: str, address: str | None = None) -> str:
        """The invite for table ``code`` at ``address`` (default: the first LAN address)."""
        return build_invite(address or self.addresses()[0], self.port, code)

    def web_link(self, code: str, address: str | None = None) -> str:
        """The table's ``http://HOST:PORT/t/CODE`` link for any chat or browser (issue 13)."""
        from doublenine.shared.invite import build_web_link
        return build_web_link(address or self.addresses()[0], self.port, code)

    def others_seated(self, code: str, me: int | None, wait: float = ASK_WITHIN) -> int | None:
        """People other than seat ``me`` seated and connected at table ``code`` now (0 if the table or the
        server is gone); None when the server thread did not answer within ``wait`` s: the caller cannot
        know, so friends may be seated (attacker s12 A5: a stranger's flood held the server's loop for
        seconds, and the window's 5 s wait raised a ``TimeoutError`` that closed the window and ended the
        game for everyone). Called from the window's thread; it never waits longer than ``wait`` and never
        raises for the server being slow or failing."""
        server, loop = self.embedded.server, self.embedded.loop
        if server is None or loop is None or loop.is_closed():
            return 0

        async def count() -> int:
            table = server.registry.tables.get(code)
            if table is None:
                return 0
            # people here now: a seat the computer plays for a departed friend, or one whose holder is
            # disconnected (a stranger who sat and went: s12 E1 called it "1 friend"), is no one to warn about
            return sum(1 for s in SEATS if s != me and table.slots[s].claimed and not table.slots[s].handed_over
                       and table.slots[s].conn is not None)

        try:
            fut = asyncio.run_coroutine_threadsafe(count(), loop)
        except RuntimeError:  # the loop closed meanwhile: the server is gone, nobody is seated
            return 0
        try:
            return fut.result(wait)
        except concurrent.futures.TimeoutError:
            fut.cancel()
            return None
        except Exception:  # noqa: BLE001 - the server failing to count says nothing of who is seated
            return None

    def stop(self) -> None:
        """Withdraw the announcement and stop the server (everyone connected is disconnected)."""
        self.embedded.stop()

