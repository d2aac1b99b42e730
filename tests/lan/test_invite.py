"""Issue 8: invites round-trip, and every malformed one is refused with a stable key."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doublenine.shared.invite import (
    CODE_ALPHABET, CODE_LENGTH, DEFAULT_PORT, Invite, InviteError, build_invite, parse_invite,
)


def test_build_then_parse_round_trips_ipv4() -> None:
    text = build_invite("192.168.1.20", 8765, "KQ7PM")
    assert text == "doublenine://192.168.1.20:8765/KQ7PM"
    assert parse_invite(text) == Invite("192.168.1.20", 8765, "KQ7PM")


def test_ipv6_host_goes_in_brackets_and_round_trips() -> None:
    text = build_invite("fd00::5", 9000, "ab7km")
    assert text == "doublenine://[fd00::5]:9000/AB7KM"
    invite = parse_invite(text)
    assert invite == Invite("fd00::5", 9000, "AB7KM")
    assert invite.ws_url() == "ws://[fd00::5]:9000/"


def test_tls_invite_round_trips_and_gives_wss() -> None:
    text = build_invite("play.example.org", 443, "KQ7PM", tls=True)
    assert text == "doublenine://play.example.org:443/KQ7PM?tls=1"
    invite = parse_invite(text)
    assert invite.tls is True
    assert invite.ws_url() == "wss://play.example.org:443/"
    assert invite.join_url == "wss://play.example.org:443/t/KQ7PM"


@pytest.mark.parametrize(("text", "expected"), [
    ("ws://10.0.0.7:8765/KQ7PM", Invite("10.0.0.7", 8765, "KQ7PM")),
    ("wss://play.example.org/t/KQ7PM", Invite("play.example.org", 443, "KQ7PM", tls=True)),
    ("ws://play.example.org/KQ7PM", Invite("play.example.org", 80, "KQ7PM")),
    ("192.168.1.20:8765/KQ7PM", Invite("192.168.1.20", 8765, "KQ7PM")),
    ("[::1]:8765/kq7pm", Invite("::1", 8765, "KQ7PM")),
    ("Host-1.Local/KQ7PM", Invite("host-1.local", DEFAULT_PORT, "KQ7PM")),
    ("  <doublenine://host:8765/kq-7pm>\n", Invite("host", 8765, "KQ7PM")),
    ("'doublenine://host:8765/KQ7PM/'", Invite("host", 8765, "KQ7PM")),
])
def test_other_accepted_forms(text: str, expected: Invite) -> None:
    assert parse_invite(text) == expected


@pytest.mark.parametrize(("text", "key"), [
    ("", "invite.empty"),
    ("   ", "invite.empty"),
    ("http://host:8765/KQ7PM", "invite.bad_scheme"),
    ("ftp://host/KQ7PM", "invite.bad_scheme"),
    ("host:99999/KQ7PM", "invite.bad_port"),
    ("host:0/KQ7PM", "invite.bad_port"),
    ("host:http/KQ7PM", "invite.bad_port"),
    ("host:/KQ7PM", "invite.bad_port"),
    ("host:-1/KQ7PM", "invite.bad_port"),
    ("fd00::5:8765/KQ7PM", "invite.bad_host"),
    ("-host-:8765/KQ7PM", "invite.bad_host"),
    ("1.2.3:8765/KQ7PM", "invite.bad_host"),
    ("host_name:8765/KQ7PM", "invite.bad_host"),
    ("host:8765/", "invite.malformed"),
    ("host:8765", "invite.malformed"),
    ("doublenine://", "invite.malformed"),
    ("[::1:8765/KQ7PM", "invite.malformed"),
    ("user@host:8765/KQ7PM", "invite.malformed"),
    ("host:8765/KQ7PM#x", "invite.malformed"),
    ("host:8765/K!", "invite.bad_code"),
    ("host:8765/KQ", "invite.bad_code"),
    ("host:8765/KQ7PKQ7PKQ7PX", "invite.bad_code"),
    ("host:8765/O0IL", "invite.bad_code"),
    ("host:8765/O0ILK", "invite.bad_code"),
    ("host:8765/KQ7P", "invite.bad_code"),  # codes are five characters: four or six cannot be one
    ("host:8765/KQ7PMX", "invite.bad_code"),
])
def test_malformed_invites_are_refused_with_a_stable_key(text: str, key: str) -> None:
    with pytest.raises(InviteError) as caught:
        parse_invite(text)
    assert caught.value.key == key
    assert "Traceback" not in str(caught.value)
    assert str(caught.value) == caught.value.failure.text()


def test_refusal_message_is_plain_english() -> None:
    with pytest.raises(InviteError) as caught:
        parse_invite("host:99999/KQ7PM")
    assert caught.value.failure.text("en") == "The invite's port “99999” is not a port number (1 to 65535)."


@pytest.mark.parametrize(("args", "key"), [
    (("host", 0, "KQ7PM"), "invite.bad_port"),
    (("host", 70000, "KQ7PM"), "invite.bad_port"),
    (("bad host", 8765, "KQ7PM"), "invite.bad_host"),
    (("host", 8765, "K"), "invite.bad_code"),
])
def test_build_refuses_bad_parts(args: tuple[str, int, str], key: str) -> None:
    with pytest.raises(InviteError) as caught:
        build_invite(*args)
    assert caught.value.key == key


_hosts = st.one_of(
    st.ip_addresses().map(str),
    st.from_regex(r"[a-z][a-z0-9-]{0,10}[a-z0-9](\.[a-z][a-z0-9]{0,8}){0,2}", fullmatch=True),
)


@settings(max_examples=150, deadline=None)
@given(host=_hosts, port=st.integers(1, 65535),
       code=st.text(alphabet=CODE_ALPHABET, min_size=CODE_LENGTH, max_size=CODE_LENGTH), tls=st.booleans())
def test_any_valid_invite_round_trips(host: str, port: int, code: str, tls: bool) -> None:
    invite = parse_invite(build_invite(host, port, code, tls=tls))
    assert invite == parse_invite(str(invite))
    assert (invite.port, invite.code, invite.tls) == (port, code, tls)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40))
def test_any_text_parses_or_is_refused_with_a_key(text: str) -> None:
    try:
        parse_invite(text)
    except InviteError as exc:
        assert exc.key.startswith("invite.")


def test_bad_code_message_names_the_characters_not_allowed() -> None:
    from doublenine.shared.invite import InviteError, parse_invite

    with pytest.raises(InviteError) as caught:
        parse_invite("host:8765/AB0CD")
    assert caught.value.failure.text("en") == (
        "The invite's table code “AB0CD” is not a table code: 5 letters and digits, without 0, 1, I, L, O or U.")
    assert "sans 0, 1, I, L, O ni U" in caught.value.failure.text("fr")


def test_table_url_puts_the_code_in_the_path_a_proxy_routes_by() -> None:
    from doublenine.shared.invite import table_url

    assert table_url("ws://10.0.0.5:8765/", "K959E") == "ws://10.0.0.5:8765/t/K959E"
    assert table_url("wss://play.example.org", "K959E") == "wss://play.example.org/t/K959E"
    assert table_url("ws://h:1/custom/path", "K959E") == "ws://h:1/custom/path"
    assert table_url("ws://h:1/", None) == "ws://h:1/"


def test_web_link_of_a_table_round_trips_as_an_invite() -> None:
    """Issue 13: the card's http(s)://HOST:PORT/t/CODE link, pasted into the game, joins the same table."""
    from doublenine.shared.invite import build_web_link
    assert build_web_link("192.168.1.20", 8765, "kq7pm") == "http://192.168.1.20:8765/t/KQ7PM"
    assert build_web_link("play.example.org", 443, "KQ7PM", tls=True) == "https://play.example.org/t/KQ7PM"
    assert build_web_link("fd00::5", 80, "KQ7PM") == "http://[fd00::5]/t/KQ7PM"
    assert parse_invite("http://192.168.1.20:8765/t/KQ7PM") == Invite("192.168.1.20", 8765, "KQ7PM")
    assert parse_invite("https://play.example.org/t/KQ7PM") == Invite("play.example.org", 443, "KQ7PM", tls=True)
    assert parse_invite("HTTP://[fd00::5]/t/kq7pm") == Invite("fd00::5", 80, "KQ7PM")
    invite = Invite("play.example.org", 443, "KQ7PM", tls=True)
    assert parse_invite(invite.web_url) == invite


