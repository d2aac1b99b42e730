"""The words under and around the table (pure text fitting, no drawing).

The footer's key help (``key_help``: what the keys do on the screen as shown, DESIGN "Client"), the
rows and height it takes, and the status line's rows, each fitted to the room
:func:`.layout.compute_layout` gives it.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from doublenine.shared.i18n import N_
from doublenine.shared.numbers import is_ascii_digits
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase
from doublenine.shared.views import SeatView

from .buttons import NO_SOUND_DEVICE
from .focus import holds_focus
from .panels import IM_BACK, KEEP_PLAYING, QUESTIONS, Button, Panel, back_offered, enter_button, status_line
from .snake import Rect
from .store import ClientState, seat_name, spectating
from .typeset import Typeface, measurer
from .uistate import Ui

if TYPE_CHECKING:
    from doublenine.shared.i18n.rules import RulesSection

HELP = N_("1-9, 0 or two pips: choose a tile · arrows: move · L/R: end · Enter: play · Esc: cancel · H hint · P pass · U undo · Y redo")
"""The keys of a seated player, under the hand."""
HELP_MORE = (N_("M sound"), N_("C chat"), N_("S settings"))
"""Keys of the table the play footer names after :data:`HELP` (session 9, new user 2: M and C worked
unsaid; scenes/table.py M and S, scenes/talk.py C)."""
HELP_TILES = N_("T tiles")
"""The tile tracker's key (client/tracking.py), named only where the table allows the tracker."""
WATCHING = N_("You are watching this table")
"""Said instead of the keys to a spectator (issue 11.5: a spectator has no hand and no keys to play)."""
NEXT_HAND = N_("You play from the next hand: until then you watch")
"""Said instead of :data:`WATCHING` by a window whose seat, taken mid-hand, is its from the next deal
(``ClientState.next_seat``; attacker s14 F1: the computer's hidden hand is nobody's to see)."""
HELP_COPY = N_("K: copy the table's link")
"""The rules' Keys section names it (:func:`keys_section`): every window copies its table's link so
(scenes/table.TableScene.copy_link; a spectator's top bar has "Copy link" too)."""
HELP_SIT = N_("J: take a free seat")
"""Added to :data:`WATCHING` while a seat is free and this window can take it (keys "sit",
scenes/table.TableScene.keys): J rings a free seat's card, Enter takes it (s14: only a click took one)."""
KEYS_SIT = N_("J, while you watch and a seat is free: the gold ring on a free seat's card (again: the next "
              "one); Enter or Space takes that seat")
"""The rules' Keys section says :data:`HELP_SIT` so, only while a seat is free to take (:func:`keys_section`)."""
HELP_PROMPT = N_("Enter: {action}")
"""The keys while a prompt is up (the hand's end, the match's end, the review...): Enter presses its
first button (:func:`.input._enter`); the tile keys do nothing then, so they are not offered."""
HELP_PROMPT_TAB = N_("Tab: another button · Enter: {action}")
"""The keys while a prompt with more than one button is up: Tab moves the focus (its ring) to another of
them, Enter presses the one it is on (:mod:`.focus`; at first the gold one, the choice that loses nothing)."""
HELP_TAB_ONLY = N_("Tab: another button")
"""The first half of :data:`HELP_PROMPT_TAB`, said alone where Enter does nothing the footer can name."""
SOUND_TOGGLE = N_("sound on or off")
"""What Enter does with the ring on the sound button (access s16 F3: its own words are its state)."""
HELP_LOOK = N_("V: see the line")
"""Added to a hand end's keys: V puts its panel aside to show the final line (panels.SEE_LINE, input.key)."""
HELP_LOOKING = N_("Enter or V: {action}")
"""The keys while the hand end's panel is put aside: Enter or V brings it back (panels.SHOW_RESULT)."""
HELP_DRAW = N_("arrows: choose a face-down tile · Enter: take it")
"""The keys of the opening draw (R3): the arrows move along the face-down tiles, Enter takes the one chosen."""
HELP_OVERLAY = N_("Esc: close · arrows, Page Up, Page Down: scroll")
"""The keys while the rules, the ledger or a review is open: the overlay takes every key."""
HELP_RULES = N_("Esc: close · arrows, Page Up, Page Down: scroll · Tab, Shift+Tab: next, previous section")
"""The keys while the rules are open: :data:`HELP_OVERLAY` and the sections' Tab (polish s12 item 3: Tab
and Shift+Tab worked and nothing said so)."""
HELP_CHAT = N_("Enter: send · Tab: phrases, mutes · Esc: back to the table, twice: close the chat")
"""The keys while the chat field has the focus: every key types, Enter says the line, Tab goes to the phrases
and mutes (chat.key), Esc gives the keys back and a second Esc closes the panel (scenes.talk; new user s12
F7: no key closed it)."""
HELP_PHRASES = N_("Only phrases during a hand: Tab to one, then Enter · Esc: back to the table, twice: close the chat")
"""The keys while the chat panel has them and its field is closed (a phrases-only table in a hand): typing
is swallowed (chat.ChatUi.focused), Tab reaches the phrases."""
HELP_CHAT_ITEM = N_("Tab, arrows: move · Enter: press · Esc: back to the table, twice: close the chat")
"""The keys while the chat panel's focus is on a phrase, a mute or its × (chat.ChatUi.item)."""
HELP_SETTINGS = N_("Tab: another setting · Enter or Space: change it · Esc: back to the table")
"""The keys while the settings card is open over the table (S, scenes/settings.SettingsScene): it takes
every key."""


