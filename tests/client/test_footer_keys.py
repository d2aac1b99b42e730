"""The footer says what the keys do on the screen as shown, for every state of the table (new user s9
item 11): it is derived from the one thing that decides who takes the keys (TableScene.keys: an overlay,
the chat field, else the table's prompt or hand; footer.key_help), and Enter does exactly what it says.

Reported cases: the play keys under "Waiting for players" and while hosting; "Enter: I lead" while the
chat field had the focus (Enter sent the line); "Enter: Accept" under the Review overlay."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from scenes_catalog import table_scene, table_states

from doublenine.client.input import button, key
from doublenine.client.footer import HELP, HELP_CHAT, HELP_DRAW, HELP_OVERLAY, HELP_RULES, WATCHING
from doublenine.client.panels import ASKING_KEYS, CONSENT_KEYS
from doublenine.client.text import tr
from doublenine.client.uistate import Ui
from doublenine.shared.seats import Seat

SIZE = (1280, 800)
STATES = {name: (state, ui) for name, state, ui in table_states()}
_mine, _ = STATES["draw-mine"]
STATES["draw-others"] = (replace(_mine, view=replace(_mine.view, draw_taken=((Seat.ONE, 5),))), Ui(seen_finished=0))
"""R3: seat 1 has drawn, seat 2 has not: the arrows and Enter are not this seat's any more."""
PLAY = ("1-9, 0 or two pips: choose a tile · arrows: move · L/R: end · Enter: play · Esc: cancel · H hint · "
        "U undo · M sound · C chat · S settings")
"""The play footer, M, C and S named (session 9, new user 2: they worked unsaid; S: the settings card over
the table); these tables allow no tracker. No P (a tile fits: P does nothing, R15) and no Y (nothing to redo):
only keys that act are named (inputguard item 2)."""
IDLE = "1-9, 0 or two pips: choose a tile · arrows: move · H hint · U undo · M sound · C chat · S settings"
"""The play footer with nothing lifted: no "L/R: end", "Enter: play" or "Esc: cancel", which act only on a lifted
tile (s14 left alone: "Esc: cancel" said where Esc did nothing; footer._tile_keys)."""
LIFTED = "1-9, 0 or two pips: choose a tile · arrows: move · Enter: play · Esc: cancel · H hint · U undo · M sound · C chat · S settings"
"""A lifted tile that fits one end: Enter plays it, Esc puts it back; no "L/R: end" (the tile's one end is chosen)."""
EXPECTED = {
    "lobby": "Enter: Start now", "lobby-free": "Enter: Start now", "draw-mine": HELP_DRAW, "draw-others": "",
    "draw-result": "Enter: Continue", "review": "Tab: another button · Enter: Accept the hand", "own-turn": IDLE,
    "own-turn-lifted": LIFTED, "consent": CONSENT_KEYS, "away": IDLE, "paused": IDLE, "asking": ASKING_KEYS,
    "spectator": "You are watching this table · M sound · C chat · S settings", "reveal": "Tab: another button · Enter: Continue · V: see the line",
    "match-over": "Tab: another button · Enter: New match", "failure": "Enter: Back to the start screen",
}
"""A prompt of several buttons says Tab moves the focus among them (client/focus.py)."""


def _footer(scene) -> str:  # type: ignore[no-untyped-def]
    return " · ".join(scene.layout().help)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_s9_item11_the_footer_says_what_the_keys_do_and_enter_does_it(name: str) -> None:
    state, ui = STATES[name]
    scene = table_scene(state, ui, "en", SIZE)
    assert _footer(scene) == tr("en", EXPECTED[name])
    lay = scene.layout()
    pressed = key(pygame.K_RETURN, "\r", lay, scene.shown(), scene.ui)
    said = _footer(scene).removeprefix("Tab: another button · ").removesuffix(" · V: see the line")
    if said.startswith("Enter: "):  # the prompt's button, exactly
        label = said.removeprefix("Enter: ")
        (b,) = [b for b in lay.panel.buttons if tr("en", b.label, **dict(b.args)) == label]
        assert pressed == button(b.id, lay, scene.shown(), scene.ui)
    elif said == tr("en", HELP_DRAW):  # "Enter: take it": the face-down tile chosen with the arrows
        assert type(pressed.intent.decision).__name__ == "DrawPick"
        assert pressed.intent.decision.position == ui.draw_pick
    elif name == "own-turn-lifted":  # "Enter: play": the lifted tile
        assert type(pressed.intent.decision).__name__ == "Play" and pressed.intent.decision.tile == ui.selected
    else:  # nothing said of Enter: it does nothing
        assert pressed.intent is None and pressed.command is None


def test_s9_item11_no_play_keys_while_waiting_for_players_or_between_prompts() -> None:
    for name in ("lobby", "lobby-free", "draw-others", "draw-result", "reveal", "match-over", "asking"):
        state, ui = STATES[name]
        scene = table_scene(state, ui, "en", SIZE)
        assert "1-9" not in _footer(scene) and "U undo" not in _footer(scene)
        assert key(pygame.K_1, "1", scene.layout(), scene.shown(), scene.ui).intent is None


