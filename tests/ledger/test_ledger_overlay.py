"""The ledger overlay under SDL's dummy driver (issue 6; R13, R22, D9)."""
from __future__ import annotations

import json
import random

import pygame
import pytest
from ledger_matches import play_match, played_log

from doublenine.client.overlays.actions import Close, Export, save_export
from doublenine.client.overlays.ledger import LedgerOverlay
from doublenine.client.overlays.panel import Button, Text
from doublenine.shared.handscript import check_document
from doublenine.shared.views import view_for

RECT = pygame.Rect(20, 20, 900, 640)


@pytest.fixture(scope="module")
def view():
    return view_for(played_log(3).state, 1)


@pytest.fixture(autouse=True)
def screen():
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.set_mode((940, 680))
    pygame.display.quit()


def _texts(o: LedgerOverlay) -> list[str]:
    return [i.text for i in o.laid_out(o.body_rect().w) if isinstance(i, Text)]


def _buttons(o: LedgerOverlay) -> list[Button]:
    return [i for i in o.laid_out(o.body_rect().w) if isinstance(i, Button)]


def _click(o: LedgerOverlay, button: Button):
    body = o.body_rect()
    o.scroll = o.clamp(button.rect.y - 10)
    pos = (body.x + button.rect.centerx, body.y + button.rect.centery - o.scroll)
    return o.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))


def test_d9_seeded_shown_to_all_seed_only_to_setter(view) -> None:
    setter = LedgerOverlay(view, "en", RECT, seeded=True, seed=3)
    other = LedgerOverlay(view, "en", RECT, seeded=True)
    plain = LedgerOverlay(view, "en", RECT)
    assert "Seeded table: its deals are reproducible. Seed: 3" in _texts(setter)
    assert "Seeded table: its deals are reproducible." in _texts(other)
    assert not any("Seed" in t for t in _texts(plain))


def test_r13_earlier_match_browsable_with_its_redeal(view) -> None:
    o = LedgerOverlay(view, "en", RECT)
    assert o.index == 1 and "No redeal in this match." in _texts(o)
    o.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0))
    assert o.index == 0
    assert "Hand 2: Seat 2 demanded a redeal and showed:" in _texts(o)  # no names given: "Seat N"
    assert "Team A wins the match. Pollona!" in _texts(o)
    match2 = [b for b in _buttons(o) if b.label.startswith("Match 2")][0]
    assert _click(o, match2) is None and o.index == 1


def test_r22_export_hand_button_gives_a_replayable_script(view, tmp_path) -> None:
    o = LedgerOverlay(view, "en", RECT)
    o.select(0)
    exports = [b for b in _buttons(o) if b.label == "Export hand"]
    assert len(exports) == 3
    action = _click(o, exports[2])
    assert isinstance(action, Export) and action.filename == "match-1-hand-3.json"
    out = check_document(json.loads(action.text))
    assert (out["result"], out["scores_after"], out["match_winner"]) == ("block", {"A": 142, "B": 0}, "A")
    path = save_export(action, tmp_path)
    assert path.name == "match-1-hand-3.json" and save_export(action, tmp_path).name == "match-1-hand-3-2.json"


def test_export_match_button_and_escape(view, screen) -> None:
    o = LedgerOverlay(view, "de", RECT)
    (exp,) = [b for b in _buttons(o) if b.label == "Partie exportieren"] or [
        b for b in _buttons(o) if isinstance(b.action, Export) and b.action.kind == "match"]
    action = _click(o, exp)
    assert isinstance(action, Export) and action.filename == "match-2.json"
    assert [h["result"] for h in check_document(json.loads(action.text))["hands"]] == ["tie", "block"]
    o.draw(screen)
    assert isinstance(o.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)), Close)


def test_scrolling_is_clamped(view, screen) -> None:
    o = LedgerOverlay(view, "fr", RECT)
    top = o.content_height() - o.body_rect().h
    assert top > 0
    o.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0))
    assert o.scroll == top
    o.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-100))
    assert o.scroll == top
    o.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0))
    assert o.scroll == 0
    o.draw(screen)


def test_update_follows_new_hands_and_keeps_seed_and_an_earlier_match_open() -> None:
    log = played_log(3, earlier=1, current_hands=1)
    o = LedgerOverlay(view_for(log.state, 1), "en", RECT, seeded=True, seed=3)
    assert len(o.ledger.current.hands) == 1
    play_match(log, random.Random(1), max_hands=2)
    o.update(view_for(log.state, 1))
    assert (len(o.ledger.current.hands), o.index, o.ledger.seed) == (2, 1, 3)
    o.select(0)
    o.update(view_for(log.state, 1))
    assert o.index == 0


def test_many_earlier_matches_wrap_and_stay_clickable(screen) -> None:
    log = played_log(5, earlier=6, current_hands=1)
    o = LedgerOverlay(view_for(log.state, 1), "pt", pygame.Rect(10, 10, 620, 660))
    matches = [b for b in _buttons(o) if b.label.lstrip("● ").startswith("Partida ")]
    assert len(matches) == 7
    export = [b for b in _buttons(o) if b.label == "Exportar partida"][0]
    assert all(b.rect.right <= export.rect.x or b.rect.y > export.rect.y for b in matches)
    assert all(not a.rect.colliderect(c.rect) for a in matches for c in matches if a is not c)
    assert _click(o, matches[2]) is None and o.index == 2
    o.draw(screen)


def test_no_match_export_before_a_hand_is_finished(screen) -> None:
    log = played_log(3, earlier=0, current_hands=0)
    o = LedgerOverlay(view_for(log.state, 1), "en", RECT)
    assert [b.label for b in _buttons(o)] == ["● Match 1 (current)"]
    assert "No finished hand yet." in _texts(o)
    o.draw(screen)


def test_seat_names_with_accents_and_a_fallback(view) -> None:
    o = LedgerOverlay(view, "es", RECT, names=("José", "Zoë", "Ñandú", ""))
    texts = _texts(o)
    assert {"José", "Zoë", "Ñandú", "Puesto 4"} <= set(texts)


def test_export_names_from_a_hostile_server_stay_in_the_folder(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Issue 16: the table code in an export's name comes from the server; ``../`` must not pick the folder."""
    from doublenine.client.overlays.actions import safe_filename

    inside = tmp_path / "exports"
    for name in ("doublenine-../../evil-match-1.json", "doublenine-/etc/passwd-hand-2.json", "doublenine-\x00A\u202e.json",
                 "../" * 200 + "x.json", ".json", "doublenine-KQ7PM-match-1.json"):
        path = save_export(Export("match", name, "{}"), inside)
        assert path.parent == inside and path.suffix == ".json" and path.read_text() == "{}", name
    assert sorted(p.name for p in inside.iterdir()) == [
        "doublenine-------evil-match-1.json", "doublenine--A.json", "doublenine--etc-passwd-hand-2.json",
        "doublenine-KQ7PM-match-1.json", "export.json", "json.json"]
    assert safe_filename("doublenine-KQ7PM-match-1.json") == "doublenine-KQ7PM-match-1.json"
    assert list(tmp_path.iterdir()) == [inside]
