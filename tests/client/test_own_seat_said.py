"""Messages about the window's own seat say "you"/"your", never its name in the third person (s13 player
F4: "Undone: 3 plays and 1 pass, back to Player's turn" over the status "Your turn: choose a tile")."""
from __future__ import annotations

from dataclasses import replace

import pygame
import pytest
from client_helpers import hand_played_out

from doublenine.client.panels import _result_line
from doublenine.client.text import say
from doublenine.shared.seats import Seat
from doublenine.shared.state import Result


@pytest.fixture(scope="module")
def ended():  # type: ignore[no-untyped-def]
    pygame.display.init()
    pygame.font.init()
    return hand_played_out(("Ann", "Bo", "Cy", "Di"))


def test_a_domino_of_the_own_seat_says_you(ended) -> None:  # type: ignore[no-untyped-def]
    _, after = ended
    fh = after.view.finished[0]
    assert fh.result is Result.DOMINO and fh.ender is Seat.FOUR
    assert say("en", *_result_line(after, fh, "en")) == "Domino! Di played their last tile"
    mine = replace(fh, ender=Seat.ONE)  # Ann's window (seat 1) going out
    assert say("en", *_result_line(after, mine, "en")) == "Domino! You played your last tile"
    assert say("fr", *_result_line(after, mine, "fr")) == "Domino\u00a0! Vous avez posé votre dernière pièce"
    assert say("de", *_result_line(after, mine, "de")) == "Domino! Sie haben Ihren letzten Stein gelegt"


def test_a_block_won_by_the_own_seat_says_you(ended) -> None:  # type: ignore[no-untyped-def]
    from doublenine.shared.seats import Team
    _, after = ended
    fh = replace(after.view.finished[0], result=Result.BLOCKED, ender=None, winner=Team.A, pip_totals=(3, 20, 30, 40))
    assert say("en", *_result_line(after, fh, "en")) == "Blocked, nobody could play: you hold the lowest total, 3 pips"
    theirs = replace(fh, winner=Team.B, pip_totals=(30, 3, 20, 40))
    assert say("en", *_result_line(after, theirs, "en")) == "Blocked, nobody could play: Bo holds the lowest total, 3 pips"


# s14 item 1, the kind: every message naming a seat where the reader is that seat says "you"/"your"
# (the consent line "Hand N reopens: {name}'s domino ..." was the reported case)

def _mine(after, **changes):  # type: ignore[no-untyped-def]
    """``after`` with its hand 1 ended as ``changes`` say, in the view shown and the view acted on."""
    fh = replace(after.view.finished[0], **changes)
    view = replace(after.view, finished=(fh,) + after.view.finished[1:])
    return replace(after, view=view, current=None), fh


@pytest.mark.parametrize("lang, said", [
    ("en", "Hand 1 reopens: your domino and Team A's 13 points are taken back"),
    ("fr", "La manche 1 reprend\u00a0: votre domino et les 13 points de l’équipe A sont annulés"),
    ("pt", "A mão 1 é reaberta: a sua batida e os 13 pontos da equipe A são desfeitos"),
    ("de", "Runde 1 geht weiter: Ihr Domino und die 13 Punkte von Team A werden zurückgenommen"),
    ("es", "La mano 1 se reabre: se deshacen tu dominó y los 13 tantos de la pareja A")])
def test_an_undo_reopening_the_readers_own_domino_says_your(ended, lang: str, said: str) -> None:  # type: ignore[no-untyped-def]
    from doublenine.client.panels import consent_lines
    from doublenine.client.store import ConsentPrompt
    from doublenine.shared.seats import Team
    from doublenine.shared.wire import EffectW
    _, after = ended
    state, _fh = _mine(after, ender=Seat.ONE, winner=Team.A, points=13)  # Ann's window; Bo (seat 2) asks
    ask = ConsentPrompt("7", Seat.TWO, "undo", EffectW(moves=5, passes=1, hands=(1,), scores=(0, 0)))
    assert say(lang, *consent_lines(state, ask, lang)[1]) == said
    theirs, _fh = _mine(after, ender=Seat.THREE, winner=Team.A, points=13)  # the partner's: by name
    assert say("en", *consent_lines(theirs, ask, "en")[1]) == "Hand 1 reopens: Cy's domino and Team A's 13 points are taken back"


