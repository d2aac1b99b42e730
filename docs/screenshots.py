"""Render the client in each main situation to PNG files under docs/screenshots/.

Run: ``SDL_VIDEODRIVER=dummy .venv/bin/python docs/screenshots.py [WIDTHxHEIGHT]``. Besides the
main situations (at WIDTHxHEIGHT, 1280x800 by default), the table on the player's turn is drawn at
800x600, 1280x800 and 1920x1080 in English and French (``table_LANG_WxH.png``).
The tables come from a seeded local match (the same code paths as a real
window: layout, render); nothing here needs a server.
"""
from __future__ import annotations

import os
import sys
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from doublenine.client.art import Art  # noqa: E402
from doublenine.client.layout import compute_layout, legal_ends  # noqa: E402
from doublenine.client.local import LocalSession  # noqa: E402
from doublenine.client.render import render  # noqa: E402
from doublenine.client.store import ClientState  # noqa: E402
from doublenine.client.uistate import Ui  # noqa: E402
from doublenine.shared.moves import Play  # noqa: E402
from doublenine.shared.rules import legal_decisions, to_act  # noqa: E402
from doublenine.shared.seats import Seat  # noqa: E402
from doublenine.shared.state import Phase  # noqa: E402
from doublenine.shared.tablecode import is_code  # noqa: E402
from doublenine.shared.views import SeatView  # noqa: E402

OUT = Path(os.environ.get("SCREENSHOTS_OUT", Path(__file__).resolve().parent / "screenshots"))
NAMES = ("José", "Zoë", "Ñandú", "Jose\u0301 Luis")
CODE = "K7QPA"
"""The table code every picture shows: a code of today's form (shared/tablecode.py), checked at import
(the pictures once showed a 4-character K7QP long after codes became 5 characters)."""
if not is_code(CODE):
    raise SystemExit(f"{CODE!r} is not a table code of today's form")
TABLE_SIZES = ((800, 600), (1280, 800), (1920, 1080))
"""Issue 11: the table is shown at the smallest supported window, the usual one and full HD."""


def _session() -> LocalSession:
    return LocalSession(seed=2026, names=NAMES)


def _step_me(s: LocalSession) -> None:
    state = s.log.state
    s.decide(legal_decisions(state, Seat.ONE)[0])


def _until(s: LocalSession, done) -> None:  # type: ignore[no-untyped-def]
    s.run_computers()
    for _ in range(2000):
        if done(s):
            return
        if Seat.ONE in to_act(s.log.state):
            _step_me(s)
        else:
            s.run_computers()


def situations() -> list[tuple[str, ClientState, Ui]]:
    """(file stem, client state, previews) for every main situation."""
    out: list[tuple[str, ClientState, Ui]] = []
    s = _session()
    out.append(("opening-draw", s.state, Ui(seen_finished=0, draw_pick=23)))
    _until(s, lambda x: x.log.state.phase not in (Phase.DRAW, Phase.DRAW_SHUFFLE))
    out.append(("opening-draw-result", s.state, Ui(seen_finished=0, seen_draw=(1, 0))))  # R3, R4: held until read
    _until(s, lambda x: x.log.state.phase is Phase.REVIEW)
    out.append(("review", s.state, Ui(seen_finished=0)))

    def my_turn_long(x: LocalSession) -> bool:
        st = x.log.state
        return st.phase is Phase.PLAY and st.hand is not None and st.hand.turn is Seat.ONE \
            and len(st.hand.line) >= 11 and any(isinstance(m, Play) for m in legal_decisions(st, Seat.ONE))
    _until(s, my_turn_long)
    view = s.state.view
    assert isinstance(view, SeatView)
    tile = next(m.tile for m in view.legal_moves() if isinstance(m, Play))
    ends = legal_ends(view, tile)
    out.append(("own-turn-preview", s.state, Ui(selected=tile, end=ends[0] if len(ends) == 1 else None,
                                                seen_finished=0)))
    _until(s, lambda x: len(x.log.state.finished) >= 1)
    out.append(("hand-end-reveal", s.state, Ui(seen_finished=0)))
    _until(s, lambda x: x.log.state.phase is Phase.MATCH_OVER)
    out.append(("match-end", s.state, Ui(seen_finished=len(s.log.state.finished))))
    return out


