"""rp5 s15 F-late-review: Bernd sat down mid-hand (he sits at the next deal, R21/D8), and at that hand's end
his window said "Blocked, nobody could play: you hold the lowest total, 11 pips", every window named him
for it, and "Review my hand" titled the computer's plays "your decisions". The table frame now says, per
seat, the last hand its person did not play (``SeatW.sat_after``): such a hand is the computer's."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from client_helpers import hand_played_out

from doublenine.client.overlays.review import layout_review
from doublenine.client.overlays.text import Fonts
from doublenine.client.panels import _result_line, reckoning
from doublenine.client.store import played_by_holder
from doublenine.client.text import say
from doublenine.shared.i18n import translator
from doublenine.shared.seats import Seat, Team
from doublenine.shared.state import Result


@pytest.fixture(scope="module")
def ended():  # type: ignore[no-untyped-def]
    pygame.display.init()
    pygame.font.init()
    return hand_played_out(("Bernd", "Bo", "Amélie", "Di"))


def _block(after):  # type: ignore[no-untyped-def]
    return replace(after.view.finished[0], result=Result.BLOCKED, ender=None, winner=Team.A,
                   pip_totals=(11, 20, 30, 40))


def test_the_hand_end_a_late_arrival_watched_names_the_computer(ended) -> None:  # type: ignore[no-untyped-def]
    _, after = ended
    fh = _block(after)
    late = replace(after, sat_after=((fh.match, fh.number), None, None, None))
    assert (played_by_holder(late, Seat.ONE, fh.match, fh.number),
            played_by_holder(late, Seat.ONE, fh.match, fh.number + 1)) == (False, True)
    assert say("en", *_result_line(late, fh, "en")) == \
        "Blocked, nobody could play: the computer in Bernd's seat holds the lowest total, 11 pips"
    assert say("de", *_result_line(late, fh, "de")) == \
        "Blockade, niemand konnte legen: der Computer auf dem Platz von Bernd hat die kleinste Summe, 11 Augen"
    # his own window before: "you hold the lowest total"; the held seat's next hand is his again
    assert say("en", *_result_line(after, fh, "en")) == "Blocked, nobody could play: you hold the lowest total, 11 pips"
    won_against = replace(fh, winner=Team.B, pip_totals=(20, 11, 30, 40), points=50)
    assert "the computer in Bernd's seat" in " ".join(say("en", *x) for x in reckoning(late, won_against, Seat.ONE, "en"))


def test_the_review_of_that_hand_is_titled_the_computers(ended) -> None:  # type: ignore[no-untyped-def]
    _, after = ended
    fh = after.view.finished[0]
    t = translator("en")
    items = layout_review(fh, Seat.ONE, None, 900, Fonts(), t, ("Bernd", "", "", ""), stood_in=True)
    said = " ".join(i.text for i in items if hasattr(i, "text"))  # the title wraps at 900 px
    assert said.startswith("Match 1, hand 1: the computer's decisions at your seat, before you sat down ")
    assert "your decisions" not in said
    mine = layout_review(fh, Seat.ONE, None, 900, Fonts(), t, ("Bernd", "", "", ""))
    assert " ".join(i.text for i in mine if hasattr(i, "text")).startswith("Match 1, hand 1: your decisions ")


def _ledger_rows(state):  # type: ignore[no-untyped-def]
    """The texts of the ledger's rows from hand 1's heading on (left to right), in English."""
    from doublenine.client.overlays.ledger import LedgerOverlay
    from doublenine.client.overlays.panel import Text
    o = LedgerOverlay(state.view, "en", pygame.Rect(20, 20, 900, 640), names=state.names)
    o.played = state.played_by
    rows: dict[int, list[tuple[int, str]]] = {}
    for i in o.laid_out(o.body_rect().w):
        if isinstance(i, Text):
            rows.setdefault(i.y, []).append((i.x, i.text))
    texts = [[t for _, t in sorted(rows[y])] for y in sorted(rows)]
    return texts[next(k for k, r in enumerate(texts) if r[0].startswith("Hand 1 ")):]


def _plays_by(rows, names):  # type: ignore[no-untyped-def]
    """The names the ledger's plays are made by, in order (the names of ``names`` and "Computer (name)")."""
    start = rows.index(["Plays in order (◂ left end, ▸ right end):"])
    return [t for r in rows[start + 1:] for t in r if t in (*names, *(f"Computer ({n})" for n in names))]


