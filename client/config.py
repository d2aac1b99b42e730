"""Remembered choices: last name, server and language (issue 5 item 2), sound, volume and motion (issue 15).

Stored as JSON in the user's config folder (platformdirs). A missing or broken
file gives the defaults; nothing here ever raises on bad content. A window changes it with
:func:`update` (or :func:`change`): a read-merge-write under the file's lock, so two windows saving at once
each keep their own change.
"""
from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

from doublenine.localfile import Updates
from doublenine.shared.cleantext import NAME_CHARS as NAME_CHARS  # re-exported: startform reads it here
from doublenine.shared.invite import SERVER_URL_CHARS, server_key
from doublenine.shared.numbers import is_ascii_digits, parse_int


@dataclass(frozen=True, slots=True)
class Settings:
    """What the start screen remembers between runs."""

    name: str = ""
    server: str = ""
    lang: str = ""
    """Empty until chosen: the system's language is used."""
    table: str = ""
    held: tuple[str, ...] = ()
    """Seats held at tables on other servers, most recent first, each ``"CODE TOKEN URL"`` (at most
    :data:`MAX_HELD`; :func:`hold_seat`): joining such a table again (``play --server URL --table CODE``,
    the start screen's Join) takes that seat back with its token (D7) instead of asking for a free one.
    Kept per server and table (attacker F5: one slot, emptied when the window watched another table,
    left the seat held for a token nothing kept)."""
    resume_code: str = ""
    """The table of the last local game (embedded server), to come back to it on the next start."""
    resume_token: str = ""
    """Its seat token (D7: the only way back into the seat)."""
    resume_score: str = ""
    """Its score when the window last left it, e.g. ``19-0`` (team A - team B), ``0-0/2`` in the table's
    second match (:func:`score_entry`), shown on the start screen's "Back to your match" button; empty
    when unknown."""
    resume_port: int = 0
    """The port the remembered table was hosted on for friends ("Host for friends"); 0: a local table.
    The next start hosts it again there, so the friends' windows come back with their seat tokens."""
    last_seat: str = ""
    """``"CODE URL"``: the table on another server (a seat of :attr:`held`) the player sat at last, when that is
    the most recent match the player was in, more recent than the kept local one (:attr:`resume_code`); ""
    when the local one is (:func:`keep_match` empties it), or none. The start screen's "Back to your match"
    names it and takes its seat back (:func:`last_seat`; new user s15: the button named an older local table
    instead of the network table the player last sat at)."""
    last_score: str = ""
    """The score of :attr:`last_seat`'s match when the window last left it (:func:`score_entry`), or ""."""
    earlier: tuple[str, ...] = ()
    """Earlier kept local matches, most recent first, each ``"CODE TOKEN SCORE"``, or ``"CODE TOKEN SCORE
    PORT"`` for one that was hosted for friends on ``PORT`` (at most
    :data:`MAX_EARLIER`): a new table made or hosted while a match was kept never throws it away
    (new user N1); the start screen offers the first one back (:func:`earlier_match`)."""
    players: tuple[str, ...] = ()
    """Who played each kept match (the current and the earlier ones), most recent first, each
    ``"CODE\tNAME1\tNAME2\tNAME3\tNAME4"``, the seats' names as the server sent them (cleaned; a
    server's default name untranslated): the start screen says who played beside a kept match's code
    and score (:func:`remember_players`, :func:`kept_players`)."""
    sound: bool = True
    """Issue 15.3: the table's sounds are on."""
    volume: float = 0.6
    """Issue 15.3: sound volume, 0.0-1.0."""
    motion: bool = True
    """Issue 15.4: a placed tile slides to its place (off: it appears at once)."""
    pip_colours: bool = True
    """New user 14: each number's pips have their own colour (art.PIP_COLOURS); off: all pips dark."""
    text_size: int = 100
    """s14 access F2: the "Text size", percent (client/layout.TEXT_SIZES; another number read back is taken
    down to the next choice, 100 at least: layout.set_text_size)."""
    fullscreen: bool = False
    """s14 access F7: the window opens full screen (F11 or Alt+Enter switches at any time)."""
    asked_name: bool = False
    """The first start asked the player's name (client/scenes/askname.py): it is not asked again, even when
    the default was kept (a default name is not saved: it follows the language)."""
    muted: tuple[str, ...] = ()
    """Issue 15: players whose chat lines are hidden, by name ("" for every spectator)."""
    window: str = ""
    """The window's size when it last closed, ``"WIDTHxHEIGHT"`` px (:func:`saved_window`): the next start
    opens at it unless ``--size`` says otherwise (s11 new user: the name and language were remembered, the
    size came back to 1280x800). Empty: never closed yet."""
    chat_seen: tuple[str, ...] = ()
    """The newest chat line read at each table, most recent table first, each ``"CODE ID"`` (at most
    :data:`MAX_CHAT_SEEN`; :func:`chat_seen`, :func:`see_chat`): lines read before the window closed are
    not counted unread again after a rejoin (new user s9 item 4)."""
    ends_seen: tuple[str, ...] = ()
    """The last hand's end seen at each table, most recent table first, each ``"CODE MATCH HAND"`` (at most
    :data:`MAX_CHAT_SEEN`; :func:`end_seen`, :func:`see_end`): a window opened again at its table shows a
    hand's end it missed once, never one its player had closed (last user s16 F7: "Hand 3 is over" came
    back at every return, once over a friend's turn)."""


