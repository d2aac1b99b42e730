"""The one small storage interface (DESIGN "Storage"; issue 7).

A store keeps, per table, its creation record and its append-only event log.
Events are stored as (seq, kind, payload bytes) rows; encoding lives in
:mod:`doublenine.shared.codec`-style helpers of the caller, so a store never
needs to know the engine. Implementations: :class:`MemoryStore` (tests),
SQLite (default, ``--db PATH``), PostgreSQL (``--db postgresql://...``).
"""
from __future__ import annotations

import logging
import math
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import Protocol

from doublenine.shared.wire import COMPUTER_PLAYED, LEVELS

ANSWER_WITHIN = 3.0
"""Seconds within which every store call answers, with its result or ``OSError`` (Store contract),
so every request that waits on the store is answered within about this long: refused ``INTERNAL``
with ``data.store`` when the store does not answer (a SQLite file another process locks, a
PostgreSQL lock or pool that stays taken, a PostgreSQL server that does not answer at all). Session
11: a ``spectate`` waited ~14 s on a locked file. A write not started by then is never made; on
SQLite one started is waited for (its lock wait is bounded too); on PostgreSQL a transaction not
answered within this (plus ``postgres.ANSWER_GRACE``) is cut, and a write cut after its ``COMMIT``
was sent raises :class:`InDoubt`, whose outcome the store tells later."""

ListingKey = tuple[int, str]
"""Where a table stands in the listing of ``/`` (issue 12 paging): (its creation time in whole
microseconds since the epoch, its code). Newest first is this key descending; a page cursor
is the key of a row, so new tables never shift the pages after it."""


def created_us(created: float) -> int:
    """A creation time in seconds (``time.time()``, a table record's ``created_at``) as the whole
    microseconds of :data:`ListingKey` (rounded down: the same integer in every process)."""
    return math.floor(created * 1_000_000)


class TooManyOpen(Exception):
    """``create_table`` or ``reopen_table`` refused, nothing written: the creator has ``limit`` open
    tables already (the tables-per-address limit, counted and claimed in one atomic step).

    Not a ``ValueError``: the store says "code exists", "seq stored", "stale epoch" with those,
    and an ``except ValueError`` must never take a refusal by the limit for one of them."""

    def __init__(self, creator: str, have: int) -> None:
        super().__init__(f"creator {creator[:12]} has {have} open tables")
        self.have = have
        """How many open tables the creator had when refused."""


def refuse_over(creator: str | None, limit: int | None, have: int) -> None:
    """Raise :class:`TooManyOpen` when ``creator`` (with ``have`` open tables) may not open one more."""
    if creator is not None and limit is not None and have >= limit:
        raise TooManyOpen(creator, have)


class InDoubt(OSError):
    """A write given up unanswered after it may have reached its commit (the Store contract's one
    exception to "``OSError``: nothing was done"): PostgreSQL did not answer within
    :data:`ANSWER_WITHIN` once the ``COMMIT`` was sent (a backend stopped, a network cut, a disk that
    hangs), so the rows may be stored now, later, or never. ``await settle()`` asks the store: True
    stored, False not stored and never will be, None not known yet (ask again later); it raises
    ``OSError`` when the store does not answer. Whoever got this must not act as if the write were
    not made, nor as if it were, until it is settled (a table refuses its moves meanwhile,
    :meth:`~..table.Table.commit`)."""

    def __init__(self, message: str, settle: Callable[[], Awaitable[bool | None]]) -> None:
        super().__init__(message)
        self.settle = settle
        """Ask the store whether the write was made (see the class)."""


class RowLocked(OSError):
    """A write refused because another session holds a lock on one row it needs (PostgreSQL's
    ``lock_timeout``; a ``SELECT ... FOR UPDATE`` left open in ``psql``): nothing was done, as for
    any ``OSError``, but only the tables whose rows are locked are affected, not the store
    (operator s13 finding 4: one stray session locking one table's row made its whole process
    answer ``/healthz`` 503). The message names the holders."""


class StoreError(OSError):
    """The store cannot be used at all (its folder cannot be made, the file is not a database,
    the file system is read-only, the database refuses): the message says what and where."""


