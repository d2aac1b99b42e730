"""A chat line, a nudge, a start, a coach review and an open panel sent on a silently dead link are never
lost without a word (s15, carried from s13: "chat and nudges sent on a dead link are lost silently").

Kind: intents sent without an answer the window waited for (fire-and-forget). Chat lines and nudges carry an
``intent_id`` and are kept until the sender's own copy comes (a ``mine`` line, a ``nudge`` by this seat) or an
error names them; after the rejoin each goes again unchanged and the server says each id once (``DUPLICATE``:
nothing shown, the rejoin's history has the line). A start, a coach review and an open panel go again while
the rejoin's snapshot shows them unanswered. The transport is a fake one (a dead link is a send that returns
True and an answer that never comes), as in test_unanswered_moves.py."""
from __future__ import annotations

import queue
from typing import Any

from client_helpers import my_turn_with_play, session_at

from doublenine.client.intents import AskCoach, Control, Nudge, Pause, Say
from doublenine.client.net import NetSession
from doublenine.client.store import Connection
from doublenine.shared import protocol as p
from doublenine.shared.convert import view_to_wire


class DeadLink:
    """A fake NetClient: ``send`` records and says True (a silently dead link still does)."""

    def __init__(self) -> None:
        self.inbox: queue.Queue[Any] = queue.Queue()
        self.sent: list[p.Model] = []
        self.attach = p.Spectate(code="ABCDE")

    def send(self, message: p.Model) -> bool:
        self.sent.append(message)
        return True


def _table(started: bool = True) -> p.TableW:
    return p.TableW.model_validate({"code": "ABCDE", "seeded": False, "started": started, "paused": False, "seats": [
        {"seat": i, "name": f"P{i}", "kind": "human", "level": "easy", "claimed": True, "connected": True,
         "computer_plays": False} for i in range(1, 5)]})


def _snapshot(view: Any, seq: int, started: bool = True) -> p.Snapshot:
    return p.Snapshot(seq=seq, view=p.ViewW.model_validate(view_to_wire(view)), table=_table(started), waited=0.0)


def _seated(started: bool = True) -> tuple[NetSession, DeadLink]:
    view = session_at(my_turn_with_play).state.view
    link = DeadLink()
    session = NetSession(link)  # type: ignore[arg-type]
    link.inbox.put(Connection("connected"))
    link.inbox.put(p.Joined(code="ABCDE", seat=1, token="t" * 20))
    link.inbox.put(_snapshot(view, 12, started))
    session.pump()
    return session, link


def _drop_and_rejoin(session: NetSession, link: DeadLink, started: bool = True) -> list[p.Model]:
    """The link found dead, then the rejoin's snapshot: what the window sent again."""
    before = len(link.sent)
    link.inbox.put(Connection("lost"))
    session.pump()
    link.inbox.put(Connection("connected"))
    link.inbox.put(p.Joined(code="ABCDE", seat=1))
    link.inbox.put(_snapshot(session.state.view, 12, started))
    session.pump()
    return link.sent[before:]


def _line(i: int, text: str, mine: bool) -> p.ChatLines:
    return p.ChatLines(lines=(p.ChatLineW(id=i, at=1.0, seat=1, name="P1", text=text, mine=mine),))


def test_a_line_lost_on_a_dead_link_goes_again_after_the_rejoin_with_its_id() -> None:
    session, link = _seated()
    assert session.send(Say(text="hola")) is True
    first = link.sent[-1]
    assert (first.type, first.text, first.intent_id) == ("chat", "hola", f"{session._prefix}-1")
    assert _drop_and_rejoin(session, link) == [first]  # the same id: the server says it once at most
    link.inbox.put(_line(1, "hola", mine=True))  # the resent line said: its own copy answers it
    session.pump()
    assert session.talk == {} and session.state.error is None
    assert [x.text for x in session.state.chat] == ["hola"]
    assert _drop_and_rejoin(session, link) == []  # answered: never sent a third time