MAX_SETTINGS = 64 * 1024
"""Largest settings file read, in bytes; a larger one is ignored (the defaults apply)."""


MAX_MUTED = 200
"""Muted names read back from the file at most (a file may have been edited by anyone)."""


MAX_EARLIER = 3
"""Earlier kept matches remembered besides the current one; an older one is dropped (its table stays stored)."""


MAX_PLAYERS_CHARS = 1000
"""Longest :attr:`Settings.players` entry read back: a code and four names (cleaned to 32 characters each
when read; a longer raw name is cut to 128 characters first)."""


MAX_HELD = 4
"""Seats at other servers' tables remembered (:attr:`Settings.held`); the oldest is dropped beyond."""
MAX_HELD_CHARS = 2200
"""Longest :attr:`Settings.held` entry read back: a code, a token (128) and a server URL (2048)."""

TOKEN_CHARS = 128
"""Longest seat token: the protocol's ``Token`` (docs/protocol.md, ``joined``: 1..128 characters)."""
SCORE_CHARS = 15
"""Longest remembered score read back (:func:`read_score`): ``A-B/M`` in digits."""
MAX_EARLIER_CHARS = 5 + 1 + TOKEN_CHARS + 1 + SCORE_CHARS + 1 + 5
"""Longest :attr:`Settings.earlier` entry read back: a code (5), a token, a score (:func:`score_entry`) and
a port."""

FIELD_CHARS = {"window": 11, "name": NAME_CHARS, "server": SERVER_URL_CHARS, "lang": 16, "table": 64, "resume_code": 64,
               "resume_token": TOKEN_CHARS, "resume_score": SCORE_CHARS, "last_seat": 5 + 1 + SERVER_URL_CHARS,
               "last_score": SCORE_CHARS}
"""Each text field's own bound in characters (the server URL's is shared/invite's ``SERVER_URL_CHARS``; a
code is then checked as one, a token as the wire's). A longer value read back is dropped (the default
kept), never cut: a cut token or URL is another one, a seat lost (left-alone finding: one bound of 200 for
every text field, 64 for every list entry)."""

MAX_CHAT_SEEN = MAX_HELD + MAX_EARLIER + 1
"""Tables whose read chat is remembered: as many as the seats and matches kept (held, current, earlier)."""
MAX_CHAT_SEEN_CHARS = 32
"""Characters of one :attr:`Settings.chat_seen` entry: a table code, a space and a line id."""
MAX_LINE_ID = 2**53
"""Largest chat line id kept (the wire's ids are JSON integers)."""

