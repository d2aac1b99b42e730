"""Operator s11, findings 5 and 11: store addresses and settings refused in one line, never a password.

A password with ``#`` ended in a 48-line asyncpg traceback quoting its pieces; ``mysql://u:pw@h/db``
was taken for a file path whose missing folder echoed the password; ``--log-level FOO`` and a
malformed address were tracebacks; ``--max-frame 10``, ``--idle-timeout 0``, ``--burst 0``,
``--connection-idle 0`` and ``DOUBLENINE_LOG_FORMAT=xml`` were accepted without a word.
"""
from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from doublenine.cli import main
from doublenine.server.cli import MIN_FRAME, RANGES, add_arguments
from doublenine.server.storage import open_store
from doublenine.server.storage.address import BadAddress, ENCODE, parse_address, shown
from doublenine.shared.protocol import CLIENT_LIMITS

READ = "the PostgreSQL address cannot be read: "


@pytest.mark.parametrize(("address", "why"), [
    ("postgresql://dn2:Secret#Pw9@localhost/dn2db", "it contains a '#'"),
    ("postgresql://u:pw@[::1", "an IPv6 host's '[' is not closed by ']'"),
    ("postgresql://u:pw@localhost:notaport/db",
     "the port is not a number from 1 to 65535 (or a ':', '/' or '?' in the password was not percent-encoded)"),
    ("postgresql://u:pw@localhost:70000/db",
     "the port is not a number from 1 to 65535 (or a ':', '/' or '?' in the password was not percent-encoded)"),
    ("postgresql://u:p@ss@h/db", "it contains more than one '@'"),
    ("postgresql://u:pa/ss@h/db",
     "the port is not a number from 1 to 65535 (or a ':', '/' or '?' in the password was not percent-encoded)"),
    ("postgresql://u:100%sure@h/db", "a '%' is not followed by two hex digits"),
    ("postgres://u:pw@h/db?port=x", "its ?port= is not a number from 1 to 65535"),
    ("postgres://u:pw@h/db?sslmode", "its ?query is not NAME=VALUE&..."),
    ("postgresql://u:pw@::1/db", "an IPv6 host must be written in [brackets]"),
    ("postgresql://u:pass word@h/db", "it contains a space or a control character"),
])
def test_a_malformed_postgres_address_is_one_line_without_the_password(address: str, why: str) -> None:
    with pytest.raises(BadAddress) as caught:
        parse_address(address, "$DOUBLENINE_DB")
    assert str(caught.value) == f"$DOUBLENINE_DB: {READ}{why}; {ENCODE}"
    assert ENCODE == ("percent-encode these characters in the user name and password: "
                      "# as %23, @ as %40, / as %2F, ? as %3F, % as %25")
    for piece in ("Secret", "Pw9", "pw@", "p@ss", "pa/ss", "100%sure", "pass word"):
        assert piece not in str(caught.value)
    assert shown(address) == address.split("://")[0] + "://***"


def test_an_unknown_scheme_is_refused_not_taken_for_a_file() -> None:
    with pytest.raises(BadAddress) as caught:
        open_store("mysql://u:pw@h/db")
    assert str(caught.value) == ("--db: unknown kind of store mysql://; doublenine stores in "
                                 "postgresql://USER:PASSWORD@HOST:PORT/DB, in a SQLite file (a path) or in :memory:")
    assert shown("mysql://u:pw@h/db") == "mysql://***"


@pytest.mark.parametrize(("address", "kind", "hidden"), [
    ("postgresql://dn:Secret%23Pw9@db.example:5432/dn", "postgresql", "postgresql://dn:***@db.example:5432/dn"),
    ("postgresql://u:p%40ss@h1:5432,[::1]:5433/db?sslmode=require&password=x",
     "postgresql", "postgresql://u:***@h1:5432,[::1]:5433/db?sslmode=require&password=***"),
    ("postgresql:///dn?host=/run/postgresql", "postgresql", "postgresql:///dn?host=/run/postgresql"),
    ("postgres://u@h/d", "postgresql", "postgres://u@h/d"),
    ("/var/lib/doublenine/tables.sqlite3", "sqlite", "/var/lib/doublenine/tables.sqlite3"),
    ("C:\\dn\\t.sqlite3", "sqlite", "C:\\dn\\t.sqlite3"),
    (":memory:", "memory", ":memory:"),
])
def test_good_addresses_are_read_and_shown_without_the_password(address: str, kind: str, hidden: str) -> None:
    parsed = parse_address(address)
    assert (parsed.kind, parsed.target, parsed.shown) == (kind, address, hidden)


