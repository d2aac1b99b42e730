"""Issue 13.3: the web pages a server answers to plain GETs: /, /t/CODE, /static/, 404s.

Without a browser (tests/server/test_web_browser.py drives a real one): the pages'
headers (CSP, nosniff, referrer), the browser's language, escaping of names, the
`public` table setting, and that a page holds no script or style of its own.
"""
from __future__ import annotations

import asyncio
import json
import hashlib
import urllib.error
import urllib.request
from html.parser import HTMLParser
from typing import Any

import pytest
from websockets.asyncio.client import connect as ws_connect

from doublenine.server.storage import open_store
from doublenine.server.web.site import static_files
from doublenine.shared import protocol as p
from doublenine.server.web.words import negotiate

from .conftest import connect, seats, spectate

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self' ws://{host} wss://{host}; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
MSGPACK_SHA256 = "3e7ae27410846ac09f94674bd7b91133d6e59bd3c02508080c4139c1386b359b"
"""static/vendor/msgpack.min.js as published in @msgpack/msgpack 3.1.3 (static/vendor/README.md)."""


async def get(server: Any, path: str, lang: str | None = None, **headers: str) -> tuple[int, dict[str, str], str]:
    """A plain browser-like GET: status, headers, body text."""
    url = f"http://127.0.0.1:{server.port}{path}"
    if lang is not None:
        headers["Accept-Language"] = lang

    def fetch() -> tuple[int, dict[str, str], str]:
        request = urllib.request.Request(url, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=10) as r:
                return r.status, dict(r.headers.items()), r.read().decode(errors="replace")
        except urllib.error.HTTPError as e:
            return e.code, dict(e.headers.items()), e.read().decode()

    return await asyncio.to_thread(fetch)


async def create(server: Any, public: bool | None, names: tuple[str, ...] = ("Ana", "Bo", "Chloé", "Dmitri"),
                 kinds: str = "hccc") -> Any:
    c = await connect(server)
    spec: dict[str, Any] = {"type": "create_table", "seats": seats(*kinds), "seed": 3, "sit": 1, "name": names[0]}
    for i, name in enumerate(names[1:], start=1):
        spec["seats"][i]["name"] = name
    if public is not None:
        spec["public"] = public
    return await c.attach(spec)