FIELD_ENTRIES = {"earlier": (MAX_EARLIER, MAX_EARLIER_CHARS), "muted": (MAX_MUTED, NAME_CHARS),
                 "chat_seen": (MAX_CHAT_SEEN, MAX_CHAT_SEEN_CHARS), "ends_seen": (MAX_CHAT_SEEN, MAX_CHAT_SEEN_CHARS)}
"""Each list field's own bounds: (entries read, characters per entry); a longer entry is skipped, never cut
(:attr:`Settings.held` and :attr:`Settings.players` are read by their own readers)."""


def held_seat(saved: Settings, server: str, code: str) -> str:
    """The seat token ``saved`` holds at ``server``'s table ``code``, or "" when none is held there (D7).

    ``server`` in any spelling of that server (:func:`~doublenine.shared.invite.server_key`: an invite's
    ``/t/CODE`` URL, no trailing slash, upper-case host...): the seat kept by one way of coming to the table
    is found by every other way (new user: ``play --join`` said "full" where ``--server --table`` came back)."""
    key = server_key(server)
    return next((t for c, t, u in _held(saved.held) if (server_key(u), c) == (key, code)), "")


def hold_seat(saved: Settings, server: str, code: str, token: str) -> Settings:
    """``saved`` holding ``token`` at ``server``'s table ``code``, first; the oldest beyond :data:`MAX_HELD`
    dropped. The server is kept in its :func:`~doublenine.shared.invite.server_key` spelling. A code or
    token the wire would refuse, or a URL that is not a server's, is not kept."""
    key = server_key(server)
    if _held_entry(f"{code} {token} {key}") is None:
        return saved
    rest = release_seat(saved, key, code).held
    return replace(saved, held=tuple([f"{code} {token} {key}", *rest][:MAX_HELD]))


def release_seat(saved: Settings, server: str, code: str) -> Settings:
    """``saved`` without the seat held at ``server``'s table ``code`` (given up, or its match over); ``server``
    in any spelling, as :func:`held_seat`. When it was :attr:`Settings.last_seat`, none is, and the local match
    kept before it goes first among the earlier ones: "Back to your match" names no match rather than an
    older one moved up (as :func:`drop_match`)."""
    key = server_key(server)
    last = last_seat(saved)
    if last is not None and (server_key(last[1]), last[0]) == (key, code):
        saved = replace(saved, last_seat="", last_score="")
        if saved.resume_code and saved.resume_token:  # the local match kept before it stays an earlier one
            earlier = [e for e in saved.earlier if (x := _entry(e)) is not None and x[0] != saved.resume_code]
            earlier.insert(0, _format_entry(saved.resume_code, saved.resume_token, saved.resume_score,
                                            saved.resume_port))
            saved = replace(drop_match(saved), earlier=_bounded(earlier))
    return replace(saved, held=tuple(f"{c} {t} {u}" for c, t, u in _held(saved.held)
                                     if (server_key(u), c) != (key, code)))


def sat_at(saved: Settings, server: str, code: str) -> Settings:
    """``saved`` with ``server``'s table ``code`` (any spelling, a seat held there: :func:`hold_seat`) as the
    match the player was in last (:attr:`Settings.last_seat`), its score kept only if it was that one."""
    entry = f"{code} {server_key(server)}"
    score = saved.last_score if saved.last_seat == entry else ""
    return replace(saved, last_seat=entry, last_score=score)


def last_seat(saved: Settings) -> tuple[str, str, str] | None:
    """(code, server URL, seat token) of :attr:`Settings.last_seat` while that seat is still held (a seat of
    :attr:`Settings.held`, read as wire data), else None: "Back to your match" then names the kept local
    match, if any."""
    code, _, url = saved.last_seat.partition(" ")
    token = held_seat(saved, url, code) if code and url else ""
    return (code, url, token) if token else None


def _held(entries: object) -> list[tuple[str, str, str]]:
    """The valid entries of :attr:`Settings.held` (client.json is outside text: checked as wire data)."""
    if not isinstance(entries, (list, tuple)):
        return []
    return [x for e in entries[:MAX_HELD] if isinstance(e, str) and (x := _held_entry(e)) is not None]


