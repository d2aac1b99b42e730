"""s13 player F8: an undo accepted between friends was said in no window (the asker saw an empty line and
"À vous : choisissez une pièce", the one who accepted "Ana ist dran"); the solo table says "Undone: ...".
Every window says what the table's feed marks as undone (ClientState.rewound), its own seat as "your"."""
from __future__ import annotations

from dataclasses import replace

import pygame
from client_helpers import StubSession, my_turn_with_play, session_at

from doublenine.client.input import Viewport
from doublenine.client.scenes.table import TableScene
from doublenine.client.sound import Sounds
from doublenine.shared.rules import legal_decisions
from doublenine.shared.seats import Seat
from doublenine.shared.views import view_for


def _told(before, after, lang: str = "en") -> str | None:  # type: ignore[no-untyped-def]
    stub = StubSession(before)
    scene = TableScene(stub, lang, sounds=Sounds(muted=True), motion=False)  # type: ignore[arg-type]
    scene.resize(Viewport((1280, 800), (1280, 800)))
    scene.update(0.0)
    stub.set(after)
    scene.update(0.5)
    return scene.toast[0] if scene.toast is not None else None


def test_an_accepted_undo_is_said_in_the_askers_and_the_accepters_windows() -> None:
    pygame.display.init()
    pygame.font.init()
    s = session_at(my_turn_with_play, names=("Ana", "Bo", "Hanna", "Di"))

    def seen_by(seat: Seat):  # type: ignore[no-untyped-def]
        return replace(s.state, view=view_for(s.log.state, seat), rewound=None)
    back = {seat: seen_by(seat) for seat in (Seat.ONE, Seat.THREE)}
    s.decide(next(m for m in legal_decisions(s.log.state, Seat.ONE) if type(m).__name__ == "Play"))
    ahead = {seat: seen_by(seat) for seat in (Seat.ONE, Seat.THREE)}
    assert len(ahead[Seat.ONE].view.moves) - len(back[Seat.ONE].view.moves) == 4
    undone = {seat: replace(back[seat], seq=ahead[seat].seq + 1, rewound=(ahead[seat].seq + 1, "undo"))
              for seat in (Seat.ONE, Seat.THREE)}
    assert _told(ahead[Seat.ONE], undone[Seat.ONE]) == "Undone: 4 plays, back to your turn"  # the asker, Ana
    assert _told(ahead[Seat.THREE], undone[Seat.THREE]) == "Undone: 4 plays, back to Ana's turn"  # Hanna
    assert _told(ahead[Seat.THREE], undone[Seat.THREE], "de") == "Rückgängig gemacht: 4 Züge, zurück zum Zug von Ana"
    assert _told(ahead[Seat.ONE], undone[Seat.ONE], "fr") == "Annulé\u00a0: 4 coups, retour à votre tour"
