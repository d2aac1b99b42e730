"""``play --spectate --autoplay`` against a real server (D8, docs/packaging.md "--autoplay").

Tester finding: it ended with "closed" and nothing else. The kind: an autoplay end that says nothing
useful -- a spectator must watch until a hand ends and report that hand (not the match's first, when it
came late), a finished match as such, and a table that does not exist at once as a failure with its
text and exit 2 (the player's case too: it waited its whole timeout in silence).
"""
from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from doublenine.cli import main
from doublenine.client.embedded import EmbeddedServer
from doublenine.client.net import NetClient, NetSession
from doublenine.shared import protocol as p
from doublenine.shared.state import Phase

pytestmark = pytest.mark.usefixtures("own_folders")  # tests/conftest.py

COMPUTERS = tuple(p.SeatSpec(kind="computer", level="easy") for _ in range(4))


@pytest.fixture()
def url(tmp_path) -> Iterator[str]:  # type: ignore[no-untyped-def]
    server = EmbeddedServer(db=str(tmp_path / "t.sqlite"), bot_delay=0.02)
    yield server.start()
    server.stop()


def _table(url: str, seed: int) -> NetSession:
    """A table of four computers, watched by its creator (which keeps it open), already playing."""
    rail = NetSession(NetClient(url, p.CreateTable(seats=COMPUTERS, seed=seed, name="Ana")).start())
    _until(rail, lambda s: s.view is not None and bool(s.table))
    return rail


def _until(session: NetSession, ok: Callable[[Any], bool], seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not ok(session.state):
        assert time.monotonic() < deadline, session.state.failure
        session.pump()
        time.sleep(0.02)


def _watch(capsys: pytest.CaptureFixture[str], url: str, code: str) -> tuple[int, dict[str, Any], str]:
    capsys.readouterr()
    rc = main(["play", "--server", url, "--table", code, "--spectate", "--autoplay", "--size", "800x600"])
    out = capsys.readouterr()
    lines = out.out.strip().splitlines()
    assert len(lines) == 1, out.out  # one JSON line on stdout, as for a player
    return rc, json.loads(lines[0]), out.err


def test_d8_spectator_autoplay_reports_the_hand_it_watched_end(capsys, url) -> None:  # type: ignore[no-untyped-def]
    rail = _table(url, seed=4)
    try:
        _until(rail, lambda s: len(s.view.finished) >= 1)  # it comes late: hand 1 is over already
        rc, out, _ = _watch(capsys, url, rail.state.table)
        _until(rail, lambda s: len(s.view.finished) >= out.get("hand", 0))
        assert rc == 0 and out["autoplay"] in ("hand over", "match over")
        assert out["seat"] is None and out["table"] == rail.state.table
        fh = next(h for h in rail.state.view.finished if h.number == out["hand"] and h.match == 1)
        if out["autoplay"] == "hand over":
            assert out["hand"] >= 2  # the hand it saw end, never the match's first it did not see
        assert (out["result"], out["winner_team"], out["points"], out["scores"]) == \
            (fh.result.value, fh.winner.value if fh.winner else None, fh.points, list(fh.scores_after))
    finally:
        rail.close(leave=False)


def test_d8_spectator_autoplay_at_a_finished_match_says_match_over(capsys, url) -> None:  # type: ignore[no-untyped-def]
    rail = _table(url, seed=9)
    try:
        _until(rail, lambda s: s.view.phase is Phase.MATCH_OVER, seconds=120)
        rc, out, _ = _watch(capsys, url, rail.state.table)
        last = rail.state.view.finished[-1]
        assert (rc, out["autoplay"], out["seat"], out["hand"], out["scores"]) == \
            (0, "match over", None, last.number, list(rail.state.view.scores))
    finally:
        rail.close(leave=False)


@pytest.mark.parametrize("spectate", [True, False])
def test_autoplay_at_a_table_that_does_not_exist_fails_at_once(capsys, url, spectate: bool) -> None:  # type: ignore[no-untyped-def]
    capsys.readouterr()
    started = time.monotonic()
    rc = main(["play", "--server", url, "--table", "QQQQQ", *(["--spectate"] if spectate else []), "--autoplay",
               "--size", "800x600"])
    out = capsys.readouterr()
    said = json.loads(out.out.strip())
    assert rc == 2 and time.monotonic() - started < 30  # not the 120 s timeout
    assert (said["autoplay"], said["failure"]) == ("failed", "table.closed")
    assert said["error"].startswith("Table QQQQQ is closed or no longer exists")
    assert "Table QQQQQ is closed" in out.err


def test_autoplay_with_a_code_of_the_wrong_form_prints_its_json_line(capsys) -> None:  # type: ignore[no-untyped-def]
    capsys.readouterr()
    rc = main(["play", "--server", "ws://127.0.0.1:9/", "--table", "QQ", "--spectate", "--autoplay"])
    out = capsys.readouterr()
    assert rc == 2 and json.loads(out.out)["failure"] == "table.bad_code"
    assert "is not a table code" in out.err


def test_autoplay_with_an_invite_naming_no_table_fails_with_that_code(capsys, url) -> None:  # type: ignore[no-untyped-def]
    port = url.rstrip("/").rsplit(":", 1)[1]
    capsys.readouterr()
    rc = main(["play", "--join", f"doublenine://127.0.0.1:{port}/QQQQQ", "--spectate", "--autoplay"])
    said = json.loads(capsys.readouterr().out)
    assert (rc, said["autoplay"], said["table"], said["failure"]) == (2, "failed", "QQQQQ", "table.closed")