def _held_entry(text: str) -> tuple[str, str, str] | None:
    """(code, token, server URL) of a :attr:`Settings.held` entry, or None if malformed: the code and token
    as the wire accepts them (:func:`_fits`), the URL a server's own (``check_server_url``, ``server_base``)."""
    from doublenine.shared.failures import FailureError
    from doublenine.shared.invite import check_server_url, server_base

    parts = text[:MAX_HELD_CHARS + 1].split(" ")
    if len(text) > MAX_HELD_CHARS or len(parts) != 3 or not parts[0] or not parts[1] \
            or not _fits("table", parts[0]) or not _fits("resume_token", parts[1]):
        return None
    try:
        check_server_url(parts[2])
    except FailureError:
        return None
    return (parts[0], parts[1], parts[2]) if server_base(parts[2]) == parts[2] else None


def keep_match(saved: Settings, code: str, token: str, port: int = 0) -> Settings:
    """``saved`` with table ``code`` (seat ``token``, hosted on ``port``, 0: local) as the kept match, and the
    most recent one (:attr:`Settings.last_seat` emptied).

    The match kept until now, if another one, goes first into :attr:`Settings.earlier` with its score
    and hosting port (new user N1: hosting a new table silently dropped the kept solo match; left alone
    last session: a hosted match demoted lost its port, so it came back as a local table); ``code``
    leaves it."""
    earlier = [e for e in saved.earlier if (x := _entry(e)) is not None and x[0] != code]
    if saved.resume_code and saved.resume_token and saved.resume_code != code:
        earlier.insert(0, _format_entry(saved.resume_code, saved.resume_token, saved.resume_score, saved.resume_port))
    score = saved.resume_score if saved.resume_code == code else ""
    # the player sits at this local table now: it is the most recent match, not a network seat held before
    return replace(saved, resume_code=code, resume_token=token, resume_score=score, resume_port=port,
                   earlier=_bounded(earlier), last_seat="", last_score="")


def _bounded(earlier: list[str]) -> tuple[str, ...]:
    """At most :data:`MAX_EARLIER` entries, dropping the oldest with nothing scored (no score, or
    ``0-0``) before any scored one (new user: two hosted tables nobody joined could push a 46-0 match
    out of the list; kind: what never started outranking what is in progress)."""
    kept = list(earlier)
    while len(kept) > MAX_EARLIER:
        unscored = [i for i, e in enumerate(kept) if (x := _entry(e)) is None or x[2] in ("", "0-0")]
        del kept[unscored[-1] if unscored else -1]
    return tuple(kept)


def drop_match(saved: Settings) -> Settings:
    """``saved`` without its kept match (its seat was given up, or its match is over): "Back to your match"
    offers nothing until the player sits at a table again. The earlier kept matches stay earlier, offered
    as such ("Earlier match: CODE"), never moved up into the kept one: that button names the table the
    player last sat at or none (new user s11: after leaving finished FV9D4, "Back to your match" opened
    KCTSF, a table abandoned two tables before)."""
    return replace(saved, resume_code="", resume_token="", resume_score="", resume_port=0)


def earlier_match(saved: Settings) -> tuple[str, str, str] | None:
    """(code, seat token, score ``A-B`` or "") of the most recent earlier kept match, or None."""
    found = _first_earlier(saved)
    return None if found is None else found[:3]


def earlier_matches(saved: Settings) -> tuple[tuple[str, str, str, int], ...]:
    """Every earlier kept match, most recent first: (code, seat token, score ``A-B`` or "", hosting port
    or 0 for a local table); the start screen offers each (new user: only the first one was reachable)."""
    return tuple(x for e in saved.earlier if (x := _entry(e)) is not None)


def _first_earlier(saved: Settings) -> tuple[str, str, str, int] | None:
    return next(iter(earlier_matches(saved)), None)


