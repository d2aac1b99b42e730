"""The start screen's values and where its controls lie: pure data and geometry, no drawing, no input.

:class:`Form` is what the screen shows (the scene replaces it on every edit, scenes/start.py), :class:`Launch`
what the player asked for; :func:`start_layout` places every control for a window size, read both by the
scene's clicks and by the drawing (scenes/startdraw.py).
"""
from __future__ import annotations

from dataclasses import dataclass

from doublenine.shared.i18n import N_
from doublenine.shared.invite import SERVER_URL_CHARS
from doublenine.shared.wire import LEVELS

from ..config import NAME_CHARS
from ..layout import metrics_fitting
from ..snake import Rect
from ..textfield import ADDRESS, CODE, DIGITS, END, TEXT, Caret
from .kept import Done, Kept, Players

LEVEL_NAMES = {"easy": N_("Easy"), "heaviest": N_("Heaviest"), "normal": N_("Normal"), "strong": N_("Strong"),
               "expert": N_("Expert")}
"""The levels' names, in :data:`LEVELS`'s order (weakest first, shared/wire.LEVELS)."""
SEAT_LABELS = (N_("East (right)"), N_("North (partner)"), N_("West (left)"))
"""Seats 2, 3 and 4 on the start screen by the names the table gives them (shared/i18n DEFAULT_SEAT_NAMES)
and their place from seat 1 (R2): one way of naming seats everywhere (polish s12 item 2: "Seat 2 (right)"
here, "East" at the table, a circled 2 in the ledger)."""


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
    table_name: str = ""
    """Club s14: a new table's name (``create_table.table_name``; ``play --table-name``), "" none."""
    quick: bool = False
    """Play now against the computer (client.playnow): the window takes the first hand's steps that hold no
    choice for the player (``doublenine play`` making a table against three computers; new user s15)."""


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
    hover: str | None = None
    """The control under the pointer: its line is said in its card's hint slot (scenes/starthints.py)."""
    message: str = ""
    host_port: int | None = None
    """Issue 8: the port "Host for friends" uses after the default one was found in use."""
    public: bool = False
    """Issue 13.3: "List on the server's page" for the table created."""
    tracker: bool = False
    """Issue 14.3: the table created allows the tile tracker."""
    phrases: bool = False
    """Issue 15: the table created allows only ready phrases in the chat during a hand."""
    tname: str = ""
    """The table created's name (``create_table.table_name``, club s14 F1; session 15: only ``play
    --table-name`` gave one), cleaned as the server cleans it (:data:`FIELD_LIMITS`, ``clipboard.field_value``:
    the seat names' rule, 32 characters); "" none."""
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
    resume_server: str = ""
    """The server (``ws[s]://HOST:PORT/``) of the match "Back to your match" names when it is a seat held at
    another server's table, the player's most recent match (``config.last_seat``); "" for the kept local one
    (new user s15: the button named an older local table instead of the network table last sat at)."""
    kept: tuple[Kept, ...] = ()
    """Every earlier kept match, most recent first (scenes/kept.py): all reachable, each by its code."""
    kept_players: tuple[Players, ...] = ()
    """Who played each of :attr:`kept`, in the same order (config.kept_players; () when not remembered)."""
    finished: tuple[Done, ...] = ()
    """The kept finished matches, newest first (client/finished.py): each opens its ledger from the list."""
    finished_players: tuple[Players, ...] = ()
    """Who played each of :attr:`finished`, in the same order."""
    choosing: bool = False
    """The list of earlier matches is open over the join card ("Earlier matches (N)")."""
    caret: Caret = END
    """Where typing goes in the focused field (client/textfield.py)."""


FIELDS = ("name", "seed", "tname", "server", "table")
FIELD_TAKES = {"name": TEXT, "seed": DIGITS, "tname": TEXT, "server": ADDRESS, "table": CODE}
"""What each field takes, read as typed on any layout (:func:`.textfield.typed`): AZERTY's number row gives the
seed its digits, the keypad's decimal comma gives an address its dot (s13 linguists)."""
TAB_ORDER = ("name", "lang", "settings", "kind0", "kind1", "kind2", "level", "seed", "tname", "public", "tracker",
             "phrases", "create", "host", "server", "table", "seat", "find", "earlier", "join", "watch", "resume")
