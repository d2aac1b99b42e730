"""The table's buttons and the top bar's details beside them (pure geometry, no drawing).

The top bar's row (Restart, Undo, Redo, Rules, Ledger, Leave, each as wide as its translated label
needs), the Hint and Pass buttons right of the hand on this seat's turn, whether Undo and Hint may act
(R25, R27) and the top bar's texts (table code, hand, target) with the widths they take.
"""
from __future__ import annotations

from typing import Any

from doublenine.shared.events import UNDO_TARGETS
from doublenine.shared.i18n import N_, Nn_
from doublenine.shared.moves import Pass
from doublenine.shared.state import Phase
from doublenine.shared.views import SeatView

from .consentable import NEEDS_CONSENT, why_not
from .panels import Button
from .snake import Rect
from .store import ClientState, spectating, undo_after
from .typeset import measurer

TOP_BUTTONS = (("leave", N_("Leave")), ("ledger", N_("Ledger")), ("rules", N_("Rules")), ("redo", N_("Redo")),
               ("undo", N_("Undo")), ("restart", N_("Restart")))
"""The top bar's buttons, right to left."""
COPY_LINK = ("copylink", N_("Copy link"))
"""A spectator's top bar ends with it (room left by Undo, Redo, Restart): the table's link to the clipboard, as
the K key copies it for every window (scenes/table.TableScene.copy_link; s14: only a LAN host's invite card
could copy a link, and a spectator who wanted to bring a friend had none)."""


TIPS = {
    "leave": N_("Leave this table for the start screen"),
    "ledger": N_("Scores, draws and hands of this match"),
    "rules": N_("How to play, and every key (F1)"),
    "redo": N_("Put back what Undo took back (Y)"),
    "undo": N_("Take back your last play (U)"),
    "restart": N_("Play this hand again from its deal"),
    "hint": N_("A suggested move (H)"),  # last user s16 F1: "with why" promised a reason the hint rarely has
    "pass": N_("Pass: no tile of yours fits (P)"),
    "copylink": N_("Copy this table's link, to send to a friend (K)"),
}
"""One line said under the pointer beside each button of the table (render.button_tip), its key where it has
one (the footer's): s11 new user, no button of the table said what it does."""
UNDO_BACK_TIP = N_("Take back your last play, back into hand {hand}: its score is taken back (U)")
"""Undo's line where its play lies in a finished hand (R27/D6, :func:`.panels.undo_reopens`): s13 player F12,
"Take back your last play (U)" was said at the start of hand 2, and U reopened hand 1 and took its 33
points back. Kind: a tip that says less than the press does (as :data:`LEAVE_HOSTED_TIP`)."""


def tips_for(state: ClientState, lang: str) -> dict[str, str]:
    """The table's tips that depend on the moment (translated), over :data:`TIPS`: Undo's when it goes
    back over a hand's end (:data:`UNDO_BACK_TIP`); {} otherwise."""
    from .panels import undo_reopens
    from .text import tr

    back = undo_reopens(state.view, undo_after(state))
    return {} if back is None else {"undo": tr(lang, UNDO_BACK_TIP, hand=back.number)}


LEAVE_HOSTED_TIP = N_("Leave, and stop hosting: the game ends for your friends at this table")
"""Leave's line at a table this window hosts (scenes/table.TableScene.leave_ends_hosting): leaving stops
the server. New user s12 round 2: the tip said "Leave this table for the start screen" there; only the
question after the press said the game ends for everyone. Kind: a tip that says less than the press does."""


SOUND_ON = N_("Sound: on")
"""The sound button's words while the table's sounds play (issue 15.3), said under the pointer
(render.sound_tip) and by the toast of a press; a press, as the M key (scenes/table.TableScene.toggle_sound),
turns them off."""
SOUND_OFF = N_("Sound: off")
"""The sound button's words while the sounds are off (a press, or M, turns them on)."""
NO_SOUND_DEVICE = N_("No sound device: sound is off")
"""The sound button's words on a machine where nothing can play (no audio device or sound server found),
also what M says there (scenes/table.TableScene.toggle_sound)."""


