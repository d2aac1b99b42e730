"""Issue 14.2 in the client: "Review my hand" from the reveal and the ledger, the review overlay
(the line and the hand as the seat saw them at each decision), its export, the intent on the wire."""
from __future__ import annotations

import json
from dataclasses import replace

import pygame
import pytest
from scenes_catalog import coach_reply

from doublenine.client.input import button
from doublenine.client.intents import AskCoach
from doublenine.client.layout import compute_layout
from doublenine.client.overlays.actions import Coach, ExportLater
from doublenine.client.overlays.ledger import LedgerOverlay
from doublenine.client.overlays.review import ReviewOverlay, at_decision, layout_review, review_export
from doublenine.client.overlays.text import Fonts
from doublenine.client.store import reduce, review_of
from doublenine.client.uistate import Ui
from doublenine.shared import protocol as p
from doublenine.shared.handscript import loads, parse
from doublenine.shared.i18n import translator
from doublenine.shared.moves import Play
from doublenine.shared.seats import Seat
from doublenine.shared.views import SpectatorView


@pytest.fixture(scope="module")
def reviewed():  # type: ignore[no-untyped-def]
    pygame.display.init()
    pygame.font.init()
    return coach_reply()


def test_coach_reveal_offers_the_review_to_a_seat_and_asks_for_that_hand(reviewed) -> None:  # type: ignore[no-untyped-def]
    state, _ = reviewed
    ui = Ui(seen_finished=0)
    lay = compute_layout(state, ui, (1280, 800))
    assert lay.panel is not None and [b.id for b in lay.panel.buttons] == ["continue", "coach", "look"]
    act = button("coach", lay, state, ui)
    h = state.view.finished[0]
    assert act.intent == AskCoach(h.match, h.number) and act.command == f"coach:{h.match}:{h.number}"
    # R26: counts as the ledger open; the reveal stays unread under it (s9 item 8: it acted as Continue)
    assert act.ui.seen_finished == 0 and act.ui.overlay == "ledger"
    fields = {f: getattr(state.view, f) for f in SpectatorView.__dataclass_fields__}
    watcher = replace(state, view=SpectatorView(**fields))
    lay = compute_layout(watcher, ui, (1280, 800))
    assert [b.id for b in lay.panel.buttons] == ["continue", "look"]  # a spectator made no decisions


def test_coach_ask_goes_on_the_wire_and_the_answer_is_kept_per_hand(reviewed) -> None:  # type: ignore[no-untyped-def]
    from doublenine.client.net import NetSession
    state, reply = reviewed
    msg = NetSession.encode(type("S", (), {"state": state, "_prefix": "t", "_ids": iter(range(9))})(),
                            AskCoach(1, 1))
    assert msg == p.AskCoach(match=1, hand=1)
    kept = reduce(reduce(state, reply), reply)
    assert kept.coach == (reply,) and review_of(kept, 1, 1) is reply and review_of(kept, 1, 2) is None
    other = reply.model_copy(update={"seat": 2})
    assert reduce(state, other).coach == ()  # never another seat's review


def test_coach_line_and_hand_are_those_of_the_decision(reviewed) -> None:  # type: ignore[no-untyped-def]
    state, _ = reviewed
    h = state.view.finished[0]
    mine = [i for i, m in enumerate(h.moves) if m.seat == Seat.ONE and isinstance(m, Play)]
    at = mine[-1]
    line, hand = at_decision(h, Seat.ONE, at)
    played = [m.tile for m in h.moves[:at] if isinstance(m, Play)]
    assert len(line) == len(played) and all(a == c for (_, a), (c, _) in zip(line, line[1:]))  # halves touch
    assert set(hand) == set(h.dealt[0]) - {m.tile for m in h.moves[:at] if isinstance(m, Play) and m.seat == 1}
    assert h.moves[at].tile in hand
    assert at_decision(h, Seat.ONE, -1) == ([], sorted(h.dealt[0]))


