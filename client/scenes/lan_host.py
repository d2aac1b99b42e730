"""Host a table for others (issue 8): the table scene plus what friends need to join.

:func:`host_table` starts a :class:`~doublenine.client.hosting.Hosting` server
(every network address, announced on the LAN), creates the table with the
chosen human and computer seats and seats the host at seat 1. The returned
:class:`HostedTable` is E's table scene with an invite card on top: the table
code, the address and port, the invite string and a Copy button (pygame-ce's
clipboard). While friends are seated, closing the window or leaving asks first,
because stopping the host stops the game for everyone.
"""
from __future__ import annotations

import time
from typing import Any

import pygame

from doublenine.shared import protocol as p
from doublenine.shared.i18n import N_, Nn_, translator
from doublenine.shared.invite import DEFAULT_PORT

from ..art import GOLD, Art
from ..clipboard import copy_text
from ..hosting import Hosting
from ..focus import cycle, draw_ring
from ..input import Viewport, pointer
from ..chat import font_size as chat_font
from ..layout import TableLayout, metrics, toggle_slot
from ..panels import KEEP_PLAYING, PANEL_FILL, PROMPT_WIDE, Button
from ..render import INK, draw_button
from ..snake import Rect
from ..text import name_field, sent_name, tr, trn
from .base import Change

COPIED_FOR = 2.5
"""Seconds the "Copied" acknowledgement stays on the button."""
SOFT = (200, 214, 204)
WARN = (255, 190, 170)


def host_table(launch: Any, *, db: str | None = None, port: int = DEFAULT_PORT, bind: str | None = None,
               announce: bool = True, bot_delay: float | None = None) -> HostedTable:
    """Start hosting and create the table of ``launch`` (a start-screen Launch); seat 1 is the host.

    The seats are exactly ``launch.kinds`` (new user: an all-computer setting once silently became
    three free seats; :func:`open_hosting` opens them and says so, :data:`SEATS_OPENED`);
    human seats nobody took turn into computers on "Start now".
    ``db``: the player's match file by default (``default_db``), like any other table: a killed
    host window loses nothing, and its next start hosts the table again (:func:`host_again`).
    Raises FailureError (``net.port_in_use`` with a free port offered, ``net.bind_failed``).
    """
    from ..embedded import default_db
    from ..net import NetClient, NetSession
    from .table import TableScene

    hosting = Hosting(db or default_db(), port=port, bind=bind, announce=announce,
                      bot_delay=bot_delay, host_name=sent_name(launch.name)).start()
    s1, s2, s3, s4 = (p.SeatSpec(kind=k, level=launch.level, name=sent_name(launch.name) if i == 0 else None)
                      for i, k in enumerate(launch.kinds))
    create = p.CreateTable(seats=(s1, s2, s3, s4), seed=launch.seed, language=launch.lang, sit=1,
                           **name_field(launch.name),
                           chat=launch.chat, tracker=launch.tracker, public=launch.public,  # the host's settings go
                           **({"table_name": launch.table_name} if launch.table_name else {}))  # along (s15: its name)
    client = NetClient(hosting.local_url, create, on_joined=remember_hosted(hosting.port)).start()
    scene = TableScene(NetSession(client), launch.lang)
    scene.asked_name = sent_name(launch.name) or ""  # told if the table names the host's seat otherwise ("East": blank)
    scene.asked_table_name = launch.table_name or None  # ... or the table itself (organiser s16 F7)
    return HostedTable(scene, hosting, launch.lang)


def host_again(launch: Any, code: str, token: str, port: int, *, db: str | None = None, bind: str | None = None,
               announce: bool = True, bot_delay: float | None = None) -> HostedTable:
    """The host's next start: serve hosted table ``code`` again on the same ``port`` and take seat back.

    The server loads the table from the store, so the friends' windows, still reconnecting to
    that address, rejoin with their seat tokens by themselves (D7). Raises FailureError like
    :func:`host_table` (the caller then resumes the table locally: nothing is lost).
    """

    from ..embedded import default_db
    from ..net import NetClient, NetSession
    from .table import TableScene

    hosting = Hosting(db or default_db(), port=port, bind=bind, announce=announce,
                      bot_delay=bot_delay, host_name=sent_name(launch.name), offer=code).start()
    client = NetClient(hosting.local_url, p.Rejoin(code=code, token=token), on_joined=remember_hosted(hosting.port))
    return HostedTable(TableScene(NetSession(client.start()), launch.lang), hosting, launch.lang)


