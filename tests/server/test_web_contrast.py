"""Phone s15 F8: text on the table page's felt under WCAG AA contrast (text: 4.5:1), outdoors on a phone the
sentence that says who won the hand: ``.result`` gold #d6ac60 on the felt's centre #23704f was 2.84:1, the muted
``.reveal-note`` / ``.line .empty`` #b9c9bf 3.48:1. Kind: text drawn on the felt in a colour made for the dark
page. Each text the felt carries is read from page.css as served (custom properties resolved, a translucent
band laid over the felt) and its ratio computed as the client's contrast test does (client/palette.contrast,
WCAG 2.x), against the felt's lightest point."""
from __future__ import annotations

import re

import pytest

from doublenine.client.palette import contrast, over
from doublenine.server.web.site import static_files

FELT_CENTRE = (0x23, 0x70, 0x4F)
"""The lightest point of the felt (``radial-gradient(ellipse at center, #23704f 0, var(--felt) 70%)``)."""
ON_FELT = (".felt-title", ".line .empty", ".felt .result", ".reveal-note")
"""Every rule of page.css for text on the felt (the tiles and the open-end badges carry their own ground)."""


def _css() -> str:
    return static_files()["/static/page.css"][0].decode()


def _hex(value: str) -> tuple[int, int, int]:
    return (int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16))


def _rule(css: str, selector: str) -> dict[str, str]:
    [body] = re.findall(r"(?m)^" + re.escape(selector) + r" \{([^}]*)\}", css)
    out = {}
    for part in body.split(";"):
        if ":" in part:
            key, value = part.split(":", 1)
            out[key.strip()] = value.strip()
    return out


def _colour(css: str, value: str) -> tuple[int, int, int]:
    found = re.fullmatch(r"var\((--[a-z-]+)\)", value)
    if found:
        value = re.search(re.escape(found.group(1)) + r": (#[0-9a-fA-F]{6})", css).group(1)  # type: ignore[union-attr]
    return _hex(value)


def ground(css: str, rule: dict[str, str]) -> tuple[int, int, int]:
    """What the text lies on: the felt's centre, under the rule's own translucent black band if it has one."""
    band = re.fullmatch(r"rgba\(0, 0, 0, ([0-9.]+)\)", rule.get("background", ""))
    return over(FELT_CENTRE, (0, 0, 0), round(float(band.group(1)) * 255)) if band else FELT_CENTRE


def test_phone_s15_f8_the_reported_colours_were_under_aa() -> None:
    assert round(contrast(_hex("#d6ac60"), FELT_CENTRE), 2) == 2.84
    assert round(contrast(_hex("#b9c9bf"), FELT_CENTRE), 2) == 3.48


@pytest.mark.parametrize("selector", ON_FELT)
def test_phone_s15_f8_text_on_the_felt_reads_at_aa(selector: str) -> None:
    css = _css()
    rule = _rule(css, selector)
    ratio = contrast(_colour(css, rule["color"]), ground(css, rule))
    assert ratio >= 4.5, (selector, ratio)


def test_phone_s15_f8_the_hand_result_as_served() -> None:
    css = _css()
    rule = _rule(css, ".felt .result")
    assert round(contrast(_colour(css, rule["color"]), ground(css, rule)), 2) == 10.46
    assert round(contrast(_colour(css, _rule(css, ".reveal-note")["color"]), FELT_CENTRE), 2) == 5.17