@pytest.mark.parametrize(("lang", "said"), [
    ("en", ("You: accepted the hand", "Expert: demanded a redeal")),
    ("fr", ("Vous\u00a0: jeu accepté", "Expert\u00a0: redonne demandée")),
    ("pt", ("Você: mão aceita", "Especialista: nova distribuição pedida")),
    ("de", ("Sie: Hand angenommen", "Experte: Neugeben verlangt")),
    ("es", ("Tú: data aceptada", "Experto: nuevo reparto pedido")),
])
def test_the_review_answer_reads_after_you_and_expert(reviewed, lang, said) -> None:  # type: ignore[no-untyped-def]
    """New user, round 2: German "Sie: hat das Blatt angenommen" (a verb bound to a third person after
    "Sie:"); the answer is said without one, so it reads after "You:" and "Expert:" alike."""
    state, reply = reviewed
    h, tr, fonts = state.view.finished[0], translator(lang), Fonts()
    texts = [i.text for i in layout_review(h, Seat.ONE, reply, 900, fonts, tr) if hasattr(i, "text")]
    assert any(t.startswith(said[0] + " · ") for t in texts), texts
    assert any(t.startswith(said[1] + " · ") for t in texts), texts
    passed = {"en": "You: pass", "fr": "Vous\u00a0: passe", "pt": "Você: passou", "de": "Sie: Passen", "es": "Tú: pase"}
    assert passed[lang] in texts


def test_coach_overlay_waits_then_lists_mistakes_first_with_reasons(reviewed) -> None:  # type: ignore[no-untyped-def]
    state, reply = reviewed
    h, tr, fonts = state.view.finished[0], translator("fr"), Fonts()
    waiting = [i.text for i in layout_review(h, Seat.ONE, None, 900, fonts, tr) if hasattr(i, "text")]
    assert "L’entraîneur examine vos décisions…" in waiting
    texts = [i.text for i in layout_review(h, Seat.ONE, reply, 900, fonts, tr) if hasattr(i, "text")]
    mistakes = [t for t in texts if t.startswith("Erreur")]
    # the loss's ± (s15 domino F4): measured (1.2), or from a server before it was sent both errors combined
    assert mistakes[:2] == ["Erreur · Analyse de la donne · 6,8 ± 1,4 points perdus",
                            "Erreur · Coup · 23,4 ± 1,2 points perdus"]
    # R10: six doubles kept when a redeal was worth more (server/coachdeal.py)
    assert "Garder ce jeu valait 6,8 points de moins qu’une redonne." in texts
    assert any(t.startswith("Vous : jeu accepté · ") and "−0,9 ± 1,0" in t for t in texts)
    assert any("Joue une pièce plus légère en gardant le gros double 5-3." in t for t in texts)
    assert any(t.startswith("Vous : ") and "−18,8 ± " in t for t in texts)
    overlay = ReviewOverlay(state.view, 1, 1, "en", pygame.Rect(0, 0, 900, 700))
    assert overlay.reply is None
    overlay.update(state.view, (reply,))
    assert overlay.reply is reply


def test_coach_export_carries_the_review_and_still_replays(reviewed) -> None:  # type: ignore[no-untyped-def]
    state, reply = reviewed
    h = state.view.finished[0]
    export = review_export(h, reply)
    data = json.loads(export.text)
    assert data["review"]["seat"] == 1 and len(data["review"]["rows"]) == len(reply.rows)
    assert data["review"]["rows"][0]["mistake"] is True
    parse(loads(export.text))  # the review is ignored by replay, never refused
    ledger = LedgerOverlay(state.view, "en", pygame.Rect(0, 0, 1000, 700))
    ledger.reviews = (reply,)
    items = ledger.items(900)
    coach = [i for i in items if getattr(i, "action", None) == Coach(h.match, h.number)]
    assert len(coach) == 1  # a seat gets "Review my hand" on each hand of the ledger
    assert ledger.handle(_click(ledger, ExportLater("hand", h.number))) == export