@dataclass(frozen=True, slots=True)
class StoredTable:
    """A table as stored: its code, its creation record (msgpack bytes) and its log rows."""

    code: str
    meta: bytes
    rows: tuple[tuple[int, bytes], ...] = ()
    """(seq, payload) in seq order."""
    closed: bool = False
    epoch: int = 0
    """The table's ownership epoch when it was read: 0 at creation, one more at each
    :meth:`Store.take` (issue 12: the fence of the table record, see :class:`Store`)."""
    listing: tuple[bool, tuple[int, int]] = (False, (0, 0))
    """What ``/`` lists of it as stored (:meth:`Store.update_listing`): (listed, scores)."""


@dataclass(frozen=True, slots=True)
class ListedTable:
    """A table listed on the web page ``/`` as stored (issue 12): no log, so no replay."""

    code: str
    meta: bytes
    scores: tuple[int, int]
    """Team A's and team B's match points (R18) when its owner last stored them."""
    created: int = field(default=0, compare=False)
    """Its creation time as stored, whole microseconds (:func:`created_us`): the first half of its
    :data:`ListingKey` (not compared: a time the store chose, unless ``create_table`` was given one)."""

    @property
    def key(self) -> ListingKey:
        """Where it stands in the listing (newest first: descending)."""
        return (self.created, self.code)


RESULTS_KEPT = 10_000
"""Finished matches a store keeps (:meth:`Store.record_result`): recording one more forgets the oldest
(by end time) beyond this many. About 200 bytes each, so at most ~2 MB; a club evening of 11 tables
finishes a few dozen. docs/operations.md "Finished matches" says so."""
RESULTS_PER_SITE = 2_000
"""Finished matches a store keeps of the tables one site created (``MatchResult.site``: an IPv4 address,
an IPv6 /48): recording one more of that site forgets that site's oldest beyond this many, and over
:data:`RESULTS_KEPT` in all the oldest of the site holding the most is forgotten, never another's first.
One address cannot use the store up (attacker s14 F3: 45 matches in 90 s from one address, so ~5.5 h
evicted every club's record). A club playing from one address keeps ~30 evenings of 64 matches (8
tables x 8); docs/operations.md "Finished matches" says so."""
RESULTS_SHOWN = 200
"""Finished matches one read returns at most (``/``, ``/results``, ``doublenine results`` default)."""


COMPUTER_SEAT = COMPUTER_PLAYED  # "computer:", as MatchRecordW.players says it (shared/wire.py)
"""How a finished match's record names a seat the computer played all match (``MatchResult.seats``): this
prefix and the level's key (shared/wire.LEVELS), ``"computer:easy"``: data, which each reader says in its own
language (the web pages "ordinateur · Facile", "Computer · Leicht"; the CSV, the JSON and ``doublenine results``
the fixed English "computer · Easy", :func:`english_seat`). Translator s15 F32: the record stored the English
words "computer · Easy", and the French, German, Portuguese and Spanish pages showed them as a name. KIND: a
record that stores display text in one language where it should store the data the text is made from. A
person's name never reads so (server/names.reserved)."""
OLD_COMPUTER_SEAT = "computer · "
"""How records written before session 15 named such a seat ("computer · Easy"): still read as the level."""


def computer_seat(level: str) -> str:
    """The stored name of a seat the computer at ``level`` (a key of shared/wire.LEVELS) played:
    ``computer_seat("easy") == "computer:easy"``; an unknown level is kept as given (read back as ``""``)."""
    return COMPUTER_SEAT + level


def computer_level(stored: str) -> str | None:
    """The level of a seat the computer played, read from its stored name (:func:`computer_seat`, or the
    English words of records before session 15, "computer · Easy"): ``"easy"``; ``""`` for the computer at a
    level this version does not know; None for a person's name."""
    if stored.startswith(COMPUTER_SEAT):
        level = stored[len(COMPUTER_SEAT):]
        return level if level in LEVELS else ""
    if stored.startswith(OLD_COMPUTER_SEAT) and stored[len(OLD_COMPUTER_SEAT):].lower() in LEVELS:
        return stored[len(OLD_COMPUTER_SEAT):].lower()
    return None


def english_seat(stored: str) -> str:
    """A stored seat name as the English exports say it (CSV, JSON, ``doublenine results``): a computer's
    "computer · Easy" (the words those files always had; "computer" alone at an unknown level), a person's
    name unchanged."""
    level = computer_level(stored)
    if level is None:
        return stored
    return OLD_COMPUTER_SEAT + level.capitalize() if level else "computer"


