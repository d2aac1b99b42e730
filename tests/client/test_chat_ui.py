"""The client side of issue 15: chat lines folded into the state, the chat panel (phrases, free text,
mute remembered), the wait shown and a nudge arriving, through the table scene's own event handling,
and a real server with two seats and a spectator."""
from __future__ import annotations

import os
import time
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from client_helpers import three_humans_scene  # noqa: E402

from doublenine.client import chat, config  # noqa: E402
from doublenine.client.input import Viewport  # noqa: E402
from doublenine.client.intents import Back, HandOver, Nudge, Say  # noqa: E402
from doublenine.client.local import LocalSession  # noqa: E402
from doublenine.client.net import NetClient, NetSession  # noqa: E402
from doublenine.client.scenes.table import KEY_GUARD, TableScene  # noqa: E402
from doublenine.client.sound import Sounds  # noqa: E402
from doublenine.client.store import ClientState, reduce  # noqa: E402
from doublenine.shared import protocol as p  # noqa: E402
from doublenine.shared.rules import legal_decisions, to_act  # noqa: E402
from doublenine.shared.seats import Seat  # noqa: E402
from doublenine.shared.state import Phase  # noqa: E402
from doublenine.shared.wire import RequestW  # noqa: E402

SIZE = (1280, 800)


def _line(i: int, seat: int | None, **said: str) -> p.ChatLineW:
    return p.ChatLineW(id=i, at=1.0, seat=seat, name="" if seat is None else f"P{seat}", **said)


def test_chat_lines_fold_once_each_and_a_history_replaces_them() -> None:
    s = reduce(ClientState(), p.ChatLines(lines=(_line(1, 1, text="a"), _line(2, None, phrase="thanks"))))
    s = reduce(s, p.ChatLines(lines=(_line(2, None, phrase="thanks"), _line(3, 2, text="b"))))  # 2 again: kept once
    assert [x.id for x in s.chat] == [1, 2, 3]
    s = reduce(s, p.ChatLines(lines=(_line(7, 3, text="c"),), history=True))
    assert [x.id for x in s.chat] == [7]
    many = reduce(s, p.ChatLines(lines=tuple(_line(i, 1, text="x") for i in range(8, 70))))
    assert [x.id for x in many.chat] == list(range(20, 70))  # the newest 50


def test_a_crowds_lines_never_push_the_players_lines_out_of_the_panel() -> None:
    """Stream s16 F4 (the window's side of shared/chat.kept_lines): the partner's line and 60 spectators'
    lines, live one frame each and in one batch: the panel keeps the partner's line and the newest 25
    spectators' lines, as the server's history does."""
    from doublenine.client.store import unseen_chat

    frames = [p.ChatLines(lines=(_line(1, 3, phrase="one_moment"),))] + \
        [p.ChatLines(lines=(_line(i, None, text=f"w{i}"),)) for i in range(2, 62)]
    s = ClientState()
    for frame in frames:
        s = reduce(s, frame)
    assert [x.id for x in s.chat] == [1] + list(range(37, 62))
    batch = ClientState()
    for frame in unseen_chat(list(frames)):  # what a window drains at once: the partner's frame survives
        batch = reduce(batch, frame)
    assert batch.chat == s.chat
    whole = reduce(ClientState(), p.ChatLines(lines=tuple(f.lines[0] for f in frames)))
    assert whole.chat == s.chat


def test_nudges_count_and_the_wait_restarts_at_each_public_change() -> None:
    s = reduce(ClientState(), p.Nudged(by=2, seat=1))
    s = reduce(s, p.Nudged(by=3, seat=1))
    assert s.nudge == (2, 3, 1)
    table = LocalSession(seed=3)
    snap = p.Snapshot(seq=4, view=p.ViewW.model_validate(_wire_view(table)), table=_table_w(), waited=83.5)
    s = reduce(s, snap)
    assert s.wait == (1, 83.5) and s.chat_rule == "phrases_in_hand"


def _wire_view(s: LocalSession) -> dict:
    from doublenine.shared.convert import view_to_wire
    return view_to_wire(s.state.view)


