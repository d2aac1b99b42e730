"""A move written on a link that is silently dead is never lost without a word (s13 netplayer F4, F2).

Kind: intents sent without knowing they arrived. Every intent whose answer never came is sent again after
the rejoin, unchanged (its ``intent_id`` and ``expected_seq``): the server applies what it never received,
answers ``DUPLICATE`` for what it had applied (nothing shown: it counted once) and ``STALE`` for what the
table moved past ("Your move did not reach the table..."). While the connection is lost the table says so
and offers nothing that cannot be sent: no hand lit, no tile lifted, no intent, no play keys in the footer.
The transport is a fake one (a dead link is a send that returns True and an answer that never comes)."""
from __future__ import annotations

import queue
from dataclasses import replace
from typing import Any

import pygame
from client_helpers import my_turn_with_play, session_at

from doublenine.client.footer import key_help
from doublenine.client.input import handle
from doublenine.client.intents import AskHint, Decide
from doublenine.client.layout import compute_layout
from doublenine.client.net import NetSession
from doublenine.client.panels import status_line
from doublenine.client.store import ClientState, Connection
from doublenine.client.text import tr
from doublenine.client.uistate import Ui
from doublenine.shared import protocol as p
from doublenine.shared.convert import view_to_wire
from doublenine.shared.moves import Play
from doublenine.shared.seats import Seat


class DeadLink:
    """A fake NetClient: ``send`` records and answers ``up`` (a silently dead link still says True)."""

    def __init__(self) -> None:
        self.inbox: queue.Queue[Any] = queue.Queue()
        self.sent: list[p.Model] = []
        self.up = True
        self.attach = p.Spectate(code="ABCDE")

    def send(self, message: p.Model) -> bool:
        self.sent.append(message)
        return self.up


TABLE = p.TableW.model_validate({"code": "ABCDE", "seeded": False, "started": True, "paused": False, "seats": [
    {"seat": i, "name": f"P{i}", "kind": "human", "level": "easy", "claimed": True, "connected": True,
     "computer_plays": False} for i in range(1, 5)]})


def _my_turn() -> tuple[NetSession, DeadLink, Any]:
    local = session_at(my_turn_with_play)
    view = local.state.view
    link = DeadLink()
    session = NetSession(link)  # type: ignore[arg-type]
    link.inbox.put(Connection("connected"))
    link.inbox.put(p.Joined(code="ABCDE", seat=1, token="t" * 20))
    link.inbox.put(_snapshot(view, 12))
    session.pump()
    play = next(m for m in view.legal_moves() if isinstance(m, Play))
    return session, link, play


def _snapshot(view: Any, seq: int) -> p.Snapshot:
    return p.Snapshot(seq=seq, view=p.ViewW.model_validate(view_to_wire(view)), table=TABLE, waited=0.0)


def _drop_and_rejoin(session: NetSession, link: DeadLink, seq: int) -> None:
    link.inbox.put(Connection("lost"))
    session.pump()
    assert session.state.connection == "lost" and session.state.sending is True
    assert status_line(session.state, Ui(), "en") == ("Connection lost: your move goes again once the table answers", {})
    link.inbox.put(Connection("connected"))
    link.inbox.put(p.Joined(code="ABCDE", seat=1))
    link.inbox.put(_snapshot(session.state.view, seq))
    session.pump()


def test_a_move_lost_on_a_dead_link_is_sent_again_after_the_rejoin_and_applied_once() -> None:
    session, link, play = _my_turn()
    assert session.send(Decide(play)) is True
    first = link.sent[-1]
    assert (first.intent_id, first.expected_seq) == (f"{session._prefix}-1", 12)
    assert session.state.sending is True
    assert status_line(session.state, Ui(), "en") == ("Sending your move…", {})
    _drop_and_rejoin(session, link, 12)  # the table never got it: still at seq 12
    assert link.sent[-1] == first and len(link.sent) == 2  # the same id and seq: applied once at most
    link.inbox.put(_snapshot(session.state.view, 13))  # its update (a snapshot here) moves the table on
    session.pump()
    assert session.unanswered == {} and session.state.sending is False and session.state.error is None