def test_the_points_reckoned_from_the_readers_own_tiles_say_you(ended) -> None:  # type: ignore[no-untyped-def]
    from doublenine.client.panels import reckoning
    _, after = ended
    fh = after.view.finished[0]  # Di (seat 4) went out: Ann (this window) and Cy hold the counted tiles
    line = reckoning(after, fh, Seat.ONE, "en")[0]
    a, c = fh.pip_totals[0], fh.pip_totals[2]
    assert say("en", *line) == f"Team B scores {fh.points} points: {a} + {c}, what you and Cy hold"
    assert say("de", *reckoning(after, fh, Seat.ONE, "de")[0]) == \
        f"Team B bekommt {fh.points} Punkte: {a}\u00a0+\u00a0{c}, was Sie und Cy noch auf der Hand haben"
    watched = replace(after, view=None)  # no seat of its own (a spectator's window): both names
    assert say("en", *reckoning(watched, fh, Seat.ONE, "en")[0]) == \
        f"Team B scores {fh.points} points: {a} + {c}, what Ann and Cy hold"


def test_a_block_shared_with_the_partner_says_you_and_the_partner(ended) -> None:  # type: ignore[no-untyped-def]
    from doublenine.shared.seats import Team
    _, after = ended
    fh = replace(after.view.finished[0], result=Result.BLOCKED, ender=None, winner=Team.A, pip_totals=(11, 20, 11, 40))
    assert say("en", *_result_line(after, fh, "en")) == "Blocked, nobody could play: you and Cy hold the lowest total, 11 pips"
    assert say("fr", *_result_line(after, fh, "fr")) == \
        "Blocage, personne ne pouvait jouer\u00a0: vous et Cy avez le plus petit total, 11 points"
    theirs = replace(fh, winner=Team.B, pip_totals=(30, 11, 20, 11))
    assert say("en", *_result_line(after, theirs, "en")) == "Blocked, nobody could play: Bo and Di hold the lowest total, 11 pips"


def test_the_match_winners_and_a_redeal_and_a_hint_and_a_pause_say_you(ended) -> None:  # type: ignore[no-untyped-def]
    from doublenine.client.panels import _hint_text, _match_over, _review, status_line
    from doublenine.client.uistate import Ui
    from doublenine.shared.moves import Nominate
    from doublenine.shared.seats import Team
    from doublenine.shared.state import Phase, RedealRecord
    from doublenine.shared.tiles import Tile
    _, after = ended
    area = (0, 0, 1280, 800)
    won = replace(after, view=replace(after.view, winner=Team.A, phase=Phase.MATCH_OVER))
    assert say("en", *_match_over(won, won.view, area, 20, "en").lines[0]) == "You and Cy"
    lost = replace(after, view=replace(after.view, winner=Team.B, phase=Phase.MATCH_OVER))
    assert say("en", *_match_over(lost, lost.view, area, 20, "en").lines[0]) == "Bo and Di"
    v = after.view
    doubles = (Tile(0, 0), Tile(1, 1), Tile(2, 2), Tile(3, 3), Tile(9, 9))
    redealt = replace(v, phase=Phase.REVIEW, redeals=(RedealRecord(v.match, v.hand_number, Seat.ONE, doubles),))
    lines = [say("es", *m) for m in _review(after, redealt, area, 20, "es").lines]
    assert lines[-1] == "Pediste nuevo reparto y enseñaste 0-0 1-1 2-2 3-3 9-9"
    assert say("en", *_hint_text(after, Nominate(Seat.ONE, Seat.ONE), "en")) == "Hint: you lead"
    assert say("en", *_hint_text(after, Nominate(Seat.ONE, Seat.THREE), "en")) == "Hint: let Cy lead"
    paused = replace(after, paused_by=frozenset({Seat.ONE, Seat.TWO}))
    assert say("pt", *status_line(paused, Ui(), "pt")) == "Pausado enquanto você lê as regras ou o registro"
    assert say("en", *status_line(replace(after, paused_by=frozenset({Seat.TWO})), Ui(), "en")) == \
        "Paused while Bo reads the rules or the ledger"