def _table_w(**seat1: object) -> p.TableW:
    seats = [{"seat": i, "name": f"P{i}", "kind": "human", "level": "easy", "claimed": True, "connected": True,
              "computer_plays": False} for i in range(1, 5)]
    seats[0].update(seat1)
    return p.TableW.model_validate({"code": "ABCDE", "seats": seats, "seeded": False, "started": True,
                                    "paused": False, "chat": "phrases_in_hand"})


def test_the_computer_playing_for_me_while_connected_shows_in_the_state() -> None:
    s = ClientState(view=LocalSession(seed=3).state.view)
    assert reduce(s, p.TableUpdate(table=_table_w(computer_plays=True))).playing_for_me is True
    assert reduce(s, p.TableUpdate(table=_table_w())).playing_for_me is False
    asked = _table_w().model_copy(update={"request": RequestW(id=3, action="hand_over", by=2, target=1,
                                                                 waiting=(3,))})
    assert reduce(s, p.TableUpdate(table=asked)).handing_me_over is True


def _scene(tmp_path, monkeypatch, remember: bool = True) -> tuple[TableScene, LocalSession, list]:
    """On to seat 2's turn in the play (client_helpers.three_humans_scene), in English."""
    return three_humans_scene(monkeypatch, tmp_path, lambda st: st.phase is Phase.PLAY and st.hand is not None
                              and st.hand.turn is Seat.TWO, "en", SIZE, remember)


def _click(scene: TableScene, rect) -> None:
    x, y, w, h = rect
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x + w // 2, y + h // 2), button=1, touch=False))


def _read(scene: TableScene) -> None:
    """The window draws what came up and the player reads it before clicking (client.seen: a card's button
    just come up takes no click)."""
    scene.draw(pygame.Surface(SIZE))
    scene.update(scene._now + KEY_GUARD + 0.05)


def _key(scene: TableScene, key: int, text: str = "") -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0))
    if text:
        scene.handle(pygame.event.Event(pygame.TEXTINPUT, text=text))


def test_c_opens_the_chat_typing_goes_to_the_field_and_enter_says_it(tmp_path, monkeypatch) -> None:
    scene, s, sent = _scene(tmp_path, monkeypatch)
    _key(scene, pygame.K_c, "c")
    assert scene.talk.cui.open and scene.talk.cui.focused and scene.talk.cui.draft == ""  # the "c" is not typed
    scene.handle(pygame.event.Event(pygame.TEXTINPUT, text="hola "))
    _key(scene, pygame.K_h, "h")  # H is a table shortcut (hint), not while typing
    _key(scene, pygame.K_RETURN)
    assert sent == [Say(text="hola h")]
    assert [x.text for x in s.state.chat] == ["hola h"] and scene.talk.cui.draft == ""
    assert scene.layout().size == (SIZE[0] - chat.panel_width(SIZE), SIZE[1])  # the table makes room
    # too narrow to share: the table keeps the window and leaves the panel's width free in its middle
    assert chat.arrange((900, 600), True) == ((900, 600), 260) and chat.arrange((900, 600), False) == ((900, 600), 0)


def test_a_phrase_is_one_click_and_travels_as_its_id(tmp_path, monkeypatch) -> None:
    scene, s, sent = _scene(tmp_path, monkeypatch)
    _click(scene, scene.talk.chat_layout(SIZE, s.state, scene.layout()).toggle)
    lay = scene.talk.chat_layout(SIZE, s.state, scene.layout())
    _click(scene, dict(lay.phrases)["good_game"])
    assert sent == [Say(phrase="good_game")] and s.state.chat[-1].phrase == "good_game"


