"""Issue 8 item 4: failures a person understands, each with a stable message key.

These test the message plumbing; tests/lan/test_failures_live.py meets each
failure for real (sockets on 127.0.0.1, port 0).
"""
from __future__ import annotations

import socket
import string

import pytest

from doublenine.shared.errors import ErrorCode
from doublenine.shared.failures import (
    MESSAGES, Failure, bind_failure, from_server_error, protocol_mismatch, unreachable,
)


def test_port_in_use_names_the_port_and_offers_one_that_is_free() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with socket.socket() as second, pytest.raises(OSError) as caught:
            second.bind(("127.0.0.1", port))
        failure = bind_failure(caught.value, "127.0.0.1", port)
        assert failure.key == "net.port_in_use"
        offered = int(str(failure.params["alternative"]))
        assert offered != port
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", offered))  # really free
    assert failure.text("en") == (f"Port {port} is already in use on this computer. "
                              f"Try port {offered} instead, or close the program that uses it.")


def test_protocol_mismatch_older_server_says_update_the_server() -> None:
    failure = protocol_mismatch(3, 2, "192.168.1.20", 8765)
    assert failure.key == "protocol.mismatch"
    assert failure.text("en") == ("This copy of doublenine speaks protocol version 3, the server at "
                                  "192.168.1.20:8765 speaks version 2. "
                                  "Ask the host to update doublenine on the server.")


def test_protocol_mismatch_newer_server_says_update_this_computer() -> None:
    text = protocol_mismatch(2, 3, "host", 8765).text("en")
    assert "version 2" in text and "version 3" in text
    assert text.endswith("Update doublenine on this computer.")


@pytest.mark.parametrize(("code", "key"), [
    (ErrorCode.TABLE_FULL, "table.full"),
    (ErrorCode.UNKNOWN_TABLE, "table.closed"),
    (ErrorCode.PROTOCOL_VERSION, "protocol.mismatch"),
])
def test_server_refusals_map_to_message_keys(code: ErrorCode, key: str) -> None:
    failure = from_server_error(code, host="fd00::5", port=8765, table="KQ7PM", ours=1, theirs=2)
    assert failure is not None and failure.key == key


def test_other_refusals_are_the_sentence_for_their_code_never_the_servers_detail() -> None:
    failure = from_server_error(ErrorCode.STALE, host="fd00::5", port=1)
    assert failure == Failure("net.refused", {"host": "[fd00::5]", "port": 1, "detail": Failure("refused.STALE")})
    assert failure.text("de") == ("Der Tisch war schon weiter, als Ihr Zug ankam: Bitte noch einmal ansehen "
                                  "(abgelehnt vom Server unter [fd00::5]:1)")


def test_unreachable_brackets_ipv6_hosts() -> None:
    failure = unreachable("fd00::5", 8765)
    assert failure.key == "net.unreachable"
    assert failure.text("en").startswith("Cannot reach a doublenine table at [fd00::5]:8765.")


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_every_message_fills_in_and_translates_without_error(key: str) -> None:
    names = {f for _, f, _, _ in string.Formatter().parse(MESSAGES[key]) if f}
    failure = Failure(key, {name: f"<{name}>" for name in names})
    for lang in ("en", "fr", "pt", "de", "es"):
        text = failure.text(lang)
        assert "{" not in text and all(f"<{name}>" in text for name in names)


def test_unknown_key_is_a_programming_error() -> None:
    with pytest.raises(KeyError):
        Failure("no.such.key")


def _refused(status: int) -> Exception:
    from websockets.datastructures import Headers
    from websockets.exceptions import InvalidStatus
    from websockets.http11 import Response
    return InvalidStatus(Response(status, "x", Headers({}), b""))


DEFINITIVE = (200, 301, 302, 400, 401, 403, 404, 405, 407, 410, 418, 426, 501, 505)
"""HTTP answers to the upgrade no wait changes (shared/reconnect.retry_dial False)."""


@pytest.mark.parametrize("lang", ["en", "fr", "pt", "de", "es"])
def test_every_http_refusal_says_what_it_means_never_a_bare_status(lang: str) -> None:
    """s13 linguists: an invite to a host whose port a web server answers showed "HTTP 404 (refusé par le
    serveur à 192.158.0.1:8765)". Kind: a network refusal shown as its HTTP status. Every definitive
    status is one of three sentences (not a table there; a login or an allow list; the server's own
    error), which keeps the status only in parentheses, and never begins with it."""
    from doublenine.shared.failures import connect_failure
    keys = {}
    for status in DEFINITIVE:
        failure = connect_failure(_refused(status), "192.168.0.1", 8765)
        keys[status] = failure.key
        text = failure.text(lang)
        assert not text.startswith("HTTP") and f"HTTP {status})" in text and "192.168.0.1:8765" in text
        assert len(text.split()) >= 15, text  # a sentence that says what to do, not a code
    assert {s for s, k in keys.items() if k == "net.forbidden"} == {401, 403, 407}
    assert {s for s, k in keys.items() if k == "net.server_error"} == {501, 505}
    assert {s for s, k in keys.items() if k == "net.not_a_table"} == set(DEFINITIVE) - {401, 403, 407, 501, 505}


def test_s13_the_case_an_invite_to_a_web_server_in_french() -> None:
    from doublenine.shared.failures import connect_failure
    assert connect_failure(_refused(404), "192.158.0.1", 8765).text("fr") == (
        "Quelque chose répond à 192.158.0.1:8765, mais ce n’est pas une table doublenine (une page web ou un "
        "autre programme, HTTP 404). Vérifiez l’adresse et le port, ou demandez une nouvelle invitation à l’hôte.")