def test_a_resent_move_the_table_had_applied_is_silent() -> None:
    session, link, play = _my_turn()
    session.send(Decide(play))
    _drop_and_rejoin(session, link, 13)  # it was applied, its update lost with the link
    assert link.sent[-1] == link.sent[0]
    link.inbox.put(p.Error(code="DUPLICATE", detail="already applied", intent_id=link.sent[0].intent_id,
                           data={"seq": 13}))
    session.pump()
    assert session.state.error is None and session.state.sending is False and session.unanswered == {}


def test_a_resent_move_the_table_moved_past_is_said_not_played() -> None:
    session, link, play = _my_turn()
    session.send(Decide(play))
    _drop_and_rejoin(session, link, 13)  # the computer played for the seat meanwhile (D7)
    link.inbox.put(p.Error(code="STALE", detail="stale", intent_id=link.sent[0].intent_id, data={"seq": 13}))
    session.pump()
    assert session.state.error == "UNDELIVERED" and session.state.sending is False
    assert status_line(session.state, Ui(), "en") == (
        "Your move did not reach the table before the connection dropped: it was not played", {})


def test_an_intent_that_could_not_be_sent_goes_after_the_rejoin() -> None:
    session, link, _ = _my_turn()
    link.up = False
    assert session.send(AskHint()) is False
    link.up = True
    _drop_and_rejoin_hint = link.sent[-1]
    link.inbox.put(Connection("lost"))
    link.inbox.put(Connection("connected"))
    link.inbox.put(_snapshot(session.state.view, 12))
    session.pump()
    assert link.sent == [_drop_and_rejoin_hint, _drop_and_rejoin_hint]
    assert session.state.sending is False  # a hint is not a move: "Sending your move…" never said


def test_an_answered_intent_is_not_sent_again() -> None:
    session, link, play = _my_turn()
    session.send(Decide(play))
    link.inbox.put(p.Error(code="NOT_YOUR_TURN", detail="no", intent_id=link.sent[0].intent_id))
    session.pump()
    assert session.state.error == "NOT_YOUR_TURN" and session.unanswered == {}
    _before = len(link.sent)
    link.inbox.put(Connection("lost"))
    link.inbox.put(Connection("connected"))
    link.inbox.put(_snapshot(session.state.view, 12))
    session.pump()
    assert len(link.sent) == _before