@pytest.mark.parametrize("text", ["http://host:8765/KQ7PM", "http://host:8765/x/KQ7PM", "https://host/t/KQ7PM/more",
                                  "http://host/t/"])
def test_other_http_addresses_are_not_invites(text: str) -> None:
    with pytest.raises(InviteError) as err:
        parse_invite(text)
    assert err.value.failure.key in ("invite.bad_scheme", "invite.malformed")


@pytest.mark.parametrize("text", ["doublenine://127.0.0.1:8766/ABCD127.0.0.1:8765/DWFBM",
                                  "ws://127.0.0.1:8766/x/DWFBM", "wss://host/t/KQ7PM/DWFBM",
                                  "127.0.0.1:8766/KQ7PM/DWFBM", "doublenine://host:8765/t/x/KQ7PM"])
def test_extra_path_parts_are_malformed(text: str) -> None:
    """Kind: a parser that took the last part that fit; two invites run together named table DWFBM at
    the first one's address. Only ``/CODE`` and ``/t/CODE`` are an invite's path."""
    with pytest.raises(InviteError) as err:
        parse_invite(text)
    assert err.value.failure.key == "invite.malformed"


def test_code_and_join_path_forms_still_parse() -> None:
    assert parse_invite("doublenine://127.0.0.1:8766/t/dwfbm") == Invite("127.0.0.1", 8766, "DWFBM")
    assert parse_invite("ws://127.0.0.1:8766/DWFBM/") == Invite("127.0.0.1", 8766, "DWFBM")


