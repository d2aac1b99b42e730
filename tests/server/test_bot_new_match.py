"""``doublenine bot --matches N`` at a table of several bots (R28, D1): the bots consent to the
new match one of them asks for, and every refusal they can meet on the way has its answer.

Attacker F6: four bots at one table, ``--matches 3``: at the match end seat 4 asked for a new match
(request 1, waiting on seats 1-3), the other three asked too instead of consenting, were refused
``REQUEST_PENDING``, waited for an update that never came, and said "cannot reach the server ():
retrying" (an empty reason) and reconnected, forever. Kind: a refusal answered by reconnecting, and
a failure told as a network failure with an empty reason.
"""
from __future__ import annotations

import argparse
import asyncio
import random
from typing import Any

import pytest

from doublenine.server import botcli
from doublenine.server.netbot import SeatKeeper, ServerRefused, TableClient, described, play_seat
from doublenine.server.nextmatch import NoNewMatch, next_match
from doublenine.shared import protocol as p
from doublenine.shared.state import Phase

from .conftest import connect, random_player


def _args(url: str, code: str, seat: int, matches: int) -> argparse.Namespace:
    return argparse.Namespace(server=url, table=code, seat=seat, name=f"Bot{seat}", level="easy",
                              matches=matches, pace=0.0)


async def _open(server: Any, kinds: list[str]) -> Any:
    watcher = await connect(server)
    watcher.keep_frames = False
    await watcher.attach({"type": "create_table", "sit": None, "seed": 11,
                          "seats": [{"kind": k, "level": "easy"} for k in kinds]})
    return watcher


async def test_r28_d1_four_bots_at_one_table_play_two_matches_consenting_to_one_ask(
        server: Any, capsys: pytest.CaptureFixture[str]) -> None:
    watcher = await _open(server, ["human"] * 4)
    code = str(watcher.code)
    runs = [botcli._play(_args(server.url, code, seat, matches=2)) for seat in (1, 2, 3, 4)]
    assert await asyncio.wait_for(asyncio.gather(*runs), 120) == [0, 0, 0, 0]
    table = server.registry.tables[code]
    assert (table.state.match, table.state.phase) == (2, Phase.MATCH_OVER)
    out = capsys.readouterr().out
    assert sorted(out.splitlines()) == sorted(
        [f"doublenine bot: seat {s} at table {code}" for s in (1, 2, 3, 4)]
        + [f"doublenine bot: done: the match is over and --matches 2 is reached; seat {s} at table {code} given up"
           for s in (1, 2, 3, 4)]), out


async def _human_and_bot(server: Any) -> tuple[Any, Any, asyncio.Task[int]]:
    """Seat 1 a test client, seat 2 a bot asked for two matches, seats 3-4 computers; the first match
    played out (seat 1 at random)."""
    watcher = await _open(server, ["human", "human", "computer", "computer"])
    human = await connect(server)
    await human.attach({"type": "join", "code": watcher.code, "seat": 1, "name": "Ana"})
    bot = asyncio.create_task(botcli._play(_args(server.url, str(watcher.code), 2, matches=2)))
    await asyncio.wait_for(play_seat(human, random_player, random.Random(3),
                                     lambda c: c.view.phase is Phase.MATCH_OVER), 60)
    request = await human.until(lambda m: isinstance(m, p.TableUpdate) and m.table.request is not None, 30)
    return human, request.table.request, bot


async def test_d1_a_bot_refused_says_who_stays_and_accepts_the_next_match_asked(
        server: Any, capsys: pytest.CaptureFixture[str]) -> None:
    """Evening s16 F6, F7: one refusal (made to read the result first) sent both bots away, each saying
    "seat 2 refused a new match". The bot now names the person, stays, and accepts the human's own ask."""
    human, request, bot = await _human_and_bot(server)
    assert (request.action, request.by, request.waiting) == ("new_match", 2, (1,))
    await human.send({"type": "consent", "request_id": request.id, "accept": False})
    await human.until(lambda m: isinstance(m, p.RequestClosed) and m.outcome == "refused")
    await human.send({"type": "new_match", "expected_seq": human.seq})
    await human.until(lambda m: isinstance(m, p.Update) and human.view.match == 2, 30)
    assert not bot.done()
    out, err = capsys.readouterr()
    assert "Ana refused a new match; this seat stays at the table and accepts a new match anyone asks for" in out
    assert "cannot reach" not in out + err
    bot.cancel()


