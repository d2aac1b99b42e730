"""Drawing the chat panel (issue 15 part 1); geometry and input are in :mod:`.chat`. Mutates nothing.

Every text goes through the client's one text function (``Art.text``, :mod:`.typeset`), which
draws any string a stranger typed; the server has already cleaned it (shared/cleantext.py).
"""
from __future__ import annotations

from typing import Any

import pygame

from doublenine.shared.chat import PHRASES
from doublenine.shared.i18n import N_
from doublenine.shared.seats import Seat, team_of

from .art import GOLD, TEAM_COLOURS, Art
from .chat import MUTE, ChatLayout, ChatUi, chip_label, draft_room, free_text_allowed, pending, unread, visible
from .focus import draw_ring
from .panels import Button
from .render import DIM_INK, INK, draw_button
from .seatnames import window_seat_name
from .store import ClientState
from .text import tr, trn
from .textfield import draw_text
from .typeset import MIN_SIZE

SPECTATOR_NAMED = N_("{name} (spectator)")
"""Who said a spectator's chat line that carries a name (``ChatLineW.name``, the ``spectate.name`` the server
cleaned and made distinct): the mark keeps it from reading as a seat's line."""
SAY_HELLO = N_("Say hello: pick a phrase (click, or Tab then Enter) or type below")
"""The empty chat's caption; it says the keys too (new user s12 F7: "click a phrase" to a keyboard player)."""
SAY_HELLO_PHRASES = N_("Say hello: pick a phrase below (click, or Tab then Enter)")
"""The same where only phrases may be said now (chat.free_text_allowed)."""
SENDING = N_("Sending…")
"""Under a line said here whose answer has not come (``ClientState.saying``)."""
SENDING_LATER = N_("Waiting for the connection")
"""The same while the connection is lost: it goes again after the rejoin (client.net.NetSession._resend)."""
NOT_SENT = N_("Not sent")
"""Under a line the server refused or that the ended connection never took: "Send again" says it again."""
SEND_AGAIN = N_("Send again")
"""The button over the phrases while a line was not sent (chat.ChatLayout.retry)."""
WARN_INK = (236, 190, 120)
PANEL_FILL = (14, 30, 24, 255)
FIELD_FILL = (8, 18, 14, 255)


def line_text(line: Any, lang: str) -> tuple[str, str]:
    """(who, what) of a chat line in ``lang``: a phrase id becomes the reader's own words."""
    # the name the seat had when it spoke, shown as every seat's name is (a default name translated)
    # (the seat's default name when the font draws none of it: .seatnames)
    # a spectator's line: its name (spectate.name) marked a spectator's, so it never reads as a seat's; a
    # spectator who gave none (or an older server's line) is "Spectator" (s14: every spectator was)
    who = window_seat_name(lang, int(line.seat), str(line.name)) if line.seat is not None else \
        tr(lang, SPECTATOR_NAMED, name=line.name) if line.name else tr(lang, "Spectator")
    what = line.text if line.text is not None else tr(lang, PHRASES.get(str(line.phrase), str(line.phrase)))
    return who, what


