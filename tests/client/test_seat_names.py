"""Kind: a seat's shown name built in more than one place. The nameplates and the hand end said "Place 2"
in a French window, the status line "Seat 2 to play" in English (panels.py made its own English "Seat N"),
chat lines and nudges kept the server's English "East". One function (shared/i18n ``shown_seat_name``,
through ``client/store.seat_name``) names a seat; every place a seat is named is checked here in five
languages, for a seat nobody named ("Seat 2") and one with the server's default name ("East") (R2)."""
from __future__ import annotations

import ast
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest
from client_helpers import my_turn_with_play, session_at
from scenes_catalog import table_scene, table_states

from doublenine.client import tracking
from doublenine.client.chatdraw import line_text
from doublenine.client.layout import compute_layout
from doublenine.client.overlays.ledger import result_text, seat_label
from doublenine.client.overlays.review import layout_review
from doublenine.client.panels import _result_line, status_line
from doublenine.client.render import plate_name
from doublenine.client.scenes.talk import TableTalk
from doublenine.client.store import ClientState, ConsentPrompt, localized, seat_name
from doublenine.client.text import say, tr
from doublenine.client.uistate import Ui
from doublenine.client.waiting import wait_card
from doublenine.shared import protocol as p
from doublenine.shared.i18n import shown_seat_name, translator
from doublenine.shared.moves import Nominate
from doublenine.shared.ledger import HandRow
from doublenine.shared.seats import Seat, Team
from doublenine.shared.state import Result

WORDS = {"en": ("Seat 2", "East", "Seat 3"), "fr": ("Place 2", "Est", "Place 3"),
         "pt": ("Lugar 2", "Leste", "Lugar 3"), "de": ("Platz 2", "Ost", "Platz 3"),
         "es": ("Puesto 2", "Este", "Puesto 3")}
"""lang -> (seat 2 with no name, seat 2 with the server's default name "East", seat 3 with no name)."""
LANGS = sorted(WORDS)
SIZE = (1280, 800)


@pytest.fixture(scope="module")
def turn() -> ClientState:
    """Seat 1's table with seats 2 and 3 unnamed; seat 2 to play, played by a person."""
    state = session_at(my_turn_with_play).state
    return replace(state, names=("Ana", "", "", "Jose\u0301"), view=replace(state.view, turn=Seat.TWO),
                   computers=frozenset())


def _named(state: ClientState, east: bool) -> ClientState:
    return replace(state, names=(state.names[0], "East" if east else "", "", state.names[3]))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("east", [False, True], ids=["unnamed", "default-name"])
def test_the_one_function_names_a_seat_in_the_players_language(turn, lang: str, east: bool) -> None:  # type: ignore[no-untyped-def]
    want = WORDS[lang][1 if east else 0]
    state = _named(turn, east)
    assert seat_name(state, Seat.TWO, lang) == shown_seat_name(lang, 2, state.names[1]) == want
    assert seat_name(state, Seat.ONE, lang) == state.names[0]  # a typed name as it is
    assert localized(state, lang).names == ("Ana", want, WORDS[lang][2], "José")  # NFC: one glyph


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("east", [False, True], ids=["unnamed", "default-name"])
def test_every_status_line_and_prompt_names_the_seat_so(turn, lang: str, east: bool) -> None:  # type: ignore[no-untyped-def]
    want, three = WORDS[lang][1 if east else 0], WORDS[lang][2]
    state = _named(turn, east)
    said = {
        "to play": status_line(state, Ui(), lang),
        "paused": status_line(replace(state, paused_by=frozenset({Seat.TWO})), Ui(), lang),
        "hint": status_line(replace(state, hint=Nominate(Seat.ONE, Seat.THREE)), Ui(), lang),
    }
    assert said["to play"] == ("{name} to play", {"name": want})
    assert said["paused"] == ("Paused while {names} reads the rules or the ledger",
                              {"_plural": "Paused while {names} read the rules or the ledger", "count": 1, "names": want})
    assert say(lang, *said["paused"]).count(want) == 1  # the seat's name in the counted (one name) form
    assert said["hint"] == ("Hint: let {name} lead", {"name": three})
    asking = replace(state, consent=(ConsentPrompt("3", Seat.TWO, "undo"),))
    panel = compute_layout(asking, Ui(seen_finished=0), SIZE, lang).panel
    # the action in the player's language too (it was left in English: "Zoë möchte undo")
    assert panel is not None and panel.title == ("{name} asks to {what}", {"name": want, "what": tr(lang, "undo")})
    assert tr("de", "undo") == "den letzten Zug zurücknehmen"
    away = compute_layout(replace(state, away=frozenset({Seat.TWO})), Ui(seen_finished=0), SIZE, lang).panel
    assert away is not None and away.title == ("{name} is disconnected", {"name": want})
    lay = compute_layout(state, Ui(), SIZE, lang)
    card = wait_card(state, lay, 75.0, True, Ui(), lang)
    assert card is not None and card.text == ("Waiting for {name} for {time}", {"name": want, "time": "1:15"})
    assert say(lang, *said["to play"]).count(want) == 1