def back_to_earlier(saved: Settings, code: str | None = None) -> Settings:
    """``saved`` with earlier match ``code`` (None: the most recent) kept, to rejoin it, hosted again on
    its port if it was hosted; the kept one goes first among the earlier, with its own port. ``saved``
    unchanged when no earlier match has that code."""
    found = _first_earlier(saved) if code is None else next((x for x in earlier_matches(saved) if x[0] == code), None)
    if found is None:
        return saved
    code, token, score, port = found
    return replace(keep_match(saved, code, token, port), resume_score=score)


def _format_entry(code: str, token: str, score: str, port: int = 0) -> str:
    """An :attr:`Settings.earlier` entry: "CODE TOKEN A-B" ("-" for no score yet), " PORT" added when
    hosted; :func:`_entry` reads it."""
    return f"{code} {token} {score or '-'}" + (f" {port}" if port else "")


def _entry(text: str) -> tuple[str, str, str, int] | None:
    """An :attr:`Settings.earlier` entry read back (client.json is outside text), or None if malformed:
    its code and token must be what the wire accepts (:func:`_fits`' checks), as they are dialled with;
    its port (none: 0, a local table) 1-65535 in ASCII digits."""
    parts = text.split(" ")
    if len(parts) not in (3, 4) or not _fits("resume_code", parts[0]) or not parts[0] \
            or not _fits("resume_token", parts[1]) or not parts[1]:
        return None
    code, token, score = parts[:3]
    port = parts[3] if len(parts) == 4 else "0"
    if not (port.isascii() and port.isdigit() and len(port) <= 5 and int(port) <= 65535):
        return None
    return code, token, score if read_score(score) is not None else "", int(port)


def score_entry(match: int, a: int, b: int) -> str:
    """A kept match's score as remembered: ``A-B`` (team A - team B) in the table's first match,
    ``A-B/M`` in its match ``M`` (new user s10: "V53H3 · 0-0" was a second match just begun, read as the
    table whose first match had finished 148-60)."""
    return f"{a}-{b}" if match <= 1 else f"{a}-{b}/{match}"


def read_score(text: str) -> tuple[int, int, int] | None:
    """(team A, team B, match number) of a remembered score :func:`score_entry` wrote, or None for
    anything else (client.json is outside text): ASCII digits only, at most :data:`SCORE_CHARS`
    characters. The one reader of remembered scores (the start screen's and the earlier list's)."""
    if not isinstance(text, str) or len(text) > SCORE_CHARS:
        return None
    score, slash, match = text.partition("/")
    a, sep, b = score.partition("-")
    digits = [a, b] + ([match] if slash else [])
    if not sep or not all(d and d.isascii() and d.isdigit() and len(d) <= 4 for d in digits):
        return None
    number = int(match) if slash else 1
    return (int(a), int(b), number) if number >= 1 else None


def config_path() -> Path:
    """``client.json`` in the user's config folder for doublenine."""
    import platformdirs
    return Path(platformdirs.user_config_dir("doublenine")) / "client.json"


def load(path: Path | None = None) -> Settings:
    """The saved settings, or the defaults if there are none or they cannot be read (not a regular file,
    larger than :data:`MAX_SETTINGS`, not JSON); never blocks (:func:`doublenine.localfile.read_regular`).
    Changes :func:`update` still waits to write (the file's lock held elsewhere) are applied on top."""
    return _SAVES.load(path or config_path())


def _read(path: Path) -> Settings:
    """The settings as the file holds them now (:func:`load` without the changes still to be written)."""
    from doublenine.localfile import read_regular

    try:  # a regular file, bounded before it is parsed (issue 16.1; attacker F11: a named pipe hung the start)
        data = json.loads(read_regular(path, MAX_SETTINGS).decode("utf-8"))
    except (OSError, ValueError, RecursionError):  # nesting too deep for the parser: defaults too
        return Settings()
    if not isinstance(data, dict):
        return Settings()
    held = tuple(f"{c} {t} {u}" for c, t, u in _held(data.get("held")))
    players = tuple(_players_entry(code, names) for code, names in _players(data.get("players")))
    return Settings(**{f.name: v for f in fields(Settings) if f.name not in ("held", "players")
                       and (v := _typed(f.type, data.get(f.name), f.name)) is not None and _fits(f.name, v)},
                    held=held, players=players)


