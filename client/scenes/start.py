"""The start screen: create a table, join one by address and code, or watch (issue 5 item 2).

Remembers the last name, server and language (:mod:`doublenine.client.config`).
This module holds the scene (its state and its input); the form's values and where its controls lie are in
:mod:`.startform`, the drawing in :mod:`.startdraw`. Starting a table is delegated to a ``launcher(Launch) -> scene`` given by the
command line code (embedded server or remote), so this scene holds no network.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

import pygame

from doublenine.shared.failures import FailureError
from doublenine.shared.i18n import N_
from doublenine.shared.invite import normalize_code, server_base, server_key
from doublenine.shared.numbers import is_ascii_digits

from ..art import Art
from ..clipboard import field_value, paste_text
from ..config import (
    Settings, back_to_earlier, change, earlier_match, earlier_matches, kept_players, last_seat, load, read_score,
    score_entry, update,
)
from ..finished import FinishedMatch, load_finished
from ..focus import cycle
from ..input import Viewport, pointer
from ..layout import metrics
from ..textfield import END, Caret, clicked, edit, key_place, settle
from ..text import DEFAULT_NAME, LANGUAGES, cannot_start, is_default_name, tr, typed_name
from .base import Change
from .kept import chooser_layout
from .startdraw import draw_start, draw_start_preview, message_box
from .startform import (
    FIELD_LIMITS, FIELD_TAKES, FIELDS, LEVEL_NAMES, LEVELS, QUIT_AGAIN, SEAT_LABELS, Form, Launch, header,
    start_layout, start_metrics, tab_order,
)

__all__ = ["ENDED_TABLES", "FIELDS", "FIELD_LIMITS", "LEVELS", "LEVEL_NAMES", "SEAT_LABELS", "Form", "Launch",
           "QUIT_AGAIN", "StartScene", "draw_start", "draw_start_preview", "header", "message_box",
           "start_layout", "table_ended"]
"""The start screen's names as they were before the values and geometry (startform.py) and the drawing
(startdraw.py) went apart; the scene, its state and its input stay here."""

ENDED_TABLES: set[tuple[str, str]] = set()
"""Tables, as (server in :func:`server_key` form: any spelling of it, code), whose host ended the game on purpose while this
program ran (``host.stopped``, :meth:`TableScene.close`): the start screen no longer offers their code
when it shows again, whatever the form held (typed or remembered), nor their server as the one Create
table uses (lastuser s17 F19: the friend's quick game alone went to the host's laptop)."""


def table_ended(url: str, code: str) -> None:
    """Record that table ``code`` of the server at ``url`` ended for good (its host stopped hosting it)."""
    ENDED_TABLES.add((server_key(url), code.strip().upper()))


def _score(text: str) -> str:
    """A remembered score (config.read_score: ``A-B``, ``A-B/M`` in match M; client.json is outside
    text) as remembered, else ""."""
    return text if read_score(text) is not None else ""


def _earlier(saved: Any) -> str | None:
    """The start screen's :attr:`Form.earlier` for settings ``saved``."""
    found = earlier_match(saved)
    return None if found is None else _score(found[2])


def _kept(form: Form, saved: Settings, finished: tuple[FinishedMatch, ...] = ()) -> Form:
    """``form`` showing the matches ``saved`` keeps: the kept one (code, score, port) and every earlier one;
    and the kept ``finished`` matches (their ledgers)."""
    held = bool(saved.resume_code and saved.resume_token)
    done = tuple((m.code, score_entry(m.record.number, *m.record.scores)) for m in finished)
    kept = tuple((c, _score(s), p) for c, _, s, p in earlier_matches(saved))
    players = tuple(kept_players(saved, c) for c, _, _, _ in earlier_matches(saved))
    form = replace(form, finished=done, finished_players=tuple(m.record.players or m.names for m in finished),  # s16 F10
                   choosing=False)
    last = last_seat(saved)
    if last is not None:  # a seat at another server's table is the most recent match: Back to your match names
        # it, and the kept local match is the first earlier one (new user s15: the button named that older one)
        if held:
            kept = ((saved.resume_code, _score(saved.resume_score), saved.resume_port),) + kept
            players = (kept_players(saved, saved.resume_code),) + players
        return replace(form, resume=_score(saved.last_score), resume_code=last[0], resume_port=0,
                       resume_server=last[1], earlier=kept[0][1] if kept else None, kept=kept, kept_players=players)
    return replace(form, resume=_score(saved.resume_score) if held else None, earlier=_earlier(saved),
                   resume_code=saved.resume_code if held else "", resume_port=saved.resume_port if held else 0,
                   resume_server="", kept=kept, kept_players=players)


