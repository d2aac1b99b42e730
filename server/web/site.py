"""Plain HTTP on the game's port (issue 13.3): ``/``, ``/t/CODE``, ``/static/...``.

The websocket and the page share their paths: a request with ``Upgrade: websocket``
is a client (``None``: the handshake goes on), any other ``GET`` gets a page. Called
from ``GameServer._process_request`` (websockets' ``process_request``), after
``/healthz`` and ``/metrics``.

Every answer carries a strict content-security policy (:func:`security_headers`):
scripts and styles from this server's ``/static/`` only, connections only back to
the host the page came from, no frames, no third-party host. The table page
learns the table as a spectator through the documented protocol (its script
connects like any client), so it never receives more than a spectator may see (D8).
"""
from __future__ import annotations

import asyncio
import email.utils
import logging
import math
import re
import time
from functools import lru_cache
from http import HTTPStatus
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from doublenine.shared.codec import decode_meta
from doublenine.shared.errors import ErrorCode
from doublenine.shared.invite import InviteError, build_invite
from doublenine.shared.tablecode import clean_code

from ..addresses import address_group, from_proxy, one_header, peer_of, request_client
from ..logfmt import log_repeated
from ..lookup import TABLE_PATH, look_up, routed_code
from ..seating import DEFAULT_NAMES, TableMeta
from ..storage.base import RESULTS_SHOWN, ListedTable, MatchResult
from ..table import ClaimsUnavailable, Refused, is_store_refusal
from . import pages
from .delivery import Board, Boards, compressed, not_modified, refresh_asked
from .listing import BAD_CURSOR, BadCursor, ListingUnavailable, PublicTables, cursor_query, stored_info, table_info
from .pages import SeatInfo, TableInfo
from .words import chosen_language, negotiate, words

STATIC_TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
                ".png": "image/png", ".txt": "text/plain; charset=utf-8"}
"""Files of ``server/web/static/`` served, by suffix (anything else there is not served)."""
ROBOTS = "User-agent: *\nDisallow: /t/\n"
LINK_TAIL = re.compile(r"^(/t/[A-Za-z0-9_-]{1,32})/?(?:[.,;:!?)\]}>'\"]|%20|%22|%29|%3[Ee]|%5[Dd]|%E2%80%9[CDcd])+$")
"""A table's path with what a chat message or a sentence put after a shared link ("/t/4XJC8." or "/t/4XJC8)", a
space or a closing quote escaped; phone s17 F11: the table was open and the page said no table has this code):
answered with a redirect to the path the code alone names (group 1), which nginx routes as any table page."""
"""``/robots.txt`` (phone s15 F16): a table's page is not for search engines (a link posted somewhere public
was indexable, unlisted tables' too); its pages also say ``noindex`` (:func:`.pages.table_page`)."""
PAGE_WAIT = 2.0
"""Seconds within which every page (``/``, its cursor pages, ``/t/CODE``, a ``404``) is answered,
whatever the store does (operator finding 8: while PostgreSQL hung, every page waited for the store
without a bound and answered nothing for 14 s): its page budget, its lookup and its listing all wait
on the store within this; past it the answer is ``503`` with ``Retry-After: 2`` and a page saying so
(the first page of ``/`` shows the last list it read instead, ``server/web/listing.py``)."""
LATE_PAGES_MAX = 8
"""Pages of one process whose work still waits on the store after their ``503``: with this many, a
new page gets its ``503`` at once, before any work (a hanging store costs bounded work)."""
LISTING_MARGIN = 0.4
"""Seconds before the page's deadline at which ``/`` stops waiting for the store and shows the last
list it read (so that answer, not the ``503``, wins the race). 0.1 s lost that race once in five
tries at load 19 on 2 cores: both timers came due in one late turn of the event loop and the 503 went
out while the last list was being laid out; 0.4 s still waits for the store most of the 2 s."""
RESULTS_TTL = 2.0
"""Seconds one read of the finished matches is reused by ``/`` and by each page of ``/results`` (a flood of
pages costs the store one query per page asked per process per interval, as the listing's ``LISTING_TTL``)."""
RESULT_PAGES_KEPT = 32
"""Pages of ``/results`` (a selection and a page number) one process keeps read for :data:`RESULTS_TTL`:
past it the oldest read is forgotten (a stranger's many different queries cost memory bounded by this)."""
RESULT_DOWNLOADS = {"/results.csv": ("text/csv; charset=utf-8", "csv"),
                    "/results.json": ("application/json; charset=utf-8", "json")}
