"""Connecting a window to a table: the ``launcher`` the start screen and ``doublenine play`` call.

:func:`make_launcher` turns a :class:`~.scenes.start.Launch` into a table scene: the embedded server
started (or the remembered table hosted for friends again, :func:`_host_again`), what the window
attaches with (a new table, the kept match taken back, a seat held at another server, D7), and what
is remembered once the server says ``joined`` (only what worked, issue 11.6).
"""
from __future__ import annotations

from typing import Any

from doublenine.shared.i18n import N_

NOT_HOSTED_SECONDS = 20.0
"""How long the window says that the remembered table could not be hosted again (or until clicked)."""
REASON_CHARS = 120
"""At most this much of a cause from outside (an exception's words) goes into a message: with the
message around it, four rows at 800x600 (TOAST_ROWS) in every language."""
WATCHING_OTHER = N_("Table {code} is open in another doublenine window on this computer: this window "
                    "only watches it. Play, host and invite in that window.")
"""Said by a second window on the same game file (issue 12 case 0), which watches the first window's table
while a seat of it is connected (:data:`NOBODY_THERE` when none is)."""
NOBODY_THERE = N_("Nobody from this computer is at table {code}: the other doublenine window keeps it but is not "
                  "at it (its start screen takes the seat back: Back to your match). This window only watches it.")
"""Said instead of :data:`WATCHING_OTHER` once the watched table shows every human seat disconnected: the
first window is at its start screen (new user s11 round 2 item 11: "Table X is open in another doublenine
window" while that window was at its start screen, and the watcher saw the table "waiting for" its own
player). Kind: a message saying what a window assumed at launch, not what the table shows."""


def watching_said(state: Any, code: str, lang: str) -> str:
    """What a second window watching the first one's table ``code`` says (:data:`WATCHING_OTHER`), from
    what ``state`` (its ClientState) shows: :data:`NOBODY_THERE` when every human seat is disconnected."""
    from .text import tr

    nobody = state.view is not None and bool(state.humans) and state.humans <= state.away
    return tr(lang, NOBODY_THERE if nobody else WATCHING_OTHER, code=code)