def extras(found: list[tuple[str, ClientState, Ui]]) -> list[tuple[str, ClientState, Ui, str, tuple[int, int]]]:
    """Situations around the connection and the lobby, and a narrow French table: (stem, state, ui, lang, size)."""
    from doublenine.shared.failures import Failure
    from doublenine.shared.seats import Seat as S

    by = {stem: (state, ui) for stem, state, ui in found}
    turn, ui = by["own-turn-preview"]
    draw, draw_ui = by["opening-draw"]
    away = replace(turn, away=frozenset({S.THREE}), names=(NAMES[0], NAMES[1], "Maximiliano Alejandro", NAMES[3]))
    gone = Failure("host.stopped", {"host": "192.168.1.20", "port": 8765})
    return [
        ("lobby", replace(draw, started=False, computers=frozenset({S.TWO, S.FOUR}), free=frozenset({S.THREE}),
                          names=(NAMES[0], NAMES[1], "", NAMES[3])), Ui(seen_finished=0), "en", (1280, 800)),
        ("connection-lost", replace(turn, connection="lost"), ui, "en", (800, 600)),
        ("away-hand-over_fr", away, Ui(seen_finished=0), "fr", (800, 600)),
        ("host-stopped", replace(turn, connection="lost", failure=gone), Ui(seen_finished=0), "en", (1280, 800)),
    ] + [(f"table_{lang}_{w}x{h}", turn, ui, lang, (w, h)) for lang in ("en", "fr") for w, h in TABLE_SIZES]


def _table_at(s: LocalSession, seat: Seat) -> None:
    """Play the local match on until ``seat`` is to play (every seat decides its first option)."""
    for _ in range(2000):
        st = s.log.state
        if st.phase is Phase.PLAY and st.hand is not None and st.hand.turn is seat:
            return
        s.log.submit(legal_decisions(st, sorted(to_act(st))[0])[0])
    raise RuntimeError(f"seat {seat} never came to play")


def talk_shots(size: tuple[int, int]) -> list[tuple[str, pygame.Surface]]:
    """Issue 15: the chat open (with a wait card by the awaited seat) and a nudge arriving, en and fr.

    Drawn by the table scene itself (the chat panel and the cards are the scene's, not ``render``'s)."""
    from doublenine.client.chat import ChatUi
    from doublenine.client.input import Viewport
    from doublenine.client.scenes.table import TableScene
    from doublenine.client.sound import Sounds

    shots = []
    for lang in ("en", "fr"):
        s = LocalSession(seed=2026, names=NAMES[:3] + ("Maximiliano",), humans=frozenset({Seat.ONE, Seat.TWO, Seat.THREE}))
        _table_at(s, Seat.TWO)
        s.state = replace(s.state, table=CODE, computers=frozenset({Seat.FOUR}), view=s.state.view)
        s._refresh()  # type: ignore[attr-defined]
        s.hear(Seat.TWO, phrase="hello")
        s.hear(None, text="¡Qué partida! Sigo mirando desde aquí.")
        s.hear(Seat.THREE, phrase="good_luck")
        s.hear(Seat.ONE, text="Zoë, it's your turn!")
        scene = TableScene(s, lang=lang, sounds=Sounds(muted=True), motion=False)
        scene.talk.remember = False
        scene.resize(Viewport(size, size))
        s.state = replace(s.state, wait=(1, 83.0))
        scene.update(100.0)
        scene.talk.cui = ChatUi(open=True, focused=True, draft="Bien jugado, compañero", seen=4)
        scene.update(100.0)
        surface = pygame.Surface(size)
        scene.draw(surface)
        shots.append((f"chat-open_{lang}", surface))
        scene.talk.cui = ChatUi(seen=4)
        _table_at(s, Seat.ONE)
        s._refresh()  # type: ignore[attr-defined]
        s.hear(Seat.TWO, phrase="one_moment")
        s.state = replace(s.state, nudge=(1, 2, 1), wait=(2, 47.0))
        scene.update(200.0)
        scene.update(200.4)
        surface = pygame.Surface(size)
        scene.draw(surface)
        shots.append((f"nudge-arriving_{lang}", surface))
    return shots


def tracker_shots(size: tuple[int, int]) -> list[tuple[str, pygame.Surface]]:
    """Issue 14.3: the tile tracker open at a table that allows it, mid-hand after some passes, en and fr."""
    from doublenine.client.input import Viewport
    from doublenine.client.scenes.table import TableScene
    from doublenine.client.sound import Sounds

    shots = []
    for lang in ("en", "fr"):
        s = LocalSession(seed=31, names=("Ana", "Bea", "Carl", "Dana"))  # not the default "You": "You (you)"
        for _ in range(14):  # a dozen moves into the first hand, with at least one pass if the deal gives one
            _table_at(s, Seat.ONE)
            s.log.submit(legal_decisions(s.log.state, Seat.ONE)[0])
        _table_at(s, Seat.ONE)
        s._refresh()  # type: ignore[attr-defined]
        s.state = replace(s.state, table=CODE, tracker=True)
        scene = TableScene(s, lang=lang, sounds=Sounds(muted=True), motion=False)
        scene.talk.remember = False
        scene.resize(Viewport(size, size))
        scene.tracker.open = True
        scene.update(0.0)
        surface = pygame.Surface(size)
        scene.draw(surface)
        shots.append((f"tile-tracker_{lang}", surface))
    return shots