def test_s16_the_ledger_and_hand_end_name_the_computer_for_the_hand_before_a_late_arrival_sat(ended) -> None:  # type: ignore[no-untyped-def]
    """Session 16: Bernd sat at hand 2 (``SeatW.played_by``: the computer from the start, Bernd from hand 2's
    first move). Hand 1's end rows, its ledger rows and the ledger's heading named him for the computer's
    plays ("Hand 1 · opened by you"); they name the computer, and "you" stays for his own hands."""
    from doublenine.client.layout import compute_layout
    from doublenine.client.playedby import stretches
    from doublenine.client.uistate import Ui
    _, after = ended
    fh = after.view.finished[0]
    assert (fh.opener, fh.ender, len(fh.moves)) == (Seat.ONE, Seat.FOUR, 52)
    nobody = stretches((), None)
    late = replace(after, played_by=(stretches((((0, 0, 0), ""), ((1, 2, 0), "Bernd")), (1, 1)), nobody, nobody, nobody))
    assert late.played_by[0] == (((0, 0, 0), ""), ((1, 2, 0), None)) == stretches((), (1, 1))  # as sat_after says
    rows = compute_layout(late, Ui(seen_finished=0), (800, 600), "en").reveal.rows
    assert [(r.name, r.yours) for r in rows] == [("Computer (Bernd)", False), ("Bo", True), ("Amélie", True), ("Di", True)]
    before = compute_layout(after, Ui(seen_finished=0), (800, 600), "en").reveal.rows
    assert [(r.name, r.yours) for r in before] == [("Bernd", True), ("Bo", True), ("Amélie", True), ("Di", True)]
    assert [say("en", *x) for x in reckoning(late, fh, Seat.ONE, "en")][0] == \
        "Team B scores 26 points: 16 + 10, what the computer in Bernd's seat and Amélie hold"
    ledger = _ledger_rows(late)
    assert ledger[0] == ["Hand 1 · opened by the computer in Bernd's seat"]
    assert _ledger_rows(after)[0] == ["Hand 1 · opened by you"]
    dealt = ledger.index(["Hands as dealt; bright tiles were still held at the end:"])
    assert [r[0] for r in ledger[dealt + 1:dealt + 5]] == ["Computer (Bernd)", "Bo", "Amélie", "Di"]
    names = ("Bernd", "Bo", "Amélie", "Di")
    assert _plays_by(ledger, names)[:8] == ["Computer (Bernd)", "Bo", "Amélie", "Di"] * 2
    assert "Bernd" not in _plays_by(ledger, names) and _plays_by(_ledger_rows(after), names)[:4] == list(names)


