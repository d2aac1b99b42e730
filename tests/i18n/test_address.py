"""The German catalog speaks to the player one way, with "Sie" (the refusal sentences and two other
messages said "du" amid a "Sie" interface: "Zu viele Tische von deiner Adresse: schließe zuerst einen")."""
from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

DE = Path(__file__).resolve().parents[2] / "shared" / "i18n" / "de.po"
FAMILIAR = re.compile(r"\b(du|dich|dir|dein|deine|deinen|deinem|deiner|deines)\b", re.IGNORECASE)


def test_german_never_says_du() -> None:
    with open(DE, "rb") as f:
        catalog = read_po(f)
    familiar = [(m.id, m.string) for m in catalog if m.id and FAMILIAR.search(str(m.string))]
    assert familiar == []
    assert catalog["Too many tables from your address: close one first"].string == \
        "Zu viele Tische von Ihrer Adresse: Schließen Sie zuerst einen"
