"""A finished match's ledger stays reachable from the start screen after Leave (client/finished.py).

The report: a match ended 0-171 (a Pollona), the player pressed Leave, and the start screen had nothing of
it any more: the match was dropped from the kept list (nothing to go back to), and its ledger, its exports
and the reviews of its hands had been reachable only while still at the table. Kind: what a player may want
after the match (its record) kept only as long as its table is open. Now every finished match the window
played is kept (at most three, bounded, under the data folder) and the earlier-match list opens its ledger.
"""
from __future__ import annotations

import json
from dataclasses import fields, replace

import pygame
import pytest
from client_helpers import session_at
from robot import centre, click

from doublenine.client import config, finished
from doublenine.client.input import Viewport
from doublenine.client.overlays.ledger import LedgerOverlay
from doublenine.client.overlays.panel import Button, Text
from doublenine.client.overlays.review import ReviewOverlay
from doublenine.client.scenes.kept import chooser_layout, earlier_button
from doublenine.client.scenes.start import StartScene, start_layout
from doublenine.client.scenes.table import TableScene
from doublenine.client.text import say
from doublenine.shared.ledger import dumps, hand_script
from doublenine.shared.protocol import CoachReply
from doublenine.shared.state import Phase
from doublenine.shared.views import SpectatorView