def test_s16_a_person_who_left_mid_hand_is_named_for_their_moves_the_computer_after(ended) -> None:  # type: ignore[no-untyped-def]
    """Session 16, item 3: Amélie gave seat 3 up after her 2nd move of hand 1 (its 7th), the computer played
    on, and Carl sat at hand 2. The hand was "the computer in Carl's seat" all through (a hand ending before
    the present person sat); now her moves are hers, the computer's after, in every place: the hand end's
    row, the ledger's rows, a match record's ``played_by``, the review's title in Carl's window."""
    from doublenine.client.layout import compute_layout
    from doublenine.client.overlays.ledger import record_players
    from doublenine.client.playedby import stretches
    from doublenine.client.store import hand_players_name
    from doublenine.client.uistate import Ui
    from doublenine.shared.ledger import hand_row
    _, after = ended
    fh = after.view.finished[0]
    assert [i for i, m in enumerate(fh.moves, 1) if m.seat == Seat.THREE][:3] == [3, 7, 11]
    nobody = stretches((), None)
    seat3 = stretches((((0, 0, 0), "Amélie"), ((1, 1, 7), ""), ((1, 2, 0), "Carl")), (1, 1))
    carl = replace(after, names=("Bernd", "Bo", "Carl", "Di"), played_by=(nobody, nobody, seat3, nobody))
    rows = compute_layout(carl, Ui(seen_finished=0), (800, 600), "en").reveal.rows
    assert [r.name for r in rows] == ["Bernd", "Bo", "Amélie / Computer", "Di"]
    assert hand_players_name(carl, Seat.THREE, fh, "en") == "Amélie / the computer in Carl's seat"
    assert hand_players_name(carl, Seat.THREE, fh, "fr") == "Amélie / l’ordinateur à la place de Carl"
    ledger = _ledger_rows(carl)
    dealt = ledger.index(["Hands as dealt; bright tiles were still held at the end:"])
    assert [r[0] for r in ledger[dealt + 1:dealt + 5]] == ["Bernd", "Bo", "Amélie / Computer", "Di"]
    by = _plays_by(ledger, ("Bernd", "Bo", "Amélie", "Carl", "Di"))
    assert by[:12] == ["Bernd", "Bo", "Amélie", "Di", "Bernd", "Bo", "Amélie", "Di", "Bernd", "Bo", "Computer (Carl)", "Di"]
    assert "Carl" not in by
    assert record_players(hand_row(fh), carl.names, carl.played_by) == {
        "1": ["Bernd"], "2": ["Bo"], "3": ["Amélie", None], "4": ["Di"]}
    t = translator("en")
    items = layout_review(fh, Seat.THREE, None, 900, Fonts(), t, carl.names, stood_in=True,
                          by="Amélie / the computer in Carl's seat")
    said = " ".join(i.text for i in items if hasattr(i, "text"))
    assert said.startswith("Match 1, hand 1: the decisions of Amélie / the computer in Carl's seat ")


def test_s17_d7_a_hand_that_ended_while_the_seat_was_handed_over_is_the_computers_at_its_end(ended) -> None:  # type: ignore[no-untyped-def]
    """Session 17, item 1 (D7): Bernd's seat was handed to the computer after hand 1's 40th move; the hand's end
    told his window "you hold the lowest total" for the computer's tiles. It names the computer while the seat
    was handed over at the end, and "you" once he is back before it (after the 50th move)."""
    from doublenine.client.playedby import stretches
    _, after = ended
    fh = _block(after)
    nobody = stretches((), None)
    away = replace(after, played_by=(stretches((((0, 0, 0), "Bernd"), ((1, 1, 40), "")), None), nobody, nobody, nobody))
    assert say("en", *_result_line(away, fh, "en")) == \
        "Blocked, nobody could play: the computer in Bernd's seat holds the lowest total, 11 pips"
    back = replace(after, played_by=(stretches((((0, 0, 0), "Bernd"), ((1, 1, 40), ""), ((1, 1, 50), "Bernd")), None),
                                     nobody, nobody, nobody))
    assert say("en", *_result_line(back, fh, "en")) == "Blocked, nobody could play: you hold the lowest total, 11 pips"