RINGED = {"other:chat": N_("Chat"), "other:tiles": N_("Tiles"), "other:host:chip": N_("Invite"),
          "other:host:copy": N_("Copy invite"), "other:host:copyweb": N_("Copy link"), "other:host:hide": N_("Hide"),
          "other:send": N_("Send"), "other:chat_close": N_("Close"), "nudge": N_("Nudge {name}"),
          "other:sit": N_("Take {name}'s seat"),
          "handover": N_("Let the computer play for {name}")}
"""The words of the controls drawn by other parts of the table (scenes/table.TableScene.others) and by the
wait card (its ``nudge:N``, ``handover:N``), which Tab rings and Enter presses: the footer names them
(keys "ring:ID", :func:`key_help`). New user s12 round 2 F3's kind: with the ring on Chat or Nudge the
footer said the play keys while Enter opened the chat or nudged."""


def ringed_label(bid: str) -> tuple[str, int] | None:
    """(msgid, seat or 0) naming the ringed control ``bid`` (:data:`RINGED`); None for one the layout's own
    buttons name (footer.key_help's ``focus``) or none."""
    if bid in RINGED:
        return RINGED[bid], 0
    kind, _, seat = bid.rpartition(":") if bid.startswith("other:sit:") else bid.partition(":")
    if kind in ("nudge", "handover", "other:sit") and is_ascii_digits(seat) and 1 <= int(seat) <= 4:
        return RINGED[kind], int(seat)
    return None