"""What Tab focuses in turn, in reading order (the New table card, then the Join card, each top to bottom and
left to right): every field (typing goes there) and every button (Enter or Space presses it, a ring shows it:
client/focus.py). Only the four fields and Settings took the focus once (left alone last session); kind: a
control only a click reaches. :func:`tab_order` leaves out the buttons not shown."""


def tab_order(form: Form) -> tuple[str, ...]:
    """:data:`TAB_ORDER` less the buttons ``form`` does not show: "Back to your match" without a kept
    match, "Earlier matches" without an earlier or finished one."""
    hidden = {"resume"} if form.resume is None else set()
    if not form.kept and not form.finished:
        hidden.add("earlier")
    return tuple(cid for cid in TAB_ORDER if cid not in hidden)
FIELD_LIMITS = {"name": NAME_CHARS, "tname": NAME_CHARS, "server": SERVER_URL_CHARS}
"""Characters a field holds: a name (a player's, a table's) the protocol's 32, a server address a URL's 2048 (shared/invite.py), a
table code typed with spaces or dashes 200 (the seed is cut to 18 digits); a remembered server address was
once cut to 200, another address."""
QUIT_AGAIN = N_("Press Esc again to quit")
"""What the start screen says at the first Esc out of a field (:meth:`.start.StartScene._escape`): in the
subtitle's place, under the title (startdraw._header), never over it as a refusal is."""


def start_metrics(size: tuple[int, int]) -> tuple[float, int, int]:
    """(u, type px, small type px) of the start screen in a window ``size`` px: layout.metrics, or the largest
    type down to 100 %'s whose title and two cards (:func:`start_layout`) fit the window's height, and whose
    cards keep their 30 type sizes of width (s16 access F15: at 2560x1440 200 % the window ended at "Computer
    level"; Create table, Host for friends, Join and Watch below it, Tab ringing them unseen)."""
    def fits(shown: tuple[float, int, int]) -> bool:
        u, f, _ = shown
        w, h = size
        m = round(16 * u)
        card_h = round(12.9 * round(2.6 * f))
        return round(h * 0.015) + round(5.1 * f) + card_h + f // 2 <= h and round(30 * f) <= (w - 3 * m) // 2
    return metrics_fitting(size, fits)


def header(size: tuple[int, int]) -> tuple[bool, int]:
    """(whether the title tiles are drawn, the y where the title starts): the tiles stand beside the title
    on its row (:func:`title_tiles`), which starts near the top of the window; under it, down to the
    cards, the message's place (:func:`message_place`). The tiles stood above the title once, and a
    message took the title's place for want of room (s13 item 2)."""
    w, h = size
    f = start_metrics(size)[1]
    return w >= 40 * f, round(h * 0.015)


def title_size(size: tuple[int, int]) -> int:
    """Px of the title "doublenine" (bold) in a window of ``size`` px."""
    return round(start_metrics(size)[1] * 2.6)


