"""s15 player: a chat line typed while the link was down vanished from view until the link came back. Kind:
something the player did that the window showed only once the server answered. A line said is shown at once,
marked "Sending…" ("Waiting for the connection" while the link is down), then as the table's line; a line
the server refused, or that an ended connection never took, says "Not sent" with "Send again" (a new
``intent_id``). Same kind: a nudge says "Nudging {name}…" at once, and "Your nudge to {name} was not sent"."""
from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
from scenes_catalog import table_scene  # noqa: E402
from test_talk_resent import _drop_and_rejoin, _line, _seated  # noqa: E402

from doublenine.client import chat  # noqa: E402
from doublenine.client.art import Art  # noqa: E402
from doublenine.client.intents import Nudge, Resay, Say  # noqa: E402
from doublenine.client.scenes.talk import TableTalk  # noqa: E402
from doublenine.client.store import Connection, Failed, Saying  # noqa: E402
from doublenine.client.typeset import watch  # noqa: E402
from doublenine.client.uistate import Ui  # noqa: E402
from doublenine.shared import protocol as p  # noqa: E402
from doublenine.shared.failures import Failure  # noqa: E402

SIZE = (1280, 800)


def _panel_texts(state, lang: str = "en") -> list[str]:  # type: ignore[no-untyped-def]
    pygame.display.init()
    pygame.font.init()
    scene = table_scene(state, Ui(seen_finished=0), lang, SIZE, "chat")
    with watch() as seen:
        scene.draw(pygame.Surface(SIZE))
    return [d.text for d in seen]


def test_a_line_typed_while_the_link_is_down_shows_at_once_then_as_said() -> None:
    session, link = _seated()
    link.inbox.put(Connection("lost"))
    session.pump()
    link.send = lambda message: (link.sent.append(message), False)[1]  # type: ignore[method-assign]
    assert session.send(Say(text="hola")) is False  # no link: nothing went
    iid = f"{session._prefix}-1"
    assert session.state.saying == (Saying(iid, text="hola"),)  # was (): nothing shown until the link came back
    texts = _panel_texts(session.state)
    assert texts[texts.index("hola") - 1] == "Waiting for the connection"
    link.send = lambda message: (link.sent.append(message), True)[1]  # type: ignore[method-assign]
    link.inbox.put(Connection("connected"))
    link.inbox.put(p.Joined(code="ABCDE", seat=1))
    from test_talk_resent import _snapshot
    link.inbox.put(_snapshot(session.state.view, 12))
    session.pump()
    assert [m.intent_id for m in link.sent if isinstance(m, p.Chat)][-1] == iid  # sent again after the rejoin
    texts = _panel_texts(session.state)
    assert texts[texts.index("hola") - 1] == "Sending…"
    link.inbox.put(_line(1, "hola", mine=True))  # its own copy: said
    session.pump()
    assert session.state.saying == () and [line.text for line in session.state.chat] == ["hola"]
    assert "Sending…" not in _panel_texts(session.state)


def test_a_line_refused_says_not_sent_and_send_again_says_it_with_a_new_id() -> None:
    session, link = _seated()
    session.send(Say(text="¿listos?"))
    iid = link.sent[-1].intent_id
    link.inbox.put(p.Error(code="CHAT_TOO_FAST", detail="chat again in 1 s", intent_id=iid, data={"retry_after": 1.0}))
    session.pump()
    assert session.state.saying == (Saying(iid, text="¿listos?", unsent=True),)
    assert chat.unsent(session.state)
    texts = _panel_texts(session.state, "es")
    assert texts[texts.index("¿listos?") - 1] == "No enviado" and "Enviar de nuevo" in texts
    scene = table_scene(session.state, Ui(seen_finished=0), "en", SIZE, "chat")
    lay = scene.talk.chat_layout(SIZE, session.state, scene.layout())
    assert lay.retry is not None and chat.hit((lay.retry[0] + 2, lay.retry[1] + 2), lay) == "retry"
    assert lay.lines is not None and lay.lines[1] + lay.lines[3] <= lay.retry[1]  # the lines give way
    assert chat.click("retry", session.state, scene.talk.cui)[1] == Resay()
    assert chat.items(session.state)[:2] == ("", "retry")  # Tab reaches it
    assert session.send(Resay()) is True
    again = link.sent[-1]
    assert (again.type, again.text) == ("chat", "¿listos?") and again.intent_id != iid
    assert session.state.saying == (Saying(again.intent_id, text="¿listos?"),)


def test_a_line_waiting_when_the_connection_ends_for_good_is_not_sent() -> None:
    session, link = _seated()
    link.inbox.put(Connection("lost"))
    session.pump()
    session.send(Say(phrase="hello"))
    link.inbox.put(Failed(Failure("host.lost", {"host": "192.168.1.20", "port": 8765})))
    session.pump()
    assert [(s.phrase, s.unsent) for s in session.state.saying] == [("hello", True)]
    session.send(Say(text="still there?"))  # typed after the end: not sent at once
    assert [(s.text, s.unsent) for s in session.state.saying][-1] == ("still there?", True)


def test_a_nudge_shows_at_once_and_says_when_it_was_not_sent() -> None:
    session, link = _seated()
    talk = TableTalk("fr", Art())
    talk.remember = False
    session.send(Nudge(3))
    iid = link.sent[-1].intent_id
    talk.update(session.state, 10.0)
    assert talk.notice == ("Relance de P3…", 10.0, False)  # was None until the server's nudge came
    link.inbox.put(p.Error(code="NOT_AWAITED", detail="no", intent_id=iid))
    session.pump()
    talk.update(session.state, 11.0)
    assert talk.notice == ("Votre relance à P3 n’a pas été envoyée", 11.0, False)
    assert session.send(Resay()) is False and session.state.saying == ()  # a nudge is asked again on its card


def test_a_nudge_answered_says_you_nudged() -> None:
    session, link = _seated()
    talk = TableTalk("en", Art())
    talk.remember = False
    session.send(Nudge(3))
    talk.update(session.state, 10.0)
    assert talk.notice is not None and talk.notice[0] == "Nudging P3…"
    link.inbox.put(p.Nudged(by=1, seat=3))
    session.pump()
    talk.update(session.state, 10.5)
    assert session.state.saying == () and talk.notice is not None and talk.notice[0] == "You nudged P3"
    assert _drop_and_rejoin(session, link) == []  # nothing left to say again