"""The downloads of the finished matches: path -> (content type, file suffix)."""
log = logging.getLogger("doublenine.server.web")
_NETLOC = re.compile(r"^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?$")


def is_websocket(request: Request) -> bool:
    """The request asks for the websocket (``Upgrade: websocket``), not for a page."""
    return any("websocket" in value.lower() for value in request.headers.get_all("Upgrade"))


def request_netloc(request: Request) -> str | None:
    """The ``Host`` header when it is one plain ``host[:port]`` (it goes into headers and links)."""
    host = one_header(request, "Host")
    return host if host is not None and _NETLOC.match(host) else None


def _host_and_port(netloc: str, tls: bool) -> tuple[str, int] | None:
    """(host in lower case, port) of ``host[:port]``, the port left out being the scheme's own."""
    try:
        parts = urlsplit("//" + netloc)
        return (parts.hostname or "").lower(), parts.port or (443 if tls else 80)
    except ValueError:
        return None


def public_netloc(request: Request, tls: bool, public: tuple[str, ...]) -> str | None:
    """The ``host[:port]`` the page's links and headers name (operator s11 finding 10): with public
    addresses configured (``ServerConfig.public_addresses``), the one the request's ``Host`` is
    (host compared case-insensitively, a port left out being the scheme's own), else the first of
    them, so a forged ``Host`` never comes back in a link; with none, the request's ``Host`` when it
    is one plain ``host[:port]`` (the address the browser used), else None."""
    asked = request_netloc(request)
    if not public:
        return asked
    if asked is not None:
        key = _host_and_port(asked, tls)
        for name in public:
            if key is not None and _host_and_port(name, tls) == key:
                return name
    return public[0]


def security_headers(netloc: str | None) -> list[tuple[str, str]]:
    """The headers of every page and file: CSP (connections to the page's own host only, forms sent
    to this server only), nosniff, no referrer, no framing.

    Every feature a page uses must be allowed here (phone s15 F1: ``form-action 'none'`` blocked
    ``/results``' own filter form in every browser; tests/server/test_web_csp.py checks each page's
    forms, scripts, styles, images and its websocket against the policy sent with it)."""
    sockets = f" ws://{netloc} wss://{netloc}" if netloc else ""
    csp = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
           f"connect-src 'self'{sockets}; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
    return [("Content-Security-Policy", csp), ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"), ("X-Frame-Options", "DENY"),
            ("Cross-Origin-Opener-Policy", "same-origin"), ("Cross-Origin-Resource-Policy", "same-origin")]


def respond(status: HTTPStatus, body: bytes, content_type: str, netloc: str | None,
            extra: tuple[tuple[str, str], ...] = ()) -> Response:
    """One complete HTTP answer (the connection closes after it, as websockets does)."""
    headers = Headers([("Date", email.utils.formatdate(usegmt=True)), ("Connection", "close"),
                       ("Content-Length", str(len(body))), ("Content-Type", content_type),
                       *security_headers(netloc), *extra])
    return Response(status.value, status.phrase, headers, body)


def _walk(folder: Traversable, prefix: str) -> dict[str, tuple[bytes, str]]:
    out: dict[str, tuple[bytes, str]] = {}
    for entry in folder.iterdir():
        if entry.is_dir():
            out.update(_walk(entry, f"{prefix}{entry.name}/"))
            continue
        suffix = "." + entry.name.rsplit(".", 1)[-1] if "." in entry.name else ""
        if suffix in STATIC_TYPES:
            out[f"{prefix}{entry.name}"] = (entry.read_bytes(), STATIC_TYPES[suffix])
    return out