class Scan(HTMLParser):
    """Every tag with its attributes, and the text of script elements."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def own_code_in(html: str) -> list[str]:
    """What a page would run or style by itself: inline scripts, style elements or attributes,
    event handler attributes, and any link to another host."""
    scan = Scan()
    scan.feed(html)
    found = []
    for tag, attrs in scan.tags:
        if tag == "script" and "src" not in attrs and attrs.get("type") != "application/json":
            found.append("inline script")
        if tag == "style" or "style" in attrs:
            found.append(f"style in <{tag}>")
        found += [f"{name} on <{tag}>" for name in attrs if name.startswith("on")]
        for name in ("src", "href"):
            value = attrs.get(name) or ""
            if "//" in value and not value.startswith("doublenine://"):
                found.append(f"{name}={value}")
    return found


def test_issue13_browser_language_is_the_best_supported_one() -> None:
    assert negotiate("de-AT,de;q=0.9,en;q=0.5") == "de"
    assert negotiate("ja,fr-CA;q=0.8,es;q=0.9") == "es"
    assert negotiate("pt-BR") == "pt"
    assert negotiate("fr;q=0, en") == "en"  # q=0: not acceptable
    assert negotiate("fr;q=٠.٩,de;q=0.5") == "de"  # a quality in other digits is no qvalue: fr is skipped
    assert negotiate(None) == "en" and negotiate("*") == "en" and negotiate("x" * 10_000) == "en"
    assert negotiate("ja," * 100 + "fr") == "en"  # only the first ranges are read


async def test_issue13_table_page_has_the_table_and_strict_headers(server) -> None:
    host = await create(server, None, names=("Ana", "<script>alert(1)<script>", "Chloé", "a<b\"'"), kinds="hhcc")
    status, headers, html = await get(server, f"/t/{host.code}", "fr-FR,fr;q=0.9")
    assert status == 200
    assert headers["Content-Security-Policy"] == CSP.format(host=f"127.0.0.1:{server.port}")
    assert headers["X-Content-Type-Options"] == "nosniff" and headers["Referrer-Policy"] == "no-referrer"
    assert headers["Content-Type"] == "text/html; charset=utf-8" and headers["Content-Language"] == "fr"
    assert f"<h1>Table {host.code}</h1>" in html and '<html lang="fr">' in html
    # the page's script says hello in the protocol of the server that served it (docs/protocol.md)
    assert f'data-code="{host.code}" data-protocol="{p.PROTOCOL_VERSION}"' in html
    assert "Ouvrir dans doublenine" in html
    assert f'href="doublenine://127.0.0.1:{server.port}/{host.code}"' in html
    assert "pipx install doublenine-0.1.0-py3-none-any.whl" in html
    # new user s10: where the wheel comes from (the server answers 404 for it), in the page's language
    assert ("<p>Ce serveur ne distribue pas le jeu\u00a0: demandez son fichier, doublenine-0.1.0-py3-none-any.whl, "
            "à la personne qui vous a envoyé ce lien (il se fabrique à partir des sources du jeu avec python -m "
            "build). Puis, avec Python 3.11 ou plus récent, installez-le avec pipx\u00a0:</p>") in html
    # (names hold no "/" nor "&" since attacker s16 F4, f450c22: markup without them is escaped all the same)
    assert "&lt;script&gt;alert(1)&lt;script&gt;" in html and "<script>alert" not in html
    assert "a&lt;b&quot;&#x27;" in html
    assert own_code_in(html) == []


async def test_issue13_the_open_button_uses_the_address_the_browser_used(server) -> None:
    host = await create(server, None, kinds="hhcc")
    _, headers, html = await get(server, f"/t/{host.code.lower()}", Host="[::1]:8765")
    assert f'href="doublenine://[::1]:8765/{host.code}"' in html
    assert "connect-src 'self' ws://[::1]:8765 wss://[::1]:8765;" in headers["Content-Security-Policy"]
    _, headers, html = await get(server, f"/t/{host.code}", Host="play.example.org")
    assert f'href="doublenine://play.example.org:80/{host.code}"' in html
    _, headers, html = await get(server, f"/t/{host.code}", Host="not a host")
    assert 'href="doublenine://' not in html  # no usable address: no button, and no host in the CSP
    assert "connect-src 'self'; " in headers["Content-Security-Policy"]


async def test_the_open_button_of_a_full_table_watches_it_and_of_a_table_with_a_free_seat_sits(server) -> None:
    """s14 spectate item 2: "Open in doublenine" of a full table tried to sit there, and the game said the table
    is full. A full table's link watches it (``watch=1``, shared/invite.Invite.watch); the page's script keeps
    the link so as seats come and go (table.js openLink)."""
    full = await create(server, None)  # seat 1 taken, three computers: no seat to take
    _, _, html = await get(server, f"/t/{full.code}")
    assert f'href="doublenine://127.0.0.1:{server.port}/{full.code}?watch=1"' in html
    free = await create(server, None, kinds="hhcc")  # seat 2 waits for a person
    _, _, html = await get(server, f"/t/{free.code}")
    assert f'href="doublenine://127.0.0.1:{server.port}/{free.code}"' in html
    _, _, html = await get(server, f"/t/{full.code}", Host="play.example.org:443")
    assert f'href="doublenine://play.example.org:443/{full.code}?watch=1"' in html


async def test_issue13_a_websocket_on_the_page_path_is_still_a_client(server) -> None:
    host = await create(server, None)
    watcher = await spectate(server, host.code)  # TableClient dials ws://.../ (any path works)
    from websockets.asyncio.client import connect as ws_connect
    async with ws_connect(f"ws://127.0.0.1:{server.port}/t/{host.code}") as ws:
        await ws.send(p.pack({"type": "hello", "protocol_version": p.PROTOCOL_VERSION}))
        assert b"welcome" in await asyncio.wait_for(ws.recv(), 5)
    assert watcher.code == host.code


async def test_issue13_unknown_code_and_path_get_a_404_in_the_browsers_language(server) -> None:
    status, headers, html = await get(server, "/t/ZZZZZ", "de")
    assert status == 404 and "Kein offener Tisch hat diesen Code" in html and headers["Content-Language"] == "de"
    assert headers["Content-Security-Policy"].startswith("default-src 'none';")
    status, _, html = await get(server, "/nothing/here", "es")
    assert status == 404 and '<html lang="es">' in html
    status, _, _ = await get(server, "/t/../../etc/passwd")
    assert status == 404


async def test_issue13_only_public_tables_are_listed_and_names_escaped(server) -> None:
    private = await create(server, None)
    shown = await create(server, True, names=("<i>Eve<i>", "Bo", "Chloé", "Dmitri"))
    assert private.table.public is False and shown.table.public is True
    status, headers, html = await get(server, "/", "pt-BR")
    assert status == 200 and headers["Vary"] == "Accept-Language"
    assert f'href="/t/{shown.code}"' in html and private.code not in html
    assert "&lt;i&gt;Eve&lt;i&gt;" in html and "<i>" not in html
    assert f"ws://127.0.0.1:{server.port}" in html
    assert own_code_in(html) == []


async def test_issue13_public_setting_survives_a_restart(make_server, tmp_path) -> None:
    store = open_store(str(tmp_path / "t.sqlite3"))
    first = await make_server(store=store)
    host = await create(first, True, kinds="hhcc")
    code, token = host.code, host.token
    await first.stop()
    await store.close()
    store2 = open_store(str(tmp_path / "t.sqlite3"))
    second = await make_server(store=store2)
    back = await connect(second)
    await back.attach({"type": "rejoin", "code": code, "token": token})
    assert back.table.public is True
    _, _, html = await get(second, "/")
    assert f'href="/t/{code}"' in html
    await store2.close()


@pytest.mark.parametrize("path, kind", [("/static/table.js", "text/javascript; charset=utf-8"),
                                        ("/static/page.css", "text/css; charset=utf-8"),
                                        ("/static/vendor/msgpack.min.js", "text/javascript; charset=utf-8"),
                                        ("/static/vendor/LICENSE-msgpack.txt", "text/plain; charset=utf-8"),
                                        ("/static/icon.png", "image/png")])
async def test_issue13_static_files_come_from_the_package(server, path: str, kind: str) -> None:
    status, headers, _ = await get(server, path)
    assert (status, headers["Content-Type"], headers["X-Content-Type-Options"]) == (200, kind, "nosniff")


def test_issue13_vendored_msgpack_is_the_published_build() -> None:
    body, _ = static_files()["/static/vendor/msgpack.min.js"]
    assert hashlib.sha256(body).hexdigest() == MSGPACK_SHA256
    assert b"eval(" not in body and b"new Function" not in body  # script-src 'self' allows neither
    assert b"ISC" in static_files()["/static/vendor/LICENSE-msgpack.txt"][0] or \
        b"Permission to use, copy, modify" in static_files()["/static/vendor/LICENSE-msgpack.txt"][0]


async def test_issue13_behind_nginx_the_invite_says_tls(make_server) -> None:
    server = await make_server(trust_proxy=True)
    host = await create(server, None, kinds="hhcc")
    _, _, html = await get(server, f"/t/{host.code}", Host="play.example.org", **{"X-Forwarded-Proto": "https"})
    assert f'href="doublenine://play.example.org:443/{host.code}?tls=1"' in html
    plain = await make_server()  # without --trust-proxy the header is anyone's word: ignored
    other = await create(plain, None, kinds="hhcc")
    _, _, html = await get(plain, f"/t/{other.code}", Host="play.example.org", **{"X-Forwarded-Proto": "https"})
    assert f'href="doublenine://play.example.org:80/{other.code}"' in html


async def test_index_shows_a_free_seat_as_free_not_under_its_default_name(server) -> None:
    """New-user finding 4: ``/`` said "Carl, East, North, West · 1 free seat" (East was free)."""
    c = await connect(server, "netbot")  # Carl is a program: "Carl computer"
    spec: dict[str, Any] = {"type": "create_table", "seats": seats("h", "h", "c", "c"), "seed": 3, "sit": 1,
                            "name": "Carl", "public": True}
    spec["seats"][2]["name"], spec["seats"][3]["name"] = "Nora", "Wes"
    await c.attach(spec)
    _, _, html = await get(server, "/")
    # s13 spectator F8: computer seats marked as such, as on the table page
    assert ('<span class="label">Team A</span> <span class="members"><bdi>Carl</bdi> <span class="kind">computer</span> &amp; <bdi>Nora</bdi> '
            '<span class="kind">computer</span></span> <span class="points">0'
            '</span></span><span class="team team-B"><span class="label">Team B</span> <span class="members"><bdi>free seat</bdi> &amp; <bdi>Wes</bdi> '
            '<span class="kind">computer</span></span> <span class="points">0</span>') in html  # club s14 F6: by team
    assert "1 seat for a person" in html
    _, _, html = await get(server, f"/t/{c.code}")
    assert '<span class="members" id="members-B"><bdi>free seat</bdi> &amp; <bdi>Wes</bdi></span>' in html


async def test_s17_the_team_line_names_a_free_computer_seat_as_its_card_does(server) -> None:
    """Session 17 (left from s16; kind: a seat's default name read as a person's): Ana started alone at a table
    of two people and two computers, so seat 2 is a "computer, free seat"; the page's team line read "East &
    West", East as if a person sat there, where the seat cards (the page's and the window's) and the list on
    ``/`` say "computer, free seat". A computer seat keeps its name."""
    host = await create(server, True, names=("Ana",), kinds="hhcc")
    await host.send({"type": "start"})
    await host.until(lambda m: host.table is not None and host.table.started)
    _, _, html = await get(server, f"/t/{host.code}")
    assert '<span class="members" id="members-B"><bdi>computer, free seat</bdi> &amp; <bdi>West</bdi></span>' in html
    assert '<span class="members" id="members-A"><bdi>Ana</bdi> &amp; <bdi>North</bdi></span>' in html
    _, _, html = await get(server, f"/t/{host.code}", "es")
    assert '<span class="members" id="members-B"><bdi>computadora, libre</bdi> &amp; <bdi>Oeste</bdi></span>' in html


async def test_the_page_as_served_says_what_the_live_page_says_during_the_opening_draw(server) -> None:
    """New-user finding 4: served "Playing" while the script then said "Opening draw" (R3)."""
    host = await create(server, True)  # Ana and three computers: the draw waits for Ana's pick
    assert host.view.phase.value == "draw"
    _, _, html = await get(server, f"/t/{host.code}")
    assert '<span id="status">Opening draw</span>' in html
    _, _, html = await get(server, f"/t/{host.code}", "de")
    assert '<span id="status">Auslosung</span>' in html  # the script's own word, in the page's language


async def test_the_index_row_says_what_the_table_page_says_during_the_opening_draw(server) -> None:
    """Tester finding: /t/CODE said "Opening draw" while its row on / said "Playing" (R3)."""
    host = await create(server, True)
    assert host.view.phase.value == "draw"
    _, _, html = await get(server, "/")
    assert '<span class="meta">Opening draw</span>' in html  # club s14 F6: no "full" while it plays; scores by team
    _, _, html = await get(server, "/", "de")
    assert '<span class="meta">Auslosung</span>' in html and "Läuft" not in html


def test_the_page_uses_the_windows_team_colours() -> None:
    """New-user finding 3: the window has team A gold and B blue; the page had A blue, B salmon."""
    import re
    from importlib import resources

    from doublenine.client.palette import TEAM_COLOURS

    css = resources.files("doublenine.server.web").joinpath("static/page.css").read_text("utf-8")
    found = dict(re.findall(r"--team-([ab]):\s*#([0-9a-f]{6});", css))
    assert found == {team.lower(): "%02x%02x%02x" % rgb for team, rgb in TEAM_COLOURS.items()}
    assert found == {"a": "e8b048", "b": "60b6dc"}


async def test_unnamed_seats_have_the_windows_names_in_the_pages_language(server) -> None:
    """New-user N7: the German page named the computer seats "East & West" while the German window said
    "Ost / West" (kind: a translation missing on one surface). The page, its list and its script's words
    take the default names from the window's catalog (shared/i18n DEFAULT_SEAT_NAMES)."""
    host = await create(server, True, names=("Ana",))
    _, _, html = await get(server, f"/t/{host.code}", "de")
    assert '<span class="members" id="members-B"><bdi>Ost</bdi> &amp; <bdi>West</bdi></span>' in html
    assert '<span class="members" id="members-A"><bdi>Ana</bdi> &amp; <bdi>Nord</bdi></span>' in html
    assert '<span class="name">Ost</span>' in html and '<span class="name">East</span>' not in html
    start = html.index('id="words">') + len('id="words">')
    words = json.loads(html[start:html.index("</script>", start)])
    assert [(words[f"default_{n}"], words[f"seat_{n}"]) for n in (1, 2, 3, 4)] == \
        [("South", "Süd"), ("East", "Ost"), ("North", "Nord"), ("West", "West")]
    _, _, html = await get(server, "/", "fr")
    assert ('<bdi>Nord</bdi> <span class="kind">ordinateur</span></span> <span class="points">0</span></span><span class="team team-B">'
            '<span class="label">Équipe B</span> <span class="members"><bdi>Est</bdi> <span class="kind">ordinateur</span> &amp; '
            '<bdi>Ouest</bdi> <span class="kind">ordinateur</span></span> <span class="points">0</span></span></span>') in html
    _, _, html = await get(server, f"/t/{host.code}")  # English: the names as the server gives them
    assert '<span class="members" id="members-B"><bdi>East</bdi> &amp; <bdi>West</bdi></span>' in html