def test_s9_item11_the_chat_field_with_the_focus_takes_enter_and_the_footer_says_so() -> None:
    state, ui = STATES["nominate-or-review"]
    scene = table_scene(state, ui, "en", SIZE, "chat")
    scene.talk.cui = replace(scene.talk.cui, focused=True, draft="hi")
    assert scene.keys() == "chat" and _footer(scene) == tr("en", HELP_CHAT)
    sent = []
    scene.session.send = sent.append  # type: ignore[method-assign]
    scene._now = 10.0
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    assert [type(i).__name__ for i in sent] == ["Say"]  # the chat line, not the prompt's button
    scene.talk.cui = replace(scene.talk.cui, focused=False)
    assert scene.keys() == "table" and _footer(scene) != tr("en", HELP_CHAT)


@pytest.mark.parametrize("overlay", ["rules", "ledger"])
def test_s9_item11_an_open_overlay_takes_the_keys_and_the_footer_says_so(overlay: str) -> None:
    state, ui = STATES["reveal"]
    scene = table_scene(state, ui, "en", SIZE)
    scene.ui = replace(scene.ui, overlay=overlay)
    scene._open_overlay(overlay)
    said = (("overlay:rules", HELP_RULES) if overlay == "rules" else ("overlay", HELP_OVERLAY))  # the rules' Tab too
    assert (scene.keys(), _footer(scene)) == (said[0], tr("en", said[1]))
    sent = []
    scene.session.send = sent.append  # type: ignore[method-assign]
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    assert sent == [] and scene.layout().panel.kind == "reveal" and scene.ui.seen_finished == 0


@pytest.mark.parametrize("lang", ["en", "fr", "pt", "de", "es"])
@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1280, 800)], ids=str)
def test_s9_nu2_the_play_footer_names_m_c_and_t_where_allowed_and_is_drawn_whole(lang: str, size) -> None:  # type: ignore[no-untyped-def]
    """Session 9, new user 2 (finding 11): M (sound), C (chat) and T (tile tracker) worked but the footer
    never said so. T is named only where the table allows the tracker; at most two rows, none shortened."""
    from doublenine.client.footer import HELP_MORE, HELP_TILES
    from doublenine.client.typeset import watch
    state, ui = STATES["own-turn"]
    for tracker in (False, True):
        scene = table_scene(replace(state, tracker=tracker), ui, lang, size)
        parts = tr(lang, HELP).split(" · ")  # P and Y do nothing here (a tile fits, nothing to redo)
        words = [parts[0], parts[1], parts[5], parts[7]] + [tr(lang, k) for k in HELP_MORE + ((HELP_TILES,) if tracker else ())]
        assert _footer(scene) == " · ".join(words)
        with watch() as seen:
            scene.draw(pygame.Surface(size))
        rows = scene.layout().help
        assert 1 <= len(rows) <= 2 and not any(d.shortened for d in seen)
    assert tr("fr", HELP_TILES) == "T pièces" and tr("de", HELP_MORE[0]) == "M Ton"


@pytest.mark.parametrize("name", ["draw-mine", "spectator"])  # draw-result: modal, keeps its ring
def test_nu_s14_with_the_ring_on_leave_the_footer_names_leave_as_enter_presses_it(name: str) -> None:
    """New user s14 (shots/47_tabs.png, 48_enter.png): in the opening draw, the ring on Leave (Tab), the footer
    still said "arrows: choose a face-down tile · Enter: take it" while Enter pressed Leave. Kind: a footer
    naming what Enter does not press (the draw's and a spectator's lines came before the ring's)."""
    state, ui = STATES[name]
    scene = table_scene(state, replace(ui, button="leave"), "en", SIZE)
    assert _footer(scene) == "Tab: another button · Enter: Leave"
    lay = scene.layout()
    pressed = key(pygame.K_RETURN, "\r", lay, scene.shown(), scene.ui)
    assert pressed == button("leave", lay, scene.shown(), scene.ui)