def remember_hosted(port: int) -> Any:
    """An ``on_joined`` keeping the hosted table, its seat token and ``port`` for the next start (D7)."""
    def joined(code: str, token: str | None) -> None:
        from .. import config
        if token:  # the match kept until now stays offered (config.keep_match; new user N1)
            config.update(lambda saved: config.keep_match(saved, code, token, port))
    return joined


def forget_hosting(code: str, port: int) -> None:
    """The host ended hosted table ``code`` on purpose (Leave or closing the window): its next start
    must not serve it on ``port`` again. The seat token stays (:meth:`HostedTable._keep_seat`): the
    match goes on as a local table."""
    from dataclasses import replace

    from .. import config
    config.update(lambda saved: replace(saved, resume_port=0)
                  if saved.resume_code == code and saved.resume_port == port else saved)


SEATS_OPENED = N_("No seat was set to Human, so the three other seats are open for your friends: "
                  "computers take the ones still empty when you start.")
"""Told on the hosted table when "Host for friends" opened the seats itself (:func:`open_hosting`)."""


def no_seat_for_friends(kinds: tuple[str, ...]) -> bool:
    """Every seat but the host's (seat 1) is a computer: hosting that table would seat no friend."""
    return all(k == "computer" for k in kinds[1:])


def open_hosting(launch: Any, port: int | None = None) -> tuple[HostedTable | None, str, int | None]:
    """(scene, "", None) when hosting started; else (None, the failure in words, a port to offer).

    A setting that leaves no seat for a friend (the start screen's defaults: every other seat a computer)
    hosts a table whose other seats are all open for friends, and the table says so on arrival
    (:data:`SEATS_OPENED`): computers take the seats still empty on "Start now" (s13 player F5: the start
    screen's defaults were refused with a red banner and a first host had to find the seats to flip).
    Kind: a refusal where the fix is obvious and can be made and said; a setting with a Human seat is hosted
    exactly as set."""
    from dataclasses import replace

    from doublenine.shared.failures import FailureError

    opened = no_seat_for_friends(launch.kinds)
    if opened:
        launch = replace(launch, kinds=(launch.kinds[0], "human", "human", "human"))
    try:
        hosted = host_table(launch, port=port or DEFAULT_PORT)
        if opened:
            hosted.table.tell(tr(launch.lang, SEATS_OPENED), 12.0)
        return hosted, "", None
    except FailureError as exc:
        offered = exc.failure.params.get("alternative")
        return None, exc.failure.text(launch.lang), int(str(offered)) if offered is not None else None


class RemoteServer:
    """A table created on someone else's server (``doublenine play --server URL``): the invite card's data.

    Closing the window does not stop that server, so there is nobody to warn (``others_seated`` is 0).
    """

    announced = False
    """Not announced on this network by us: the card does not send friends to "Find tables"."""

    def __init__(self, url: str) -> None:
        from doublenine.shared.invite import check_server_url

        where = check_server_url(url)  # InviteError (server.bad_url): ASCII port digits only (issue 16.4)
        self.tls, self.host, self.port = where.tls, where.host, where.port

    def addresses(self) -> list[str]:
        """The server's address as typed."""
        return [self.host]

    def invite(self, code: str, address: str | None = None) -> str:
        """The invite for table ``code`` on this server."""
        from doublenine.shared.invite import build_invite
        return build_invite(address or self.host, self.port, code, tls=self.tls)

    def web_link(self, code: str, address: str | None = None) -> str:
        """The table's ``http(s)://HOST:PORT/t/CODE`` link on this server (issue 13)."""
        from doublenine.shared.invite import build_web_link
        return build_web_link(address or self.host, self.port, code, tls=self.tls)

    def others_seated(self, code: str, me: int | None) -> int:
        """0: leaving a remote table stops nothing for the others."""
        return 0

    def stop(self) -> None:
        """Nothing to stop: the server is not ours."""


WARNING_ROOM = 1.0
"""Px, in the table's type size ``f``, the invite card grows by to say its address is this computer's own
(two small rows where the one-row hint goes; little enough that the lobby prompt above keeps its rows)."""
LOOPBACK_ONLY = N_("Only this computer can use {address}: friends elsewhere need its address on your network.")
"""Said on the invite card when the address it shows reaches only this computer (shared.invite.is_loopback;
new user s9 item 16: a table made on ``ws://127.0.0.1:8799/`` offered that invite with no word)."""