def test_while_lost_the_table_offers_nothing_that_cannot_be_sent() -> None:
    pygame.font.init()
    s = session_at(my_turn_with_play)
    lost = replace(s.state, connection="lost")
    lay = compute_layout(lost, Ui(), (1280, 800))
    assert [h.tile for h in lay.hand if h.playable] == []
    assert status_line(lost, Ui(), "en") == ("Connection lost: nothing can be played until the table answers again", {})
    assert key_help(lost, lay.panel, "", "en") == tr("en", "F1: the rules, at these keys")
    live = compute_layout(s.state, Ui(), (1280, 800))
    tile = next(h for h in live.hand if h.playable)
    x, y, w, h = tile.rect
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(x + w // 2, y + h // 2))
    from doublenine.client.input import Viewport
    vp = Viewport((1280, 800), (1280, 800))
    lifted = handle(click, live, s.state, Ui(), vp)
    assert lifted.ui.selected is tile.tile  # connected: the click lifts it
    twice = handle(click, live, s.state, lifted.ui, vp)
    assert isinstance(twice.intent, Decide)
    for before, at in ((Ui(), lay), (lifted.ui, live)):  # lost: no move, nothing lifted
        action = handle(click, at, lost, before, vp)
        assert (action.intent, action.ui.selected, action.command) == (None, None, None)


def test_a_move_is_shown_as_sending_until_answered() -> None:
    session, link, play = _my_turn()
    assert ClientState().sending is False
    session.send(Decide(play))
    assert session.state.sending is True
    link.inbox.put(p.Error(code="TILE_DOES_NOT_FIT", detail="no", intent_id=link.sent[0].intent_id))
    session.pump()
    assert session.state.sending is False and session.state.error == "TILE_DOES_NOT_FIT"


def test_a_played_tile_stays_lifted_and_says_sending_until_answered() -> None:
    """s13 netplayer F2 (800 ms each way): the played tile dropped back into the hand for the round trip."""
    from doublenine.client.art import Art
    from doublenine.client.input import Viewport
    from doublenine.client.scenes.table import TableScene
    from doublenine.client.sound import Sounds

    pygame.font.init()
    session, link, play = _my_turn()
    scene = TableScene(session, "en", Art(), sounds=Sounds(muted=True), motion=False)
    scene.resize(Viewport((1280, 800), (1280, 800)))
    scene.update(100.0)
    x, y, w, h = next(t.rect for t in scene.layout().hand if t.tile is play.tile)
    at = (x + w // 2, y + h // 2)
    clicks = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=at) for _ in range(2)]
    scene.handle(clicks[0])
    if scene.ui.end != play.end:  # a tile that fits both ends: its end chosen (L or R)
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l if play.end.name == "LEFT" else pygame.K_r,
                                        unicode="", mod=0, scancode=0))
    if scene.ui.selected is play.tile and not link.sent:
        scene.handle(clicks[1])
    if not link.sent:
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0, scancode=0))
    assert [m.type for m in link.sent] == ["play"] and tuple(link.sent[0].tile) == (play.tile.low, play.tile.high)
    scene.update(100.2)
    assert scene.ui.selected is play.tile and scene.session.state.sending is True
    assert [row[0] for row in scene.layout().status] == ["Sending your move…"]
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0, scancode=0))
    assert len(link.sent) == 1  # pressed again while in flight: nothing more sent


def test_accept_the_hand_greys_while_its_answer_is_on_the_way() -> None:
    from doublenine.shared.state import Phase

    local = session_at(lambda st: st.phase is Phase.REVIEW)
    state = local.state
    panel = compute_layout(state, Ui(), (1280, 800)).panel
    assert panel is not None and panel.kind == "review"
    assert [(b.id, b.enabled) for b in panel.buttons][0] == ("accept", True)
    sent = compute_layout(replace(state, sending=True), Ui(), (1280, 800)).panel
    assert [b.enabled for b in sent.buttons] == [False] * len(sent.buttons)


def test_a_draw_pick_taken_first_by_the_other_drawer_takes_the_nearest_free_tile() -> None:
    """s13 netplayer F8: R3's face-down tiles are all alike unknown; a pick refused BAD_POSITION (the other
    drawer's, over a faster link) takes the nearest free one instead of saying "taken"."""
    from doublenine.shared.moves import DrawPick
    from doublenine.shared.state import Phase

    local = session_at(lambda st: st.phase is Phase.DRAW)
    view = local.state.view
    link = DeadLink()
    session = NetSession(link)  # type: ignore[arg-type]
    link.inbox.put(p.Joined(code="ABCDE", seat=1, token="t" * 20))
    link.inbox.put(_snapshot(view, 0))
    session.pump()
    free = sorted(d.position for d in view.legal_decisions() if isinstance(d, DrawPick))
    assert 17 in free and 16 in free and 18 in free
    session.send(Decide(DrawPick(Seat.ONE, 17)))
    taken = replace(view, draw_taken=(*view.draw_taken, (Seat.TWO, 17)))
    link.inbox.put(_snapshot(taken, 0))  # the other drawer's pick (a snapshot here; its update in play)
    link.inbox.put(p.Error(code="BAD_POSITION", detail="taken", intent_id=link.sent[0].intent_id))
    session.pump()
    assert [(m.type, m.position) for m in link.sent] == [("draw", 17), ("draw", 16)]
    assert session.state.error is None and session.state.sending is True