def test_mute_hides_a_players_lines_and_is_remembered(tmp_path, monkeypatch) -> None:
    scene, s, sent = _scene(tmp_path, monkeypatch)
    s.hear(Seat.TWO, text="psst")
    s.hear(None, text="from the rail")
    s.hear(Seat.THREE, text="hello")
    scene.update(11.0)
    assert chat.unread(s.state, scene.talk.cui) == 3
    _click(scene, scene.talk.chat_layout(SIZE, s.state, scene.layout()).toggle)
    lay = scene.talk.chat_layout(SIZE, s.state, scene.layout())
    name2 = chat.seat_key(s.state.table, 2)  # a mute is of a seat of this table (test_mute_by_seat.py)
    assert [k for k, _ in lay.chips] == [name2, chat.seat_key(s.state.table, 3), chat.SPECTATORS]
    _click(scene, dict(lay.chips)[name2])
    _click(scene, dict(lay.chips)[chat.SPECTATORS])
    assert [x.text for x in chat.visible(s.state, scene.talk.cui)] == ["hello"]
    assert sent == []  # a mute is the client's alone
    assert config.load().muted == tuple(sorted((name2, "")))
    again, _, _ = _scene(tmp_path, monkeypatch)
    assert again.talk.cui.muted == {name2, ""}


def test_free_text_is_closed_during_a_hand_at_a_phrases_only_table(tmp_path, monkeypatch) -> None:
    scene, s, sent = _scene(tmp_path, monkeypatch)
    s.state = replace(s.state, chat_rule="phrases_in_hand")
    scene.update(11.0)
    _key(scene, pygame.K_c, "c")
    scene.handle(pygame.event.Event(pygame.TEXTINPUT, text="signal"))
    _key(scene, pygame.K_RETURN)
    # the panel keeps the keys (swallowed, nothing typed or said): test_chat_keys.py
    assert scene.talk.cui.focused and scene.talk.cui.draft == "" and sent == []


def test_the_wait_card_counts_from_the_servers_figure_and_offers_nudge_then_hand_over(tmp_path, monkeypatch) -> None:
    scene, s, sent = _scene(tmp_path, monkeypatch)
    s.state = replace(s.state, wait=(5, 3.0))
    s.changed = True
    scene.update(100.0)
    assert scene.talk.cards(s.state, scene.layout(), scene.ui) == []  # 3 s: a turn is not a wait yet
    scene.update(113.0)
    (card,) = scene.talk.cards(s.state, scene.layout(), scene.ui)
    assert card.text[1]["time"] == "0:16" and [b.id for b in card.buttons] == ["nudge:2"]
    _read(scene)
    _click(scene, card.buttons[0].rect)
    assert sent == [Nudge(2)]
    s.state = replace(s.state, nudge=(1, 1, 2))  # the server tells everyone
    s.changed = True
    scene.update(158.0)
    (card,) = scene.talk.cards(s.state, scene.layout(), scene.ui)
    # 61 s: the hand-over is offered; no Nudge for 30 s after the table's last nudge: greyed, saying when
    # (new user s11), 30 - (158 - 158) s after the nudge was heard, at 158.0
    assert card.text[1]["time"] == "1:01" and [(b.id, b.enabled) for b in card.buttons] == \
        [("nudge_wait:2", False), ("handover:2", True)]
    assert card.text[1]["seconds"] == 30
    _read(scene)
    _click(scene, card.buttons[0].rect)
    assert sent[-1] == Nudge(2)  # the greyed button sends nothing
    _click(scene, card.buttons[1].rect)
    assert sent[-1] == HandOver(2)