def title_tiles(size: tuple[int, int], title_w: int) -> list[tuple[Rect, int, int]]:
    """(rect, low, high) of the two upright tiles beside the title (``title_w`` px wide, centred), on its
    row: the double nine left of it, 6-3 right of it (none when :func:`header` says the row has no room)."""
    from ..typeset import measurer
    tiles, title_y = header(size)
    if not tiles:
        return []
    w = size[0]
    f = start_metrics(size)[1]
    line = measurer().line_height(title_size(size), True)
    s = max(6, round(line * 0.42))
    y = title_y + (line - 2 * s) // 2
    gap = f
    return [((w // 2 - title_w // 2 - gap - s, y, s, 2 * s), 9, 9), ((w // 2 + title_w // 2 + gap, y, s, 2 * s), 6, 3)]


def message_place(size: tuple[int, int], lay: dict[str, Rect]) -> Rect:
    """The start screen's reserved place for what it says (a refusal, a join error, "Press Esc again to
    quit"): under the title, down to the cards, the window's width less margins; the subtitle's when there
    is nothing to say. The title and the cards never move for a message (s13 item 2: a join error took the
    logo's place). ``lay``: :func:`start_layout`'s."""
    from ..typeset import measurer
    u, f, sm = start_metrics(size)
    m = round(16 * u)
    _, title_y = header(size)
    top = title_y + measurer().line_height(title_size(size), True)
    bottom = lay["card_create"][1] - max(2, sm // 4)
    return (m, top, size[0] - 2 * m, max(1, bottom - top))


def start_layout(size: tuple[int, int]) -> dict[str, Rect]:
    """Rectangles of every control of the start screen for a window ``size`` (pure)."""
    w, h = size
    u, f, sm = start_metrics(size)
    m = round(16 * u)
    card_w = min(round(30 * f), (w - 3 * m) // 2)
    row = round(2.6 * f)
    left_x = w // 2 - card_w - m // 2
    right_x = w // 2 + m // 2
    fw = card_w - 2 * m
    bh = round(2.1 * f)
    card_h = round(12.9 * row)  # s15: the table's name row takes the cards' free bottom, never the message's place
    _, title_y = header(size)  # below the title and its subtitle, as high as the card needs
    top = max(title_y + round(5.1 * f), min(round(h * 0.26), h - card_h - f // 2))
    out: dict[str, Rect] = {"card_create": (left_x, top, card_w, card_h), "card_join": (right_x, top, card_w, card_h)}
    x = left_x + m
    y = top + round(2.2 * f)
    out["name"] = (x, y + row // 2, fw, bh)
    half = (fw - m) // 2
    out["lang"] = (x, y + 2 * row, half, bh)
    out["settings"] = (x + fw - half, y + 2 * row, half, bh)  # the player's other settings (scenes/settings.py)
    step = 0.85  # the create card's toggles, one row each, closer than the fields above (s15: 9 of them)
    toggles = ("kind0", "kind1", "kind2", "level", "seed", "tname", "public", "tracker", "phrases")  # the table's
    for i, cid in enumerate(toggles):  # public: issue 13.3; tracker: issue 14.3; phrases: issue 15; tname: s15
        out[cid] = (x + fw // 2, y + round((2.95 + step * i) * row), fw // 2, bh)
    # issue 8: "Create table" and "Host for friends" share the row (as "Language" and "Settings" do)
    made = y + round(10.65 * row)
    out["create"] = (x, made, half, bh)
    out["host"] = (x + fw - half, made, half, bh)
    out["where"] = (x, made + bh + round(0.2 * f), fw, round(1.3 * sm))  # where "Create" creates
    x = right_x + m
    out["server"] = (x, y + row // 2, fw, bh)
    out["table"] = (x, y + 2 * row, fw, bh)
    out["seat"] = (x + fw // 2, y + round(3.2 * row), fw // 2, bh)
    out["find"] = (x, y + round(4.7 * row), fw, bh)  # issue 8: tables on this network
    out["earlier"] = (x, y + round(5.95 * row), fw, bh)  # new user N1: a match kept before the last new table
    out["join"] = (x, y + round(7.2 * row), fw, bh)
    out["watch"] = (x, y + round(8.5 * row), fw, bh)
    out["resume"] = (x, made, fw, bh)  # D7: back to the kept local match, on Create table's row
    out["hint_join"] = (x, made + bh + round(0.2 * f), fw, round(1.3 * sm))  # starthints
    return out


def start_default(form: Form) -> str:
    """The one gold button of the start screen, the likeliest action: "resume" (back to the match this
    computer keeps, D7) when there is one, else "join" once both the server address and the table code are
    filled in, else "create". Polish s12 item 15: Create table, Join table (with both fields empty) and
    Back to your match were gold at once. Kind: more than one default on a screen, and a control that
    cannot act drawn as one that can (Join and Watch are drawn disabled until both fields say where)."""
    if form.resume is not None:
        return "resume"
    return "join" if can_join(form) else "create"


def can_join(form: Form) -> bool:
    """Join table and Watch can act: the server address and the table code are both filled in."""
    return bool(form.server.strip() and form.table.strip())