@pytest.fixture(autouse=True)
def _config_in_tmp(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(config, "config_path", lambda: tmp_path / "client.json")


@pytest.fixture(scope="module")
def over():  # type: ignore[no-untyped-def]
    """Seed 7's match played to its end: team B wins 0-171 in four hands (a Pollona, R20)."""
    pygame.display.init()
    pygame.font.init()
    return session_at(lambda s: s.phase is Phase.MATCH_OVER, names=NAMES)


NAMES = ("Ana", "Zoë", "Ñandú", "Bea")


def _texts(overlay) -> list[str]:  # type: ignore[no-untyped-def]
    return [i.text for i in overlay.items(900) if isinstance(i, Text)]


def _buttons(overlay) -> list[str]:  # type: ignore[no-untyped-def]
    return [i.label for i in overlay.items(900) if isinstance(i, Button)]


def _left_after_the_end(over, code: str = "K7QPA") -> TableScene:  # type: ignore[no-untyped-def]
    """The table scene at the match's end, left with Leave (the start screen below it)."""
    config.save(config.keep_match(config.Settings(), code, "tk"))
    over.state = replace(over.state, table=code)
    scene = TableScene(over, "en")
    scene.update(0.0)
    scene._leave = True  # Leave's second press
    scene.close()
    return scene


def test_after_leave_the_start_screen_lists_the_finished_match_and_opens_its_ledger(over) -> None:  # type: ignore[no-untyped-def]
    view = over.state.view
    assert (view.scores, len(view.finished), view.named.value) == ((0, 171), 4, "pollona")
    _left_after_the_end(over)
    start = StartScene(config.load(), lambda launch: None)
    start.resize(Viewport((1280, 800), (1280, 800)))
    assert (start.form.resume, start.form.earlier, start.form.finished) == (None, None, (("K7QPA", "0-171"),))
    button = earlier_button((0, 0, 1, 1), start.form.kept, "en", done=start.form.finished)
    assert say("en", button.label, dict(button.args)) == "Earlier match: Table K7QPA · 0-171 · finished: ledger"
    assert start.handle(click(centre(start_layout((1280, 800))["earlier"]))) is None
    assert start.past is not None and isinstance(start.past.overlay, LedgerOverlay)
    texts = _texts(start.past.overlay)
    assert "Score: A 0 – B 171" in texts and "Team B wins the match. Pollona!" in texts
    assert [t for t in texts if t.startswith("Hand ") and "opened by" in t] == [
        f"Hand {n} · opened by {name}" for n, name in zip((1, 2, 3, 4), _openers(view))]
    assert "you" in _openers(view)  # the case: this window's seat opened a hand
    assert [t for t in texts if t.startswith("Scores after the hand")] == [
        f"Scores after the hand: A {h.scores_after[0]} – B {h.scores_after[1]}" for h in view.finished]
    assert "Review my hand" not in _buttons(start.past.overlay)  # no review kept, no server here to ask
    at_table = LedgerOverlay(view, "en", pygame.Rect(0, 0, 1000, 700), seeded=True, names=NAMES)
    at_table.code = "K7QPA"  # as the table scene gives it (its spectators are not known later: not said)
    assert texts == _texts(at_table)  # every row as the table's own ledger showed it
    start.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    assert start.past is None


def _openers(view) -> list[str]:  # type: ignore[no-untyped-def]
    """Who opened each hand as the ledger says it: the reader's own seat "you" (s14 on purpose, the kind of a
    message naming the reader's seat by name), the others by name."""
    return ["you" if h.opener == view.seat else NAMES[h.opener - 1] for h in view.finished]


def test_the_kept_ledger_survives_a_restart_and_exports_its_hand(over, tmp_path) -> None:  # type: ignore[no-untyped-def]
    _left_after_the_end(over)
    saved = json.loads(finished.finished_path().read_text("utf-8"))
    assert [(e["code"], e["seat"], e["record"]["scores"], e["seeded"], e["seed"]) for e in saved] == \
        [("K7QPA", 1, [0, 171], True, None)]  # D9: the seed was not this player's, so not kept
    start = StartScene(config.load(), lambda launch: None)  # a new start: read from the data folder
    start.export_dir = str(tmp_path / "docs")
    start.click_id("earlier")
    hand_export = next(i for i in start.past.overlay.items(900) if isinstance(i, Button) and i.label == "Export hand")
    start.past.overlay.set_rect(pygame.Rect(0, 0, 1000, 4000))
    body = start.past.overlay.body_rect()
    start.handle(click((body.x + hand_export.rect.centerx, body.y + hand_export.rect.centery)))
    path = tmp_path / "docs" / "doublenine-K7QPA-match-1-hand-1.json"
    assert start.past.said == f"Saved {path}"
    assert path.read_text("utf-8") == dumps(hand_script(over.state.view.finished[0]))  # as the table exports it


def test_a_review_received_at_the_table_opens_from_the_kept_ledger(over) -> None:  # type: ignore[no-untyped-def]
    reply = CoachReply(match=1, hand=2, seat=1, threshold=2.0, rows=())
    over.state = replace(over.state, coach=(reply,))
    try:
        _left_after_the_end(over)
    finally:
        over.state = replace(over.state, coach=())
    start = StartScene(config.load(), lambda launch: None)
    start.click_id("earlier")
    assert _buttons(start.past.overlay).count("Review my hand") == 1  # hand 2's, the one received
    start.past.handle(_action_click(start.past.overlay, "Review my hand"))
    assert isinstance(start.past.overlay, ReviewOverlay) and start.past.overlay.reply == reply
    start.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    assert isinstance(start.past.overlay, LedgerOverlay)  # back to the ledger it was opened from


def _action_click(overlay, label: str):  # type: ignore[no-untyped-def]
    overlay.set_rect(pygame.Rect(0, 0, 1000, 4000))
    button = next(i for i in overlay.items(overlay.body_rect().w) if isinstance(i, Button) and i.label == label)
    body = overlay.body_rect()
    return click((body.x + button.rect.centerx, body.y + button.rect.centery))


def test_kept_and_finished_matches_share_the_list_and_each_opens_what_it_is(over) -> None:  # type: ignore[no-untyped-def]
    _left_after_the_end(over, "AAAAA")
    _left_after_the_end(over, "BBBBB")
    config.save(config.keep_match(config.load(), "CCCCC", "tc"))  # a match in progress, kept
    config.save(config.keep_match(config.load(), "DDDDD", "td"))  # CCCCC goes to the earlier ones
    got: list = []
    start = StartScene(config.load(), lambda launch: got.append(launch) or "TABLE")
    start.resize(Viewport((800, 600), (800, 600)))
    assert start.form.kept == (("CCCCC", "", 0),) and start.form.finished == (("BBBBB", "0-171"), ("AAAAA", "0-171"))
    button = earlier_button((0, 0, 1, 1), start.form.kept, "de", done=start.form.finished)
    assert say("de", button.label, dict(button.args)) == "Frühere Partien (3)"
    start.click_id("earlier")
    picks = chooser_layout(start_layout((800, 600))["card_join"], 3, (800, 600))
    assert set(picks) == {"pick0", "pick1", "pick2", "pick_back"}  # all three fit at 800x600
    start.handle(click(centre(picks["pick2"])))
    assert start.past is not None and start.past.match.code == "AAAAA" and got == []
    start.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    start.click_id("earlier")
    change = start.handle(click(centre(picks["pick0"])))
    assert change is not None and change.kind == "push" and config.load().resume_code == "CCCCC"


def test_at_most_three_finished_matches_are_kept_newest_first(over) -> None:  # type: ignore[no-untyped-def]
    for code in ("AAAAA", "BBBBB", "CCCCC", "DDDDD"):
        _left_after_the_end(over, code)
    assert [m.code for m in finished.load_finished()] == ["DDDDD", "CCCCC", "BBBBB"]
    _left_after_the_end(over, "BBBBB")  # the same match kept again: once, first
    assert [m.code for m in finished.load_finished()] == ["BBBBB", "DDDDD", "CCCCC"]


@pytest.mark.parametrize("content", [b"", b"{}", b"[1, 2]", b"[" * 100_000, b'[{"code": "K7QPA"}]',
                                     b"x" * (finished.MAX_FILE + 1)])
def test_a_bad_finished_file_gives_no_finished_match(content: bytes) -> None:
    finished.finished_path().write_bytes(content)
    assert finished.load_finished() == ()
    assert StartScene(config.load(), lambda launch: None).form.finished == ()


def test_a_bad_entry_is_skipped_and_the_good_ones_kept(over) -> None:  # type: ignore[no-untyped-def]
    _left_after_the_end(over)
    good = json.loads(finished.finished_path().read_text("utf-8"))[0]
    bad = [dict(good, code="../../x"), dict(good, seat=5), dict(good, extra=1),
           dict(good, record=dict(good["record"], scores=[0, 10**9])), dict(good, names=["x" * 200] * 4)]
    finished.finished_path().write_text(json.dumps(bad[:3] + [good]), "utf-8")
    assert finished.load_finished() == ()  # three entries read at most: the good one was the fourth
    finished.finished_path().write_text(json.dumps([bad[2], bad[3], good]), "utf-8")
    assert [m.key for m in finished.load_finished()] == [("K7QPA", 1)]
    finished.finished_path().write_text(json.dumps([bad[4]]), "utf-8")
    assert finished.load_finished() == ()


def test_autoplay_and_spectators_keep_nothing(over) -> None:  # type: ignore[no-untyped-def]
    over.state = replace(over.state, table="K7QPA")
    scene = TableScene(over, "en")
    scene.keep_finished = False
    scene.update(0.0)
    scene.close()
    assert not finished.finished_path().exists()
    view = over.state.view
    spectator = SpectatorView(**{f.name: getattr(view, f.name) for f in fields(SpectatorView)})
    assert finished.finished_of(replace(over.state, view=spectator)) == ()
    assert len(finished.finished_of(over.state)) == 1


def test_s17_a_kept_match_keeps_who_played_each_seat(over) -> None:  # type: ignore[no-untyped-def]
    """Session 17, item 2: a kept finished match carried no ``played_by``: its ledger on the start screen named
    Zoë for hand 2, which the computer played while her seat was handed over (D7). The stretches are kept with
    the match (``finished.json``'s ``played_by``) and its ledger names who played, as the table's did."""
    from doublenine.client.playedby import stretches
    nobody = stretches((), None)
    zoe = stretches((((0, 0, 0), "Zoë"), ((1, 2, 0), ""), ((1, 3, 0), "Zoë")), None)
    assert zoe == (((0, 0, 0), None), ((1, 2, 0), ""), ((1, 3, 0), None))
    was = over.state
    over.state = replace(over.state, played_by=(nobody, zoe, nobody, nobody))
    try:
        _left_after_the_end(over)
        at_table = LedgerOverlay(over.state.view, "en", pygame.Rect(0, 0, 1000, 700), seeded=True, names=NAMES)
        at_table.code, at_table.played = "K7QPA", over.state.played_by
    finally:
        over.state = was
    saved = json.loads(finished.finished_path().read_text("utf-8"))
    assert saved[0]["played_by"] == [[{"since": [0, 0, 0], "who": None}],
                                     [{"since": [0, 0, 0], "who": None}, {"since": [1, 2, 0], "who": ""},
                                      {"since": [1, 3, 0], "who": None}],
                                     [{"since": [0, 0, 0], "who": None}], [{"since": [0, 0, 0], "who": None}]]
    start = StartScene(config.load(), lambda launch: None)
    start.click_id("earlier")
    texts = _texts(start.past.overlay)
    assert texts == _texts(at_table)
    dealt = [i for i, t in enumerate(texts) if t == "Hands as dealt; bright tiles were still held at the end:"]
    assert [texts[i + 3] for i in dealt] == ["Zoë", "Computer (Zoë)", "Zoë", "Zoë"]  # hand 2's was the computer's
    saved[0]["played_by"][1][1]["since"] = [0, 0, 0]  # damage: not increasing, so nobody's stretches are read
    finished.finished_path().write_text(json.dumps(saved), "utf-8")
    assert finished.load_finished()[0].played == ()