def test_s14_f_a_the_lead_names_no_l_r_end() -> None:
    """s14 player F-a: on the lead (an empty line) the footer said "L/R: end", and L did nothing (there is one
    place to play). Kind: a footer key named where it does not act. With a line and a lifted tile that fits both
    ends, L/R is named again; with nothing lifted neither L/R, Enter nor Esc is (s14 left alone)."""
    from dataclasses import replace as _replace

    from client_helpers import my_turn_with_play, session_at

    from doublenine.client.footer import key_help
    from doublenine.shared.seats import Seat
    from doublenine.shared.state import End, Placed
    from doublenine.shared.tiles import Tile
    lead = session_at(my_turn_with_play).state
    assert lead.view.line == () and key_help(lead, None, "table", "en") == \
        "1-9, 0 or two pips: choose a tile · arrows: move · H hint · M sound · C chat · S settings"
    first = sorted(lead.view.hand, key=lambda t: (t.low, t.high))[0]
    assert key_help(lead, None, "table", "en", ui=Ui(selected=first)) == \
        "1-9, 0 or two pips: choose a tile · arrows: move · Enter: play · Esc: cancel · H hint · M sound · C chat · S settings"
    mine = next(t for t in sorted(lead.view.hand, key=lambda t: (t.low, t.high))
                if not t.is_double and Tile(t.low, t.low) not in lead.view.hand)
    double = Tile(mine.low, mine.low)  # a line of one double: ``mine`` fits both its ends
    played = _replace(lead, view=_replace(lead.view, line=(Placed(double, Seat.FOUR, End.LEFT, mine.low, mine.low),),
                                          ends=(mine.low, mine.low)))
    tile = next(t for t in played.view.hand if t == mine)
    assert "arrows: move · H hint" in key_help(played, None, "table", "en")
    assert "arrows: move · L/R: end · Esc: cancel · H hint" in key_help(played, None, "table", "en", ui=Ui(selected=tile))
    assert "arrows: move · L/R: end · Enter: play · Esc: cancel · H hint" in key_help(
        played, None, "table", "en", ui=Ui(selected=tile, end=End.RIGHT))

def test_access_s16_f7_with_the_ring_on_a_top_bar_button_on_its_turn_the_play_keys_are_still_named() -> None:
    """Access s16 F7 (kb_27_chat_esc.png): the ring on Ledger at the player's turn, the footer said "Tab: another
    button · Enter: Ledger" alone, while a digit still lifted a tile: a keyboard player took Enter for the only
    action. The ring's Enter first, then the play keys that act (the same words as without the ring)."""
    state, ui = STATES["own-turn"]
    scene = table_scene(state, replace(ui, button="ledger"), "en", SIZE)
    assert _footer(scene) == "Tab: another button · Enter: Ledger · " + IDLE
    acted = key(pygame.K_1, "1", scene.layout(), scene.shown(), scene.ui).ui
    assert acted.typed == "1" or acted.selected is not None  # the digit chooses a tile (or starts two pips)


@pytest.mark.parametrize("no_sound, said", [
    (True, "Tab: another button · No sound device: sound is off"),
    (False, "Tab: another button · Enter: sound on or off")])
def test_access_s16_f3_the_sound_buttons_state_is_not_offered_as_what_enter_does(no_sound: bool, said: str) -> None:
    """Access s16 F3 (kb_17_sound_footer.png): the ring on the speaker, the footer read "Enter: No sound device:
    sound is off" (the button's words are its state). Now Enter's action, or the state alone where Enter can
    only say it; no play keys beside it (the spectator table has none)."""
    state, ui = STATES["spectator"]
    scene = table_scene(state, replace(ui, button="sound", muted=no_sound, no_sound=no_sound), "en", SIZE)
    assert _footer(scene).startswith(said)


def test_access_s16_f4_the_ledgers_footer_names_the_button_tab_put_the_focus_on() -> None:
    """Access s16 F4 (kb_20_ledger_review_ringed.png): Tab ringed Close, Match 1, Export match, Review my hand,
    and Enter pressed them, but the ledger's footer said "Esc: close · arrows, Page Up, Page Down: scroll" only."""
    state, ui = STATES["reveal"]
    scene = table_scene(state, ui, "en", SIZE)
    scene.ui = replace(scene.ui, overlay="ledger")
    scene._open_overlay("ledger")
    assert _footer(scene) == tr("en", HELP_OVERLAY)
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t", scancode=0))
    scene._layout = None
    label = scene.overlay.focused_label()
    assert (scene.keys(), _footer(scene)) == (f"overlay:on:{label}",
                                              f"Tab: another button · Enter: {label} · " + tr("en", HELP_OVERLAY))
    assert label == "Close"


def test_access_s16_f11_the_key_help_is_drawn_over_an_overlays_shade() -> None:
    """Access s16 F11: under the ledger, the footer's words were drawn under the dimming, 2:1 against the felt.
    The footer's rows are drawn again over it: the brightest pixel of its box is the text's own colour."""
    state, ui = STATES["reveal"]
    scene = table_scene(state, ui, "en", SIZE)
    scene.ui = replace(scene.ui, overlay="ledger")
    scene._open_overlay("ledger")
    surface = pygame.Surface(SIZE)
    scene.draw(surface)
    x, y, w, h = scene.layout().help_rect
    box = surface.subsurface((x, y, w, h))
    brightest = max(sum(box.get_at((i, j))[:3]) for i in range(0, w, 2) for j in range(0, h, 2))
    assert brightest >= 190 + 210 + 196 - 30  # the key help's (190, 210, 196), not shaded