def key_help(state: ClientState, panel: Panel | None, keys: str, lang: str, focus: Button | None = None,
             ui: Ui | None = None, link: bool = False) -> str:
    """The footer's one line: what the keys do on the screen as shown, from the one thing that decides
    it, in the order the table gives keys out (scenes.table.TableScene.handle): the settings card over
    the table (``keys == "settings"``), an open overlay (``"overlay"``: Escape, scrolling; ``"overlay:rules"``:
    the rules' sections by Tab), the host's Leave/Close question (``"ask"``: Enter keeps
    playing; new user s2 item 1: "Enter: Continue" of the panel beneath, which Enter did not press), the chat field with the focus (``"chat"``: Enter sends),
    a spectator's window (nothing to play), the opening draw's cells, the prompt's Enter button
    (:func:`.panels.enter_button`, the same :func:`.input._enter` presses) or its own words
    (:attr:`.panels.Panel.keys`), and the hand's keys only while this seat has a hand in play. New user
    s9 item 11: play keys under "Waiting for players", "Enter: I lead" while Enter sent a chat line,
    "Enter: Accept" under the Review overlay. ``focus``: the button with the keyboard's focus
    (:func:`.focus.focused`), which Enter presses: a prompt's own one is named (``keys`` "ask:MSGID":
    the host's question with its focus on the button labelled MSGID). ``ui``: the window's previews (a lifted
    tile, the hand's focus): the play keys that need one are named only with it (:func:`_play_keys`); None:
    nothing lifted. ``link``: the table has a link for a friend, which K copies (:func:`keys_here`): a
    spectator's footer names K then (:func:`_watch_keys`)."""
    from .text import say, tr

    if keys == "overlay:rules":  # the rules' sections by Tab (overlays/rules.RulesOverlay.handle)
        return tr(lang, HELP_RULES)
    if keys == "overlay":
        return tr(lang, HELP_OVERLAY)
    if keys.startswith("overlay:on:"):  # Tab put the focus on the ledger's or a review's button (its words shown)
        return tr(lang, HELP_PROMPT_TAB, action=keys[len("overlay:on:"):]) + " · " + tr(lang, HELP_OVERLAY)
    if keys == "settings":
        return tr(lang, HELP_SETTINGS)
    if keys.startswith("ask"):  # the host's question (scenes.lan_host._answer): Esc presses its gold Keep playing
        label = keys.partition(":")[2]
        if label:  # Tab moved the focus to "Leave anyway" / "Close anyway"
            return tr(lang, HELP_PROMPT_TAB, action=tr(lang, label))
        return tr(lang, HELP_PROMPT_TAB, action=tr(lang, KEEP_PLAYING))
    if keys.startswith("ring:") and not holds_focus(panel):  # Tab put the ring on another part's control or
        # a wait card's (RINGED); under a modal prompt it is not reached (focus.holds_focus): the prompt's is named
        label = ringed_label(keys.partition(":")[2])
        if label is not None:
            msgid, seat = label
            name = seat_name(state, Seat(seat), lang) if seat else ""
            return tr(lang, HELP_PROMPT_TAB, action=tr(lang, msgid, name=name))
    if keys == "chat:item":  # a phrase, a mute or × has the focus (chat.ChatUi.item)
        return tr(lang, HELP_CHAT_ITEM)
    if keys == "chat":
        from .chat import free_text_allowed
        return tr(lang, HELP_CHAT if free_text_allowed(state) else HELP_PHRASES)
    if focus is not None and focus.label and (panel is None or focus not in panel.buttons):
        # Tab put the ring on a button of the table: Enter presses it first, whatever else is up (input._enter),
        # so the footer names it (new user s12 round 2 F3: "Enter: play" under a ring Enter pressed; new user
        # s14: "arrows: choose a face-down tile · Enter: take it" in the opening draw with the ring on Leave,
        # and a spectator's "Enter: Continue" likewise: this came after the draw's and the spectator's lines)
        said = tr(lang, HELP_PROMPT_TAB, action=say(lang, focus.label, dict(focus.args)))
        if focus.id == "sound":  # access s16 F3: its words are its state ("No sound device: sound is off"),
            # which "Enter: ..." offered as an action; Enter (or M) turns the sound on or off, where it can
            said = tr(lang, HELP_TAB_ONLY) + " · " + (tr(lang, NO_SOUND_DEVICE) if focus.label == NO_SOUND_DEVICE
                                                      else tr(lang, HELP_PROMPT, action=tr(lang, SOUND_TOGGLE)))
        view = state.view
        if panel is None and isinstance(view, SeatView) and state.started and view.phase is Phase.PLAY \
                and state.connection == "connected" and not spectating(state):
            # access s16 F7: the tile keys still act with the ring on a button (a digit lifts a tile and the ring
            # goes), but the footer named Tab and Enter alone, so a keyboard player took Enter for the only action
            said = f"{said} · {_play_keys(state, lang, ui=ui)}"
        return said
    if spectating(state):  # a prompt's Enter still acts (the opening draw's Continue): said (new user s12 round 2)
        # the button Tab moved the focus to on it, which Enter presses (s14 attack F8's kind), else its default
        shown = focus if panel is not None and focus is not None and focus in panel.buttons else enter_button(panel)
        if shown is not None:
            return tr(lang, HELP_PROMPT, action=say(lang, shown.label, dict(shown.args)))
        return _watch_keys(state, lang, keys == "sit", link)
    view = state.view
    if panel is not None and panel.cells:  # the arrows and Enter draw only for a seat still to draw (R3)
        mine = view is not None and view.seat is not None and view.seat in view.waiting_for()
        return tr(lang, HELP_DRAW) if mine and len(panel.taken) < len(panel.cells) else ""
    primary = focus if panel is not None and focus is not None and focus in panel.buttons else enter_button(panel)
    if primary is not None:
        others = panel is not None and sum(b.enabled for b in panel.buttons) > 1
        action = say(lang, primary.label, dict(primary.args))
        if panel is not None and panel.kind == "looking":
            return tr(lang, HELP_LOOKING, action=action)
        said = tr(lang, HELP_PROMPT_TAB if others else HELP_PROMPT, action=action)
        if panel is not None and any(b.id == "look" and b.enabled for b in panel.buttons):
            said = f"{said} · {tr(lang, HELP_LOOK)}"
        return said
    if panel is not None and (panel.keys or panel.kind in QUESTIONS):
        return tr(lang, panel.keys) if panel.keys else ""
    if back_offered(state):  # D7: Enter presses "I'm back" (input._back; new user s12 F22: an empty footer)
        return tr(lang, HELP_PROMPT, action=tr(lang, IM_BACK))
    if panel is not None and panel.modal:
        return ""
    if isinstance(view, SeatView) and state.started and view.phase is Phase.PLAY:
        if state.connection != "connected" and state.failure is None:  # no key plays (input.offline): s13 F4
            return tr(lang, KEYS_F1)
        return _play_keys(state, lang, ui=ui)
    return ""


