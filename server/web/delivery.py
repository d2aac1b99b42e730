"""How the web pages travel (phone s15 F6, F11, F15): gzip for text, and ``/``'s self-refresh answered from a
shared copy without using up the address's page budget.

Phone s15 F15: ``/static/board.js`` reads ``/`` again every 10 s; 24 phones with the list open on one café's wifi
(one address) made 2.4 pages a second against the default ``--page-rate 2``, and the next friend's table link got
``429``. A refresh now asks with ``If-None-Match`` (any value: its first one has no tag yet), and while the copy
of that same page (same query, language, address and scheme) made by the last counted read is under
:data:`BOARD_FRESH` seconds old it is answered from it, ``304`` when unchanged, without counting: it costs a
dictionary lookup, like ``/static/``. An older copy, or a plain load of the page, is counted and read as before,
and refreshes the copy, so one read per page per :data:`BOARD_FRESH` s is counted whatever the number of phones.
"""
from __future__ import annotations

import gzip
import hashlib
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache

from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from ..addresses import one_header

BOARD_FRESH = 5.0
"""Seconds a copy of ``/`` answers conditional refreshes (``If-None-Match``) without counting them: the list a
phone shows is at most this much older than its ``BOARD_REFRESH_S`` (10 s) read."""
BOARDS_KEPT = 64
"""Copies of ``/`` kept (one per query, language, address, scheme), the oldest dropped first."""
GZIP_MIN = 1024
"""Bytes under which a body is sent as it is (gzip's header and the work cost more than they save)."""
COMPRESSIBLE = ("text/", "application/json")
"""Content types sent gzipped to a browser that accepts it (HTML, CSS, JavaScript, CSV, JSON, plain text)."""


def etag_of(body: bytes) -> str:
    """A weak entity tag for ``body`` (the same for its gzipped form, RFC 9110 8.8.1): ``W/"`` + 20 hex digits
    of its SHA-256 + ``"``."""
    return 'W/"' + hashlib.sha256(body).hexdigest()[:20] + '"'


@dataclass(frozen=True, slots=True)
class Board:
    """A copy of one ``/`` answer: when it was made (``time.monotonic()`` seconds), its tag and its body."""

    at: float
    etag: str
    body: bytes


class Boards:
    """The copies of ``/`` (:data:`BOARDS_KEPT` at most) a conditional refresh is answered from."""

    def __init__(self) -> None:
        self._kept: OrderedDict[tuple[str, str, str | None, bool], Board] = OrderedDict()

    def keep(self, key: tuple[str, str, str | None, bool], body: bytes, now: float) -> Board:
        """Keep ``body`` as the copy of ``key`` (request path with its query, language, address, tls)."""
        board = Board(now, etag_of(body), body)
        self._kept[key] = board
        self._kept.move_to_end(key)
        while len(self._kept) > BOARDS_KEPT:
            self._kept.popitem(last=False)
        return board

    def fresh(self, key: tuple[str, str, str | None, bool], now: float) -> Board | None:
        """The copy of ``key`` when it is under :data:`BOARD_FRESH` seconds old, else None."""
        board = self._kept.get(key)
        return board if board is not None and 0 <= now - board.at < BOARD_FRESH else None


def refresh_asked(request: Request) -> bool:
    """The request is a conditional read (``If-None-Match``), as ``/static/board.js`` makes."""
    return one_header(request, "If-None-Match") is not None


def not_modified(request: Request, etag: str) -> bool:
    """The request's ``If-None-Match`` names ``etag`` (RFC 9110 13.1.2: a list of tags or ``*``, compared weakly)."""
    asked = (one_header(request, "If-None-Match") or "")[:512]
    bare = etag.removeprefix("W/")
    return any(tag.strip() == "*" or tag.strip().removeprefix("W/") == bare for tag in asked.split(",")[:16])


def accepts_gzip(request: Request) -> bool:
    """``Accept-Encoding`` names gzip with a quality above 0 (RFC 9110 12.5.3; the header read up to 256 chars)."""
    for item in (one_header(request, "Accept-Encoding") or "")[:256].split(",")[:16]:
        name, _, params = item.strip().partition(";")
        if name.strip().lower() in ("gzip", "x-gzip"):
            quality = params.replace(" ", "").lower()
            return quality not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


@lru_cache(maxsize=64)
def _gzip_static(body: bytes) -> bytes:
    return gzip.compress(body, 6, mtime=0)


def compressed(request: Request, response: Response | None, static: bool = False) -> Response | None:
    """``response`` gzipped when the browser accepts it and the body is text of :data:`GZIP_MIN` bytes or more
    (phone s15 F11: nothing was compressed), with ``Content-Encoding`` and ``Vary: Accept-Encoding``;
    ``static``: a file of ``/static/`` (its compressed form is kept). Else ``response`` as it is."""
    if response is None:
        return None
    kind = response.headers.get("Content-Type", "")
    if len(response.body) < GZIP_MIN or not kind.startswith(COMPRESSIBLE) or "Content-Encoding" in response.headers:
        return response
    if not accepts_gzip(request):
        return response
    body = _gzip_static(response.body) if static else gzip.compress(response.body, 6, mtime=0)
    headers = Headers([(k, v) for k, v in response.headers.raw_items() if k.lower() != "content-length"])
    headers["Content-Length"] = str(len(body))
    headers["Content-Encoding"] = "gzip"
    vary = headers.get_all("Vary")
    if vary:
        del headers["Vary"]
    headers["Vary"] = ", ".join([*vary, "Accept-Encoding"])
    return Response(response.status_code, response.reason_phrase, headers, body)