def _click(panel, action):  # type: ignore[no-untyped-def]
    """A mouse click on the button that carries ``action``."""
    for item in panel.laid_out(panel.body_rect().w):
        if getattr(item, "action", None) == action:
            body = panel.body_rect()
            pos = (body.x + item.rect.centerx, body.y + item.rect.centery - panel.scroll)
            return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    raise AssertionError(f"no button for {action}")


def _scene(state):  # type: ignore[no-untyped-def]
    from scenes_catalog import table_scene
    return table_scene(state, Ui(seen_finished=0), "en", (1280, 800))


_ESC = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)


def test_s9_item8_review_from_the_hand_end_closes_back_onto_the_hand_end(reviewed) -> None:  # type: ignore[no-untyped-def]
    """New user s9 item 8: "Review my hand" on the hand-end panel also did Continue: after Close the next
    hand was up and the reveal of the four hands was gone. Closing the review comes back to the reveal."""
    from doublenine.client.overlays.actions import Close
    state, _ = reviewed
    scene = _scene(state)
    scene._now = 5.0  # the reveal has been up for a while (no KEY_GUARD)
    scene.draw(pygame.Surface((1280, 800)))
    scene._now = 10.0
    coach = next(b for b in scene.layout().panel.buttons if b.id == "coach")
    x, y, w, h = coach.rect
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x + w // 2, y + h // 2), button=1, touch=False))
    assert isinstance(scene.overlay, ReviewOverlay) and scene.ui.overlay == "ledger"
    close = next(r for r, _, a in scene.overlay.header_rects() if isinstance(a, Close))  # its Close button
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=close.center, button=1, touch=False))
    assert scene.overlay is None and scene.ui.overlay is None
    assert scene.layout().panel.kind == "reveal" and scene.ui.seen_finished == 0


def test_s9_item8_review_from_the_ledger_closes_back_onto_the_ledger(reviewed) -> None:  # type: ignore[no-untyped-def]
    """New user s9 item 8: a Review opened from the Ledger closed the Ledger as well."""
    state, _ = reviewed
    scene = _scene(state)
    scene.ui = replace(scene.ui, overlay="ledger")
    scene._open_overlay("ledger")
    ledger = scene.overlay
    h = state.view.finished[0]
    scene.handle(_click(ledger, Coach(h.match, h.number)))
    assert isinstance(scene.overlay, ReviewOverlay)
    scene.handle(_ESC)
    assert scene.overlay is ledger and scene.ui.overlay == "ledger"
    scene.handle(_ESC)
    assert scene.overlay is None and scene.ui.overlay is None


