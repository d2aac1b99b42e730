"""No reason said empty (operator s13 finding 7): a start while PostgreSQL hung exited 1 with
``doublenine serve: cannot use the store postgresql://doublenine:***@127.0.0.1:16501/doublenine_r:
cannot open the PostgreSQL lock connection: `` and nothing after the colon (a ``TimeoutError``'s text).

Kind: an exception's text put in a message where it may be empty. Every such message says the
error's type then (``cleantext.said``, ``cleantext.typed``), and a connection PostgreSQL never
answers says ``no answer within N s``. The hung PostgreSQL here is a port that accepts and never
answers (what a SIGSTOPped postmaster's listening socket does).
"""
from __future__ import annotations

import re
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from doublenine.cli import main
from doublenine.server.storage import pglocks
from doublenine.shared.cleantext import said, typed

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def hung_port() -> Iterator[int]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen(16)  # connections complete in the backlog; nothing is ever read or said
        yield s.getsockname()[1]


def test_a_start_while_postgresql_hangs_says_no_answer_within(
        hung_port: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(pglocks, "CONNECT_WITHIN", 1.0)
    monkeypatch.setenv("DOUBLENINE_DB", f"postgresql://doublenine:pw@127.0.0.1:{hung_port}/doublenine_r")
    code = main(["serve", "--host", "127.0.0.1", "--port", "0"])
    out, err = capsys.readouterr()
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert code == 1
    assert lines[-1].endswith(f"doublenine serve: cannot use the store postgresql://doublenine:***@127.0.0.1:{hung_port}"
                              "/doublenine_r: cannot open PostgreSQL store postgresql://doublenine:***@127.0.0.1:"
                              f"{hung_port}/doublenine_r: no answer within 1 s") \
        or lines[-1].endswith("cannot open the PostgreSQL lock connection: no answer within 1 s"), lines[-1]
    assert not any(ln.rstrip().endswith(":") for ln in lines)


def test_said_and_typed_never_end_at_a_colon() -> None:
    assert (said(TimeoutError()), typed(TimeoutError())) == ("TimeoutError", "TimeoutError")
    assert (said(OSError("disk full")), typed(OSError("disk full"))) == ("disk full", "OSError: disk full")
    assert pglocks.unanswered(TimeoutError()) == "no answer within 10 s"


def test_no_message_puts_a_bare_exception_text_after_a_colon() -> None:
    """The kind, over the server's code: ``: {exc}`` and ``{type(exc).__name__}: {exc}`` are gone."""
    bare = re.compile(r": \{(exc|err|e)\}|__name__\}: \{exc\}|\(%s: %s\)\", [^\n]*__name__, exc")
    found = [f"{p.relative_to(ROOT)}:{n}" for p in sorted((ROOT / "server").rglob("*.py"))
             for n, line in enumerate(p.read_text().splitlines(), 1) if bare.search(line)]
    assert found == []