@lru_cache(maxsize=1)
def static_files() -> dict[str, tuple[bytes, str]]:
    """``/static/NAME`` -> (bytes, content type), read once from the package (the wheel carries
    them); the game's icon is ``/static/icon.png``. A lookup in this map is the only way a path
    reaches a file, so no path can leave the folder."""
    files = _walk(resources.files(__package__).joinpath("static"), "/static/")
    icon = resources.files("doublenine.client").joinpath("icons/doublenine.png")
    if icon.is_file():
        files["/static/icon.png"] = (icon.read_bytes(), "image/png")
        # phone s15 F16: what browsers and phones ask for by themselves answered, not a counted 404 page
        files["/apple-touch-icon.png"] = files["/static/icon.png"]
    if "/static/icon-64.png" in files:  # the pages' 2 KB icon (F11: the 45 KB one was shown at 32 px)
        files["/favicon.ico"] = files["/static/icon-64.png"]
    files["/robots.txt"] = (ROBOTS.encode(), "text/plain; charset=utf-8")
    return files


def invite_for(netloc: str | None, code: str, tls: bool, watch: bool = False) -> str | None:
    """The ``doublenine://`` link of table ``code`` at ``netloc`` (:func:`public_netloc`: the
    address the browser used, or the configured public one), or None when there is no usable
    address. ``watch``: a link that opens the table to watch (``watch=1``: a full table, s14)."""
    if netloc is None:
        return None
    try:
        parts = urlsplit("//" + netloc)
        port = parts.port or (443 if tls else 80)
        return build_invite(parts.hostname or "", port, code, tls=tls, watch=watch)
    except (ValueError, InviteError):
        return None


def page_link(netloc: str | None, tls: bool, path: str) -> str | None:
    """The web address of ``path`` on this server as the browser reached it (:func:`public_netloc`), for a phone
    to pass on to a computer (phone s15 F4); None when there is no usable address."""
    return None if netloc is None else f"{'https' if tls else 'http'}://{netloc}{path}"


def _moving_info(code: str) -> TableInfo:
    """A table the store holds open but another process serves or hands over (issue 12): the page's
    script fills it in. Only for a code the store answered for (:meth:`WebSite._held_elsewhere`)."""
    return TableInfo(code, tuple(SeatInfo(int(s), DEFAULT_NAMES[s], "free") for s in DEFAULT_NAMES), (0, 0), False)