def test_s10_a_full_coach_lane_says_so_and_offers_to_ask_again_instead_of_waiting_for_ever(reviewed) -> None:  # type: ignore[no-untyped-def]
    """The server drops a review asked while its coach lane is full (``RATE_LIMITED``, ``data.limit``
    "coach", docs/protocol.md): the review said "The coach is looking at your decisions…" for ever and
    the status line "Too many actions at once", which blamed the player. Kind: a refusal's ``data``
    that says which shared lane was full, read nowhere in the window (the hint's lane too)."""
    from doublenine.client.panels import status_line
    state, reply = reviewed
    busy = p.Error(code="RATE_LIMITED", data={"limit": "coach", "retry_ms": 2000})
    overlay = ReviewOverlay(state.view, 1, 1, "en", pygame.Rect(0, 0, 900, 700), coach_busy=state.coach_busy)
    after = reduce(state, busy)
    assert (after.error, after.coach_busy) == ("BUSY_COACH", state.coach_busy + 1)
    assert status_line(after, Ui(), "de") == ("Many hands are being reviewed right now: ask again in a moment", {})
    overlay.update(after.view, after.coach, after.coach_busy)
    items = overlay.items(900)
    assert [i.text for i in items if hasattr(i, "text")][-1] == "Many hands are being reviewed right now: ask again in a moment"
    again = [i for i in items if getattr(i, "label", None) == "Ask again"]
    assert len(again) == 1 and again[0].action == Coach(1, 1)
    asked = ReviewOverlay(after.view, 1, 1, "en", pygame.Rect(0, 0, 900, 700), coach_busy=after.coach_busy)
    asked.update(after.view, after.coach, after.coach_busy)  # asked again: waits for this ask
    assert "The coach is looking at your decisions…" in [i.text for i in asked.items(900) if hasattr(i, "text")]
    asked.update(after.view, (reply,), after.coach_busy)
    assert asked.reply is reply and not any(getattr(i, "label", None) == "Ask again" for i in asked.items(900))
    hints = reduce(state, p.Error(code="RATE_LIMITED", data={"limit": "hints", "retry_ms": 2000}))
    assert (hints.error, hints.coach_busy) == ("BUSY_HINTS", state.coach_busy)
    assert status_line(hints, Ui(), "fr") == ("Many players are asking for hints right now: ask again in a moment", {})
    for data in (None, {"limit": "chat"}, {"limit": 7}, {"retry_ms": 2000}):  # any other limit: the code's sentence
        other = reduce(state, p.Error(code="RATE_LIMITED", data=data))
        assert (other.error, other.coach_busy) == ("RATE_LIMITED", state.coach_busy)
    assert reduce(state, p.Error(code="INTERNAL", data={"limit": "coach"})).error == "INTERNAL"


@pytest.fixture(scope="module")
def led_by_me():  # type: ignore[no-untyped-def]
    """Seed 1: seat 1 (José) leads hand 1 with 0-2, and the coach's review of seat 1 in it."""
    from doublenine.client.local import LocalSession
    from doublenine.server.coach import THRESHOLD, review_hand, row_wire
    from scenes_catalog import NAMES, _accept, _until
    pygame.display.init()
    pygame.font.init()
    s = LocalSession(seed=1, names=NAMES)
    _until(s, lambda x: len(x.finished) >= 1, _accept)
    h = s.log.state.finished[0]
    assert h.opener == Seat.ONE and h.moves[0].tile.low == 0 and h.moves[0].tile.high == 2
    rows = [row_wire(r) for r in review_hand(s.log.state, h.match, h.number, Seat.ONE, 2026)]
    reply = p.decode_server(p.pack({"type": "coach", "match": h.match, "hand": h.number, "seat": 1,
                                    "threshold": THRESHOLD, "rows": rows}))
    return s.state, reply


def _overlay_800x600(state, reply, lang):  # type: ignore[no-untyped-def]
    w, h = 800, 600
    rect = pygame.Rect(w // 12, h // 14, w - w // 6, h - h // 7)  # as TableScene._overlay_rect
    return ReviewOverlay(state.view, 1, 1, lang, rect, reviews=(reply,), names=state.names)


@pytest.mark.parametrize("lang", ["en", "fr", "pt", "de", "es"])
def test_s10_item5_the_heading_wraps_left_of_export_hand_at_800x600(led_by_me, lang) -> None:  # type: ignore[no-untyped-def]
    """New user s10 item 5: "Runde exportieren" covered "...die Entscheidungen von Spieler" (German,
    French, 800x600): the heading was wrapped to the whole width under the button at its right."""
    from doublenine.client.overlays.panel import Button, Text, item_rect
    state, reply = led_by_me
    overlay = _overlay_800x600(state, reply, lang)
    items = overlay.laid_out(overlay.body_rect().w)
    (export,) = [i for i in items if isinstance(i, Button) and i.action == ExportLater("hand", 1)]
    texts = [i for i in items if isinstance(i, Text)]
    assert all(not item_rect(overlay.fonts, t).colliderect(export.rect) for t in texts)
    heading = [t.text for t in texts if t.size == 18]
    assert export.rect.bottom < texts[len(heading)].y  # what follows starts below the button
    # s14 on purpose: the review is of the reader's own decisions, "your", never its own name (José)
    if lang == "de":
        assert heading == ["Partie 1, Runde 1: Ihre Entscheidungen"]
    if lang == "fr":
        assert heading == ["Partie 1, manche 1\u00a0: vos décisions"]


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "You: led 0-2 · −9.3 ± 1.8 points"), ("fr", "Vous\u00a0: 0-2 en ouverture · −9,3 ± 1,8 points"),
    ("de", "Sie: 0-2 als Eröffnung · −9,3 ± 1,8 Punkte"), ("es", "Tú: salida con 0-2 · −9,3 ± 1,8 tantos"),
    ("pt", "Você: saída com 0-2 · −9,3 ± 1,8 pontos")])
