"""The first start asks the player's name once (s13 item 5: with none asked, every message said "Player").

:class:`AskName` shows one question over the felt: an empty name field (its hint the seat's own name, "South",
which the table gives a player who names none), which the player answers with Enter or OK, after typing; the
field's text is bounded and cleaned as the start screen's name field is (``config.NAME_CHARS``,
:func:`..clipboard.field_value`, the shared field keys of client/textfield.py). Its answer (``done(name)``)
opens the table the start asked for; a typed name is saved, an empty one is not, and the question is not asked
again (``config.Settings.asked_name``). Translator s17 F13: the field offered "Player" ("Jogador"...), which the
server reserves as the window's own seat word: a player who kept it was told "At this table you are South".
The start screen's "Your name" field changes it later. Never shown to ``--autoplay``, a start that
names the player or one that opens the start screen (:func:`should_ask`); a table joined asks it first.
"""
from __future__ import annotations

from typing import Any, Callable

import pygame

from doublenine.shared.i18n import DEFAULT_SEAT_NAMES, N_

from ..art import GOLD, Art
from ..clipboard import field_value, paste_text
from ..config import NAME_CHARS
from ..focus import draw_ring
from ..input import Viewport, pointer
from ..layout import metrics
from ..panels import Button
from ..render import INK, draw_button, draw_fitted
from ..snake import Rect
from ..text import tr
from ..textfield import END, Caret, clicked, draw_field, edit, settle
from .base import Change

WELCOME = N_("Welcome to doublenine")
"""The question's heading."""
ASK = N_("What should the table call you? Type your name, or leave the field empty and the table calls you by your "
         "seat, {seat}. You can change it later on the start screen.")
"""The question: what the name is for, what an empty field gives (the seat's own name: the window's tables seat
their creator at seat 1, South), and where it changes later."""
OK = N_("OK")
"""Takes the name in the field (the default when it is left empty)."""


def should_ask(saved_name: str, asked: bool, given_name: str | None, robot: bool, scripted: bool) -> bool:
    """Whether this start asks the name: never for ``--autoplay`` (``robot``), a ``--name`` given, a start
    that opens the start screen (``scripted``: ``--start-screen``, whose "Your name" field is on the screen),
    a name saved, or once asked. A start that joins a table (``--join``, ``--server``/``--table``) asks before
    it sits down (lastuser s17 F6/F9: a friend who joined by the README's ``play --join`` sat nameless as
    "East", which the host could not tell from a computer, and was asked only at the second start)."""
    return not (robot or scripted or given_name or saved_name.strip() or asked)


def ask_layout(size: tuple[int, int], ok_w: int = 0) -> dict[str, Rect]:
    """Rectangles of the question's card, its name field and OK button in a window of ``size`` px (pure);
    ``ok_w``: the px its button's label needs (Play now's is long), the button widened to it, at most the
    field's width."""
    w, h = size
    u, f, sm = metrics(size)
    m = round(16 * u)
    cw = min(round(32 * f), w - 2 * m)
    ch = round(13.2 * f)
    x, y = (w - cw) // 2, (h - ch) // 2
    bh = round(2.1 * f)
    bw = min(cw - 2 * m, max(round(8 * f), ok_w))
    return {"card": (x, y, cw, ch), "text": (x + m, y + round(2.4 * f), cw - 2 * m, round(4.4 * f)),
            "name": (x + m, y + ch - m - bh - round(0.8 * f) - bh, cw - 2 * m, bh),
            "ok": (x + cw - m - bw, y + ch - m - bh, bw, bh)}