def _players(entries: object) -> list[tuple[str, tuple[str, ...]]]:
    """:attr:`Settings.players` read back (client.json is outside text): at most :data:`MAX_EARLIER` + 1
    entries of a table code and four names, each name cleaned as a server's (shared/cleantext.py, at most
    32 characters; "" when blank); anything else is skipped."""
    from doublenine.shared.cleantext import BlankText, clean_text
    from doublenine.shared.tablecode import is_code

    def cleaned(name: str) -> str:
        try:
            return clean_text(name[:4 * NAME_CHARS], NAME_CHARS)
        except BlankText:
            return ""
    out: list[tuple[str, tuple[str, ...]]] = []
    for entry in entries[:MAX_EARLIER + 1] if isinstance(entries, list) else ():
        parts = entry.split("\t") if isinstance(entry, str) and len(entry) <= MAX_PLAYERS_CHARS else []
        if len(parts) == 5 and is_code(parts[0]):
            out.append((parts[0], tuple(cleaned(name) for name in parts[1:])))
    return out


def _players_entry(code: str, names: tuple[str, ...]) -> str:
    return "\t".join((code,) + tuple(names))


def remember_players(saved: Settings, code: str, names: tuple[str, str, str, str]) -> Settings:
    """``saved`` with ``names`` (seats 1-4, as the server sent them) as who plays the kept match ``code``;
    entries of matches no longer kept (neither the current nor an earlier one) are dropped."""
    kept = {saved.resume_code, code} | {x[0] for x in earlier_matches(saved)}
    old = [(c, n) for c, n in _players([*saved.players]) if c != code and c in kept]
    entries = [(code, tuple(n[:4 * 32].replace("\t", " ") for n in names))] + old
    return replace(saved, players=tuple(_players_entry(c, n) for c, n in entries[:MAX_EARLIER + 1]))


def kept_players(saved: Settings, code: str) -> tuple[str, ...]:
    """The four names (seats 1-4, cleaned, "" for none) remembered for kept match ``code``; () if none."""
    return next((names for c, names in _players([*saved.players]) if c == code), ())


def chat_seen(saved: Settings, code: str) -> int:
    """The newest chat line id read at table ``code`` (0: none remembered, or an entry that is not one
    of a table code and a line id 0..:data:`MAX_LINE_ID`)."""
    for entry in saved.chat_seen[:MAX_CHAT_SEEN]:
        parts = entry.split(" ") if isinstance(entry, str) and len(entry) <= MAX_CHAT_SEEN_CHARS else []
        if len(parts) == 2 and parts[0] == code and is_ascii_digits(parts[1]):
            return min(parse_int(parts[1]), MAX_LINE_ID)  # shared/numbers: ASCII digits only
    return 0


def end_seen(saved: Settings, code: str) -> tuple[int, int] | None:
    """(match, hand) of the last hand's end seen at table ``code``; None: none remembered, or an entry that is
    not a table code and two numbers 1..2^31-1."""
    for entry in saved.ends_seen[:MAX_CHAT_SEEN]:
        parts = entry.split(" ") if isinstance(entry, str) and len(entry) <= MAX_CHAT_SEEN_CHARS else []
        if len(parts) == 3 and parts[0] == code and all(is_ascii_digits(x) and len(x) <= 10 for x in parts[1:]):
            match, hand = parse_int(parts[1]), parse_int(parts[2])
            return (match, hand) if 0 < match < 2**31 and 0 < hand < 2**31 else None
    return None


def see_end(saved: Settings, code: str, match: int, hand: int) -> Settings:
    """``saved`` remembering hand ``hand`` of match ``match`` as the last hand's end seen at table ``code``,
    first; the oldest table beyond :data:`MAX_CHAT_SEEN` dropped. A code that is not one, or numbers out of
    1..2^31-1, change nothing."""
    from doublenine.shared.tablecode import is_code
    if not is_code(code) or not (0 < match < 2**31 and 0 < hand < 2**31):
        return saved
    rest = [e for e in saved.ends_seen if not e.startswith(code + " ")]
    return replace(saved, ends_seen=tuple([f"{code} {match} {hand}", *rest][:MAX_CHAT_SEEN]))