WATCH_LIMIT = Nn_("at most {count} can watch", "at most {count} can watch")
"""Said after the table's address on the invite card: the spectators a table of this server takes
(``play --max-spectators N`` raises it; stream s16 F2: a streamer learned the limit from viewers told
the table was full). Translator s17 F14: a count with its plural forms ("1 spectateurs au plus" was one message),
short enough beside the address at 800x600 (pt "no máximo 32 pode…", de "höchstens 32 können zuschau…" were cut);
:data:`NO_WATCHING` for 0."""
NO_WATCHING = N_("nobody can watch")
"""The invite card's limit at ``--max-spectators 0`` (never "0 spectateurs au plus")."""


def watch_limit_said(lang: str, most: int) -> str:
    """The invite card's spectator limit ``most`` in ``lang``: :data:`WATCH_LIMIT` with its plural, or
    :data:`NO_WATCHING` for 0."""
    return trn(lang, WATCH_LIMIT[0], WATCH_LIMIT[1], most, none=NO_WATCHING)


def watch_limit(hosting: object) -> int | None:
    """The spectators one table of ``hosting``'s server takes (:attr:`.embedded.EmbeddedServer.max_spectators`),
    None when not known (not running, a test double)."""
    most = getattr(getattr(hosting, "embedded", None), "max_spectators", None)
    return most if isinstance(most, int) and not isinstance(most, bool) else None


INVITE = N_("Invite")
"""The host's chip, in the row of the Tiles and Chat buttons and as wide (s13 item 1: "Invite friends" did not
fit that width in French, Portuguese, German or Spanish at 800x600); it opens the invite card."""


def card_height(size: tuple[int, int], warning: bool = False) -> int:
    """Height in px of the invite card in a window of ``size`` px (:func:`host_layout`); ``warning``: with
    room for :data:`LOOPBACK_ONLY`."""
    return round((10.6 + (WARNING_ROOM if warning else 0.0)) * metrics(size)[1])


