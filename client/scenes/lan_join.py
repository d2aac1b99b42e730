"""The join screen (issue 8): tables found on this network, live, and joining by invite.

The list comes from a :class:`~doublenine.client.discovery.TableBrowser`
(mDNS, in zeroconf's threads) and is redrawn whenever it changes: host name,
table code, address and free seats. Choosing a table, or pasting an invite
(Ctrl+V or the Paste button) and pressing Join, first checks the table in a
background thread (:class:`~doublenine.client.joining.TableCheck`), so a full
or closed table, an unreachable host or another protocol version is said in
plain words (shared/failures.py) instead of opening an empty table.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable

import pygame

from doublenine.shared.failures import FailureError
from doublenine.shared.i18n import N_
from doublenine.shared.invite import Invite, parse_invite
from doublenine.shared.numbers import is_ascii_digits
from doublenine.shared.protocol import PROTOCOL_VERSION

from .. import config
from ..art import GOLD, Art
from ..clipboard import field_value, paste_text
from ..discovery import FoundTable
from ..focus import cycle, draw_ring
from ..input import Viewport, pointer
from ..joining import TableCheck, watches_invite
from ..seen import PRESS_KEYS, Seen, Sight
from ..layout import metrics
from ..panels import Button
from ..render import INK, draw_button
from ..snake import Rect
from ..textfield import ADDRESS, END, Caret, clicked, draw_field, edit, key_place, settle
from ..text import cannot_start, tr, trn
from .base import Change

CHECKED = pygame.USEREVENT + 18
"""Posted when a table check ends, so ``handle`` can open the table (``update`` cannot change scenes)."""
SOFT = (200, 214, 204)
WARN = (255, 190, 170)


@dataclass(frozen=True, slots=True)
class JoinForm:
    """The screen's values: the invite being typed, focus, and the message shown (already in words)."""

    invite: str = ""
    focus: bool = True
    caret: Caret = END
    """Where typing goes in the invite field (client/textfield.py: Ctrl+A, Home, End, the arrows...)."""
    message: str = ""
    warning: bool = False
    waited: bool = False
    """Searched :data:`HINT_AFTER` seconds with nothing found: the list says what to do."""
    ring: str | None = None
    """The button Tab put the keyboard's focus on (``joinN``, ``paste``, ``back``, ``join``: Enter or Space
    presses it, a ring shows it, client/focus.py); None while the invite field has it (:attr:`focus`). The
    listed tables' Join, Paste and Back were a click only (kind: a control only a click reaches)."""


HINT_AFTER = 6.0
"""Seconds of searching with nothing found before the screen says what to do (new user: "Looking for
tables on this network…" stayed alone 20 s and more when nothing was hosted)."""
NOTHING_YET = N_("Nothing found yet. A table appears here once someone on this network presses "
                 "“Host for friends” and keeps that window open. If a friend is hosting, ask them for "
                 "the invite and paste it below; some networks (guest Wi-Fi, VPNs) hide tables.")


MESSAGE_ROWS = 4
"""Rows of the card's type the join screen keeps for a message under the list, whether or not one is said."""


