"""Evening s16 F9: ``doublenine bot`` printed "terminated" mid-match and gave its seat up with no signal sent:
``botcli.run`` said every CancelledError as SIGTERM. Now only a SIGTERM is "terminated" (143); a cancellation
no stop asked for is said with where it was raised (exit 1), and inside the seat keeper it is a lost connection:
the bot comes back to its seat. Kind: an exception's cause assumed from its type alone."""
from __future__ import annotations

import argparse
import asyncio
from typing import Any

import pytest

from doublenine.server import botcli
from doublenine.server.netbot import SeatKeeper, cancelled_where
from doublenine.shared.reconnect import Backoff


def _args() -> argparse.Namespace:
    return argparse.Namespace(server="ws://127.0.0.1:9/", table="ABCDE", seat=2, name="Greta", level="easy",
                              matches=0, pace=0.0, lang="de")


def _inner() -> BaseException:
    async def recv() -> None:
        raise asyncio.CancelledError()
    try:
        asyncio.run(recv())
    except asyncio.CancelledError as exc:
        return exc
    raise AssertionError("not raised")


def test_f9_a_cancellation_without_a_signal_is_said_as_such_not_as_terminated(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    async def play(args: Any) -> int:
        raise asyncio.CancelledError()
    monkeypatch.setattr(botcli, "_play", play)
    monkeypatch.setattr(botcli, "SIGNALLED", [])
    assert botcli.run(_args()) == 1
    err = capsys.readouterr().err
    assert err.startswith("doublenine bot: durch einen internen Fehler beendet (CancelledError at test_bot_cancelled.py:")
    assert "beendet\n" not in err.replace("beendet (", "")


def test_f9_sigterm_is_still_terminated(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    async def play(args: Any) -> int:
        raise asyncio.CancelledError("SIGTERM")
    monkeypatch.setattr(botcli, "_play", play)
    monkeypatch.setattr(botcli, "SIGNALLED", [15])
    assert botcli.run(_args()) == botcli.TERMINATED == 143
    assert capsys.readouterr().err == "doublenine bot: beendet\n"


def test_f9_where_names_the_innermost_frame() -> None:
    said = cancelled_where(_inner())
    assert said.startswith("CancelledError at test_bot_cancelled.py:") and said.endswith(" in recv")


async def test_f9_the_keeper_reconnects_after_a_cancellation_no_stop_asked_for() -> None:
    said: list[str] = []
    keeper = SeatKeeper("ws://127.0.0.1:9/t/ABCDE", {"type": "join", "code": "ABCDE"}, say=said.append,
                        policy=Backoff(first=0.0, cap=0.0, jitter=0.0))
    keeper.token = "tok"
    attempts: list[int] = []

    async def attach() -> Any:
        attempts.append(1)
        return object()
    keeper._attach = attach  # type: ignore[method-assign]

    async def body(client: Any) -> str:
        if len(attempts) == 1:
            raise asyncio.CancelledError()  # leaked from the connection's own task
        return "played on"
    assert await keeper.run(body) == "played on"
    assert len(attempts) == 2
    assert said[0].startswith("connection lost: CancelledError at test_bot_cancelled.py:")
    assert said[0].endswith(" in body; reconnecting")


async def test_f9_a_stop_of_the_bot_itself_still_stops_it() -> None:
    keeper = SeatKeeper("ws://127.0.0.1:9/t/ABCDE", {"type": "join", "code": "ABCDE"}, say=lambda _: None)
    keeper.token = "tok"

    async def attach() -> Any:
        return object()
    keeper._attach = attach  # type: ignore[method-assign]
    started = asyncio.Event()

    async def body(client: Any) -> None:
        started.set()
        await asyncio.sleep(60)
    task = asyncio.create_task(keeper.run(body))
    await started.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