PROGRAM_MARK = " (bot)"
"""Written after the name of a person a computer program stood in for at a seat (``doublenine bot --name Ana``,
a ``hello.client`` of :data:`~doublenine.shared.wire.PROGRAM_CLIENTS`; league s17 F6: its wins were Ana's, with
no mark): "Ana (bot)", "Ana (bot) (2/6)". The same in every language (data, like ``doublenine bot``'s name)."""


@dataclass(frozen=True, slots=True)
class SeatPlayer:
    """One person named by a stored seat of a match's result (:func:`seat_players`; league s17 F7: the exports
    gave only "Bruno & José (1/6) / JOSÉ (3/6)" to split by hand)."""

    name: str
    """As the table showed it (a program's without :data:`PROGRAM_MARK`)."""
    hands: int | None
    """Hands of the match they decided in; None: not known (a match begun before session 16 counted nothing,
    "Hugo (?/6)"; league s17 F4)."""
    of: int
    """Hands in the match (0: a match cut before any hand ended)."""
    program: bool = False
    """A computer program played for them (:data:`PROGRAM_MARK`; league s17 F6)."""


_SHARE = re.compile(r"^(.*) \(([0-9]{1,4}|\?)/([0-9]{1,4})\)$")


def seat_players(stored: str, hands: int) -> tuple[SeatPlayer, ...]:
    """The persons a stored seat names (:meth:`.table.Table.result_names`: names joined by " / ", each with its
    share "(1/6)" when they decided in fewer of the ``hands`` than all, "(?/6)" when that is not known, and
    :data:`PROGRAM_MARK` for a program); () for a seat the computer played (:func:`computer_level`). A name holds
    neither "/" nor "&" (``shared.cleantext``), so the split is exact."""
    if computer_level(stored) is not None or not stored:
        return ()
    out = []
    for part in stored.split(" / "):
        done, of = hands, hands
        m = _SHARE.match(part)
        if m is not None:
            part, done, of = m.group(1), (None if m.group(2) == "?" else int(m.group(2))), int(m.group(3))
        program = part.endswith(PROGRAM_MARK)
        if program:
            part = part[:-len(PROGRAM_MARK)]
        out.append(SeatPlayer(part, done, of, program))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class MatchResult:
    """One finished match as the store keeps it (club s14 kind 1: a finished match is a durable
    record): public data only (D8, D9: never a tile, never the seed). Its key is (code, match)."""

    code: str
    match: int
    """The match's number at its table (1, 2, ...; ``MatchState.match``)."""
    seats: tuple[str, str, str, str]
    """The four seats' names, seats 1..4 (team A: seats 1 and 3, team B: 2 and 4, R2): the persons who decided,
    or a computer's level as data (:func:`computer_seat`, ``"computer:easy"``; read with :func:`computer_level`)."""
    scores: tuple[int, int]
    """Team A's and team B's final match points (R18)."""
    winner: str | None
    """``"A"`` or ``"B"`` (R18); None: a match not finished (:attr:`finished`)."""
    hands: int
    """Hands played to the end in the match (redeals not counted)."""
    started: float
    """When the match's first event was recorded, Unix seconds (UTC)."""
    ended: float
    """When its last hand ended, Unix seconds (UTC)."""
    name: str = ""
    """The table's name, "" when it has none."""
    public: bool = False
    """The table was listed (``create_table{public}``): ``/`` and ``/results`` show only these;
    ``doublenine results`` and the table's own page show every one."""
    site: str | None = field(default=None, compare=False)
    """The site that created the table (``TableMeta.site``, a digest; None: unknown or local), which
    :data:`RESULTS_PER_SITE` counts by. Stored, not read back by ``load_results`` (None there)."""

    @property
    def finished(self) -> bool:
        """The match ended (R18: a finished match always has a winner); False for a match cut before its end
        (its table closed, its server stopped, everybody left: organiser s16 F12), whose record keeps the score so
        far, the hands finished and the seats' names, with no winner (``Table.unfinished_result``)."""
        return self.winner is not None

    def players(self, seat: int) -> tuple[SeatPlayer, ...]:
        """The persons who played seat ``seat`` (1..4): :func:`seat_players`."""
        return seat_players(self.seats[seat - 1], self.hands)

    @property
    def persons(self) -> int:
        """How many persons (a program's stand-in not counted) decided at the match's seats (league s17 F5: a match
        of one person and three computers read like a league match): distinct names, counted once however many
        seats they played."""
        return len({p.name for seat in (1, 2, 3, 4) for p in self.players(seat) if not p.program})

    @property
    def program_seats(self) -> tuple[int, ...]:
        """The seats (1..4) at which a computer program played for someone (league s17 F6)."""
        return tuple(seat for seat in (1, 2, 3, 4) if any(p.program for p in self.players(seat)))

    def team(self, team: str) -> tuple[str, str]:
        """The two names of ``team`` (``"A"``: seats 1 and 3, ``"B"``: seats 2 and 4, R2) as the English exports
        say them (:func:`english_seat`: "computer · Easy")."""
        pair = (self.seats[0], self.seats[2]) if team == "A" else (self.seats[1], self.seats[3])
        return english_seat(pair[0]), english_seat(pair[1])