def join_layout(size: tuple[int, int], rows: int, message: str = "") -> dict[str, Rect]:
    """Rectangles of the join screen for ``rows`` listed tables (pure; only the rows that fit), with
    ``message`` inside the card, above the invite field, in the card's own type (new user: an invite's
    refusal was drawn below the card, on the felt, in small type), in its place kept for it
    (:data:`MESSAGE_ROWS`): the list gives it more only when it cannot fit there at the smallest type."""
    w, h = size
    u, f, sm = metrics(size)
    m = round(16 * u)
    card_w = min(round(44 * f), w - 2 * m)
    x0 = (w - card_w) // 2
    bh = round(2.1 * f)
    row_h = round(3.0 * f)
    top = round(h * 0.05)
    card_h = h - top - m
    out: dict[str, Rect] = {"card": (x0, top, card_w, card_h)}
    x, iw = x0 + m, card_w - 2 * m
    list_top = top + round(4.4 * f)
    bottom = top + card_h - m - bh  # back / join row
    invite_y = bottom - round(2.2 * f) - bh
    # the message's place is kept whether or not one is said (s13 item 2: the list lost rows and the
    # layout jumped when an error came): MESSAGE_ROWS rows at the card's type, smaller type for a longer
    # one; only a message that cannot fit even at the smallest readable type takes more, from the list
    # (leaving it two rows at least)
    low = invite_y - round(2.0 * sm)
    high = low - (MESSAGE_ROWS + 1) * round(1.35 * f)
    if message:
        from ..typeset import MIN_SIZE, measurer
        face = measurer()
        small = min(f, MIN_SIZE)
        wrapped = [r for r in face.wrap(message, small, iw - 2 * f) if r]
        need = len(wrapped) * (face.line_height(small) + small // 5) + 2 * (sm // 3)
        high = min(high, max(list_top + 2 * row_h + round(1.6 * sm), low - need))
    out["message"] = (x, high, iw, low - high)
    list_bottom = high - round(0.4 * f)
    fits = max(0, (list_bottom - list_top - round(1.6 * sm)) // row_h)  # a line stays for the hint
    out["list"] = (x, list_top, iw, list_bottom - list_top)
    for i in range(min(rows, fits)):
        y = list_top + i * row_h
        out[f"row{i}"] = (x, y, iw, row_h - round(0.3 * f))
        out[f"join{i}"] = (x + iw - round(8 * f), y + (row_h - bh) // 2 - round(0.15 * f), round(8 * f), bh)
    pw = round(7 * f)
    out["invite"] = (x, invite_y, iw - pw - m, bh)
    out["paste"] = (x + iw - pw, invite_y, pw, bh)
    out["back"] = (x, bottom, round(9 * f), bh)
    out["join"] = (x + iw - round(15 * f), bottom, round(15 * f), bh)
    return out


class LanJoinScene:
    """Find tables on the LAN or paste an invite; ``launcher(Launch)`` opens the table once checked."""

    def __init__(self, launcher: Callable[[Any], Any], name: str, lang: str, browser: Any = None,
                 art: Art | None = None) -> None:
        self.launcher = launcher
        self.name = name
        self.lang = lang
        self.art = art or Art()
        self.form = JoinForm()
        self.vp = Viewport((1280, 800), (1280, 800))
        self.browser = browser
        self._own_browser = browser is None
        self._seen = -1
        self._place = 0
        """The scancode of the last key pressed, read by the text it types (:func:`.textfield.key_place`)."""
        self._shown: list[FoundTable] = []
        self.first = 0
        """Index of the table in the list's top row: the list scrolls (mouse wheel, Up/Down, Page Up/Down;
        attacker s12 B1: 72 forged rows hid the real table, and nothing showed the rows past the card)."""
        self._mine: frozenset[int] = frozenset()
        """Indexes of the listed tables where this computer holds a seat (config ``held``, D7)."""
        self._check: TableCheck | None = None
        self._watch = False
        """The table being checked is to be watched (a full table's Watch, an invite made to watch), not sat at."""
        self._since: float | None = None
        """When this screen's search began (the first :meth:`update`'s clock)."""
        self.seen = Seen()
        """When each listed table's row came into sight (client.seen): a row acts on a click or a key only once
        seen :data:`~doublenine.client.seen.KEY_GUARD` s (:meth:`sights`)."""
        self._now = 0.0
        """The clock of the last :meth:`update` (seconds), the guard's."""
        self.dirty = True
        if self.browser is None:
            self._start_browser()

    def _start_browser(self) -> None:
        from ..discovery import TableBrowser

        try:
            self.browser = TableBrowser(on_change=_wake).start()
        except (OSError, ValueError) as exc:  # no multicast here, a bad interface setting: joining by invite works
            self.browser = None
            self._say(tr(self.lang, "Cannot look for tables on this network ({reason}). Paste an invite instead.",
                         reason=exc.strerror or exc), warning=True)

    # ------------------------------------------------------------ lifecycle
    def resize(self, vp: Viewport) -> None:
        """New window size."""
        self.vp = vp
        self.dirty = True

    def update(self, now: float) -> bool:
        """Pick up a changed table list and a finished check."""
        self._now = now
        if self.browser is not None and self.browser.version != self._seen:
            self._seen = self.browser.version
            saved = config.load()  # read once for the whole list, not once per table
            listed = list(self.browser.tables())
            held = [bool(config.held_seat(saved, t.invite.join_url, t.invite.code.strip().upper())) for t in listed]
            # the tables where this computer holds a seat first (the address joined before), then the browser's
            # order: never a stranger's copy of the same code above them (attacker s12 round 2 N4)
            order = sorted(range(len(listed)), key=lambda i: not held[i])
            self._shown = [listed[i] for i in order]
            self._mine = frozenset(n for n, i in enumerate(order) if held[i])
            self.first = self._scrolled(0)  # the list shrank: stay within it
            self.dirty = True
        self._since = now if self._since is None else self._since
        if not self.form.waited and not self._shown and now - self._since >= HINT_AFTER:
            self.form = replace(self.form, waited=True)
            self.dirty = True
        if self._check is not None and self._check.done and not getattr(self._check, "posted", False):
            self._check.posted = True  # type: ignore[attr-defined]
            pygame.event.post(pygame.event.Event(CHECKED))
        dirty, self.dirty = self.dirty, False
        return dirty

    def close(self) -> None:
        """Stop browsing (if this scene started the browser)."""
        if self._own_browser and self.browser is not None:
            self.browser.stop()

    @property
    def tables(self) -> list[FoundTable]:
        """The tables listed now."""
        return self._shown

    # ------------------------------------------------------------ input
    def handle(self, event: Any) -> Change | None:
        """Clicks, taps, typing, Ctrl+V; the end of a check opens the table or shows why not."""
        if event.type == pygame.QUIT:
            return Change("quit")
        if event.type == CHECKED:
            return self._checked()
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-int(getattr(event, "y", 0)))
            return None
        place, self._place = key_place(event, self._place)  # the key a TEXTINPUT came from (textfield.typed)
        pos = pointer(event, self.vp)
        if event.type == pygame.KEYUP:
            self.seen.released(event.key)
        elif event.type == pygame.WINDOWFOCUSLOST:
            self.seen.focus_lost()
        stale = self.seen.refused(event, pos, self.sights(), self._now)
        if stale:  # a row that came, moved or changed under the pointer or the ring since the player looked
            self.seen.hold_off(stale, self._now)
            return None
        if pos is not None:
            return self.click(pos)
        edited = edit(self.form.invite, self.form.caret if self.form.focus else END, event, paste_text, ADDRESS, place)
        if edited is not None and (self.form.focus or event.type == pygame.KEYDOWN and event.key == pygame.K_v):
            self._type(*edited)  # Ctrl+V pastes into the invite even when it is not focused
            return None
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return None

    def _key(self, event: Any) -> Change | None:
        """Tab / Shift+Tab move the focus over the listed tables' Join, the invite field, Paste, Back and Join
        with invite; Enter or Space presses the focused button (Enter in the field joins with the invite);
        Escape goes back."""
        ring = self.form.ring
        if event.key == pygame.K_TAB:
            lay = join_layout(self.vp.pixels, len(self._shown), self.form.message)
            listed = tuple(c for c in lay if c.startswith("join") and is_ascii_digits(c[4:]))
            # Join with invite only when it can act (an empty invite greys it: a ring there pressed nothing)
            ids = listed + ("invite", "paste", "back") + (("join",) if self.form.invite.strip() else ())
            now = cycle(ids, ring if ring is not None else "invite" if self.form.focus else None,
                        not getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
            field = now == "invite"
            self.form = replace(self.form, ring=None if field else now, focus=field,
                                caret=self.form.caret if field else END)
            self.dirty = True
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and ring is not None:
            return self.click_id(ring)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.click_id("join")
        elif event.key == pygame.K_ESCAPE:
            return Change("pop")
        elif event.key in (pygame.K_UP, pygame.K_DOWN):
            self.scroll(1 if event.key == pygame.K_DOWN else -1)
        elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            page = max(1, self.rows_fit())
            self.scroll(page if event.key == pygame.K_PAGEDOWN else -page)
        return None

    def sights(self) -> tuple[Sight, ...]:
        """The listed tables' rows in sight (client.seen), each one new to the eye when its table, its place in
        the list or what its row says changes: a click on its Join (Watch) button, or Enter and Space while the
        ring is on it, act only once it has been seen :data:`~doublenine.client.seen.KEY_GUARD` s. Kind (s14
        left alone): the list changes by itself (mDNS), and a click meant for one table joined the one that had
        just taken its place; the table's own guard (scenes.table.TableScene.sights) did not cover this screen."""
        lay = join_layout(self.vp.pixels, len(self._shown) - self.first, self.form.message)
        out: list[Sight] = []
        for i in range(len(self._shown) - self.first):
            if f"join{i}" not in lay:
                break
            t = self._shown[self.first + i]
            said = (t.invite.join_url, t.code, t.table_name, t.host_name, t.free_seats, t.protocol, t.twin,
                    self.first + i in self._mine)
            keys = PRESS_KEYS if self.form.ring == f"join{i}" else frozenset()
            out.append(Sight(("row", i, *said), (lay[f"join{i}"],), keys))
        return tuple(out)

    def rows_fit(self) -> int:
        """How many table rows the card shows at this window size."""
        return sum(1 for k in join_layout(self.vp.pixels, len(self._shown), self.form.message) if k.startswith("row"))

    def _scrolled(self, by: int) -> int:
        return max(0, min(self.first + by, len(self._shown) - self.rows_fit()))

    def scroll(self, by: int) -> None:
        """Move the list ``by`` rows (positive: down), kept within the tables found."""
        first = self._scrolled(by)
        if first != self.first:
            self.first = first
            self.dirty = True

    def _type(self, value: str, caret: Caret = END) -> None:
        cleaned = field_value(value, 200)
        self.form = replace(self.form, invite=cleaned, caret=settle(value, cleaned, caret), message="")
        self.dirty = True

    def click(self, pos: tuple[float, float]) -> Change | None:
        """Whatever control is at ``pos``."""
        for cid, (x, y, w, h) in join_layout(self.vp.pixels, len(self._shown) - self.first, self.form.message).items():
            if cid.startswith(("join", "paste", "back", "invite")) and x <= pos[0] < x + w and y <= pos[1] < y + h:
                before = self.form
                change = self.click_id(cid)
                if cid == "invite":  # the caret where the field was clicked, in the text as drawn (textfield.py)
                    f = metrics(self.vp.pixels)[1]
                    at = clicked(self.art, (x, y, w, h), before.invite, before.caret if before.focus else None, f, pos)
                    self.form = replace(self.form, caret=at)
                return change
        return None

    def click_id(self, cid: str) -> Change | None:
        """Press control ``cid``: ``joinN`` (a listed table), ``invite`` (the invite field: the focus),
        ``join`` (the invite), ``paste``, ``back``."""
        self.dirty = True
        if cid == "back":
            return Change("pop")
        if cid == "invite":
            self.form = replace(self.form, focus=True, ring=None, caret=self.form.caret if self.form.focus else END)
        elif cid == "paste":
            self._type(paste_text().strip() or self.form.invite)
        elif cid == "join":
            try:
                invite = parse_invite(self.form.invite)
                self._open(invite, watches_invite(invite))  # a full table's page link watches (s14)
            except FailureError as exc:
                self._say(exc.failure.text(self.lang), warning=True)
        elif cid.startswith("join") and is_ascii_digits(cid[4:]) and self.first + int(cid[4:]) < len(self._shown):
            found = self._shown[self.first + int(cid[4:])]  # ``joinN``: the N-th row shown
            if found.protocol not in (None, PROTOCOL_VERSION):
                from doublenine.shared.failures import protocol_mismatch
                self._say(protocol_mismatch(PROTOCOL_VERSION, found.protocol, found.address, found.port)
                          .text(self.lang), warning=True)
            else:  # a full table (not this computer's seat) is watched: its row says Watch (s14)
                self._open(found.invite, full_row(found, self.first + int(cid[4:]) in self._mine))
        return None

    def _open(self, invite: Invite, watch: bool) -> None:
        """Open ``invite``'s table once checked (:meth:`_begin`): to sit, or with ``watch`` to watch it."""
        if self._check is not None and not self._check.done:
            return
        self._watch = watch
        self._begin(invite)

    def _begin(self, invite: Invite) -> None:
        """Check ``invite``'s table in the background, to watch it when :attr:`_watch` (a full table is no
        refusal then), else to sit (:class:`~doublenine.client.joining.TableCheck`)."""
        if self._check is not None and not self._check.done:
            return
        self._check = TableCheck(invite, want_seat=not self._watch).start()
        self._say(tr(self.lang, "Checking table {code} at {address}…", code=invite.code, address=invite.netloc))

    def _checked(self) -> Change | None:
        check, self._check = self._check, None
        if check is None:
            return None
        if check.failure is not None:
            if check.failure.key == "table.closed":  # kind: a field keeping what is known dead
                self.form = replace(self.form, invite="")
            self._say(check.failure.text(self.lang), warning=True)
            return None
        from .start import Launch

        invite = check.invite
        try:
            scene = self.launcher(Launch("watch" if self._watch else "join", self.name, self.lang, invite.join_url,
                                         invite.code))
        except (OSError, ValueError, RuntimeError) as exc:
            self._say(cannot_start(self.lang, exc), warning=True)
            return None
        self.form = replace(self.form, invite="")  # no stale invite if this list is opened again
        self._say("")
        # the table takes this list's place: every way out of a table names the start screen (Leave's tip,
        # the failure panel's "Back to the start screen"), and there it lands. New user s12 round 2 F8: after
        # the host ended the game, the friend's "Back to the start screen" opened this list. Kind: a button
        # whose screen is the one below it on the stack, not the one it names
        return Change("replace", scene)

    def _say(self, text: str, warning: bool = False) -> None:
        self.form = replace(self.form, message=text, warning=warning)
        self.dirty = True

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        """The felt, the card with the live list, the invite field, the message; the rows drawn are in sight
        from now (:meth:`sights`)."""
        self.seen.drawn(self.sights(), self._now)
        draw_join(surface, self.art, self.form, self._shown, self.vp.pixels, self.lang,
                  searching=self.browser is not None, mine=self._mine, first=self.first)


def draw_join(surface: pygame.Surface, art: Art, form: JoinForm, tables: list[FoundTable],
              size: tuple[int, int], lang: str, searching: bool = True, mine: frozenset[int] = frozenset(),
              first: int = 0) -> None:
    """Paint the join screen (drawing only); ``mine``: indexes of ``tables`` where this computer holds a
    seat (said "your seat", their Join live even when the table is full: it takes that seat back, D7);
    ``first``: the index of the table in the top row (the list scrolled)."""
    w, h = size
    u, f, sm = metrics(size)
    lay = join_layout(size, len(tables) - first, form.message)
    surface.blit(art.felt(size), (0, 0))
    x, y, cw, ch = lay["card"]
    surface.blit(art.plate(cw, ch, (12, 26, 20, 225), f), (x, y))
    pygame.draw.rect(surface, (214, 172, 96), lay["card"], 2, border_radius=f)
    title = art.text(tr(lang, "Join a table"), round(f * 1.4), GOLD, bold=True, width=cw - 2 * f)
    surface.blit(title, (x + f, y + f // 2))
    lx, ly, lw, lh = lay["list"]
    head = art.text(tr(lang, "Tables on this network"), sm, SOFT, width=lw)
    surface.blit(head, (lx, ly - head.get_height() - round(0.3 * f)))
    shown = [i for i in range(len(tables) - first) if f"row{i}" in lay]
    for i in shown:
        _row(surface, art, lay, i, tables[first + i], f, sm, lang, first + i in mine)
    if not tables:
        key = N_("Looking for tables on this network…") if searching else N_("Nothing found on this network.")
        text = art.fit_text(tr(lang, key), f, lw, SOFT)
        surface.blit(text, (lx, ly + f))
        if searching and form.waited:  # what to do, once the search has been quiet a while
            from ..render import draw_fitted
            top = ly + f + text.get_height() + f // 2
            draw_fitted(surface, art, tr(lang, NOTHING_YET), f, (lx, top, lw, ly + lh - top), INK)
    else:  # under the list: which rows show and how to see the others, else how the list behaves
        key = (tr(lang, "Tables {first} to {last} of {count} · scroll: mouse wheel, Up/Down, Page Up/Page Down",
                  first=first + 1, last=first + len(shown), count=len(tables))
               if len(shown) < len(tables) else
               tr(lang, "The list updates by itself: new tables appear, closed ones go."))
        hint = art.fit_text(key, sm, lw, SOFT)
        surface.blit(hint, (lx, ly + lh - hint.get_height()))
    _invite_field(surface, art, lay["invite"], form, f, sm, lang)
    for b in (Button("paste", lay["paste"], N_("Paste")), Button("back", lay["back"], N_("Back")),
              Button("join", lay["join"], N_("Join with invite"), primary=True, enabled=bool(form.invite.strip()))):
        draw_button(surface, art, b, f, lang, False)
    if form.ring is not None and form.ring in lay:  # Tab reached it: Enter or Space presses it
        draw_ring(surface, lay[form.ring])
    if form.message:  # inside the card, whole, on its own plate (the start screen's refusal plate)
        from ..render import draw_fitted
        mx, my, mw, mh = lay["message"]
        surface.blit(art.plate(mw, mh, (40, 12, 12, 215) if form.warning else (20, 44, 34, 215), sm // 2), (mx, my))
        draw_fitted(surface, art, form.message, f, (mx, my + sm // 3, mw, mh - 2 * (sm // 3)),
                    WARN if form.warning else INK, bold=form.warning)


def _invite_field(surface: pygame.Surface, art: Art, rect: Rect, form: JoinForm, f: int, sm: int,
                  lang: str) -> None:
    ix, iy, iw, ih = rect
    cap = art.text(tr(lang, "Or paste an invite (Ctrl+V)"), sm, SOFT, width=iw)
    surface.blit(cap, (ix, iy - cap.get_height() - 2))
    draw_field(surface, art, rect, form.invite, form.caret if form.focus else None, f, "doublenine://HOST:PORT/CODE")


def _row(surface: pygame.Surface, art: Art, lay: dict[str, Rect], i: int, t: FoundTable, f: int, sm: int,
         lang: str, mine: bool = False) -> None:
    x, y, w, h = lay[f"row{i}"]
    surface.blit(art.plate(w, h, (30, 48, 40, 200), h // 4), (x, y))
    jx = lay[f"join{i}"][0]
    title = f"{t.table_name} · {t.host_name}" if t.table_name else t.host_name  # club s14 F8: which table
    name = art.fit_text(title, f, jx - x - 12 * f, INK, bold=True)
    surface.blit(name, (x + f // 2, y + round(0.35 * f)))
    where = art.fit_text(tr(lang, "table {code} · {address}", code=t.code, address=t.invite.netloc), sm,
                         jx - x - 12 * f, SOFT) if not t.twin else \
        art.fit_text(tr(lang, "Two tables say code {code}: check the address {address} with your host",
                        code=t.code, address=t.invite.netloc), sm, jx - x - 12 * f, WARN)  # attacker s12 round 2 N4
    surface.blit(where, (x + f // 2, y + h - where.get_height() - round(0.35 * f)))
    compatible = t.protocol in (None, PROTOCOL_VERSION)
    if not compatible:
        seats = tr(lang, "other version")
    elif mine:  # the seat kept here: Join takes it back, full or not (new user finding 2)
        seats = tr(lang, "your seat")
    elif t.free_seats:
        seats = trn(lang, "{count} seat for a person", "{count} seats for a person", t.free_seats)
    else:
        seats = tr(lang, "full")
    live = compatible and (t.free_seats > 0 or mine)
    label = art.text(seats, f, GOLD if live else SOFT, bold=live,
                     width=10 * f)  # the name and address end 11.5 f before the Join button
    surface.blit(label, label.get_rect(midright=(jx - f, y + h // 2)))
    watch = full_row(t, mine)  # a full table is watched from its row (s14: its Join was greyed, nothing else)
    draw_button(surface, art, Button(f"join{i}", lay[f"join{i}"], WATCH if watch else N_("Join"), primary=not watch,
                                     enabled=live or watch), f, lang, False)


WATCH = N_("Watch")
"""The button of a listed table with no free seat (:func:`full_row`): it opens the table to watch."""


def full_row(t: FoundTable, mine: bool) -> bool:
    """A listed table this window can only watch: its version is this one's, no seat is free and none is this
    computer's (D7: that one's Join takes the seat back). s14: a full table's row offered a greyed Join only
    (kind: a table that could be watched reached only by the start screen's typed code)."""
    return t.protocol in (None, PROTOCOL_VERSION) and t.free_seats == 0 and not mine


def _wake() -> None:
    """Called from zeroconf's thread on a change: wake the window's event wait at once."""
    try:
        pygame.event.post(pygame.event.Event(pygame.USEREVENT + 19))
    except pygame.error:  # no display (tests): the next frame picks the change up anyway
        pass