def host_layout(size: tuple[int, int], chip: Rect | None, below: Rect | None, area: Rect | None = None,
                warning: bool = False, room: Rect | None = None) -> dict[str, Rect]:
    """Rectangles of the invite chip, card and close prompt for a window ``size`` (pure).

    ``chip``: the chip's place, the leftmost of the row of the Tiles and Chat buttons
    (:func:`~doublenine.client.layout.toggle_slot`; it sat under the top-left seat's plate once and read as
    that player's, s13 item 1); None without a table (a corner of the window). ``below``: a
    panel the card must not cover (the lobby prompt), or None; ``area``: the table's play area
    (:attr:`~doublenine.client.layout.TableLayout.play_area`), which the card stays inside, clear of the
    seats, the hand, the status line and an open side panel: the table keeps :func:`card_height` px
    free for it under the prompt (``compute_layout(..., under=)``). A card once pushed back up over the
    prompt when the window was short ("Waiting for players" under "Invite friends" at 800x600).
    ``warning``: the card is taller by :data:`WARNING_ROOM` rows (:data:`LOOPBACK_ONLY`).
    ``room``: where the close prompt may lie (the window less an open side panel, :func:`ask_room`); the
    whole window by default. Kind: a confirmation drawn over a panel (new user s10 item 18: the host's
    Leave question lay across the open chat).
    """
    w, h = size
    u, f, sm = metrics(size)
    m = round(12 * u)
    bh = round(2.1 * f)
    out: dict[str, Rect] = {"chip": chip if chip is not None else (m, round(4 * f) + m, round(11 * f), bh)}
    px, py, pw, ph = area if area is not None else (m, 0, w - 2 * m, h - m)
    cw = min(pw, round(PROMPT_WIDE * f))  # as wide as the lobby prompt above it, edges aligned
    ch = card_height(size, warning)
    cy = below[1] + below[3] + m if below is not None else py + max(0, min(round(h * 0.22) - py, ph - ch))
    cy = min(cy, py + ph - ch)
    cx = px + (pw - cw) // 2
    out["card"] = (cx, cy, cw, ch)
    bw = min(round(12 * f), (cw - 4 * m) // 3)  # "Einladung kopieren" at 800x600
    for i, cid in enumerate(("copy", "copyweb", "hide")):  # issue 13: the web link has its own button
        out[cid] = (cx + cw - (3 - i) * (bw + m), cy + ch - bh - m, bw, bh)
    rx, ry, rw, rh = room if room is not None else (0, 0, w, h)
    dw, dh = min(rw - 2 * m, round(36 * f)), round(8 * f)
    dx, dy = rx + (rw - dw) // 2, ry + (rh - dh) // 2
    out["ask"] = (dx, dy, dw, dh)
    out["keep"] = (dx + m, dy + dh - bh - m, (dw - 3 * m) // 2, bh)
    out["stop"] = (dx + dw // 2 + m // 2, dy + dh - bh - m, (dw - 3 * m) // 2, bh)
    return out


def ask_room(size: tuple[int, int], lay: TableLayout) -> Rect:
    """The part of a window of ``size`` px the host's close prompt is centred in: left of an open side panel
    (chat or tile tracker), which lies right of a table laid out narrower than the window, or over the
    right of its middle (:meth:`.layout.TableLayout.left_of_side`, :func:`doublenine.client.chat.arrange`);
    the whole window without one."""
    w, h = size
    return (0, 0, lay.left_of_side(w), h)


class HostedTable:
    """The host's table scene: delegates to ``table`` and adds the invite and the close prompt."""

    @property
    def lang(self) -> str:
        """The table's language, which Settings → Language changes at the table (last user s17 F13: the Invite
        button, the invite card and the Leave question kept the language the table was hosted in). Kind: a copy
        of the language taken once where the table's own is read each frame."""
        return str(getattr(self.table, "lang", self._lang))

    @lang.setter
    def lang(self, value: str) -> None:
        """Speak ``value``: the table's own language too (one language for the table and the host's parts)."""
        self._lang = value
        speak = getattr(self.table, "set_language", None)
        if callable(speak):
            speak(value)
        elif hasattr(self.table, "lang"):
            self.table.lang = value

    def __init__(self, table: Any, hosting: Hosting | RemoteServer, lang: str, art: Art | None = None) -> None:
        self.table = table
        self.hosting = hosting
        self._lang = lang
        self.art = art or getattr(table, "art", None) or Art()
        self.vp = Viewport((1280, 800), (1280, 800))
        self.shown: bool | None = None
        """The invite card: None follows the table (open until the match starts), else as toggled."""
        self.asking: Change | None = None
        """The close or leave waiting for the host's answer while friends are seated."""
        self.asked_for: int | None = 0
        """How many others are seated, as counted when the question was asked; None: the server did not
        answer in time, so friends may be seated (:meth:`Hosting.others_seated`)."""
        self._unanswered: float | None = None
        """When (monotonic) the server last did not answer :meth:`others` in time: for a second after, the
        window does not wait on it again (one Leave asks twice: the table's warning, then :meth:`_leaving`)."""
        self.ask_focus = "keep"
        """The question's button with the keyboard's focus (``keep`` or ``stop``): Tab, Shift+Tab and the arrows
        move it, Enter or Space presses it, a ring shows it (client/focus.py); each question starts on Keep
        playing, the choice that loses nothing."""
        self.ended = False
        """The host ended the hosted game on purpose: Leave or closing the window (with friends seated, then
        "Leave anyway" or "Close anyway"). Only a window that dies (a crash, ``kill -9``) keeps its port for
        the next start (README "Play with friends" step 3)."""
        self.copied_at: float | None = None
        self.copied_what = "copy"
        """Which button copied last: ``copy`` (the invite) or ``copyweb`` (the web link)."""
        self.dirty = True
        from doublenine.shared.invite import is_loopback
        self._only_here = is_loopback(hosting.addresses()[0])
        """Whether the card's address reaches only this computer, read once: ``addresses()`` lists the
        interfaces (ifaddr), and layout asked several times a frame."""
        self.hosts = not isinstance(hosting, RemoteServer)
        """This window's own server serves the table ("Host for friends"); False for a table made on another
        server (``play --server URL``): this window is a player there (its title says so)."""
        table.leave_stops_all = lambda: self.others() != 0  # Leave asks here at once: the game ends for everyone
        table.leave_ends_hosting = self.hosts  # its warning says the seat is kept (_keep_seat), not given up
        table.host_room = self  # the table leaves room for the card and the chip (layout.compute_layout)

    def title(self) -> str:
        """The window's title: the hosted table's, saying "host" (N8)."""
        return str(self.table.title())

    # ------------------------------------------------------------ what the card shows
    @property
    def code(self) -> str:
        """The table code (empty until the server has created the table)."""
        return str(self.table.session.state.table or "")

    def invite(self) -> str:
        """The invite string for this table ("" until it exists)."""
        return self.hosting.invite(self.code) if self.code else ""

    def web_link(self) -> str:
        """The table's ``http(s)://HOST:PORT/t/CODE`` link ("" until it exists), for any chat program."""
        return self.hosting.web_link(self.code) if self.code else ""

    def only_here(self) -> bool:
        """The address the card shows reaches only this computer (:data:`LOOPBACK_ONLY` is said)."""
        return self._only_here

    def card_open(self) -> bool:
        """Whether the invite card is shown now."""
        if self.shown is not None:
            return self.shown
        return not self.table.session.state.started

    def others(self) -> int | None:
        """Friends seated and connected at this table now; None when the server did not say in time (a
        flood from strangers): friends may be seated. Never waits on the server thread longer than
        :data:`~doublenine.client.hosting.ASK_WITHIN`, and at most once a second."""
        if not self.code:
            return 0
        if self._unanswered is not None and time.monotonic() - self._unanswered < 1.0:
            return None
        view = self.table.session.state.view
        me = None if view is None or view.seat is None else int(view.seat)
        counted = self.hosting.others_seated(self.code, me)
        self._unanswered = time.monotonic() if counted is None else None
        return counted

    def layout(self) -> dict[str, Rect]:
        """Where the chip, the card and the prompt are, around the table's own layout."""
        return self._around(self.table.layout())

    def _around(self, lay: Any) -> dict[str, Rect]:
        panel = lay.panel.rect if lay.panel is not None else None
        area = lay.play_area
        if not lay.status:  # no status line drawn (the prompt says it): the card may lie where it would be
            area = (area[0], area[1], area[2], lay.status_rect[1] + lay.status_rect[3] - area[1])
        return host_layout(self.vp.pixels, toggle_slot(lay, self.vp.pixels), panel, area,
                           self.only_here(), ask_room(self.vp.pixels, lay))

    # the table asks these two while laying itself out (TableScene.host_room)
    def under(self, size: tuple[int, int]) -> int:
        """Px the table keeps free under its prompt for the open card (0 while it is closed)."""
        return card_height(self.vp.pixels, self.only_here()) + round(12 * metrics(self.vp.pixels)[0]) \
            if self.card_open() else 0

    def drawn_over(self, lay: Any) -> tuple[Rect, ...]:
        """What this window draws over the table ``lay`` (the table's layout) that the table's own message must
        not hide: the open invite card (s13: "No seat was set to Human…" drawn under the card at 800x600)."""
        return (self._around(lay)["card"],) if self.card_open() and not self.covered() else ()

    def reserved(self, lay: Any) -> tuple[Rect, ...]:
        """The chip's place, kept whether or not it shows now: no wait card lies where it appears."""
        return (self._around(lay)["chip"],)

    def covered(self) -> bool:
        """A modal overlay (rules, ledger, review, the settings card) is open over the table: it covers and
        disables the chip and the card like everything else under it."""
        return getattr(self.table, "overlay", None) is not None or getattr(self.table, "settings", None) is not None

    def chip_shown(self) -> bool:
        """The chip is drawn and clickable: the card is closed, no overlay is open, and the table's prompt
        (a hand's end in a small window) does not reach under it: the chip never covers table information."""
        if self.card_open() or self.covered():
            return False
        lay = self.table.layout()
        chip = pygame.Rect(self.layout()["chip"])
        return not any(p is not None and chip.colliderect(pygame.Rect(p.rect)) for p in (lay.panel, lay.beneath))

    # ------------------------------------------------------------ lifecycle
    def resize(self, vp: Viewport) -> None:
        """New window size, for the table and for the card."""
        self.vp = vp
        self.table.resize(vp)
        self.dirty = True

    def update(self, now: float) -> bool:
        """The table's own update, plus the end of the "Copied" acknowledgement."""
        changed = self.table.update(now)
        if self.copied_at is not None and time.monotonic() - self.copied_at > COPIED_FOR:
            self.copied_at = None
            self.dirty = True
        dirty, self.dirty = self.dirty, False
        return bool(changed) or dirty

    def close(self) -> None:
        """Close the table, then stop hosting (withdraws the LAN announcement). The host keeps the seat
        (:meth:`_keep_seat`), however the window got here.

        After a deliberate end (:attr:`ended`) the remembered port is forgotten: the next start
        does not host this table for friends again (the match itself stays, as a local table)."""
        port = self.hosting.port if self.ended and isinstance(self.hosting, Hosting) and self.code else None
        if self.hosts and hasattr(self.table, "_leave"):
            # the host's seat is never given up by closing a hosting window, whatever ended it (attacker s12
            # A5: an error raised between the table's Leave and :meth:`_keep_seat` left ``_leave`` set, the
            # teardown sent ``leave``, and the next start forgot the hosted match); kind: a seat token cleared
            # because a teardown did not go the usual way
            self.table._leave = False
        try:
            self.table.close()
        finally:
            self.hosting.stop()
            if port is not None:
                forget_hosting(self.code, port)

    # ------------------------------------------------------------ input
    def handle(self, event: Any) -> Change | None:
        """The close prompt first, then the invite controls, then the table."""
        if self.asking is not None:  # an input meant for the screen before it never answers it (client.seen)
            return None if self.table.meant_before(event) else self._answer(event)
        if event.type == pygame.QUIT:
            return self._leaving(Change("quit"))
        pos = pointer(event, self.vp)
        if pos is not None and not self.covered():
            hit = self._hit(pos, ("copy", "copyweb", "hide") if self.card_open() else
                            ("chip",) if self.chip_shown() else ())
            if hit is not None:
                return self.click_id(hit)
        change: Change | None = self.table.handle(event)
        if change is not None and change.kind in ("pop", "quit"):
            return self._leaving(change)
        return change

    def click_id(self, cid: str) -> Change | None:
        """Press ``chip`` (show the card), ``hide``, ``copy``, ``copyweb``, or in the prompt ``keep``/``stop``."""
        self.dirty = True
        if cid == "chip":
            self.shown = True
        elif cid == "hide":
            self.shown = False
        elif cid in ("copy", "copyweb") and self.code:
            if copy_text(self.invite() if cid == "copy" else self.web_link()):
                self.copied_at, self.copied_what = time.monotonic(), cid
        elif cid == "keep":
            self.asking = None
            if hasattr(self.table, "_leave"):
                self.table._leave = False  # the Leave was not carried out: keep the seat
        elif cid == "stop":
            change, self.asking = self.asking, None
            self.ended = change is not None
            self._keep_seat(change)
            return change
        return None

    def _keep_seat(self, change: Change | None) -> None:
        """The host's Leave ends the hosted game for everyone, as closing the window does: the host
        keeps the seat, so the next start goes on with this match on this computer (README "Play with
        friends"; new user: after Leave anyway the next start opened a brand-new table instead). Not at a
        table on someone else's server (:class:`RemoteServer`): no next start comes back to it, so the
        table's own Leave stands, the seat given up as its warning said (kind: a Leave that does
        something else than what the window said; the seat once stayed held with no way back)."""
        if change is not None and change.kind == "pop" and hasattr(self.table, "_leave") \
                and not isinstance(self.hosting, RemoteServer):
            self.table._leave = False

    def focusables(self) -> list[tuple[str, Rect]]:
        """The invite's controls the table's Tab visits (TableScene.others): the chip, or the open card's
        Copy invite, Copy link and Hide; none while an overlay covers them or the table has no code yet."""
        if not self.code or self.covered():
            return []
        lay = self.layout()
        ids = ("copy", "copyweb", "hide") if self.card_open() else ("chip",) if self.chip_shown() else ()
        return [(cid, lay[cid]) for cid in ids]

    def _leaving(self, change: Change) -> Change | None:
        self.asked_for = self.others()
        if self.asked_for == 0:
            # Leave or closing the window: the host is done hosting it, the port forgotten and the seat kept
            # (new user: a window closed with nobody else seated kept "resume_port", so the next start hosted
            # the table again on 0.0.0.0 while README says closing forgets the port)
            self.ended = True
            self._keep_seat(change)
            return change
        self.asking, self.ask_focus = change, "keep"
        self.dirty = True
        return None

    def sight(self) -> Any:
        """The question while it is up, as a :class:`~doublenine.client.seen.Sight` of the table's (its two
        buttons; every key is its own), else None: a second click of a double click on Leave, or an Enter
        pressed on, never answers it unseen (TableScene.sights)."""
        if self.asking is None:
            return None
        from ..seen import Sight
        lay = self.layout()
        return Sight(("ask", self.asking.kind, self.asked_for), (lay["keep"], lay["stop"]))

    def asked_label(self) -> str:
        """The msgid of the question's button with the focus when it is not Keep playing ("" when it is):
        the footer names what Enter presses (TableScene.keys, footer.key_help)."""
        if self.asking is None or self.ask_focus == "keep":
            return ""
        return ASK_WORDS.get(self.asking.kind, ASK_WORDS["quit"])[1]

    def _answer(self, event: Any) -> Change | None:
        """The question's keys and clicks: Esc keeps playing; Tab, Shift+Tab and the arrows move the focus
        between its two buttons, Enter or Space presses the focused one (Keep playing until moved). The
        host could leave anyway by a click only (new user s11 round 2); kind: a choice no key could make."""
        if event.type == pygame.QUIT:  # closing the window again while asked: close
            return self.click_id("stop")
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return self.click_id("keep")
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return self.click_id(self.ask_focus)
            if event.key in (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT):
                forward = not getattr(event, "mod", 0) & pygame.KMOD_SHIFT if event.key == pygame.K_TAB \
                    else event.key == pygame.K_RIGHT
                self.ask_focus = cycle(("keep", "stop"), self.ask_focus, forward) or "keep"
                self.dirty = True
            return None
        pos = pointer(event, self.vp)
        hit = self._hit(pos, ("keep", "stop")) if pos is not None else None
        return self.click_id(hit) if hit is not None else None

    def _hit(self, pos: tuple[float, float], ids: tuple[str, ...]) -> str | None:
        lay = self.layout()
        for cid in ids:
            x, y, w, h = lay[cid]
            if x <= pos[0] < x + w and y <= pos[1] < y + h:
                return cid
        return None

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        """The table, then the invite chip or card, then the close prompt."""
        self.table.draw(surface)
        lay = self.layout()
        u, f, sm = metrics(self.vp.pixels)
        if not self.code:
            return
        if self.covered():
            pass  # the overlay is on top of everything of the table, the invite included
        elif self.card_open():
            _card(surface, self.art, lay, self, f, sm)
        elif self.chip_shown():
            draw_button(surface, self.art, Button("chip", lay["chip"], INVITE), chat_font(self.vp.pixels), self.lang,
                        False)
        if self.asking is not None:
            _ask(surface, self.art, lay, self.lang, self.asked_for, f, self.asking.kind, self.ask_focus)


def _card(surface: pygame.Surface, art: Art, lay: dict[str, Rect], host: HostedTable, f: int, sm: int) -> None:
    from doublenine.shared.invite import is_loopback

    x, y, w, h = lay["card"]
    lang = host.lang
    surface.blit(art.plate(w, h, PANEL_FILL, f), (x, y))  # opaque, as every prompt (panels.PANEL_FILL)
    pygame.draw.rect(surface, (214, 172, 96), lay["card"], 2, border_radius=f)
    pad = f
    title = art.text(tr(lang, "Invite friends to table {code}", code=host.code), round(f * 1.15), GOLD, bold=True,
                     width=w - 2 * pad)
    surface.blit(title, (x + pad, y + pad // 2))
    address = host.hosting.addresses()[0]
    where = tr(lang, "Address {address} · port {port} · table code {code}", address=address,
               port=host.hosting.port, code=host.code)
    most = watch_limit(host.hosting)
    if most is not None:  # stream s16 F2: a stream's 33rd viewer could not watch, and nothing said so here
        where += " · " + watch_limit_said(lang, most)
    line = art.fit_text(where, f, w - 2 * pad, INK)
    surface.blit(line, (x + pad, y + round(2.2 * f)))
    invite = art.fit_text(host.invite(), f, w - 2 * pad, GOLD, bold=True)
    surface.blit(invite, (x + pad, y + round(3.7 * f)))
    web = art.fit_text(tr(lang, "Link for any chat or browser: {link}", link=host.web_link()), sm, w - 2 * pad, INK)
    surface.blit(web, (x + pad, y + round(5.2 * f)))
    if is_loopback(address):  # the rows down to the buttons, left-aligned as the card: friends elsewhere cannot use it
        from ..render import fit_rows
        top = y + round(6.2 * f)
        rows, size, step = fit_rows(art, tr(lang, LOOPBACK_ONLY, address=address), sm,
                                    (w - 2 * pad + 2 * sm, lay["copy"][1] - top - f // 3))
        for i, row in enumerate(rows):
            surface.blit(art.type.draw(row, size, WARN, width=w - 2 * pad, min_size=size), (x + pad, top + i * step))
    elif getattr(host.hosting, "announced", True):
        help_text = tr(lang, "On the same network they also find it under “Find tables on this network”.")
        hint = art.fit_text(help_text, sm, w - 2 * pad, SOFT)
        surface.blit(hint, (x + pad, y + round(6.5 * f)))
    elif getattr(host.hosting, "announce_failed", False):  # issue 16.5: never claim a listing that failed
        help_text = tr(lang, "Could not list it on this network: the invite works all the same.")
        hint = art.fit_text(help_text, sm, w - 2 * pad, WARN)
        surface.blit(hint, (x + pad, y + round(6.5 * f)))
    for cid, label in (("copy", N_("Copy invite")), ("copyweb", N_("Copy link"))):
        copied = host.copied_at is not None and getattr(host, "copied_what", "copy") == cid
        # none gold: the table's prompt beside the card has the screen's one default ("Start now"), and Enter
        # never presses a copy (polish s12 item 14: two gold buttons on the waiting screen)
        draw_button(surface, art, Button(cid, lay[cid], copied_label(lang, cid) if copied else label), f, lang, False)
    draw_button(surface, art, Button("hide", lay["hide"], N_("Hide")), f, lang, False)


def copied_label(lang: str, cid: str) -> str:
    """What the copy button ``cid`` (``copy``: the invite, ``copyweb``: the link) says once pressed, in ``lang``:
    one message per button, each agreeing with its own noun (translator s15 F14: one "Copied" on both read
    "Copier le lien ... Copiée" in French, "Copiar enlace ... Copiada" in Spanish; kind: one message reused
    for words of different gender). Already translated: a catalog has no entry of that text, so the button's
    own translation leaves it as it is."""
    t = translator(lang)
    return t.pgettext("invite", "Copied") if cid == "copy" else t.pgettext("link", "Copied")


ASK_WORDS: dict[str, tuple[str, str]] = {
    "pop": (N_("Leaving stops the server: the game ends for everyone."), N_("Leave anyway")),
    "quit": (N_("Closing stops the server: the game ends for everyone."), N_("Close anyway")),
}
"""The question's sentence and button for the action that asked it: the Leave button (a ``pop``)
or closing the window (``quit``). A player who pressed Leave was once asked to "Close anyway"."""


MAY_BE_SEATED = N_("Friends may be seated at your table")
"""The question's title when the server did not say in time who is seated (a flood from strangers kept it
busy): the host is asked as if friends were there (attacker s12 A5: the window once closed instead)."""


def _ask(surface: pygame.Surface, art: Art, lay: dict[str, Rect], lang: str, others: int | None, f: int,
         kind: str = "quit", focus: str = "keep") -> None:
    """The host's question while ``others`` friends are seated (None: maybe some, :data:`MAY_BE_SEATED`),
    worded for ``kind`` (:data:`ASK_WORDS`), the focus ring on its button ``focus`` (``keep`` or ``stop``)."""
    w, h = surface.get_size()
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 120))
    surface.blit(shade, (0, 0))
    x, y, bw, bh = lay["ask"]
    surface.blit(art.plate(bw, bh, PANEL_FILL, f), (x, y))
    pygame.draw.rect(surface, (214, 172, 96), lay["ask"], 2, border_radius=f)
    head = tr(lang, MAY_BE_SEATED) if others is None else \
        trn(lang, "{count} friend is seated at your table", "{count} friends are seated at your table", others)
    title = art.fit_text(head, round(f * 1.15), bw - 2 * f, GOLD, bold=True)
    surface.blit(title, title.get_rect(midtop=(x + bw // 2, y + f // 2)))
    sentence, stop = ASK_WORDS.get(kind, ASK_WORDS["quit"])
    body = art.fit_text(tr(lang, sentence), f, bw - 2 * f, INK)
    surface.blit(body, body.get_rect(midtop=(x + bw // 2, y + round(2.4 * f))))
    draw_button(surface, art, Button("keep", lay["keep"], KEEP_PLAYING, primary=True), f, lang, False)
    draw_button(surface, art, Button("stop", lay["stop"], stop), f, lang, False)
    draw_ring(surface, lay[focus if focus in ("keep", "stop") else "keep"])