TIME_MAX = 253402128000.0
"""The latest time a stored result may carry: 9999-12-30 00:00 UTC, Unix seconds, so its day in every local
time zone is still in year 9999 (``datetime`` ends there; attacker s16 F6: an ``ended`` of 1e300 failed every
results page)."""
SCORE_MAX = 999
"""A team's final match points a stored result may carry (R18: a match ends past 100, far below this)."""
RESULT_TEXT_MAX = {"code": 16, "name": 64, "seat": 200}
"""Characters a stored result's code (the wire's 1..16), table name and seat text may have (a seat: up to
``seating.DECIDERS_KEPT`` names of 32, each with its share, joined by " / ")."""
_ODD_SAID: set[tuple[str, object]] = set()
"""The odd stored rows logged already (:func:`odd_row`), at most :data:`_ODD_SAID_MAX`."""
_ODD_SAID_MAX = 256
_log = logging.getLogger("doublenine.server.storage")


def odd_row(what: str, key: object, why: str) -> None:
    """Log, once per (``what``, ``key``) in this process, that a stored row this version cannot read was
    skipped (attacker s16 F3, F6: other processes on the store are untrusted, docs/operations.md)."""
    if (what, key) in _ODD_SAID:
        return
    if len(_ODD_SAID) < _ODD_SAID_MAX:
        _ODD_SAID.add((what, key))
    _log.warning("skipped a stored %s this version cannot read (%r): %s", what, key, why)


def _number(value: object, low: float, high: float, integral: bool) -> bool:
    """``value`` is a number (not a bool) within ``[low, high]``, an integer when ``integral``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    if integral and not (isinstance(value, int) or (math.isfinite(value) and value == int(value))):
        return False
    return math.isfinite(value) and low <= value <= high


def checked_result(code: object, match: object, name: object, seats: tuple[object, ...], scores: tuple[object, object],
                   winner: object, hands: object, started: object, ended: object, public: object,
                   site: object = None) -> MatchResult | None:
    """A ``dn_result`` row's values as a :class:`MatchResult`, or None (logged once, :func:`odd_row`) when one
    of them is not what this version writes: texts of :data:`RESULT_TEXT_MAX` characters at most (a code of
    at least 1), ``match`` 1..1,000,000, scores 0..:data:`SCORE_MAX`, ``hands`` 0..999, ``winner`` "A", "B" or
    None, times Unix seconds 0..:data:`TIME_MAX`, ``public`` a bool or 0/1. Attacker s16 F6: one row of another
    process on the store (``started`` the text 'x', ``ended`` 1e300) made ``/``, ``/results``, its CSV and JSON
    answer 500 and ``doublenine results`` crash. Kind: a stored value read with no check of its type or range."""
    why = ""
    if not (isinstance(code, str) and 1 <= len(code) <= RESULT_TEXT_MAX["code"]):
        why = "code"
    elif not _number(match, 1, 1_000_000, True):
        why = "match"
    elif not (isinstance(name, str) and len(name) <= RESULT_TEXT_MAX["name"]):
        why = "name"
    elif len(seats) != 4 or not all(isinstance(x, str) and len(x) <= RESULT_TEXT_MAX["seat"] for x in seats):
        why = "seats"
    elif not all(_number(x, 0, SCORE_MAX, True) for x in scores):
        why = "scores"
    elif winner not in (None, "A", "B"):
        why = "winner"
    elif not _number(hands, 0, 999, True):
        why = "hands"
    elif not (_number(started, 0, TIME_MAX, False) and _number(ended, 0, TIME_MAX, False)):
        why = "times"
    elif public not in (0, 1):  # True, False, 0, 1
        why = "public"
    elif site is not None and not isinstance(site, str):
        why = "site"
    if why:
        odd_row("finished match", (str(code)[:16], str(match)[:20]), f"field {why} out of bounds")
        return None
    s1, s2, s3, s4 = seats
    return MatchResult(str(code), int(match), (str(s1), str(s2), str(s3), str(s4)),  # type: ignore[call-overload]
                       (int(scores[0]), int(scores[1])), None if winner is None else str(winner),  # type: ignore[call-overload]
                       int(hands), float(started), float(ended), str(name), bool(public),  # type: ignore[arg-type]
                       None if site is None else str(site))


def result_order(r: MatchResult) -> tuple[float, str, int]:
    """The sort key of :meth:`Store.load_results`' order (newest first, then code, then latest match)."""
    return (-r.ended, r.code, -r.match)


