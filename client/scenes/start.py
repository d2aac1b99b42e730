"""The start screen: create a table, join one by address and code, or watch (issue 5 item 2).

Remembers the last name, server and language (:mod:`doublenine.client.config`).
Starting a table is delegated to a ``launcher(Launch) -> scene`` given by the
command line code (embedded server or remote), so this scene holds no network.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable

import pygame

from doublenine.shared.failures import FailureError
from doublenine.shared.i18n import N_
from doublenine.shared.invite import SERVER_URL_CHARS, normalize_code, server_base
from doublenine.shared.numbers import is_ascii_digits

from ..art import GOLD, Art
from ..clipboard import field_value, paste_text
from ..config import NAME_CHARS, Settings, back_to_earlier, earlier_match, earlier_matches, kept_players, load, save
from ..input import Viewport
from ..layout import metrics
from ..panels import Button
from ..render import INK, draw_button, draw_tile
from ..snake import Rect, Spot
from ..textfield import END, Caret, clicked, draw_field, edit, settle
from ..text import LANGUAGES, cannot_start, tr
from .base import Change
from .kept import Kept, Players, chooser_layout, draw_chooser, earlier_button, resume_button

LEVELS = ("easy", "normal", "strong", "expert", "heaviest")
LEVEL_NAMES = {"easy": N_("Easy"), "normal": N_("Normal"), "strong": N_("Strong"), "expert": N_("Expert"),
               "heaviest": N_("Heaviest")}
SEAT_LABELS = (N_("Seat 2 (right)"), N_("Seat 3 (partner)"), N_("Seat 4 (left)"))


@dataclass(frozen=True, slots=True)
class Launch:
    """What the player asked for: ``mode`` "create", "join" or "watch"."""

    mode: str
    name: str
    lang: str
    server: str = ""
    table: str = ""
    seat: int | None = None
    seed: int | None = None
    kinds: tuple[str, str, str, str] = ("human", "computer", "computer", "computer")
    level: str = "expert"
    resume: bool = False
    """Come back to the last local table if it still exists (``doublenine play`` with no options)."""
    chat: str = "free"
    """Issue 15: a new table's chat setting, ``free`` or ``phrases_in_hand``."""
    tracker: bool = False
    """Issue 14.3: a new table allows the tile tracker panel."""
    public: bool = False
    """Issue 13.3: a new table is listed on its server's web page (``create_table{public}``)."""


@dataclass(frozen=True, slots=True)
class Form:
    """The start screen's values (pure data; the scene replaces it on every edit)."""

    name: str = ""
    lang: str = "en"
    kinds: tuple[str, str, str] = ("computer", "computer", "computer")
    level: str = "expert"
    seed: str = ""
    server: str = ""
    table: str = ""
    seat: str = "any"
    focus: str | None = "name"
    message: str = ""
    host_port: int | None = None
    """Issue 8: the port "Host for friends" uses after the default one was found in use."""
    public: bool = False
    """Issue 13.3: "List on the server's page" for the table created."""
    tracker: bool = False
    """Issue 14.3: the table created allows the tile tracker."""
    phrases: bool = False
    """Issue 15: the table created allows only ready phrases in the chat during a hand."""
    resume: str | None = None
    """The remembered local match's score (``19-0``, or "" if unknown) when there is one to go back to
    (D7); None hides "Back to your match"."""
    earlier: str | None = None
    """The score of the most recent earlier kept match (``config.earlier_match``: a new table was made
    while it was kept), "" if unknown; None hides the earlier-match button (new user N1)."""
    resume_code: str = ""
    """The kept match's table code, named on "Back to your match" (two 0-0 buttons once read the same)."""
    resume_port: int = 0
    """The port the kept match is hosted on for friends; 0: a table on this computer."""
    kept: tuple[Kept, ...] = ()
    """Every earlier kept match, most recent first (scenes/kept.py): all reachable, each by its code."""
    kept_players: tuple[Players, ...] = ()
    """Who played each of :attr:`kept`, in the same order (config.kept_players; () when not remembered)."""
    choosing: bool = False
    """The list of earlier matches is open over the join card ("Earlier matches (N)")."""
    caret: Caret = END
    """Where typing goes in the focused field (client/textfield.py)."""