def test_a_nudge_for_me_lights_the_window_and_plays_the_nudge_sound(tmp_path, monkeypatch) -> None:
    scene, s, sent = _scene(tmp_path, monkeypatch)
    s.state = replace(s.state, nudge=(1, 2, 1))
    s.changed = True
    scene.update(20.0)
    assert scene.sounds.played[-1:] == ["nudge"]
    text, since, mine = scene.talk.notice
    assert mine and since == 20.0 and s.state.names[1] in text
    surface = pygame.Surface(SIZE)
    scene.draw(surface)
    assert surface.get_at((2, SIZE[1] // 2))[:3] != surface.get_at((40, SIZE[1] // 2))[:3]  # the lit edge
    s.state = replace(s.state, nudge=(2, 1, 3))
    s.changed = True
    scene.update(21.0)
    assert scene.sounds.played.count("nudge") == 1 and scene.talk.notice[2] is False


def test_im_back_takes_the_seat_back(tmp_path, monkeypatch) -> None:
    scene, s, sent = _scene(tmp_path, monkeypatch)
    s.state = replace(s.state, playing_for_me=True)
    s.changed = True
    scene.update(12.0)
    cards = scene.talk.cards(s.state, scene.layout(), scene.ui)
    back = next(b for c in cards for b in c.buttons if b.id == "back")
    _read(scene)
    _click(scene, back.rect)
    assert sent == [Back()]


def test_settings_with_bad_muted_values_load_what_is_usable(tmp_path) -> None:
    path = tmp_path / "client.json"
    path.write_text('{"muted": ["Bo", 5, null, "' + "x" * 100 + '", "' + "y" * 32 + '"]}', encoding="utf-8")
    assert config.load(path).muted == ("Bo", "y" * 32)  # names are 32 characters: a longer one mutes nobody
    path.write_text('{"muted": "Bo"}', encoding="utf-8")
    assert config.load(path).muted == ()


def test_net_session_encodes_chat_nudge_and_back() -> None:
    session = NetSession(NetClient("ws://127.0.0.1:9/", p.Spectate(code="ABCDE")), ClientState(seq=3))
    tag = session._prefix  # s15: a line or nudge carries its id, so one sent again after a reconnect is said once
    assert p.unpack(p.encode(session.encode(Say(text="hi")))) == {"type": "chat", "text": "hi", "intent_id": f"{tag}-1"}
    assert p.unpack(p.encode(session.encode(Say(phrase="bye")))) == {"type": "chat", "phrase": "bye",
                                                                      "intent_id": f"{tag}-2"}
    assert p.unpack(p.encode(session.encode(Nudge(3)))) == {"type": "nudge", "seat": 3, "intent_id": f"{tag}-3"}
    assert p.unpack(p.encode(session.encode(Back()))) == {"type": "back"}


def _pump_until(sessions, pred, seconds: float = 15.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for s in sessions:
            s.pump()
        if pred():
            return
        time.sleep(0.02)
    raise AssertionError([s.state for s in sessions])


def test_real_server_a_seat_and_a_spectator_chat_reaches_the_others(tmp_path) -> None:
    from doublenine.client.embedded import EmbeddedServer

    server = EmbeddedServer(db=str(tmp_path / "t.sqlite"), bot_delay=0.0)
    url = server.start()
    sessions = []
    try:
        seats = (p.SeatSpec(kind="human"), p.SeatSpec(kind="human"), p.SeatSpec(kind="computer"),
                 p.SeatSpec(kind="computer"))
        host = NetSession(NetClient(url, p.CreateTable(seats=seats, sit=1, name="Ana")).start())
        sessions.append(host)
        _pump_until([host], lambda: bool(host.state.table) and host.state.view is not None)
        guest = NetSession(NetClient(url, p.Join(code=host.state.table, seat=2, name="Bo")).start())
        rail = NetSession(NetClient(url, p.Spectate(code=host.state.table)).start())
        sessions += [guest, rail]
        _pump_until(sessions, lambda: all(s.state.view is not None for s in sessions))
        assert host.send(Say(text="hola\u200b a todos"))
        _pump_until(sessions, lambda: all(s.state.chat for s in sessions))
        assert rail.send(Say(phrase="well_played"))
        _pump_until(sessions, lambda: all(len(s.state.chat) == 2 for s in sessions))
        for s in sessions:
            assert [(x.seat, x.name, x.text, x.phrase) for x in s.state.chat] == \
                [(1, "Ana", "hola a todos", None), (None, "", None, "well_played")]
    finally:
        for s in sessions:
            s.close(leave=False)
        server.stop()


def test_a_disconnected_players_card_offers_no_nudge(tmp_path, monkeypatch) -> None:
    scene, s, sent = _scene(tmp_path, monkeypatch)
    s.state = replace(s.state, wait=(5, 20.0), away=frozenset({Seat.TWO}))
    s.changed = True
    scene.update(100.0)
    (card,) = scene.talk.cards(s.state, scene.layout(), scene.ui)
    assert card.buttons == () and card.text[1]["time"] == "0:20"  # the away panel offers the hand-over (D7)


def test_no_action_is_offered_while_the_connection_is_lost(tmp_path, monkeypatch) -> None:
    """New-user finding: friends of a killed host were offered Nudge and "Let the computer play"
    under "Connection lost: reconnecting…". Kind: actions offered that cannot be sent -- the wait
    card, the away/consent/lobby panels and the top bar's Undo/Redo/Restart, Hint and Pass."""
    scene, s, sent = _scene(tmp_path, monkeypatch)
    s.state = replace(s.state, wait=(5, 3.0))
    s.changed = True
    scene.update(100.0)
    scene.update(158.0)
    (card,) = scene.talk.cards(s.state, scene.layout(), scene.ui)  # connected: both are offered
    assert [b.id for b in card.buttons] == ["nudge:2", "handover:2"]
    s.state = replace(s.state, away=frozenset({Seat.TWO}))
    s.changed = True
    scene.update(159.0)
    assert scene.layout().panel is not None and scene.layout().panel.kind == "away"  # connected: offered
    s.state = replace(s.state, connection="lost")
    s.changed = True
    scene.update(160.0)
    lay = scene.layout()
    assert scene.talk.cards(s.state, lay, scene.ui) == [] and lay.panel is None and lay.banner is not None
    assert [b.id for b in lay.buttons if b.enabled] == ["leave", "ledger", "rules", "sound"]  # sound sends nothing
    for b in card.buttons:
        _click(scene, b.rect)
    assert sent == []


def test_a_click_on_chat_puts_the_cursor_in_the_field_and_no_key_reaches_the_table(tmp_path, monkeypatch) -> None:
    """New-user finding: clicking Chat left the field without the cursor, so typed letters were shortcuts and
    Enter pressed "Start now" for the whole table; the click now focuses the field like the C key does."""
    scene, s, sent = _scene(tmp_path, monkeypatch)
    s.state = replace(s.state, started=False, table="ABCDE")  # a guest waiting for players: Enter is Start now
    s.changed = True
    scene.update(11.0)
    assert scene.layout().panel is not None and scene.layout().panel.kind == "lobby"
    _click(scene, scene.talk.chat_layout(SIZE, s.state, scene.layout()).toggle)
    assert scene.talk.cui.open and scene.talk.cui.focused
    for k, text in ((pygame.K_u, "u"), (pygame.K_h, "h"), (pygame.K_y, "y"), (pygame.K_p, "p"), (pygame.K_m, "m"),
                    (pygame.K_1, "1"), (pygame.K_ESCAPE, "")):
        _key(scene, k, text)
        if k != pygame.K_ESCAPE:
            assert scene.talk.cui.focused
    assert not scene.talk.cui.focused and sent == []  # Esc leaves the field; nothing went to the table
    assert scene.talk.cui.draft == "uhypm1" and scene.sounds.muted is False
    _click(scene, scene.talk.chat_layout(SIZE, s.state, scene.layout()).field)
    _key(scene, pygame.K_RETURN)
    assert sent == [Say(text="uhypm1")]  # Enter said the line, it did not start the table


def test_own_lines_are_never_unread(tmp_path, monkeypatch) -> None:
    """New-user finding: after leaving and rejoining, "Chat (2)" counted the player's own two lines."""
    scene, s, _ = _scene(tmp_path, monkeypatch)
    me = s.state.view.seat
    s.state = replace(s.state, chat=(_line(1, int(me), text="mine"), _line(2, int(me), text="mine too"),
                                     _line(3, 3, text="theirs")))
    assert chat.unread(s.state, replace(scene.talk.cui, seen=0)) == 1
    assert chat.unread(s.state, replace(scene.talk.cui, seen=3)) == 0


def test_a_spectators_own_lines_are_never_unread_and_stay_its_own_after_a_history() -> None:
    """Left alone last session: a spectator's own lines carry no seat, so they counted as unread; the
    server marks the sender's copy ``mine`` (docs/protocol.md "Chat and nudges")."""
    mine = _line(1, None, phrase="hello").model_copy(update={"mine": True})
    s = reduce(ClientState(), p.ChatLines(lines=(mine,)))
    s = reduce(s, p.ChatLines(lines=(_line(2, None, text="another spectator"), _line(3, 2, text="a seat"))))
    assert s.view is None and chat.unread(s, chat.ChatUi(seen=0)) == 2
    again = reduce(s, p.ChatLines(lines=(_line(1, None, phrase="hello"), _line(2, None, text="another spectator"),
                                         _line(3, 2, text="a seat"), _line(4, None, text="new")), history=True))
    assert [x.mine for x in again.chat] == [True, False, False, False]  # a reconnect's history keeps its own
    assert chat.unread(again, chat.ChatUi(seen=0)) == 3 and chat.unread(again, chat.ChatUi(seen=3)) == 1


def test_real_server_a_spectators_own_line_is_not_unread_for_it_but_is_for_the_seat(tmp_path) -> None:
    from doublenine.client.embedded import EmbeddedServer

    server = EmbeddedServer(db=str(tmp_path / "t.sqlite"), bot_delay=0.0)
    url = server.start()
    sessions = []
    try:
        seats = (p.SeatSpec(kind="human"),) + (p.SeatSpec(kind="computer"),) * 3
        host = NetSession(NetClient(url, p.CreateTable(seats=seats, sit=1, name="Ana")).start())
        sessions.append(host)
        _pump_until([host], lambda: bool(host.state.table) and host.state.view is not None)
        rail = NetSession(NetClient(url, p.Spectate(code=host.state.table)).start())
        sessions.append(rail)
        _pump_until(sessions, lambda: all(s.state.view is not None for s in sessions))
        assert rail.send(Say(phrase="well_played"))
        _pump_until(sessions, lambda: all(s.state.chat for s in sessions))
        assert [(x.seat, x.phrase, x.mine) for x in rail.state.chat] == [(None, "well_played", True)]
        assert [(x.seat, x.phrase, x.mine) for x in host.state.chat] == [(None, "well_played", False)]
        assert chat.unread(rail.state, chat.ChatUi()) == 0 and chat.unread(host.state, chat.ChatUi()) == 1
    finally:
        for s in sessions:
            s.close(leave=False)
        server.stop()


def test_a_frame_builds_the_wait_card_once_with_the_tables_own_previews(tmp_path, monkeypatch) -> None:
    """Left alone last session: the wait card was built twice a frame (the status check, then the
    drawing; a third time under a toast) and read the status line with a blank ``Ui``."""
    from doublenine.client.scenes import talk as talk_module
    scene, s, sent = _scene(tmp_path, monkeypatch)
    s.state = replace(s.state, wait=(5, 3.0))
    s.changed = True
    scene.update(100.0)
    scene.update(113.0)
    scene.tell("Exported", 5.0)
    calls: list[object] = []
    real = talk_module.wait_card

    def counted(state, lay, waited, ready, ui, lang, nudge_in=0.0):  # type: ignore[no-untyped-def]
        card = real(state, lay, waited, ready, ui, lang, nudge_in)
        calls.append((ui, card.text[1]["time"]))
        return card
    monkeypatch.setattr(talk_module, "wait_card", counted)
    scene.draw(pygame.Surface(SIZE))
    assert calls == [(scene.ui, "0:16")]
    scene.update(114.0)  # the next frame: built again (its clock says 0:17)
    scene.draw(pygame.Surface(SIZE))
    assert calls == [(scene.ui, "0:16"), (scene.ui, "0:17")]


@pytest.mark.parametrize(("lang", "name", "who"), [("en", "Zé", "Zé (spectator)"), ("fr", "Zé", "Zé (spectateur)"),
                                                   ("de", "Zé", "Zé (Zuschauer)"), ("en", "", "Spectator"),
                                                   ("es", "", "Espectador")])
def test_a_spectators_line_says_its_name_marked_a_spectators(lang: str, name: str, who: str) -> None:
    """s14 spectate item 3: every spectator's line read "Spectator"; one with a name (``spectate.name``) says it,
    marked so it never reads as a seat's line; one without (an older server's, a nameless spectator) as before."""
    from doublenine.client.chatdraw import line_text
    line = p.ChatLineW(id=1, at=1.0, seat=None, name=name, phrase="hello")
    assert line_text(line, lang)[0] == who