FOLD_FROM = "àáâãäåāăąçćčďèéêëēėęěìíîïīįĩñńňòóôõöōőùúûüūůűųũýÿžźżšśřťľĺŕģķļņşţșțø"
"""Accented Latin letters (lower case) a table name search reads as :data:`FOLD_TO`'s letter at the same place."""
FOLD_TO = "aaaaaaaaacccdeeeeeeeeiiiiiiinnnooooooouuuuuuuuuyyzzzssrtllrgklnststo"
"""The plain letters of :data:`FOLD_FROM` (the same length: PostgreSQL's ``translate()`` is given both)."""
_FOLD = str.maketrans(FOLD_FROM, FOLD_TO)


def fold_name(text: str) -> str:
    """``text`` as a table name search compares it (phone s17 F14: "cafe" found nothing of "Café de Ana", "maraton"
    nothing of "Maratón"; a phone's accent takes a long press): lower case, each letter of :data:`FOLD_FROM` as
    its plain letter. The same table in every store: Python here and in SQLite, ``translate(lower(name), ...)`` in
    PostgreSQL (whose ``lower()`` follows the database's ``LC_CTYPE``)."""
    return text.lower().translate(_FOLD)


def result_chosen(r: MatchResult, table: str = "", ended: tuple[float, float] | None = None) -> bool:
    """``r`` is one :meth:`Store.load_results` chooses for ``table`` (its code is ``table`` in lower case, or its
    name holds it, both read by :func:`fold_name`: case and accents ignored) and ``ended`` (``[from, before)``,
    Unix seconds; None: any time)."""
    if ended is not None and not ended[0] <= r.ended < ended[1]:
        return False
    wanted = table.lower()
    return not wanted or r.code.lower() == wanted or fold_name(table) in fold_name(r.name)


def stale_owner(code: str, epoch: int, stored: int) -> ValueError:
    """The refusal of a write by a process whose claim on ``code`` is older than the stored one."""
    return ValueError(f"table {code}: taken over by another process (epoch {stored}, this writer's {epoch})")