KEYS_TITLE = N_("Keys")
"""The rules' last section (overlays/rules.py), which F1 opens."""
KEYS_INTRO = N_("The line under the table names the keys that work at that moment. All of them:")
KEYS_F1 = N_("F1: the rules, at these keys")
KEYS_SCREEN = N_("F11 or Alt+Enter: full screen, or back to a window")
"""Every screen's (app.FULLSCREEN_KEYS; s14 access F7)."""
KEYS_DRAW = N_("In the opening draw: {keys}")
KEYS_PANEL = N_("On a panel (a hand's end, a question): Enter presses its gold button")
KEYS_TAB = N_("Tab, Shift+Tab: move the focus (a gold ring) between the buttons; Enter or Space presses the "
              "focused one")
"""Every button of the table and of its questions is reached so (client/focus.py; a question keeps the
focus among its own buttons, where the arrows move it too, and Esc keeps what is)."""
KEYS_OVERLAY = N_("In the rules, the ledger and a review: {keys}")
KEYS_CHAT = N_("In the chat: {keys}")


@dataclass(frozen=True, slots=True)
class KeysHere:
    """What the keys can do at the table a window shows, whatever the moment: the rules' Keys section
    (:func:`keys_section`) names only those keys. Kind (inputguard item 2): F1's list said "T tiles" at a
    table that does not allow the tracker, and a spectator's the tile keys, H, P, U, Y and the draw's keys."""

    seated: bool = True
    """The window has a seat (a spectator has no hand, no hint, no Pass, Undo, Redo, no draw: D8)."""
    tracker: bool = True
    """The table allows the tile tracker (T, issue 14.3)."""
    sit: bool = False
    """A spectator's window where a seat is free now, which J takes (:data:`KEYS_SIT`, said only then)."""
    link: bool = True
    """The table has a link others can reach, which K copies (:data:`HELP_COPY`; s14 player F-b: F1 named K at
    a solo table only this computer reaches)."""


def keys_here(state: ClientState, sit: bool = False, link: bool = True) -> KeysHere:
    """The :class:`KeysHere` of the table ``state`` shows (store.spectating: a window with no seat); ``sit``:
    a seat is free that this spectator's window can take (scenes.table.TableScene.free_seats); ``link``: the
    table has a link for a friend (scenes.table.TableScene.table_link)."""
    return KeysHere(seated=not spectating(state), tracker=state.tracker, sit=sit, link=link)