async def test_s11_10_links_name_the_public_address_never_a_forged_host(make_server) -> None:
    """Operator s11 finding 10: behind nginx (server_name _) ``Host: evil.example`` came back as
    ``doublenine://evil.example:443/CODE?tls=1``. With public addresses configured, a Host that is one
    of them (case and the scheme's own port aside) is used as configured, any other gives the first."""
    server = await make_server(trust_proxy=True, public_addresses=("play.example.org", "localhost:41443"))
    host = await create(server, True, kinds="hhcc")
    https = {"X-Forwarded-Proto": "https"}
    seen = []
    for asked in ("evil.example", "PLAY.Example.org:443", "localhost:41443", "localhost", "not a host"):
        _, headers, html = await get(server, f"/t/{host.code}", Host=asked, **https)
        link = html.split('href="doublenine://', 1)[1].split('"', 1)[0]
        seen.append((asked, link, headers["Content-Security-Policy"].split("connect-src ", 1)[1].split(";", 1)[0]))
    assert seen == [
        ("evil.example", f"play.example.org:443/{host.code}?tls=1", "'self' ws://play.example.org wss://play.example.org"),
        ("PLAY.Example.org:443", f"play.example.org:443/{host.code}?tls=1",
         "'self' ws://play.example.org wss://play.example.org"),
        ("localhost:41443", f"localhost:41443/{host.code}?tls=1", "'self' ws://localhost:41443 wss://localhost:41443"),
        ("localhost", f"play.example.org:443/{host.code}?tls=1", "'self' ws://play.example.org wss://play.example.org"),
        ("not a host", f"play.example.org:443/{host.code}?tls=1", "'self' ws://play.example.org wss://play.example.org"),
    ]
    _, _, index = await get(server, "/", Host="evil.example", **https)
    assert "evil.example" not in index and "wss://play.example.org" in index
    _, _, plain = await get(server, f"/t/{host.code}", Host="play.example.org:80")  # no proxy header: http
    assert f'href="doublenine://play.example.org:80/{host.code}"' in plain