def test_s10_item5_the_lead_is_said_at_no_end(led_by_me, lang, said) -> None:  # type: ignore[no-untyped-def]
    """New user s10 item 5: the opening play was "6-6 am linken Ende" though the line was empty; a lead
    lies at no end (R15). The expert's lead is said the same way; the ledger draws no end mark by it."""
    state, reply = led_by_me
    texts = [i.text for i in layout_review(state.view.finished[0], Seat.ONE, reply, 900, Fonts(), translator(lang))
             if hasattr(i, "text")]
    assert said in texts
    lead = next(r for r in reply.rows if r.kind == "lead")
    best = f"{lead.best.tile[0]}-{lead.best.tile[1]}"
    assert any(t.startswith(translator(lang).gettext("Expert: {move} · {points}", move="", points="")[:5])
               and translator(lang).gettext("led {tile}", tile=best) in t for t in texts)
    ends = [translator(lang).gettext(e, tile="0-2") for e in ("{tile} at the left end", "{tile} at the right end")]
    assert not any(e in t for t in texts for e in ends)


def test_s10_item5_the_ledger_marks_no_end_by_the_lead(led_by_me) -> None:  # type: ignore[no-untyped-def]
    state, _ = led_by_me
    ledger = LedgerOverlay(state.view, "en", pygame.Rect(0, 0, 1000, 700))
    items = ledger.items(900)
    marks = [i for i in items if getattr(i, "text", None) in ("◂", "▸")]
    h = state.view.finished[0]
    plays = [m for m in h.moves if isinstance(m, Play)]
    assert len(marks) == len(plays) - 1 and len(plays) == 20


def test_s15_a_mistake_the_hint_would_have_made_too_names_the_play(reviewed) -> None:  # type: ignore[no-untyped-def]
    """s15 player F3: "The hint gave this play too" stood under the Expert's line and read as the Expert's
    play; it now names the play made, and says "would have": the hint is re-derived, asked for or not."""
    state, reply = reviewed
    h, fonts = state.view.finished[0], Fonts()
    row = next(r for r in reply.rows if r.mistake and r.kind == "play")
    hinted = reply.model_copy(update={"rows": (row.model_copy(update={"hint": row.made, "hint_mean": row.made_mean,
                                                                      "hint_stderr": 0.5}),)})
    texts = [i.text for i in layout_review(h, Seat.ONE, hinted, 900, fonts, translator("en")) if hasattr(i, "text")]
    made = next(t for t in texts if t.startswith("You: ")).split(" · ")[0][len("You: "):]
    assert f"The hint would have given your play, {made}, too (it decides at the table's speed, with fewer " \
           "simulations)." in texts