@pytest.mark.parametrize(("lang", "names"), [
    ("en", ["Computer (Bernd)", "Bo", "Computer (Amélie)", "Di"]),
    ("fr", ["Ordinateur (Bernd)", "Bo", "Ordinateur (Amélie)", "Di"]),
    ("pt", ["Computador (Bernd)", "Bo", "Computador (Amélie)", "Di"]),
    ("de", ["Computer (Bernd)", "Bo", "Computer (Amélie)", "Di"]),
    ("es", ["Computadora (Bernd)", "Bo", "Computadora (Amélie)", "Di"]),
])
def test_s17_two_seats_of_a_team_the_computer_played_are_told_apart(ended, lang, names) -> None:  # type: ignore[no-untyped-def]
    """Session 17, item 2: Bernd's and Amélie's seats (team A) were both handed to the computer for hand 1; the
    hand end's rows and the ledger's both read "Computer", "Computer". Each names its seat; beside a person who
    played the seat too the computer stays "Computer" ("Bernd / Computer": the person tells it apart)."""
    from doublenine.client.layout import compute_layout
    from doublenine.client.overlays.ledger import LedgerOverlay
    from doublenine.client.overlays.panel import Text
    from doublenine.client.playedby import stretches
    from doublenine.client.uistate import Ui
    _, after = ended
    nobody = stretches((), None)
    both = replace(after, played_by=(stretches((((0, 0, 0), "Bernd"), ((1, 1, 0), ""), ((1, 2, 0), "Bernd")), None),
                                     nobody, stretches((((0, 0, 0), "Amélie"), ((1, 1, 0), "")), None), nobody))
    rows = compute_layout(both, Ui(seen_finished=0), (800, 600), lang).reveal.rows
    assert [r.name for r in rows] == names
    o = LedgerOverlay(both.view, lang, pygame.Rect(20, 20, 900, 640), names=both.names)
    o.played = both.played_by
    texts = [i.text for i in o.laid_out(o.body_rect().w) if isinstance(i, Text)]
    assert names[0] in texts and names[2] in texts
    part = replace(both, played_by=(stretches((((0, 0, 0), "Bernd"), ((1, 1, 30), "")), None), *both.played_by[1:]))
    assert compute_layout(part, Ui(seen_finished=0), (800, 600), lang).reveal.rows[0].name == \
        "Bernd / " + {"en": "Computer", "fr": "Ordinateur", "pt": "Computador", "de": "Computer", "es": "Computadora"}[lang]


def test_s17_an_open_ledger_follows_the_table_frame(ended) -> None:  # type: ignore[no-untyped-def]
    """Session 17, item 2: an open ledger took who played each seat (and the seats' names) only on a new view;
    a table frame alone (a hand-over, a late arrival seated, a return) changed nothing in it until the next move.
    The table scene's ledger follows each update."""
    import sys
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent))
    from scenes_catalog import table_scene

    from doublenine.client.overlays.panel import Text
    from doublenine.client.playedby import stretches
    from doublenine.client.uistate import Ui
    _, after = ended
    scene = table_scene(after, Ui(seen_finished=0), "en", (1280, 800))
    scene.ui = replace(scene.ui, overlay="ledger")
    scene._open_overlay("ledger")
    nobody = stretches((), None)
    framed = replace(after, names=("Bernd", "Bo", "Carl", "Di"),
                     played_by=(nobody, nobody, stretches((((0, 0, 0), "Amélie"), ((1, 2, 0), "Carl")), None), nobody))
    assert framed.view is after.view  # a table frame: the view is the same

    class Frame:
        state, fresh = framed, True

        def pump(self) -> bool:
            fresh, self.fresh = self.fresh, False
            return fresh

        def send(self, intent: object) -> None: ...

        def close(self, leave: bool = True) -> None: ...

    scene.session = Frame()  # type: ignore[assignment]
    scene.update(20.0)
    texts = [i.text for i in scene.overlay.laid_out(scene.overlay.body_rect().w) if isinstance(i, Text)]
    dealt = texts.index("Hands as dealt; bright tiles were still held at the end:")
    assert texts[dealt + 1:dealt + 9:2] == ["Bernd", "Bo", "Amélie", "Di"]  # hand 1 was Amélie's at seat 3
    assert "Carl" in " ".join(texts)  # the seats' names of the frame