def test_s13_the_page_has_the_windows_words_for_a_named_result_and_an_away_seat() -> None:
    """s13 spectator F7: T2 ended 103-0, a Pollona (R20); the window named it, the page said only "Team A wins
    the match!". The script reads ``named_`` + the view's ``named`` ("pollona", "tripollua", docs/protocol.md)."""
    from doublenine.server.web.words import script_words
    from doublenine.shared.i18n import translator
    en, fr = script_words(translator("en")), script_words(translator("fr"))
    assert en["named_pollona"] == "Pollona: Team {team} won the match while Team {other} had no points"
    assert fr["named_pollona"] == "Pollona\u00a0: l’équipe {team} a gagné la partie alors que l’équipe {other} n’avait aucun point"
    assert en["named_tripollua"].startswith("Tripollúa: Team {team} went from 0 to 100")
    assert en["disconnected"] == "{name} is disconnected"


async def test_s13_the_index_counts_a_tables_spectators(server) -> None:
    """s13 spectator F8: the list gave no spectator count (the table page has one)."""
    c = await connect(server)
    await c.attach({"type": "create_table", "seats": seats("h", "c", "c", "c"), "seed": 3, "sit": 1,
                    "name": "Zoe", "public": True})
    watcher = await connect(server)
    await watcher.attach({"type": "spectate", "code": c.code})
    for _ in range(50):
        _, _, html = await get(server, "/")
        if "1 spectator" in html:
            break
        await asyncio.sleep(0.1)
    assert f'{c.code}</span><span class="names">' in html
    assert ('<bdi>North</bdi> <span class="kind">computer</span></span> <span class="points">0</span></span><span class="team team-B">'
            '<span class="label">Team B</span> <span class="members"><bdi>East</bdi> <span class="kind">computer</span> &amp; '
            '<bdi>West</bdi> <span class="kind">computer</span></span> <span class="points">0</span></span></span>') in html
    assert "· 1 spectator</span>" in html and "full" not in html.split(c.code, 1)[1].split("</li>")[0]