def see_chat(saved: Settings, code: str, line_id: int) -> Settings:
    """``saved`` remembering ``line_id`` as the newest line read at table ``code``, first; the oldest
    table beyond :data:`MAX_CHAT_SEEN` dropped. A code that is not one, or an id out of 0..MAX_LINE_ID,
    changes nothing. A higher id remembered there already is kept: another window of this computer at the
    same table (a seat's and a spectator's, two seats) read further, and what was read stays read. s15
    player: "Chat (3)" after a restart counted lines read before it. Kind: a shared per-table value written
    back from one window's view, the last writer's winning. (A table whose ids started again under a higher
    remembered id is told by the reader: scenes.talk applies no id above the table's newest line.)"""
    from doublenine.shared.tablecode import is_code
    if not is_code(code) or not 0 <= line_id <= MAX_LINE_ID:
        return saved
    line_id = max(line_id, chat_seen(saved, code))
    rest = [e for e in saved.chat_seen if not e.startswith(code + " ")]
    return replace(saved, chat_seen=tuple([f"{code} {line_id}", *rest][:MAX_CHAT_SEEN]))


CODES = ("table", "resume_code")
"""Fields holding a table code: read back only if they are one (shared/tablecode.py). The file may hold
anything (an older version saved a hostile server's 4,000-character code: attacker F2)."""


def _fits(name: str, value: object) -> bool:
    """False for a saved table code or seat token the wire would refuse: a code must be one
    (shared/tablecode.py ``is_code``), a token what a ``joined`` frame may carry (the protocol's ``Token``:
    1 to 128 characters); "" (none kept) fits both."""
    from doublenine.shared.tablecode import is_code

    if name in CODES:
        return value == "" or (isinstance(value, str) and is_code(value))
    return name != "resume_token" or value == "" or _is_token(value)


def _is_token(value: object) -> bool:
    """``value`` is a seat token as :class:`~doublenine.shared.protocol.Joined` accepts it at decoding."""
    from pydantic import TypeAdapter, ValidationError

    from doublenine.shared.protocol import Token
    try:
        TypeAdapter(Token).validate_python(value)
    except ValidationError:
        return False
    return True


def _typed(kind: object, value: object, name: str = "") -> object:
    """``value`` if it fits field ``name`` of type ``kind`` (within the field's own bounds,
    :data:`FIELD_CHARS`, :data:`FIELD_ENTRIES`; a number clamped), else None (the default is kept).
    A text over its bound is not cut (a cut seat token is not the seat's): it is left out."""
    if kind == "str" and isinstance(value, str):
        return value if len(value) <= FIELD_CHARS.get(name, 200) else None
    if kind == "tuple[str, ...]" and isinstance(value, list):
        most, chars = FIELD_ENTRIES.get(name, (MAX_MUTED, 64))
        return tuple(v for v in value[:most] if isinstance(v, str) and len(v) <= chars)
    if kind == "int" and isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 65535:
        return value  # a port, or a text size (bounded again where it is used: layout.set_text_size)
    if kind == "bool" and isinstance(value, bool):
        return value
    if kind == "float" and isinstance(value, int) and not isinstance(value, bool):
        return float(min(1, max(0, value)))  # an int of 400 digits is too large for float(): clamp first
    if kind == "float" and isinstance(value, float) and math.isfinite(value):
        return min(1.0, max(0.0, value))
    return None


MIN_WINDOW = (800, 600)
"""The smallest window the table is laid out for, (width, height) px (README; issue 11.4): the window refuses
to shrink below it, and ``play --size`` and a remembered size below it are refused (s12: ``--size 640x480``
opened 800x600 without a word)."""
MAX_WINDOW_SIDE = 16384
"""The longest side ``play --size`` or a remembered size may have, px."""