class AskName:
    """The first start's question; ``done(name)`` returns the next scene (the table asked for)."""

    def __init__(self, lang: str, done: Callable[[str], Any], art: Art | None = None, ok: str | None = None) -> None:
        """``ok``: its button's label (a msgid), :data:`OK` by default; "Play now against the computer" where
        the answer opens a table against the computer at once (client.playnow, new user s15)."""
        self.lang = lang
        self.ok = ok or OK
        self.done = done
        self.art = art or Art()
        self.seat = tr(lang, DEFAULT_SEAT_NAMES[1])
        """The name the table gives a player who names none (the seat the window's tables seat them at)."""
        self.default = ""
        self.name = self.default
        """The field's text: empty at first (its hint :attr:`seat`), then what is typed."""
        self.caret: Caret = END
        self.fresh = True
        """Nothing typed yet: the first character typed replaces the default (as a selected text would)."""
        self.focus = "name"
        """``name`` (the field takes the keys) or ``ok`` (Tab moved the ring to OK)."""
        self.vp = Viewport((1280, 800), (1280, 800))
        self.dirty = True

    def title(self) -> str:
        """The window's title."""
        return "doublenine"

    def resize(self, vp: Viewport) -> None:
        """New window size."""
        self.vp = vp
        self.dirty = True

    def layout(self, size: tuple[int, int]) -> dict[str, Rect]:
        """:func:`ask_layout` with the button as wide as its label needs in this language."""
        f = metrics(size)[1]
        return ask_layout(size, self.art.type.measure(tr(self.lang, self.ok), f, bold=True)[0] + 2 * f)

    def chosen(self) -> str:
        """The name the answer gives: the field's text, cleaned and bounded, or the default when empty."""
        return field_value(self.name, NAME_CHARS).strip() or self.default

    def answer(self) -> Change:
        """Take :meth:`chosen` and open what the start asked for (in this scene's place); back to the
        screen under it when that could not be opened (``done`` gave None: it says why there)."""
        nxt = self.done(self.chosen())
        return Change("replace", nxt) if nxt is not None else Change("pop")

    def handle(self, event: Any) -> Change | None:
        """Keys edit the field (Enter answers, Tab moves the ring between the field and OK); a click on OK
        answers, a click in the field puts the caret there."""
        self.dirty = True
        if event.type == pygame.QUIT:
            return Change("quit")
        lay = self.layout(self.vp.pixels)
        pos = pointer(event, self.vp) if event.type == pygame.MOUSEBUTTONDOWN else None
        if pos is not None:
            if pygame.Rect(lay["ok"]).collidepoint(pos):
                return self.answer()
            if pygame.Rect(lay["name"]).collidepoint(pos):
                f = metrics(self.vp.pixels)[1]
                self.focus, self.fresh = "name", False
                self.caret = clicked(self.art, lay["name"], self.name, self.caret, f, pos)
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.answer()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.focus = "ok" if self.focus == "name" else "name"
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE and self.focus == "ok":
            return self.answer()
        if self.focus != "name":
            return None
        if self.fresh and event.type == pygame.KEYDOWN and event.key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self.name, self.caret, self.fresh = "", END, False  # the default goes at once, as a selection would
            return None
        before = "" if self.fresh and event.type == pygame.TEXTINPUT else self.name
        edited = edit(before, END if before == "" else self.caret, event, paste_text)
        if edited is not None:
            typed, caret = edited
            value = field_value(typed, NAME_CHARS)
            self.name, self.caret, self.fresh = value, settle(typed, value, caret), False
        return None

    def update(self, now: float) -> bool:
        """Nothing moves by itself; True when the frame changed."""
        dirty, self.dirty = self.dirty, False
        return dirty

    def draw(self, surface: pygame.Surface) -> None:
        """The felt, the card with its heading, the question, the field and OK."""
        size = surface.get_size()
        u, f, sm = metrics(size)
        lay = self.layout(size)
        surface.blit(self.art.felt(size), (0, 0))
        x, y, cw, ch = lay["card"]
        surface.blit(self.art.plate(cw, ch, (12, 26, 20, 235), f), (x, y))
        pygame.draw.rect(surface, (214, 172, 96), lay["card"], 2, border_radius=f)
        head = self.art.text(tr(self.lang, WELCOME), round(f * 1.3), GOLD, bold=True, width=cw - 2 * f)
        surface.blit(head, head.get_rect(midtop=(x + cw // 2, y + f // 2)))
        draw_fitted(surface, self.art, tr(self.lang, ASK, seat=self.seat), f, lay["text"], INK)
        draw_field(surface, self.art, lay["name"], self.name, self.caret if self.focus == "name" else None, f,
                   placeholder=self.seat)
        if not self.name and self.focus == "name":  # the hint stays beside the caret, muted (a field's placeholder)
            hint = self.art.fit_text(self.seat, f, lay["name"][2] - 2 * f, (130, 128, 120))
            surface.blit(hint, hint.get_rect(midleft=(lay["name"][0] + f, lay["name"][1] + lay["name"][3] // 2)))
        draw_button(surface, self.art, Button("ok", lay["ok"], self.ok, primary=True), f, self.lang, False)
        if self.focus == "ok":
            draw_ring(surface, lay["ok"])

    def close(self) -> None:
        """Nothing held."""