def keys_section(lang: str, here: KeysHere | None = None) -> RulesSection:
    """The rules' Keys section in ``lang``, made of the footer's own key lines (:data:`HELP`,
    :data:`HELP_MORE`, :data:`HELP_TILES`, :data:`HELP_DRAW`, :data:`HELP_OVERLAY`, :data:`HELP_CHAT`):
    one bullet per key of the play line, one per moment. One source, so the footer and the rules never
    disagree (s11 new user: no keys in the rules, F1 did nothing, H/P/U/Y/M/C/T seen only in one's turn).
    ``here``: the table the rules are read at (:func:`keys_here`): only the keys that work there, J first
    where a spectator's window can take a free seat (:data:`KEYS_SIT`); None (the rules away from any
    table) names every key of a seat."""
    from doublenine.shared.i18n.rules import Block, RulesSection

    from .text import tr

    here = here or KeysHere()
    seat = tr(lang, HELP).split(" · ") if here.seated else []
    play = [*seat, *(tr(lang, k) for k in (*HELP_MORE, *((HELP_TILES,) if here.tracker else ()),
                                                  *((HELP_COPY,) if here.link else ())))]
    draw = [Block(tr(lang, KEYS_DRAW, keys=tr(lang, HELP_DRAW)), True)] if here.seated else []
    blocks = [Block(tr(lang, KEYS_INTRO)), *(Block(k, True) for k in play), Block(tr(lang, KEYS_F1), True),
              Block(tr(lang, KEYS_SCREEN), True),
              Block(tr(lang, KEYS_TAB), True),  # in sight as F1 opens at 1280x800 (new user s14: below, unseen)
              *draw, Block(tr(lang, KEYS_PANEL), True),
              Block(tr(lang, HELP_LOOK), True),  # every hand end's panel has it (s14 access F12: not in F1)
              Block(tr(lang, KEYS_OVERLAY, keys=tr(lang, HELP_OVERLAY)), True),
              Block(tr(lang, KEYS_CHAT, keys=tr(lang, HELP_CHAT)), True)]
    if here.sit:  # first: the one key a spectator's window has of the play keys, seen without scrolling
        blocks.insert(1, Block(tr(lang, KEYS_SIT), True))
    return RulesSection(tr(lang, KEYS_TITLE), (), tuple(blocks))


def _play_keys(state: ClientState, lang: str, full: bool = False, ui: Ui | None = None) -> str:
    """The keys of a seated player in a hand, translated: on its move :data:`HELP`, then :data:`HELP_MORE`,
    then :data:`HELP_TILES` where the table allows the tracker; when no tile fits, Enter passes (the gold
    Pass, input.gold_button) and the tile keys are not offered; off its move only the keys that act then
    (U undo, Y redo, M, C, T) and F1 for the rest (new user s12 F19: the 100-character wall under "West to
    play", where Enter and P did nothing). ``full``: the whole line whatever the move (the footer's height,
    :func:`footer_texts`). On its move "L/R: end" only where the line has ends (s14 player F-a: named on the
    lead, an empty line, where L did nothing) and the lifted tile fits both, "Enter: play" only while Enter
    plays the lifted tile, "Esc: cancel" only while something is lifted, ringed or typed (:func:`_tile_keys`)."""
    from .text import tr

    more = [tr(lang, k) for k in HELP_MORE + ((HELP_TILES,) if state.tracker else ())]
    view = state.view
    parts = tr(lang, HELP).split(" · ")  # the tile keys (5), H hint, P pass, U undo, Y redo: one msgid
    mine = isinstance(view, SeatView) and view.phase is Phase.PLAY and view.turn == view.seat
    if full or len(parts) != 9:
        return " · ".join([tr(lang, HELP), *more])
    top = [parts[i] for i, bid in ((7, "undo"), (8, "redo")) if _answers(state, bid)]
    if mine and not _must_pass(view):  # P passes only when no tile fits (R15): not named where it does nothing
        acting = [k for i, k in enumerate(parts[:6]) if i in _tile_keys(view, ui or Ui())]
        return " · ".join([*acting, *top, *more])
    if mine:
        return " · ".join([tr(lang, HELP_PROMPT, action=tr(lang, "Pass")), parts[6], *top, *more])
    return " · ".join([*top, *more, tr(lang, KEYS_F1)])