async def test_d1_a_bot_whose_ask_is_accepted_plays_the_second_match(server: Any) -> None:
    human, request, bot = await _human_and_bot(server)
    await human.send({"type": "consent", "request_id": request.id, "accept": True})
    await asyncio.wait_for(play_seat(human, random_player, random.Random(4),
                                     lambda c: c.view.phase is Phase.MATCH_OVER and c.view.match == 2), 60)
    assert await asyncio.wait_for(bot, 30) == 0


STARTED = object()
"""Stands for the new match's first update: the fake's view leaves the match end."""
OTHER = object()
"""Any other frame (a chat line, a hint): changes nothing here."""


class FakeClient:
    """Seat 2 at a table of four humans whose match is over, fed scripted server frames (a callable
    makes its frame from what was sent so far, for refusals that echo the intent id); records what
    it sends."""

    def __init__(self, script: list[Any], request: Any = None) -> None:
        self.script, self.sent, self.seat, self.seq = list(script), [], 2, 40
        self.view = type("View", (), {"phase": Phase.MATCH_OVER})()
        self.table = (request or _table(None)).table

    async def send(self, fields: dict[str, Any]) -> None:
        self.sent.append(fields)

    async def next(self, timeout: float = 10.0) -> Any:
        msg = self.script.pop(0)
        msg = msg(self) if callable(msg) else msg
        if isinstance(msg, p.TableUpdate):
            self.table = msg.table
        elif msg is STARTED:
            self.view = type("View", (), {"phase": Phase.DRAW_SHUFFLE})()
        return msg


def _table(request: dict[str, Any] | None) -> Any:
    seat = {"name": "B", "kind": "human", "level": "easy", "claimed": True, "connected": True, "computer_plays": False}
    return p.SERVER_ADAPTER.validate_python({"type": "table", "table": {
        "code": "ABCDE", "seats": [{**seat, "seat": s} for s in (1, 2, 3, 4)], "seeded": False, "started": True,
        "paused": False, "request": request}})


def _pending(by: int = 4, waiting: tuple[int, ...] = (1, 2, 3), rid: int = 1, action: str = "new_match") -> Any:
    return _table({"id": rid, "action": action, "by": by, "waiting": list(waiting)})


def _error(code: str, intent_id: str | None = None) -> p.Error:
    return p.Error(code=code, detail=f"{code.lower()} detail", intent_id=intent_id)


def _to_my_ask(code: str) -> Any:
    """The refusal of this seat's last ``new_match`` (its intent id echoed)."""
    return lambda c: _error(code, [m for m in c.sent if m["type"] == "new_match"][-1]["intent_id"])


def _kinds(client: FakeClient) -> list[tuple[str, Any]]:
    return [(m["type"], m.get("request_id", m.get("expected_seq"))) for m in client.sent]


async def _run(client: FakeClient, say: Any = lambda _: None) -> None:
    await asyncio.wait_for(next_match(client, say=say), 5)  # type: ignore[arg-type]


async def test_f6_a_request_pending_refusal_is_answered_by_consenting_to_the_open_request() -> None:
    """The case: this seat asked as seat 4's request opened; the request's table frame, then the refusal."""
    client = FakeClient([_pending(), _to_my_ask("REQUEST_PENDING"), STARTED])
    await _run(client)
    assert _kinds(client) == [("new_match", 40), ("consent", 1)]
    assert client.sent[1] == {"type": "consent", "request_id": 1, "accept": True}


async def test_f6_a_seat_asked_consents_once_and_never_asks_again() -> None:
    client = FakeClient([OTHER, _pending(waiting=(1, 3)), STARTED], request=_pending())
    await _run(client)
    assert _kinds(client) == [("consent", 1)]


