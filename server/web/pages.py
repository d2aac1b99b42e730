"""The HTML of the web pages (issue 13.3): the table page, the list of tables, not found.

Pure functions from plain data to HTML text. Every value from outside (seat names,
the Host header's address) goes through :func:`html.escape` here, and names are the
server's cleaned copies (shared/cleantext.py); the pages hold no script and no style
of their own (the content-security policy in :mod:`.site` forbids both), only links
to ``/static/``. What they show is what a spectator may see (D8): names, seat kinds,
the score, the phase; never a tile.
"""
from __future__ import annotations

import csv
import io
import json
import re
import unicodedata
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from functools import lru_cache
from html import escape
from importlib import resources
from string import Template
from typing import Any
from urllib.parse import parse_qsl, urlencode

from doublenine.cli import installed_version
from doublenine.shared.i18n import DEFAULT_SEAT_NAMES, Translator, shown_seat_name
from doublenine.shared.protocol import PROTOCOL_VERSION
from doublenine.shared.seatstate import SEAT_WORDS, TAKEABLE, SeatState

from ..seating import seat_name
from ..storage.base import RESULTS_KEPT, TIME_MAX, MatchResult, computer_level, english_seat
from ..zones import day_span, label, local

from . import words as w


def wheel_name() -> str:
    """The file name of this version's wheel, ``doublenine-0.1.0-py3-none-any.whl`` (the version from the
    package metadata, as ``doublenine --version``: a hard-coded 0.1.0 would go stale with the next one)."""
    return f"doublenine-{installed_version().partition('+')[0]}-py3-none-any.whl"  # a wheel is named by the release


INSTALL_COMMAND = f"pipx install {wheel_name()}"
"""How a player installs the game (README "Install"), once they have the wheel (:data:`.words.INSTALL_PIPX`)."""
LINKS_COMMAND = "doublenine desktop-install"


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat as the pages show it: ``kind`` a :class:`~doublenine.shared.seatstate.SeatState` value
    (``"free"``, ``"open"``, ``"computer"``, ``"player"``, ``"away"``, ``"stand_in"``, ``"next_deal"``)."""

    seat: int
    name: str
    kind: str


@dataclass(frozen=True, slots=True)
class TableInfo:
    """What the pages show of a table before its script connects: all public (D8)."""

    code: str
    seats: tuple[SeatInfo, ...]
    scores: tuple[int, int]
    started: bool
    spectators: int = 0
    status: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] | None = None
    """The line the page's script shows first: its parts, each a key of :data:`.words.SCRIPT_WORDS`
    and its fields (``(("to_play", (("name", "Ana"),)),)``), as :func:`.listing.status_of` finds
    it; None where only ``started`` is known (a table another process serves)."""
    name: str = ""
    """The table's name (club s14 F1), "" none: the pages then know it by its code."""
    waited: float = 0.0
    """Seconds the table has waited for the decision it awaits now (``Table.since``; information only,
    R29), 0 when not known or not playing: ``/`` says it from a minute on (club s14 F6)."""

    @property
    def free(self) -> int:
        """Seats a person may take (free, or nobody's while the computer plays them): "{count} free seats"
        counts what the LAN list counts (server/announce.py)."""
        return sum(1 for s in self.seats if s.kind in TAKEABLE)


@lru_cache(maxsize=1)
def _template() -> Template:
    return Template(resources.files(__package__).joinpath("templates/page.html").read_text("utf-8"))


def preview(title: str, text: str, link: str | None, noindex: bool = False) -> str:
    """The ``<head>`` lines a chat app's link preview and a search engine read (phone s15 F16: a table link pasted
    in a chat showed a bare URL): the page's ``description`` and Open Graph title, text and icon (``link``: the
    page's address, which the icon's absolute address is made from; None: no icon); ``noindex``: a page not to
    be indexed (a table's, listed or not)."""
    out = (f'<meta name="description" content="{escape(text)}">\n<meta property="og:type" content="website">\n'
           f'<meta property="og:title" content="{escape(title)}">\n<meta property="og:description" content="{escape(text)}">\n')
    if link is not None:
        base = link.split("/", 3)
        out += f'<meta property="og:image" content="{escape("/".join(base[:3]))}/apple-touch-icon.png">\n'
    return out + ('<meta name="robots" content="noindex, nofollow">\n' if noindex else "")


def _page(t: Translator, kind: str, title: str, body: str, scripts: str = "", head: str = "") -> str:
    return _template().substitute(lang=t.lang, title=escape(title), kind=kind, head=head,
                                  tagline=escape(t.gettext(w.TAGLINE)), body=body, scripts=scripts)


BLANK = "\x00"
"""A placeholder's stand-in when a translated sentence has markup in its blank (:func:`filled`): a character no
catalog and no escape holds."""


def filled(sentence: str, markup: str) -> str:
    """``sentence`` (translated with :data:`BLANK` for its one blank) escaped, ``markup`` (already HTML) in the
    blank: the sentence stays whole in the catalog, so each language places the blank and its own punctuation
    ("Adresse du serveur : …" with U+00A0; translator s15 F15)."""
    return escape(sentence).replace(BLANK, markup, 1)


def _seat_card(t: Translator, s: SeatInfo) -> str:
    team = "A" if s.seat in (1, 3) else "B"
    kind = SEAT_WORDS[SeatState(s.kind)]
    return (f'<section class="seat seat-{s.seat} team-{team} {s.kind}" id="seat-{s.seat}">'
            # phone s15 F7: an h2 after the page's h1 (it was h3 before the score's and the line's h2), the badge read
            # "Team A" (a screen reader read "AAna")
            f'<h2><span class="team-badge" role="img" aria-label="{escape(t.gettext(w.TEAM, team=team))}">{team}</span>'
            f'<span class="name">{escape(shown_seat_name(t.lang, s.seat, s.name))}</span></h2>'
            f'<p class="kind">{escape(t.gettext(kind))}</p>'
            f'<p class="count"></p><div class="hand"></div></section>')


def _shown_name(t: Translator, s: SeatInfo) -> str:
    """A seat's name as the lists show it: a free seat says it is free (its default name is
    nobody's); the same rule as ``memberName`` in ``/static/table.js``."""
    return t.gettext(w.SEAT_FREE) if s.kind == "free" else shown_seat_name(t.lang, s.seat, s.name)


