"""New user s15: four panels stood between a new player and the first tile (the name, the opening draw, its
result, the review of the new hand; the choice of opener too when the player's team won the draw).

Play now against the computer (client.playnow; the first start's name card says it, ``doublenine play`` making a
table against three computers sets ``Launch.quick``) takes, for the first hand only, the steps that hold no
choice: the draw's tile (R3), its result (R4: said in one line, kept in the ledger), the lead where the player's
team nominates (R6: "I lead", said), a hand with fewer than five doubles accepted (R10). Kind: a path through
panels that ask nothing. No choice is removed: five doubles still ask (R11/R12), later hands nominate as ever."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from dataclasses import replace
from typing import Any

import pygame
import pytest

from doublenine.client.input import Viewport
from doublenine.client.local import LocalSession
from doublenine.client.playnow import DRAWN_NAMED_LEADS, DRAWN_YOU_LEAD, PLAY_NOW, Step, next_step
from doublenine.client.scenes.askname import AskName
from doublenine.client.scenes.table import TableScene
from doublenine.client.sound import Sounds
from doublenine.client.text import tr
from doublenine.shared.moves import DrawPick, Nominate, Review
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase
from doublenine.shared.tiles import Tile

NAMES = ("José", "Zoë", "Ñandú", "Brontë")


@pytest.fixture(scope="module", autouse=True)
def _display() -> None:
    pygame.display.init()
    pygame.font.init()


class Recording(LocalSession):
    """A local table that keeps what the window sent for seat 1 and answers it at the next pump, as the
    network does (``sending`` until then: net.NetSession greys a decision's buttons meanwhile)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed=seed, names=NAMES)
        self.sent: list[Any] = []
        self._waiting: list[Any] = []

    def send(self, intent: Any) -> None:
        self.sent.append(getattr(intent, "decision", intent))
        self._waiting.append(intent)
        self.state = replace(self.state, sending=True)

    def pump(self) -> bool:
        waiting, self._waiting = self._waiting, []
        for intent in waiting:
            super().send(intent)
        if waiting:
            self.state = replace(self.state, sending=False)
        return super().pump()


def _play_now(seed: int, lang: str = "en") -> tuple[TableScene, Recording, list[str]]:
    """Seat 1's window with Play now on a new local table (seeded), run until Play now is done; the prompts
    (panels) that were up with a button to press on the way."""
    s = Recording(seed)
    scene = TableScene(s, lang, sounds=Sounds(muted=True), motion=False)  # type: ignore[arg-type]
    scene.resize(Viewport((1280, 800), (1280, 800)))
    scene.quick = True
    asked: list[str] = []
    for i in range(200):
        scene.update(i * 0.1)
        panel = scene.layout().panel
        if panel is not None and any(b.enabled for b in panel.buttons) and panel.kind not in asked:
            asked.append(panel.kind)
        if not scene.quick:
            break
    return scene, s, asked


def test_r6_the_players_team_wins_the_draw_the_hand_is_in_play_and_the_player_leads() -> None:
    scene, s, asked = _play_now(2)
    view = s.state.view
    assert (view.phase, view.opener, view.turn, len(view.hand)) == (Phase.PLAY, Seat.ONE, Seat.ONE, 10)
    assert s.sent == [DrawPick(Seat.ONE, 0), Nominate(Seat.ONE, Seat.ONE), Review(Seat.ONE, False)]
    assert asked == []  # no prompt waited for a press: the hand is the player's to play
    assert scene.toast is not None and scene.toast[0] == (
        "Play now: the opening draw was made for you (Team A 1-6, Team B 0-4) and you lead the first hand. "
        "The ledger keeps the draw.")
    assert scene.layout().panel is None


def test_r4_the_other_team_wins_the_draw_the_line_names_its_opener_in_french() -> None:
    scene, s, asked = _play_now(1, "fr")
    view = s.state.view
    assert (view.phase, view.opener) == (Phase.PLAY, Seat.TWO)
    assert s.sent[0] == DrawPick(Seat.ONE, 0) and s.sent[-1] == Review(Seat.ONE, False) and len(s.sent) == 2
    assert asked == []
    assert scene.toast is not None and scene.toast[0] == tr("fr", DRAWN_NAMED_LEADS, a="2-9", b="7-8", name="Zoë")


def test_r11_five_doubles_still_ask_and_later_hands_nominate_as_ever() -> None:
    s = LocalSession(seed=2, names=NAMES)
    for _ in range(50):
        view = s.state.view
        if view.phase is Phase.REVIEW:
            break
        step = next_step(view, False)
        assert step.decision is not None
        s.decide(step.decision)
    doubles = frozenset(Tile(n, n) for n in range(5)) | frozenset(list(s.state.view.hand)[:5])
    five = replace(s.state.view, hand=doubles)
    assert five.may_demand_redeal and next_step(five, False) == Step(done=True)  # the choice stays the player's
    assert next_step(replace(s.state.view, phase=Phase.PLAY), False) == Step(done=True)
    later = replace(s.state.view, phase=Phase.NOMINATE, finished=(object(),))  # a hand has ended: not Play now's
    assert next_step(later, False) == Step(done=True)


def test_the_first_starts_card_says_play_now_and_enter_answers_it() -> None:
    got: list[str] = []
    card = AskName("de", lambda name: got.append(name) or None, ok=PLAY_NOW)
    size = (800, 600)
    surface = pygame.Surface(size)
    card.resize(Viewport(size, size))
    card.draw(surface)
    ok = card.layout(size)["ok"]
    assert ok[2] > AskName("de", lambda name: None).layout(size)["ok"][2]  # as wide as its label needs
    assert card.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)) \
        is not None and got == [""]  # translator s17 F13: no default name offered
    assert tr("de", PLAY_NOW) != PLAY_NOW and tr("fr", DRAWN_YOU_LEAD) != DRAWN_YOU_LEAD