def test_the_nudgers_own_window_and_the_coachs_title_say_you(ended) -> None:  # type: ignore[no-untyped-def]
    from doublenine.client.art import Art
    from doublenine.client.overlays.review import layout_review
    from doublenine.client.overlays.text import Fonts
    from doublenine.client.scenes.talk import TableTalk
    from doublenine.shared.i18n import translator
    during, after = ended
    talk = TableTalk("en", Art(), remember=False)
    talk.update(during, 1.0)
    talk.update(replace(during, nudge=(1, Seat.ONE, Seat.TWO)), 2.0)  # Ann nudged Bo, in Ann's window
    assert talk.notice is not None and talk.notice[0] == "You nudged Bo"
    talk.update(replace(during, nudge=(2, Seat.THREE, Seat.TWO)), 3.0)
    assert talk.notice is not None and talk.notice[0] == "Cy nudged Bo"
    fh = after.view.finished[0]
    texts = [str(getattr(i, "text", "")) for i in layout_review(fh, Seat.ONE, None, 900, Fonts(), translator("fr"),
                                                                ("Ann", "Bo", "Cy", "Di"))]
    assert "Partie 1, manche 1\u00a0: vos décisions" in texts
    named = [str(getattr(i, "text", "")) for i in layout_review(fh, Seat.ONE, None, 900, Fonts(), translator("en"),
                                                                ("Ann", "Bo", "Cy", "Di"), mine=False)]
    assert "Match 1, hand 1: the decisions of Ann" in named


@pytest.mark.parametrize("lang, said", [
    ("en", ("Your domino · Team B scores 30 points", "Hand 1 · opened by you", "Hand 1: you demanded a redeal and showed:")),
    ("fr", ("Votre domino · L’équipe B marque 30 points", "Manche 1 · entamée par vous",
            "Manche 1\u00a0: vous avez demandé une redonne et avez montré\u00a0:")),
    ("de", ("Ihr Domino · Team B bekommt 30 Punkte", "Runde 1 · von Ihnen eröffnet",
            "Runde 1: Sie haben Neugeben verlangt und gezeigt:"))])
def test_the_ledgers_sentences_about_the_readers_seat_say_you(lang: str, said: tuple[str, str, str]) -> None:
    """The ledger's rows are a record by name (each seat's dot and name), but its sentences about the reader's
    own seat say "you": "Domino by Ann", "Hand 1 · opened by Ann", "Hand 1: Ann demanded a redeal" in Ann's
    own window were the same kind."""
    from doublenine.client.overlays.ledger import layout_ledger, result_text
    from doublenine.client.overlays.text import Fonts
    from doublenine.shared.i18n import translator
    from doublenine.shared.ledger import HandRow, Ledger, MatchLedger
    from doublenine.shared.seats import Team
    from doublenine.shared.state import RedealRecord
    from doublenine.shared.tiles import Tile
    pygame.font.init()
    t, names = translator(lang), ("Ann", "Bo", "Cy", "Di")
    hand = HandRow(1, 1, Team.B, Seat.TWO, Result.DOMINO, Seat.TWO, Team.B, 30, (9, 0, 12, 9), (0, 0), (0, 30),
                   ((),) * 4, ((),) * 4, (), (), None)  # type: ignore[arg-type]
    assert result_text(t, hand, names, 2) == said[0]
    assert result_text(t, hand, names, 1).startswith(t.gettext("Domino by {name}", name="Bo"))
    doubles = (Tile(0, 0), Tile(1, 1), Tile(2, 2), Tile(3, 3), Tile(4, 4))
    match = MatchLedger(1, True, (), (hand,), (RedealRecord(1, 1, Seat.TWO, doubles),), (0, 30), None, None)
    texts = [str(getattr(i, "text", "")) for i in layout_ledger(Ledger((match,), False, None), 0, 900, Fonts(), t,
                                                                names, True, me=2)]
    assert said[1] in texts and said[2] in texts
    theirs = [str(getattr(i, "text", "")) for i in layout_ledger(Ledger((match,), False, None), 0, 900, Fonts(), t,
                                                                 names, True, me=1)]
    assert t.gettext("Hand {number} · opened by {name}", number="1", name="Bo") in theirs