def sound_button(w: int, m: int, help_rect: Rect, sm: int, muted: bool, no_sound: bool = False) -> Button:
    """The sound button at the right end of the footer, beside the key help that names its key ("M sound"),
    for a window ``w`` px wide: a speaker (render.draw_speaker), crossed out when ``muted``. Sound was
    reachable by the M key alone; the top bar has no room for it at 800x600 (its words, "Sonido:
    desactivado", cut every label there to a few letters, and the details lost "con semilla"). With
    ``no_sound`` (nothing can play here) it is crossed out and says :data:`NO_SOUND_DEVICE`, whatever the
    remembered setting (new user s11 round 2 item 10: "Sound: on" where nothing could be heard)."""
    _, y, _, fh = help_rect  # the key help's box, which ends a sound_room left of the window's margin
    bh = max(12, min(fh - 2, round(1.9 * sm)))
    bw = sound_room(sm) - m // 2
    label = NO_SOUND_DEVICE if no_sound else SOUND_OFF if muted else SOUND_ON
    return Button("sound", (w - m - bw, y + (fh - bh) // 2, bw, bh), label)


def sound_room(sm: int) -> int:
    """Px the sound button takes at the right end of the footer (its width and a gap), at the ``sm`` px
    font: the key help wraps within the footer less this, clear of it."""
    return round(1.4 * round(1.9 * sm)) + max(4, sm // 2)


def shown_top_buttons(state: ClientState) -> tuple[tuple[str, str], ...]:
    """The :data:`TOP_BUTTONS` the top bar shows: a spectator (no seat) never undoes, redoes or restarts,
    so those are not shown at all (new user N9: greyed Restart/Undo/Redo in the spectator's bar), nor
    while the window connects; it has :data:`COPY_LINK` in their room once the table has a code that leads
    somewhere (``ClientState.shared``: never a table on this computer only, a lost connection, a table gone)."""
    if spectating(state):
        return TOP_BUTTONS[:3] + ((COPY_LINK,) if state.table and state.shared else ())
    return TOP_BUTTONS


def _label_widths(labels: list[str], sm: int, bh: int) -> list[int]:
    """Px each top-bar button needs for its translated label at the ``sm`` px font, ``bh`` px high."""
    face = measurer()
    return [face.measure(label, sm)[0] + bh // 2 + 6 for label in labels]


def top_bar_rows(state: ClientState, lang: str, w: int, m: int, f: int, sm: int) -> tuple[int, Rect | None]:
    """(the top bar's height, the box of its second row or None) for a window ``w`` px wide at fonts
    ``f``/``sm`` px: one row when the scores with their team names, the details (:func:`details_width`)
    and the buttons at their labels' widths fit side by side; else two rows left of the buttons, the
    scores above the details, and a bar as high as the two lines need. New user s10 item 4: at 800x600
    in German, French, Spanish and Portuguese the details were squeezed into two small lines beside
    "A 0 B 0". Pure; widths measured with :func:`.typeset.measurer`."""
    from .text import tr

    one = round(2.6 * f)
    view = state.view
    face = measurer()
    bh = round(0.8 * round(2.1 * f))
    top = shown_top_buttons(state)
    row = sum(_label_widths([tr(lang, label) for _, label in top], sm, bh)) + (len(top) - 1) * (m // 2)
    # every detail, the seed too: the second row shows the seed where one row had no room for it (new user
    # s11 round 2, 800x600: "seeded 42" never shown though the second row had room; kind: a detail dropped
    # from the row it would fit on)
    if m + widest_score_width(lang, f) + details_width(state, lang, sm, every=True) + f + row <= w - m:
        return one, None
    first = face.line_height(round(f * 1.2), True)
    second = face.line_height(sm)
    pad = max(2, m // 3)
    height = max(one, first + second + 2 * pad)
    return height, (m, pad + first, max(1, w - 2 * m), second)


def top_button_widths(labels: list[str], w: int, m: int, f: int, sm: int, bh: int, left: int = 0,
                      details: int = 0) -> list[int]:
    """Widths of the top-bar buttons for the translated ``labels``: all the same when every label fits and
    the row of them leaves ``details`` px (the table code, target and hand on one row) right of ``left``
    px (the scores), else each as wide as its measured label, in the room right of ``left``.

    Left alone before: in a table narrowed by the open tile tracker or chat (Portuguese, German, Spanish
    at 1100-1280 px), same-width buttons kept empty room around "Sair" while the details beside them were
    squeezed onto two small rows and the team names cut to letters."""
    uniform = min(round(6.4 * f), (round(w * 0.58) - m) // 6 - m // 2)
    needs = _label_widths(labels, sm, bh)
    row = len(labels) * uniform + (len(labels) - 1) * (m // 2)
    if max(needs) <= uniform and left + details + row <= w - m:
        return [uniform] * len(labels)
    room = max(round(w * 0.58), w - left - m) - m - (len(labels) - 1) * (m // 2)
    scale = min(1.0, room / sum(needs))
    return [max(round(2.5 * f), int(n * scale)) for n in needs]


def top_details(state: ClientState, lang: str, shown_hand: int | None = None) -> list[tuple[str, int]]:
    """The top bar's details as (text, place), most needed first: table code, hand, "to 100", seeded,
    the table's name when it has one (club s14), and while anyone watches, how many do ("1 spectator watching", ``TableW.spectators``; s11 new user:
    players were never told someone watched while the web page showed the count).

    The hand shown is the one being played or about to be: while the opener is chosen (R6, phase
    NOMINATE) the next hand's number (new user: "hand 1" while choosing the opener for hand 2); while a
    finished hand is shown, that hand's (``shown_hand``)."""
    from .text import tr, trn

    view = state.view
    bits: list[tuple[str, int]] = []
    if state.table:
        bits.append((tr(lang, "table {code}", code=state.table), 0))
    if view is not None:
        shown = view.hand_number + 1 if view.phase is Phase.NOMINATE else view.hand_number
        if shown_hand is not None:
            shown = shown_hand
        if shown:
            bits.append((tr(lang, "hand {n}", n=shown), 2))
    bits.append((tr(lang, "to {target}", target=100), 1))
    if state.seeded:
        # translator s17 F10: the seed is told to its table's creator alone (D9, ``joined.seed``): every other
        # player reads a label of its own, never the creator's label left without its number (fr "n° de donne")
        bits.append((tr(lang, SEEDED) if state.seed is None else tr(lang, SEED_SHOWN, seed=state.seed), 3))
    if state.spectators > 0:  # nobody watching is the usual case: said only in the ledger's facts
        # before "seeded" in need (after it on the bar): at 800x600 only one of them fits beside the
        # buttons, and who watches now matters more to a player than the seed, which the ledger keeps
        bits.insert(len(bits) - bool(state.seeded), (trn(lang, WATCHING[0], WATCHING[1], state.spectators), 4))
    if state.table_name:  # club s14 F1: the table's name, last in need (dropped first when the bar is short)
        bits.append((state.table_name, 5))
    return bits


SEEDED = N_("seeded")
"""The top bar's word for a seeded table (R24, D9) to a player not told its seed: whole without a number."""
SEED_SHOWN = N_("seed {seed}")
"""The top bar's seed, to the one player who set it (D9): the label made to be followed by its number."""

WATCHING = Nn_("{count} watching", "{count} watching")
"""The top bar's count of spectators (``TableW.spectators``), short: it shares the row with the buttons."""


def details_width(state: ClientState, lang: str, sm: int, every: bool = False) -> int:
    """Px of the top bar's details never dropped (table code, target, hand) on one row at ``sm`` px;
    ``every``: of all of them ("seeded 7" too). The spectators' count, while anyone watches, is needed
    too: the bar takes its second row for it rather than drop it (s11 new user, 800x600)."""
    from .text import tr

    # the hand's place is counted as "hand 88" in every phase: the bar is laid out once for the match, its
    # buttons kept the same size (polish s12 item 15: with the chat open they were wide during the opening
    # draw, with no hand said, and narrower once "hand 1" came; kind: a layout sized by a value that changes)
    bits = [bit for bit in top_details(state, lang) if bit[1] != 2] + [(tr(lang, "hand {n}", n=88), 2)]
    needed = sorted((bit for bit in bits if every or bit[1] <= 2 or bit[1] == 4), key=lambda bit: bit[1])
    return measurer().measure(" · ".join(text for text, _ in needed), sm)[0]


WIDEST_SCORES = (188, 188)
"""The widest scores the top bar is laid out for: three digits each (R1: a match is played to 100, and the
hand that gets there can add a hundred more). s13: the bar was laid out for the scores of the moment, so it
changed from one row to two (the whole table moving down) when a score reached 100 (1280x800 in Spanish
at a LAN table: 47 px high, then 51) and counted no "+NN" plate."""
WIDEST_GAINS = {"A": 88}
"""The widest "+NN" plate (one team scores a hand, R18) the top bar is laid out for (:data:`WIDEST_SCORES`);
a wider one ("+101", rare) is left out by the painter where it does not fit (render._top_bar)."""


def widest_score_width(lang: str, f: int, letters: bool = False) -> int:
    """Px of the top bar's scores at their widest realistic (:data:`WIDEST_SCORES` with a
    :data:`WIDEST_GAINS` plate): what :func:`top_bar_rows` lays the bar out for (with the team names:
    the details keep their room beside them or take the second row from the first), and, ``letters``,
    with the names said "A" and "B" as the painter shortens them where they do not fit (render._top_bar):
    the room :func:`table_buttons` leaves the scores, so no button label is cut for a width the scores
    reach only by their names. The bar keeps its rows and its buttons their widths all match long. Kind
    fixed: a row of items measured without its widest content (the details and the buttons gave way, or
    the bar took a second row mid-match)."""
    return score_width(lang, f, WIDEST_SCORES, WIDEST_GAINS, letters)


def score_width(lang: str, f: int, scores: tuple[int, int], gains: dict[str, int] | None = None,
                letters: bool = False) -> int:
    """Width in px of the top bar's two team scores as :func:`~doublenine.client.render` draws them, with
    the gold "+N" plate of each team in ``gains`` (team letter -> points the shown hand added,
    :func:`~doublenine.client.render.score_gains`; None or {}: no hand's end shown).

    The plates count: without them the team names were kept at 800x600 in Spanish at the match's end and
    "+68" was squeezed into the 22 px left before Restart (CI of 12bb1e8, test_text_fit)."""
    from .text import tr

    face = measurer()
    plates = sum(face.measure(f"+{gain}", f, True)[0] + f // 2 for gain in (gains or {}).values() if gain)
    return plates + sum(f + f // 3 + face.measure(team if letters else tr(lang, "Team {team}", team=team), f)[0] + f // 2
                        + face.measure(str(score), round(f * 1.2), True)[0] + f for team, score in zip("AB", scores))


def may_undo(view: object, after: tuple[int, ...] | None = None) -> bool:
    """R27, D6: the seat has a play in this match to go back to (the server's ``MatchLog.undo_target``,
    :data:`~doublenine.shared.events.UNDO_TARGETS`): in this hand, or in a finished hand of this match.
    A pass is never gone back to (R15, D4: it was the seat's only move); a seat that only passed has
    nothing to undo (the button once offered to go back to a forced pass, s13). ``after`` (match, hand,
    moves): where the seat's person began to play it (:func:`.store.undo_after`): the plays before it were the
    computer's or another person's, not theirs to take back (R27, D1; sessions 16, 17)."""
    if not isinstance(view, SeatView):
        return False
    from .playedby import since_of
    after = since_of(after)
    hands = [(m, (view.match, view.hand_number, i)) for i, m in enumerate(view.moves)]
    hands += [(m, (h.match, h.number, i)) for h in view.finished if h.match == view.match
              for i, m in enumerate(h.moves)]
    return any(isinstance(m, UNDO_TARGETS) and m.seat == view.seat and (after is None or at >= after)
               for m, at in hands)


def may_hint(state: ClientState) -> bool:
    """R25: a hint applies only while the table waits for this seat's decision in a hand."""
    view = state.view
    return (isinstance(view, SeatView) and state.connection == "connected" and state.started
            and view.phase in (Phase.PLAY, Phase.REVIEW, Phase.NOMINATE) and view.seat in view.waiting_for())


def top_enabled(state: ClientState, lang: str = "en") -> tuple[dict[str, bool], Any]:
    """({"redo", "undo", "restart"}: whether each top-bar button acts now, the reason all three are greyed
    or None): while the connection is lost nothing can be sent, a spectator has none, and D1/D7 each needs
    the other humans' consent, greyed with the reason (client.consentable) where one of them cannot give
    it. The one answer the buttons (:func:`table_buttons`), their keys (input.key: U, Y) and the footer
    naming those keys (footer.key_help) read."""
    view = state.view
    seated = isinstance(view, SeatView) and state.connection == "connected"
    why = why_not(state, lang) if seated else None
    enabled = {"redo": seated and state.can_redo, "undo": seated and state.can_undo and may_undo(view, undo_after(state)),
               "restart": seated and view is not None and view.phase is Phase.PLAY}
    if why is not None:
        enabled.update(dict.fromkeys(("redo", "undo", "restart"), False))
    return enabled, why


def table_buttons(state: ClientState, size: tuple[int, int], m: int, top_h: int, bw: int, bh: int,
                  hand_top: int, f: int, sm: int, lang: str = "en", edge: int | None = None) -> tuple[Button, ...]:
    """The top bar's buttons (right to left, each enabled when it can act now) and, on this seat's turn,
    Hint and Pass (R25, R15) right of the hand, ``bw`` x ``bh`` px with their right side at ``edge`` (the
    Chat button's, :func:`.chat.toggle_box`; ``size[0] - m`` by default), in a window of ``size`` px at
    fonts ``f`` and ``sm`` px."""
    from .text import tr

    w, h = size
    view = state.view
    out: list[Button] = []
    y = (top_h - round(0.8 * bh)) // 2
    seated = isinstance(view, SeatView) and state.connection == "connected"
    enabled, why = top_enabled(state, lang)
    top = shown_top_buttons(state)
    stacked = top_bar_rows(state, lang, w, m, f, sm)[1] is not None  # the details under the scores
    score_w, details_w = widest_score_width(lang, f, letters=True), details_width(state, lang, sm) + f
    # same-width buttons only where they leave every detail its room: at 1280x800 they took the room of
    # "seeded 7" once "hand 1" came after the opening draw (kind: a table fact gone from the top bar)
    every_w = details_width(state, lang, sm, every=True) + f
    labels = [tr(lang, label) for _, label in top]
    widths = top_button_widths(labels, w, m, f, sm, round(0.8 * bh),
                               m + (max(score_w, every_w) if stacked else score_w), 0 if stacked else every_w)
    if stacked:
        # the second row's room for every detail only where the buttons' labels lose nothing by it: else
        # the room of the details never dropped (the seed gives way, kept in the ledger), as before
        needs = _label_widths(labels, sm, round(0.8 * bh))
        before = top_button_widths(labels, w, m, f, sm, round(0.8 * bh), m + max(score_w, details_w), 0)

        def cut(ws: list[int]) -> int:
            return sum(max(0, need - sw) for sw, need in zip(ws, needs))
        if cut(widths) > cut(before):
            widths = before
    x = w - m
    for (bid, label), sw in zip(top, widths):
        x -= sw
        out.append(Button(bid, (x, y, sw, round(0.8 * bh)), label, False, enabled.get(bid, True),
                          why=why if bid in NEEDS_CONSENT else None))
        x -= m // 2
    if isinstance(view, SeatView) and seated and view.phase is Phase.PLAY and view.turn == view.seat:
        bx = (w - m if edge is None else edge) - bw
        out.append(Button("hint", (bx, hand_top, bw, bh), N_("Hint")))
        if any(isinstance(mv, Pass) for mv in view.legal_moves()):
            out.append(Button("pass", (bx, hand_top + bh + m // 2, bw, bh), N_("Pass"), primary=True))
    return tuple(out)
