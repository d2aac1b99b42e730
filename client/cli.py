"""``doublenine play``: the game window (issue 5 item 1).

Without ``--server``: an embedded server on a free loopback port and a table
with three computer seats, straight to the table (the start screen is one
"Leave" away). With ``--server URL --table CODE``: join that table (``--seat N``
or ``--spectate``). With ``--server`` alone: create a table there.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from doublenine.shared.cleantext import arg_name
from doublenine.shared.i18n import N_
from doublenine.shared.numbers import NumberError, arg_int, parse_int
from doublenine.shared.wire import LEVELS

from .config import MAX_WINDOW_SIDE, MIN_WINDOW
from .launcher import make_launcher
from .playoptions import check_arguments, start_form  # noqa: F401 - doublenine/cli.py calls check_arguments

DEFAULT_SIZE = (1280, 800)
"""The window's size, px, at a first start (later: the size it had when it was last closed); both are
bounded by the desktop it opens on (:func:`.screen.fit_desktop`, s14 access F1)."""


def start_size(args: argparse.Namespace, settings: Any, robot: bool = False) -> tuple[int, int]:
    """The size the window opens at, px: ``--size``, else the remembered one (:func:`.config.saved_window`,
    never below the window's minimum; not for ``--autoplay``, which plays the same at every start), else
    :data:`DEFAULT_SIZE`."""
    from . import config

    if args.size is not None:
        return tuple(args.size)  # type: ignore[return-value]
    saved = None if robot else config.saved_window(settings, MIN_WINDOW, MAX_WINDOW_SIDE)
    return saved or DEFAULT_SIZE


SIZE_WANTED = N_("WIDTHxHEIGHT from %(lo)s to %(hi)s, e.g. 1280x800, not %(text)s")
"""``--size`` refused, said through argparse's ``_`` in the command line's language (doublenine/cli.said_in)."""


def window_size(text: str) -> tuple[int, int]:
    """``--size WIDTHxHEIGHT`` in ASCII digits, from :data:`.config.MIN_WINDOW` to :data:`.config.MAX_WINDOW_SIDE`
    on each side (argparse error otherwise, :data:`SIZE_WANTED`). Smaller was taken and the window opened at
    800x600 all the same (s12: ``--size 640x480``). Kind: an option's value changed without a word."""
    width, sep, height = text.lower().partition("x")
    try:
        if not sep:
            raise NumberError(text)
        return parse_int(width, MIN_WINDOW[0], MAX_WINDOW_SIDE), parse_int(height, MIN_WINDOW[1], MAX_WINDOW_SIDE)
    except NumberError:
        said = argparse._(SIZE_WANTED)  # type: ignore[attr-defined]
        bounds = {"lo": "%dx%d" % MIN_WINDOW, "hi": f"{MAX_WINDOW_SIDE}x{MAX_WINDOW_SIDE}"}
        raise argparse.ArgumentTypeError(said % {**bounds, "text": ascii(text)}) from None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``doublenine play``; their help is marked for the catalogs and said in the command line's
    language (doublenine/cli.py ``Translated``), never with a rule-book number (s11 new user: "(R24)")."""
    parser.add_argument("--server", metavar="ADDRESS",
                        help=N_("a doublenine server: HOST:PORT or ws://HOST:PORT/ (default: embedded)"))
    parser.add_argument("--table", metavar="CODE", help=N_("code of the table to join"))
    parser.add_argument("--join", metavar="INVITE", nargs="?",  # the desktop entry's %u may be empty
                        help=N_("join a friend's table by its invite, e.g. doublenine://192.168.1.20:8765/KQ7PA"))
    who = parser.add_mutually_exclusive_group()
    who.add_argument("--seat", type=arg_int(1, 4), choices=(1, 2, 3, 4),  # by the words the table shows (R2)
                     help=N_("seat to take: 1 South, 2 East, 3 North, 4 West (default: the first free one)"))
    who.add_argument("--spectate", action="store_true", help=N_("watch the table without a seat"))
    parser.add_argument("--name", type=arg_name, help=N_("your display name (remembered; a match you come back to keeps the name "
                                       "it was started with, a new table uses this one)"))
    parser.add_argument("--lang", choices=("en", "fr", "pt", "de", "es"), help=N_("language (remembered)"))
    parser.add_argument("--seed", type=arg_int(0, 2**63 - 1), help=N_("deal reproducibly from this seed: the same seed deals the same hands"))
    parser.add_argument("--level", choices=LEVELS, help=N_("computer level for new tables, weakest first: easy, heaviest, normal, strong, expert (default: expert)"))
    parser.add_argument("--phrases-only", action="store_true",
                        help=N_("new tables: only the preset chat phrases while a hand is in play (no free text)"))
    parser.add_argument("--tracker", action="store_true",
                        help=N_("new tables: allow the tile tracker panel (T) for everyone at the table"))
    parser.add_argument("--public", action="store_true",
                        help=N_("new tables: list them on the server's web page (http://HOST:PORT/)"))
    parser.add_argument("--table-name", type=arg_name, default="", metavar="NAME",
                        help=N_("new tables: their name, shown on the server's web page and in its results (at most 32 characters)"))
    parser.add_argument("--max-spectators", type=arg_int(0, 10_000), default=None, metavar="N",
                        help=N_("spectators one table of the server this window runs may have (hosting for friends or playing here; default 32; 0: nobody watches)"))
    parser.add_argument("--size", type=window_size, default=None,
                        help=N_("window size WIDTHxHEIGHT (default: as it was when last closed, else 1280x800)"))
    parser.add_argument("--start-screen", action="store_true", help=N_("open the start screen instead of a table"))
    parser.add_argument("--autoplay", action="store_true",
                        help=N_("play one hand by itself, print the result as JSON and exit "
                             "(install checks; also on with DOUBLENINE_AUTOPLAY=1)"))
    parser.add_argument("--window-errors", action="store_true",
                        help=N_("also show a failure of --join/--server/--table in the window (for launches "
                             "without a terminal, such as the doublenine:// desktop entry)"))
    parser.add_argument("--autoplay-shots", metavar="DIR", help=N_("with --autoplay: save start.png and hand-over.png here"))


def asks_new_table(args: argparse.Namespace) -> bool:
    """True when a flag describes a new table (``--seed``, ``--level``, ``--tracker``, ``--phrases-only``,
    ``--public``, ``--table-name``): then ``play`` starts one instead of coming back to the remembered match (D7), whose
    settings were fixed when it was made -- a resumed match silently ignored them (new user)."""
    return (args.seed is not None or args.level is not None or args.tracker or args.phrases_only
            or args.public or bool(getattr(args, "table_name", "")))


def window_language(chosen: str | None, remembered: str) -> str:
    """``--lang``, else the remembered language if it is one of ours, else the system's.

    client.json is outside text (issue 16): a remembered ``"xx\x00"`` once reached
    ``create_table`` and, refused there, ended ``doublenine play``.
    """
    from doublenine.shared.i18n import default_language, normalize_language
    return chosen or normalize_language(remembered) or default_language()


def _invite_where(text: str) -> tuple[str, str]:
    """(server URL, table code) of an invite, to prefill the start screen ("", "" if it cannot be read)."""
    from doublenine.shared.failures import FailureError
    from doublenine.shared.invite import parse_invite
    try:
        invite = parse_invite(text)
    except FailureError:
        return "", ""
    return invite.join_url, invite.code


def quiet_pygame() -> None:
    """No pygame banner on stdout (``--autoplay`` prints JSON there; a player reads nothing of it),
    unless the player's own PYGAME_HIDE_SUPPORT_PROMPT says otherwise. Call before importing pygame."""
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _retry_said(lang: str) -> Any:
    """A ``say(msgid, args)`` for client.joining's retries: one line on stderr in ``lang``."""
    from .text import tr

    return lambda msgid, args: print(f"doublenine play: {tr(lang, msgid, **args)}", file=sys.stderr, flush=True)


def _refused(args: argparse.Namespace, exc: Any, lang: str, settings: Any, where: tuple[str, str]) -> int:
    """A ``--join``/``--server``/``--table`` failure: said on stderr and, with ``--window-errors`` (the
    desktop entry: no terminal to read), in the window too, on the start screen with the server and
    table filled in so Watch or Join is one click. Returns 2 once said (and the window closed)."""
    from dataclasses import replace

    from doublenine.shared.cleantext import for_terminal

    from . import autoplay

    text = exc.failure.text(lang)
    if autoplay.wanted(args.autoplay):  # stdout holds the one JSON line; the person's words go to stderr
        print(f"doublenine play: {for_terminal(text)}", file=sys.stderr)  # pasted text, escaped (attacker F7)
        print(json.dumps(autoplay.failed(exc.failure, where[1])), flush=True)
        return 2
    print(f"doublenine play: {for_terminal(text)}", file=sys.stderr)  # every command's errors: stderr (s12)
    if not args.window_errors:
        return 2
    quiet_pygame()
    import pygame

    from .app import App, NoDisplay
    from .scenes.start import StartScene

    def refuse_again(launch: Any) -> Any:  # nothing can start without the table's server
        raise exc

    server, table = where
    start = StartScene(replace(settings, server=server or settings.server, table=table or settings.table),
                       make_launcher(lang, {}) if where != ("", "") else refuse_again)
    start.form = replace(start.form, message=text)
    try:
        App(start, start_size(args, settings), need_display=True, fit_desktop=args.size is None).run()
    except NoDisplay:
        pass  # the refusal above was already printed; the window would show it to nobody
    finally:
        pygame.quit()
    return 2


def player_name(given: str | None, saved: str, lang: str) -> str:
    """The name the window plays under: ``--name``, else the saved one, else the start screen's
    default "Player" in the window's language (it was English in every language); NFC, 32 characters.
    A saved default of another language ("Joueur" saved before this change) is no typed name: it follows
    ``lang`` too (:func:`.text.is_default_name`)."""
    from .text import nfc, tr, typed_name

    return nfc(given or typed_name(saved) or tr(lang, "Player"))[:32]


def _other_window(args: argparse.Namespace, settings: Any, lang: str) -> str | None:
    """Another live window holds the data folder (client/instance.py): ask this one's player what to do
    (scenes/otherwindow.OtherWindow) in a window of its own; its choice, or None when there is no display (said
    on stderr, as the window's own refusal)."""
    import pygame

    from doublenine.shared.cleantext import for_terminal

    from .app import App, NoDisplay
    from .scenes.otherwindow import OtherWindow

    card = OtherWindow(lang)
    try:
        app = App(card, start_size(args, settings, False), need_display=True, fit_desktop=args.size is None)
    except NoDisplay as exc:
        print(f"doublenine play: {for_terminal(exc)}", file=sys.stderr)
        return None
    try:
        app.run()
    finally:
        pygame.quit()
    return card.choice


BACK_FAILED = N_("Your match at {server} could not be opened, so this is a game on this computer. {reason}")
"""Said at the local table a plain ``play`` opens where the network seat of the last match failed (attacker s17 F9)."""
GONE_KEYS = ("table.closed", "table.closed_by.creator", "table.closed_by.operator", "seat.given_up", "seat.replaced")
"""Failures that say the network seat of the last match is gone for good (its table closed, the seat given up or
played from another window): plain ``play`` forgets it (``last_seat``), where an unreachable server is kept for a
later start (it may be back)."""


def _played_here(launcher: Any, local: Any, failed: Any, failure: Any, lang: str) -> Any:
    """Plain ``doublenine play`` went back to the network seat of the last match (launcher.last_match) and it
    failed with ``failure``: the launch it would have made otherwise (``local``: the kept local match or a new
    table against the computer) is made instead, saying why; a seat gone for good (:data:`GONE_KEYS`) is forgotten
    as the last match. Attacker s17 F9: after one seat at a stranger's server, every plain ``play`` went there and
    failed for good once that server or table was gone (README's first command broken by someone else)."""
    from . import config
    from .text import tr
    if failure.key in GONE_KEYS:
        config.change(last_seat="")
    table = launcher(local)
    tell = getattr(table, "tell", None)
    if callable(tell):
        tell(tr(lang, BACK_FAILED, server=failed.server, reason=failure.text(lang)), 12.0)
    return table


def run(args: argparse.Namespace) -> int:
    """Open the window; returns the exit code: 0 closed, 1 a failure while it was open, 2 a table that
    cannot be joined or no display (130 after Ctrl-C: doublenine/cli). The line saying why goes to stderr;
    stdout holds only ``--autoplay``'s JSON line."""
    from dataclasses import replace

    quiet_pygame()
    import pygame

    from doublenine.shared.cleantext import for_terminal
    from doublenine.shared.failures import FailureError

    from . import autoplay, config
    from .app import App, NoDisplay
    from .scenes.start import Launch, StartScene
    from .text import tr, typed_name

    robot = autoplay.wanted(args.autoplay)
    # the install check must never touch the player's game: defaults only, nothing saved (finding 3)
    settings = config.Settings() if robot else config.load()
    lang = window_language(args.lang, settings.lang)
    name = player_name(args.name, settings.name, lang)
    if args.join:  # issue 8: the invite carries server and table; check it before opening a window
        from .joining import resolve_invite
        try:  # a seat this computer holds there is taken back, so a full table is no refusal (D7)
            invite = resolve_invite(args.join, seat=args.seat, spectate=args.spectate, kept=not robot,
                                    say=_retry_said(lang))
        except FailureError as exc:
            from doublenine.shared.invite import parse_invite

            from .joining import watch_anyway
            try:
                invite = parse_invite(args.join)
            except FailureError:
                return _refused(args, exc, lang, settings, _invite_where(args.join))
            if robot or args.seat is not None or not watch_anyway(exc, True):  # the check only watches: refused
                # so, the table was not even seen; a link to it (a stream's) watches it once admitted
                return _refused(args, exc, lang, settings, _invite_where(args.join))
            args.spectate = True  # the window opens, says the table is full of spectators and asks again
        args.server, args.table = invite.join_url, invite.code
        from .joining import watches_invite
        args.spectate = args.spectate or watches_invite(invite, args.seat, kept=not robot)  # a full table's link
    if args.server:  # a bad URL (a port in other digits...) is said in words, not a traceback (issue 16.4)
        from doublenine.shared.invite import server_url
        try:
            args.server = server_url(args.server)  # HOST:PORT as the start screen takes it
        except FailureError as exc:
            return _refused(args, exc, lang, settings, ("", args.table or ""))
    if args.table:  # a mistyped code is said at once, not sent to a server as "closed"
        from doublenine.shared.invite import normalize_code
        try:
            args.table = normalize_code(args.table, "table.bad_code")
        except FailureError as exc:
            return _refused(args, exc, lang, settings, (args.server or "", ""))
    if args.server and args.table and not (args.join or robot or args.start_screen):  # as --join's table
        from .joining import check_named_table
        refused = check_named_table(args.server, args.table, args.seat, args.spectate, say=_retry_said(lang))
        from .joining import watch_anyway
        if refused is not None and not watch_anyway(refused, args.spectate):  # a full table of spectators:
            # the window opens and says it, asking again every minute (stream s16 F3)
            return _refused(args, refused, lang, settings, (args.server, args.table))
    lock: Any = None  # the data folder's WindowLock; True where it cannot be had (unguarded)
    separate = False
    if not robot:  # one window per data folder: a second one asks first (client/instance.py, new user s15)
        from .instance import ask_forward, take_window
        try:
            lock = take_window()
        except OSError:  # a data folder that cannot hold the lock: the window opens as before, unguarded
            lock = True
        if lock is None:
            choice = _other_window(args, settings, lang)  # after the checks: a refusal is said first
            if choice in ("forward", "close") or choice is None:
                if choice == "forward":
                    ask_forward()
                return 2 if choice is None else 0
            separate = True  # its own tables in memory; nothing of the other window's read into play or written
    keep = not robot and not separate  # the player's kept matches, seats and settings: this window's to use
    from .scenes.askname import should_ask
    # s13 item 5; lastuser s17 F6/F9: a table joined (--join, --server/--table) asks too, before its first
    # table: only --start-screen, whose "Your name" field is on the screen, does not
    ask = should_ask(settings.name, settings.asked_name, args.name, not keep, bool(args.start_screen))
    server = args.server or ""
    # replace, not a fresh Settings: the remembered table and seat token must survive this start (D7);
    # the server and table given are saved only once they worked (issue 11.6, launcher._remember_what_worked)
    if keep:  # a default name is not saved: it follows the language the next window speaks
        config.change(name=typed_name(name), lang=lang)
    from doublenine.shared.invite import server_base
    settings = replace(settings, name=name, lang=lang)
    if args.start_screen:  # asked for the start screen: the server and table given are filled in there
        settings = replace(settings, server=server_base(server) if server else settings.server,
                           table=args.table or settings.table)
    # else the start screen behind the table shows what was saved: after a refusal, not what was refused
    # (new user: README says a server and code are remembered "once joining them worked")
    box: dict[str, Any] = {}
    if args.max_spectators is not None:  # stream s16 F2: a streamer hosting from the window may let more watch
        from . import embedded
        embedded.MAX_SPECTATORS = args.max_spectators
    # autoplay: its own store in memory (never the player's file nor another window's server)
    launcher = make_launcher(lang, box, db=None if keep else ":memory:",
                             bot_delay=autoplay.BOT_DELAY if robot else None, remember=keep)
    start = StartScene(settings, launcher, remember=keep)
    if separate:  # said where it is seen first (scenes/otherwindow.SEPARATE_SAID)
        from .scenes.otherwindow import SEPARATE_SAID
        start.form = replace(start.form, message=tr(lang, SEPARATE_SAID))
    if args.start_screen:  # what the command line said of the table is filled in, not dropped
        start.form = start_form(start.form, args)
    from .layout import set_text_size
    set_text_size(settings.text_size)  # s14 access F2: every size of the window follows it (layout.metrics)
    try:
        app = App(start, start_size(args, settings, robot), need_display=not robot,
                  fit_desktop=args.size is None and not robot)  # --size: as asked (s14 access F1)
    except NoDisplay as exc:
        print(f"doublenine play: {for_terminal(exc)}", file=sys.stderr)
        if lock is not None and lock is not True:
            lock.release()
        return 2
    from .app import set_fullscreen
    if settings.fullscreen and not robot:
        set_fullscreen(True)
    app.lang = lang
    if keep:  # F11 / Alt+Enter, or full screen refused (app.check_fullscreen): kept for the next start
        app.on_fullscreen = lambda on: config.change(fullscreen=on)
    if lock is not None and lock is not True:  # a second window's "Bring it forward" (client/instance.py)
        app.raise_asked = lock.raise_asked
    fallback = None  # the local launch a plain ``play`` would have made, where it goes to a network seat instead
    try:
        if not args.start_screen:
            if args.table:
                mode = "watch" if args.spectate else "join"
                launch = Launch(mode, name, lang, server, args.table.upper(), args.seat)
            else:
                launch = Launch("create", name, lang, server, seed=args.seed, level=args.level or "expert",
                                resume=not asks_new_table(args) and not server and keep,
                                chat="phrases_in_hand" if args.phrases_only else "free", tracker=args.tracker,
                                public=args.public, table_name=args.table_name.strip(),  # the server cleans it
                                quick=not robot and not server)  # Play now: a hand at once (client.playnow)
                if keep:  # the match "Back to your match" names: a network seat sat at last included (s17)
                    from .launcher import last_match
                    chosen = last_match(launch, config.load())
                    if chosen is not launch:
                        fallback, launch = launch, chosen
            if ask:  # the first start: the name asked once, then the table (scenes/askname.py)
                from .scenes.askname import AskName

                def answered(chosen: str, launch: Launch = launch) -> Any:
                    config.change(name=typed_name(chosen), asked_name=True)
                    start.form = replace(start.form, name=chosen)
                    try:
                        return launcher(replace(launch, name=chosen))
                    except FailureError as exc:  # said on the start screen, as below
                        start.form = replace(start.form, message=exc.failure.text(lang))
                        return None
                from .playnow import PLAY_NOW
                app.push(AskName(lang, answered, ok=PLAY_NOW if launch.quick else None))
            else:
                try:
                    try:
                        table = launcher(launch)
                    except FailureError as exc:
                        if fallback is None:
                            raise
                        table = _played_here(launcher, fallback, launch, exc.failure, lang)
                    if separate and callable(getattr(table, "tell", None)):  # said at its table too
                        from .scenes.otherwindow import SEPARATE_SAID
                        table.tell(tr(lang, SEPARATE_SAID), 12.0)
                    app.push(table)
                except FailureError as exc:  # said on the start screen, in the player's language (a second
                    start.form = replace(start.form, message=exc.failure.text(lang))  # window with nothing to watch)
        if robot:
            return autoplay.run(app, shots=args.autoplay_shots)
        code = app.run()
        closed = getattr(app, "closed_size", None)
        if closed is not None and keep:  # the size the player left it at, for the next start
            config.remember_window(closed)
        return code
    except (OSError, RuntimeError, ValueError) as exc:  # a path or a server's words: escaped (attacker F7)
        print(f"doublenine play: {for_terminal(exc)}", file=sys.stderr)
        return 1
    finally:
        server_obj = box.get("server")
        if server_obj is not None:
            server_obj.stop()
        pygame.quit()
        if lock is not None and lock is not True:
            lock.release()
