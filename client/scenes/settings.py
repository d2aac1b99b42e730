"""The player's settings in one place, opened from the start screen's "Settings" button (or Tab to it, Enter).

Every setting client.json keeps for the player has a control here, saying its state and saved at once
(:mod:`doublenine.client.config`): sound on or off (also the table's speaker and its M key), the volume,
tiles sliding in (issue 15.4) and the pips' colours (new user 14); opened from the start screen, the player's
name too (its first row: inputguard item 4, the name could be changed only in the start screen's field),
cleaned and bounded as that field cleans it (clipboard.field_value, shared/cleantext.clean_text, NAME_CHARS).
The language has a row here too, so a player at a table can change it without leaving (s16 left alone: "no
language choice in the in-game Settings"; kind: a setting reachable from one screen only, as the name was).
Kind fixed: a setting reachable only by editing client.json.
The geometry is pure (:func:`settings_layout`), the drawing only draws (:func:`draw_settings`).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable

import pygame

from doublenine.shared.i18n import N_, language_name

from .. import config
from ..art import GOLD, Art
from ..buttons import NO_SOUND_DEVICE
from ..focus import draw_ring
from ..input import Viewport, pointer
from ..layout import TEXT_SIZES, metrics, metrics_fitting, set_text_size, text_size
from ..panels import Button
from ..render import INK, draw_button, draw_fitted, draw_tile
from ..snake import Rect, Spot
from ..clipboard import field_value, paste_text
from ..config import NAME_CHARS
from ..sound import Sounds
from ..text import DEFAULT_NAME, LANGUAGES, is_default_name, say, tr, typed_name
from ..textfield import END, Caret, clicked, draw_field, edit, settle
from .base import Change

CONTROLS = ("sounds", "volume_down", "volume_up", "motion", "pips", "text", "language", "screen", "back")
"""The screen's controls in Tab order; Enter or Space presses the focused one."""

VOLUME_STEP = 0.1
"""What one press of "−" or "+" takes off or adds to the volume (0.0-1.0, config.Settings.volume)."""

ROWS = ((N_("Sound"), ("sounds",)), (N_("Volume"), ("volume_down", "volume_up")),
        (N_("Tile movement"), ("motion",)), (N_("Pip colours"), ("pips",)), (N_("Text size"), ("text",)),
        (N_("Language"), ("language",)), (N_("Window"), ("screen",)))
"""Each row's caption and its controls, top to bottom."""
NAME_ROW = (N_("Your name"), ("name",))
"""The first row where the screen is opened from the start screen: the start screen's own name field's words."""


def rows(named: bool) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The rows shown: :data:`ROWS`, after :data:`NAME_ROW` when ``named`` (opened from the start screen)."""
    return ((NAME_ROW,) if named else ()) + ROWS

SETTINGS = N_("Settings")
"""The start screen's button and this screen's heading."""
SAVED_AT_ONCE = N_("Each change is saved at once and used at your next table.")
"""Under the heading: there is nothing to confirm."""
USED_AT_ONCE = N_("Each change is used at once and saved for your next tables.")
"""Under the heading when the card is open over a table (:class:`SettingsScene` ``over_table``): the table
takes each change at once (TableScene.apply_settings)."""


@dataclass(frozen=True, slots=True)
class Values:
    """The settings shown (read from client.json when the screen opens, then as changed here)."""

    sound: bool = True
    device: bool = True
    """A sound can play on this machine (:meth:`.sound.Sounds.available`): without one, sound set on is said
    as the table's speaker says it, :data:`.buttons.NO_SOUND_DEVICE`."""
    volume: float = 0.6
    motion: bool = True
    pips: bool = True
    text: int = 100
    """The "Text size", percent (:data:`..layout.TEXT_SIZES`; s14 access F2)."""
    fullscreen: bool = False
    """The window is full screen (s14 access F7; F11 or Alt+Enter too)."""
    lang: str = "en"
    """The window's language (one of :data:`..text.LANGUAGES`): this card, the table under it and the start
    screen speak it at once."""

    @classmethod
    def of(cls, saved: config.Settings) -> Values:
        """The shown values of ``saved``."""
        from ..app import is_fullscreen
        return cls(sound=saved.sound, volume=saved.volume, motion=saved.motion, pips=saved.pip_colours,
                   text=text_size(), fullscreen=is_fullscreen(),
                   lang=saved.lang if saved.lang in LANGUAGES else cls.lang)