def saved_window(settings: Settings, smallest: tuple[int, int], largest: int) -> tuple[int, int] | None:
    """The remembered window size (:attr:`Settings.window`) as (width, height) px, or None when there is
    none or it is not ``WIDTHxHEIGHT`` in ASCII digits with each side from ``smallest`` (per side) to
    ``largest`` px (the file may have been edited by anyone; a window below the game's minimum is never
    opened from it)."""
    width, sep, height = settings.window.partition("x")
    if not (sep and width.isascii() and width.isdigit() and height.isascii() and height.isdigit()):
        return None
    size = (int(width), int(height))
    if not all(low <= side <= largest for low, side in zip(smallest, size)):
        return None
    return size


def remember_window(size: tuple[int, int], path: Path | None = None) -> None:
    """Keep the window's size (px) for the next start (:attr:`Settings.window`), the rest as saved."""
    change(path, window=f"{int(size[0])}x{int(size[1])}")


def update(changed: Callable[[Settings], Settings], path: Path | None = None) -> Settings:
    """Save a change: under the file's lock (:func:`doublenine.localfile.locked`) the settings as saved now
    are read, ``changed`` makes the new ones from them, and they are written when they differ. Returns them.

    Only what ``changed`` changes is changed: a window's settings read a minute ago and written back whole
    undid whatever another window had saved since (s12: two windows saving at once, one change lost; the
    torn reads were fixed by the rename, :func:`doublenine.localfile.write_regular`). Kind: a shared file
    read, changed and written back without a lock. ``changed`` runs under the lock: it must not save.

    Never waits for the lock (it runs on the window's thread: a chat line read saves): when another
    process holds it, or changes wait already, ``changed`` joins the changes a background thread writes
    once it has the lock (:class:`doublenine.localfile.Updates`: within ``LOCK_WAIT``, else unlocked: never
    dropped), and the settings returned (and :func:`load` meanwhile) include it. So ``changed`` may run later, on
    another thread: it must use only values fixed when it was made (a loop's variable bound as a default). Attacker s12 round 2 N3: a process
    holding client.json.lock froze the window 2 s on every save, each chat line one. Kind: a wait on
    another process paid again on every call, nothing remembering that the lock was busy a moment ago."""
    path = path or config_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass  # the write below is skipped the same way
    return _SAVES.update(path, changed)


def flush(timeout: float = 3.0) -> bool:
    """Wait (at most ``timeout`` s) until every change :func:`update` left to the background is written
    (it is at exit too). True when none is left."""
    return _SAVES.flush(timeout)


def change(path: Path | None = None, **fields: object) -> Settings:
    """:func:`update` setting ``fields`` (names of :class:`Settings`) and nothing else."""
    return update(lambda now: replace(now, **fields), path)  # type: ignore[arg-type]


def save(settings: Settings, path: Path | None = None) -> None:
    """Write ``settings`` whole, under the file's lock: for a test's set-up only (nothing in the game calls it
    since the read-merge-write of s12); a window saves a change with :func:`update`, which keeps what other
    windows saved since it read the file."""
    from doublenine.localfile import locked

    path = path or config_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError:
        return
    with locked(path):
        _write(settings, path)


def _write(settings: Settings, path: Path) -> None:
    """Write the settings; a folder that cannot be written, or a client.json that is not a regular file (a
    named pipe, a device), is silently skipped (not worth a crash; never blocks)."""
    from doublenine.localfile import write_regular

    try:  # a regular file only: a named pipe there blocked the save until something read it (attacker F11)
        # 0600: it holds seat tokens (resume_token, held), which take a seat back (D7); readable by
        # every local user, another user could sit in the player's seat (re-check finding)
        write_regular(path, json.dumps(asdict(settings), ensure_ascii=False, indent=1).encode("utf-8"), 0o600)
    except OSError:
        pass


_SAVES: Updates[Settings] = Updates(_read, _write)
"""client.json's read-merge-writes (:func:`update`, :func:`load`)."""