class WebSite:
    """The pages of one server process: ``await site.answer(connection, request)``."""

    def __init__(self, registry: Any) -> None:
        self.registry = registry
        self.public = PublicTables(registry)
        """``/``'s list: every process's public tables, from the store (issue 12)."""
        self.late: set[asyncio.Future[Response]] = set()
        """Page work still running after its page got ``503`` (at most :data:`LATE_PAGES_MAX`)."""
        self._results: tuple[float, list[MatchResult]] | None = None
        """The last read of the finished matches of listed tables: (``time.monotonic()``, results)."""
        self._chosen: dict[pages.ResultsQuery, tuple[float, list[MatchResult]]] = {}
        """The last reads of ``/results``' pages: query -> (``time.monotonic()``, the store's rows), at most
        :data:`RESULT_PAGES_KEPT`."""
        self.boards = Boards()
        """Copies of ``/`` its self-refresh is answered from without counting (:mod:`.delivery`, phone s15 F15)."""

    def _tls(self, connection: Any, request: Request) -> bool:
        return from_proxy(peer_of(connection), self.registry.config) \
            and (one_header(request, "X-Forwarded-Proto") or "").lower() == "https"

    def _group(self, connection: Any, request: Request) -> str:
        return address_group(request_client(connection, request, self.registry.config))

    async def answer(self, connection: Any, request: Request) -> Response | None:
        """The page or file for a plain ``GET``, gzipped when the browser accepts it (:func:`.delivery.compressed`);
        None for a websocket handshake."""
        if is_websocket(request):
            return None
        path = request.path.split("?", 1)[0]
        return compressed(request, await self._answer(connection, request, path), static=path in static_files())

    async def _answer(self, connection: Any, request: Request, path: str) -> Response:
        tls = self._tls(connection, request)
        netloc = public_netloc(request, tls, tuple(getattr(self.registry.config, "public_addresses", ())))
        lang = chosen_language(request.path.partition("?")[2]) or negotiate(one_header(request, "Accept-Language"))
        t = words(lang)
        page_headers = (("Vary", "Accept-Language"), ("Cache-Control", "no-store"), ("Content-Language", lang))
        if path in static_files():
            body, kind = static_files()[path]
            return respond(HTTPStatus.OK, body, kind, netloc, (("Cache-Control", "public, max-age=300"),))
        if path == "/" and refresh_asked(request):  # phone s15 F15: a refresh from a fresh copy is not counted
            board = self.boards.fresh((request.path, lang, netloc, tls), time.monotonic())
            if board is not None:
                return self._board_answer(request, board, netloc, page_headers)
        if len(self.late) >= LATE_PAGES_MAX:
            return self._store_busy(path, t, netloc, page_headers)
        deadline = time.monotonic() + PAGE_WAIT
        work = asyncio.ensure_future(self._page(connection, request, path, tls, t, netloc, page_headers, deadline))
        try:
            return await asyncio.wait_for(asyncio.shield(work), PAGE_WAIT)
        except asyncio.TimeoutError:
            # the work goes on (a table being taken over is never cut half-way), counted until it ends
            self.late.add(work)
            work.add_done_callback(self._settled)
            log_repeated(log, logging.WARNING, "page store timeout", "a page: the store did not answer within %g s (503)",
                         PAGE_WAIT)
            return self._store_busy(path, t, netloc, page_headers)
        except asyncio.CancelledError:
            work.cancel()
            raise

    def _settled(self, work: asyncio.Future[Response]) -> None:
        self.late.discard(work)
        if not work.cancelled():
            work.exception()  # nobody waits for it any more: never "exception was never retrieved"

    @staticmethod
    def _store_busy(path: str, t: Any, netloc: str | None, page_headers: tuple[tuple[str, str], ...]) -> Response:
        """``503`` with ``Retry-After: 2`` and a page saying so: the store did not answer in time."""
        text = pages.listing_busy_page(t, 2) if path == "/" else pages.store_busy_page(t, 2)
        return respond(HTTPStatus.SERVICE_UNAVAILABLE, text.encode(), "text/html; charset=utf-8", netloc,
                       (*page_headers, ("Retry-After", "2")))

    async def _page(self, connection: Any, request: Request, path: str, tls: bool, t: Any, netloc: str | None,
                    page_headers: tuple[tuple[str, str], ...], deadline: float) -> Response:
        """The answer to a page request (``/``, ``/t/CODE``, any other path), the store waited for
        until ``deadline`` (``time.monotonic()`` seconds) at most."""
        html = "text/html; charset=utf-8"
        group, now = self._group(connection, request), time.monotonic()
        page = await self.registry.pages.reserve(group, now)  # every page below costs work: bounded per address
        if not page.taken:
            return self._too_many(t, netloc, page_headers, page.wait)
        if path == "/":
            return await self._index(request, tls, t, netloc, page_headers, deadline - LISTING_MARGIN)
        if path == "/results" or path in RESULT_DOWNLOADS:
            return await self._results_page(path, t, netloc, page_headers, request.path.partition("?")[2])
        tail = LINK_TAIL.match(path)
        if tail:  # phone s17 F11: a chat's "." or ")" after a shared link: the table's own address, not a 404
            return respond(HTTPStatus.MOVED_PERMANENTLY, b"", html, netloc, (*page_headers, ("Location", tail.group(1))))
        found = TABLE_PATH.match(path)
        if found:
            info = await self._lookup(group, now, found.group(1), routed_code(request.path) is not None)
            if info is HTTPStatus.NOT_FOUND:  # club s14 F4: a closed table says so, with its results
                closed = await self._closed(clean_code(found.group(1)), t)
                if closed is not None:
                    return respond(HTTPStatus.OK, closed.encode(), html, netloc, page_headers) if closed else \
                        self._store_busy(path, t, netloc, page_headers)
            if isinstance(info, TableInfo):
                text = pages.table_page(t, info, invite_for(netloc, info.code, tls, watch=info.free == 0),
                                        page_link(netloc, tls, f"/t/{info.code}"))
                return respond(HTTPStatus.OK, text.encode(), html, netloc, page_headers)
            if isinstance(info, float):  # out of code misses: 429 for any code, before it is looked at
                return self._too_many(t, netloc, page_headers, info)
            if info is HTTPStatus.SERVICE_UNAVAILABLE:  # never a page the store did not answer for
                return self._store_busy(path, t, netloc, page_headers)
            status = info
        else:
            status = HTTPStatus.NOT_FOUND
        return respond(status, pages.not_found_page(t).encode(), html, netloc, page_headers)

    async def _index(self, request: Request, tls: bool, t: Any, netloc: str | None,
                     page_headers: tuple[tuple[str, str], ...], deadline: float | None = None) -> Response:
        """``/`` and its pages (``?before=CURSOR``, ``?after=CURSOR``, issue 12 paging): ``400`` with
        ``X-Doublenine-Error: BAD_CURSOR`` for a cursor this server does not make, ``503`` with
        ``Retry-After`` when the store does not answer a cursor page in time."""
        html = "text/html; charset=utf-8"
        try:
            before, after = cursor_query(request.path.partition("?")[2])
        except BadCursor:
            return respond(HTTPStatus.BAD_REQUEST, pages.bad_cursor_page(t, BAD_CURSOR).encode(), html, netloc,
                           (*page_headers, ("X-Doublenine-Error", BAD_CURSOR)))
        try:
            page = await self.public.page(before=before, after=after, deadline=deadline)
        except ListingUnavailable:
            return respond(HTTPStatus.SERVICE_UNAVAILABLE, pages.listing_busy_page(t, 2).encode(), html, netloc,
                           (*page_headers, ("Retry-After", "2")))
        server = None if netloc is None else f"{'wss' if tls else 'ws'}://{netloc}"
        # club s14 F6: a view for a projector (cursor_query has read the query within its bounds)
        projector = ("view", "projector") in parse_qsl(request.path.partition("?")[2], max_num_fields=16)
        finished = None
        if before is None and after is None:  # the first page shows the newest finished matches
            try:
                finished = await self.finished(None if deadline is None else deadline - time.monotonic())
            except (OSError, asyncio.TimeoutError):
                finished = None
        text = pages.index_page(t, page.rows, server, page.older, page.newer, finished, projector,
                                pages.kept_query(request.path.partition("?")[2]), page_link(netloc, tls, "/"),
                                self.registry.config.time_zone)
        body = text.encode()  # kept for the refreshes of the next BOARD_FRESH s (phone s15 F15), tagged
        board = self.boards.keep((request.path, t.lang, netloc, tls), body, time.monotonic())
        return self._board_answer(request, board, netloc, page_headers)

    @staticmethod
    def _board_answer(request: Request, board: Board, netloc: str | None,
                      page_headers: tuple[tuple[str, str], ...]) -> Response:
        """``/`` from ``board`` with its ``ETag``: ``304`` without a body when the request's ``If-None-Match``
        names it (phone s15 F6: every read sent the whole page), else ``200``."""
        extra = (*page_headers, ("ETag", board.etag))
        if not_modified(request, board.etag):
            return respond(HTTPStatus.NOT_MODIFIED, b"", "text/html; charset=utf-8", netloc, extra)
        return respond(HTTPStatus.OK, board.body, "text/html; charset=utf-8", netloc, extra)

    async def finished(self, within: float | None = None) -> list[MatchResult]:
        """The newest finished matches of listed tables (at most ``RESULTS_SHOWN``), one store read per
        :data:`RESULTS_TTL` shared by every page; ``OSError`` or ``asyncio.TimeoutError`` (after
        ``within`` seconds) when the store does not answer."""
        now = time.monotonic()
        if self._results is not None and now - self._results[0] < RESULTS_TTL:
            return self._results[1]
        read = self.registry.store.load_results(RESULTS_SHOWN, public=True)
        found: list[MatchResult] = await (read if within is None else asyncio.wait_for(read, max(0.0, within)))
        self._results = (now, found)
        return found

    async def chosen_results(self, asked: pages.ResultsQuery) -> list[MatchResult]:
        """The store's rows of the ``/results`` page ``asked`` (:meth:`.pages.ResultsQuery.read`: at most
        ``RESULTS_PAGE`` + 1, chosen, ordered and paged by the store), one read per query per
        :data:`RESULTS_TTL` shared by every request. ``OSError`` when the store fails.

        Operator s15 F3: every ``/results`` read all 10,000 kept results (``RESULTS_KEPT``) into the process
        and chose the page in Python, holding the event loop 1.4-2.6 s (every table's moves waited, pages
        got ``503``). Kind: per-request work proportional to the data stored; ``/`` reads ``RESULTS_SHOWN``
        and ``LISTED_MAX`` rows at most, a closed table's page its own ``RESULTS_SHOWN``."""
        now = time.monotonic()
        kept = self._chosen.get(asked)
        if kept is not None and now - kept[0] < RESULTS_TTL:
            return kept[1]
        found: list[MatchResult] = await self.registry.store.load_results(**asked.read())
        self._chosen.pop(asked, None)
        while len(self._chosen) >= RESULT_PAGES_KEPT:
            del self._chosen[next(iter(self._chosen))]  # the oldest read first (insertion order)
        self._chosen[asked] = (now, found)
        return found

    async def _results_page(self, path: str, t: Any, netloc: str | None,
                            page_headers: tuple[tuple[str, str], ...], query: str = "") -> Response:
        """``/results`` (HTML), ``/results.csv`` and ``/results.json`` (downloads, club s14 F5): the page and
        selection ``query`` asks for (``table``, ``date``, ``page``: :class:`.pages.ResultsQuery`; attacker
        s14 F3); ``503`` when the store does not answer."""
        asked = pages.ResultsQuery.parse(query, self.registry.config.time_zone)
        try:
            found, more = pages.select_results(await self.chosen_results(asked), asked)
        except (OSError, asyncio.TimeoutError):
            return self._store_busy(path, t, netloc, page_headers)
        if path == "/results":
            return respond(HTTPStatus.OK, pages.results_page(t, found, asked, more).encode(),
                           "text/html; charset=utf-8", netloc, page_headers)
        kind, suffix = RESULT_DOWNLOADS[path]
        # organiser s16 F8: a byte-order mark first, so that a spreadsheet opened by a double click (Excel with a
        # Spanish or French locale) reads the names as UTF-8, not "HÃ©lÃ¨ne"; the CLI's CSV has it too (league s17 F8)
        if asked.players:  # league s17 F7: each person's totals over the choice
            from ..standings import standings, standings_csv, standings_json

            rows = standings(found)
            body = "\ufeff" + standings_csv(rows) if suffix == "csv" else standings_json(rows)
        else:
            body = "\ufeff" + pages.results_csv(found) if suffix == "csv" else pages.results_json(found)
        what = "players" if asked.players else "results"
        return respond(HTTPStatus.OK, body.encode(), kind, netloc,
                       (("Cache-Control", "no-store"),
                        ("Content-Disposition", f'attachment; filename="doublenine-{what}.{suffix}"')))

    async def _closed(self, code: str, t: Any) -> str | None:
        """The page of ``code`` when the store holds it closed (its finished matches listed, every one:
        whoever has the code may see them); None when it does not (the 404 stands); "" when the store
        did not answer."""
        try:
            stored = await self.registry.store.load(code, rows=False)
            if stored is None or not stored.closed:
                return None
            found = await self.registry.store.load_results(RESULTS_SHOWN, code=code)
        except OSError:
            return ""
        try:  # phone s15 F17: the closed table named as the list named it
            name = TableMeta.from_record(decode_meta(stored.meta), stored.code).name
        except (ValueError, TypeError, KeyError, AttributeError):  # a record that does not decode: the code alone
            name = ""
        return pages.closed_page(t, code, found, name, self.registry.config.time_zone)

    @staticmethod
    def _too_many(t: Any, netloc: str | None, page_headers: tuple[tuple[str, str], ...], wait: float) -> Response:
        """``429`` with ``Retry-After`` (whole seconds, at least 1) and a page that says so."""
        seconds = max(1, math.ceil(wait))
        extra = (*page_headers, ("Retry-After", str(seconds)))
        return respond(HTTPStatus.TOO_MANY_REQUESTS, pages.too_many_page(t, seconds).encode(),
                       "text/html; charset=utf-8", netloc, extra)

    async def _lookup(self, group: str, now: float, code: str, routed: bool) -> TableInfo | HTTPStatus | float:
        """The table ``code`` names, found like a ``spectate`` finds it (issue 12: loaded or taken
        over from the store; unknown codes count against the address group's misses); the seconds
        to wait when the group has no miss left. ``routed``: the page's path names ``code`` as nginx
        routes it (:func:`~..lookup.routed_code`); only then may a live owner be asked to hand the
        table over (attacker s10 F5: ``/t/R-G-Q-4-F`` reaches another process than RGQ4F's); else a
        table another process holds gets the page its script fills in from ``/t/CODE`` if the store
        holds it open (:meth:`_held_elsewhere`). ``503`` when the store or this process's claims did
        not answer (nothing is known of the code), ``404`` for any other refusal."""
        try:  # even a table served here: a group out of misses learns nothing of any code (issue 12 case 7)
            # never claimed: a page view (a link preview, curl) took a table from its live owner and
            # dropped its players (operator s17 F7); a table another process serves gets the page its
            # script fills in (its websocket may move it, as a spectator's, docs/protocol.md "Transport")
            return table_info(await look_up(self.registry, code, group, now=now, routed=routed, claim=False))
        except OSError:  # the store did not say whether the table exists
            return HTTPStatus.SERVICE_UNAVAILABLE
        except Refused as exc:
            if exc.code is ErrorCode.RATE_LIMITED:
                return float((exc.data or {}).get("retry_ms", 1000)) / 1000
            if isinstance(exc, ClaimsUnavailable) or exc.code is ErrorCode.SHUTTING_DOWN or is_store_refusal(exc):
                return HTTPStatus.SERVICE_UNAVAILABLE  # the store did not say whether the table exists
            if exc.code in (ErrorCode.TABLE_MOVING, ErrorCode.WRONG_ROUTE):
                return await self._held_elsewhere(clean_code(code))
            return HTTPStatus.NOT_FOUND

    async def _held_elsewhere(self, code: str) -> TableInfo | HTTPStatus:
        """The page of ``code`` that another process serves or is handing over: the waiting page its
        script fills in when the store holds ``code`` open, ``404`` when it does not, ``503`` when
        the store does not answer (operator s11 round 2 finding 1: a lock held elsewhere, or none
        at all, was shown as a blank "waiting for players" table, even for a code that names none)."""
        try:
            stored = await self.registry.store.load(code, rows=False)
        except OSError:
            return HTTPStatus.SERVICE_UNAVAILABLE
        if stored is None or stored.closed:
            return HTTPStatus.NOT_FOUND
        # its seats and score as stored (operator s17 F7: a page without script read every seat "free"); held
        # seats show as held, whether their players are connected being known only to the process serving it
        found = stored_info(ListedTable(code, stored.meta, stored.listing[1]))
        return _moving_info(code) if found is None else found[1]
