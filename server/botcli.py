"""``doublenine bot``: play one seat of a table over the network with the computer player (R23).

Every line it prints is in the language of ``--lang``, else the system's (LANGUAGE, LC_ALL,
LC_MESSAGES, LANG: shared/i18n.default_language, as ``play`` chooses its first language), from the
catalogs like the window's words; a server's words in them (a table code, a close reason) stay as
they came, and a refusal is said by its code's sentence (shared/refusals.py), never the server's
English detail."""
from __future__ import annotations

import argparse
import contextlib
from collections.abc import Iterator

from doublenine.shared.cleantext import arg_name
from doublenine.shared.numbers import arg_float, arg_int
from doublenine.shared.wire import LEVELS


SAID_CHARS = 1000
"""Longest line ``doublenine bot`` prints: the TLS sentences are the longest (about 400 characters)."""


def say(text: str, error: bool = False) -> None:
    """Print one line for the person at the terminal, prefixed ``doublenine bot:`` (the program's
    name, in every language; ``text`` is in the person's already: :func:`bot_language`). ``text`` may hold a
    server's words (a table code, an error's detail, a close reason, a skipped frame's fault): it is
    cleaned as players' text is (shared/cleantext.py: no control characters, so no terminal escapes,
    no bidirectional overrides, one line) and bounded (attacker F4: ``seat 1 at table ESC]0;PWN BEL``
    reached the terminal). ``error``: a line that ends the bot (a refusal, a failure, its stop) goes to
    stderr, as every command's errors do; its progress lines to stdout."""
    import sys

    from doublenine.shared.cleantext import BlankText, clean_text

    try:
        line = clean_text(text, SAID_CHARS)
    except BlankText:
        line = "?"
    print(f"doublenine bot: {line}", file=sys.stderr if error else sys.stdout, flush=True)


