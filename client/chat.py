"""The table chat panel (issue 15 part 1): its state, geometry and input; no drawing (:mod:`.chatdraw`).

The panel is a strip at the right of the window; while it is open the table is
laid out in the rest of the window, so it never covers the line of play. In a
window too narrow to share (:func:`arrange`), the table keeps the whole window
and leaves the right of its middle free: the panel lies there, between the top
bar and the status line, and covers no button. It
holds the lines said at the table (oldest at the top), one button per preset
phrase (sent as a phrase id, so every reader sees it in its own language), a
free-text field and a mute chip for each other player and for the spectators.
Mutes are the client's alone (the server sends every line to everyone) and are
remembered in the settings (:mod:`.config`), each by the seat of the table it silences
(:func:`seat_key`), not by a name: names repeat ("Player" at two seats), are translated when the
server chose them ("East" drawn as "Est"), and may clean to nothing.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable

import pygame

from doublenine.shared.chat import MAX_CHARS, PHRASE_IDS, PHRASES
from doublenine.shared.i18n import N_
from doublenine.shared.seats import SEATS, Seat
from doublenine.shared.state import Phase

from .intents import Intent, Resay, Say
from .snake import Rect
from .store import ClientState
from .textfield import END, Caret, click_caret, clicked_at, edit, insert, settle

SPECTATORS = ""
"""The mute key of every spectator (a seat's key is never empty: :func:`seat_key`)."""
IN_HAND = (Phase.REVIEW, Phase.PLAY)


@dataclass(frozen=True, slots=True)
class ChatUi:
    """What the player does with the chat panel (never game state)."""

    open: bool = False
    focused: bool = False
    """Keys go to the panel (not to the table's shortcuts): set by opening the panel (C, its button) and by
    any click on it but its ×, even where its field is closed (:func:`free_text_allowed`): the keys are
    then swallowed, never the table's (new user s10 item 1: at a phrases-only table the letters of a
    message lifted and played tiles). A click on the table, Esc or × give the keys back."""
    draft: str = ""
    caret: Caret = END
    """Where typing goes in :attr:`draft` (client/textfield.py, the window's one field behaviour)."""
    muted: frozenset[str] = frozenset()
    """Mute keys whose lines are hidden (:func:`seat_key`); :data:`SPECTATORS` hides every spectator."""
    seen: int = 0
    """The newest line id the player has had in front of them (unread count while closed)."""
    item: str = ""
    """What of the panel the keyboard's focus is on while it has the keys (:attr:`focused`): "" the field,
    else a :func:`hit` id of :func:`items` (``phrase:ID``, ``mute:KEY``, ``close``), which Enter or Space
    press and a gold ring shows (new user s12 F7: the phrases, the mutes and closing were mouse-only)."""


@dataclass(frozen=True, slots=True)
class ChatLayout:
    """Where everything of the panel is, in drawable pixels; ``panel`` None while closed."""

    toggle: Rect
    """The "Chat" button (bottom right) while closed."""
    panel: Rect | None = None
    """The whole open panel; its "Mute:" caption sits left of the first chip."""
    close: Rect | None = None
    chips: tuple[tuple[str, Rect], ...] = ()
    """(mute key, rect) for each other player and the spectators."""
    lines: Rect | None = None
    """The area where the lines are written, newest at the bottom."""
    phrases: tuple[tuple[str, Rect], ...] = ()
    field: Rect | None = None
    send: Rect | None = None
    font: int = 14
    retry: Rect | None = None
    """The "Send again" button, over the phrases, while a line said here was not sent (:func:`unsent`)."""


def font_size(size: tuple[int, int]) -> int:
    """The panel's text size, px, for a window of ``size`` drawable pixels (readable from 800x600 up), times the
    "Text size" the table beside the open panel gives (:func:`.layout.text_used`, :func:`arrange`): the Chat, Tiles and Invite buttons, the chat's lines,
    phrases and field, the tracker's text (textsize s17 item 1: at 2560x1440 200 % they stayed 27 px beside the
    table's 61 px; kind: a type size made from the window alone where the table's follows the Text size)."""
    from .layout import text_used
    w, h = size
    beside = (w - panel_width(size), h) if w - panel_width(size) >= MIN_TABLE_WIDTH else size  # arrange's, open
    return max(13, round(15 * min(w / 1280, h / 800) * text_used(beside)))


def toggle_box(size: tuple[int, int]) -> tuple[int, int, int]:
    """(width, height, margin) px of the closed panel's button in a window of ``size`` px: its margin from
    the table's right edge. The hand's Hint and Pass buttons, in the same column, take the same width and
    edge (layout.compute_layout; polish s12 item 15: Chat 1127..1267 over Hint 1157..1267 at 1280x800)."""
    f = font_size(size)
    return max(7 * f, min(11 * f, size[0] // 9)), round(2.1 * f), round(0.8 * f)


def toggle_room(size: tuple[int, int]) -> int:
    """Pixels from the table's right edge the closed panel's button takes (its margin included), in a
    window of ``size`` px. Read by layout.toggle_zone, the Chat and Tiles buttons' box that the status
    line and a wide prompt (the hand-end panel) keep clear of."""
    f = font_size(size)
    return max(7 * f, min(11 * f, size[0] // 9)) + round(0.8 * f)


def panel_width(size: tuple[int, int]) -> int:
    """Width of the open panel: about a quarter of the window, within readable bounds that grow with the
    window as its text does (:func:`font_size`). New user s10 item 8: at 3840x2160 the tile tracker was a
    420 px strip of 40 px text and tiny tiles. Kind: a size bounded in px where the window scales."""
    w, h = size
    scale = max(1.0, min(w / 1280, h / 800))
    return max(260, min(round(420 * scale), w * 27 // 100))


MIN_TABLE_WIDTH = 800
"""Narrowest table the open panel may leave (the window's own minimum width): below it the table
keeps the window and the panel takes the right of the table's middle instead (:func:`arrange`)."""


def arrange(size: tuple[int, int], is_open: bool) -> tuple[tuple[int, int], int]:
    """(table size, side px) while a side panel (chat or tracker) is open or not, in a window of
    ``size`` px: the whole window and 0 while closed; the window less the panel's width and 0 when
    the rest keeps :data:`MIN_TABLE_WIDTH` (the panel takes the whole right strip); else the whole
    window and the panel's width, which the table leaves free at the right of its middle
    (``compute_layout(..., side=)``): the top bar's and the hand's buttons stay uncovered."""
    if not is_open:
        return size, 0
    pw = panel_width(size)
    if size[0] - pw >= MIN_TABLE_WIDTH:
        return (size[0] - pw, size[1]), 0
    return size, pw


def strip(size: tuple[int, int], table: tuple[int, int], kept: Rect | None) -> Rect:
    """The open side panel's rect in a window of ``size`` px: ``kept`` (the table's
    :attr:`~.layout.TableLayout.side`) when the table left it free, else the window right of a
    table laid out ``table`` px wide."""
    if kept is not None:
        return kept
    if table[0] < size[0]:
        return (table[0], 0, size[0] - table[0], size[1])
    return (size[0] - panel_width(size), 0, panel_width(size), size[1])


def unread(state: ClientState, cui: ChatUi) -> int:
    """Lines not yet seen from players who are not muted; the player's own lines are never unread
    (:func:`own`)."""
    return sum(1 for line in state.chat
               if line.id > cui.seen and speaker(state, line) not in cui.muted and not own(state, line))


def own(state: ClientState, line: Any) -> bool:
    """``line`` is the reader's own: a seat's by their seat (after a rejoin the history comes back with them,
    and ``seen`` starts again at 0), a spectator's, which carry no seat, by ``mine`` (its live copy only:
    docs/protocol.md "Chat and nudges")."""
    me = state.view.seat if state.view is not None else None
    return bool(line.mine) or (me is not None and line.seat == me)


def read_through(state: ClientState, seen: int) -> int:
    """``seen`` (a line id) moved past the reader's own lines just above it: a line one says is read, and it
    is remembered read (client.json, scenes.talk), so a history that no longer marks it ``mine`` (a spectator's
    window started again) does not count it. s15 player: "Chat (3)" after a restart; a line said, its copy
    arriving after the panel was closed, came back unread in the next window's history."""
    for line in state.chat:
        if line.id <= seen:
            continue
        if not own(state, line):
            break
        seen = line.id
    return seen


def pending(state: ClientState) -> tuple[Any, ...]:
    """The chat lines said here whose answer has not come, and those not sent, oldest first (``ClientState.saying``:
    shown at once under the table's lines, marked; s15 player: a line typed while the link was down vanished)."""
    return tuple(s for s in state.saying if s.nudge is None)


def unsent(state: ClientState) -> bool:
    """A chat line said here was not sent (refused, or the connection ended): "Send again" is offered."""
    return any(s.unsent for s in pending(state))


def visible(state: ClientState, cui: ChatUi) -> tuple[Any, ...]:
    """The lines of players the player has not muted, oldest first."""
    return tuple(line for line in state.chat if speaker(state, line) not in cui.muted)


def seat_key(table: str, seat: int) -> str:
    """The mute key of whoever sits at ``seat`` (1..4) of table ``table``: ``K7QPA:2``. The seat is what
    identifies a speaker at the table (docs/protocol.md, ChatLine ``seat``); the table code keeps a mute
    remembered from one table off the same seat of another."""
    return f"{table}:{int(seat)}"


def speaker(state: ClientState, line: Any) -> str:
    """The mute key of a chat line's speaker at ``state``'s table: its seat's, or :data:`SPECTATORS`."""
    return SPECTATORS if line.seat is None else seat_key(state.table, line.seat)


def chip_label(state: ClientState, key: str, lang: str) -> str:
    """What a mute chip says: the seat's name as the whole window shows it (store.seat_name: a default
    name translated), "Spectators" for :data:`SPECTATORS`."""
    from .store import seat_name
    from .text import tr

    seat = key.rpartition(":")[2]
    if key == SPECTATORS or seat not in ("1", "2", "3", "4"):
        return tr(lang, "Spectators")
    return seat_name(state, Seat(int(seat)), lang)


def free_text_allowed(state: ClientState) -> bool:
    """False at a ``phrases_in_hand`` table while a hand is in play (the server would refuse it)."""
    view = state.view
    return not (state.chat_rule == "phrases_in_hand" and view is not None and view.phase in IN_HAND)


def mute_keys(state: ClientState) -> tuple[str, ...]:
    """One mute key per other seated player (:func:`seat_key`, seat order) and one for the spectators.

    A seat whose lines are in the chat keeps its key when the computer plays it now (new user 18: the
    player left the mute list while their old lines stayed, and could no longer be muted). A free seat, where
    nobody sits, has none (lastuser s17 F21: "North", "West" were offered under Mute at a hosted table whose
    seats waited for friends; kind: a control offered for a seat nobody sits at), unless its lines are there."""
    me = state.view.seat if state.view is not None else None
    spoke = {line.seat for line in state.chat if line.seat is not None}
    seats = [s for s in SEATS if s != me and ((s not in state.computers and s not in state.free
                                                and state.names[s - 1]) or s in spoke)]
    return tuple(seat_key(state.table, s) for s in seats) + (SPECTATORS,)


def layout(size: tuple[int, int], state: ClientState, cui: ChatUi, toggle_y: int | None = None,
           lang: str = "en", panel: Rect | None = None, edge: int | None = None) -> ChatLayout:
    """The panel's geometry for a window of ``size`` pixels (pure). The closed panel's button sits
    at ``toggle_y`` (the table's status line: clear of the hand and the help line) at the table's
    right ``edge`` (the window's by default). The open panel fills ``panel`` (:func:`strip`; the
    window's right strip by default). Phrase buttons are two to a row where their labels in
    ``lang`` fit, else one (issue 11.4)."""
    w, h = size
    f = font_size(size)
    tw, bh, pad = toggle_box(size)  # toggle_room: what it takes
    right = w if edge is None else edge
    toggle = (right - tw - pad, h - bh - pad if toggle_y is None else toggle_y, tw, bh)
    if not cui.open:
        return ChatLayout(toggle, font=f)
    x0, y0, pw, ph0 = panel if panel is not None else strip(size, size, None)
    from .typeset import measurer
    least = min(f, max(13, round(15 * min(w / 1280, h / 800))))  # the panel's type at 100 %
    lay = ChatLayout(toggle, font=f)
    for at in range(f, least - 1, -1):  # a larger Text size's type gives way, down to 100 %'s, to keep the
        # lines LINES_KEPT rows (textsize s17: at 2560x1440 200 % one line was left under the phrases)
        lay = _open(state, lang, toggle, (x0, y0, pw, ph0), at)
        if lay.lines is not None and lay.lines[3] >= LINES_KEPT * measurer().line_height(at):
            break
    return lay


LINES_KEPT = 6
"""Rows of the chat's lines (three lines: a speaker's name, its words) the open panel keeps at a larger "Text size": its type
gives way first (:func:`layout`), down to 100 %'s; at 100 % the panel is as it always was."""


def _open(state: ClientState, lang: str, toggle: Rect, panel: Rect, f: int) -> ChatLayout:
    """The open panel in ``panel`` at type ``f`` px (:func:`layout`), its buttons and margins as :func:`toggle_box`'s."""
    x0, y0, pw, ph0 = panel
    bh, pad = round(2.1 * f), round(0.8 * f)
    x, inner = x0 + pad, pw - 2 * pad
    close = (x0 + pw - pad - bh, y0 + pad // 2, bh, bh)
    y = y0 + pad // 2 + bh + pad // 2
    caption = _caption_room(lang, f, inner)  # "Mute:" before the chips
    keys = mute_keys(state)
    chips, y = _flow(keys, tuple(chip_label(state, k, lang) for k in keys), x + caption, y, inner - caption, f)
    y += pad // 2
    field = (x, y0 + ph0 - pad - bh, inner - 6 * f - pad // 2, bh)
    send = (x + field[2] + pad // 2, field[1], 6 * f, bh)
    ph = round(1.9 * f)
    cw = (inner - pad // 2) // 2
    cells = _phrase_cells(lang, f, cw - ph // 2)
    top = field[1] - pad // 2 - (max((r for r, _, _ in cells), default=-1) + 1) * (ph + pad // 3)
    phrases = tuple((pid, (x + col * (cw + pad // 2), top + row * (ph + pad // 3), inner if wide else cw, ph))
                    for pid, (row, col, wide) in zip(PHRASE_IDS, cells))
    retry = None
    if unsent(state):  # over the phrases, the lines' room giving way
        retry = (x, top - pad // 2 - bh, inner, bh)
        top = retry[1]
    lines = (x, y, inner, max(0, top - pad // 2 - y))
    return ChatLayout(toggle, (x0, y0, pw, ph0), close, chips, lines, phrases, field, send, f, retry)


def draft_room(lay: ChatLayout) -> int:
    """Pixels of the open panel's field its draft takes, from half a size in from its left."""
    assert lay.field is not None
    return round(lay.field[2] - 1.5 * lay.font)


def draft_caret(lay: ChatLayout, cui: ChatUi, was: ChatUi, width: Callable[[str], int], x: float,
                art: Any = None) -> ChatUi:
    """``cui`` after a click at ``x`` px on the field took the focus: the caret where the draft was clicked,
    in the draft as ``was`` showed it (client/textfield.py ``click_caret``; ``width`` measures at the panel's
    size; with ``art``, a draft holding right-to-left letters is placed as drawn, textfield.clicked_at)."""
    if not cui.focused or lay.field is None:
        return cui
    shown, left = (was.caret if was.focused else None), x - (lay.field[0] + lay.font // 2)
    at = clicked_at(art, cui.draft, shown, draft_room(lay), lay.font, left) if art is not None \
        else click_caret(cui.draft, shown, draft_room(lay), width, left)
    return replace(cui, caret=at)


MUTE = N_("Mute:")
"""The caption before the mute chips (client/chatdraw draws it)."""


def _caption_room(lang: str, f: int, inner: int) -> int:
    """Pixels the "Mute:" caption takes before the chips: its words in ``lang`` as measured at the caption's size
    (0.9 ``f``) and a font's width of margin, at least the 5.5 ``f`` it always had, at most half of ``inner``.
    Translator s15 F20: German "Stummschalten:" was cut to "Stumms…" in the fixed 5.5 ``f`` (kind: a room sized
    for the English word)."""
    from .text import tr
    from .typeset import measurer

    said = measurer().measure(tr(lang, MUTE), round(0.9 * f))[0]
    return min(inner // 2, max(round(5.5 * f), said + f))


def _phrase_cells(lang: str, f: int, room: int) -> list[tuple[int, int, bool]]:
    """(row, column, full width) of each preset phrase: two to a row, a label too long for half a row alone."""
    from .text import tr
    from .typeset import measurer

    face = measurer()
    out: list[tuple[int, int, bool]] = []
    row, col = 0, 0
    for pid in PHRASE_IDS:
        wide = face.measure(tr(lang, PHRASES[pid]), f)[0] > room
        if wide and col:
            row, col = row + 1, 0
        out.append((row, col, wide))
        row, col = (row + 1, 0) if wide or col else (row, 1)
    return out


def _flow(keys: tuple[str, ...], labels: tuple[str, ...], x: int, y: int, width: int,
          f: int) -> tuple[tuple[tuple[str, Rect], ...], int]:
    """Mute chips left to right, wrapping; widths from each chip's label's length (the painter fits the text)."""
    ch, gap = round(1.7 * f), f // 2
    out, cx = [], x
    for key, label in zip(keys, labels):
        cw = min(width, max(5 * f, round(0.62 * f * len(label)) + 2 * f))
        if cx > x and cx + cw > x + width:
            cx, y = x, y + ch + gap
        out.append((key, (cx, y, cw, ch)))
        cx += cw + gap
    return tuple(out), y + ch + gap


def _inside(pos: tuple[float, float], r: Rect | None) -> bool:
    return r is not None and r[0] <= pos[0] < r[0] + r[2] and r[1] <= pos[1] < r[1] + r[3]


def hit(pos: tuple[float, float], lay: ChatLayout) -> str | None:
    """What of the chat is at ``pos``: ``toggle``, ``close``, ``mute:KEY``, ``phrase:ID``, ``field``,
    ``send``, ``retry`` or ``panel`` (elsewhere on the open panel); None outside it."""
    if lay.panel is None:
        return "toggle" if _inside(pos, lay.toggle) else None
    if not _inside(pos, lay.panel):
        return None
    for name, r in (("close", lay.close), ("field", lay.field), ("send", lay.send), ("retry", lay.retry)):
        if _inside(pos, r):
            return name
    for key, r in lay.chips:
        if _inside(pos, r):
            return f"mute:{key}"
    for pid, r in lay.phrases:
        if _inside(pos, r):
            return f"phrase:{pid}"
    return "panel"


def newest(state: ClientState) -> int:
    """The id of the newest line (0 with none)."""
    return state.chat[-1].id if state.chat else 0


def click(what: str, state: ClientState, cui: ChatUi) -> tuple[ChatUi, Intent | None]:
    """A click on chat element ``what`` (:func:`hit`): the new panel state and maybe a line to say."""
    if what == "toggle":  # like the C key: straight into the field, so letters and Enter are the message's
        return replace(cui, open=True, focused=True, seen=newest(state)), None
    if what == "close":
        return replace(cui, open=False, focused=False, item="", seen=newest(state)), None
    if what.startswith("mute:"):
        key = what[5:]
        return replace(cui, muted=cui.muted ^ {key}, focused=True), None
    if what.startswith("phrase:"):
        return replace(cui, focused=True), Say(phrase=what[7:])
    if what == "send":
        return send(state, replace(cui, focused=True))
    if what == "retry":
        return replace(cui, focused=True, item="" if cui.item == "retry" else cui.item), Resay()
    # the field, the lines, the caption: a click on the panel keeps the keys in it (ChatUi.focused)
    return replace(cui, focused=True), None


def send(state: ClientState, cui: ChatUi) -> tuple[ChatUi, Intent | None]:
    """Say the draft (the server cleans it); nothing for a blank draft or where only phrases go."""
    if not cui.draft.strip() or not free_text_allowed(state):
        return cui, None
    return replace(cui, draft="", caret=END), Say(text=cui.draft)


def typed(cui: ChatUi, text: str) -> ChatUi:
    """Text typed or pasted into the field: cleaned as the server will (one line, no control or invisible
    characters) and bounded to what it keeps, like every text field (client/clipboard.field_value, issue 16.2)."""
    return _edited(cui, *insert(cui.draft, cui.caret, text[:4 * MAX_CHARS]))


def _edited(cui: ChatUi, draft: str, caret: Caret) -> ChatUi:
    from .clipboard import field_value
    cleaned = field_value(draft, MAX_CHARS)
    return replace(cui, draft=cleaned, caret=settle(draft, cleaned, caret))


def items(state: ClientState) -> tuple[str, ...]:
    """What of the open panel the keyboard's focus visits, in the order Tab (or Down) goes: the field (""),
    each ready phrase, each mute chip (:func:`mute_keys`), the × that closes the panel."""
    again = ("retry",) if unsent(state) else ()
    return ("", *again, *(f"phrase:{pid}" for pid in PHRASE_IDS), *(f"mute:{k}" for k in mute_keys(state)), "close")


MOVES = {pygame.K_TAB: 1, pygame.K_DOWN: 1, pygame.K_UP: -1}
"""The keys that move the panel's focus (:attr:`ChatUi.item`) forward or back; Shift+Tab goes back."""


def key(event: Any, state: ClientState, cui: ChatUi) -> tuple[ChatUi, Intent | None]:
    """A key while the panel has the keys: Tab, Shift+Tab, Down and Up move the focus over the field, the
    phrases, the mutes and × (:func:`items`); Enter or Space press the focused one (:func:`click`); Esc
    gives the keys back to the table (a second Esc, scenes.talk, closes the panel). In the field Enter says
    the draft and the editing keys edit (client/textfield.py: Ctrl+A, Home, End, arrows, Backspace, Delete,
    Ctrl+V); every other key is the field's too (the table's shortcuts wait). Where the field is closed
    (:func:`free_text_allowed`) its other keys are swallowed: the draft is not edited and nothing is said."""
    k = event.key
    if k == pygame.K_ESCAPE:
        return replace(cui, focused=False, item=""), None
    if k in MOVES:
        step = -1 if k == pygame.K_TAB and getattr(event, "mod", 0) & pygame.KMOD_SHIFT else MOVES[k]
        order = items(state)
        at = order.index(cui.item) if cui.item in order else 0
        return replace(cui, item=order[(at + step) % len(order)]), None
    if cui.item:  # a phrase, a mute or ×: Enter or Space press it, every other key waits
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and cui.item in items(state):
            pressed, said = click(cui.item, state, cui)
            return (replace(pressed, item="") if not pressed.open else pressed), said
        return cui, None
    if not free_text_allowed(state):
        return cui, None
    if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
        return send(state, cui)
    from .clipboard import paste_text
    edited = edit(cui.draft, cui.caret, event, lambda: paste_text()[:4 * MAX_CHARS])
    return (cui if edited is None else _edited(cui, *edited)), None