def make_launcher(settings_lang: str, embedded_box: dict[str, Any], db: str | None = None,
                  bot_delay: float | None = None, *, remember: bool = True,
                  hosting: dict[str, Any] | None = None) -> Any:
    """A ``launcher(Launch) -> TableScene`` that connects (starting the embedded server when needed).

    ``bot_delay``: seconds the embedded server's computer seats wait (None: the server's default).
    ``remember``: False for ``--autoplay``: nothing is read from or written to the player's settings
    (no resumed match, no table to come back to, never another window's game).
    ``hosting``: keyword arguments of :func:`~.scenes.lan_host.host_again` (tests: bind, announce).
    """
    from doublenine.shared import protocol as p

    from . import config
    from .embedded import AlreadyRunning, EmbeddedServer, default_db
    from .joining import held_rejoin
    from .net import NetClient, NetSession, spectate_frame
    from .scenes.table import TableScene
    from .text import name_field, sent_name

    def launcher(launch: Any) -> TableScene:
        if launch.server:  # HOST:PORT as ws://HOST:PORT/ (shared/invite.server_url, the one reader)
            from dataclasses import replace

            from doublenine.shared.invite import server_url
            launch = replace(launch, server=server_url(launch.server))  # InviteError (a FailureError) first
        url = launch.server
        running = ""  # issue 12: another window's server already uses the game file
        not_hosted = None
        watching = ""  # the other window's table this one watches
        if launch.mode == "create" and not url and launch.resume and remember:
            again, not_hosted = _host_again(launch, db, bot_delay, hosting or {})
            if again is not None:
                return again  # type: ignore[no-any-return]
        if launch.mode == "create" and not url:
            server = embedded_box.get("server")
            if server is None or not server.running:  # "Host for friends" took the file over meanwhile
                server = EmbeddedServer(db if db is not None else default_db(), bot_delay)
                try:
                    server.start()
                except AlreadyRunning as exc:  # join that game instead of starting a second server
                    running = exc.url
                else:
                    embedded_box["server"] = server
            url = running or server.url
        attach: Any
        fallback: Any = None
        on_joined = None
        if launch.mode == "create":
            seats = tuple(p.SeatSpec(kind=k, level=launch.level, name=sent_name(launch.name) if i == 0 else None)
                          for i, k in enumerate(launch.kinds))
            attach = p.CreateTable(seats=seats, seed=launch.seed, language=launch.lang, sit=1,
                                   **name_field(launch.name),
                                   chat=launch.chat, tracker=launch.tracker, public=launch.public,
                                   **({"table_name": launch.table_name} if launch.table_name else {}))
            if not launch.server and remember:
                on_joined = _remember_local_table
                saved = config.load()
                if running and saved.resume_code:  # watch the other window's game, never take its seat
                    # nor any seat: no fallback (new user s11: the watched match was over, the client's
                    # fallback for a rejoin made a new table AW4R3 and sat there under "only watches")
                    attach, fallback, on_joined = spectate_frame(saved.resume_code, sent_name(launch.name)), None, None
                    watching = saved.resume_code
                elif running:  # nothing of the other window's to watch: this one plays nowhere
                    from doublenine.shared.failures import Failure, FailureError
                    raise FailureError(Failure("window.other_plays"))
                elif launch.resume and saved.resume_code and saved.resume_token:
                    attach, fallback = p.Rejoin(code=saved.resume_code, token=saved.resume_token), attach
                    on_joined = _remember_resumed(saved.resume_code)
        elif launch.mode == "join":
            attach = p.Join(code=launch.table, seat=launch.seat, **name_field(launch.name))
            held = held_rejoin(launch.server, launch.table, launch.seat) if remember and launch.server else None
            if held is not None:  # D7: the seat this computer holds there, taken back; a new one if it is gone
                attach, fallback = held, attach
        else:
            attach = spectate_frame(launch.table, sent_name(launch.name))  # its name said in the chat (s14)
        if launch.server and remember:  # a seat taken there is the player's most recent match (config.sat_at)
            on_joined = _remember_what_worked(launch.server, seated=launch.mode in ("create", "join"))
        client = NetClient(url, attach, fallback=fallback, on_joined=on_joined).start()
        # a seat whose token nothing remembers (--autoplay) is given up when the window closes
        # a table on this window's own server (loopback only: not, or no longer, hosted for friends) is one
        # no away player can come back to: their consent cannot be had (client.consentable)
        local = launch.mode == "create" and not launch.server and not running
        scene = TableScene(NetSession(client, keeps_seat=on_joined is not None, others_return=not local), launch.lang)
        scene.keep_finished = remember  # --autoplay keeps no finished match of the player's
        scene.quick = launch.quick and launch.mode == "create" and not watching  # Play now (client.playnow)
        if launch.mode == "watch" and launch.server:  # a free seat's card takes it (s13 spectator F4)
            from dataclasses import replace as _with
            scene.sit = lambda seat: launcher(_with(launch, mode="join", seat=seat))
        if launch.server:  # a seat given up at the match's end: a free seat there, or watching (session 17)
            scene.relaunch = lambda mode, code: _go_again(launcher, launch, mode, code, remember)
        if launch.mode in ("create", "join") and not watching:  # told if the table named the seat otherwise
            scene.asked_name = sent_name(launch.name) or ""  # a default name is sent as none: nothing to tell
            if launch.mode == "create" and attach is not None and isinstance(attach, p.CreateTable):
                scene.asked_table_name = launch.table_name or None  # ... or the table (organiser s16 F7)
        if not_hosted is not None:  # the friends' table goes on here only: the player must know why
            scene.tell(not_hosted.text(launch.lang), NOT_HOSTED_SECONDS)
        elif watching:  # why this window watches: the other one plays (and hosts, if it was hosted), or
            # is not at the table: said again once the table is seen (TableScene._tell_watching)
            scene.tell(watching_said(scene.session.state, watching, launch.lang), NOT_HOSTED_SECONDS)
            scene.watching_other = watching
        if launch.mode == "create" and launch.server:  # a table we made elsewhere: friends need its invite
            from .scenes.lan_host import HostedTable, RemoteServer
            return HostedTable(scene, RemoteServer(url), launch.lang)  # type: ignore[return-value]
        return scene

    return launcher


def _go_again(launcher: Any, launch: Any, mode: str, code: str, remember: bool) -> Any:
    """``launcher``'s table window at ``launch``'s server's table ``code`` again, ``mode`` "join" (any free seat)
    or "watch", once this window's seat there was given up (session 17): the dead seat's token is forgotten
    first, so the join asks for a free seat instead of presenting it."""
    from dataclasses import replace

    from doublenine.shared.invite import server_base

    from . import config
    if remember:
        config.update(lambda saved: config.release_seat(saved, server_base(launch.server), code))
    return launcher(replace(launch, mode=mode, table=code, seat=None, resume=False, quick=False))