@pytest.mark.parametrize("lang", LANGS)
def test_the_hand_end_names_the_seat_so_on_its_rows_and_its_result(lang: str) -> None:
    state = next(s for name, s, _ in table_states() if name == "reveal")
    state = replace(state, names=(state.names[0], "", "", state.names[3]))
    fh = replace(state.view.finished[-1], result=Result.DOMINO, ender=Seat.TWO)
    assert _result_line(state, fh, lang) == ("Domino! {name} played their last tile", {"name": WORDS[lang][0]})
    assert plate_name(state, Seat.TWO, lang) == WORDS[lang][0]


@pytest.mark.parametrize("lang", LANGS)
def test_ledger_coach_and_chat_name_the_seat_so(turn, lang: str) -> None:  # type: ignore[no-untyped-def]
    t = translator(lang)
    assert seat_label(t, ("Ana", "", "", "Bo"), 2) == WORDS[lang][0]
    assert seat_label(t, ("Ana", "East", "", "Bo"), 2) == WORDS[lang][1]
    hand = HandRow(1, 1, Team.A, Seat.ONE, Result.DOMINO, Seat.TWO, Team.B, 30, (9, 0, 12, 9), (0, 0), (0, 30),
                   ((),) * 4, ((),) * 4, (), (), None)  # type: ignore[arg-type]
    assert result_text(t, hand, ("Ana", "", "", "Bo")).startswith(t.gettext("Domino by {name}", name=WORDS[lang][0]))
    pygame.font.init()
    from doublenine.client.overlays.text import Fonts
    finished = next(s for name, s, _ in table_states() if name == "reveal").view.finished[-1]
    items = layout_review(finished, Seat.TWO, None, 900, Fonts(), t, ("Ana", "", "", "Bo"), mine=False)
    assert any(WORDS[lang][0] in str(getattr(i, "text", "")) for i in items)
    line = p.ChatLineW(id=1, at=0.0, seat=2, name="East", phrase="hello")
    assert line_text(line, lang)[0] == WORDS[lang][1]
    typed = p.ChatLineW(id=2, at=0.0, seat=2, name="Zoë", phrase="hello")
    assert line_text(typed, lang)[0] == "Zoë"


@pytest.mark.parametrize("lang", LANGS)
def test_the_nudge_notice_and_the_tracker_name_the_seat_so(turn, lang: str, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from doublenine.client.art import Art

    talk = TableTalk(lang, Art(), remember=False)
    nudged = replace(turn, nudge=(1, Seat.TWO, Seat.ONE))
    talk.update(turn, 1.0)
    talk.update(nudged, 2.0)
    assert talk.notice is not None and talk.notice[0] == tr(lang, "{name} is waiting for you: your turn!",
                                                            name=WORDS[lang][0])
    shown: list[dict[str, Any]] = []
    real = tracking.tr

    def heard(lang_: str, msgid: str, **kwargs: Any) -> str:
        shown.append(kwargs)
        return real(lang_, msgid, **kwargs)
    monkeypatch.setattr(tracking, "tr", heard)
    scene = table_scene(replace(turn, tracker=True), Ui(), lang, SIZE, "tracker")
    scene.draw(pygame.Surface(SIZE))
    assert {k["name"] for k in shown if "name" in k} == {WORDS[lang][0], WORDS[lang][2], "José"}


CLIENT = Path(__file__).resolve().parents[2] / "client"


def test_no_other_place_makes_a_seats_name() -> None:
    """The kind, in the code: "Seat {n}" is said nowhere in the window's code (shared/i18n shown_seat_name
    makes it, for a seat with no name; the start screen's seat chooser says "North" since s13), and a seat's name is read from ``names`` only by store.py (seat_name),
    chat.py (the mute keys, by name as said) and local.py (the local table's own chat lines)."""
    said, read = [], []
    for path in sorted(CLIENT.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = str(path.relative_to(CLIENT))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith("Seat {"):
                said.append(where)
            if isinstance(node, ast.JoinedStr) and "Seat " in ast.unparse(node):
                said.append(where)
            if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) and node.value.attr == "names":
                read.append(where)
    assert sorted(set(said)) == []
    assert sorted(set(read)) == ["chat.py", "local.py", "store.py"]