def test_a_resent_line_the_server_had_is_refused_duplicate_and_nothing_is_shown() -> None:
    session, link = _seated()
    session.send(Say(phrase="thanks"))
    resent = _drop_and_rejoin(session, link)
    assert [(m.phrase, m.intent_id) for m in resent] == [("thanks", link.sent[0].intent_id)]
    link.inbox.put(p.ChatLines(lines=(p.ChatLineW(id=1, at=1.0, seat=1, name="P1", phrase="thanks"),), history=True))
    link.inbox.put(p.Error(code="DUPLICATE", detail="said already", intent_id=link.sent[0].intent_id))
    session.pump()
    assert session.talk == {} and session.state.error is None
    assert [x.phrase for x in session.state.chat] == ["thanks"]  # once: from the history


def test_answers_are_matched_in_order_a_duplicate_then_a_line_said() -> None:
    session, link = _seated()
    session.send(Say(text="one"))
    session.send(Say(text="two"))
    one, two = link.sent
    assert _drop_and_rejoin(session, link) == [one, two]
    link.inbox.put(p.Error(code="DUPLICATE", detail="said already", intent_id=one.intent_id))
    link.inbox.put(_line(2, "two", mine=True))
    session.pump()
    assert session.talk == {} and session.state.error is None


def test_an_echoed_line_is_not_sent_again_and_a_refused_one_is_said() -> None:
    session, link = _seated()
    session.send(Say(text="hola"))
    link.inbox.put(_line(1, "hola", mine=True))
    session.send(Say(text="otra"))
    link.inbox.put(p.Error(code="CHAT_TOO_FAST", detail="slow", intent_id=link.sent[-1].intent_id,
                           data={"retry_after": 1.5}))
    session.pump()
    assert session.talk == {} and session.state.error == "CHAT_TOO_FAST"  # refused: the window says it
    assert _drop_and_rejoin(session, link) == []


def test_a_nudge_goes_again_and_its_own_echo_answers_it() -> None:
    session, link = _seated()
    session.send(Nudge(3))
    nudge = link.sent[-1]
    assert (nudge.type, nudge.seat, nudge.intent_id) == ("nudge", 3, f"{session._prefix}-1")
    link.inbox.put(p.Nudged(by=2, seat=3))  # someone else's nudge answers nothing of this window's
    session.pump()
    assert list(session.talk) == [nudge.intent_id]
    assert _drop_and_rejoin(session, link) == [nudge]
    link.inbox.put(p.Nudged(by=1, seat=3))
    session.pump()
    assert session.talk == {}


def test_an_older_server_refusing_the_id_gets_the_line_again_without_it() -> None:
    session, link = _seated()
    session.send(Say(text="hola"))
    link.inbox.put(p.Error(code="WRONG_TYPES", detail="intent_id: Extra inputs are not permitted",
                           intent_id=link.sent[0].intent_id))
    session.pump()
    assert session.state.error is None
    assert p.encode(link.sent[-1]) == p.encode(p.Chat(text="hola"))  # as version 2 sent it before s15
    session.send(Nudge(3))
    assert p.encode(link.sent[-1]) == p.encode(p.Nudge(seat=3)) and session.talk == {}


def test_an_open_panel_a_start_and_a_coach_review_go_again_while_unanswered() -> None:
    session, link = _seated(started=False)
    session.send(Pause("rules", True))
    session.send(Control("start"))
    session.send(AskCoach(1, 1))
    panel, start, coach = link.sent
    resent = _drop_and_rejoin(session, link, started=False)
    assert sorted(m.type for m in resent) == ["coach", "panel", "start"]
    assert panel in resent and start in resent and coach in resent
    again = _drop_and_rejoin(session, link, started=True)  # started meanwhile: only the open panel again
    assert again == [panel]
    session.send(Pause("rules", False))
    assert _drop_and_rejoin(session, link) == []  # closed: the server closed it with the connection anyway