def last_match(launch: Any, saved: Any) -> Any:
    """The match a plain ``doublenine play`` (``launch``: create with ``resume``, no server) comes back to: the one
    the start screen's "Back to your match" names (:func:`.config.last_seat`, its ``_resume``): a seat held at
    another server's table the player sat at after the kept local match is joined again there (the launcher takes
    it back with its token, D7), else ``launch`` (the kept local match, or a new table). Any other ``launch`` as
    it is. Session 17 (evening s16 F8): plain ``play`` resumed the kept local match while the button followed the
    network seat the player was in last. Kind: two ways to the same "your match" deciding apart."""
    from dataclasses import replace

    from . import config
    if launch.mode != "create" or not launch.resume or launch.server:
        return launch
    last = config.last_seat(saved)
    if last is None:
        return launch
    return replace(launch, mode="join", server=last[1], table=last[0], resume=False, quick=False, seed=None)


def _host_again(launch: Any, db: str | None, bot_delay: float | None, options: dict[str, Any]) -> tuple[Any, Any]:
    """The remembered table was hosted for friends: host it again on its port (finding 1).

    Returns (the hosted table, None); (None, None) when the remembered table was not hosted; and
    (None, a Failure) when that port or the file cannot be had now: the caller then resumes the
    table on loopback, so the match is never lost, and tells the player (``host.port_taken_again``,
    ``host.not_hosted_again``) that the friends cannot reach it until another start.
    """
    import logging

    from doublenine.shared.failures import Failure, FailureError

    from . import config
    from .embedded import AlreadyRunning
    from .scenes.lan_host import host_again
    from .text import whole_sentences

    saved = config.load()
    if not (saved.resume_port and saved.resume_code and saved.resume_token):
        return None, None
    try:
        return host_again(launch, saved.resume_code, saved.resume_token, saved.resume_port, db=db,
                          bot_delay=bot_delay, **options), None
    except AlreadyRunning:  # another window serves the game file (and hosts the table, if it was hosted):
        return None, None   # nothing is lost and nothing to warn about; the caller watches that game
    except (FailureError, RuntimeError) as exc:
        logging.getLogger(__name__).warning("cannot host table %s again on port %s: %s",
                                            saved.resume_code, saved.resume_port, exc)
        where = {"code": saved.resume_code, "port": saved.resume_port}
        if isinstance(exc, FailureError) and exc.key == "net.port_in_use":
            return None, Failure("host.port_taken_again", where)
        reason = exc.failure.params.get("reason", exc) if isinstance(exc, FailureError) else exc
        return None, Failure("host.not_hosted_again", {**where, "reason": whole_sentences(str(reason), REASON_CHARS)})


def _remember_what_worked(server: str, seated: bool = False) -> Any:
    """Issue 11.6: an ``on_joined`` that saves ``server`` and the table code once the server said ``joined``.

    Only what worked is remembered: an address that never answered, or a table code the server
    refused, is never prefilled next time (and "Create table" never tries a dead server).
    The seat token too, per server and table (:func:`.config.hold_seat`; a rejoin or a spectator brings
    none: the ones kept stay), so that a window closed at another server's table can come back to its
    seat (D7; tester finding: after closing it, joining again was refused "Table ... is full", the seat
    held for a token nothing kept; attacker F5: watching another table in between emptied the one slot).
    ``seated``: the window came to sit (create, join: a rejoin of a held seat brings no token), so that table
    is the player's most recent match (``config.sat_at``; new user s15: "Back to your match" named an older
    local table instead).
    """
    def joined(code: str, token: str | None) -> None:
        from dataclasses import replace

        from doublenine.shared.invite import server_base

        from . import config
        base = server_base(server)

        def changed(saved: config.Settings) -> config.Settings:
            if token:  # a spectator's join brings none: the seats held there and elsewhere stay (attacker F5)
                saved = config.hold_seat(saved, base, code, token)
            if seated and config.held_seat(saved, base, code):
                saved = config.sat_at(saved, base, code)
            return replace(saved, server=base, table=code)
        config.update(changed)
    return joined


def _remember_local_table(code: str, token: str | None) -> None:
    """Keep the local table's code and seat token so the next start comes back to it (D7)."""
    from . import config
    if token:  # a new table while a match was kept: that one stays offered (config.keep_match; new user N1)
        config.update(lambda saved: config.keep_match(saved, code, token))


def _remember_resumed(rejoined: str) -> Any:
    """An ``on_joined`` for coming back to kept match ``rejoined``: when the server made a new table
    instead (that match is over or gone), the dead one is forgotten rather than offered again."""
    def joined(code: str, token: str | None) -> None:
        from dataclasses import replace

        from . import config

        def changed(saved: config.Settings) -> config.Settings:
            if code != rejoined and saved.resume_code == rejoined:
                saved = config.drop_match(saved)  # the dead one is not kept; the earlier ones stay as they were
            if token:
                return config.keep_match(saved, code, token)
            # the kept match taken back (a rejoin brings no token): the most recent match again (new user s15)
            return replace(saved, last_seat="", last_score="") if saved.resume_code == code else saved
        config.update(changed)
    return joined