async def test_another_request_open_is_left_to_the_humans_and_a_cancelled_ask_is_made_again() -> None:
    """An undo asked of this seat is not answered (the humans' business); seat 4's new-match ask,
    cancelled when seat 4 left, is made again by this seat."""
    undo = _pending(action="undo", by=1, waiting=(2,))
    cancelled = p.RequestClosed(request_id=2, action="new_match", outcome="cancelled", seat=4)
    client = FakeClient([_table(None), _pending(rid=2), cancelled, _table(None), STARTED], request=undo)
    client.script.insert(0, OTHER)
    await _run(client)
    assert _kinds(client) == [("new_match", 40), ("consent", 2), ("new_match", 40)]


@pytest.mark.parametrize("code", ["STALE", "DUPLICATE"])
async def test_a_stale_or_duplicate_ask_is_made_again(code: str) -> None:
    client = FakeClient([_to_my_ask(code), STARTED])
    await _run(client)
    assert _kinds(client) == [("new_match", 40), ("new_match", 40)]


def _away(seat: int) -> Any:
    """A table frame where ``seat`` is handed over (D7: claimed, the computer plays it)."""
    frame = _table(None)
    seats = tuple(x.model_copy(update={"computer_plays": True}) if x.seat == seat else x for x in frame.table.seats)
    return frame.model_copy(update={"table": frame.table.model_copy(update={"seats": seats})})


async def test_d7_consent_unavailable_is_said_and_asked_again_only_when_the_table_changes() -> None:
    """Club s14 F12: asked again only once the seats handed over change, not at any table frame (the same
    refusal was said every few seconds as spectators came and panels opened)."""
    said: list[str] = []
    client = FakeClient([_to_my_ask("CONSENT_UNAVAILABLE"), OTHER, _away(3), OTHER, _table(None), STARTED],
                        request=_away(3))
    await _run(client, said.append)
    assert _kinds(client) == [("new_match", 40), ("new_match", 40)]
    assert said == ["A player who must agree is away (CONSENT_UNAVAILABLE); a new match waits for the seats "
                    "handed over to come back"]  # the code's sentence: a server's English detail is never shown
    same = FakeClient([_to_my_ask("CONSENT_UNAVAILABLE"), _away(3), OTHER, _away(3), STARTED], request=_away(3))
    await _run(same)
    assert _kinds(same) == [("new_match", 40)]  # table frames with seat 3 still handed over: no second ask


async def test_shutting_down_sends_nothing_more_until_the_close() -> None:
    client = FakeClient([_error("SHUTTING_DOWN"), _table(None), _pending(rid=2), STARTED], request=_pending())
    await _run(client)
    assert _kinds(client) == [("consent", 1)]  # neither a new ask nor the next request's consent


async def test_rate_limited_waits_then_sends_again(monkeypatch: pytest.MonkeyPatch) -> None:
    from doublenine.server import nextmatch

    monkeypatch.setattr(nextmatch, "RATE_WAIT", 0.01)
    client = FakeClient([_error("RATE_LIMITED"), STARTED], request=_pending())
    await _run(client)
    assert _kinds(client) == [("consent", 1), ("consent", 1)]


async def test_d1_a_failed_new_match_ends_the_bots_matches() -> None:
    closed = p.RequestClosed(request_id=1, action="new_match", outcome="failed", seat=None, detail="disk full")
    client = FakeClient([closed], request=_pending())
    with pytest.raises(NoNewMatch) as caught:
        await _run(client)
    assert str(caught.value) == "the server could not start a new match"


async def test_d1_after_a_refusal_the_bot_asks_no_more_and_consents_to_the_next_ask() -> None:
    """Evening s16 F6: seat 3 refused seat 4's ask; this seat (2) says who, never asks itself, and consents
    to the new match seat 3 asks later."""
    said: list[str] = []
    closed = p.RequestClosed(request_id=1, action="new_match", outcome="refused", seat=3, detail="")
    client = FakeClient([closed, _table(None), OTHER, _pending(by=3, waiting=(1, 2), rid=2), STARTED],
                        request=_pending())
    await _run(client, say=said.append)
    assert _kinds(client) == [("consent", 1), ("consent", 2)]
    assert said == ["B refused a new match; this seat stays at the table and accepts a new match anyone asks for"]