class Store(Protocol):
    """Async storage of tables and their event logs. Every method may raise ``OSError``.

    Contract shared by every implementation (checked by ``tests/storage``):
    ``append`` to an unknown code raises ``KeyError``; a seq already stored for that
    table (or repeated within one call) raises ``ValueError`` and stores none of the
    call's rows (the (code, seq) primary key); when ``append`` returns, the rows are
    committed and survive a crash of the process. ``OSError``: nothing of the call was done and
    nothing will be, except :class:`InDoubt` (a write cut unanswered after its commit was sent,
    whose outcome is asked with its ``settle``).

    Fencing (issue 12): the log is fenced by its (code, seq) key and, like the table record,
    by its ownership *epoch*. A process that starts serving a table it did not create calls
    :meth:`take` (after winning the table's lock, before loading it), which adds one to
    the epoch; its writes of the log (``append``) and of the record (``update_meta``,
    ``update_listing``, ``close_table``) pass that epoch, and a write whose epoch is not the stored one raises
    ``ValueError`` and changes nothing: a process that lost its lock without noticing yet
    cannot overwrite what the new owner serves; chat lines (``append_chat``) are fenced
    the same way, so a stale line can never take the id the new owner's next line needs.
    ``epoch=None``: unfenced (tests, tools).
    """

    async def create_table(self, code: str, meta: bytes, creator: str | None = None,
                           created: float | None = None, limit: int | None = None) -> None:
        """Record a new table; ``ValueError`` if ``code`` exists. ``creator``: an opaque key of who
        created it (a digest of the address group, ``server/addresses.py``), kept while it is open.
        ``created``: its creation time in seconds since the epoch (the record's ``created_at``, so
        that a live table and its stored row stand at one :data:`ListingKey`), None: now.
        ``limit``: ``creator`` may have at most this many open tables, this one included
        (:class:`TooManyOpen`, nothing stored, beyond); the count and the insert are one atomic
        step for every process on the store (attacker F1: two requests both passing a count made
        before either stored its table beat the limit). None: no limit."""

    async def count_open(self, creator: str) -> int:
        """How many open tables ``creator`` created (issue 12: the tables-per-address limit counts
        those of every process sharing the store)."""

    async def update_meta(self, code: str, meta: bytes, epoch: int | None = None) -> None:
        """Replace a table's creation record (seats, names, tokens hashes); ``KeyError`` if unknown,
        ``ValueError`` (nothing stored) if ``epoch`` is given and is not the stored epoch."""

    async def take(self, code: str) -> int | None:
        """Start owning open table ``code``: add one to its epoch and return it; None (nothing
        written) if the table is unknown or closed."""

    async def update_listing(self, code: str, listed: bool, scores: tuple[int, int],
                             epoch: int | None = None) -> None:
        """Store whether ``/`` lists the table (public; a finished match stays listed, club s14) and its score;
        ``KeyError`` if unknown, ``ValueError`` if ``epoch`` is stale (as :meth:`update_meta`)."""

    async def load_listed(self, limit: int, before: ListingKey | None = None,
                          after: ListingKey | None = None) -> list[ListedTable]:
        """The open tables stored as listed, newest first (:attr:`ListedTable.key` descending), at
        most ``limit``: one indexed query on the table records, never the logs. ``before``: only
        those whose key is below it (the page after a row); ``after``: only those above it, the
        ``limit`` nearest to it (the page before a row). Not both (``ValueError``)."""

    async def append(self, code: str, rows: list[tuple[int, bytes]], epoch: int | None = None) -> None:
        """Durably append log rows (seq, payload) before any client hears of them. ``epoch``: the
        writer's (see Fencing): a stale one raises ``ValueError`` and stores nothing, checked in the
        transaction that writes, so an append in flight when its process lost the table lands
        before the new owner's :meth:`take` (and is in what it loads) or not at all (s12 CI: the
        primary key alone let it land after the new owner loaded, whose next append of that seq
        then failed and dropped the table from the process that rightly served it)."""

    async def append_chat(self, code: str, line_id: int, payload: bytes, keep: int,
                          epoch: int | None = None, drop: tuple[int, ...] = ()) -> None:
        """Store chat line ``line_id`` of a table (issue 15: kept with the table, never in its log)
        and forget all but its newest ``keep`` lines, and the lines ``drop`` names (ids: the lines the table
        no longer keeps, ``chat.kept_lines``, stream s16 F4). ``KeyError`` if the table is unknown,
        ``ValueError`` if ``line_id`` is stored already or ``epoch`` is stale (nothing stored then)."""

    async def load_chat(self, code: str) -> tuple[tuple[int, bytes], ...]:
        """A table's stored chat lines ``(line_id, payload)``, oldest first (empty if none or unknown)."""

    async def record_result(self, result: MatchResult, keep: int = RESULTS_KEPT,
                            per_site: int = RESULTS_PER_SITE) -> None:
        """Keep ``result`` (a finished match) durably: stored again under the same (code, match) it
        replaces what was there (a match ended again after an undo, a restart recording it again). Beyond
        ``per_site`` results of ``result.site`` (default :data:`RESULTS_PER_SITE`) that site's oldest are
        forgotten; beyond ``keep`` in all (default :data:`RESULTS_KEPT`), the oldest of the site holding the
        most (results of no known site counted as one site). Not fenced: any process serving the table
        writes the same record."""

    async def forget_unfinished(self, code: str, match: int) -> None:
        """Forget the record of match ``match`` of table ``code`` if it is one of a match cut before its end
        (no winner: ``MatchResult.finished`` false); a finished match's record, or none, is left as it is. A
        table resumed with that match still being played (a restart: attacker s17 F7, each match in play was
        listed "Not finished" on /results until its end while / listed it playing); its close records it again
        if it is cut then. Not fenced, as :meth:`record_result`."""

    async def load_results(self, limit: int = RESULTS_SHOWN, code: str | None = None,
                           public: bool = False, *, offset: int = 0, table: str = "",
                           ended: tuple[float, float] | None = None) -> list[MatchResult]:
        """Finished matches, newest first (end time descending, then code and match), at most
        ``limit`` after skipping the first ``offset``; ``code``: only that table's; ``public``: only those
        of listed tables; ``table``: only those whose code is it or whose name holds it, any case
        (:func:`result_chosen`); ``ended``: only those ended within ``[from, before)``, Unix seconds.

        Chosen, ordered and paged by the store (operator s15 F3: ``/results`` read all 10,000 kept
        results into the process for every page and held its event loop 1.4-2.6 s): one page costs
        ``limit`` rows, whatever the store keeps."""

    async def close_table(self, code: str, epoch: int | None = None) -> None:
        """Mark a table closed (and forget its creator); its log stays stored. ``KeyError`` if
        unknown, ``ValueError`` if ``epoch`` is stale (as :meth:`update_meta`)."""

    async def reopen_table(self, code: str, creator: str | None = None, limit: int | None = None) -> None:
        """Mark a closed table open again (a player came back to an idle-closed table, D7);
        ``KeyError`` if unknown. ``creator``: whose open table it is now (the key of the address
        group that reopened it, counted by :meth:`count_open` like a table it created).
        ``limit``: as in :meth:`create_table`, counted and reopened in one atomic step
        (:class:`TooManyOpen`, nothing changed, when a closed table would exceed it)."""

    async def load_open(self, rows: bool = True) -> list[StoredTable]:
        """Every table not closed, with its whole log; ``rows=False``: their records only (``rows``
        empty), what a start reads before it claims each table and loads it (store s12 item 2)."""

    async def load(self, code: str, rows: bool = True) -> StoredTable | None:
        """One table (open or closed), or None; ``rows=False``: its record only (``rows`` empty), for
        a caller that needs no log: whether the code is stored, open, whose seats (store s12 item 2:
        a page, a new code, a stranger's lookup of a closed table read a whole log for that)."""

    async def close(self) -> None:
        """Flush and release the store."""