def _listed_name(t: Translator, s: SeatInfo) -> str:
    """A seat in the list of tables, as HTML: :func:`_shown_name` escaped, and after a computer's its kind
    in an element of its own (``<span class="kind">``, drawn as a badge by page.css) with the table
    page's card word (shared/seatstate.SEAT_WORDS): markup a name cannot contain, so a person named
    "East (computer)" never reads as a computer seat (attacker s13 F4; kind: a seat's kind told by
    text a name can spell). A seat the computer plays that nobody holds (``open``, given up or never taken) has
    the badge "computer, free seat", alone where the seat has no person's name left (organiser s16 F6: the open
    row read "Bea & Diego" where Diego had left matches before, the finished row "Bea & computer")."""
    name = f"<bdi>{escape(_shown_name(t, s))}</bdi>"  # phone s17 F15: each name its own bidi isolate
    if s.kind == SeatState.OPEN.value:  # organiser s16 F6: nobody's seat the computer plays, said so
        badge = f'<span class="kind">{escape(t.gettext(SEAT_WORDS[SeatState.OPEN]))}</span>'
        return badge if s.name == DEFAULT_SEAT_NAMES.get(s.seat) else f'{name} {badge}'
    if s.kind != SeatState.COMPUTER.value:
        return name
    return f'{name} <span class="kind">{escape(t.gettext(SEAT_WORDS[SeatState.COMPUTER]))}</span>'


def status_text(t: Translator, info: TableInfo) -> str:
    """The status line as served: the words the script then shows live (``statusText``)."""
    if info.status and all(key in w.SCRIPT_WORDS or key == "paused" for key, _ in info.status):
        return " · ".join(_status_part(t, key, fields) for key, fields in info.status)
    return t.gettext(w.STARTED if info.started else w.NOT_STARTED)


def _status_part(t: Translator, key: str, fields: tuple[tuple[str, str], ...]) -> str:
    """One part of a status line (:func:`.listing.status_of`): ``paused`` (phone s17 F12) names the readers the
    table waits for, each a field, listed as the window lists them ("Ana and Bo") in the verb's number."""
    if key != "paused":
        return t.gettext(w.SCRIPT_WORDS[key], **dict(fields))
    names = [name for _, name in fields]
    listed = names[0] if len(names) == 1 else t.gettext(w.SCRIPT_WORDS["and"], a=", ".join(names[:-1]), b=names[-1])
    return t.ngettext(*w.PAUSED_BY, len(names), names=listed)


def member_name(t: Translator, s: SeatInfo) -> str:
    """A seat in the table page's team line (``memberName`` in ``/static/table.js`` says the same live): as
    :func:`_shown_name`, but a seat nobody holds that the computer plays (``open``) under its default name is
    named by the word its card and the window's seat card give it, "computer, free seat" (session 17: the team
    line read "Ana & West", the default name standing as a person's, where the window's card, the card above
    and the list on ``/`` said "computer, free seat"). Its last person's name, kept until the next match (the
    match was partly theirs), stays. Kind: a seat's default name read as a person's."""
    if s.kind == SeatState.OPEN.value and s.name == DEFAULT_SEAT_NAMES.get(s.seat):
        return t.gettext(SEAT_WORDS[SeatState.OPEN])
    return _shown_name(t, s)


def _score(t: Translator, info: TableInfo) -> str:
    names = {s.seat: member_name(t, s) for s in info.seats}
    cells = []
    for i, team in enumerate("AB"):
        # phone s17 F15: each name its own bidi isolate ("10 سارة & 2 محمد" read as one right-to-left run)
        members = " &amp; ".join(f'<bdi>{escape(names.get(seat, ""))}</bdi>' for seat in ((1, 3) if team == "A" else (2, 4)))
        cells.append(f'<div class="team team-{team}"><span class="label">{escape(t.gettext(w.TEAM, team=team))}</span>'
                     f'<span class="points" id="score-{team}">{info.scores[i]}</span>'
                     f'<span class="members" id="members-{team}">{members}</span></div>')
    title = escape(t.gettext(w.SCORE_TITLE))  # phone s15 F7: a heading of its own (shown to screen readers only)
    return f'<section class="score" aria-label="{title}"><h2 class="sr-only">{title}</h2>{"".join(cells)}</section>'


def install_block(t: Translator, code: str) -> str:
    """How to install the game (the README's one step) and make invites open it."""
    return ('<section class="install">'
            f'<h2>{escape(t.gettext(w.INSTALL_TITLE))}</h2>'
            f'<p>{escape(t.gettext(w.INSTALL_PIPX, wheel=wheel_name()))}</p>'
            f'<pre><code>{escape(INSTALL_COMMAND)}</code></pre>'
            f'<p>{escape(t.gettext(w.INSTALL_LINKS))}</p><pre><code>{escape(LINKS_COMMAND)}</code></pre>'
            + (f'<p>{escape(t.gettext(w.INSTALL_THEN, code=code))}</p>' if code else "")
            + '</section>')


def share_row(t: Translator, link: str | None) -> str:
    """The page's link as text to copy, and a button that shares it (the phone's share sheet) or copies it
    (``/static/page.js`` shows the button and names it for what the browser can do; without a script the
    link stays selectable). ``link``: the page's address (None: the request named no usable host)."""
    field = "" if link is None else (
        f'<input class="link" readonly value="{escape(link)}" aria-label="{escape(t.gettext(w.LINK_LABEL))}">')
    return (f'<p class="share">{field}<button type="button" class="share-link" hidden '
            f'data-share="{escape(t.gettext(w.SHARE_LINK))}" data-copy="{escape(t.gettext(w.COPY_LINK))}" '
            f'data-copied="{escape(t.gettext(w.LINK_COPIED))}">{escape(t.gettext(w.COPY_LINK))}</button>'
            '<span class="shared" role="status"></span></p>')


def phone_block(t: Translator, code: str, link: str | None, opened: bool = True) -> str:
    """What a phone or tablet is told in place of the install help and "Open in doublenine" (phone s15 F4, High:
    an invited friend on a phone was told nothing): the game is played in its program on a computer, this link
    can be passed on to it, and the table's code (``code``; "" on ``/``, which says how tables are started).
    Shown by page.css only where the primary pointer is coarse and cannot hover (a touch device, whatever its
    width), where the install help and the ``doublenine://`` link are hidden. A table's is a ``<details>`` in
    the page's head, ``opened`` while a seat waits for a person (an invite), else one tap away."""
    if not code:
        return (f'<section class="on-phone"><h2>{escape(t.gettext(w.CREATE_TITLE))}</h2>'
                f'<p>{escape(t.gettext(w.PHONE_INDEX_TEXT))}</p>{share_row(t, link)}</section>')
    return (f'<details class="on-phone"{" open" if opened else ""}><summary>{escape(t.gettext(w.PHONE_TITLE))}</summary>'
            f'<p>{escape(t.gettext(w.PHONE_TEXT))}</p><p>{escape(t.gettext(w.PHONE_SEND, code=code))}</p>'
            f'<p class="code-row">{escape(t.gettext(w.TABLE_CODE))} <strong class="big-code">{escape(code)}</strong></p>'
            f'{share_row(t, link)}</details>')


