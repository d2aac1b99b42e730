"""A chat line or nudge sent again after a reconnect is said once (s15, carried from s13: a line said
on a silently dead link was lost and nobody said so; the window now sends it again after the rejoin
with the same ``intent_id``, and the server refuses a repeat ``DUPLICATE``, also after a restart)."""
from __future__ import annotations

import msgpack

from doublenine.server.storage import open_store
from doublenine.shared import protocol as p
from doublenine.shared.chat import NUDGE_EVERY

from .conftest import connect, create, decode_all, four_at_play, join, spectate


def _said(c) -> list[str | None]:
    """The texts of every non-history chat line ``c`` heard, in order."""
    return [line.text for m in decode_all(c) if isinstance(m, p.ChatLines) and not m.history for line in m.lines]


async def test_a_line_sent_again_with_its_id_is_refused_duplicate_and_said_once(server) -> None:
    host = await create(server, "hhcc", sit=1)
    bo = await join(server, host.code, seat=2)
    watcher = await spectate(server, host.code, name="Cy")
    await host.send({"type": "chat", "text": "hola", "intent_id": "w1-1"})
    await bo.until(lambda m: isinstance(m, p.ChatLines))
    await host.send({"type": "chat", "text": "hola", "intent_id": "w1-1"})  # sent again: the echo was lost
    err = await host.until(lambda m: isinstance(m, p.Error))
    assert (err.code, err.intent_id) == ("DUPLICATE", "w1-1")
    await host.send({"type": "chat", "text": "again", "intent_id": "w1-2"})  # a new id is a new line
    await bo.until(lambda m: isinstance(m, p.ChatLines) and m.lines[0].text == "again")
    assert _said(bo) == ["hola", "again"]
    # a spectator's id is its own: the same id from a seat and from a spectator are two lines
    await watcher.send({"type": "chat", "text": "me too", "intent_id": "w1-1"})
    await bo.until(lambda m: isinstance(m, p.ChatLines) and m.lines[0].text == "me too")
    await watcher.send({"type": "chat", "text": "me too", "intent_id": "w1-1"})
    err = await watcher.until(lambda m: isinstance(m, p.Error))
    assert (err.code, err.intent_id) == ("DUPLICATE", "w1-1")
    await host.send({"type": "chat", "text": "sin id"})  # without an id: as before, every frame a line
    await host.send({"type": "chat", "text": "sin id"})
    await bo.until(lambda m: _said(bo).count("sin id") == 2)
    assert _said(bo) == ["hola", "again", "me too", "sin id", "sin id"]


async def test_after_a_reconnect_the_history_has_the_line_and_the_resend_is_refused(server) -> None:
    host = await create(server, "hhcc", sit=1)
    bo = await join(server, host.code, seat=2)
    await bo.send({"type": "chat", "phrase": "thanks", "intent_id": "b-7"})
    await host.until(lambda m: isinstance(m, p.ChatLines))
    token, code = bo.token, bo.code
    await bo.close()
    back = await connect(server)
    await back.attach({"type": "rejoin", "code": code, "token": token})
    history = await back.until(lambda m: isinstance(m, p.ChatLines))
    assert [(x.seat, x.phrase) for x in history.lines] == [(2, "thanks")]
    await back.send({"type": "chat", "phrase": "thanks", "intent_id": "b-7"})
    err = await back.until(lambda m: isinstance(m, p.Error))
    assert (err.code, err.intent_id) == ("DUPLICATE", "b-7")
    assert [x.phrase for m in decode_all(host) if isinstance(m, p.ChatLines) for x in m.lines] == ["thanks"]


async def test_a_restarted_server_still_refuses_the_line_and_never_sends_the_id(make_server, tmp_path) -> None:
    path = str(tmp_path / "t.sqlite3")
    first = await make_server(store=open_store(path))
    host = await create(first, "hccc", sit=1, seed=5)
    token, code = host.token, host.code
    await host.send({"type": "chat", "text": "first", "intent_id": "s-1"})
    await host.until(lambda m: isinstance(m, p.ChatLines))
    await first.stop()
    store = open_store(path)
    second = await make_server(store=store)
    back = await connect(second)
    await back.attach({"type": "rejoin", "code": code, "token": token})
    await back.until(lambda m: isinstance(m, p.ChatLines))
    raw = [msgpack.unpackb(f, raw=False) for f in back.frames]
    history = [m for m in raw if m.get("type") == "chat"]
    assert history == [{"type": "chat", "history": True,
                        "lines": [{"id": 1, "at": history[0]["lines"][0]["at"], "seat": 1, "name": "Ana",
                                   "text": "first"}]}]  # the sender's id stays on the server
    await back.send({"type": "chat", "text": "first", "intent_id": "s-1"})
    err = await back.until(lambda m: isinstance(m, p.Error))
    assert (err.code, err.intent_id) == ("DUPLICATE", "s-1")
    await store.close()


async def test_a_nudge_sent_again_with_its_id_is_refused_duplicate(server) -> None:
    clients, table = await four_at_play(server, seed=7)
    turn = int(table.state.hand.turn)
    nudger = clients[turn % 4]
    await nudger.send({"type": "nudge", "seat": turn, "intent_id": "n-1"})
    await nudger.until(lambda m: isinstance(m, p.Nudged))
    table.chat.nudged_at -= NUDGE_EVERY  # even 30 s later: the same nudge, sent again, is not a second one
    await nudger.send({"type": "nudge", "seat": turn, "intent_id": "n-1"})
    err = await nudger.until(lambda m: isinstance(m, p.Error))
    assert (err.code, err.intent_id) == ("DUPLICATE", "n-1")
    assert [(n.by, n.seat) for n in nudger.nudges] == [(turn % 4 + 1, turn)]


async def test_attacker_s15_f1_a_blank_line_learns_nothing_of_the_ids_said(server) -> None:
    """The DUPLICATE check came first, before CHAT_BLANK and the chat rate: an invisible line, heard by nobody,
    answered CHAT_BLANK for an unused id and DUPLICATE for a used one, at 20 frames a second. Now the line's
    own checks and the rate come first: CHAT_BLANK whatever the id."""
    host = await create(server, "hhcc", sit=1)
    eve = await spectate(server, host.code, name="Eve")
    ana = await spectate(server, host.code, name="Ana")
    await ana.send({"type": "chat", "text": "secret plan", "intent_id": "s-7"})
    await host.until(lambda m: isinstance(m, p.ChatLines) and m.lines[0].text == "secret plan")
    for iid in ("s-7", "s-8"):
        await eve.send({"type": "chat", "text": "\u200b", "intent_id": iid})
        err = await eve.until(lambda m: isinstance(m, p.Error))
        assert (err.code, err.intent_id) == ("CHAT_BLANK", iid)