MISTYPED_TAIL = (", and no such file exists; doublenine stores in postgresql://USER:PASSWORD@HOST:PORT/DB (the "
                 "scheme in any case, nothing before it), in a SQLite file (a path; one with ':' or '@' in its "
                 "name must exist already) or in :memory:")


@pytest.mark.parametrize(("address", "why"), [
    ("postgresql:/u:Sekr1t@h/db", "it starts like a store address (postgresql:) but not with postgresql://"),
    ("postgresql:u:Sekr1t@h/db", "it starts like a store address (postgresql:) but not with postgresql://"),
    ("Postgres:u:Sekr1t@h/db", "it starts like a store address (postgres:) but not with postgres://"),
    (" postgresql://u:Sekr1t@h/db", "it is not a store address: something comes before its scheme's '://'"),
    ("\tPostgreSQL://u:Sekr1t@h/db", "it is not a store address: something comes before its scheme's '://'"),
    ("u:Sekr1t@h/db", "it contains an '@' as a PostgreSQL address does"),
    ("Sekr1t@h", "it contains an '@' as a PostgreSQL address does"),
])
def test_a_mistyped_postgres_address_is_refused_without_the_password(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, address: str, why: str) -> None:
    """Operator s11 round 2 finding 3: ``serve`` took these for file paths and its missing folder's
    message printed the password (``the folder PostgreSQL:/u:Sekr1t@h does not exist``). Kind: two
    readers of one address (serve's folder check compared schemes case-sensitively; copy-store did
    not). Refused by the one reader, by ``--db``, ``$DOUBLENINE_DB`` and copy-store alike."""
    with pytest.raises(BadAddress) as caught:
        parse_address(address, "$DOUBLENINE_DB")
    assert str(caught.value) == f"$DOUBLENINE_DB: {why}{MISTYPED_TAIL}"
    monkeypatch.setenv("DOUBLENINE_DB", address)
    assert _serve(capsys, "--port", "0") == (2, f"doublenine serve: $DOUBLENINE_DB: {why}{MISTYPED_TAIL}")
    monkeypatch.delenv("DOUBLENINE_DB")
    assert _serve(capsys, "--db", address) == (2, f"doublenine serve: error: argument --db: {why}{MISTYPED_TAIL}")
    assert main(["copy-store", "--from", "t.sqlite3", "--to", address]) == 2
    out, err = capsys.readouterr()
    assert (out, err) == ("", f"doublenine copy-store: --to: {why}{MISTYPED_TAIL}\n")
    assert "Sekr1t" not in str(caught.value) + out + err


@pytest.mark.parametrize("address", ["PostgreSQL://u:Sekr1t@h/db", "POSTGRES://u:Sekr1t@h/db",
                                     "PoStGrEsQl://u:Sekr1t@h/db"])
def test_an_upper_case_scheme_is_postgresql_for_serve_and_copy_store(address: str) -> None:
    """URL schemes are case-insensitive (RFC 3986 3.1; asyncpg lower-cases them): PostgreSQL, never a path."""
    from doublenine.server.app import store_kind
    from doublenine.server.storage import check_chosen, missing_folder

    parsed = parse_address(address, "$DOUBLENINE_DB")
    assert (parsed.kind, parsed.shown) == ("postgresql", address.split("://")[0] + "://u:***@h/db")
    assert missing_folder(address) is None
    check_chosen(address, "$DOUBLENINE_DB")  # no MissingFolder: not a path
    assert store_kind(parsed.shown) == "postgresql"


def test_an_existing_file_with_an_at_or_a_colon_in_its_name_is_still_a_sqlite_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("me@home.sqlite3", "backup:2026.sqlite3"):
        open(name, "wb").close()
        assert parse_address(name).kind == "sqlite"
    with pytest.raises(BadAddress):
        parse_address("other@home.sqlite3")