async def test_any_other_refusal_of_the_ask_is_raised_by_its_code_and_an_old_moves_refusal_is_ignored() -> None:
    client = FakeClient([_error("NOT_YOUR_TURN", "i99"), _to_my_ask("NOTHING_TO_REDO")])
    with pytest.raises(ServerRefused, match=r"^NOTHING_TO_REDO: nothing_to_redo detail$"):
        await _run(client)
    assert _kinds(client) == [("new_match", 40)]


def test_f6_a_failure_is_never_said_with_an_empty_reason() -> None:
    assert described(TimeoutError()) == "the server sent nothing in time"
    assert described(OSError(111, "Connection refused")) == "[Errno 111] Connection refused"
    assert described(ConnectionResetError()) == "ConnectionResetError"


async def test_f6_a_seated_bot_whose_server_goes_silent_says_so_not_cannot_reach(server: Any) -> None:
    watcher = await _open(server, ["human"] * 4)
    said: list[str] = []
    keeper = SeatKeeper(server.url, {"type": "join", "code": watcher.code, "seat": 2, "name": "B"}, say=said.append)
    calls = 0

    async def body(client: Any) -> str:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise TimeoutError
        return "done"

    assert await asyncio.wait_for(keeper.run(body), 30) == "done"
    assert said == ["connection lost: the server sent nothing in time; reconnecting"]


async def test_shutting_down_refusing_a_move_is_not_fatal_and_the_move_is_not_resent() -> None:
    """The server stopping refuses every frame ``SHUTTING_DOWN`` and closes with 1001 right after
    (docs/protocol.md): the seat waits for the close and comes back, it does not end as "refused"."""
    from doublenine.shared.views import SeatView

    class Closed(Exception):
        pass

    view = object.__new__(SeatView)
    sent: list[str] = []

    class Seat(TableClient):
        """A TableClient without a socket: every attribute play_seat reads is a real client's (a
        hand-made stand-in had no ``table`` once play_seat looked for hand-over requests, 38d0831)."""

        def __init__(self) -> None:
            super().__init__(None)  # type: ignore[arg-type]

        def my_decisions(self) -> tuple[str, ...]:  # type: ignore[override]
            return ("play",)

        async def intent(self, decision: Any) -> str:  # type: ignore[override]
            sent.append(decision)
            return f"i{len(sent)}"

        async def next(self, timeout: float | None = 10.0) -> Any:
            if len(sent) == 1 and not hasattr(self, "refused"):
                self.refused = True
                return _error("SHUTTING_DOWN", "i1")
            raise Closed

    seat = Seat()
    seat.view = view
    with pytest.raises(Closed):
        await play_seat(seat, lambda v, r: "move", random.Random(1), lambda c: False)  # type: ignore[arg-type]
    assert sent == ["move"]


async def test_s14_four_bots_play_two_matches_without_one_refusal(server: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Soak s14 F-refusal-noise: the project's own clients sent what the table as they saw it would refuse.
    At each match end the four bots all asked (three refused ``REQUEST_PENDING``); in the opening draw a
    drawer seeing the other's pick land before its own picked again (``STALE``). Over a scripted table
    of four bots, two matches (so one match end and its new match): no refusal at all."""
    from doublenine.server.connection import Connection

    refusals: list[tuple[Any, ...]] = []
    note = Connection.note_refusal

    def counted(self: Any, code: Any, detail: str, limit: str | None = None) -> None:
        refusals.append((self.seat, self.current_type, code.value, detail))
        note(self, code, detail, limit)

    monkeypatch.setattr(Connection, "note_refusal", counted)
    watcher = await _open(server, ["human"] * 4)
    code = str(watcher.code)
    runs = [botcli._play(_args(server.url, code, seat, matches=2)) for seat in (1, 2, 3, 4)]
    assert await asyncio.wait_for(asyncio.gather(*runs), 120) == [0, 0, 0, 0]
    assert server.registry.tables[code].state.match == 2
    assert refusals == []