def draw_chat(surface: pygame.Surface, lay: ChatLayout, state: ClientState, cui: ChatUi, art: Art,
              lang: str, hover: str | None = None) -> None:
    """The closed panel's toggle button, or the whole open panel."""
    f = lay.font
    if lay.panel is None:
        count = unread(state, cui)
        label, args = (N_("Chat ({count})"), (("count", count),)) if count else (N_("Chat"), ())
        draw_button(surface, art, Button("chat", lay.toggle, label, primary=count > 0, args=args), f, lang,
                    hover == "toggle")
        return
    x, y, w, h = lay.panel
    surface.blit(art.plate(w, h, PANEL_FILL, 0), (x, y))
    pygame.draw.line(surface, (255, 255, 255, 40), (x, y), (x, y + h))
    title = art.text(tr(lang, "Table chat"), round(1.1 * f), bold=True, width=w - 5 * f)
    assert lay.close is not None
    surface.blit(title, title.get_rect(midleft=(x + round(0.8 * f), lay.close[1] + lay.close[3] // 2)))
    draw_button(surface, art, Button("close", lay.close, "×"), f, lang, hover == "close")
    _chips(surface, lay, state, cui, art, lang, hover)
    _lines(surface, lay, state, cui, art, lang)
    for pid, rect in lay.phrases:
        draw_button(surface, art, Button(f"phrase:{pid}", rect, PHRASES[pid]), f, lang, hover == f"phrase:{pid}")
    _field(surface, lay, state, cui, art, lang, hover)
    if lay.retry is not None:
        draw_button(surface, art, Button("retry", lay.retry, SEND_AGAIN, primary=True), f, lang, hover == "retry")
    ringed = focus_rect(lay, cui)
    if ringed is not None:  # the keyboard's focus on a phrase, a mute or × (chat.key): the window's one ring
        draw_ring(surface, ringed)


def focus_rect(lay: ChatLayout, cui: ChatUi) -> tuple[int, int, int, int] | None:
    """The box of what of the open panel has the keyboard's focus (:attr:`.chat.ChatUi.item`), None for the
    field (its own gold edge and caret show it) or while the panel does not have the keys."""
    if not cui.focused or not cui.item:
        return None
    found = dict([("close", lay.close), ("retry", lay.retry), *((f"phrase:{p}", r) for p, r in lay.phrases),
                  *((f"mute:{k}", r) for k, r in lay.chips)]).get(cui.item)
    return found


def _chips(surface: pygame.Surface, lay: ChatLayout, state: ClientState, cui: ChatUi, art: Art, lang: str,
           hover: str | None) -> None:
    """A chip per other player and the spectators; a muted one is dim and struck through."""
    f = lay.font
    if lay.chips and lay.panel is not None:
        first = lay.chips[0][1]
        cap = art.text(tr(lang, MUTE), round(0.9 * f), DIM_INK, width=first[0] - lay.panel[0] - f)
        surface.blit(cap, cap.get_rect(midleft=(lay.panel[0] + round(0.8 * f), first[1] + first[3] // 2)))
    for key, (cx, cy, cw, ch) in lay.chips:
        muted = key in cui.muted
        fill = (40, 52, 46, 230) if hover == f"mute:{key}" else ((22, 26, 24, 200) if muted else (30, 44, 38, 220))
        surface.blit(art.plate(cw, ch, fill, ch // 2), (cx, cy))
        name = chip_label(state, key, lang)
        label = art.text(name, round(0.9 * f), (130, 136, 132) if muted else INK, width=cw - f)
        r = label.get_rect(center=(cx + cw // 2, cy + ch // 2))
        surface.blit(label, r)
        if muted:
            pygame.draw.line(surface, (200, 120, 110), (r.left - 2, r.centery), (r.right + 2, r.centery), 2)


def _note(surface: pygame.Surface, art: Any, text: str, size: int, where: tuple[int, int, int]) -> int:
    """Draw ``text`` at ``where`` (x, top, width px) wrapped over as many rows as it needs; the y under it."""
    x, top, w = where
    step = art.type.line_height(size)
    for row in [row for row in art.type.wrap(text, size, w) if row]:
        surface.blit(art.text(row, size, DIM_INK, width=w), (x, top))
        top += step
    return top


def _lines(surface: pygame.Surface, lay: ChatLayout, state: ClientState, cui: ChatUi, art: Art, lang: str) -> None:
    """The lines of players not muted, newest at the bottom, wrapped to the panel; older ones scroll away."""
    assert lay.lines is not None
    x, top, w, h = lay.lines
    f = lay.font
    y = top + h
    shown = visible(state, cui)
    hidden = len(state.chat) - len(shown)
    waiting = pending(state)  # said here, not answered yet (or not sent): at once, under the table's lines
    # the panel's own notes wrap, never cut (new-user N7: French "Dites bonjour : cliquez une phrase ou…"
    # at 800x600; kind: text fitted by dropping meaning)
    if state.chat_rule == "phrases_in_hand":  # the table's setting, shown to everyone (issue 15)
        top = _note(surface, art, tr(lang, "At this table: only phrases during a hand"), round(0.85 * f), (x, top, w))
    if hidden:
        top = _note(surface, art, trn(lang, "{count} line muted", "{count} lines muted", hidden), round(0.85 * f),
                    (x, top, w))
    if not shown and not waiting:  # where the field is closed it is not offered (new user s10 item 1)
        hello = SAY_HELLO if free_text_allowed(state) else SAY_HELLO_PHRASES
        _note(surface, art, tr(lang, hello), f, (x, top, w))
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(x, top, w, max(0, y - top)))
    lines = [(line, "") for line in shown] + [(own_line(state, said), mark(state, said)) for said in waiting]
    for n, (line, said) in enumerate(reversed(lines)):
        above = _one_line(surface, art, lang, line, said, (x, top, w, y), f, newest=n == 0)
        if above is None:
            break
        y = above
    surface.set_clip(clip)


def _one_line(surface: pygame.Surface, art: Art, lang: str, line: Any, said: str, room: tuple[int, int, int, int],
              f: int, newest: bool) -> int | None:
    """Draw chat ``line`` ending at ``room``'s bottom (x, top, width, bottom px): its speaker, then ``said`` (a line
    said here: :func:`mark`) beside the speaker where it fits, else under it, then its words; the top it was drawn
    at, None when it is left out (:func:`line_top`). The mark comes before the words, so a newest line cut by a
    small room keeps it (800x600)."""
    x, top, w, bottom = room
    step = art.type.line_height(f)
    who, what = line_text(line, lang)
    rows = [row for row in art.type.wrap(what, f, w - f) if row] or [""]
    small = max(MIN_SIZE, round(0.85 * f))  # never under the readable minimum
    who_w = art.type.measure(who, round(0.9 * f), True)[0]
    beside = bool(said) and who_w + f + art.type.measure(tr(lang, said), small)[0] <= w  # on the speaker's row
    marks = [row for row in art.type.wrap(tr(lang, said), small, w - f) if row] if said and not beside else []
    under = art.type.line_height(small) * len(marks)
    y = line_top(bottom, step * (len(rows) + 1) + under + f // 3, top, newest=newest)
    if y is None:
        return None
    colour = TEAM_COLOURS[team_of(Seat(line.seat))] if line.seat is not None else DIM_INK
    surface.blit(art.text(who, round(0.9 * f), colour, bold=True, width=w), (x, y))
    ink = WARN_INK if said == NOT_SENT else DIM_INK  # "Sending…", "Waiting for the connection", "Not sent"
    if beside:
        surface.blit(art.text(tr(lang, said), small, ink, width=w - who_w - f),
                     (x + who_w + f, y + (step - art.type.line_height(small)) // 2))
    for i, row in enumerate(marks):  # wrapped, never cut
        surface.blit(art.text(row, small, ink, width=w - f), (x + f // 2, y + step + art.type.line_height(small) * i))
    for i, row in enumerate(rows):
        # fitted, not only wrapped: a word wider than the panel (a run of wide signs) is cut with "…"
        surface.blit(art.type.draw(row, f, INK if not said else DIM_INK, width=w - f, min_size=f),
                     (x + f // 2, y + under + step * (i + 1)))
    return y


def own_line(state: ClientState, said: Any) -> Any:
    """A line said here (``ClientState.saying``) as :func:`line_text` reads a chat line: this seat's, with the
    name the window shows for it, or a spectator's."""
    from types import SimpleNamespace

    from .store import sent_name
    me = state.view.seat if state.view is not None else None
    name = sent_name(state, me) if me is not None else ""  # read through line_text, as a line sent back is
    return SimpleNamespace(seat=None if me is None else int(me), name=name, text=said.text, phrase=said.phrase)


def mark(state: ClientState, said: Any) -> str:
    """What is said under a line said here: :data:`NOT_SENT`, :data:`SENDING_LATER` while the connection is
    not up, else :data:`SENDING`."""
    if said.unsent:
        return NOT_SENT
    return SENDING if state.connection == "connected" else SENDING_LATER


def line_top(bottom: int, height: int, top: int, newest: bool) -> int | None:
    """The top (px) of a chat line ``height`` px tall drawn above ``bottom`` in a room from ``top``, or None:
    it is left out, with every older one.

    Whole lines only: one that does not fit is never shown cut (at 800x600 the tail "aquí." of a
    spectator's line showed without its speaker, read as a line of its own). Only the ``newest``, when it
    alone is taller than the room, is cut: drawn from ``top``, so its speaker and first rows show.
    """
    y = bottom - height
    if y >= top:
        return y
    return top if newest else None


def _field(surface: pygame.Surface, lay: ChatLayout, state: ClientState, cui: ChatUi, art: Art, lang: str,
           hover: str | None) -> None:
    """The free-text field (with a caret while it has the focus) and its Send button."""
    assert lay.field is not None and lay.send is not None
    f = lay.font
    fx, fy, fw, fh = lay.field
    allowed = free_text_allowed(state)
    surface.blit(art.plate(fw, fh, FIELD_FILL, fh // 4), (fx, fy))
    typing = cui.focused and not cui.item  # the field has the keyboard's focus (not a phrase, mute or ×)
    edge = GOLD if typing else (255, 255, 255, 70)
    pygame.draw.rect(surface, edge, lay.field, 2 if typing else 1, border_radius=fh // 4)
    if not allowed:
        # the table's setting by its start-form name; the note above the phrases says "during a hand" (new
        # user s2 item 4: "Only phrases during a hand" was cut to "Only phrases during…" at 800x600)
        hint = art.text(tr(lang, N_("Phrases only")), round(0.9 * f), DIM_INK, width=fw - f)
        surface.blit(hint, hint.get_rect(midleft=(fx + f // 2, fy + fh // 2)))
    elif cui.draft:  # scrolled with the caret in sight, as every field (client/textfield.py)
        draw_text(surface, art, fx + f // 2, fy + fh // 2, draft_room(lay), cui.draft,
                  cui.caret if typing else None, f, INK)
    else:
        hint = art.text(tr(lang, "Type a message…"), round(0.9 * f), DIM_INK, width=fw - f)
        surface.blit(hint, hint.get_rect(midleft=(fx + f // 2, fy + fh // 2)))
        if typing:
            pygame.draw.line(surface, GOLD, (fx + f // 2 - 2, fy + fh // 4), (fx + f // 2 - 2, fy + 3 * fh // 4), 2)
    enabled = allowed and bool(cui.draft.strip())
    draw_button(surface, art, Button("send", lay.send, N_("Send"), primary=enabled, enabled=enabled), f, lang,
                hover == "send")