def _system_lang() -> str:
    from doublenine.shared.i18n import default_language
    return default_language()


def _first_focus(form: Form, shown: str) -> Form:
    """``form`` with the keyboard's first focus on its most likely action: "Back to your match" when a kept
    match is offered that was not (``shown``: the kept code the screen showed before, "" at first), else as
    it was. New user s12 F14: after Leave, Enter (then the name field's) created a new table while "Back
    to your match" was offered, and the player's match became an "earlier match". Kind: a default that is
    not the likely action (Enter with no focus presses it too, :meth:`StartScene._key`)."""
    if form.resume is not None and form.resume_code != shown:
        return replace(form, focus="resume", caret=END)
    gone = {"resume"} if form.resume is None else set()
    if not (form.kept or form.finished):
        gone.add("earlier")
    if form.focus in gone or form.hover in gone:  # lastuser s17 F19: the match ended, its button went and
        # its caption ("The match you last played, as you left it") stayed over an empty place; kind: the
        # focus or pointer's line kept for a control no longer drawn
        form = replace(form, hover=None if form.hover in gone else form.hover)
        return replace(form, focus="name", caret=END) if form.focus in gone else form
    return form


def _chars(field: str) -> int:
    """Characters form field ``field`` holds (startform.FIELD_LIMITS; 200 for a field not there)."""
    return FIELD_LIMITS.get(field, 200)