def _tile_keys(view: SeatView, ui: Ui) -> frozenset[int]:
    """Which of :data:`HELP`'s first six parts act on this seat's move with the previews ``ui``, as
    :func:`.input.key` answers them: the digits, the arrows and H always; L/R (2) while the lifted tile fits
    both ends of a line; Enter (3) while it plays the lifted tile (its end chosen, its only one, or a lead:
    input._enter); Esc (4) while it puts something back (a lifted tile, the hand's focus, a typed digit).
    Kind (s14 left alone): "Esc: cancel" and "Enter: play" said with nothing lifted, where both did nothing."""
    from .board import legal_ends
    acting = {0, 1, 5}
    tile = ui.selected
    fits = legal_ends(view, tile) if tile is not None else ()
    if fits and len(fits) == 2 and view.line:
        acting.add(2)
    if fits and (ui.end in fits or len(fits) == 1 or view.ends is None):
        acting.add(3)
    if tile is not None or ui.focus is not None or ui.typed:
        acting.add(4)
    return frozenset(acting)


def _watch_keys(state: ClientState, lang: str, sit: bool, link: bool) -> str:
    """A spectator's footer, translated: :data:`WATCHING` (or :data:`NEXT_HAND` for a window whose seat is its
    from the next deal), J where a free seat can be taken (``sit``, :data:`HELP_SIT`), then the keys of the
    table that act for a spectator as for a seat: M, C, S (:data:`HELP_MORE`), T where the table allows the
    tracker (:data:`HELP_TILES`), K where the table has a link (``link``, :data:`HELP_COPY`). Kind (s14 left
    alone): a spectator's footer named none of the keys that acted for it (scenes/table.TableScene.handle
    takes M, S, K, J, the chat C, the tracker T before the table's input), while F1 named them
    (:func:`keys_section`)."""
    from .text import tr

    lead = tr(lang, NEXT_HAND) if state.next_seat is not None else tr(lang, WATCHING)
    keys = [*((HELP_SIT,) if sit and state.next_seat is None else ()), *HELP_MORE,
            *((HELP_TILES,) if state.tracker else ()), *((HELP_COPY,) if link else ())]
    return " · ".join([lead, *(tr(lang, k) for k in keys)])


def _answers(state: ClientState, bid: str) -> bool:
    """The key of the top-bar button ``bid`` (U undo, Y redo) acts now: its button is enabled
    (buttons.top_enabled, the one answer the buttons and input.key read). Kind (inputguard item 2; new user
    s14): a key named where it does not act: U and Y before any play, P while a tile fits, and "U undo · Y
    redo" under a greyed Undo and Redo while a friend the computer stands in for must agree (the key only
    repeats the greyed button's reason then; the footer names only keys that act, as README says)."""
    from .buttons import top_enabled
    enabled, _ = top_enabled(state)
    return enabled.get(bid, False)


def _must_pass(view: object) -> bool:
    """R15: no tile of the hand fits, the one move is a pass."""
    return any(m.__class__.__name__ == "Pass" for m in view.legal_moves())  # type: ignore[attr-defined]


FOOTER_ROW = 1.35
"""The height of one row of the key help, in small-font sizes (:func:`footer_height`)."""


def footer_height(rows: int, sm: int) -> int:
    """The footer's height in px for ``rows`` rows of the ``sm`` px font: each row its own
    :data:`FOOTER_ROW` band, so two rows never run into each other. Pure."""
    return round(FOOTER_ROW * sm * rows + 0.3 * sm)