@dataclass
class MemoryStore:
    """A :class:`Store` in memory: for tests and for ``--db :memory:``.

    Appends cost O(rows appended): each table keeps a growing list and a set of its seqs
    (the (code, seq) key); ``load`` builds the frozen :class:`StoredTable`.
    """

    tables: dict[str, StoredTable] = field(default_factory=dict)
    """Each table's code, meta and closed flag (its rows live in ``_rows``)."""
    _rows: dict[str, list[tuple[int, bytes]]] = field(default_factory=dict)
    _seqs: dict[str, set[int]] = field(default_factory=dict)
    _chat: dict[str, list[tuple[int, bytes]]] = field(default_factory=dict)
    _listing: dict[str, tuple[bool, tuple[int, int]]] = field(default_factory=dict)
    _created: dict[str, int] = field(default_factory=dict)
    _creator: dict[str, str | None] = field(default_factory=dict)
    _results: dict[tuple[str, int], MatchResult] = field(default_factory=dict)

    async def count_open(self, creator: str) -> int:
        return self._count(creator)

    def _fenced(self, code: str, epoch: int | None) -> StoredTable:
        t = self.tables[code]
        if epoch is not None and epoch != t.epoch:
            raise stale_owner(code, epoch, t.epoch)
        return t

    def _count(self, creator: str) -> int:
        return sum(1 for code, who in self._creator.items() if who == creator and not self.tables[code].closed)

    async def create_table(self, code: str, meta: bytes, creator: str | None = None,
                           created: float | None = None, limit: int | None = None) -> None:
        # no await from the count to the insert: atomic within the one process that holds it
        if code in self.tables:
            raise ValueError(f"table {code} exists")
        if creator is not None and limit is not None:
            refuse_over(creator, limit, self._count(creator))
        self.tables[code] = StoredTable(code, meta)
        self._creator[code] = creator
        self._rows[code], self._seqs[code] = [], set()
        self._created[code] = created_us(time.time() if created is None else created)

    async def update_meta(self, code: str, meta: bytes, epoch: int | None = None) -> None:
        self.tables[code] = replace(self._fenced(code, epoch), meta=meta)

    async def take(self, code: str) -> int | None:
        t = self.tables.get(code)
        if t is None or t.closed:
            return None
        self.tables[code] = replace(t, epoch=t.epoch + 1)
        return t.epoch + 1

    async def update_listing(self, code: str, listed: bool, scores: tuple[int, int],
                             epoch: int | None = None) -> None:
        self._fenced(code, epoch)
        self._listing[code] = (bool(listed), (int(scores[0]), int(scores[1])))

    async def load_listed(self, limit: int, before: ListingKey | None = None,
                          after: ListingKey | None = None) -> list[ListedTable]:
        if before is not None and after is not None:
            raise ValueError("load_listed: before or after, not both")
        rows = [ListedTable(c, self.tables[c].meta, self._listing[c][1], self._created[c])
                for c, (on, _) in self._listing.items() if on and not self.tables[c].closed]
        if after is not None:
            nearest = sorted((r for r in rows if r.key > after), key=lambda r: r.key)[:limit]
            return nearest[::-1]
        rows.sort(key=lambda r: r.key, reverse=True)
        return [r for r in rows if before is None or r.key < before][:limit]

    async def append(self, code: str, rows: list[tuple[int, bytes]], epoch: int | None = None) -> None:
        if code not in self.tables:
            raise KeyError(code)
        self._fenced(code, epoch)
        seen = self._seqs[code]
        batch = [(int(seq), bytes(payload)) for seq, payload in rows]
        new = {seq for seq, _ in batch}
        if len(new) != len(batch) or not new.isdisjoint(seen):
            raise ValueError(f"table {code}: a seq in {[r[0] for r in batch]} is already stored")
        log = self._rows[code]
        ordered = not log or not batch or log[-1][0] < min(new)
        log.extend(batch)
        if not ordered:
            log.sort(key=lambda r: r[0])
        seen |= new

    async def append_chat(self, code: str, line_id: int, payload: bytes, keep: int,
                          epoch: int | None = None, drop: tuple[int, ...] = ()) -> None:
        self._fenced(code, epoch)
        lines = self._chat.setdefault(code, [])
        if any(i == line_id for i, _ in lines):
            raise ValueError(f"table {code}: chat line {line_id} is already stored")
        lines.append((int(line_id), bytes(payload)))
        lines.sort(key=lambda r: r[0])
        del lines[:-keep]
        if drop:
            lines[:] = [r for r in lines if r[0] not in set(drop)]

    async def load_chat(self, code: str) -> tuple[tuple[int, bytes], ...]:
        return tuple(self._chat.get(code, ()))

    async def record_result(self, result: MatchResult, keep: int = RESULTS_KEPT,
                            per_site: int = RESULTS_PER_SITE) -> None:
        self._results[(result.code, result.match)] = result
        if result.site is not None:
            mine = sorted((k for k, r in self._results.items() if r.site == result.site),
                          key=lambda k: result_order(self._results[k]))
            for key in mine[per_site:]:
                del self._results[key]
        while len(self._results) > keep:
            counts: dict[str | None, int] = {}
            for r in self._results.values():
                counts[r.site] = counts.get(r.site, 0) + 1
            top = max(counts.items(), key=lambda kv: (kv[1], kv[0] or ""))[0]
            oldest = max((k for k, r in self._results.items() if r.site == top), key=lambda k: result_order(self._results[k]))
            del self._results[oldest]

    async def forget_unfinished(self, code: str, match: int) -> None:
        found = self._results.get((code, match))
        if found is not None and not found.finished:
            del self._results[(code, match)]

    async def load_results(self, limit: int = RESULTS_SHOWN, code: str | None = None,
                           public: bool = False, *, offset: int = 0, table: str = "",
                           ended: tuple[float, float] | None = None) -> list[MatchResult]:
        found = [r for r in self._results.values() if (code is None or r.code == code) and (r.public or not public)
                 and result_chosen(r, table, ended)]
        start = max(0, offset)
        return sorted(found, key=result_order)[start:start + max(0, limit)]

    async def close_table(self, code: str, epoch: int | None = None) -> None:
        self.tables[code] = replace(self._fenced(code, epoch), closed=True)
        self._creator[code] = None

    async def reopen_table(self, code: str, creator: str | None = None, limit: int | None = None) -> None:
        was = self.tables[code]
        if was.closed and creator is not None and limit is not None:
            refuse_over(creator, limit, self._count(creator))
        self.tables[code] = replace(was, closed=False)
        if was.closed:
            self._creator[code] = creator

    def _full(self, code: str, rows: bool = True) -> StoredTable:
        return replace(self.tables[code], rows=tuple(self._rows[code]) if rows else (),
                       listing=self._listing.get(code, (False, (0, 0))))

    async def load_open(self, rows: bool = True) -> list[StoredTable]:
        return [self._full(code, rows) for code, t in self.tables.items() if not t.closed]

    async def load(self, code: str, rows: bool = True) -> StoredTable | None:
        return self._full(code, rows) if code in self.tables else None

    async def close(self) -> None:
        return None