def percent(volume: float, lang: str) -> str:
    """``volume`` (0.0-1.0) as a whole percentage in ``lang``'s way (babel: "60%", French "60 %")."""
    from babel.numbers import format_percent
    try:
        text = format_percent(round(volume, 2), locale=lang)
    except (ValueError, LookupError):
        text = f"{round(volume * 100)}%"
    return text.replace("\u202f", "\u00a0")  # the narrow no-break space is not in every font: a no-break one


TEXT_TOO_BIG = N_("This window is too small for {asked}: its text is at {used}. Make the window larger or "
                  "full screen (F11).")
"""Under "Text size" where the window cannot give the size chosen (layout.zoom; s14 player F-f: at 800x600
200 % changed the button and nothing else, and nothing said why)."""
TEXT_SCREEN_TOO_BIG = N_("This screen is too small for {asked}: its text is at {used}.")
"""Said in place of :data:`TEXT_TOO_BIG` where a larger window or full screen gives no more (the window is full
screen, or the screen itself has no more room: layout.zoom at the desktop's size; s16 access F1: on a 1366x768
laptop full screen is 768 px high, and F11, advised, changed nothing). Kind: advice that cannot help."""


def too_small_said(values: Values, size: tuple[int, int], desktop: tuple[int, int] | None,
                   full: bool) -> str:
    """The msgid said under "Text size" where the window ``size`` px cannot give the size chosen
    (:func:`text_shown`): :data:`TEXT_SCREEN_TOO_BIG` where the window is ``full`` screen or the
    ``desktop`` (px; None: unknown) would give no more than the window, else :data:`TEXT_TOO_BIG`."""
    here = text_shown(values, size)
    there = text_shown(values, desktop) if desktop is not None else 0
    if full or (desktop is not None and here is not None and there is not None and there <= here):
        return TEXT_SCREEN_TOO_BIG
    return TEXT_TOO_BIG


def text_shown(values: Values, size: tuple[int, int]) -> int | None:
    """The percent the text of a window ``size`` px is drawn at when that is less than the chosen
    ``values.text`` (layout.text_used: a window ``k`` times 1152x768 takes up to ``k`` times, a smaller one up to
    its own scale of 800x600's type, e.g. 122 % at 1024x768 from 125 %), else None."""
    from ..layout import text_used  # at the size shown (the one in use may not be set yet)
    used = round(min(values.text / 100, text_used(size, values.text)) * 100)
    return used if used < values.text else None


def settings_metrics(size: tuple[int, int]) -> tuple[float, int, int]:
    """(u, type px, small type px) of the settings card in a window ``size`` px: layout.metrics, or the largest
    type down to 100 %'s at which its tallest card (the name row, the no-sound reason, the text size note:
    :func:`settings_layout`) fits the window (s16 access F15: at 2560x1440 200 % the card ran off the window,
    the Window row and Back hidden)."""
    def fits(shown: tuple[float, int, int]) -> bool:
        return _card_height(shown, True, True, True) + 2 * round(16 * shown[0]) <= size[1]
    return metrics_fitting(size, fits)


def _card_height(shown: tuple[float, int, int], reason: bool, named: bool, limited: bool) -> int:
    """Px the settings card is tall at metrics ``shown`` (:func:`settings_layout`)."""
    u, f, sm = shown
    m = round(16 * u)
    extra = round(1.6 * sm) if reason else 0
    why = round(4.2 * sm) if limited else 0
    return round(5.4 * f) + len(rows(named)) * round(2.8 * f) + extra + why + round(1.2 * f) + round(2.1 * f) + m