async def test_s13_a_person_named_like_a_computer_seat_never_reads_as_one_in_the_list(server) -> None:
    """Attacker s13 F4: a person seated as "East (computer)" read exactly as a computer seat in the list
    ("East (computer)"); the kind is now markup a name cannot contain."""
    c = await connect(server, "netbot")  # Carl is a program
    await c.attach({"type": "create_table", "seats": seats("h", "c", "h", "c"), "seed": 3, "sit": 1,
                    "name": "Carl", "public": True})
    async with ws_connect(server.url, compression=None) as person:  # a person's client, not a program
        await person.send(p.pack({"type": "hello", "protocol_version": p.PROTOCOL_VERSION, "client": "test"}))
        await person.send(p.pack({"type": "join", "code": c.code, "seat": 3, "name": "East (computer)"}))
        for _ in range(50):
            _, _, html = await get(server, "/")
            if "East (computer)" in html:
                break
            await asyncio.sleep(0.1)
        assert ('<span class="names"><span class="team team-A"><span class="label">Team A</span> <span class="members"><bdi>Carl</bdi> '
                '<span class="kind">computer</span> &amp; <bdi>East (computer)</bdi></span> <span class="points">0</span></span>'
                '<span class="team team-B"><span class="label">Team B</span> <span class="members"><bdi>East</bdi> <span class="kind">computer</span> '
                '&amp; <bdi>West</bdi> <span class="kind">computer</span></span> <span class="points">0</span></span></span>') in html