def footer_rows(rect: Rect, rows: int, sm: int) -> tuple[Rect, ...]:
    """The box of each of ``rows`` key-help rows in the footer ``rect``: one :data:`FOOTER_ROW` band
    each, the block centred in ``rect`` (which :func:`footer_height` sized for at least ``rows``)."""
    step = round(FOOTER_ROW * sm)
    top = rect[1] + (rect[3] - rows * step) // 2
    return tuple((rect[0], top + i * step, rect[2], step) for i in range(rows))


def footer_texts(state: ClientState, lang: str, link: bool = False) -> tuple[str, ...]:
    """Every key help the table can say without a prompt's own words (:func:`key_help`), translated:
    the footer is kept as high as the longest of them wraps to, so it does not jump when the keys
    change and none of them needs more rows than it has (new user s10 item 4: the play keys with M, C
    and T wrapped to two rows in a footer kept for the one row of :data:`HELP`). ``link``: as
    :func:`key_help`'s."""
    from .text import tr
    if spectating(state):  # J is said only while no seat waits for the next deal (_watch_keys)
        first = _watch_keys(state, lang, state.next_seat is None, link)
        return (first, tr(lang, HELP_OVERLAY), tr(lang, HELP_CHAT),
                tr(lang, HELP_PHRASES), tr(lang, HELP_CHAT_ITEM))
    return (_play_keys(state, lang, full=True), tr(lang, HELP_OVERLAY), tr(lang, HELP_CHAT), tr(lang, HELP_PHRASES), tr(lang, HELP_DRAW),
            tr(lang, HELP_CHAT_ITEM))


def help_rows(text: str, sm: int, width: int) -> tuple[str, ...]:
    """``text`` broken at its " · " into the fewest rows of ``width`` px at the ``sm`` px font (issue
    11.4: never cut at 800x600), as even as that allows; a part wider than a row alone is broken at its
    spaces. Kind (new user s10 item 4): a footer whose rows were counted apart from its height."""
    return _wrap_keys(measurer(), text, sm, width) if text else ()


@lru_cache(maxsize=64)
def _wrap_keys(face: Typeface, text: str, sm: int, width: int) -> tuple[str, ...]:
    """:func:`help_rows` with the measurer given, cached: the layout asks it for every frame."""
    def fits(row: str) -> bool:
        return face.measure(row, sm)[0] <= width

    parts: list[str] = []
    for part in text.split(" · "):  # a part too wide alone (a narrow window) is broken at its spaces
        if fits(part):
            parts.append(part)
            continue
        words, row = part.split(" "), ""
        for word in words:
            if row and not fits(f"{row} {word}"):
                parts.append(row)
                row = word
            else:
                row = f"{row} {word}" if row else word
        parts.append(row)

    def greedy(limit: float) -> list[str]:
        rows: list[str] = []
        for part in parts:
            if rows and face.measure(f"{rows[-1]} · {part}", sm)[0] <= limit:
                rows[-1] = f"{rows[-1]} · {part}"
            else:
                rows.append(part)
        return rows

    best = greedy(width)
    lo, hi = 0.0, float(width)  # the narrowest limit that still needs no more rows: the most even rows
    for _ in range(12):
        mid = (lo + hi) / 2
        if len(greedy(mid)) <= len(best) and all(fits(r) for r in greedy(mid)):
            hi = mid
        else:
            lo = mid
    even = greedy(hi)
    return tuple(even if len(even) == len(best) else best)


def status_rows(state: ClientState, ui: Ui, lang: str, f: int, width: int) -> tuple[str, ...]:
    """The status line (:func:`.panels.status_line`) in ``lang`` as one row of ``width`` px at the bold
    ``f`` px font, or two rows broken at the most even space when one does not fit."""
    from .text import say

    msgid, args = status_line(state, ui, lang)
    if not msgid:
        return ()
    text = say(lang, msgid, args)
    face = measurer()
    if face.measure(text, f, True)[0] <= width:
        return (text,)
    words = text.split(" ")
    best: tuple[str, ...] = (text,)
    for k in range(1, len(words)):
        rows = (" ".join(words[:k]), " ".join(words[k:]))
        if len(best) == 1 or max(face.measure(r, f, True)[0] for r in rows) < max(face.measure(r, f, True)[0] for r in best):
            best = rows
    return best