def reveal_chat_shot(size: tuple[int, int], lang: str) -> tuple[str, pygame.Surface]:
    """A hand's end (Zoë went out: "played every tile", "0 pips") with the chat open, in ``lang``."""
    from doublenine.client.chat import ChatUi
    from doublenine.client.input import Viewport
    from doublenine.client.scenes.table import TableScene
    from doublenine.client.sound import Sounds

    s = _session()
    _until(s, lambda x: bool(x.log.state.finished))
    s._refresh()  # type: ignore[attr-defined]
    s.state = replace(s.state, table=CODE)
    scene = TableScene(s, lang=lang, sounds=Sounds(muted=True), motion=False)
    scene.talk.remember = False
    scene.resize(Viewport(size, size))
    scene.ui = replace(scene.ui, seen_finished=0)
    scene.talk.cui = ChatUi(open=True)
    scene.update(0.0)
    surface = pygame.Surface(size)
    scene.draw(surface)
    return f"hand-end-chat_{lang}", surface


def coach_review(s: LocalSession) -> object:
    """Issue 14.2: the server's review of seat 1's decisions in the first finished hand, as the
    client receives it (a ``coach`` frame, decoded)."""
    from doublenine.server.coach import THRESHOLD, review_hand, row_wire
    from doublenine.shared import protocol as p
    h = s.log.state.finished[0]
    rows = review_hand(s.log.state, h.match, h.number, Seat.ONE, 2026)
    frame = p.pack({"type": "coach", "match": h.match, "hand": h.number, "seat": 1, "threshold": THRESHOLD,
                    "rows": [row_wire(r) for r in rows]})
    return p.decode_server(frame)


def coach_shots(size: tuple[int, int]) -> list[tuple[str, pygame.Surface]]:
    """Issue 14.2: "Review my hand" after the first hand (seat 1 plays its first legal move each
    time, so the coach has mistakes to show), en and fr."""
    from doublenine.client.input import Viewport
    from doublenine.client.scenes.table import TableScene
    from doublenine.client.sound import Sounds

    shots = []
    for lang in ("en", "fr"):
        s = _session()
        _until(s, lambda x: bool(x.log.state.finished))
        s._refresh()  # type: ignore[attr-defined]
        h = s.log.state.finished[0]
        s.state = replace(s.state, table=CODE, coach=(coach_review(s),))
        scene = TableScene(s, lang=lang, sounds=Sounds(muted=True), motion=False)
        scene.talk.remember = False
        scene.resize(Viewport(size, size))
        scene.ui = replace(scene.ui, seen_finished=len(s.log.state.finished))
        scene._open_review(h.match, h.number)  # type: ignore[attr-defined]
        scene.update(0.0)
        surface = pygame.Surface(size)
        scene.draw(surface)
        shots.append((f"coach-review_{lang}", surface))
    return shots


def main(argv: list[str]) -> int:
    size = tuple(int(v) for v in argv[0].split("x")) if argv else (1280, 800)
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(size)
    art = Art()
    OUT.mkdir(parents=True, exist_ok=True)
    try:
        from doublenine.client.scenes.start import draw_start_preview
        draw_start_preview(screen, art, "en")
        pygame.image.save(screen, str(OUT / "start-screen.png"))
        from doublenine.client.scenes.settings import Values, draw_settings  # its "Settings" button's screen
        draw_settings(screen, art, Values(volume=0.8, motion=False), "en", "sounds")
        pygame.image.save(screen, str(OUT / "settings-screen.png"))
    except ImportError:
        pass
    found = situations()
    for stem, state, ui in found:
        state = replace(state, table=CODE)
        lay = compute_layout(state, ui, size)  # type: ignore[arg-type]
        render(screen, lay, state, ui, art, "en")
        pygame.image.save(screen, str(OUT / f"{stem}.png"))
        print(OUT / f"{stem}.png")
    for stem, state, ui, lang, at in extras(found):
        surface = pygame.Surface(at)
        state = replace(state, table=CODE)
        render(surface, compute_layout(state, ui, at, lang), state, ui, art, lang)
        pygame.image.save(surface, str(OUT / f"{stem}.png"))
        print(OUT / f"{stem}.png")
    for stem, surface in talk_shots(size) + tracker_shots(size) + coach_shots(size):  # type: ignore[arg-type]
        pygame.image.save(surface, str(OUT / f"{stem}.png"))
        print(OUT / f"{stem}.png")
    # the chat open in the smallest window: it takes the right of the felt, every button stays clear
    # and the tracker: the partner's tiles under its plate, each apart (they were fanned into one block)
    small = [s for s in talk_shots((800, 600)) if s[0].startswith("chat-open")] + tracker_shots((800, 600))
    for stem, surface in small + [reveal_chat_shot((800, 600), "de")]:
        pygame.image.save(surface, str(OUT / f"{stem}_800x600.png"))
        print(OUT / f"{stem}_800x600.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