def test_table_url_replaces_another_tables_path() -> None:
    """The server refuses a code other than its path's /t/CODE (WRONG_ROUTE): a client that dialled
    one table and reconnects for another dials the other's path."""
    from doublenine.shared.invite import table_url

    assert table_url("wss://play.example.org/t/AAAAA", "K959E") == "wss://play.example.org/t/K959E"
    assert table_url("ws://h:1/t/aaaaa/?x=1", "K959E") == "ws://h:1/t/K959E"
    assert table_url("ws://h:1/t/AAAAA", None) == "ws://h:1/t/AAAAA"


def test_a_watching_link_round_trips_with_tls_and_without() -> None:
    """s14 spectate item 2: the table page's "Open in doublenine" of a full table watches it (``watch=1``)."""
    text = build_invite("play.example.org", 443, "KQ7PM", tls=True, watch=True)
    assert text == "doublenine://play.example.org:443/KQ7PM?tls=1&watch=1"
    assert parse_invite(text) == Invite("play.example.org", 443, "KQ7PM", tls=True, watch=True)
    assert build_invite("192.168.1.20", 8765, "KQ7PM", watch=True) == "doublenine://192.168.1.20:8765/KQ7PM?watch=1"
    assert parse_invite("doublenine://192.168.1.20:8765/KQ7PM?watch=1").watch is True
    assert parse_invite("doublenine://192.168.1.20:8765/KQ7PM").watch is False
    assert parse_invite("doublenine://192.168.1.20:8765/KQ7PM?watch=0").watch is False
    assert str(parse_invite(text)) == text