def test_the_window_notices_a_silent_link_within_15_s_and_logs_no_traceback(caplog) -> None:  # type: ignore[no-untyped-def]
    import logging

    from doublenine.client import net

    assert net.KEEPALIVE == (5.0, 10.0) and sum(net.KEEPALIVE) == 15.0
    with caplog.at_level(logging.INFO, logger="doublenine.client.websocket"):
        try:
            raise TimeoutError("keepalive ping timeout")
        except TimeoutError:
            net._WS_LOG.error("keepalive ping failed", exc_info=True)
    (record,) = caplog.records
    assert (record.levelname, record.getMessage(), record.exc_info) == (
        "INFO", "keepalive ping unanswered: the connection is lost", None)


def test_a_consent_lost_with_the_link_is_sent_again_while_its_request_still_waits() -> None:
    """A request's answer carries no intent_id: after the rejoin it goes again only while the snapshot's
    table shows the request still waiting for this seat (idempotent by its request_id)."""
    from doublenine.client.intents import Answer

    session, link, _ = _my_turn()
    from doublenine.shared.wire import RequestW

    asked = TABLE.model_copy(update={"request": RequestW.model_validate(
        {"id": 5, "action": "undo", "by": 2, "waiting": [1]})})
    link.inbox.put(p.TableUpdate(table=asked))
    session.pump()
    assert [c.request_id for c in session.state.consent] == ["5"]
    view = session.state.view
    for table, resent in ((asked, True), (TABLE, False)):  # still waiting for this seat; closed meanwhile
        session.send(Answer("5", True))  # on a link silently dead
        before = len(link.sent)
        link.inbox.put(Connection("lost"))
        link.inbox.put(Connection("connected"))
        link.inbox.put(p.Snapshot(seq=12, view=p.ViewW.model_validate(view_to_wire(view)), table=table, waited=0.0))
        session.pump()
        assert link.sent[before:] == ([p.Consent(request_id=5, accept=True)] if resent else [])


def test_nu_s14_a_review_accept_answered_privately_is_no_longer_sending() -> None:
    """New user s14 (shots/57_accept.png): "Sending your move…" 18 s and more after Accept the hand, under
    "Bo is disconnected": the accept was answered by the server's private update (R10: same ``seq``, only
    this seat hears it), which answered nothing in the window; the status must say whom the table waits for.
    Kind: a pending state that outlives its answer."""
    from doublenine.shared.moves import Review
    from doublenine.shared.state import Phase
    session, link, _ = _my_turn()
    review = replace(session.state.view, phase=Phase.REVIEW, answered=False, turn=None)
    link.inbox.put(_snapshot(review, 12))
    session.pump()
    assert session.send(Decide(Review(Seat.ONE)))
    assert session.state.sending is True
    assert status_line(session.state, Ui(), "en") == ("Sending your move…", {})
    link.inbox.put(p.Update(seq=12, patch={"answered": True}))  # the private answer: seq does not move
    session.pump()
    assert session.state.view.answered is True and session.state.sending is False and session.unanswered == {}
    assert status_line(session.state, Ui(), "en") == ("Waiting for {names} to look at their hands",
                                                     {"names": "P2, P3 and P4", "_plural": "Waiting for {names} to look at their hands", "count": 3})
    away = replace(session.state, away=frozenset({Seat.TWO, Seat.THREE, Seat.FOUR}))  # the report: Bo disconnected
    assert status_line(away, Ui(), "en") == ("Waiting for {names} to look at their hands",
                                             {"names": "P2, P3 and P4", "_plural": "Waiting for {names} to look at their hands", "count": 3})
    bo = replace(session.state, away=frozenset({Seat.TWO}), humans=frozenset({Seat.ONE, Seat.TWO}))
    assert status_line(bo, Ui(), "en") == ("Waiting for {name} to look at their hand", {"name": "P2"})