def bot_language(args: argparse.Namespace) -> str:
    """The language of the bot's lines: ``--lang``, else the system's (shared/i18n.default_language)."""
    from doublenine.shared.i18n import default_language

    return getattr(args, "lang", None) or default_language()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``doublenine bot``; their help is marked for the catalogs and said in the bot's language
    (``--lang``, else the system's: doublenine/cli.command_language), as its refusals and lines are (s12: the
    help stayed English while argparse's refusals followed ``--lang``)."""
    from doublenine.shared.i18n import LANGUAGES, N_

    parser.add_argument("--lang", choices=LANGUAGES, help=N_("language of what it says (default: the system's)"))
    parser.add_argument("--server", required=True,
                        help=N_("the server: HOST:PORT or ws://HOST:PORT/, e.g. 192.168.1.20:8765"))
    parser.add_argument("--table", required=True, help=N_("code of the table to join"))
    parser.add_argument("--seat", type=arg_int(1, 4), choices=(1, 2, 3, 4), default=None,
                        help=N_("seat to take: 1 South, 2 East, 3 North, 4 West (default: the first free one)"))
    parser.add_argument("--name", default="Bot", type=arg_name,
                        help=N_("the seat's display name, 1 to 32 visible characters (default: Bot)"))
    parser.add_argument("--level", default="normal", choices=LEVELS,
                        help=N_("computer level (default: normal)"))
    parser.add_argument("--matches", type=arg_int(0), default=1,
                        help=N_("matches to play before giving the seat up and exiting (default 1: one match, "
                                "then a line saying so; 0: a new match after each one, until stopped)"))
    parser.add_argument("--pace", type=arg_float(0.0, 60.0), default=0.25,
                        help=N_("seconds at least between two moves (keeps under the server's message limit)"))


async def _play(args: argparse.Namespace) -> int:
    import random

    from doublenine.shared.invite import table_url
    from doublenine.shared.state import Phase

    from .computer import load_decide
    from .netbot import HAND_OVER_AFTER, SeatKeeper, TableClient, play_seat
    from .nextmatch import next_match

    from doublenine.shared.i18n import translator

    decide = load_decide()
    lang = bot_language(args)
    t = translator(lang)
    keeper = SeatKeeper(table_url(args.server, args.table),
                        {"type": "join", "code": args.table, "seat": args.seat, "name": args.name},
                        say=say, keep_frames=False, lang=lang)
    rng = random.Random()
    ended = 0
    counted = False  # the finished match on the table is already counted (a reconnect shows it again)

    def over(c: TableClient) -> bool:
        return c.view is not None and c.view.phase is Phase.MATCH_OVER

    async def body(client: TableClient) -> None:
        nonlocal ended, counted
        say(t.gettext("seat {seat} at table {code}", seat=client.seat, code=client.code))
        while True:
            await play_seat(client, lambda v, r: decide(v, args.level, r), rng, over, timeout=3600,
                            pace=args.pace, hand_over_after=HAND_OVER_AFTER)  # D7, club s14 F7
            if not counted:
                ended, counted = ended + 1, True
            if args.matches and ended >= args.matches:  # 0: until stopped (operator s11: it left without a word)
                say(t.gettext("done: the match is over and --matches {count} is reached; "
                              "seat {seat} at table {code} given up", count=args.matches, seat=client.seat,
                              code=client.code))
                return
            await next_match(client, pace=args.pace, say=say, lang=lang)  # D1: ask, or consent to another seat's ask
            counted = False

    with stop_on_sigterm():
        try:
            await keeper.run(body)
        finally:  # any stop on purpose gives the seat up, so the others' new match does not wait for it (D1, D7)
            await keeper.leave()
    return 0


SIGNALLED: list[int] = []
"""The signals :func:`stop_on_sigterm` received (SIGTERM's number): a cancellation with none is not a stop
(evening s16 F9: "terminated" was said for a cancellation no signal caused)."""

TERMINATED = 143
"""Exit code after SIGTERM (128 + 15), as shells report a command that SIGTERM ended."""


@contextlib.contextmanager
def stop_on_sigterm() -> Iterator[None]:
    """While inside, SIGTERM cancels the running task as Ctrl-C does (asyncio.run only handles SIGINT),
    so its ``finally`` gives the seat up: without this a service manager's or ``kill``'s stop ended the
    process holding the seat. The handler before is put back on the way out. Where the loop cannot
    watch signals (Windows, another thread) nothing changes."""
    import asyncio
    import signal

    task = asyncio.current_task()
    loop = asyncio.get_running_loop()
    before = signal.getsignal(signal.SIGTERM)
    try:
        def stop() -> None:
            SIGNALLED.append(int(signal.SIGTERM))
            if task:
                task.cancel(msg="SIGTERM")
        loop.add_signal_handler(signal.SIGTERM, stop)
    except (NotImplementedError, RuntimeError, ValueError):  # no signals here, or not the main thread
        yield
        return
    try:
        yield
    finally:
        loop.remove_signal_handler(signal.SIGTERM)
        signal.signal(signal.SIGTERM, before if before is not None else signal.SIG_DFL)


def run(args: argparse.Namespace) -> int:
    """Play until the requested number of matches is over (``--matches``; 0: until stopped), coming
    back after lost connections; the last match's end is said in one line before the seat is given up.
    Exit 0 when they are over; 1 when the server cannot be reached, lost it or the server failed a new
    match; 2 for a bad ``--server``/``--table`` or a refusal by the server; 143 after SIGTERM (130 after
    Ctrl-C: doublenine/cli). The line saying why goes to stderr (s12: it went to stdout)."""
    import asyncio

    from websockets.exceptions import ConnectionClosed, WebSocketException

    from .netbot import GaveUp, ServerRefused, TableShut, described, http_words
    from .nextmatch import NoNewMatch

    from doublenine.shared.failures import FailureError
    from doublenine.shared.i18n import translator
    from doublenine.shared.invite import normalize_code, server_url
    from doublenine.shared.refusals import sentence_for

    lang = bot_language(args)
    t = translator(lang)
    try:
        args.server = server_url(args.server)  # HOST:PORT as play --server and the start screen take it
        args.table = normalize_code(args.table, "table.bad_code")  # as `play --table`: said at once, never sent
    except FailureError as exc:
        say(exc.failure.text(lang), error=True)
        return 2
    try:
        return asyncio.run(_play(args))
    except asyncio.CancelledError as exc:
        if SIGNALLED:  # SIGTERM (stop_on_sigterm): the seat was given up on the way out
            say(t.gettext("terminated"), error=True)
            return TERMINATED
        # evening s16 F9: no signal came, yet a cancellation ended the bot: never said as "terminated"
        from .netbot import cancelled_where
        say(t.gettext("stopped by an internal error ({why})", why=cancelled_where(exc)), error=True)
        return 1
    except ServerRefused as exc:  # the sentence for its code and data: a server's English detail is never shown
        code = str(exc.error.code)  # (s14 soak: the 10 s seat wait said as "Too many actions at once")
        say(t.gettext("{refusal} (refused by the server: {code})",
                      refusal=t.gettext(sentence_for(code, exc.error.data)), code=code), error=True)
        return 2
    except TableShut as exc:  # organiser s16 F11: closed by its creator or the operator, on purpose: nothing failed
        say(exc.text(lang))
        return 0
    except NoNewMatch as exc:  # D1: the other players said no (or the server failed it): nothing to wait for
        say(t.gettext("no new match: {why}", why=exc.text(lang)), error=True)
        return 1
    except ConnectionClosed as exc:
        from doublenine.shared.reconnect import describe_close, ends_game

        code, reason = (exc.rcvd.code, exc.rcvd.reason) if exc.rcvd is not None else (None, "")
        if ends_game(code):
            say(t.gettext("the server ended the game ({why})", why=reason or describe_close(code, "", lang)),
                error=True)
        else:  # lost before a seat was taken: nothing to come back to
            say(t.gettext("connection lost before taking a seat ({why})", why=describe_close(code, reason, lang)),
                error=True)
        return 1
    except GaveUp as exc:
        cause = exc.__cause__
        tls = _tls_failure(cause, args.server, lang)
        if isinstance(cause, ServerRefused):  # refused for minutes, each time saying when to come back: why
            code = str(cause.error.code)
            tls = t.gettext("{refusal} (refused by the server: {code})",
                            refusal=t.gettext(sentence_for(code, cause.error.data)), code=code)
        say(t.gettext("gave up: {why}. {tls}", why=exc.text(lang), tls=tls) if tls else
            t.gettext("gave up: {why}", why=exc.text(lang)), error=True)
        return 1
    except (OSError, WebSocketException) as exc:  # refused, timed out, a proxy that said no or is malformed
        from doublenine.shared.dialing import proxy_for, shown_proxy

        tls = _tls_failure(exc, args.server, lang)
        if tls:
            say(tls, error=True)
            return 1

        from doublenine.shared.reconnect import http_status, retry_dial

        status = http_status(exc)
        if status is not None and not retry_dial(exc):  # a definitive refusal: the window's sentence, the status
            say(http_words(status, args.server, lang), error=True)  # after its words (s14: "HTTP 403" alone)
            return 1
        proxy = proxy_for(args.server)  # issue 16.6: a failure through a proxy names it
        why = described(exc, lang, args.server)
        say(t.gettext("cannot reach {server} through the proxy {proxy}: {why}", server=args.server,
                      proxy=shown_proxy(proxy), why=why) if proxy else
            t.gettext("cannot reach {server}: {why}", server=args.server, why=why), error=True)
        return 1
    except Exception as exc:  # noqa: BLE001 - a last word instead of a traceback: whatever a server made the
        # computer player or this client meet, the person reads one clean line and the exit status says it
        why = str(exc).strip()  # never "Name: " and nothing
        say(t.gettext("stopped: {kind}: {why}", kind=type(exc).__name__, why=why) if why else
            t.gettext("stopped: {kind}", kind=type(exc).__name__), error=True)
        return 1


def _tls_failure(exc: BaseException | None, server: str, lang: str) -> str:
    """The window's words for a TLS failure (shared/failures.connect_failure: the certificate's
    reason and what to do), in ``lang``; "" when ``exc`` is no TLS failure."""
    from doublenine.shared.failures import connect_failure, tls_failure
    from doublenine.shared.invite import check_server_url

    secure = server.lower().startswith("wss:")  # the chain followed: an alert under InvalidMessage, a stalled handshake
    if exc is None or tls_failure(exc, secure) is None:
        return ""
    where = check_server_url(server)
    return connect_failure(exc, where.host, where.port, secure=secure).text(lang)