async def test_phone_s15_f4_the_pages_carry_what_a_phone_is_told_in_the_readers_language(server) -> None:
    """Phone s15 F4: the words a phone or tablet gets in place of the install help (shown by page.css on touch
    devices; tests/server/test_web_phone.py checks where they show), here as served in French."""
    host = await create(server, True, kinds="hhcc")
    _, _, html = await get(server, f"/t/{host.code}", "fr")
    link = f"http://127.0.0.1:{server.port}/t/{host.code}"
    assert ('<details class="on-phone" open><summary>Pour jouer, utilisez un ordinateur</summary>'
            "<p>doublenine se joue dans son programme, sur un ordinateur (Linux, avec Python 3.11 ou plus récent). "
            "Sur un téléphone ou une tablette, cette page vous permet de regarder.</p>"
            "<p>Ouvrez ce lien sur l’ordinateur\u00a0: la page y explique comment installer le jeu. Ou lancez-y "
            f"doublenine et rejoignez la table {host.code}.</p>") in html
    assert (f'<input class="link" readonly value="{link}" aria-label="Lien vers cette page">'
            '<button type="button" class="share-link" hidden data-share="Partager le lien" data-copy="Copier le lien" '
            'data-copied="Lien copié">Copier le lien</button>') in html
    assert '<script src="/static/page.js"></script>' in html and own_code_in(html) == []
    full = await create(server, True)  # no seat waits for a person: the block is one tap away
    _, _, html = await get(server, f"/t/{full.code}", "fr")
    assert '<details class="on-phone"><summary>' in html
    _, _, html = await get(server, "/", "de")
    assert ('<section class="on-phone"><h2>Einen Tisch eröffnen</h2><p>Tische werden in doublenine eröffnet und '
            "gespielt, einem Programm für den Computer (Linux, mit Python 3.11 oder neuer).") in html
    assert f'value="http://127.0.0.1:{server.port}/"' in html
    _, _, html = await get(server, "/?view=projector")
    assert "on-phone" not in html and "page.js" not in html