def settings_layout(size: tuple[int, int], reason: bool = False, named: bool = False,
                    limited: bool = False) -> dict[str, Rect]:
    """Rects of the card (``card``), the note under its heading (``note``), the caption column of each row
    (``row0``.., one per :func:`rows`), each control of :data:`CONTROLS`, the volume's value (``volume``) and
    the sample tile (``sample``), for a window ``size`` (pure). ``reason``: a row under the sound's
    (``reason``, the card's width) says why no sound can play (:data:`.buttons.NO_SOUND_DEVICE`); ``named``:
    the name's field (``name``) in the first row; ``limited``: a row under "Text size" (``text_why``) says
    the window cannot give the size chosen (:data:`TEXT_TOO_BIG`, :func:`text_shown`)."""
    shown = rows(named)
    w, h = size
    u, f, sm = settings_metrics(size)
    m = round(16 * u)
    card_w = min(round(34 * f), w - 2 * m)
    row = round(2.8 * f)
    bh = round(2.1 * f)
    extra = round(1.6 * sm) if reason else 0
    why = round(4.2 * sm) if limited else 0  # three rows of small type (German takes them at 800x600)
    card_h = round(5.4 * f) + len(shown) * row + extra + why + round(1.2 * f) + bh + m
    x, y = (w - card_w) // 2, max(m, (h - card_h) // 2)
    out: dict[str, Rect] = {"card": (x, y, card_w, card_h)}
    out["note"] = (x + m, y + round(2.4 * f), card_w - 2 * m, round(2.8 * sm))  # two rows where one is too long
    inner = card_w - 2 * m
    half = (inner - m) // 2  # the controls take the card's right half, the captions its left
    cx = x + m + inner - half
    top = y + round(5.4 * f)
    below = False  # the rows under the sound's move down by the reason's row
    after = False  # and those under the text size's by its own
    for i, (_, ids) in enumerate(shown):
        ry = top + i * row + (row - bh) // 2 + (extra if below else 0) + (why if after else 0)
        out[f"row{i}"] = (x + m, ry, inner - half - m, bh)
        if ids == ("sounds",) and reason:
            out["reason"] = (x + m, top + (i + 1) * row - (row - bh) // 4, inner, extra)
        below = below or ids == ("sounds",)
        if ids == ("text",) and limited:
            out["text_why"] = (x + m, ry + bh + (row - bh) // 4, inner, why)
            after = True
        if ids == ("volume_down", "volume_up"):
            small = bh + bh // 2
            out["volume_down"] = (cx, ry, small, bh)
            out["volume_up"] = (cx + half - small, ry, small, bh)
            out["volume"] = (cx + small, ry, half - 2 * small, bh)
        else:
            out[ids[0]] = (cx, ry, half, bh)
    # the pips' sample tile ends the "Pip colours" caption's column, the caption left of it. It was put by
    # the last row, the pips' when it was written: rows added after it (Text size, Window) took the tile
    # (new user s14: a stray domino in the Window row). Kind: a place found by position, not by what it is.
    pips = f"row{next(i for i, (_, ids) in enumerate(shown) if ids == ('pips',))}"
    sx, sy, sw, sh = out[pips]
    out["sample"] = (sx + sw - bh // 2, sy, bh // 2, bh)
    out[pips] = (sx, sy, sw - bh // 2 - m // 2, sh)
    out["back"] = (x + (card_w - half) // 2, top + len(shown) * row + extra + why + round(1.2 * f), half, bh)
    return out


def buttons(values: Values, lang: str = "en") -> list[Button]:
    """The controls, each saying the state of its setting (a laid-out rect comes from :func:`settings_layout`)."""
    # where nothing can play the sound is off, whatever was saved, and cannot be turned on: the table's
    # speaker is crossed out and says why, and so does this screen (:func:`unheard`; s12: "On" here)
    on = values.sound and values.device
    return [Button("sounds", (0, 0, 0, 0), N_("On") if on else N_("Off"), enabled=values.device or not values.sound),
            Button("volume_down", (0, 0, 0, 0), "−", enabled=values.volume > 0),
            Button("volume_up", (0, 0, 0, 0), "+", enabled=values.volume < 1),
            Button("motion", (0, 0, 0, 0), N_("Tiles slide in") if values.motion else N_("Tiles appear at once")),
            Button("pips", (0, 0, 0, 0), N_("A colour per number") if values.pips else N_("All pips dark")),
            Button("text", (0, 0, 0, 0), percent(values.text / 100, lang)),
            Button("language", (0, 0, 0, 0), language_name(values.lang)),  # in its own words, as the start screen's
            Button("screen", (0, 0, 0, 0), N_("Full screen") if values.fullscreen else N_("In a window")),
            Button("back", (0, 0, 0, 0), N_("Back"), primary=True)]


def unheard(values: Values) -> bool:
    """Sound is set on but nothing can play here: the table's speaker is crossed out and says
    :data:`.buttons.NO_SOUND_DEVICE` (table.TableScene), and this screen says the same under "Sound"."""
    return values.sound and not values.device


def draw_settings(surface: pygame.Surface, art: Art, values: Values, lang: str, focus: str | None,
                  hover: str | None = None, over_table: bool = False, name: str | None = None,
                  caret: Caret = END) -> None:
    """Paint the settings screen (drawing only): the card, a caption and control per setting, the focus ring;
    ``over_table``: the card over the table already drawn on ``surface`` (dimmed, as under a prompt), opaque,
    instead of over the felt; ``name``: the name's field in the first row (None: no such row), its ``caret``
    drawn while it has the focus."""
    size = surface.get_size()
    _, f, sm = settings_metrics(size)
    used = text_shown(values, size)
    lay = settings_layout(size, unheard(values), name is not None, used is not None)
    if over_table:
        surface.blit(art.plate(size[0], size[1], (0, 0, 0, 140), 0), (0, 0))
    else:
        surface.blit(art.felt(size), (0, 0))
    x, y, cw, ch = lay["card"]
    surface.blit(art.plate(cw, ch, (12, 26, 20, 255 if over_table else 235), f), (x, y))
    pygame.draw.rect(surface, (214, 172, 96), lay["card"], 2, border_radius=f)
    head = art.text(tr(lang, SETTINGS), round(f * 1.3), GOLD, bold=True, width=cw - 2 * f)
    surface.blit(head, head.get_rect(midtop=(x + cw // 2, y + f // 2)))
    draw_fitted(surface, art, tr(lang, USED_AT_ONCE if over_table else SAVED_AT_ONCE), sm, lay["note"],
                (200, 214, 204))
    for i, (caption, _) in enumerate(rows(name is not None)):
        rx, ry, rw, rh = lay[f"row{i}"]
        label = art.fit_text(tr(lang, caption), f, rw, INK)
        surface.blit(label, label.get_rect(midleft=(rx, ry + rh // 2)))
    if "reason" in lay:
        draw_fitted(surface, art, tr(lang, NO_SOUND_DEVICE), sm, lay["reason"], (236, 190, 120))
    if used is not None:
        from ..app import is_fullscreen
        from ..screen import desktop_size
        said = too_small_said(values, size, desktop_size(), is_fullscreen())
        draw_fitted(surface, art, say(lang, said, {"asked": percent(values.text / 100, lang),
                                                         "used": percent(used / 100, lang)}),
                    sm, lay["text_why"], (236, 190, 120))
    value = art.fit_text(percent(values.volume, lang), f, lay["volume"][2], INK, bold=True)
    surface.blit(value, value.get_rect(center=pygame.Rect(lay["volume"]).center))
    if name is not None:
        draw_field(surface, art, lay["name"], name, caret if focus == "name" else None, f)
    sx, sy, sw, sh = lay["sample"]  # 8|7, the tile new user 14 misread, as the window's art draws it now
    draw_tile(surface, art, Spot((sx, sy, sw, sh), 8, 7, True))
    for b in buttons(values, lang):
        shown = replace(b, rect=lay[b.id])
        draw_button(surface, art, shown, f, lang, b.id in (focus, hover))
        if b.id == focus:  # where Enter goes, as the hover shows where a click goes (the ring of every screen)
            draw_ring(surface, shown.rect)


class SettingsScene:
    """The settings screen over the start screen; Back or Escape returns to it. ``art``: the window's
    pictures, whose pip colours follow the setting at once; ``remember``: False for ``--autoplay`` (nothing
    is saved). The same card opens over a table (``over_table``, the S key: scenes/table.TableScene), where
    ``on_change`` gets the :class:`Values` after each change so the table uses it at once (sound, volume,
    tiles sliding in; the pips follow ``art``), and ``values`` starts from the table's own (it may differ from
    client.json under ``--autoplay``). One implementation: the settings were reachable from the start screen
    only (left alone last session; kind: a setting reachable from one screen only). ``name``: the start
    screen's name, edited in the first row (None: no name row, as over a table, where the seat keeps the
    name it joined with); each edit is saved as the start screen saves it and given to ``on_name``. The
    "Language" row steps through :data:`..text.LANGUAGES`: the card speaks the new language at once, it is
    saved, and given to ``on_language`` (the start screen's form) as well as in ``on_change``'s values."""

    def __init__(self, lang: str, art: Art | None = None, *, remember: bool = True,
                 sounds: Sounds | None = None, over_table: bool = False, values: Values | None = None,
                 on_change: Callable[[Values], None] | None = None, name: str | None = None,
                 on_name: Callable[[str], None] | None = None,
                 on_language: Callable[[str], None] | None = None) -> None:
        self.lang = lang if lang in LANGUAGES else LANGUAGES[0]
        self.on_language = on_language
        self.name = None if name is None else field_value(name, NAME_CHARS)
        """The name's field (cleaned and bounded as the start screen's), or None: no name row."""
        self.caret = END
        self.on_name = on_name
        self.art = art or Art()
        self.remember = remember
        self.over_table = over_table
        self.on_change = on_change
        saved = values if values is not None else Values.of(config.load()) if remember else Values()
        # ``sounds``: the window's (a new one, opened on a machine without audio only as far as
        # sound.audio_present allows, else): the same look the table's speaker takes
        device = (sounds if sounds is not None else Sounds(volume=saved.volume)).available()
        self.values = replace(saved, device=device, lang=self.lang)  # the language the window speaks now
        """What the screen shows: the saved settings, changed by each press."""
        self.art.set_pip_colours(self.values.pips)
        self.focus: str | None = next(c for c in self.focusable() if c != "name")
        """The control Enter presses (Tab moves it over :meth:`focusable`); the name's field takes the keys
        only once clicked or reached by Tab (Enter and Space on the first control keep their meaning)."""
        self.hover: str | None = None
        self.vp = Viewport((1280, 800), (1280, 800))
        self.dirty = True

    def focusable(self) -> list[str]:
        """The ids of the controls Tab visits, in :data:`CONTROLS` order: the enabled ones (a greyed Sound
        on a machine with no sound device took the first focus while Enter did nothing there: last README
        run s12; kind: a focus ring on a control that cannot act). Never empty: Back is always enabled."""
        enabled = {b.id for b in buttons(self.values) if b.enabled}
        return (["name"] if self.name is not None else []) + [cid for cid in CONTROLS if cid in enabled]

    def title(self) -> str:
        """The window's title while this screen shows."""
        return f"doublenine · {tr(self.lang, SETTINGS)}"

    def resize(self, vp: Viewport) -> None:
        """New window size; the full screen shown as it is now (a refused one is a window again, app.check_fullscreen)."""
        from ..app import is_fullscreen
        self.vp = vp
        self.values = replace(self.values, fullscreen=is_fullscreen())
        self.dirty = True

    def update(self, now: float) -> bool:
        """Nothing moves here: redraw only after input."""
        dirty, self.dirty = self.dirty, False
        return dirty

    def close(self) -> None:
        """Nothing to release."""

    def card(self, size: tuple[int, int]) -> tuple[int, int, int, int]:
        """The settings card's rect in a window of ``size`` px, as :func:`draw_settings` lays it (a nudge for the
        player at the table under it is placed clear of it: scenes.talk.clear_of)."""
        lay = settings_layout(size, unheard(self.values), self.name is not None, text_shown(self.values, size) is not None)
        return lay["card"]  # type: ignore[no-any-return]

    def draw(self, surface: pygame.Surface) -> None:
        """The whole frame (over a table: the card over the table drawn before it)."""
        draw_settings(surface, self.art, self.values, self.lang, self.focus, self.hover, self.over_table, self.name,
                      self.caret)

    def at(self, pos: tuple[float, float]) -> str | None:
        """The control at ``pos`` (drawable pixels), or None."""
        lay = settings_layout(self.vp.pixels, unheard(self.values), self.name is not None,
                              text_shown(self.values, self.vp.pixels) is not None)
        ids = (("name",) if self.name is not None else ()) + CONTROLS
        return next((cid for cid in ids if pygame.Rect(lay[cid]).collidepoint(pos)), None)

    def handle(self, event: Any) -> Change | None:
        """Clicks, taps, Tab/Shift+Tab, Enter/Space, Left/Right on the volume, Escape."""
        if event.type == pygame.QUIT:
            return Change("quit")
        if event.type == pygame.WINDOWLEAVE or (event.type == pygame.MOUSEMOTION and not getattr(event, "touch", False)):
            hover = self.at(self.vp.to_pixels(event.pos)) if event.type == pygame.MOUSEMOTION else None
            self.dirty |= hover != self.hover
            self.hover = hover
            return None
        pos = pointer(event, self.vp)
        if pos is not None:
            cid = self.at(pos)
            if cid == "name" and self.name is not None:  # the caret where the name was clicked
                lay = settings_layout(self.vp.pixels, unheard(self.values), True,
                                      text_shown(self.values, self.vp.pixels) is not None)
                self.focus, self.dirty = "name", True
                self.caret = clicked(self.art, lay["name"], self.name, self.caret, settings_metrics(self.vp.pixels)[1], pos)
                return None
            return None if cid is None else self.press(cid)
        if self.focus == "name" and self.name is not None and self._typed(event):
            return None
        if event.type == pygame.KEYDOWN:
            return self._key(event.key, getattr(event, "mod", 0))
        return None

    def _typed(self, event: Any) -> bool:
        """A key or text for the name's field (typing, Backspace, the arrows, Ctrl+V...); False for the
        screen's own (Tab, Enter, Escape). Each edit is cleaned and bounded as the start screen's field
        (clipboard.field_value: NAME_CHARS, shared/cleantext), saved at once (a default name is not kept,
        text.typed_name, as the start screen saves it) and given to the start screen (``on_name``)."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._key(pygame.K_TAB, 0)  # Enter keeps the name: the ring moves on
            return True
        edited = edit(self.name or "", self.caret, event, paste_text)
        if edited is None:
            return False
        typed, caret = edited
        value = field_value(typed, NAME_CHARS)
        self.name, self.caret, self.dirty = value, settle(typed, value, caret), True
        if self.remember:  # without the one space kept while typing between two words
            config.change(name=typed_name(value.strip()))
        if self.on_name is not None:
            self.on_name(value)
        return True

    def _key(self, key: int, mod: int) -> Change | None:
        if key == pygame.K_TAB:
            order = self.focusable()
            i = order.index(self.focus) if self.focus in order else -1
            self.focus = order[(i + (-1 if mod & pygame.KMOD_SHIFT else 1)) % len(order)]
            self.caret, self.dirty = END, True
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.focus is not None:
            return self.press(self.focus)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and self.focus in ("volume_down", "volume_up"):
            return self.press("volume_down" if key == pygame.K_LEFT else "volume_up")
        elif key == pygame.K_ESCAPE:
            return Change("pop")
        return None

    def press(self, cid: str) -> Change | None:
        """Press control ``cid``: its setting changes, shown and saved at once; ``back`` returns."""
        self.dirty = True
        v = self.values
        value: bool | float | str
        if cid == "back":
            return Change("pop")
        if cid == "sounds" and unheard(v):  # nothing can play: left as saved, as the table's M leaves it
            return None
        if cid == "sounds":  # not "sound": draw_button draws that id as the footer's speaker
            field, value = "sound", not v.sound
        elif cid in ("volume_down", "volume_up"):
            step = VOLUME_STEP if cid == "volume_up" else -VOLUME_STEP
            field, value = "volume", round(min(1.0, max(0.0, v.volume + step)), 2)
        elif cid == "motion":
            field, value = "motion", not v.motion
        elif cid == "pips":
            field, value = "pip_colours", not v.pips
        elif cid == "text":  # the next size, round: 100, 125, 150, 200, 100 (used at once: layout.metrics)
            field, value = "text_size", next((p for p in TEXT_SIZES if p > v.text), TEXT_SIZES[0])
            set_text_size(value)
        elif cid == "language":
            field, value = "lang", LANGUAGES[(LANGUAGES.index(v.lang) + 1) % len(LANGUAGES)]
            self.lang = value  # this card speaks it at once, and a name the player never typed follows it
            if self.name is not None and self.name.strip() and is_default_name(self.name):
                self.name = tr(value, DEFAULT_NAME)
            if self.on_language is not None:
                self.on_language(value)
        elif cid == "screen":
            from ..app import set_fullscreen
            field, value = "fullscreen", set_fullscreen(not v.fullscreen)
        else:
            return None
        shown = {"pip_colours": "pips", "text_size": "text"}.get(field, field)
        self.values = replace(v, **{shown: value})  # type: ignore[arg-type]
        self.art.set_pip_colours(self.values.pips)  # the window's tiles follow at once (the start screen's title)
        if self.remember:  # only this setting: whatever else client.json holds is left as it is
            config.change(**{field: value})
        if self.on_change is not None:  # over a table: used there at once
            self.on_change(self.values)
        return None