def test_asyncpg_reads_a_percent_encoded_password_back() -> None:
    """What the refusal asks for works: asyncpg decodes ``%23``/``%40`` into the password."""
    from asyncpg.connect_utils import _parse_connect_dsn_and_args  # type: ignore[import-untyped]

    params = _parse_connect_dsn_and_args(
        dsn="postgresql://dn2:Secret%23P%40w9@localhost:5432/dn2db", host=None, port=None, user=None,
        password=None, passfile=None, database=None, ssl=None, service=None, servicefile=None,
        direct_tls=None, server_settings=None, target_session_attrs=None, krbsrvname=None, gsslib=None)
    assert params[1].password == "Secret#P@w9" and params[1].database == "dn2db"


def _serve(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    """Exit code and the last non-empty line said of ``doublenine serve ARGV`` that ends at its checks."""
    try:
        code = main(["serve", *argv])
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    line = [ln for ln in (out + err).splitlines() if ln.strip()][-1]
    if code == 2 and ": error: " in line:  # argparse's refusal: one line ending where the options are told
        assert err == line + "\n" and line.endswith(" (see doublenine serve --help)"), err  # doublenine/cli.ONE_LINE
        line = line.removesuffix(" (see doublenine serve --help)")
    return code, line


@pytest.mark.parametrize(("argv", "line"), [
    (["--log-level", "FOO"], "doublenine serve: error: argument --log-level: not a log level: 'FOO'; "
                             "use one of DEBUG, INFO, WARNING, ERROR, CRITICAL"),
    (["--max-frame", "10"], "doublenine serve: error: argument --max-frame: 10 is out of range 4096..16777216"),
    (["--idle-timeout", "0"], "doublenine serve: error: argument --idle-timeout: 0 is out of range 10..2592000"),
    (["--solo-idle-timeout", "0"],
     "doublenine serve: error: argument --solo-idle-timeout: 0 is out of range 1..2592000"),
    (["--burst", "0"], "doublenine serve: error: argument --burst: 0 is out of range 2..1000000"),
    (["--rate", "0"], "doublenine serve: error: argument --rate: 0 is out of range 1..1000000"),
    (["--connection-idle", "0"], "doublenine serve: error: argument --connection-idle: 0 is out of range 5..3600"),
    (["--max-tables-per-address", "0"],
     "doublenine serve: error: argument --max-tables-per-address: 0 is out of range 1..1000000"),
    (["--max-spectators", "10001"],
     "doublenine serve: error: argument --max-spectators: 10001 is out of range 0..10000"),
    (["--code-miss-rate", "0"],
     "doublenine serve: error: argument --code-miss-rate: 0 is out of range 0.001..1000000"),
    (["--page-rate", "0"], "doublenine serve: error: argument --page-rate: 0 is out of range 0.01..1000000"),
    (["--solo-idle-timeout", "5000"],
     "doublenine serve: error: --solo-idle-timeout 5000 is longer than --idle-timeout 1800: a solo table is "
     "never kept longer than any other"),
    (["--db", "postgresql://dn2:Secret#Pw9@localhost/dn2db"],
     f"doublenine serve: error: argument --db: {READ}it contains a '#'; {ENCODE}"),
    (["--db", "mysql://u:pw@h/db"],
     "doublenine serve: error: argument --db: unknown kind of store mysql://; doublenine stores in "
     "postgresql://USER:PASSWORD@HOST:PORT/DB, in a SQLite file (a path) or in :memory:"),
])
def test_bad_options_are_one_line_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str], line: str) -> None:
    code, said = _serve(capsys, *argv)
    assert (code, said) == (2, line)


@pytest.mark.parametrize(("env", "value", "line"), [
    ("DOUBLENINE_LOG_FORMAT", "xml", "doublenine serve: $DOUBLENINE_LOG_FORMAT must be text or json, not 'xml'"),
    ("DOUBLENINE_DB", "mysql://u:pw@h/db",
     "doublenine serve: $DOUBLENINE_DB: unknown kind of store mysql://; doublenine stores in "
     "postgresql://USER:PASSWORD@HOST:PORT/DB, in a SQLite file (a path) or in :memory:"),
    ("DOUBLENINE_DB", "postgresql://dn2:Secret#Pw9@localhost/dn2db",
     f"doublenine serve: $DOUBLENINE_DB: {READ}it contains a '#'; {ENCODE}"),
    ("DOUBLENINE_DB", "postgresql://u:pw@localhost:notaport/db",
     f"doublenine serve: $DOUBLENINE_DB: {READ}the port is not a number from 1 to 65535 (or a ':', '/' or "
     f"'?' in the password was not percent-encoded); {ENCODE}"),
])
def test_bad_environment_is_one_line_exit_2(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                            env: str, value: str, line: str) -> None:
    monkeypatch.setenv(env, value)
    code, said = _serve(capsys, "--port", "0")
    assert (code, said) == (2, line)


