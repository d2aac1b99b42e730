"""New user s9 item 4: chat lines read before the window closed counted unread again after the rejoin
("(2)" on the Chat button). Kind: per-table state of the window that was not kept between runs; it is
kept in client.json (``chat_seen``) per table, bounded like the other kept lists."""
from __future__ import annotations

import os
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from doublenine.client import chat, config  # noqa: E402
from doublenine.client.input import Viewport  # noqa: E402
from doublenine.client.local import LocalSession  # noqa: E402
from doublenine.client.scenes.table import TableScene  # noqa: E402
from doublenine.shared.seats import Seat  # noqa: E402

SIZE = (1280, 800)


def _window(s: LocalSession) -> TableScene:
    pygame.display.init()
    scene = TableScene(s, lang="en", motion=False)
    scene.resize(Viewport(SIZE, SIZE))
    scene.update(10.0)
    return scene


def _toggle(scene: TableScene) -> None:
    x, y, w, h = scene.talk.chat_layout(SIZE, scene.session.state, scene.layout()).toggle
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x + w // 2, y + h // 2), button=1, touch=False))
    scene.update(11.0)


def test_lines_read_before_closing_stay_read_after_the_rejoin(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")
    s = LocalSession(seed=2026, humans=frozenset({Seat.ONE, Seat.TWO}))
    s.state = replace(s.state, table="K7QPA")  # a table with a code, as a joined or hosted one
    s.hear(Seat.TWO, text="hello")
    s.hear(Seat.TWO, text="ready?")
    first = _window(s)
    assert chat.unread(s.state, first.talk.cui) == 2
    _toggle(first)  # read
    _toggle(first)  # and closed
    assert chat.unread(s.state, first.talk.cui) == 0
    assert config.load().chat_seen == (f"{s.state.table} 2",)
    again = _window(s)  # the window closed and came back: the same table's history
    assert chat.unread(s.state, again.talk.cui) == 0  # was 2
    s.hear(Seat.TWO, text="new")
    again.update(12.0)
    assert chat.unread(s.state, again.talk.cui) == 1  # what came since is unread


def test_a_table_whose_lines_start_again_counts_them_unread(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")
    s = LocalSession(seed=2026, humans=frozenset({Seat.ONE, Seat.TWO}))
    s.state = replace(s.state, table="K7QPA")  # a table with a code, as a joined or hosted one
    config.save(config.see_chat(config.Settings(), s.state.table, 40))  # ids above all this table sent
    s.hear(Seat.TWO, text="hello")
    scene = _window(s)
    assert chat.unread(s.state, scene.talk.cui) == 1  # not hidden as read
    assert config.chat_seen(config.load(), "K7QPA") == 40


def test_chat_seen_is_bounded_and_read_back_only_when_well_formed(tmp_path) -> None:
    saved = config.Settings()
    codes = [f"ABC{a}{b}" for a in "DEFGH" for b in "JKLMN"][:config.MAX_CHAT_SEEN + 3]
    for i, code in enumerate(codes):
        saved = config.see_chat(saved, code, i + 1)
    assert len(saved.chat_seen) == config.MAX_CHAT_SEEN == 8
    assert config.chat_seen(saved, codes[-1]) == len(codes) and config.chat_seen(saved, codes[0]) == 0
    assert config.see_chat(saved, "not a code", 3) is saved and config.see_chat(saved, codes[1], -1) is saved
    path = tmp_path / "client.json"
    path.write_text('{"chat_seen": ["ABCDE 7", "ABCDF x", "' + "A" * 40 + ' 1", 5, "ABCDG 9007199254740993"]}')
    back = config.load(path)
    assert back.chat_seen == ("ABCDE 7", "ABCDF x", "ABCDG 9007199254740993")  # the 40-character entry skipped
    assert config.chat_seen(back, "ABCDE") == 7 and config.chat_seen(back, "ABCDF") == 0
    assert config.chat_seen(back, "ABCDG") == config.MAX_LINE_ID


def test_s15_a_window_behind_never_lowers_what_another_window_read(tmp_path, monkeypatch) -> None:
    """s15 player: "Chat (3)" after a restart counted lines read before it. Two windows of this computer at one
    table (a seat's and a spectator's, two seats) each saved their own newest read line, the last to save
    winning: a window whose lines lagged wrote 2 over the other's 3. Kind: a shared per-table value written
    back from one window's view, the last writer's winning (config.see_chat keeps the higher)."""
    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")
    s = LocalSession(seed=2026, humans=frozenset({Seat.ONE, Seat.TWO}))
    s.state = replace(s.state, table="K7QPA")
    for text in ("hello", "ready?", "go"):
        s.hear(Seat.TWO, text=text)
    first = _window(s)
    _toggle(first)
    _toggle(first)
    assert config.chat_seen(config.load(), "K7QPA") == 3
    behind = _window(s)  # another window whose lines lag: it holds two of the three, its panel open
    behind.talk.cui = replace(behind.talk.cui, open=True, seen=0)
    behind.talk._read = ("K7QPA", 0, 0)
    behind.talk.update(replace(s.state, chat=s.state.chat[:2]), 20.0)
    assert behind.talk.cui.seen == 2
    assert config.chat_seen(config.load(), "K7QPA") == 3  # was 2: the lagging window's save won
    again = _window(s)  # the window started again
    assert chat.unread(s.state, again.talk.cui) == 0  # was 1
    assert config.chat_seen(config.see_chat(config.load(), "K7QPA", 1), "K7QPA") == 3
    assert config.chat_seen(config.see_chat(config.load(), "K7QPA", 4), "K7QPA") == 4


def test_s15_a_spectators_own_line_stays_read_after_a_restart(tmp_path, monkeypatch) -> None:
    """A spectator's own lines carry no seat and come back in a history without ``mine``: one said just before the
    panel closed (its copy arrived after) counted unread in the next window. One's own lines are read
    (chat.read_through): ``seen`` moves past them and is remembered."""
    from doublenine.client.art import Art
    from doublenine.client.scenes.talk import TableTalk
    from doublenine.shared import protocol as p
    from doublenine.shared.views import view_for

    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")
    s = LocalSession(seed=2026, humans=frozenset({Seat.ONE, Seat.TWO}))
    watching = replace(s.state, table="K7QPA", view=view_for(s.log.state, None))
    zoe = p.ChatLineW(id=1, at=0.0, seat=2, name="Zoë", text="hello")
    said = p.ChatLineW(id=2, at=1.0, seat=None, name="Ann", text="hi all", mine=True)
    talk = TableTalk("en", Art())
    talk.cui = replace(talk.cui, seen=1)  # Zoë's line read, the panel closed before the own copy came
    talk.update(replace(watching, chat=(zoe, said)), 1.0)
    assert talk.cui.seen == 2 and config.chat_seen(config.load(), "K7QPA") == 2
    history = replace(watching, chat=(zoe, said.model_copy(update={"mine": False})))  # as a rejoin sends it
    again = TableTalk("en", Art())
    again.update(history, 2.0)
    assert chat.unread(history, again.cui) == 0  # was 1: "Chat (1)" for one's own line
    other = p.ChatLineW(id=3, at=2.0, seat=3, name="Ñandú", text="hola")
    mine_after = p.ChatLineW(id=4, at=3.0, seat=None, name="Ann", text="¡hola!", mine=True)
    later = replace(watching, chat=(zoe, said, other, mine_after))
    again.update(later, 3.0)
    assert again.cui.seen == 2 and chat.unread(later, again.cui) == 1  # Ñandú's line unread stays unread
