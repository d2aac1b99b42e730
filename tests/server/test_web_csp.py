"""Phone s15 F1 (High): ``/results``' filter form never submitted: the page's own content-security policy said
``form-action 'none'``, and every browser blocks a form the policy does not allow. Kind: a page feature blocked
by the page's own headers. Each page is read as served, and everything it makes the browser load or send (its
forms, scripts, style sheets, images and icons, the table page's websocket and ``/``'s reads of itself) is
checked against the policy sent with it, as a browser checks it (CSP level 3: a directive, else
``default-src``; ``'self'`` the page's origin, and for a websocket its ws/wss form; ``'none'`` nothing)."""
from __future__ import annotations

from typing import Any
from urllib.parse import urljoin, urlsplit

import pytest

from doublenine.server.web import pages
from doublenine.server.web.site import security_headers, static_files
from doublenine.server.web.words import words

from .test_web_pages import Scan, create, get

FETCH_DIRECTIVES = {"script": "script-src", "style": "style-src", "img": "img-src", "connect": "connect-src",
                    "form": "form-action"}
"""What the browser does -> the directive that rules it (form-action has no default-src fallback)."""


def directives(csp: str) -> dict[str, list[str]]:
    """``Content-Security-Policy`` text -> {directive: its sources}."""
    out: dict[str, list[str]] = {}
    for part in csp.split(";"):
        words_ = part.split()
        if words_:
            out.setdefault(words_[0].lower(), words_[1:])
    return out


def allows(csp: str, what: str, url: str, page: str) -> bool:
    """Whether ``csp`` lets a page at ``page`` do ``what`` (a key of :data:`FETCH_DIRECTIVES`) with ``url``."""
    rules = directives(csp)
    name = FETCH_DIRECTIVES[what]
    sources = rules.get(name, [] if name == "form-action" else rules.get("default-src", []))
    target, origin = urlsplit(urljoin(page, url)), urlsplit(page)
    if target.scheme == "data":
        return "data:" in sources
    same = {origin.scheme: origin.scheme, "http": "ws", "https": "wss"}
    for source in sources:
        if source == "'none'":
            return False
        if source == "'self'" and target.netloc == origin.netloc and target.scheme in (origin.scheme, same[origin.scheme]):
            return True
        if "://" in source and f"{target.scheme}://{target.netloc}" == source:
            return True
    return False


def used(html: str, page: str, code: str = "") -> list[tuple[str, str]]:
    """Everything ``html`` (served at ``page``) makes the browser load or send: (what, url)."""
    scan = Scan()
    scan.feed(html)
    out: list[tuple[str, str]] = []
    for tag, attrs in scan.tags:
        if tag == "script" and attrs.get("src"):
            out.append(("script", attrs["src"] or ""))
        elif tag == "link" and attrs.get("href"):
            out.append(("style" if attrs.get("rel") == "stylesheet" else "img", attrs["href"] or ""))
        elif tag == "img":
            out.append(("img", attrs.get("src") or ""))
        elif tag == "form":
            out.append(("form", attrs.get("action") or page))  # no action: the page itself
    scripts = [src for what, src in out if what == "script"]
    if "/static/table.js" in scripts:  # table.js: new WebSocket(scheme + location.host + "/t/" + CODE)
        origin = urlsplit(page)
        out.append(("connect", f"{'wss' if origin.scheme == 'https' else 'ws'}://{origin.netloc}/t/{code}"))
    if "/static/board.js" in scripts:  # board.js: fetch(window.location.href)
        out.append(("connect", page))
    return out


def test_phone_s15_f1_the_results_form_is_allowed_and_the_checker_can_refuse() -> None:
    page = "http://127.0.0.1:8765/results"
    form = ("form", "/results")
    [found] = [u for u in used(pages.results_page(words("en"), []), page) if u[0] == "form"]
    assert found == form
    old = "default-src 'none'; form-action 'none'"  # the policy as found: the form was blocked
    assert not allows(old, *form, page)
    [csp] = [v for k, v in security_headers("127.0.0.1:8765") if k == "Content-Security-Policy"]
    assert allows(csp, *form, page)
    assert not allows(csp, "form", "http://elsewhere.example/results", page)
    assert not allows(csp, "connect", "ws://elsewhere.example/t/ABCDE", page)
    assert not allows(csp, "script", "data:text/javascript,1", page) and allows(csp, "img", "data:x", page)


@pytest.mark.parametrize("path", ["/", "/?view=projector", "/t/CODE", "/results", "/results?table=Caf&date=",
                                  "/nothing/here", "/t/ZZZZZ"])
async def test_phone_s15_f1_every_page_may_use_what_it_has(server: Any, path: str) -> None:
    host = await create(server, True, kinds="hhcc")
    path = path.replace("CODE", host.code)
    _, headers, html = await get(server, path)
    page = f"http://127.0.0.1:{server.port}{path}"
    csp = headers["Content-Security-Policy"]
    found = used(html, page, host.code)
    assert [u for u in found if not allows(csp, *u, page)] == []
    kinds = {what for what, _ in found}
    assert {"script", "style", "img"} <= kinds or path.startswith(("/nothing", "/t/ZZZZZ", "/results"))
    assert ("form" in kinds) == path.startswith("/results")
    for what, url in found:  # and each file it loads is served
        if what in ("script", "style", "img"):
            assert urlsplit(urljoin(page, url)).path in static_files()


def test_phone_s15_f1_pages_built_without_a_server_may_use_what_they_have() -> None:
    """The pages the server answers in rarer cases (a closed table, 429, 503, a bad list link)."""
    t = words("de")
    [csp] = [v for k, v in security_headers("example.org:8765") if k == "Content-Security-Policy"]
    page = "http://example.org:8765/t/ABCDE"
    for html in (pages.closed_page(t, "ABCDE", []), pages.too_many_page(t), pages.store_busy_page(t),
                 pages.listing_busy_page(t), pages.bad_cursor_page(t, "BAD_CURSOR"), pages.not_found_page(t)):
        found = used(html, page, "ABCDE")
        assert found and [u for u in found if not allows(csp, *u, page)] == []