@lru_cache(maxsize=None)
def _words_json(lang: str) -> str:
    """The script's strings of one language as JSON that cannot end its ``<script>`` element."""
    text = json.dumps(w.script_words(w.words(lang)), ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e")


def table_page(t: Translator, info: TableInfo, invite: str | None, link: str | None = None) -> str:
    """The page of one table: header, live board (filled by ``/static/table.js``), install help, and on a
    phone or tablet what to do instead (:func:`phone_block`).

    ``invite`` is the ``doublenine://`` link of the table (None: the request named no usable
    host, so there is no button); ``link`` this page's own address (``http://HOST/t/CODE``, None: not
    known). The script's strings travel as a JSON data block that is never run
    (``type="application/json"``), ``<`` escaped so no name can end it.
    """
    seats = {s.seat: s for s in info.seats}
    status = status_text(t, info)
    button = "" if invite is None else (
        f'<p class="open-row"><a class="open" href="{escape(invite)}">{escape(t.gettext(w.OPEN_IN_GAME))}</a>'
        f'<span class="hint">{escape(t.gettext(w.OPEN_HINT))}</span></p>')
    board = ('<section class="board">'
             + "".join(_seat_card(t, seats[n]) for n in (3, 4, 2, 1) if n in seats)
             + f'<div class="felt"><h2 class="felt-title">{escape(t.gettext(w.LINE_TITLE))}</h2>'
               '<div class="line" id="line"></div><p class="result" id="result"></p>'
               '<p class="reveal-note" id="reveal-note"></p></div></section>'
             f'<section class="hands" hidden><h2>{escape(t.gettext(w.SCRIPT_WORDS["finished_hands"]))}</h2>'
             # phone s17 F9: each item says its hand's number; an <ol> read "1. Hand 5 is over" for the newest
             '<ul class="hands-list" id="hands"></ul></section>'
             # phone s17 F8: the table's earlier matches (view.past), each with its hands (table.js drawPast)
             f'<section class="past" hidden><h2>{escape(t.gettext(w.EARLIER_MATCHES))}</h2>'
             '<ul class="past-list" id="past"></ul></section>')
    body = (f'<main id="table" data-code="{escape(info.code)}" data-protocol="{PROTOCOL_VERSION}">'
            f'<section class="head"><h1>{_table_title(t, info)}</h1>'
            f'<p class="status"><span class="dot" id="conn"></span><span id="status">{escape(status)}</span>'
            # phone s17 F8: the match shown ("Match 30" at a marathon table), beside the count of watchers
            '<span class="sub"><span class="match-no" id="match-no"></span><span class="spectators" id="spectators"></span>'
            '</span></p>'
            # phone s15 F7: what a screen reader is told (table.js): each play and what the status comes to say,
            # not "NAME to play" once a second
            '<p class="sr-only" id="said" aria-live="polite"></p>'
            f'{button}'
            f'{phone_block(t, info.code, link, info.free > 0)}</section>'
            + _score(t, info) + board
            + f'<noscript><p class="note">{escape(t.gettext(w.NO_SCRIPT))}</p></noscript>'
            + f'<p class="note">{escape(t.gettext(w.WATCHING_NOTE))}</p>'
            # phone s17 F7: the reader chooses what the live region says (shown by table.js, which keeps the choice)
            + f'<p class="say" hidden><label for="say-mode">{escape(t.gettext(w.SAY_LABEL))}</label>'
            f'<select id="say-mode"><option value="all">{escape(t.gettext(w.SAY_ALL))}</option>'
            f'<option value="ends">{escape(t.gettext(w.SAY_ENDS))}</option></select></p>'
            + install_block(t, info.code) + '</main>')
    data = _words_json(t.lang)
    scripts = (f'<script type="application/json" id="words">{data}</script>\n'
               '<script src="/static/vendor/msgpack.min.js"></script>\n<script src="/static/table.js"></script>\n'
               '<script src="/static/page.js"></script>')
    title = (f"{info.name} · " if info.name else "") + t.gettext(w.TABLE_TITLE, code=info.code)
    said = status_text(t, info) + (" · " + w.free_seats(t, info.free) if info.free or not info.started else "")
    return _page(t, "table-page", title + " · doublenine", body, scripts, preview(title, said, link, noindex=True))


NameKey = tuple[tuple[int, int, str], ...]
"""A name's sort key (:func:`listing_key`): its runs of text and of ASCII digits, a digit run by its value."""
_RUNS = re.compile(r"[0-9]+|[^0-9]+")


def listing_key(name: str, code: str) -> tuple[bool, NameKey, str]:
    """Where a table stands on ``/``: named tables by their name folded (NFKC, case folded, accents dropped) from
    its first letter on, then the others (and names without a letter) by code. Attacker s14 F6: sorted by the name
    as typed, "!" or "0" put a stranger's table first. (Not :func:`..names.name_key`: it reads "1" as "l",
    so "Table 2" would come before "Table 1".) Phone s17 F4: numbers in names compare as numbers ("Mesa 2" before
    "Mesa 10", as a club numbers its tables; a run of digits by its length without leading zeros, then its
    digits: no number is read from the text) and "Église" sorts with "eglise". Kind: text order where people
    read numbers and letters."""
    key = unicodedata.normalize("NFKC", name).casefold()
    start = next((k for k, c in enumerate(key) if c.isalpha()), len(key))
    folded = "".join(c for c in unicodedata.normalize("NFKD", key[start:]) if not unicodedata.combining(c))
    runs = tuple((0, len(run.lstrip("0")), run.lstrip("0")) if run[0] in "0123456789" else (1, 0, run)
                 for run in _RUNS.findall(folded))
    return (folded == "", runs, code)


def _table_title(t: Translator, info: TableInfo) -> str:
    """The table page's heading as HTML: its name first when it has one ("Window table · Table SMVTY")."""
    title = escape(t.gettext(w.TABLE_TITLE, code=info.code))
    return f'<span class="tname">{escape(info.name)}</span> · {title}' if info.name else title


SELECTION_KEYS = frozenset({"before", "after", "table", "date", "page", "from", "to", "players"})
"""The query keys that choose what a list page shows (the listing's cursors, ``/results``'s selection): each
link of those pages sets its own; every other key the page was opened with is kept (:func:`kept_query`)."""
KEPT_PAIRS = 4
"""At most this many pairs of a page's query are carried on by its links (each key up to 16 characters, each
value up to 64; the query read is bounded first, as every query here: 256 characters)."""


def kept_query(query: str) -> tuple[tuple[str, str], ...]:
    """The pairs of ``query`` (the query string a list page was opened with) its own links carry on: all but
    :data:`SELECTION_KEYS`, in order, each once, bounded (:data:`KEPT_PAIRS`). Session 15 (s14 note): the
    Older/Newer links of a projector's ``/?view=projector`` and of ``/results`` dropped ``view=projector``,
    so the room's screen fell back to the desk view at its second page. Kind: a link built from the page's
    own selection, not from the query the page was opened with."""
    kept: list[tuple[str, str]] = []
    for key, value in parse_qsl(query[:256], keep_blank_values=False)[:16]:
        if key in SELECTION_KEYS or len(key) > 16 or len(value) > 64 or (key, value) in kept:
            continue
        kept.append((key, value))
        if len(kept) == KEPT_PAIRS:
            break
    return tuple(kept)


def with_kept(path: str, pairs: list[tuple[str, str]], kept: tuple[tuple[str, str], ...]) -> str:
    """``path`` with the query of ``pairs`` (the link's own) then ``kept`` (:func:`kept_query`)."""
    every = [*pairs, *kept]
    return path + ("?" + urlencode(every) if every else "")


def _page_link(query: str | None, css: str, label: str, kept: tuple[tuple[str, str], ...] = ()) -> str:
    """A link of the list's pages (``query``: ``before=CURSOR``, ``after=CURSOR``, ``""`` for the first page),
    with the pairs of the page's own query it keeps (``kept``: :func:`kept_query`)."""
    if query is None:
        return ""
    href = with_kept("/", parse_qsl(query), kept)
    return f'<a class="{css}" href="{escape(href)}">{escape(label)}</a>'


FINISHED_ON_INDEX = 10
"""Finished matches ``/`` shows (newest first), at most :data:`FINISHED_PER_TABLE` of one table."""
FINISHED_PER_TABLE = 2
"""Of one table, the index's Finished matches shows at most this many (attacker s14 F3: one table's new
matches replaced the index's ten in ~20 s)."""
RESULTS_PAGE = 100
"""Finished matches one page of ``/results`` (and its downloads) shows: the rest on its next pages."""


@dataclass(frozen=True, slots=True)
class ResultsQuery:
    """What ``/results`` (and ``/results.csv``, ``/results.json``) shows: a table (its code, or a part of its
    name, any case), a day of end (``YYYY-MM-DD``, in the server's zone ``zone``: ``serve --time-zone``,
    organiser s16 F8) and a page (1, 2, ...). Attacker s14 F3: the page
    showed the newest 200 only, unpaged and unfiltered, so one address's matches pushed a club's off it."""

    table: str = ""
    date: str = ""
    page: int = 1
    kept: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    """The other pairs of the query the page was opened with (``view=projector``...), carried on by its
    links and its form (:func:`kept_query`); not part of the selection."""
    zone: str = "UTC"
    """The time zone ``date`` is a day of (:mod:`..zones`; the server's setting, never the query's)."""
    first: str = ""
    last: str = ""
    """``from``/``to``: a range of days of end, in :attr:`zone` (league s17 F7: a season), when ``date`` is none."""
    players: bool = False
    """``players=1``: each person's totals over the choice (:mod:`..standings`), not the matches (league s17 F7)."""

    @staticmethod
    def parse(query: str, zone: str = "UTC") -> ResultsQuery:
        """From a URL's query (bounded before work: 256 characters read; a value out of form is ignored), its
        day in ``zone``."""
        table, date, page, days, players = "", "", 1, {"from": "", "to": ""}, False
        for key, value in parse_qsl(query[:256], keep_blank_values=False)[:8]:
            if key == "table":
                table = seat_name(value)
            elif key in ("date", "from", "to") and re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", value, re.ASCII):
                if key == "date":
                    date = value
                else:
                    days[key] = value
            elif key == "page" and re.fullmatch(r"[0-9]{1,4}", value, re.ASCII) and int(value) >= 1:
                page = int(value)
            elif key == "players" and value == "1":
                players = True
        return ResultsQuery(table, date, 1 if players else page, kept_query(query), zone,
                            "" if date else days["from"], "" if date else days["to"], players)

    def ended(self) -> tuple[float, float] | None:
        """The day asked for, in :attr:`zone`, as ``[from, before)`` Unix seconds, what :meth:`Store.load_results`
        chooses by; None for any day; an empty span for a date of no calendar (``2026-13-45``: nothing chosen)."""
        if self.date:
            return day_span(self.date, self.zone) or (0.0, 0.0)
        if not (self.first or self.last):
            return None
        first = day_span(self.first, self.zone) if self.first else (0.0, 0.0)
        last = day_span(self.last, self.zone) if self.last else (0.0, TIME_MAX + 1.0)
        return (0.0, 0.0) if first is None or last is None else (first[0], last[1])

    def read(self) -> dict[str, Any]:
        """The arguments of :meth:`Store.load_results` that read this page (public tables only, one row more
        than a page to know whether an older page has any): operator s15 F3, chosen and paged by the store,
        never by reading every kept result into the process."""
        if self.players:  # every match chosen, up to PLAYERS_READ (one more: to say the totals are of the newest)
            return {"limit": PLAYERS_READ + 1, "public": True, "offset": 0, "table": self.table, "ended": self.ended()}
        return {"limit": RESULTS_PAGE + 1, "public": True, "offset": (self.page - 1) * RESULTS_PAGE,
                "table": self.table, "ended": self.ended()}

    def link(self, page: int, path: str = "/results") -> str:
        """The URL of ``page`` of the same selection, with the query's other pairs (:attr:`kept`)."""
        pairs = [(k, v) for k, v in (("table", self.table), ("date", self.date), ("from", self.first),
                                     ("to", self.last), ("players", "1" if self.players else "")) if v]
        if page > 1:
            pairs.append(("page", str(page)))
        return with_kept(path, pairs, self.kept)


PLAYERS_READ = 2000
"""Matches ``/results?players=1`` totals at most, the newest of the choice (its read is one store query, as a
page's; operator s15 F3: reading all 10,000 kept results held the event loop seconds). It says so when capped."""


def select_results(results: list[MatchResult], query: ResultsQuery) -> tuple[list[MatchResult], bool]:
    """The page ``query`` asks for from ``results``, the store's answer to :meth:`ResultsQuery.read`
    (at most :data:`RESULTS_PAGE` + 1 rows; :data:`PLAYERS_READ` + 1 for the players' totals), and whether a
    later page has more (for the totals: whether older matches of the choice were left out)."""
    size = PLAYERS_READ if query.players else RESULTS_PAGE
    return results[:size], len(results) > size


def index_results(results: list[MatchResult]) -> list[MatchResult]:
    """The index's Finished matches: the newest :data:`FINISHED_ON_INDEX`, at most
    :data:`FINISHED_PER_TABLE` of one table."""
    seen: dict[str, int] = {}
    shown = []
    for r in results:
        if r.finished and seen.get(r.code, 0) < FINISHED_PER_TABLE:  # a match not finished: on /results only
            seen[r.code] = seen.get(r.code, 0) + 1
            shown.append(r)
            if len(shown) == FINISHED_ON_INDEX:
                break
    return shown


def utc(seconds: float) -> str:
    """Unix ``seconds`` as ``2026-12-07 19:30`` (UTC, to the minute): ``doublenine results``' form (the pages say
    the reader's, :func:`shown_utc`)."""
    return datetime.fromtimestamp(seconds, timezone.utc).strftime("%Y-%m-%d %H:%M")


def result_seat(t: Translator, seat: int, stored: str) -> str:
    """One seat of a finished match as HTML, in ``t``'s language: a person's name escaped; a seat the computer
    played (:func:`~..storage.base.computer_level`) as the computer's kind in an element of its own, its word
    and level as the window's seat card says them in full ("ordinateur · Facile", "Computer · Schwerste zuerst";
    client/render.level_said; attacker s13 F4: a kind in
    markup a name cannot spell). Translator s15 F32: the record's English "computer · Easy" was shown as a name
    on every language's page."""
    level = computer_level(stored)
    if level is None:  # phone s17 F15: each name its own bidi isolate ("10 سارة & 2 محمد" read as one run)
        return f"<bdi>{escape(shown_seat_name(t.lang, seat, stored))}</bdi>"
    said = t.gettext(SEAT_WORDS[SeatState.COMPUTER])
    if level:
        said += " · " + t.gettext(LEVEL_WORDS[level])
    return f'<span class="kind">{escape(said)}</span>'


LEVEL_WORDS = {"easy": "Easy", "heaviest": "Heaviest", "normal": "Normal", "strong": "Strong", "expert": "Expert"}
"""Each level's msgid (the start screen's and the seat card's, client/scenes/startform.LEVEL_NAMES; the pages
import nothing of the client)."""


def shown_utc(t: Translator, seconds: float, zone: str = "UTC") -> tuple[str, str]:
    """Unix ``seconds`` as (day, time) in ``zone`` (:mod:`..zones`; UTC by default) as ``t``'s readers write a
    date: fr and pt ``07/12/2026``, de ``07.12.2026``, es ``7/12/2026`` (CLDR's numeric day, month and year,
    Babel), and ``19:30``; English keeps the ISO ``2026-12-07`` (:func:`utc`), which no reader takes for the 12th
    of July. Translator s15 F24: every language's /results said ``2026-12-07``."""
    when = local(seconds, zone)
    if t.lang == "en":
        return when.strftime("%Y-%m-%d"), when.strftime("%H:%M")
    from babel.dates import format_skeleton

    return format_skeleton("yMMdd", when.date(), locale=t.lang), when.strftime("%H:%M")


def _result_row(t: Translator, r: MatchResult, zone: str = "UTC") -> str:
    """One finished match as a list item: when (in ``zone``, which it names: "19:30 – 20:05 CET"), which table (its name, its code), the match's
    number, each team's names and points (the winner's marked ``won``), who won, how many hands, and "One person
    with the computer" (class ``solo``) for a match fewer than two persons played (league s17 F5)."""
    table = f'<span class="tname">{escape(r.name)}</span> ' if r.name else ""
    teams = []
    for i, team in enumerate("AB"):
        names = " &amp; ".join(result_seat(t, seat, r.seats[seat - 1]) for seat in ((1, 3) if team == "A" else (2, 4)))
        won = " won" if r.winner == team else ""
        teams.append(f'<span class="team team-{team}{won}"><span class="label">{escape(t.gettext(w.TEAM, team=team))}</span>'
                     f' <span class="members">{names}</span> <span class="points">{r.scores[i]}</span></span>')
    outcome = t.gettext(w.WON_MATCH, team=r.winner) if r.winner else t.gettext(w.NOT_FINISHED)
    hands = t.ngettext("{count} hand", "{count} hands", r.hands)
    start, end = shown_utc(t, r.started, zone), shown_utc(t, r.ended, zone)
    span = f"{start[0]} {start[1]} – {end[1] if start[0] == end[0] else ' '.join(end)} {label(local(r.ended, zone))}"
    cut = "" if r.finished else " unfinished"  # organiser s16 F12: a match cut before its end, its score so far
    persons = r.persons  # league s17 F5: one person and three computers is told apart from a league match
    few = "" if persons > 1 else t.gettext(w.ONE_PERSON if persons == 1 else w.COMPUTERS_ONLY)
    cut += "" if persons > 1 else " solo"
    return (f'<li class="result{cut}" data-code="{escape(r.code)}" data-match="{r.match}">'
            f'<span class="which">{table}<a class="code" href="/t/{escape(r.code)}">{escape(r.code)}</a> · '
            f'{escape(t.gettext("Match {number}", number=t.number(r.match)))}</span>'
            f'<span class="teams">{teams[0]}<span class="vs">–</span>{teams[1]}</span>'
            f'<span class="outcome">{escape(" · ".join(x for x in (outcome, hands, few, span) if x))}</span></li>')


def results_list(t: Translator, results: list[MatchResult], none: str = w.FINISHED_NONE, zone: str = "UTC") -> str:
    """The finished matches as an ordered list, newest first; when there is none, the sentence ``none``
    (a catalog message true of what the list shows: listed tables only, a choice, one table; never
    "on this server", which unlisted tables' matches may belie: new user s14)."""
    if not results:
        return f'<p class="empty">{escape(t.gettext(none))}</p>'
    return f'<ol class="results">{"".join(_result_row(t, r, zone) for r in results)}</ol>'


def players_table(t: Translator, results: list[MatchResult], capped: bool = False) -> str:
    """Each person's totals over ``results`` (:func:`..standings.standings`; league s17 F7) as a table, the other
    spellings read as the same name under it; ``capped``: older matches of the choice were left out
    (:data:`PLAYERS_READ`), said first."""
    from ..standings import standings

    rows = standings(results)
    if not rows:
        return f'<p class="empty">{escape(t.gettext(w.PLAYERS_NONE))}</p>'
    note = (f'<p class="hint capped">{escape(t.ngettext(*w.PLAYERS_CAPPED, PLAYERS_READ))}</p>' if capped else "")
    head = "".join(f"<th>{escape(t.gettext(c))}</th>" for c in w.PLAYER_COLUMNS)
    body = []
    for s in rows:
        also = (f'<span class="also">{escape(t.gettext(w.ALSO_SPELT, spellings=", ".join(s.spellings[1:])))}</span>'
                if len(s.spellings) > 1 else "")
        cells = "".join(f"<td>{escape(t.number(v))}</td>" for v in (s.played, s.won, s.lost, s.points_for,
                                                                     s.points_against, s.by_bot))
        body.append(f'<tr><th scope="row"><span class="pname">{escape(s.player)}</span>{also}</th>{cells}</tr>')
    return f'{note}<table class="players"><thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>'


def results_page(t: Translator, results: list[MatchResult], query: ResultsQuery | None = None,
                 more: bool = False) -> str:
    """``/results``: one page (:data:`RESULTS_PAGE`) of the finished matches of listed tables the store
    keeps, newest first, chosen by ``query`` (a table, a day: :class:`ResultsQuery`), with a form to choose,
    links to the newer and older pages (``more``: there is an older one) and its CSV and JSON downloads of
    the same page (club s14 F5; attacker s14 F3: unpaged and unfiltered, one address pushed a club's off).
    ``query.players``: each person's totals over the choice instead (:func:`players_table`; ``more``: capped)."""
    q = query or ResultsQuery()
    capped = more
    form = (f'<form class="filter" method="get" action="/results">'
            f'<label>{escape(t.gettext(w.FILTER_TABLE))} <input name="table" maxlength="32" value="{escape(q.table)}"></label> '
            f'<label>{escape(t.gettext(w.FILTER_DATE, zone=q.zone))} <input name="date" type="date" value="{escape(q.date)}"></label> '
            f'<label>{escape(t.gettext(w.FILTER_FROM, zone=q.zone))} <input name="from" type="date" value="{escape(q.first)}"></label> '
            f'<label>{escape(t.gettext(w.FILTER_TO, zone=q.zone))} <input name="to" type="date" value="{escape(q.last)}"></label> '
            + ('<input type="hidden" name="players" value="1">' if q.players else "")
            + "".join(f'<input type="hidden" name="{escape(k)}" value="{escape(v)}">' for k, v in q.kept)
            + f'<button type="submit">{escape(t.gettext(w.FILTER_SHOW))}</button></form>')
    other = replace(q, players=not q.players, page=1)  # league s17 F7: the same choice, totals or matches
    switch = (f'<p class="view"><a class="open" href="{escape(other.link(1))}">'
              f'{escape(t.gettext(w.MATCHES_VIEW if q.players else w.PLAYERS_VIEW))}</a></p>')
    links = ""
    if q.players:
        more = False  # said over the totals instead
    if q.page > 1:
        links += f'<a class="newer" href="{escape(q.link(q.page - 1))}">{escape(t.gettext(w.NEWER_RESULTS))}</a>'
    if more:
        links += f'<a class="older" href="{escape(q.link(q.page + 1))}">{escape(t.gettext(w.OLDER_RESULTS))}</a>'
    nav = f'<nav class="pages">{links}</nav>' if links else ""
    csv_link, json_link = escape(q.link(q.page, "/results.csv")), escape(q.link(q.page, "/results.json"))
    body = (f'<main class="results-page"><section class="head"><h1>{escape(t.gettext(w.RESULTS_TITLE))}</h1>'
            f'<p class="hint">{escape(t.gettext(w.RESULTS_KEPT_NOTE, kept=t.number(RESULTS_KEPT)))}</p>{form}'
            f'<p class="downloads"><a class="open" href="{csv_link}" download>{escape(t.gettext(w.DOWNLOAD_CSV))}</a> '
            f'<a class="open" href="{json_link}" download>{escape(t.gettext(w.DOWNLOAD_JSON))}</a></p>{switch}</section>'
            + (players_table(t, results, capped) if q.players else
               results_list(t, results, w.FINISHED_NONE_CHOSEN if q.table or q.date or q.first or q.last or q.page > 1
                            else w.FINISHED_NONE, q.zone)) + f'{nav}'
            f'<p><a class="open" href="{escape(with_kept("/", [], q.kept))}">{escape(t.gettext(w.BACK_TO_TABLES))}</a></p></main>')
    return _page(t, "results-page", t.gettext(w.RESULTS_TITLE), body)


def closed_page(t: Translator, code: str, results: list[MatchResult], name: str = "", zone: str = "UTC") -> str:
    """The page of a table that closed (club s14 F4: it was a bare 404 a minute after its match
    ended): it says so, and lists the table's finished matches the store keeps. A table that was not
    listed (its matches' ``public`` false) says they are shown only here, to whoever has its code (session
    15: the decision, docs/operations.md "Finished matches": the code is a private table's key after it
    closes as before, its players' and those they gave it to; no list page shows them). ``name``: the table's
    name, "" none (phone s15 F17: a friend following "Café Bar" from the list found "Table WTBBJ is closed")."""
    private = bool(results) and not any(r.public for r in results)
    note = f'<p class="hint private">{escape(t.gettext(w.CLOSED_PRIVATE))}</p>' if private else ""
    body = (f'<main class="closed" data-code="{escape(code)}"><section class="head">'
            f'<h1>{f"""<span class="tname">{escape(name)}</span> · """ if name else ""}{escape(t.gettext(w.CLOSED_TITLE, code=code))}</h1>'
            f'<p>{escape(t.gettext(w.CLOSED_TEXT))}</p>{note}</section>'
            f'<section class="finished"><h2>{escape(t.gettext(w.FINISHED_TITLE))}</h2>{results_list(t, results, w.FINISHED_NONE_HERE, zone)}</section>'
            f'<p><a class="open" href="/">{escape(t.gettext(w.BACK_TO_TABLES))}</a></p></main>')
    return _page(t, "closed-page", (f"{name} · " if name else "") + t.gettext(w.CLOSED_TITLE, code=code), body,
                 head='<meta name="robots" content="noindex, nofollow">\n')


RESULT_FIELDS = ("ended_utc", "started_utc", "code", "table_name", "match", "team_a", "team_b", "score_a", "score_b",
                 "winner", "hands", "seat1", "seat2", "seat3", "seat4", "finished", "persons", "bot_seats")
"""The columns of ``/results.csv`` and the keys of each object of ``/results.json`` (docs/operations.md), which
also has ``players``. ``persons``: how many persons decided in the match (league s17 F5: one person and three
computers read like a league match); ``bot_seats``: the seats a computer program played for someone, "3", "2 4"
(league s17 F6: "Ana (bot)" in the seat's name too)."""


def result_fields(r: MatchResult) -> dict[str, object]:
    """One finished match as :data:`RESULT_FIELDS` (times ISO 8601 UTC, teams' names joined by " & "; a computer's
    seat in fixed English, "computer · Easy": :func:`~..storage.base.english_seat`)."""
    iso = lambda s: datetime.fromtimestamp(s, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")  # noqa: E731
    return {"ended_utc": iso(r.ended), "started_utc": iso(r.started), "code": r.code, "table_name": r.name,
            "match": r.match, "team_a": " & ".join(r.team("A")), "team_b": " & ".join(r.team("B")),
            "score_a": r.scores[0], "score_b": r.scores[1], "winner": r.winner or "", "hands": r.hands,
            **{f"seat{n}": english_seat(r.seats[n - 1]) for n in (1, 2, 3, 4)}, "finished": r.finished,
            "persons": r.persons, "bot_seats": " ".join(str(n) for n in r.program_seats)}


def result_players(r: MatchResult) -> list[dict[str, object]]:
    """``players`` of a ``/results.json`` object: one map per person named at a seat (league s17 F7: the seats
    were strings to split by hand), ``{"seat", "team", "name", "hands", "of", "program"}``: ``hands`` they
    decided in out of the match's ``of`` (null: not known, a match begun before session 16, league s17 F4),
    ``program`` a computer program played for them (F6). A seat the computer played names nobody."""
    return [{"seat": n, "team": "A" if n in (1, 3) else "B", "name": p.name, "hands": p.hands, "of": p.of,
             "program": p.program} for n in (1, 2, 3, 4) for p in r.players(n)]


def _cell(value: object) -> object:
    """A CSV cell that a spreadsheet never runs as a formula: text starting with ``= + - @`` or a tab
    gets a leading ``'`` (names are players' text: OWASP "CSV injection")."""
    return "'" + value if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def results_csv(results: list[MatchResult]) -> str:
    """The finished matches as CSV (header :data:`RESULT_FIELDS`, one row each, newest first)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(RESULT_FIELDS)
    for r in results:
        writer.writerow([("yes" if v else "no") if isinstance(v, bool) else _cell(v) for v in result_fields(r).values()])
    return out.getvalue()


def results_json(results: list[MatchResult]) -> str:
    """The finished matches as JSON: ``{"results": [{FIELD: value, ...}, ...]}``, newest first."""
    return json.dumps({"results": [result_fields(r) | {"players": result_players(r)} for r in results]},
                      ensure_ascii=False, indent=1) + "\n"


def index_page(t: Translator, tables: list[TableInfo], server: str | None,
               older: str | None = None, newer: str | None = None, finished: list[MatchResult] | None = None,
               projector: bool = False, kept: tuple[tuple[str, str], ...] = (), link: str | None = None,
               zone: str = "UTC") -> str:
    """``/``: the open tables their creators listed (``create_table{public}``), and how to start one.
    ``older``/``newer``: the queries of the pages around this one (:class:`.listing.Page`), None: no link.
    ``finished``: the newest finished matches of listed tables (club s14), None: not known (the store
    did not answer), no section. ``projector`` (``/?view=projector``, club s14 F6): large type for a room,
    no install help and no "start a table"; every view refreshes itself (``/static/board.js``). ``kept``: the
    other pairs of the query the page was opened with (``view=projector``: :func:`kept_query`), carried on by
    its links to its other pages and to ``/results``. ``link``: the page's own address, offered to a phone to
    pass on to a computer (:func:`phone_block`)."""
    rows = []
    # club s14 F1: a stable order (named tables by name, then the others by code), not newest first: on a
    # projector a table's row no longer moves as tables are added
    # projector a table's row no longer moves as tables are added; by :func:`listing_key` (attacker s14 F6:
    # a stranger's "!" or "0" topped the page)
    for info in sorted(tables, key=lambda i: listing_key(i.name, i.code)):
        # club s14 F6: each team's names beside its points (seat order read "Ana, Carlos, Pablo, Dora · 46 – 0":
        # who is partnered with whom, and which team has 46?); the kind of a computer seat stays markup (s13 F4)
        seats = {s.seat: s for s in info.seats}
        teams = []
        for i, team in enumerate("AB"):
            names = " &amp; ".join(_listed_name(t, seats[n]) for n in ((1, 3) if team == "A" else (2, 4)) if n in seats)
            # phone s15 F5: the names in an element of their own, so a team is one line (label, names, points)
            teams.append(f'<span class="team team-{team}"><span class="label">{escape(t.gettext(w.TEAM, team=team))}</span> '
                         f'<span class="members">{names}</span> <span class="points">{info.scores[i]}</span></span>')
        parts = [status_text(t, info)]  # the table page's own words (its served status line)
        if info.free or not info.started:  # s13 spectator F8 words; "full" only while it waits for people
            parts.append(w.free_seats(t, info.free))
        if info.spectators:
            parts.append(t.ngettext("{count} spectator", "{count} spectators", info.spectators))
        if info.waited >= 60:  # F6: how long the table has waited for whom the status names
            parts.append(t.gettext(w.WAITING_FOR, minutes=t.number(int(info.waited // 60))))
        named = f'<span class="tname">{escape(info.name)}</span>' if info.name else ""
        rows.append(f'<li class="listed" data-code="{escape(info.code)}"><a href="/t/{escape(info.code)}"><span class="code">{named}{escape(info.code)}</span>'
                    f'<span class="names">{"".join(teams)}</span><span class="meta">{escape(" · ".join(parts))}</span>'
                    f'<span class="go">{escape(t.gettext(w.WATCH))}</span></a></li>')
    listing = f'<ul class="tables">{"".join(rows)}</ul>' if rows else f'<p class="empty">{escape(t.gettext(w.INDEX_EMPTY))}</p>'
    links = (_page_link(newer, "newer", t.gettext(w.NEWER_TABLES), kept)
             + _page_link(older, "older", t.gettext(w.OLDER_TABLES), kept))
    if links:
        listing += f'<nav class="pages">{links}</nav>'
    if finished is not None:
        listing += (f'<section class="finished"><h2>{escape(t.gettext(w.FINISHED_TITLE))}</h2>'
                    f'{results_list(t, index_results(finished), zone=zone)}'
                    f'<p><a class="more" href="{escape(with_kept("/results", [], kept))}">'
                    f'{escape(t.gettext(w.ALL_RESULTS))}</a></p></section>')
    address = "" if server is None else (
        "<p>" + filled(t.gettext(w.SERVER_ADDRESS, address=BLANK), f'<code class="address">{escape(server)}</code>') + "</p>")
    head = (f'<section class="head"><h1>{escape(t.gettext(w.INDEX_TITLE))}</h1>'
            + ("" if projector else f'<p class="hint">{escape(t.gettext(w.INDEX_LISTED))}</p>')
            + f'<p class="live" id="board-live" aria-live="polite"></p></section>')
    body = (f'<main class="index" id="board" data-refresh="{BOARD_REFRESH_S}">{head}{listing}'
            + ("" if projector else f'<section class="create"><h2>{escape(t.gettext(w.CREATE_TITLE))}</h2>'
               f'<p>{escape(t.gettext(w.CREATE_TEXT))}</p>{address}</section>' + phone_block(t, "", link)
               + install_block(t, ""))
            + '</main>')
    words = json.dumps({"lost": t.gettext(w.SCRIPT_WORDS["lost"]), "limited": t.gettext(w.SCRIPT_WORDS["limited"])},
                       ensure_ascii=False).replace("<", "\\u003c")
    scripts = (f'<script type="application/json" id="board-words">{words}</script>\n'
               '<script src="/static/board.js"></script>' + ("" if projector else '\n<script src="/static/page.js"></script>'))
    title = t.gettext(w.INDEX_TITLE)  # phone s15 F16: the tab and a link's preview said only "doublenine"
    return _page(t, "index-page projector" if projector else "index-page", f"{title} · doublenine", body, scripts,
                 preview(title, t.gettext(w.INDEX_LISTED), link))


BOARD_REFRESH_S = 10
"""Seconds between two reads of ``/`` by its own script (``/static/board.js``): the page shows the tables
as they are without a reload by hand (club s14 F6); a read that fails keeps what is shown and says so."""


def not_found_page(t: Translator) -> str:
    """The 404 page, in the browser's language."""
    body = (f'<main class="missing"><section class="head"><h1>{escape(t.gettext(w.NOT_FOUND_TITLE))}</h1>'
            f'<p>{escape(t.gettext(w.NOT_FOUND_TEXT))}</p>'
            f'<p><a class="open" href="/">{escape(t.gettext(w.BACK_TO_TABLES))}</a></p></section></main>')
    return _page(t, "missing-page", t.gettext(w.NOT_FOUND_TITLE), body)


def bad_cursor_page(t: Translator, code: str) -> str:
    """The ``400`` page of a list link whose cursor this server does not make; ``code`` (the stable
    ``BAD_CURSOR``) stands in ``data-error``."""
    body = (f'<main class="missing" data-error="{escape(code)}"><section class="head">'
            f'<h1>{escape(t.gettext(w.BAD_CURSOR_TITLE))}</h1><p>{escape(t.gettext(w.BAD_CURSOR_TEXT))}</p>'
            f'<p><a class="open" href="/">{escape(t.gettext(w.BACK_TO_TABLES))}</a></p></section></main>')
    return _page(t, "missing-page", t.gettext(w.BAD_CURSOR_TITLE), body)


def listing_busy_page(t: Translator, seconds: int = 0) -> str:
    """The ``503`` page of a list page the store did not answer in time; with ``seconds`` (its ``Retry-After``)
    it loads itself again then (:func:`retry_block`)."""
    head, retry = retry_block(t, seconds) if seconds > 0 else ("", "")
    body = (f'<main class="missing"><section class="head"><h1>{escape(t.gettext(w.LISTING_BUSY_TITLE))}</h1>'
            f'<p>{escape(t.gettext(w.TOO_MANY_TEXT))}</p>{retry}</section></main>')
    scripts = '<script src="/static/page.js"></script>' if retry else ""
    return _page(t, "missing-page", t.gettext(w.LISTING_BUSY_TITLE), body, scripts, head)


def store_busy_page(t: Translator, seconds: int = 0) -> str:
    """The ``503`` page of a table page or ``404`` the store did not answer in time (PAGE_WAIT); with ``seconds``
    (its ``Retry-After``) it loads itself again then (:func:`retry_block`)."""
    head, retry = retry_block(t, seconds) if seconds > 0 else ("", "")
    body = (f'<main class="missing"><section class="head"><h1>{escape(t.gettext(w.STORE_BUSY_TITLE))}</h1>'
            f'<p>{escape(t.gettext(w.TOO_MANY_TEXT))}</p>{retry}</section></main>')
    scripts = '<script src="/static/page.js"></script>' if retry else ""
    return _page(t, "missing-page", t.gettext(w.STORE_BUSY_TITLE), body, scripts, head)


def retry_block(t: Translator, seconds: int) -> tuple[str, str]:
    """(head, body) of a page refused for ``seconds`` (its ``Retry-After``; phone s15 F15: a 429 page neither came
    back by itself nor offered a way on): a ``<meta http-equiv="refresh">`` that loads it again then, the time said
    and counted down by ``/static/page.js``, a link to load it again and one to the list of tables."""
    said = t.gettext(w.RETRY_IN, seconds="{seconds}")
    return (f'<meta http-equiv="refresh" content="{seconds}">\n',
            f'<p class="retry" data-retry="{seconds}" data-text="{escape(said)}">{escape(said.replace("{seconds}", str(seconds)))}</p>'
            f'<p><a class="open" href="">{escape(t.gettext(w.RETRY_NOW))}</a> '
            f'<a class="more" href="/">{escape(t.gettext(w.BACK_TO_TABLES))}</a></p>')


def too_many_page(t: Translator, seconds: int = 0) -> str:
    """The ``429`` page (too many pages asked for by one address group), in the browser's language; with
    ``seconds`` (its ``Retry-After``) it loads itself again then (:func:`retry_block`)."""
    head, retry = retry_block(t, seconds) if seconds > 0 else ("", "")
    body = (f'<main class="missing"><section class="head"><h1>{escape(t.gettext(w.TOO_MANY_TITLE))}</h1>'
            f'<p>{escape(t.gettext(w.TOO_MANY_TEXT))}</p>{retry}</section></main>')
    scripts = '<script src="/static/page.js"></script>' if retry else ""
    return _page(t, "missing-page", t.gettext(w.TOO_MANY_TITLE), body, scripts, head)