@pytest.mark.parametrize("lang, rule, figures", [
    ("en", "A move counts as a mistake when it loses more than 1.5 match points, and clearly more than the "
           "simulation's noise.", "In figures: the loss less twice its ± is over 1.5."),
    ("fr", "Un coup compte comme une erreur quand il perd plus de 1,5 points de partie, et nettement plus que le "
           "bruit de la simulation.", "En chiffres\u00a0: la perte moins deux fois son ± dépasse 1,5."),
    ("pt", "Uma jogada conta como erro quando perde mais de 1,5 pontos de partida, e claramente mais do que o ruído "
           "da simulação.", "Em números: a perda menos duas vezes o seu ± passa de 1,5."),
    ("de", "Ein Zug gilt als Fehler, wenn er mehr als 1,5 Partiepunkte verliert, und zwar deutlich mehr als das "
           "Rauschen der Simulation.", "In Zahlen: Der Verlust minus zweimal sein ± liegt über 1,5."),
    ("es", "Una jugada cuenta como error cuando pierde más de 1,5 tantos de partida, y claramente más que el ruido "
           "de la simulación.", "En cifras: la pérdida menos dos veces su ± supera 1,5."),
])
def test_s15_the_coachs_rule_is_said_in_plain_words_with_its_figures_below(reviewed, lang, rule, figures) -> None:  # type: ignore[no-untyped-def]
    """s15 player: "A mistake loses more than 1.5 match points beyond twice the error bar of the loss" was
    statistics to a club player. The rule is said in plain words, its figures (coach.Z = 2) on the line under
    it, smaller. Kind: a rule said in a statistician's words (the hint's "playouts" too: "simulations")."""
    state, reply = reviewed
    h = state.view.finished[0]
    items = [i for i in layout_review(h, Seat.ONE, reply, 2000, Fonts(), translator(lang)) if hasattr(i, "text")]
    texts = [i.text for i in items]
    at = texts.index(rule)
    assert texts[at + 1] == figures and items[at + 1].size < items[at].size
    assert not any("error bar" in t or "playout" in t for t in texts)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", ["You: ", "Computer: ", "You: "]),
    ("fr", ["Vous\u00a0: ", "Ordinateur\u00a0: ", "Vous\u00a0: "]),
    ("pt", ["Você: ", "Computador: ", "Você: "]),
    ("de", ["Sie: ", "Computer: ", "Sie: "]),
    ("es", ["Tú: ", "Computadora: ", "Tú: "]),
])
def test_s17_d7_the_review_names_the_computer_for_its_plays_while_the_seat_was_handed_over(reviewed, lang, said) -> None:  # type: ignore[no-untyped-def]
    """Session 17, item 1 (D7): José's seat was handed to the computer after the hand's 4th move and came back
    to him after its 12th (``SeatW.played_by``); his review said "You:" for the computer's play at move 6 too.
    Each row names who made its move; the title stays "your decisions" (the hand was his)."""
    from doublenine.client.playedby import stretches
    state, reply = reviewed
    h = state.view.finished[0]
    rows = tuple(r for r in reply.rows if r.kind == "play" and r.at in (1, 5, 13))
    assert [r.at for r in rows] == [1, 5, 13]
    mine = stretches((((0, 0, 0), "José"), ((1, 1, 4), ""), ((1, 1, 12), "José")), None)
    texts = [i.text for i in layout_review(h, Seat.ONE, reply.model_copy(update={"rows": rows}), 900, Fonts(),
                                           translator(lang), state.names, played=mine) if hasattr(i, "text")]
    made = [t for t in texts if t.split(" ", 1)[0].rstrip(":\u00a0") in ("You", "Vous", "Você", "Sie", "Tú", "Computer",
                                                                           "Ordinateur", "Computador", "Computadora")]
    assert [next(s for s in said if t.startswith(s)) for t in made] == said, made
    assert texts[0].startswith({"en": "Match 1, hand 1: your decisions"}.get(lang, ""))
    left = stretches((((0, 0, 0), "Ana"), ((1, 1, 4), "")), None)  # a person who left: named, the computer after
    names = [i.text for i in layout_review(h, Seat.ONE, reply.model_copy(update={"rows": rows}), 900, Fonts(),
                                           translator("en"), state.names, stood_in=True, played=left)
             if hasattr(i, "text") and i.text.split(":")[0] in ("Ana", "Computer", "You")]
    assert [t.split(":")[0] for t in names] == ["Ana", "Computer", "Computer"]
