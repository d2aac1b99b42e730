"""Organiser s16 F10: Mesa 4's match 1 was played by Paco, Rosa and the computer on seats 2 and 4; Ulises and
Marta sat down during match 2. Marta's window's ledger said "Pareja B Ulises · Marta" for match 1 and its
export wrote ``"players": {"2": {"name": "Ulises"}, "4": {"name": "Marta"}}``. An earlier match is named by
who played it (``MatchRecordW.players``, the server's result), the current one by the seats as they are."""
from __future__ import annotations

import json
from dataclasses import replace

import pygame
import pytest
from ledger_matches import played_log

from doublenine.client.overlays.actions import ExportLater
from doublenine.client.overlays.ledger import export_of, layout_ledger
from doublenine.client.overlays.panel import Text
from doublenine.client.overlays.text import Fonts
from doublenine.shared.i18n import translator
from doublenine.shared.ledger import ledger_from_view
from doublenine.shared.seats import Seat
from doublenine.shared.views import view_for

MATCH_1 = ("Paco", "computer:expert", "Rosa", "computer:expert")
NOW = ("Paco", "Ulises", "Rosa", "Marta")


@pytest.fixture(autouse=True)
def screen():  # type: ignore[no-untyped-def]
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.display.quit()


def _ledger(players=MATCH_1):  # type: ignore[no-untyped-def]
    view = view_for(played_log(3).state, Seat.FOUR)  # Marta's seat; match 1 over, match 2 being played
    view = replace(view, past=(replace(view.past[0], players=players),))
    return ledger_from_view(view)


def test_s16_f10_the_export_of_match_1_names_who_played_it() -> None:
    led = _ledger()
    record = json.loads(export_of(led, 0, ExportLater("match", 0), NOW, "8AADD", "Mesa 4", now=0.0).text)
    assert {k: v["name"] for k, v in record["players"].items()} == \
        {"1": "Paco", "2": "computer · Expert", "3": "Rosa", "4": "computer · Expert"}
    current = json.loads(export_of(led, 1, ExportLater("match", 0), NOW, "8AADD", "Mesa 4", now=0.0).text)
    assert {k: v["name"] for k, v in current["players"].items()} == dict(zip("1234", NOW))  # who sits now
    older = json.loads(export_of(_ledger(None), 0, ExportLater("match", 0), NOW, now=0.0).text)
    assert older["players"]["4"]["name"] == "Marta"  # an older server told nobody: the seats' names, as before


def test_s16_f10_the_ledger_of_match_1_names_who_played_it() -> None:
    led = _ledger()
    texts = [i.text for i in layout_ledger(led, 0, 900, Fonts(), translator("es"), NOW) if isinstance(i, Text)]
    assert any(t.startswith("computadora ·") for t in texts) and not any("Ulises" in t or "Marta" in t for t in texts)
    texts = [i.text for i in layout_ledger(led, 1, 900, Fonts(), translator("es"), NOW) if isinstance(i, Text)]
    assert "Ulises" in texts and "Marta" in texts


def test_s16_f10_the_start_screen_names_a_kept_earlier_match_by_who_played_it() -> None:
    from doublenine.client.scenes.kept import players_names
    assert players_names("es", MATCH_1) == ["Paco", "computadora · Experto", "Rosa", "computadora · Experto"]
    assert players_names("es", NOW) == list(NOW)