FIELDS = ("name", "seed", "server", "table")
FIELD_LIMITS = {"name": NAME_CHARS, "server": SERVER_URL_CHARS}
"""Characters a field holds: a name the protocol's 32, a server address a URL's 2048 (shared/invite.py), a
table code typed with spaces or dashes 200 (the seed is cut to 18 digits); a remembered server address was
once cut to 200, another address."""
ENDED_SERVERS: set[str] = set()
"""Servers (:func:`server_base` form) that ended a table's game on purpose while this program ran
(``host.stopped``, :meth:`TableScene.close`): the start screen stops aiming "Create table" and
"Join table" at them when it shows again, whatever the form held (typed or remembered)."""


def server_ended(url: str) -> None:
    """Record that the server at ``url`` ended the game for good (a host stopped hosting)."""
    ENDED_SERVERS.add(server_base(url))


def header(size: tuple[int, int]) -> tuple[bool, int]:
    """(whether the three title tiles are drawn, the y where the title starts): a window too short
    for the tiles above the cards (800x600 with the table settings) shows the title alone."""
    w, h = size
    u, f, _ = metrics(size)
    s = round(26 * u)
    card_h = round(12.9 * round(2.6 * f))
    tiles = round(h * 0.04) + 2 * s + round(5.6 * f) + card_h <= h - f // 2
    return tiles, round(h * 0.04) + (2 * s + f // 2 if tiles else 0)


def start_layout(size: tuple[int, int]) -> dict[str, Rect]:
    """Rectangles of every control of the start screen for a window ``size`` (pure)."""
    w, h = size
    u, f, sm = metrics(size)
    m = round(16 * u)
    card_w = min(round(30 * f), (w - 3 * m) // 2)
    row = round(2.6 * f)
    left_x = w // 2 - card_w - m // 2
    right_x = w // 2 + m // 2
    fw = card_w - 2 * m
    bh = round(2.1 * f)
    card_h = round(12.9 * row)
    _, title_y = header(size)  # below the title and its subtitle, as high as the card needs
    top = max(title_y + round(5.1 * f), min(round(h * 0.26), h - card_h - f // 2))
    out: dict[str, Rect] = {"card_create": (left_x, top, card_w, card_h), "card_join": (right_x, top, card_w, card_h)}
    x = left_x + m
    y = top + round(2.2 * f)
    out["name"] = (x, y + row // 2, fw, bh)
    out["lang"] = (x, y + 2 * row, fw, bh)
    step = 0.9  # the create card's toggles, one row each, closer than the fields above
    toggles = ("kind0", "kind1", "kind2", "level", "seed", "public", "tracker", "phrases")  # the table's settings
    for i, cid in enumerate(toggles):  # public: issue 13.3; tracker: issue 14.3; phrases: issue 15
        out[cid] = (x + fw // 2, y + round((3.1 + step * i) * row), fw // 2, bh)
    half = (fw - m) // 2  # issue 8: "Create table" and "Host for friends" share the row
    out["create"] = (x, y + round(10.4 * row), half, bh)
    out["host"] = (x + fw - half, y + round(10.4 * row), half, bh)
    out["where"] = (x, y + round(10.4 * row) + bh + round(0.2 * f), fw, round(1.3 * sm))  # where "Create" creates
    x = right_x + m
    out["server"] = (x, y + row // 2, fw, bh)
    out["table"] = (x, y + 2 * row, fw, bh)
    out["seat"] = (x + fw // 2, y + round(3.2 * row), fw // 2, bh)
    out["find"] = (x, y + round(4.7 * row), fw, bh)  # issue 8: tables on this network
    out["earlier"] = (x, y + round(5.95 * row), fw, bh)  # new user N1: a match kept before the last new table
    out["join"] = (x, y + round(7.2 * row), fw, bh)
    out["watch"] = (x, y + round(8.5 * row), fw, bh)
    out["resume"] = (x, y + round(10.4 * row), fw, bh)  # D7: back to the kept local match
    return out


def _score(text: str) -> str:
    """A remembered score ``A-B`` in ASCII digits (client.json is outside text), else ""."""
    a, sep, b = text.partition("-")
    return text if sep and is_ascii_digits(a) and is_ascii_digits(b) and len(text) <= 9 else ""


def _earlier(saved: Any) -> str | None:
    """The start screen's :attr:`Form.earlier` for settings ``saved``."""
    found = earlier_match(saved)
    return None if found is None else _score(found[2])


def _kept(form: Form, saved: Settings) -> Form:
    """``form`` showing the matches ``saved`` keeps: the kept one (code, score, port) and every earlier one."""
    held = bool(saved.resume_code and saved.resume_token)
    return replace(form, resume=_score(saved.resume_score) if held else None, earlier=_earlier(saved),
                   resume_code=saved.resume_code if held else "", resume_port=saved.resume_port if held else 0,
                   kept=tuple((c, _score(s), p) for c, _, s, p in earlier_matches(saved)),
                   kept_players=tuple(kept_players(saved, c) for c, _, _, _ in earlier_matches(saved)), choosing=False)


def _system_lang() -> str:
    from doublenine.shared.i18n import default_language
    return default_language()


class StartScene:
    """The first screen; ``launcher`` turns a :class:`Launch` into the next scene or raises ValueError/OSError."""

    def __init__(self, settings: Settings, launcher: Callable[[Launch], Any], art: Art | None = None,
                 *, remember: bool = True) -> None:
        """``remember``: False for ``--autoplay``, which never writes the player's settings."""
        self.remember = remember
        # the settings file is outside text too (another program may have written it): cleaned like typing
        self.form = Form(name=field_value(settings.name, NAME_CHARS),
                         lang=settings.lang if settings.lang in LANGUAGES else _system_lang(),
                         server=field_value(server_base(settings.server), SERVER_URL_CHARS),
                         table=field_value(settings.table, 200))
        self.form = _kept(self.form, settings)
        self._file: tuple[str, str] | None = None
        """The server and table client.json held when last read (:meth:`resize`); None before."""
        self.launcher = launcher
        self.art = art or Art()
        self.vp = Viewport((1280, 800), (1280, 800))
        self.dirty = True

    def resize(self, vp: Viewport) -> None:
        """New window size; also called when a table scene above closes (App.pop): the match it kept, and
        its score, are read again for "Back to your match"."""
        self.vp = vp
        saved = load()
        self.form = _kept(self.form, saved)
        self._follow_file(saved)
        if self.form.server and server_base(self.form.server.strip()) in ENDED_SERVERS:
            self.form = replace(self.form, server="", table="")  # a dead host's server: play here again
        ENDED_SERVERS.clear()
        self.dirty = True

    def _follow_file(self, saved: Settings) -> None:
        """A server and table saved since the last look (a join that worked: ``_remember_what_worked``)
        replace the form's, unless typed here meanwhile; what was refused is never saved, so never shown
        as remembered (README: "once joining them worked")."""
        now = (field_value(server_base(saved.server), SERVER_URL_CHARS), field_value(saved.table, 200))
        if self._file is not None and now != self._file and (self.form.server, self.form.table) == self._file:
            self.form = replace(self.form, server=now[0], table=now[1])
        if self._file is None or now != self._file:
            self._file = now

    def update(self, now: float) -> bool:
        """Nothing moves here: redraw only after input."""
        dirty, self.dirty = self.dirty, False
        return dirty

    def close(self) -> None:
        """Nothing to release."""

    def handle(self, event: Any) -> Change | None:
        """Clicks, taps, typing; returns a push of the table scene on create/join/watch."""
        if event.type == pygame.QUIT:
            return Change("quit")
        pos = None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not getattr(event, "touch", False):
            pos = self.vp.to_pixels(event.pos)
        elif event.type == pygame.FINGERDOWN:
            pos = self.vp.touch(event.x, event.y)
        if pos is not None:
            return self.click(pos)
        if self.form.choosing:  # the list of earlier matches is open: Escape closes it, typing waits
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.click_id("pick_back")
            return None
        if self.form.focus in FIELDS:  # the shared field keys (client/textfield.py); the clipboard is
            edited = edit(getattr(self.form, self.form.focus), self.form.caret, event, paste_text)  # cleaned (16.2)
            if edited is not None:
                self._edit(*edited)
                return None
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_v and getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_META):
                return None  # no field focused: nothing to paste into
            return self._key(event.key)
        return None

    def _edit(self, value: str, caret: Caret = END) -> None:
        field = self.form.focus
        assert field is not None
        limit = FIELD_LIMITS.get(field, 200)
        typed = value
        if field == "seed":
            value = "".join(c for c in value if is_ascii_digits(c))[:18]  # int() would read "８", fail on "²"
        value = field_value(value, limit)
        self.form = replace(self.form, **{field: value}, caret=settle(typed, value, caret), message="")
        self.dirty = True

    def _key(self, key: int) -> Change | None:
        if key == pygame.K_TAB:
            i = FIELDS.index(self.form.focus) if self.form.focus in FIELDS else -1
            self.form = replace(self.form, focus=FIELDS[(i + 1) % len(FIELDS)], caret=END)
            self.dirty = True
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.click_id("join" if self.form.focus in ("server", "table") else "create")
        elif key == pygame.K_ESCAPE:
            return Change("quit")
        return None

    def click(self, pos: tuple[float, float]) -> Change | None:
        """Whatever control is at ``pos`` (with the earlier matches' list open: one of it, or it closes)."""
        if self.form.choosing:
            card = start_layout(self.vp.pixels)["card_join"]
            for cid, (x, y, w, h) in chooser_layout(card, len(self.form.kept), self.vp.pixels).items():
                if x <= pos[0] < x + w and y <= pos[1] < y + h:
                    return self.click_id(cid)
            return self.click_id("pick_back")
        for cid, (x, y, w, h) in start_layout(self.vp.pixels).items():
            if (cid == "resume" and self.form.resume is None) or (cid == "earlier" and self.form.earlier is None):
                continue
            if not cid.startswith("card") and x <= pos[0] < x + w and y <= pos[1] < y + h:
                before = self.form
                change = self.click_id(cid)
                if cid in FIELDS:  # the caret goes where the field was clicked, in the text as it was drawn
                    shown = before.caret if before.focus == cid else None  # (client/textfield.py)
                    at = clicked(self.art, (x, y, w, h), getattr(before, cid), shown, metrics(self.vp.pixels)[1], pos)
                    self.form = replace(self.form, caret=at)
                return change
        return None

    def click_id(self, cid: str) -> Change | None:
        """Press control ``cid``."""
        self.dirty = True
        if cid.startswith("pick"):
            return self._pick(cid)
        if cid not in FIELDS + ("create", "join", "watch", "host", "find", "resume", "earlier"):
            self.form = replace(self.form, message="")  # a setting changed: an earlier refusal no longer holds
        f = self.form
        if cid in FIELDS:
            self.form = replace(f, focus=cid, caret=f.caret if f.focus == cid else END)
        elif cid == "lang":
            self.form = replace(f, lang=LANGUAGES[(LANGUAGES.index(f.lang) + 1) % len(LANGUAGES)])
        elif cid.startswith("kind"):
            i = int(cid[4:])
            kinds = list(f.kinds)
            kinds[i] = "human" if kinds[i] == "computer" else "computer"
            self.form = replace(f, kinds=tuple(kinds))  # type: ignore[arg-type]
        elif cid == "level":
            self.form = replace(f, level=LEVELS[(LEVELS.index(f.level) + 1) % len(LEVELS)])
        elif cid == "public":
            self.form = replace(f, public=not f.public)
        elif cid == "tracker":
            self.form = replace(f, tracker=not f.tracker)
        elif cid == "phrases":
            self.form = replace(f, phrases=not f.phrases)
        elif cid == "seat":
            order = ("any", "1", "2", "3", "4")
            self.form = replace(f, seat=order[(order.index(f.seat) + 1) % len(order)])
        elif cid == "resume" and f.resume is not None:
            return self._resume()
        elif cid == "earlier" and len(f.kept) > 1:
            self.form = replace(f, choosing=True)  # several: the player picks one by its code, score, place
        elif cid == "earlier" and f.earlier is not None:
            save(back_to_earlier(load()))  # it becomes the kept match; the one kept until now goes earlier
            return self._resume()
        elif cid in ("create", "join", "watch"):
            return self._launch(cid)
        elif cid in ("host", "find"):
            return self._lan(cid)
        return None

    def _pick(self, cid: str) -> Change | None:
        """A control of the earlier matches' list: ``pickN`` goes back to that match, ``pick_back`` closes."""
        f = self.form
        self.form = replace(f, choosing=False)
        if cid == "pick_back" or not f.choosing or not is_ascii_digits(cid[4:]) or int(cid[4:]) >= len(f.kept):
            return None
        save(back_to_earlier(load(), f.kept[int(cid[4:])][0]))  # kept now; the one kept until now goes earlier
        return self._resume()

    def _lan(self, cid: str) -> Change | None:
        """Issue 8: host a table for others, or find tables on this network (scenes/lan_*.py)."""
        f = self.form
        name = f.name.strip() or tr(f.lang, "Player")
        self._remember_form()  # like Create table: the name typed here is the one friends see next time
        if cid == "find":
            from .lan_join import LanJoinScene
            self.form = replace(f, message="")
            return Change("push", LanJoinScene(self.launcher, name, f.lang, art=self.art))
        from .lan_host import open_hosting
        launch = Launch("create", name, f.lang, seed=int(f.seed) if f.seed else None,
                        kinds=("human",) + f.kinds, level=f.level, public=f.public,  # type: ignore[arg-type]
                        tracker=f.tracker, chat="phrases_in_hand" if f.phrases else "free")
        scene, message, offered = open_hosting(launch, f.host_port)
        if scene is None:
            self.form = replace(f, message=message, host_port=offered or f.host_port)
            return None
        self.form = replace(f, message="")  # it started: no earlier refusal waits here on the way back
        return Change("push", scene)

    def _resume(self) -> Change | None:
        """D7: back to the remembered local match (the launcher rejoins it with its seat token)."""
        f = self.form
        return self._start(Launch("create", f.name.strip() or tr(f.lang, "Player"), f.lang, resume=True))

    def _launch(self, cid: str) -> Change | None:
        f = self.form
        name = f.name.strip() or tr(f.lang, "Player")
        if cid in ("join", "watch") and (not f.server.strip() or not f.table.strip()):
            self.form = replace(f, message=N_("Enter the server address and the table code"))
            return None
        code = ""
        if cid in ("join", "watch"):
            try:  # what cannot be a code is said here, in the player's language, before any network work
                code = normalize_code(f.table, "table.bad_code")
            except FailureError as exc:
                self.form = replace(f, message=exc.failure.text(f.lang))
                return None
        launch = Launch({"create": "create", "join": "join", "watch": "watch"}[cid], name, f.lang,
                        f.server.strip(), code, None if f.seat == "any" else int(f.seat),
                        int(f.seed) if f.seed else None, ("human",) + f.kinds, f.level,  # type: ignore[arg-type]
                        public=f.public and cid == "create", tracker=f.tracker and cid == "create",
                        chat="phrases_in_hand" if f.phrases and cid == "create" else "free")
        return self._start(launch)

    def _remember_form(self) -> None:
        """Save the typed name and the language before anything starts, whichever button started it
        (Create, Join, Watch, Back to your match, Host for friends, Find tables: new user, the name
        was once lost on Host). The remembered table and seat token are kept (D7); the server and
        table code are saved by the launcher only once the server said "joined" (issue 11.6)."""
        if self.remember:
            f = self.form
            save(replace(load(), name=f.name, lang=f.lang))

    def _start(self, launch: Launch) -> Change | None:
        """Save name and language, run the launcher; its refusal becomes the screen's message."""
        f = self.form
        self._remember_form()
        try:
            scene = self.launcher(launch)
        except FailureError as exc:  # a bad server address, in the player's language (issue 16.4)
            self.form = replace(f, message=exc.failure.text(f.lang))
            return None
        except (OSError, ValueError, RuntimeError) as exc:
            self.form = replace(f, message=cannot_start(f.lang, exc))
            return None
        self.form = replace(f, message="")  # it started: no earlier refusal waits here on the way back
        return Change("push", scene)

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        """The felt, the title, the two cards."""
        draw_start(surface, self.art, self.form, self.vp.pixels)


def draw_start(surface: pygame.Surface, art: Art, form: Form, size: tuple[int, int]) -> None:
    """Paint the start screen for ``form`` (drawing only)."""
    w, h = size
    u, f, sm = metrics(size)
    lang = form.lang
    surface.blit(art.felt(size), (0, 0))
    lay = start_layout(size)
    if form.message:
        _message(surface, art, tr(lang, form.message), size, lay)
    else:
        _header(surface, art, lang, size)
    for card, head in (("card_create", N_("New table")), ("card_join", N_("Join a table"))):
        x, y, cw, ch = lay[card]
        surface.blit(art.plate(cw, ch, (12, 26, 20, 225), f), (x, y))
        pygame.draw.rect(surface, (214, 172, 96), lay[card], 2, border_radius=f)
        label = art.text(tr(lang, head), round(f * 1.2), GOLD, bold=True, width=cw - 2 * f)
        surface.blit(label, (x + f, y + f // 2))
    labels = {"name": N_("Your name"), "lang": N_("Language"), "server": N_("Server address"),
              "table": N_("Table code")}
    for fid, text in labels.items():
        x, y, fw, fh = lay[fid]  # captions sit above their control
        cap = art.text(tr(lang, text), sm, (200, 214, 204), width=fw)
        surface.blit(cap, (x, y - cap.get_height() - 2))
    for i, text in enumerate(SEAT_LABELS):
        _caption(surface, art, lay[f"kind{i}"], tr(lang, text), f)
    _caption(surface, art, lay["level"], tr(lang, "Computer level"), f)
    _caption(surface, art, lay["seed"], tr(lang, "Seed (optional)"), f)
    _caption(surface, art, lay["public"], tr(lang, "List on the server's page"), f)
    _caption(surface, art, lay["tracker"], tr(lang, "Tile tracker"), f)
    _caption(surface, art, lay["phrases"], tr(lang, "Chat during a hand"), f)
    _caption(surface, art, lay["seat"], tr(lang, "Seat"), f)
    for fid in FIELDS:
        draw_field(surface, art, lay[fid], getattr(form, fid), form.caret if form.focus == fid else None, f)
    from doublenine.shared.i18n import language_name
    buttons = [Button("lang", lay["lang"], language_name(lang))]
    buttons += [Button(f"kind{i}", lay[f"kind{i}"], N_("Computer") if k == "computer" else N_("Human"))
                for i, k in enumerate(form.kinds)]
    buttons.append(Button("level", lay["level"], LEVEL_NAMES[form.level]))
    buttons.append(Button("public", lay["public"], N_("Listed") if form.public else N_("Not listed")))
    buttons.append(Button("tracker", lay["tracker"], N_("Allowed") if form.tracker else N_("Not allowed")))
    buttons.append(Button("phrases", lay["phrases"], N_("Phrases only") if form.phrases else N_("Free text")))
    buttons.append(Button("seat", lay["seat"], N_("Any free seat") if form.seat == "any" else N_("Seat {n}"),
                          args=(("n", form.seat),)))
    host_label = N_("Host on port {port}") if form.host_port else N_("Host for friends")
    buttons += [Button("host", lay["host"], host_label, args=(("port", form.host_port),)),
                Button("find", lay["find"], N_("Find tables on this network"))]
    buttons += [Button("create", lay["create"], N_("Create table"), primary=True),
                Button("join", lay["join"], N_("Join table"), primary=True),
                Button("watch", lay["watch"], N_("Watch"))]
    if form.resume is not None:
        buttons.append(resume_button(lay["resume"], (form.resume_code, form.resume, form.resume_port), lang))
    if form.kept:
        room = lay["earlier"][2] - lay["earlier"][3] // 2  # draw_button's width for its label
        buttons.append(earlier_button(lay["earlier"], form.kept, lang,
                                      lambda text: art.type.measure(text, f)[0] <= room))
    for button in buttons:
        draw_button(surface, art, button, f, lang, False)
    x, y, ww, wh = lay["where"]
    server = form.server.strip()
    where = tr(lang, "Create table uses the server {server}", server=server) if server else \
        tr(lang, "Create table plays on this computer")
    label = art.fit_text(where, sm, ww, (200, 214, 204))
    surface.blit(label, label.get_rect(midleft=(x, y + wh // 2)))
    if form.choosing:
        draw_chooser(surface, art, lay["card_join"], form.kept, lang, size, form.kept_players)


def _header(surface: pygame.Surface, art: Art, lang: str, size: tuple[int, int]) -> None:
    """The three title tiles (where they fit), the title and its subtitle."""
    w, h = size
    u, f, _ = metrics(size)
    s = round(26 * u)
    tiles, title_y = header(size)
    for i, (a, b) in enumerate(((9, 9), (6, 3), (5, 0)) if tiles else ()):
        draw_tile(surface, art, Spot((w // 2 - 4 * s + i * 3 * s - s // 2, round(h * 0.04), s, 2 * s), a, b, True))
    title = art.text("doublenine", round(f * 2.6), GOLD, bold=True, width=w - 2 * f)
    surface.blit(title, title.get_rect(midtop=(w // 2, title_y)))
    sub = art.text(tr(lang, "Double-nine partnership dominoes, to 100"), f, INK, width=w - 2 * f)
    surface.blit(sub, sub.get_rect(midtop=(w // 2, title_y + round(3.1 * f))))


def message_box(size: tuple[int, int], lay: dict[str, Rect]) -> Rect:
    """Where a refusal is shown: the header's place, above the cards, the window's width less margins."""
    u, f, _ = metrics(size)
    m = round(16 * u)
    top = round(size[1] * 0.02)
    return (m, top, size[0] - 2 * m, lay["card_create"][1] - top - f // 2)


def _message(surface: pygame.Surface, art: Art, text: str, size: tuple[int, int], lay: dict[str, Rect]) -> None:
    """A refusal read whole (the certificate advice, about 440 characters in German): it takes the
    header's place on a dark plate, wrapped, in smaller type down to the minimum when needed (the
    failure panel's :func:`draw_fitted`); it once had two rows at the bottom and was cut there."""
    from ..render import draw_fitted, fit_rows
    x, y, bw, bh = message_box(size, lay)
    _, f, sm = metrics(size)
    pad = sm // 3
    rows, _, step = fit_rows(art, text, f, (bw, bh - 2 * pad), bold=True)
    used = min(bh, len(rows) * step + 2 * pad)  # the plate as tall as the rows, centred in the header's place
    y += (bh - used) // 2
    surface.blit(art.plate(bw, used, (40, 12, 12, 215), sm // 2), (x, y))
    draw_fitted(surface, art, text, f, (x, y + pad, bw, used - 2 * pad), (255, 200, 180), bold=True)


def _caption(surface: pygame.Surface, art: Art, rect: Rect, text: str, f: int) -> None:
    x, y, w, h = rect
    label = art.fit_text(text, f, x - (x - w) - f // 2, INK)
    surface.blit(label, label.get_rect(midright=(x - f // 2, y + h // 2)))


def draw_start_preview(surface: pygame.Surface, art: Art, lang: str) -> None:
    """The start screen with example values (docs/screenshots.py)."""
    form = Form(name="José", lang=lang, kinds=("computer", "human", "computer"), seed="2026",
                server="ws://192.168.1.20:8765", table="K7QPA", focus="name")
    draw_start(surface, art, form, surface.get_size())