class StartScene:
    """The first screen; ``launcher`` turns a :class:`Launch` into the next scene or raises ValueError/OSError."""

    def __init__(self, settings: Settings, launcher: Callable[[Launch], Any], art: Art | None = None,
                 *, remember: bool = True) -> None:
        """``remember``: False for ``--autoplay``, which never writes the player's settings."""
        self.remember = remember
        # the settings file is outside text too (another program may have written it): cleaned like typing
        lang = settings.lang if settings.lang in LANGUAGES else _system_lang()
        name = tr(lang, DEFAULT_NAME) if settings.name.strip() and is_default_name(settings.name) else settings.name
        self.form = Form(name=field_value(name, _chars("name")), lang=lang,  # a default name in this language
                         server=field_value(server_base(settings.server), _chars("server")),
                         table=field_value(settings.table, _chars("table")))
        self.finished = load_finished() if remember else ()
        """The kept finished matches (client/finished.py), newest first: the list opens their ledgers."""
        self.past: Any = None
        """The ledger of a kept finished match open over the screen (scenes/pastledger.PastLedger), or None."""
        self.form = _first_focus(_kept(self.form, self._own(settings), self.finished), "")
        self._file: tuple[str, str] | None = None
        """The server and table client.json held when last read (:meth:`resize`); None before."""
        self.launcher = launcher
        self._place = 0
        """The scancode of the last key pressed, read by the text it types (:func:`.textfield.key_place`)."""
        self.export_dir: str | None = None
        """Where a kept ledger's exports go (None: the documents folder, as at the table)."""
        self.art = art or Art(pip_colours=settings.pip_colours)  # the title's tiles as the table's
        self.vp = Viewport((1280, 800), (1280, 800))
        self.dirty = True

    def resize(self, vp: Viewport) -> None:
        """New window size; also called when a table scene above closes (App.pop): the match it kept, and
        its score, are read again for "Back to your match"."""
        self.vp = vp
        saved = self._own(load())
        self.finished = load_finished() if self.remember else ()  # a table above may have kept one
        self.form = _first_focus(_kept(self.form, saved, self.finished), self.form.resume_code)
        if self.past is not None:
            self.past.resize(vp.pixels)
        self._follow_file(saved)
        shown = (server_key(self.form.server.strip()), self.form.table.strip().upper())
        if self.form.server and shown in ENDED_TABLES:
            self.form = replace(self.form, server="", table="")  # that table's host stopped its server
        ENDED_TABLES.clear()
        self.dirty = True

    def _own(self, saved: Settings) -> Settings:
        """``saved`` as this screen may offer it: without the kept matches and held seats where it remembers
        nothing (``--autoplay``, a separate session beside another window: scenes/otherwindow.py), whose
        "Back to your match" would name a match this window never goes back to (new user s15)."""
        if self.remember:
            return saved
        return replace(saved, resume_code="", resume_token="", resume_score="", resume_port=0, earlier=(), held=(),
                       last_seat="", last_score="")

    def _follow_file(self, saved: Settings) -> None:
        """A server and table saved since the last look (a join that worked: ``launcher._remember_what_worked``)
        replace the form's, unless typed here meanwhile; what was refused is never saved, so never shown
        as remembered (README: "once joining them worked")."""
        now = (field_value(server_base(saved.server), _chars("server")), field_value(saved.table, _chars("table")))
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
        place, self._place = key_place(event, self._place)  # the key a TEXTINPUT came from (textfield.typed)
        if self.past is not None:
            return self._past_event(event)
        pos = pointer(event, self.vp)
        if pos is not None:
            return self.click(pos)
        if event.type in (pygame.MOUSEMOTION, pygame.WINDOWLEAVE):  # the control under the pointer says what
            # it does (starthints); none once the pointer left the window (polish s12 item 13)
            hover = self.control_at(self.vp.to_pixels(event.pos)) if event.type == pygame.MOUSEMOTION else None
            if hover != self.form.hover:
                self.form, self.dirty = replace(self.form, hover=hover), True
            return None
        if self.form.choosing:  # the list of earlier matches is open: its own keys, typing waits
            return self._chooser_key(event) if event.type == pygame.KEYDOWN else None
        if self.form.focus in FIELDS:  # the shared field keys (client/textfield.py); the clipboard is
            edited = edit(getattr(self.form, self.form.focus), self.form.caret, event, paste_text,  # cleaned (16.2)
                          FIELD_TAKES[self.form.focus], place)
            if edited is not None:
                self._edit(*edited)
                return None
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_v and getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_META):
                return None  # no field focused: nothing to paste into
            return self._key(event.key, getattr(event, "mod", 0))
        return None

    def _edit(self, value: str, caret: Caret = END) -> None:
        field = self.form.focus
        assert field is not None
        limit = _chars(field)
        typed = value
        if field == "seed":
            value = "".join(c for c in value if is_ascii_digits(c))[:18]  # int() would read "８", fail on "²"
        value = field_value(value, limit)
        self.form = replace(self.form, **{field: value}, caret=settle(typed, value, caret), message="")
        self.dirty = True

    def _key(self, key: int, mod: int = 0) -> Change | None:
        """Tab / Shift+Tab move the focus over every control (:func:`.startform.tab_order`); Enter or Space
        presses a focused button; Enter in a field creates (joins from the server and table fields)."""
        focus = self.form.focus
        if key == pygame.K_TAB:
            ahead = cycle(tab_order(self.form), focus, not mod & pygame.KMOD_SHIFT)
            self.form = replace(self.form, focus=ahead, caret=END)
            self.dirty = True
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and focus is not None \
                and focus not in FIELDS and focus in tab_order(self.form):
            return self.click_id(focus)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):  # a field's Enter: its card's action
            fallback = "resume" if focus is None and self.form.resume is not None else "create"
            return self.click_id("join" if focus in ("server", "table") else fallback)
        elif key == pygame.K_ESCAPE:
            return self._escape()
        return None

    def _escape(self) -> Change | None:
        """Esc means back, as in Settings and at the table: out of the focused control first; with nothing
        focused it asks (:data:`QUIT_AGAIN`) and only a second Esc quits. New user s12 F14: Esc, pressed to go
        back, closed the program at once with no question. Kind: a key that means back elsewhere doing
        something that cannot be taken back here (the list of earlier matches and Settings already went back).
        Out of a text field only (its typing is what Esc leaves); with the ring on a button the same Esc drops
        the ring and asks: new user s12 round 2 F11 pressed Esc three times, the second one silent (it only
        took the ring away). Kind: a key press with nothing visible to show for it."""
        if self.form.focus in FIELDS:
            self.form, self.dirty = replace(self.form, focus=None, caret=END), True
            return None
        if self.form.message == QUIT_AGAIN and self.form.focus is None:
            return Change("quit")
        self.form, self.dirty = replace(self.form, focus=None, caret=END, message=QUIT_AGAIN), True
        return None

    def _chooser_key(self, event: Any) -> Change | None:
        """Keys of the open list of earlier matches: Tab / Shift+Tab and the up and down arrows move the focus
        over its matches and Back, Enter or Space presses the focused one, Escape closes the list (the focus
        back on its button, "Earlier matches")."""
        ids = tuple(chooser_layout(start_layout(self.vp.pixels)["card_join"],
                                   len(self.form.kept) + len(self.form.finished), self.vp.pixels))
        key, focus = event.key, self.form.focus
        if key == pygame.K_ESCAPE:
            return self.click_id("pick_back")
        if key in (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN):
            back = key == pygame.K_UP or (key == pygame.K_TAB and getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
            self.form, self.dirty = replace(self.form, focus=cycle(ids, focus, not back)), True
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and focus in ids:
            return self.click_id(focus)  # type: ignore[arg-type]
        return None

    def click(self, pos: tuple[float, float]) -> Change | None:
        """Whatever control is at ``pos`` (with the earlier matches' list open: one of it, or it closes)."""
        if self.form.choosing:
            card = start_layout(self.vp.pixels)["card_join"]
            for cid, (x, y, w, h) in chooser_layout(card, len(self.form.kept) + len(self.form.finished), self.vp.pixels).items():
                if x <= pos[0] < x + w and y <= pos[1] < y + h:
                    return self.click_id(cid)
            return self.click_id("pick_back")
        for cid, (x, y, w, h) in start_layout(self.vp.pixels).items():
            if (cid == "resume" and self.form.resume is None) or \
                    (cid == "earlier" and self.form.earlier is None and not self.form.finished):
                continue
            if not cid.startswith("card") and x <= pos[0] < x + w and y <= pos[1] < y + h:
                before = self.form
                change = self.click_id(cid)
                if cid in FIELDS:  # the caret goes where the field was clicked, in the text as it was drawn
                    shown = before.caret if before.focus == cid else None  # (client/textfield.py)
                    at = clicked(self.art, (x, y, w, h), getattr(before, cid), shown, start_metrics(self.vp.pixels)[1], pos)
                    self.form = replace(self.form, caret=at)
                return change
        return None

    def control_at(self, pos: tuple[float, float]) -> str | None:
        """The id of the control at ``pos`` px (None: none, or the earlier matches' list is open)."""
        if self.form.choosing:
            return None
        for cid, (x, y, w, h) in start_layout(self.vp.pixels).items():
            if (cid == "resume" and self.form.resume is None) or \
                    (cid == "earlier" and self.form.earlier is None and not self.form.finished):
                continue
            if cid not in ("where", "hint_join") and not cid.startswith("card") \
                    and x <= pos[0] < x + w and y <= pos[1] < y + h:
                return cid
        return None

    def _speak(self, lang: str) -> None:
        """Speak ``lang`` (one of :data:`LANGUAGES`): the form's "Language" button or the settings card's
        (scenes/settings.py, ``on_language``). A name the player never typed follows the language (new user
        s11 round 2 item 13)."""
        f = self.form
        name = tr(lang, DEFAULT_NAME) if f.name.strip() and is_default_name(f.name) else f.name
        self.form = replace(f, lang=lang, name=name)
        if self.remember:  # saved at once, as Settings saves it (last user s17 F17: the button's choice was
            change(lang=lang)  # kept only once a table started, so closing the window forgot it)
        self.dirty = True

    def _renamed(self, name: str) -> None:
        """The name changed in Settings (already cleaned there as this screen's field cleans it): the field
        says it, and the next table is joined with it."""
        self.form, self.dirty = replace(self.form, name=name), True

    def click_id(self, cid: str) -> Change | None:
        """Press control ``cid``."""
        self.dirty = True
        if cid.startswith("pick"):
            return self._pick(cid)
        if cid == "settings":  # sound, volume, tile movement, pip colours (scenes/settings.py)
            from .settings import SettingsScene
            # another screen: a refusal said here is not waiting on the way back (polish s12 item 15)
            self.form = replace(self.form, message="")
            # the name too (inputguard item 4), the field's own value: each edit comes back to it (_renamed)
            return Change("push", SettingsScene(self.form.lang, self.art, remember=self.remember, name=self.form.name,
                                                on_name=self._renamed, on_language=self._speak))
        if cid not in FIELDS + ("create", "join", "watch", "host", "find", "resume", "earlier"):
            self.form = replace(self.form, message="")  # a setting changed: an earlier refusal no longer holds
        f = self.form
        if cid in FIELDS:
            self.form = replace(f, focus=cid, caret=f.caret if f.focus == cid else END)
        elif cid == "lang":
            self._speak(LANGUAGES[(LANGUAGES.index(f.lang) + 1) % len(LANGUAGES)])
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
        elif cid == "earlier" and len(f.finished) == 1 and not f.kept:
            return self._open_finished(0)  # the one finished match: its ledger
        elif cid == "earlier" and len(f.kept) + len(f.finished) > 1:  # several: picked by code, score, place
            self.form = replace(f, choosing=True, focus="pick0" if f.focus == "earlier" else f.focus)
        elif cid == "earlier" and f.earlier is not None:
            code = f.kept[0][0] if f.kept else None  # the one the button names (the kept local one, after a
            update(lambda now: back_to_earlier(now, code))  # network seat); the one kept until now goes earlier
            return self._resume_local()
        elif cid in ("create", "join", "watch"):
            return self._launch(cid)
        elif cid in ("host", "find"):
            return self._lan(cid)
        return None

    def _pick(self, cid: str) -> Change | None:
        """A control of the earlier matches' list: ``pickN`` goes back to that match (a finished one, after
        the kept ones: its ledger opens), ``pick_back`` closes; the keyboard's focus goes back to the list's
        button when it had one of the list's."""
        f = self.form
        focus = "earlier" if f.focus is not None and f.focus.startswith("pick") else f.focus
        self.form = replace(f, choosing=False, focus=focus)
        if cid == "pick_back" or not f.choosing or not is_ascii_digits(cid[4:]) \
                or int(cid[4:]) >= len(f.kept) + len(f.finished):
            return None
        if int(cid[4:]) >= len(f.kept):
            return self._open_finished(int(cid[4:]) - len(f.kept))
        code = f.kept[int(cid[4:])][0]
        update(lambda now: back_to_earlier(now, code))  # kept now; the one kept until now goes earlier
        return self._resume_local()

    def _open_finished(self, index: int) -> Change | None:
        """Open the ledger of kept finished match ``index`` (newest first) over the screen."""
        from .pastledger import PastLedger
        if 0 <= index < len(self.finished):
            self.past = PastLedger(self.finished[index], self.form.lang, self.vp.pixels, self.export_dir)
            self.form = replace(self.form, message="")
        return None

    def _past_event(self, event: Any) -> Change | None:
        """An event while a finished match's ledger is open: it takes every one (pixels as drawn)."""
        if event.type == pygame.FINGERDOWN:  # a tap acts once, as a click, in drawable pixels
            x, y = self.vp.touch(event.x, event.y)
            event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(x), int(y)), button=1, touch=False)
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if getattr(event, "touch", False):
                return None  # the FINGERDOWN of that touch acts
            x, y = self.vp.to_pixels(event.pos)
            event = pygame.event.Event(event.type, {**event.dict, "pos": (int(x), int(y))})
        if self.past.handle(event):
            self.past = None
        self.dirty = True
        return None

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
                        tracker=f.tracker, chat="phrases_in_hand" if f.phrases else "free",
                        table_name=f.tname.strip())  # s15: hosted tables are named too
        scene, message, offered = open_hosting(launch, f.host_port)
        if scene is None:
            self.form = replace(f, message=message, host_port=offered or f.host_port)
            return None
        self.form = replace(f, message="")  # it started: no earlier refusal waits here on the way back
        return Change("push", scene)

    def _resume(self) -> Change | None:
        """D7: back to the match "Back to your match" names, the most recent one the player was in: a seat held
        at another server's table (:attr:`Form.resume_server`: joined again, the launcher takes the seat back
        with its token) or the remembered local match."""
        f = self.form
        if f.resume_server:
            return self._start(Launch("join", f.name.strip() or tr(f.lang, "Player"), f.lang, f.resume_server,
                                      f.resume_code))
        return self._resume_local()

    def _resume_local(self) -> Change | None:
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
                        chat="phrases_in_hand" if f.phrases and cid == "create" else "free",
                        table_name=f.tname.strip() if cid == "create" else "")  # field_value cleaned it
        return self._start(launch)

    def _remember_form(self) -> None:
        """Save the typed name and the language before anything starts, whichever button started it
        (Create, Join, Watch, Back to your match, Host for friends, Find tables: new user, the name
        was once lost on Host). The remembered table and seat token are kept (D7); the server and
        table code are saved by the launcher only once the server said "joined" (issue 11.6)."""
        if self.remember:
            f = self.form
            change(name=typed_name(f.name), lang=f.lang)  # a default name is not kept

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
        if self.past is not None:
            self.past.draw(surface)
            if self.past.said:
                _said(surface, self.art, self.past.said, self.vp.pixels)


def _said(surface: pygame.Surface, art: Art, text: str, size: tuple[int, int]) -> None:
    """What an export from a kept ledger did, in the band above the ledger (as the table's toast)."""
    _, f, sm = metrics(size)
    top = size[1] // 14  # the ledger's top (pastledger._rect)
    label = art.fit_text(text, sm, size[0] - 2 * f, (235, 240, 236))
    box = label.get_rect(center=(size[0] // 2, top // 2)).inflate(f, sm // 2)
    surface.blit(art.plate(box.w, box.h, (20, 60, 40, 255), sm // 2), box.topleft)
    surface.blit(label, label.get_rect(center=box.center))