def test_in_json_mode_every_line_serve_says_is_json(capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Operator s11 round 2 finding 5 (JSON mode printed a plain line): the refusals said once logging is
    set up are JSON objects too; ``$DOUBLENINE_PUBLIC_ADDRESS``'s was the one still printed plain
    (the ``serving on`` line: tests/ops/test_log_lines.py ``test_sighup_stops_gracefully_and_says_so``)."""
    import json

    from doublenine.server import logfmt

    monkeypatch.setattr(logfmt, "FORMAT", "text")  # put back after the test
    monkeypatch.setenv("DOUBLENINE_LOG_FORMAT", "json")
    monkeypatch.setenv("DOUBLENINE_PUBLIC_ADDRESS", "https://play.example.org")
    code, line = _serve(capsys, "--port", "0")
    said = json.loads(line)
    assert code == 2 and (said["level"], said["logger"]) == ("ERROR", "doublenine")
    assert said["event"].startswith("doublenine serve: $DOUBLENINE_PUBLIC_ADDRESS: ")
    monkeypatch.setenv("DOUBLENINE_PUBLIC_ADDRESS", "")
    monkeypatch.setenv("DOUBLENINE_DB", "postgresql:u:Sekr1t@h/db")
    code, line = _serve(capsys, "--port", "0")
    said = json.loads(line)
    assert code == 2 and said["event"] == f"doublenine serve: $DOUBLENINE_DB: it starts like a store address " \
        f"(postgresql:) but not with postgresql://{MISTYPED_TAIL}"


def test_every_numeric_option_has_a_range_and_help_shows_defaults() -> None:
    parser = argparse.ArgumentParser(prog="serve")
    add_arguments(parser)
    numeric = {a.option_strings[0] for a in parser._actions
               if a.option_strings and isinstance(a.default, (int, float)) and not isinstance(a.default, bool)}
    assert numeric == set(RANGES)
    text = " ".join(parser.format_help().split())
    for piece in ("TCP port, 0..65535 (0: any free port) (default: 8765)",
                  "(1009 beyond), 4096..16777216 (default: 65536)",
                  "10..2592000 (default: 1800.0)", "DEBUG, INFO, WARNING, ERROR or CRITICAL (default: INFO)",
                  "messages one connection may send at once, 2..1000000 (default: 40.0)"):
        assert piece in text, piece
    assert MIN_FRAME >= CLIENT_LIMITS.max_bytes == 2726  # (2550 before s15's chat.intent_id, 2254 before 1e56bb6's table_name) the smallest frame limit still takes every legal frame


def test_log_level_takes_any_case(capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser(prog="serve")
    add_arguments(parser)
    assert parser.parse_args(["--log-level", "warning"]).log_level == "WARNING"


def test_operations_md_ranges_are_the_serve_ranges() -> None:
    """docs/operations.md's ``| option | accepted |`` table says each option's :data:`RANGES`, in order."""
    import re
    from pathlib import Path

    text = (Path(__file__).parents[2] / "docs/operations.md").read_text()
    table = text.split("| option | accepted |\n|---|---|\n", 1)[1].split("\n\n", 1)[0]
    said: dict[str, tuple[float, float]] = {}
    for row in table.splitlines():
        flags, accepted = re.fullmatch(r"\| (.+?) \| (.+) \|", row).groups()  # type: ignore[union-attr]
        spans = re.findall(r"(\d+(?:\.\d+)?)\.\.(\d+)", accepted)
        names = re.findall(r"`(--[a-z-]+)`", flags)
        for flag, (lo, hi) in zip(names, spans * len(names) if len(spans) == 1 else spans, strict=True):
            said[flag] = (float(lo), float(hi))
    assert said == {k: (float(lo), float(hi)) for k, (lo, hi) in RANGES.items()}
