"""The table scene: one seat's (or a spectator's) view of a match, played with previews.

Each frame: the session drains its inbox into the client state, the layout is
recomputed only when the state, the previews or the window size changed, and
the painter draws. Input becomes previews (R25) or intents sent through the
session. The rules and ledger overlays (issue 6) open over the table and tell
the server to pause computer seats while they are open (R26).
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import Any, Protocol

import pygame

from doublenine.shared.i18n import N_
from doublenine.shared.moves import DrawPick, Play
from doublenine.shared.seats import Seat
from doublenine.shared.numbers import is_ascii_digits
from doublenine.shared.seatstate import TAKEABLE
from doublenine.shared.state import Phase, Placed
from doublenine.shared.views import SeatView

from .. import chat, config
from ..art import Art
from ..buttons import NO_SOUND_DEVICE, SOUND_OFF, SOUND_ON
from ..focus import draw_ring, focused, holds_focus
from ..following import followed
from ..input import UiAction, Viewport, gold_button, handle, latin_key
from ..intents import AskCoach, AskHint, Answer, Back, CloseIt, Control, Decide, HandOver, Intent, Nudge, Pause, Withdraw
from ..layout import Rect, TableLayout, compute_layout, legal_ends, metrics, text_size, text_used
from ..missed import missed_end
from ..pacing import Pacer, looked
from ..panels import confirming, draw_key, draw_unseen
from ..render import INK, render, wrap
from ..seatnames import renamed_notice, table_renamed_notice
from ..seen import KEY_GUARD, PRESS_KEYS, Seen, Sight  # noqa: F401 - KEY_GUARD: said here too (the tests read it)
from ..snake import overlaps
from ..typeset import measurer
from ..sound import Sounds, cues
from ..text import say, tr
from ..title import window_title
from ..tracking import TrackerLayout, TrackerPanel, offered
from ..store import ClientState, localized, played_by_holder, seat_name, seat_stretches, spectating
from ..uistate import Ui
from ..undone import rewound_said, undone_said
from .base import Change
from .talk import RESULT_PANELS, TableTalk, covered

TOAST_SECONDS = 8.0
"""How long the message after an export stays up."""
TOAST_ROWS = 4
"""Rows a message may take (every message in five languages fits at 800x600: test_rehost.py)."""
TOAST_ROW = 1.4
"""The height of one row of the message, in font sizes (its box, its rows drawn, the band kept for it)."""
SEEN_OVER_OVERLAYS = ("consent", "refused")
"""Prompts an open overlay steps aside for when they come (D1: another player's request, the refusal of
this seat's own): new user s9 item 1, a request waited under the Review overlay, unseen. The overlay
comes back once the prompt is answered (review: the Review or the Ledger the player was reading was
closed for good by a request they had not asked for)."""
BACKDROP = (8, 20, 14)
"""The window's colour where the table does not reach (painted over by the side panel when one is open)."""
SLIDE = 0.22
"""Seconds a newly played tile takes to slide from its player to its place."""
FLIP_SECONDS = 2.5
"""Seconds a tied opening draw's tiles stay face up in their cells over the new grid (R4)."""
QUICK_SECONDS = 12.0
"""How long Play now's one line (client.playnow.said) stays, or until clicked away."""


class Session(Protocol):
    """A source of client state and a sink for intents (network or local)."""

    state: ClientState

    def pump(self) -> bool: ...

    def send(self, intent: Intent) -> Any: ...

    def close(self, leave: bool = True) -> None: ...



SIT_HERE = N_("A seat is free: click its card, or press J, to sit there")
"""Said to a spectator once a seat of the table becomes free (s13 spectator F4; J: :data:`SIT_KEY`)."""
COPY_KEY = pygame.K_k
"""Every window's key to the table's link on the clipboard (:meth:`TableScene.copy_link`), a spectator's top-bar
"Copy link" too (s14: only a LAN host's invite card could copy a link)."""
LINK_COPIED = N_("Table link copied: {link}")
"""The short confirmation of :data:`COPY_KEY` or "Copy link": what is now on the clipboard."""
ONLY_HERE = N_("This table is only on this computer: there is no link to send a friend")
"""Said by :data:`COPY_KEY` where the table has no link others can reach (a server on this computer only, a
solo table): nothing is copied (s14 player F-b: "Table code copied: T4QGJ", a code nobody else could use)."""
TABLE_UNREACHED = N_("This table does not answer now: its link would lead a friend nowhere")
"""Said by :data:`COPY_KEY` while the connection is lost or the table is gone (its server or host gone): nothing
is copied (new user s15: the code was still offered at a table no longer hosted)."""
NO_CLIPBOARD = N_("No clipboard here: copy the table's link by hand: {link}")
"""Said where this system has no clipboard (pygame.scrap fails): the link to copy by hand."""
SIT_KEY = pygame.K_j
"""A spectator's key to a free seat (:meth:`TableScene._ring_free_seat`): the ring on the next free seat's
card, which Enter or Space takes (s14: a seat was taken by a click on its card only)."""
CLOSE_WARNING = N_("Close table ends this table for everyone at it, who are told. Press Close table again to close it.")
"""The first press of the creator's Close table (organiser s16 F11): what it does, and that a second press does it."""
UNLISTING = N_("The table is taken off the server's page and the projector. It goes on as before.")
"""Said at the creator's Take off the list (organiser s16 F11)."""
LEAVE_OTHERS_PLAY_ON = N_("Leave gives your seat up: the others play on without you. Press Leave again to go.")
"""The first Leave's warning at a table with other human players (they play on, the computer takes the seat)."""
LEAVE_NO_WAY_BACK = N_("Leave gives your seat up: you cannot come back to this match. Press Leave again to go.")
"""The first Leave's warning at a table on another server where no other person plays: only this window's
own tables are kept for "Back to your match" (config.keep_match), so the match would end for the player."""
LEAVE_BEFORE_START = N_("Leave frees your seat: until the match starts you can sit down again. Press Leave again "
                        "to go.")
"""The first Leave's warning before the match starts (club s14 F14: it said "you cannot come back to this
match", but before the start a seat given up is simply free again, and the table code sits the player
down again, after the server's 10 s wait for a seat given up)."""
LEAVE_STOPS_HOSTING = N_("Leave stops hosting: your friends cannot come back. You keep your seat. "
                         "Press Leave again to go.")
"""The first Leave's warning at a table this window hosts where no friend is seated now (a friend left: the
computer plays that seat): Leave ends the hosting but keeps the host's seat (README "Play with friends" step 3;
new user: it said "gives your seat up: the others play on", then "Back to your match" offered the seat)."""



GIVEN_UP_SEATED = N_("Your seat at table {code} had been given up: the match ended while you had been away {minutes} minutes. You now have a free seat at the same table.")
"""Said once when a held seat's rejoin was refused because a match's end gave it up and the window's join took
a free seat there instead (``NetClient.given_up``; session 17: the player was moved without a word)."""


class TableScene:
    """The table for one session; ``on_close`` runs when the scene is left (e.g. stop a server)."""

    def __init__(self, session: Session, lang: str = "en", art: Art | None = None,
                 on_close: Any = None, export_dir: str | None = None, sounds: Sounds | None = None,
                 motion: bool | None = None) -> None:
        self.session = session
        settings = config.load() if sounds is None or motion is None else None
        self.sounds = sounds if sounds is not None else Sounds(muted=not settings.sound, volume=settings.volume)  # type: ignore[union-attr]
        """Issue 15.3: the table's sounds (M mutes and unmutes; remembered)."""
        self.motion = motion if motion is not None else settings.motion  # type: ignore[union-attr]
        """Issue 15.4: placed tiles slide in; off by setting, and while the window is not focused."""
        self.focused = True
        self._heard: ClientState = session.state
        self.lang = lang
        self.art = art or Art(pip_colours=(settings or config.load()).pip_colours)
        # the sound button says what the player hears from the first frame: where nothing can play it is off
        # and says why (the remembered setting, client.json, untouched); looked at only when not muted
        silent = not self.sounds.muted and not self.sounds.available()
        self.ui = Ui(muted=self.sounds.muted or silent, no_sound=silent)
        self._away_seen: dict[Seat, float] = {}
        """D7: when this window first saw each disconnected seat so, while connected itself (:meth:`_away_clock`)."""
        self.vp = Viewport((1280, 800), (1280, 800))
        self.overlay: Any = None
        self.settings: Any = None
        """The settings card open over the table (scenes/settings.SettingsScene, the S key), or None: it takes
        every key and click until Back or Esc, and the table uses each change at once (:meth:`apply_settings`)."""
        self._under: Any = None
        """The overlay a Review was opened from (the Ledger): shown again when the Review closes."""
        self._set_aside: tuple[Any, Any, str] | None = None
        """The overlay, the one under it and ``ui.overlay`` that a request came over
        (:data:`SEEN_OVER_OVERLAYS`): shown again when the request is answered."""
        self.on_close = on_close
        self.export_dir = export_dir
        self._layout: TableLayout | None = None
        self._key: tuple[Any, ...] | None = None
        self._laid_state: ClientState | None = None
        self._shown: ClientState = session.state
        self._shown_state: ClientState | None = None
        """The state :attr:`_shown` was made from, and what else of it depends on (:meth:`layout`)."""
        self._shown_of: tuple[object, ...] = ()
        self._hint_seen: Any = None
        self._hand_seen: Any = session.state.view.hand if isinstance(session.state.view, SeatView) else frozenset()
        self._leave = False
        self._leave_armed: float | None = None
        self._close_armed: float | None = None
        """Until when a second Close table closes the table (scene clock, s; :meth:`_close_table`)."""
        """Until when a second Leave gives the seat up (a table with other human players)."""
        self.leave_stops_all: Any = None
        """A host's window (lan_host.HostedTable): a callable, True when leaving stops the game for the
        others too; then Leave goes at once to the host's own question, which says so (no "play on")."""
        self.leave_ends_hosting = False
        """This window's own server hosts the table (lan_host.HostedTable, not a ``--server`` table): Leave
        stops hosting and keeps the seat (:meth:`HostedTable._keep_seat`), so its warning says that
        (:data:`LEAVE_STOPS_HOSTING`), never that the seat is given up."""
        self.host_room: Any = None
        """A host's window (lan_host.HostedTable) draws its invite over the table: an object whose
        ``under(size)`` gives the px its card needs under the prompt (compute_layout's ``under``) and whose
        ``reserved(layout)`` the boxes no wait card may cover (its chip)."""
        self._held: dict[str, tuple[tuple[Any, ...], float]] = {}
        """Intents this window sent whose answer is not yet shown, by :func:`held_kind`, with
        :func:`answer_mark` of the session's state and the clock when sent: another of the same kind is not
        sent (:meth:`_send_once`). A decision is held until it is answered and the moment shown is the newest
        (client.pacing), others until the session's state shows an answer, at most :data:`HELD_SECONDS`
        (an answer that changes nothing in sight: the same hint again) (soak s14 F-window-repeat)."""
        self._held_state: tuple[ClientState | None, ClientState | None] = (None, None)
        """(a state shown, the same with ``sending``): :attr:`state` while a decision is held (cached, so the
        layout's cache keyed on the state object holds)."""
        self._picked: int | None = None
        """The face-down position this window last drew from (R3), turned over if the draw ties."""
        self._taken: tuple[Any, ...] = ()
        self._draws_seen: int | None = None
        self._flip: tuple[float, tuple[Any, ...]] | None = None
        """(when, ((position, tile, seat), ...)): a tied draw's tiles being turned over (R4)."""
        self._undo_asked: tuple[str, ClientState] | None = None
        """This window's Undo or Redo sent and the state it was sent at, until its effect is said."""
        self._pacer = Pacer(session.state)
        """Each play seen before the next, a hand's final line before its panel (client.pacing)."""
        self._line_len = 0
        self._anim: tuple[Placed, float] | None = None
        self._before: TableLayout | None = None
        """The layout before the sliding tile's play: its open numbers, status line and plates are drawn
        until the tile lands (new user s12: "West to play" and the new numbers while North's tile flew)."""
        self._now = 0.0
        self.talk = TableTalk(lang, self.art, self.sounds.play)
        """Issue 15: the chat panel, the wait shown by the awaited seat and nudges."""
        self.talk.motion = self.motion  # less motion: the nudge's edge glows without pulsing (s14 access F11)
        self.tracker = TrackerPanel(lang, self.art)
        """Issue 14.3: the tile tracker panel, where the table allows it (T opens and closes it)."""
        self.toast: tuple[str, float] | None = None
        """A short message (text, until when), e.g. where an export was saved; a click on it hides it."""
        self.toast_by: str | None = None
        """The id of the top-bar button whose press the toast answers (the Leave warning, Sound on/off), or
        None: under a modal prompt the toast is said by that button (:meth:`_toast_over_prompt`)."""
        self.tracker_note: tuple[str, float] | None = None
        """Why the greyed Tiles button opens nothing (tracking.UNTIL_PLAY) and until when it is said: beside
        the button, where a hand end's prompt (which no toast covers) leaves it in sight."""
        self._toast_for: float | None = None
        """Seconds a message told before the first frame stays (:meth:`tell`)."""
        self.watching_other = ""
        """The code of the other window's table this window watches (launcher, issue 12 case 0), "" else:
        its message is said again from the first view of the table (launcher.watching_said)."""
        self.quick = False
        """Play now against the computer (client.playnow, ``Launch.quick``): the window takes the first hand's
        steps that hold no choice (the draw, its result, the lead, a hand that cannot be redealt), then says so."""
        self._quick_acted = False
        """Play now sent a decision for the player: :meth:`_play_now` says what it did once the hand shows."""
        self.asked_name: str | None = None
        """The name this window sent for its seat (create, join: set by the launcher); compared once with
        the name the table gave the seat, and the player told when they differ (seatnames.renamed_notice)."""
        self._end_remembered: tuple[str, int, int] | None = None
        """(table, match, hand) of the hand's end last remembered as seen (:meth:`_remember_end_seen`)."""
        self.asked_table_name: str | None = None
        """The name this window asked for the table it created (the launcher, a hosting window); compared once
        with the table's, the player told when it differs (seatnames.table_renamed_notice; organiser s16 F7)."""
        self._must_read: tuple[str, float] | None = None
        """A message the player must get to read (the seat's name the table changed, :meth:`_tell_renamed`) and
        the seconds of its time still owed: another message that takes the toast's place before its time is
        up (a greyed control's reason on a key press, "Sound on") hands the place back to it when it ends or is
        clicked away. Session 15 (s14 note: "Ana 2" told only sometimes): the notice was replaced by the
        next message, whatever came within its 8 s, and never came back."""
        self._focus_prompt: Any = None
        """The prompt (:func:`_prompt_key`) the keyboard's focus was last settled for (:meth:`_settle_focus`)."""
        self._link_for: tuple[tuple[str, int], bool] | None = None
        """((table code, the host's id), whether it has a link for a friend): :meth:`has_link`'s last answer."""
        self.seen = Seen()
        """When each prompt and button that came up by itself was first drawn, and the keys held down: no
        input acts on one the player cannot have seen yet (client.seen, :meth:`sights`)."""
        self.keep_finished = True
        """Each finished match this window played is kept for the start screen's list (client/finished.py);
        False for ``--autoplay``, which writes nothing of the player's (launcher ``remember``)."""
        self.sit: Callable[[int], Any] | None = None
        """For a spectator's window: a new table window seated at seat N of this table (the launcher's join,
        which may raise FailureError); None where a window cannot take a seat this way."""
        self.relaunch: Callable[[str, str], Any] | None = None
        """A new table window at table CODE of this window's server, ``relaunch(mode, code)`` with ``mode``
        "join" (any free seat) or "watch" (the launcher's, which may raise FailureError): the failure panel's
        offers after this window's seat there was given up (:meth:`_go_again`, session 17); None: none."""
        self._pumped: ClientState = session.state
        """The session's state as the last update left it (what an undo another seat asked changed: s13 F5)."""
        self._end_since: tuple[tuple[int, int], float] | None = None
        """The hand end this window shows ((match, hand number), R22) and the clock when it came up: a window the
        table does not wait for closes it once it was read (client.following, s13 spectator F1)."""
        self._finished_seen: tuple[Any, ...] | None = None
        """What of the view was kept last (:meth:`_keep_finished`): written again only when it grows."""
        self.dirty = True

    def title(self) -> str:
        """The window's title (N8): this table's code and whether this window hosts, plays or watches."""
        state = self.session.state
        # "host" only where this window's own server serves the table (new user s9 item 16: a table made
        # with `play --server URL` was titled "host" though nothing was hosted here)
        role = ("spectator" if spectating(state) else
                "host" if self.host_room is not None and getattr(self.host_room, "hosts", True) else "player")
        return window_title(self.lang, state.table, role)

    # ------------------------------------------------------------ lifecycle
    def resize(self, vp: Viewport) -> None:
        """The window or its scaling changed: lay out again for the new drawable size."""
        self.vp = vp
        self.dirty = True
        for panel in (self.overlay, self._under):  # the Ledger under a Review too: it comes back at this size
            if panel is not None and hasattr(panel, "set_rect"):
                panel.set_rect(self._overlay_rect(), self._overlay_scale())
        if self.settings is not None:
            self.settings.resize(vp)

    def layout(self) -> TableLayout:
        """The current layout (cached on state, previews and size)."""
        state = self.state
        # the open chat panel or tile tracker (issue 14.3) takes the right of the window, or of the
        # table's middle in a window too narrow to share (never a button: chat.arrange)
        size, side = chat.arrange(self.vp.pixels, self.side_shown())
        under = self.host_room.under(size) if self.host_room is not None else 0
        keys = self.keys()
        link = self.has_link()
        key = (self.ui, size, side, under, keys, text_size(), link)  # a new "Text size" lays the table out again
        if self._layout is None or key != self._key or state is not self._laid_state:
            self._laid_state = state
            # "See the line" (Ui.looking): the hand's final line behind its put-aside panel (pacing.looked)
            shown_of = (self.ui.looking, self.ui.finished_seen(_finished(state)), link, self.lang)
            if state is not self._shown_state or shown_of != self._shown_of:
                # the same shown state while only the previews change (a hover, the Tab ring): the layout keeps
                # what it found for it (layout._GROWN: a panel grown for the Text size, by the state's identity)
                self._shown_state, self._shown_of = state, shown_of
                self._shown = localized(looked(state, self.ui) or state, self.lang)
                if self._shown.shared != link:  # the lobby and a spectator's Copy link offer only a code that
                    self._shown = replace(self._shown, shared=link)  # leads somewhere (ClientState.shared)
            window = self.vp.pixels  # the Tiles and Chat buttons are sized for it (layout.toggle_zone)
            chips = 1 if self.host_room is not None else 0  # the host's chip in the Tiles and Chat row
            lay = compute_layout(self._shown, self.ui, size, self.lang, side, under, window=window, keys=keys,
                                 chips=chips, link=link)
            if self.host_room is not None:
                # laid out again with the chip kept out of the line's area (no tile under the "Invite" chip)
                reserved = self.host_room.reserved(lay)
                lay = replace(compute_layout(self._shown, self.ui, size, self.lang, side, under, reserved, window,
                                             keys, chips=chips, link=link),
                              reserved=reserved)
            self._layout = lay
            self._key = key
        return self._layout

    def keys(self) -> str:
        """Who takes the keys now, in the order :meth:`handle` gives them out: "settings" (the settings card
        over the table), "overlay:rules" (the rules) or "overlay" (the ledger, a review; "overlay:on:WORDS":
        Tab put its focus on the button of those words), "ask" or "ask:MSGID" (the host's Leave/Close question,
        scenes.lan_host; MSGID: the label of the button with its focus), "chat" (the chat field has the focus) or "chat:item" (a phrase, a mute or × has it),
        or "table" (the prompt, else the hand), "sit" for a spectator's window where a seat is free (J).
        The footer says what they do from this (footer.key_help), so the two cannot disagree."""
        if self.settings is not None:
            return "settings"
        if self.overlay is not None:
            from ..overlays.rules import RulesOverlay
            if isinstance(self.overlay, RulesOverlay):
                return "overlay:rules"
            label = self.overlay.focused_label() if hasattr(self.overlay, "focused_label") else None
            return f"overlay:on:{label}" if label else "overlay"  # footer.key_help names what Enter presses
        if getattr(self.host_room, "asking", None) is not None:  # lan_host's Leave/Close question takes every key
            label = self.host_room.asked_label() if hasattr(self.host_room, "asked_label") else ""
            return f"ask:{label}" if label else "ask"  # "ask:MSGID": its focus on that button (footer.key_help)
        if self.talk.cui.focused:  # "chat:item": its focus on a phrase, a mute or × (chat.ChatUi.item)
            return "chat:item" if self.talk.cui.item else "chat"
        from ..footer import ringed_label
        ring = self.ui.button or ""
        if ringed_label(ring) is not None:
            return f"ring:{ring}"  # footer.key_help names it
        return "sit" if self.free_seats() else "table"  # a spectator's J to a free seat (footer.HELP_SIT)

    def side_shown(self) -> bool:
        """A side panel is painted right of the table this frame: the chat open, or the tile tracker open
        where it is offered (a hand in play, tracking.offered). Only then does the table make room (kind: a
        strip kept for a panel nothing paints kept whatever was drawn there last; new user: the last hand's
        tracker at "Choose the opener", 146, and a closed Review's copy, 149)."""
        return self.talk.cui.open or (self.tracker.open and offered(self.session.state))

    def shown(self) -> ClientState:
        """The state as drawn: the server's default seat names translated."""
        self.layout()
        return self._shown

    def update(self, now: float) -> bool:
        """Drain the network; show the next paced moment (client.pacing: each play seen, a hand's final
        line before its panel); keep the previews consistent with it; run the slide of a new tile."""
        arrived = self.session.pump()
        prior, self._pumped = self._pumped, self.session.state  # the state before these frames, and after
        self._now = now
        if self._toast_for is not None and self.toast is not None:  # told before the clock was known
            self.toast, self._toast_for = (self.toast[0], now + self._toast_for), None
        if arrived:
            steps = list(getattr(self.session, "steps", ()) or ())
            if steps:
                self.session.steps.clear()  # type: ignore[attr-defined]
            if not steps or steps[-1] is not self.session.state:
                steps.append(self.session.state)
            self._pacer.feed(steps, now)
            self._keep_finished()
            if not self._tell_undone(now):  # this window's own undo or redo, said once (not twice)
                self._tell_rewound(prior, now)
            self._tell_free(prior, now)
            self._tell_watching(now)
            self._tell_played_away(now)
            self._tell_refused_other(prior, now)
        self._tell_renamed(now)  # every pass until told: the seat may come with no frame of this pass
        self._tell_given_up(now)
        changed = self._pacer.tick(now) or arrived
        if self._held and self._release_held():
            changed = True
        if changed:
            self._watch_draw(now)
            self._watch_line(now)
            for cue in cues(self._heard, self.state):  # heard as it is seen (each paced play its own click)
                self.sounds.play(cue)
            self._heard = self.state
        panel = self.layout().panel  # a result panel up: the decision after it is not yet in sight (F6)
        talking = self.talk.update(self.session.state, now, self.state,  # every frame: its clock never lags
                                   covered=panel is not None and panel.kind in RESULT_PANELS)
        animating = self._anim is not None or self._flip is not None or self._pacer.behind or talking
        if self.tracker_note is not None and now >= self.tracker_note[1]:
            self.tracker_note, self.dirty = None, True
        if self.toast is not None and now >= self.toast[1]:
            if self._must_read is not None and (self.toast[0] == self._must_read[0] or self._must_read[1] <= 0):
                self._must_read = None  # its own time is up: read
            self.toast, animating = None, True  # one more frame without it
        if self.toast is None and self._must_read is not None:  # its place back, for the time still owed
            self._show(self._must_read[0], now + self._must_read[1])
        if self._anim is not None and now - self._anim[1] >= SLIDE:
            self._anim = None
        if changed:
            self.ui = self._sync(self.state, self.ui)
        self._remember_end_seen()
        grace = self._away_clock(now)
        if grace != self.ui.away_wait:  # once a second while a seat's minute runs
            self.ui, changed = replace(self.ui, away_wait=grace), True
        if self.quick:
            self._play_now(now)
        follow = self._follow(self.state, self.ui)  # every frame: the table may have gone on long before
        if follow != self.ui:
            self.ui, changed = follow, True
        if changed:
            view = self.session.state.view
            if self.ui.overlay == "ledger" and self.overlay is not None and view is not None:
                self._refresh_overlay(view)
            panel = self.layout().panel
            if self.settings is not None and panel is not None and panel.kind in SEEN_OVER_OVERLAYS:
                self.settings = None  # a request is answered on the table's own screen, never unseen
            if self.overlay is not None and panel is not None and panel.kind in SEEN_OVER_OVERLAYS:
                # the request is answered on the table's own screen, never unseen; the overlay waits
                self._set_aside = (self.overlay, self._under, self.ui.overlay or "rules")
                self._close_overlays()
        if self._set_aside is not None:
            panel = self.layout().panel
            if panel is None or panel.kind not in SEEN_OVER_OVERLAYS:
                self._bring_back()
        if changed:
            self._settle_focus()
        dirty, self.dirty = self.dirty or changed or animating, False
        return dirty

    def _away_clock(self, now: float) -> tuple[tuple[int, int], ...]:
        """D7 (evening s16 F1): ``Ui.away_wait``, each disconnected seat's whole seconds left of its minute to
        come back (:data:`.waiting.HAND_OVER_AFTER`, the server's ``reconnect_grace``), from when this window
        first saw it disconnected while connected itself: a window that was cut off itself (a server restart)
        starts every seat's minute again when it is back, as the restarted server does."""
        state = self.session.state
        from ..waiting import HAND_OVER_AFTER  # waiting reads panels, as this module does
        seen = self._away_seen
        if state.connection != "connected":
            seen.clear()
            return ()
        for gone in [s for s in seen if s not in state.away]:
            del seen[gone]
        for seat in state.away:
            seen.setdefault(seat, now)
        return tuple(sorted((int(s), math.ceil(left)) for s, t in seen.items()
                            if (left := t + HAND_OVER_AFTER - now) > 0))

    @property
    def state(self) -> ClientState:
        """The state the table shows now: the session's, or while plays wait their turn to be seen
        (client.pacing, new user s12 item 1), the moment being shown; while a decision of this window is
        held (:attr:`_held`: sent, its echo not yet shown), with ``sending`` (its tile stays lifted, its
        prompt's buttons grey, the status line says it is on its way)."""
        state = self._pacer.shown if self._pacer.behind else self.session.state
        if "decide" not in self._held or state.sending:
            return state
        if self._held_state[0] is not state:
            self._held_state = (state, replace(state, sending=True))
        return self._held_state[1]  # type: ignore[return-value]

    @property
    def _in_flight(self) -> bool:
        """A decision of this window is held (:attr:`_held`): sent, its echo not yet shown. Only the tests
        drive the table through it (tests/client/test_restart_hosted.py sends a decision and sets it)."""
        return "decide" in self._held

    @_in_flight.setter
    def _in_flight(self, on: bool) -> None:
        if on:
            self._held["decide"] = (answer_mark(self.session.state), self._now)
        else:
            self._held.pop("decide", None)

    def _release_held(self) -> bool:
        """Forget the held intents whose answer is now shown (:attr:`_held`); True when one was."""
        state = self.session.state
        mark = answer_mark(state)
        before = len(self._held)
        for kind, (sent, at) in list(self._held.items()):
            if kind == "decide":  # answered (or lost: the session sends it again) and its echo on screen
                if not state.sending and not self._pacer.behind:
                    del self._held[kind]
            elif mark != sent or self._now - at >= HELD_SECONDS:
                del self._held[kind]
        return len(self._held) != before

    def _play_now(self, now: float) -> None:
        """Play now (:attr:`quick`, client.playnow): send the step that holds no choice for the player, or take
        the draw's result as read; once done, say in one line what was done for the player (new user s15: four
        panels before the first tile)."""
        from ..playnow import next_step, said
        state = self.session.state
        if state.connection != "connected" or state.view is None or state.sending:
            return
        step = next_step(state.view, draw_unseen(state.view, self.ui))
        if step.seen_draw:  # and the step after it at once: no prompt of its is drawn in between
            self.ui, self.dirty = replace(self.ui, seen_draw=draw_key(state.view)), True
            step = next_step(state.view, False)
        if step.decision is not None:
            self._quick_acted = self._send_once(Decide(step.decision)) or self._quick_acted
        elif step.done:
            self.quick = False
            line = said(state.view) if self._quick_acted else None
            if line is not None:
                msgid, args = line
                if "seat" in args:
                    args = dict(args)
                    args["name"] = seat_name(state, args.pop("seat"), self.lang)
                self._show(tr(self.lang, msgid, **args), now + QUICK_SECONDS)

    def _send_once(self, intent: Intent) -> bool:
        """Send ``intent`` unless one of its kind (:func:`held_kind`) is still held: sent, its answer not yet
        shown. True when sent (or not an intent the server answers). Kind (soak s14 F-window-repeat): a
        control still live after its intent was sent: the play was answered at once but shown only after
        the previous play's 0.75 s beat, and a second click sent it again ("That tile is not in your
        hand"); a double click on Accept, Hint, Undo, New match, Nudge sent two, the second refused."""
        kind = held_kind(intent)
        if kind is not None:
            if kind in self._held or (kind == "decide" and self.session.state.sending):
                return False
            self._held[kind] = (answer_mark(self.session.state), self._now)
        self.session.send(intent)
        return True

    def _tell_undone(self, now: float) -> bool:
        """Once this window's Undo or Redo is done: say what it took back or put back (client.undone); a
        refusal (``state.error``) or a request the others must answer first says its own words. True when
        it said what was done."""
        if self._undo_asked is None:
            return False
        what, before = self._undo_asked
        state = self.session.state
        seen = self.ui.finished_seen(len(before.view.finished)) if before.view is not None else None
        said = undone_said(what, before, state, self.lang, seen)  # the hand named is the one shown
        if said is not None:
            self._show(said, now + TOAST_SECONDS)
        if said is not None or state.error is not None or state.asking is not None:
            self._undo_asked = None
        return said is not None

    def free_seats(self) -> tuple[int, ...]:
        """The seats a spectator of this window could take now (D8 -> join: shared/seatstate.TAKEABLE), when
        :attr:`sit` can seat it; () for a seated window or one that cannot."""
        state = self.session.state
        if self.sit is None or state.view is None or state.view.seat is not None or len(state.seat_states) != 4 \
                or state.next_seat is not None:  # a seat taken mid-hand, this window's from the next deal
            return ()
        return tuple(n for n in range(1, 5) if state.seat_states[n - 1] in TAKEABLE)

    def _sit_at(self, pos: tuple[float, float]) -> Change | None:
        """A spectator's click on a free seat's card: that seat taken, in a new table window in place of this
        one (s13 spectator F4: the dashed "computer, free seat" card did nothing; Leave, start screen, Join
        table were the way). None when the click is on no such card."""
        free = self.free_seats()
        seat = next((int(sp.seat) for sp in self.layout().seats if int(sp.seat) in free
                     and pygame.Rect(sp.plate).collidepoint(pos)), None)
        return None if seat is None else self._sit(seat)

    def clicks_held(self) -> bool:
        """A modal prompt of the table is up (a hand's end, the match's end, a question, a request): it holds
        every click on the table behind it, as it holds the keys (input.passes_prompt, J: focus.holds_focus);
        only the prompt's own buttons and the top bar's act. Kind (s14 left alone): a spectator's click on a
        free seat's card took the seat under "Hand 1 is over", while J and Tab could not reach that card;
        a seated player's click on a tile or a lit end did the same under a request (input.click)."""
        panel = self.layout().panel
        return panel is not None and panel.modal

    def _go_again(self, mode: str) -> Change | None:
        """The failure panel's offers after this window's seat was given up at a match's end (``seat.given_up``,
        session 17): the same table again, ``mode`` "join" (any free seat) or "watch", in a new table window in
        place of this one (:attr:`relaunch`); None with why not said (refused, or no way to go there)."""
        code = self.session.state.table
        if self.relaunch is None or not code:
            return None
        relaunch = self.relaunch
        scene = self._launched(lambda: relaunch(mode, code))
        if scene is None:
            return None
        self._leave = True  # this window's seat there is gone: nothing of it is kept (close())
        return Change("replace", scene)

    def _sit(self, seat: int) -> Change | None:
        """Seat ``seat`` (1..4) taken, if it is free (:meth:`free_seats`): a new table window in place of this
        one, or None with why not said (the launcher's join refused or failed)."""
        if self.sit is None or seat not in self.free_seats() or self.clicks_held():
            return None
        sit = self.sit
        scene = self._launched(lambda: sit(seat))
        return None if scene is None else Change("replace", scene)

    def _launched(self, launch: Callable[[], Any]) -> Any:
        """The scene ``launch()`` opens (the launcher's join or watch of this table), or None with why not said
        on the table: a refusal in the player's language, another failure's own words."""
        from doublenine.shared.failures import FailureError
        try:
            return launch()
        except FailureError as exc:
            self._show(exc.failure.text(self.lang), self._now + TOAST_SECONDS)
        except (OSError, ValueError, RuntimeError) as exc:
            self._show(str(exc), self._now + TOAST_SECONDS)
        return None

    def table_link(self) -> tuple[str, bool]:
        """(what to copy, whether it is a link): a hosting window's web link (lan_host, the invite card's "Copy
        link"), else the web link of the server this window reached the table at (``http(s)://HOST:PORT/t/CODE``,
        which a browser opens and the game joins); the code alone where that server is on this computer only (a
        loopback address: no friend reaches it) or unknown (a local session); ("", False) before the table has a
        code."""
        import ipaddress

        from doublenine.shared.invite import InviteError, build_web_link, check_server_url
        code = self.session.state.table
        if not code:
            return "", False
        hosted = getattr(self.host_room, "web_link", None)
        if callable(hosted) and hosted():
            return str(hosted()), True
        try:
            where = check_server_url(str(getattr(getattr(self.session, "client", None), "url", "")))
            try:
                local = ipaddress.ip_address(where.host).is_loopback
            except ValueError:
                local = where.host == "localhost"
            return (code, False) if local else (build_web_link(where.host, where.port, code, tls=where.tls), True)
        except InviteError:
            return code, False

    def has_link(self) -> bool:
        """The table has a link for a friend (:meth:`table_link`), which K copies: the footer and F1 name K then
        (footer.key_help, footer.keys_here). Asked once per table code: the layout reads it every frame."""
        asked = (self.session.state.table, id(self.host_room))  # a hosting window's link is its host's
        if self._link_for is None or self._link_for[0] != asked:
            self._link_for = (asked, self.table_link()[1])
        state = self.session.state  # a link whose table answers nobody now leads nowhere (new user s15)
        return self._link_for[1] and state.connection != "lost" and state.failure is None

    def copy_link(self) -> None:
        """K or "Copy link": the table's link (:meth:`table_link`) on the clipboard, said in a short confirmation
        (:data:`LINK_COPIED`); where there is no clipboard, the link to copy by hand (:data:`NO_CLIPBOARD`); a
        table only this computer reaches has none: :data:`ONLY_HERE`, nothing copied (s14 player F-b; kind: an
        action that reports success at something nobody can use). Nothing before the table has a code."""
        from ..clipboard import copy_text
        text, link = self.table_link()
        if not text:
            return
        state = self.session.state
        if state.failure is not None or state.connection == "lost":  # its server or host gone (new user s15)
            said = tr(self.lang, TABLE_UNREACHED)
        elif not link:
            said = tr(self.lang, ONLY_HERE)
        elif not copy_text(text):
            said = tr(self.lang, NO_CLIPBOARD, link=text)
        else:
            said = tr(self.lang, LINK_COPIED, link=text)
        self._show(said, self._now + TOAST_SECONDS, "copylink")

    def _ring_free_seat(self) -> None:
        """J (:data:`SIT_KEY`): the keyboard's ring on the next free seat's card after the one it is on (the
        first when it is on none), which Enter or Space takes (:meth:`press_other`); nothing when no seat is
        free. Kind: a control only a click reaches (s14: a spectator's free seat had no key and Tab passed it)."""
        free = self.free_seats()
        if not free or holds_focus(self.layout().panel):  # a modal prompt keeps the focus (s14 attack F8)
            return
        ring = self.ui.button or ""
        held = ring.removeprefix("other:sit:") if ring.startswith("other:sit:") else ""
        now = int(held) if is_ascii_digits(held) else 0
        seat = next((n for n in free if n > now), free[0])
        self.ui, self.dirty = replace(self.ui, button=f"other:sit:{seat}", selected=None, end=None), True

    def _tell_free(self, prior: ClientState, now: float) -> None:
        """A spectator's window: once a seat becomes free, say it can be taken from here (:meth:`_sit_at`)."""
        free = self.free_seats()
        before = prior.seat_states
        if any(len(before) != 4 or before[n - 1] not in TAKEABLE for n in free):
            self._show(tr(self.lang, SIT_HERE), now + TOAST_SECONDS)

    def _tell_rewound(self, prior: ClientState, now: float) -> None:
        """Every window: say what an undo, redo or restart (R27, R28) did, the table's feed marking it
        (``ClientState.rewound``), unless this window's own one was just said (:meth:`_tell_undone`). Kind: a
        change of the table said only in the window that asked for it directly: a spectator's (s13 spectator
        F5), then the friends' once a request was accepted (s13 player F8: after "Annehmen" the asker saw an
        empty line and "À vous", the one who accepted "Ana ist dran", and neither was told "2 plays taken
        back"); its words name the player's own seat "your" (client.undone)."""
        state = self.session.state
        view = state.view
        if state.rewound is None or state.rewound == prior.rewound or view is None:
            return
        seen = self.ui.finished_seen(len(prior.view.finished)) if prior.view is not None else None
        said = rewound_said(state.rewound[1], prior, state, self.lang, seen)
        if said is not None:
            self._show(said, now + TOAST_SECONDS)

    def _tell_watching(self, now: float) -> None:
        """Once the watched table is seen: its message (launcher.watching_said) says what it shows, in place
        of the one said at launch, while that one is still up."""
        if not self.watching_other or self.session.state.view is None:
            return
        from ..launcher import NOT_HOSTED_SECONDS, watching_said
        code, self.watching_other = self.watching_other, ""
        said = watching_said(self.session.state, code, self.lang)
        if self.toast is not None and self.toast[0] != said:
            self._show(said, now + NOT_HOSTED_SECONDS)

    def _tell_refused_other(self, prior: ClientState, now: float) -> None:
        """D1 (evening s16 F10): a request this seat neither asked nor refused was refused by another seat:
        said once, so the question that vanished is explained ("Joana refused the request to start a new match")."""
        state = self.session.state
        if state.refused_other is None or state.refused_other == prior.refused_other:
            return
        from ..panels import refused_other_said
        text = refused_other_said(state, self.lang)
        if text is not None:
            self._show(text, now + TOAST_SECONDS)

    def _tell_played_away(self, now: float) -> None:
        """D7 (evening s16 F1): once back from a lost connection, say what the computer played for this seat
        meanwhile (``NetSession.played_away``, client.missed), as a message the player must read: the hand is
        tiles shorter, and "Last moves" may show none of them."""
        moves = getattr(self.session, "played_away", ())
        if not moves:
            return
        from ..missed import away_played_said
        self.session.played_away = ()  # type: ignore[attr-defined]
        text = away_played_said(moves, self.lang)
        if text is not None:
            self._show(text, now + TOAST_SECONDS)
            self._must_read = (text, TOAST_SECONDS)

    def _tell_given_up(self, now: float) -> None:
        """Once at the table: the held seat this window came back for had been given up at a match's end, and its
        join took a free seat instead (``NetClient.given_up``, session 17): said, with how long the player was
        away, so they know why they sit elsewhere (or watch until the next deal)."""
        client = getattr(self.session, "client", None)
        minutes = getattr(client, "given_up", None)
        if not isinstance(minutes, int) or not self.session.state.table or self.session.state.view is None:
            return
        client.given_up = None  # type: ignore[union-attr]
        text = tr(self.lang, GIVEN_UP_SEATED, code=self.session.state.table, minutes=minutes)
        self._show(text, now + TOAST_SECONDS)
        self._must_read = (text, TOAST_SECONDS)

    def _tell_renamed(self, now: float) -> None:
        """Once this window has a seat: tell the player the name the table gave it when it is not the one
        asked for (:attr:`asked_name`; seatnames.renamed_notice)."""
        view = self.session.state.view
        if self.asked_name is None or view is None or getattr(view, "seat", None) is None \
                or not self.session.state.table:  # the names come with the table's frame (store._table)
            return
        text = renamed_notice(self.lang, int(view.seat), self.asked_name, tuple(self.session.state.names))
        self.asked_name = None
        if self.asked_table_name:  # the table's own name, said with the seat's (one message, both if both)
            table = table_renamed_notice(self.lang, self.asked_table_name, self.session.state.table_name)
            self.asked_table_name = None
            text = table if text is None else text if table is None else f"{text} · {table}"
        if text is not None:
            self._show(text, now + TOAST_SECONDS)
            self._must_read = (text, TOAST_SECONDS)

    def _watch_draw(self, now: float) -> None:
        """R4: a tied opening draw turns the two drawn tiles over where they were picked, for
        :data:`FLIP_SECONDS` over the new grid (new user s12: the player's own tile was never seen; the
        grid was at once a new one). Positions known here: this window's pick, and each pick the view
        showed taken before the tie."""
        view = self.state.view
        draws = len(view.draws) if view is not None else 0
        before, self._draws_seen = self._draws_seen, draws
        if view is None or before is None or draws != before + 1 or view.draws[-1].winner is not None:
            self._taken = tuple(view.draw_taken) if view is not None else ()
            return
        d = view.draws[-1]
        where = {seat: pos for seat, pos in self._taken}
        if view.seat in (Seat.ONE, Seat.TWO) and self._picked is not None:
            where[view.seat] = self._picked
        self._flip = (now, tuple((pos, d.tile_a if seat is Seat.ONE else d.tile_b, seat)
                                 for seat, pos in sorted(where.items())))
        self._taken, self._picked = (), None

    def _draw_flip(self, surface: pygame.Surface, lay: TableLayout) -> None:
        """The tied draw's tiles turning over in their cells (:meth:`_watch_draw`): the back narrows, the
        face widens (a quarter second), then stays, ringed in its team's colour; "you" on one's own."""
        if self._flip is None:
            return
        start, tiles = self._flip
        age = self._now - start
        if age >= FLIP_SECONDS or lay.panel is None or lay.panel.kind != "draw":
            self._flip = None if age >= FLIP_SECONDS else self._flip
            return
        from ..art import TEAM_COLOURS
        from ..render import YOU, draw_back
        cells = dict(lay.panel.cells)
        t = min(1.0, age / 0.25) if self.motion else 1.0  # "Tiles appear at once": no turning (s14 access F11)
        for pos, tile, seat in tiles:
            if pos not in cells:
                continue
            x, y, w, h = cells[pos]
            half = abs(1 - 2 * t)  # 1 -> 0 -> 1: the back narrows, then the face widens
            nw = max(1, round(w * half))
            box = (x + (w - nw) // 2, y, nw, h)
            if t < 0.5:
                draw_back(surface, self.art, box)
                continue
            surface.blit(self.art.face(nw, h, tile.low, tile.high, True), box[:2])
            pygame.draw.rect(surface, TEAM_COLOURS[seat.team.value], pygame.Rect(box).inflate(6, 6), 3,
                             border_radius=max(3, w // 4))
            if seat == getattr(self.state.view, "seat", None) and t >= 1.0:
                tag = self.art.text(tr(self.lang, YOU), lay.small, (20, 24, 22), bold=True, width=4 * w)
                tw, th = tag.get_width() + lay.small // 2, tag.get_height() + 2
                tx, ty = x + (w - tw) // 2, y - th - 4
                if y <= min(c[1] for c in cells.values()):  # the top row: under the tile, clear of the text
                    ty = y + h + 4  # above it (new user s12 round 2 F1: over "Tie: you drew 2-7, ...")
                surface.blit(self.art.plate(tw, th, (240, 200, 90), th // 2), (tx, ty))
                surface.blit(tag, tag.get_rect(center=(tx + tw // 2, ty + th // 2)))

    def _watch_line(self, now: float) -> None:
        """A tile just joined the line: it slides in from its player's place (about a fifth of a second)."""
        view = self.state.view
        line: tuple[Placed, ...] = view.line if view is not None else ()
        if line and len(line) == self._line_len + 1 and self.motion and self.focused:
            self._anim = (line[-1], now)
            self._before = self._layout  # the table as it was: its numbers and status until the tile lands
        self._line_len = len(line)

    def _moving(self) -> tuple[Any, tuple[int, int]] | None:
        if self._anim is None:
            return None
        placed, start = self._anim
        lay = self.layout()
        if lay.last is None:
            return None
        t = min(1.0, max(0.0, (self._now - start) / SLIDE))
        ease = 1 - (1 - t) ** 3
        origin = next((s.plate for s in lay.seats if s.seat == placed.seat), lay.last)
        ox, oy = origin[0] + origin[2] // 2, origin[1] + origin[3] // 2
        tx, ty = lay.last[0] + lay.last[2] // 2, lay.last[1] + lay.last[3] // 2
        return lay.last, (round((ox - tx) * (1 - ease)), round((oy - ty) * (1 - ease)))

    def _before_landing(self, lay: TableLayout) -> TableLayout:
        """``lay`` while its last tile still slides in: the status line, the plates (turn marker, counts)
        and the open numbers of the table before that play, so nothing says what follows the play
        before it lands; the numbers only where the line's other tiles have not moved (else none)."""
        old = self._before
        if old is None or old.size != lay.size:
            return lay
        kept = {sp.rect for sp in lay.line.spots}
        marks = old.marks if all(sp.rect in kept for sp in old.line.spots) else ()
        status = old.status if lay.status else lay.status
        return replace(lay, marks=marks, status=status, seats=old.seats, recap=old.recap,
                       recap_rows=old.recap_rows, lasts=(), last_marks=())

    def _end_closed_before(self, state: ClientState, view: Any) -> bool:
        """Whether the last hand's end of ``view`` is the one remembered as seen at this table (config.end_seen)."""
        from .. import config
        last = view.finished[-1]
        return bool(state.table) and config.end_seen(config.load(), state.table) == (last.match, last.number)

    def _remember_end_seen(self) -> None:
        """Once the player has closed a hand's end (``Ui.seen_finished`` moved on): remember it for this table
        (config.see_end), so that a window opened again does not show it again (last user s16 F7)."""
        state, seen = self.session.state, self.ui.seen_finished
        view = state.view
        if view is None or not seen or seen > len(view.finished) or not state.table or not self.keep_finished:
            return
        fh = view.finished[seen - 1]
        if self._end_remembered == (state.table, fh.match, fh.number):
            return
        self._end_remembered = (state.table, fh.match, fh.number)
        from .. import config
        try:
            config.update(lambda now: config.see_end(now, state.table, fh.match, fh.number))
        except OSError:  # a settings file that cannot be written: the hand end may be shown again, nothing else
            pass

    def _follow(self, state: ClientState, ui: Ui) -> Ui:
        """``ui`` with the hand ends closed that nobody waits for this window to continue from (client.following:
        a spectator's, or a seat's the computer plays; s13 spectator F1), timed from when each came up."""
        view = state.view
        seen = ui.seen_finished
        if view is None or seen is None or seen >= len(view.finished):
            self._end_since = None
            return ui
        fh = view.finished[max(seen, len(view.finished) - 1)]
        key = (fh.match, fh.number)
        if self._end_since is None or self._end_since[0] != key:
            self._end_since = (key, self._now)
        return followed(state, ui, self._end_since[1], self._now)

    def _sync(self, state: ClientState, ui: Ui) -> Ui:
        view = state.view
        if view is None:
            return ui
        if ui.seen_draw is None:  # a draw decided before this window's first view is not shown again
            ui = replace(ui, seen_draw=draw_key(view))
        if ui.seen_finished is None:
            # a window opened again at its seat (a rejoin) shows a hand's end it may have missed once (F2),
            # unless this computer's window closed that very hand's end before (last user s16 F7)
            missed = missed_end(view) if getattr(self.session, "reopened", False) else 0
            if missed and self._end_closed_before(state, view):
                missed = 0
            ui = replace(ui, seen_finished=len(view.finished) - missed)
        elif ui.seen_finished > len(view.finished):
            ui = replace(ui, seen_finished=len(view.finished))  # an undo took a hand end back (D6)
        if ui.looking is not None and not ui.looking == ui.seen_finished < len(view.finished):
            ui = replace(ui, looking=None)  # the hand end put aside is no longer the one shown (an undo)
        if state.hint is not None and state.hint is not self._hint_seen:
            self._hint_seen = state.hint
            if isinstance(state.hint, Play) and isinstance(view, SeatView):
                focus = sorted(view.hand).index(state.hint.tile) if state.hint.tile in view.hand else ui.focus
                # the keyboard cursor follows the lifted tile; Enter plays it, not a ringed Hint (input.one_enter)
                return replace(ui.cleared(), selected=state.hint.tile, end=state.hint.end, from_hint=True,
                               focus=focus, button=None)
            if isinstance(state.hint, DrawPick):
                return replace(ui.cleared(), draw_pick=state.hint.position, button=None)
        hand = view.hand if isinstance(view, SeatView) else frozenset()
        if hand != self._hand_seen:  # a tile left the hand (or a new deal): the focus number moves off its slot
            self._hand_seen = hand
            ui = replace(ui, focus=None)
        if ui.selected is not None:
            mine = isinstance(view, SeatView) and view.phase is Phase.PLAY and view.turn == view.seat
            if not mine or not legal_ends(view, ui.selected):  # type: ignore[arg-type]
                ui = ui.cleared()
        # its hand is over: asked no more (over at the server, even while the window still shows its plays)
        if ui.confirm is not None and not (confirming(state, ui) and confirming(self.session.state, ui)):
            ui = replace(ui, confirm=None)
        if ui.draw_pick is not None and (view.phase is not Phase.DRAW or
                                         ui.draw_pick in {p for _, p in view.draw_taken}):
            ui = replace(ui, draw_pick=None)
        return ui

    def handle(self, event: Any) -> Change | None:
        """One pygame event: the settings card first if it is open, then an open overlay, then the chat and
        the tracker, then the M and S shortcuts, else the table input (client.input.handle)."""
        if event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED):
            self.focused = event.type == pygame.WINDOWFOCUSGAINED
            self._anim = None if not self.focused else self._anim
            self.seen.focus_lost()  # a key released in another window sends no KEYUP here
            return None
        if event.type == pygame.WINDOWLEAVE:  # the pointer left the window: no motion will say so
            self._unhover()
            return None
        if event.type == pygame.KEYUP:
            self.seen.released(event.key)
        if self.settings is not None and event.type != pygame.QUIT:
            change = self.settings.handle(event)
            if change is not None and change.kind == "pop":  # Back or Esc: the table again
                self.settings, self.ui = None, replace(self.ui, hover=None)
            self.dirty = True
            return None
        if self.overlay is not None and event.type != pygame.QUIT:
            return self._overlay_event(event)
        pos = self._pointer(event)
        # asked first: it notes every key that goes down; a click or tap on something that just came up (a
        # prompt's button, a wait card's, "I'm back", Pass) is dropped before any part can take it
        stale = self.seen.refused(event, pos, self.sights(), self._now)
        if stale and pos is not None:
            self.seen.hold_off(stale, self._now)
            return None
        if self.toast is not None and pos is not None and event.type != pygame.MOUSEMOTION \
                and pygame.Rect(self._toast_box(self.vp.pixels)[1]).collidepoint(pos):
            if self._must_read is not None and self.toast[0] == self._must_read[0]:
                self._must_read = None  # clicked: read
            self.toast, self.dirty = None, True  # read: out of the way
            return None
        chat_was_open = self.talk.cui.open
        used, said = self.talk.handle(event, self.vp, self.session.state, self.layout(), self.vp.pixels, self.ui)
        if self.talk.cui.open and not chat_was_open:
            self.tracker.open = False  # chat and tracker share the right of the window
        if said is not None:
            self._send_once(said)
        if used:
            self.dirty = True
            if event.type == pygame.MOUSEMOTION:  # the pointer is on the chat or a card, off the table's buttons
                self._unhover()
            return None
        if self.tracker.handle(event, self._pointer(event), self.session.state, self._tracker_layout()):
            if event.type == pygame.MOUSEMOTION:
                self._unhover()
            if self.tracker.why is not None:  # between hands: say why nothing opens (new user s9 item 5)
                self.tracker_note, self.tracker.why = (tr(self.lang, self.tracker.why), self._now + 3.0), None
            if self.tracker.open:
                self.talk.cui = replace(self.talk.cui, open=False, focused=False)
            self.dirty = True
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and pos is not None:
            sat = self._sit_at(pos)
            if sat is not None:
                return sat
        if event.type == pygame.KEYDOWN and latin_key(event.key, getattr(event, "scancode", 0)) == pygame.K_m \
                and not getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.toggle_sound()
            return None
        if event.type == pygame.KEYDOWN and latin_key(event.key, getattr(event, "scancode", 0)) == pygame.K_s \
                and not getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.open_settings()
            return None
        if event.type == pygame.KEYDOWN and latin_key(event.key, getattr(event, "scancode", 0)) == COPY_KEY \
                and not getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.copy_link()
            return None
        if event.type == pygame.KEYDOWN and latin_key(event.key, getattr(event, "scancode", 0)) == SIT_KEY \
                and not getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT) and self.free_seats():
            self._ring_free_seat()
            return None
        if stale:  # a key meant for the screen before (N5); the chat's field, M and S took theirs
            self.seen.hold_off(stale, self._now)
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.toast_by == "leave":
            self._leave_armed, self.toast, self.dirty = None, None, True  # Esc: the Leave is not carried out
        lay = self.layout()
        if event.type == pygame.KEYDOWN:  # Tab visits the cards' and the other parts' controls too
            lay = replace(self._with_cards(lay), others=self.others())
        action: UiAction = handle(event, lay, self.state, self.ui, self.vp)
        if action.ui != self.ui:
            self.ui = action.ui
            self.dirty = True
        self._settle_focus()
        kind = held_kind(action.intent) if action.intent is not None else None
        if kind is not None and (kind in self._held or (kind == "decide" and self.session.state.sending)):
            return None  # a double click or tap: the first is still on its way, or its answer not yet shown
        if isinstance(action.intent, Decide) and isinstance(action.intent.decision, DrawPick):
            self._picked = action.intent.decision.position  # turned over here if the draw ties (R4)
        if isinstance(action.intent, Control) and action.intent.what != "start":  # named if refused (Ui.asked)
            self.ui = replace(self.ui, asked=action.intent.what)
        if isinstance(action.intent, Control) and action.intent.what in ("undo", "redo"):
            self._undo_asked = (action.intent.what, self.session.state)  # said once done (client.undone)
        if action.intent is not None:
            self._send_once(action.intent)
        if isinstance(action.intent, Decide) and "decide" in self._held:
            self.ui = pending(self.ui, action.intent)
        if action.command in ("rules", "ledger"):
            self._open_overlay(action.command)
        elif action.command == "rules:keys":  # F1: the rules, scrolled to their Keys section
            from ..overlays.rules import RulesOverlay
            self._open_overlay("rules")
            if isinstance(self.overlay, RulesOverlay):
                self.overlay.jump(len(self.overlay.text().sections) - 1)
        elif action.command is not None and action.command.startswith("coach:"):
            _, match, hand = action.command.split(":")
            self._open_review(int(match), int(hand))
        elif action.command is not None and action.command.startswith("why:"):
            self._say_why(action.command.partition(":")[2], lay)
        elif action.command is not None and action.command.startswith("press:"):
            return self.press_other(action.command.partition(":")[2], lay)
        elif action.command == "sound":
            self.toggle_sound()
        elif action.command == "copylink":
            self.copy_link()
        elif action.command == "leave":
            return self._leave_table()
        elif action.command in ("close_table", "unlist"):
            self._close_table(action.command == "unlist")
        elif action.command in ("sit_free", "watch_table"):
            return self._go_again("join" if action.command == "sit_free" else "watch")
        elif action.command == "quit":
            return Change("quit")
        return None

    def _with_cards(self, lay: TableLayout) -> TableLayout:
        """``lay`` with the wait card's and the "I'm back" card's buttons among the table's (scenes.talk):
        Tab reaches them and Enter presses them like any button (input.button). New user s12 F22: "Nudge
        Player" and "Let the computer play for Player" had no key and the footer was empty. Kind: a
        control only a click could reach (the table's own got Tab in 5e95c64, the cards were left)."""
        extra = tuple(b for card in self.talk.cards(self.shown(), lay, self.ui) for b in card.buttons if b.enabled)
        return replace(lay, buttons=lay.buttons + extra) if extra else lay

    def others(self) -> tuple[Any, ...]:
        """The controls of the table that other parts draw and answer (:attr:`.layout.TableLayout.others`),
        as buttons whose ids are prefixed ``other:``: the Tiles and Chat buttons, the open chat's own (close,
        mute chips, phrases, send) and the host's invite (its chip or its card's buttons,
        lan_host.HostedTable.focusables); the wait cards' are the table's own (:meth:`_with_cards`). Tab
        reached none of them (kind: a control only a click reaches); a modal prompt keeps the focus in it
        all the same."""
        from ..panels import Button
        state, lay = self.shown(), self.layout()
        out: list[Button] = []
        chat_lay = self.talk.chat_layout(self.vp.pixels, state, lay)
        tracker = self._tracker_layout().toggle
        if tracker is not None:
            out.append(Button("other:tiles", tracker, ""))
        if chat_lay.panel is None and chat_lay.toggle is not None:
            out.append(Button("other:chat", chat_lay.toggle, ""))
        if chat_lay.close is not None:
            out.append(Button("other:chat_close", chat_lay.close, ""))
        out += [Button(f"other:mute:{key}", rect, "") for key, rect in chat_lay.chips]
        out += [Button(f"other:phrase:{i}", rect, "") for i, (_, rect) in enumerate(chat_lay.phrases)]
        if chat_lay.send is not None:
            out.append(Button("other:send", chat_lay.send, ""))
        host = getattr(self.host_room, "focusables", None)
        if host is not None:
            out += [Button(f"other:host:{cid}", rect, "") for cid, rect in host()]
        free = self.free_seats()  # a spectator's free seats: their cards, which Enter takes (:meth:`_sit`)
        out += [Button(f"other:sit:{int(sp.seat)}", sp.plate, "") for sp in lay.seats if int(sp.seat) in free]
        return tuple(b for b in out if b.enabled and b.rect[2] > 0 and b.rect[3] > 0)

    def press_other(self, bid: str, lay: TableLayout) -> Change | None:
        """Enter or Space on another part's control ``bid`` (:meth:`others`): the host's through its own
        press, any other as a click at its centre, which its owner answers as any click."""
        rect = next((b.rect for b in lay.others if b.id == bid), None)
        if rect is None:
            return None
        if bid.startswith("other:host:") and self.host_room is not None:
            return self.host_room.click_id(bid.removeprefix("other:host:"))  # type: ignore[no-any-return]
        if bid.startswith("other:sit:"):
            return self._sit(int(bid.removeprefix("other:sit:")))
        (wx, wy), (px, py) = self.vp.window, self.vp.pixels
        x, y = rect[0] + rect[2] / 2, rect[1] + rect[3] / 2
        at = (round(x * wx / max(1, px)), round(y * wy / max(1, py)))  # drawable pixels, back to the window's
        return self.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1, touch=False))

    def _settle_focus(self) -> None:
        """A prompt that came or went gives the keyboard's focus back to its default (the new prompt's
        safe choice, :func:`~doublenine.client.focus.focused`): a focus Tab left on a button of the last
        prompt, or of the table, never carries into a new one (a review's Enter once pressing Undo)."""
        panel = self.layout().panel
        prompt = _prompt_key(panel) if panel is not None else None
        if prompt != self._focus_prompt:
            self._focus_prompt = prompt
            if self.ui.button is not None:
                self.ui, self.dirty = replace(self.ui, button=None), True
        from ..footer import ringed_label
        ring = self.ui.button
        if ring is not None and ringed_label(ring) is not None and not any(
                b.id == ring and b.enabled for b in (*self._with_cards(self.layout()).buttons, *self.others())):
            # a card's or another part's control the ring was on is gone or greyed (Nudge, once pressed,
            # becomes "Nudge again in 30 s"): the footer named it still ("Enter: Nudge Bo", new user s14's
            # kind: a footer key whose button is greyed); the ring goes back to the default
            self.ui, self.dirty = replace(self.ui, button=None), True

    def sights(self) -> tuple[Sight, ...]:
        """What is in sight now that takes input and came up by itself (client.seen): the table's prompt
        (every prompt of :func:`~doublenine.client.panels.build_panel`: a hand's end, the match's end, a
        request, a question, the opening draw and its result, the nomination, the review, the lobby), the
        cards' buttons (Nudge, the hand-over, "I'm back"), a spectator's free seats' cards (a click takes the
        seat, Enter its ring; s14 left alone: a card that came free under the pointer took a click meant for what
        was there; the LAN list's rows likewise, scenes.lan_join.LanJoinScene.sights), the gold Pass (Enter presses it,
        input.gold_button) and the host's Leave/Close question (lan_host.HostedTable.sight). Kind: an input
        acting on a panel or button the player cannot have seen yet (new user N5: the Enter that played the
        last tile closed the hand's end; inputguard item 1: Enter pressed again and again went through the
        match's end into a new match, as only the table's prompt was guarded, and only for its first half
        second whatever was pressed in it)."""
        lay = self.layout()
        out: list[Sight] = []
        panel = lay.panel
        if panel is not None:
            rects = tuple(b.rect for b in panel.buttons if b.enabled or b.why is not None)
            out.append(Sight(("panel", *_prompt_key(panel)),
                             rects + tuple(r for p, r in panel.cells if p not in panel.taken)))
        for card in self.talk.cards(self.shown(), lay, self.ui):
            live = [b for b in card.buttons if b.enabled]
            if live:
                out.append(Sight(("card", *((b.id, b.label) for b in live)), tuple(b.rect for b in live), PRESS_KEYS))
        gold = gold_button(lay)
        if gold is not None:
            out.append(Sight(("gold", gold.id, gold.label), (gold.rect,), PRESS_KEYS | {pygame.K_p}))
        state = self.session.state
        for n in self.free_seats():  # a spectator's free seats' cards, which come free by themselves (:meth:`_sit`)
            plate = next(sp.plate for sp in lay.seats if int(sp.seat) == n)
            ringed = PRESS_KEYS if self.ui.button == f"other:sit:{n}" else frozenset()  # Enter presses its ring
            said = seat_name(state, Seat(n), self.lang)  # store.seat_name: the one reader of a seat's name
            out.append(Sight(("sit", n, state.seat_states[n - 1], said), (plate,), ringed))
        asked = getattr(self.host_room, "sight", None)
        host = asked() if callable(asked) else None
        if isinstance(host, Sight):
            out.append(host)
        return tuple(out)

    def settled(self) -> bool:
        """Nothing in sight is fresh (client.seen): a person would act on what is shown now (the autoplay robot
        waits for this, as a player reads before pressing)."""
        return not self.seen.any_fresh(self.sights(), self._now)

    def meant_before(self, event: Any) -> bool:
        """For a part drawn over the table that takes every input itself (the host's question): True when
        ``event`` must be dropped as meant for the screen before (client.seen), its KEYUP noted."""
        if event.type == pygame.KEYUP:
            self.seen.released(event.key)
            return False
        stale = self.seen.refused(event, self._pointer(event), self.sights(), self._now)
        self.seen.hold_off(stale, self._now)
        return bool(stale)

    def _close_table(self, unlist: bool) -> None:
        """The lobby's Close table (first press: says what it does; a second one within the toast's time closes
        it for everyone, who are told) or Take off the list (at once: nothing is lost). Organiser s16 F11."""
        if unlist:
            self.session.send(CloseIt(unlist=True))
            self._show(tr(self.lang, UNLISTING), self._now + TOAST_SECONDS)
            return
        if self._close_armed is None or self._now > self._close_armed:
            self._close_armed = self._now + TOAST_SECONDS
            self._show(tr(self.lang, CLOSE_WARNING), self._close_armed)
            return
        self._close_armed = None
        self.session.send(CloseIt())

    def _leave_table(self) -> Change | None:
        """Leave for the start screen. Alone with computers at this window's own local table, the seat is
        kept (D7) and the start screen offers the way back. Elsewhere the seat is given up, said first (the
        first Leave only warns, a second one within the toast's time goes): with other human players they
        play on; at a table on another server this window keeps no way back (:data:`LEAVE_NO_WAY_BACK`); at a
        table this window hosts the seat is kept and the hosting ends (:data:`LEAVE_STOPS_HOSTING`)."""
        state, saved = self.session.state, config.load()
        if state.failure is not None:
            # the table is gone for this window (host stopped, refused, unreachable): nothing is lost by
            # going, so no "press Leave again" (kind: a confirmation asked where nothing can be lost; new
            # user: "Back to the start screen" under "Cannot continue" needed two clicks, its warning hidden)
            self._leave = True  # as the second press did: what this table kept is forgotten (close())
            return Change("pop")
        # a seat held for the next hand (watched until then through a spectator's view) is this window's too
        # (last user s16 F5: one Leave gave it up without the warning a seated player gets)
        me = state.view.seat if isinstance(state.view, SeatView) else \
            Seat(state.next_seat) if state.next_seat in (1, 2, 3, 4) else None
        # a human seat nobody has taken is no one who could play on (a hosted table's friend not come yet)
        others = state.humans - {me} - state.free if me is not None else frozenset()
        stops_all = self.leave_stops_all is not None and self.leave_stops_all()
        kept = me is not None and bool(state.table) and state.table == saved.resume_code
        # this window's kept table no longer hosted: no other person can reach it, whatever its human
        # seats (new user N2: after hosting ended, Leave gave the match up to the computers)
        if kept and (not others or (self.leave_stops_all is None and not saved.resume_port)):
            self._leave = False  # the seat waits; close() remembers the score for the start screen
            return Change("pop")
        # kind: a Leave that loses the player's match without a word (finding: at another server's table
        # with three computers one Leave went, and nothing offered the match again)
        if me is not None and not stops_all and (self._leave_armed is None or self._now > self._leave_armed):
            self._leave_armed = self._now + TOAST_SECONDS
            # what the second Leave really does: a hosting window keeps the seat (HostedTable._keep_seat)
            warning = LEAVE_STOPS_HOSTING if self.leave_ends_hosting else \
                LEAVE_BEFORE_START if not state.started else LEAVE_OTHERS_PLAY_ON if others else LEAVE_NO_WAY_BACK
            self._show(tr(self.lang, warning), self._leave_armed, "leave")
            return None
        self._leave = True
        return Change("pop")

    def _pointer(self, event: Any) -> tuple[float, float] | None:
        """A mouse or touch event's position in drawable pixels; None for other events."""
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN) and not getattr(event, "touch", False):
            if event.type == pygame.MOUSEBUTTONDOWN and event.button != 1:
                return None
            return self.vp.to_pixels(event.pos)
        if event.type == pygame.FINGERDOWN:
            return self.vp.touch(event.x, event.y)
        return None

    def _tracker_layout(self) -> TrackerLayout:
        """The tracker's button left of the chat button (at the table's right edge while the chat is open)."""
        lay = self.layout()
        state = self.shown()
        beside = self.talk.chat_layout(self.vp.pixels, state, lay)  # at the table's right edge
        # one font for the buttons of a row (new user: "Tiles"/"Fichas" larger than "Chat")
        return self.tracker.layout(self.vp.pixels, state, beside.toggle, beside.font,
                                   chat.strip(self.vp.pixels, lay.size, lay.side))

    def toggle_sound(self) -> None:
        """Issue 15.3: mute or unmute the table's sounds, remembered for the next start. Where no sound can
        play (:meth:`Sounds.available`) the setting is left as it is and :data:`NO_SOUND_DEVICE` is said."""
        if not self.sounds.available():
            self.ui = replace(self.ui, muted=True, no_sound=True)  # the button says what the message says
            self._show(tr(self.lang, NO_SOUND_DEVICE), self._now + 3.0, "sound")
            return
        self.sounds.set(muted=not self.sounds.muted)
        config.change(sound=not self.sounds.muted)
        self.ui = replace(self.ui, muted=self.sounds.muted)  # the top bar's button says the new state
        self._show(tr(self.lang, SOUND_OFF if self.sounds.muted else SOUND_ON), self._now + 2.0, "sound")

    def open_settings(self) -> None:
        """The S key: the settings card over the table (scenes/settings.SettingsScene, the start screen's own
        implementation), showing what this table uses now; each change is used at once and saved as there."""
        from ..app import is_fullscreen
        from .settings import SettingsScene, Values
        values = Values(sound=not self.sounds.muted, volume=self.sounds.volume, motion=self.motion,
                        pips=self.art.pip_colours, text=text_size(), fullscreen=is_fullscreen())
        self.settings = SettingsScene(self.lang, self.art, remember=self.keep_finished, sounds=self.sounds,
                                      over_table=True, values=values, on_change=self.apply_settings)
        self.settings.resize(self.vp)
        self.dirty = True

    def apply_settings(self, values: Any) -> None:
        """Use the settings card's ``values`` (scenes/settings.Values) at once: the sounds on or off and their
        volume (the speaker button says it, crossed out where nothing can play), tiles sliding in or not; the
        pips follow the window's art, which the card sets itself."""
        self.sounds.set(muted=not values.sound, volume=values.volume)
        self.motion = self.talk.motion = values.motion
        if not self.motion:
            self._anim = None
        self.ui = replace(self.ui, muted=self.sounds.muted or self.ui.no_sound)
        if values.lang != self.lang:
            self.set_language(values.lang)
        self.dirty = True

    def set_language(self, lang: str) -> None:
        """Speak ``lang`` (one of text.LANGUAGES) from the next frame: the table, its chat and tracker, the open
        overlay (ledger, review, rules) and the window's title; the table is laid out again (its words are
        measured in the language: compute_layout). Messages already on the screen keep their words until they
        go. The Settings card's "Language" row (s16 left alone: the language could be changed only on the
        start screen, by leaving the table)."""
        self.lang = self.talk.lang = self.tracker.lang = lang
        for panel in (self.overlay, self._under):  # the Ledger under a Review too
            speak = getattr(panel, "set_language", None)
            if speak is not None:
                speak(lang)
        self._layout = None
        self.dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the table, then the overlay if one is open, then the settings card if it is."""
        lay = self.layout()
        w, h = lay.size
        sw, sh = surface.get_size()
        fits = w <= sw and h <= sh and (w, h) != (sw, sh)  # the chat panel takes the right of the window
        table = surface.subsurface((0, 0, w, h)) if fits else surface
        if (w, h) != (sw, sh):  # every pixel is painted each frame: a closed overlay leaves no copy behind
            surface.fill(BACKDROP)
        cards = self.talk.cards(self.shown(), lay, self.ui)  # built once this frame (talk.draw, the toast reuse it)
        drawn = lay
        if any(overlaps(c.rect, lay.status_rect) for c in cards):  # it says the same (waiting.SAID_BY_CARD)
            drawn = replace(lay, status=())
        # what the player sees from now (client.seen); nothing of the table is in sight under an overlay
        self.seen.drawn(self.sights() if self.overlay is None and self.settings is None else (), self._now)
        moving = self._moving()
        if moving is not None:
            drawn = self._before_landing(drawn)
        tracker = self._tracker_layout()  # built once this frame (the note beside its button reuses it)
        from ..buttons import LEAVE_HOSTED_TIP, tips_for
        tips = {"leave": LEAVE_HOSTED_TIP} if self.leave_ends_hosting else {}  # leaving stops the server
        tips.update(tips_for(self.session.state, self.lang))  # Undo back into a finished hand says so (D6)
        # the chat takes the keys: its ring is the window's one, the table's Tab focus (the Ledger's button after
        # Esc closed the ledger) is not ringed meanwhile (s14 access F12: two gold rings, Enter went to the chat's)
        chatting = self.keys().startswith("chat")
        ui = replace(self.ui, button=None) if chatting else self.ui
        render(table, drawn, self.shown(), ui, self.art, self.lang, moving, self._messages(lay, tracker), tips)
        self._draw_flip(table, lay)
        cover = self._cover()  # an overlay or the settings card: a nudge for this player is drawn over it, beside it
        self.talk.draw(surface, self.shown(), lay, self.ui, cover)
        ringed = next((b for c in cards for b in c.buttons if b.id == ui.button and b.enabled), None) \
            if not holds_focus(lay.panel) else None  # a modal prompt holds the ring (focus.holds_focus)
        if ringed is not None:  # Tab put the focus on a card's button (:meth:`_with_cards`): the one ring
            draw_ring(surface, ringed.rect)
        self.tracker.draw(surface, self.shown(), tracker)
        self._draw_tracker_note(surface, tracker)
        if ui.button is not None and ui.button.startswith("other:"):  # their ring, over them
            others = self.others()
            ring = focused(lay.panel, lay.buttons + others, self.ui.button)
            if ring is not None and ring in others:
                draw_ring(surface, ring.rect)
        if self.overlay is not None:
            self.overlay.draw(surface)
        self._draw_toast(surface)
        if self.settings is not None:
            self.settings.draw(surface)
        if cover is not None:  # access s16 F11: the key help over the shade, at its own contrast
            from ..render import draw_key_help
            draw_key_help(surface, lay, self.art, cover)
        if cover is not None:
            self.talk.draw_notice(surface, self.shown(), lay, self.ui, cover)

    def _cover(self) -> tuple[int, int, int, int] | None:
        """What lies over the whole table now: the settings card, else an open overlay's rect; None."""
        if self.settings is not None:
            return self.settings.card(self.vp.pixels)
        if self.overlay is not None:
            r = self.overlay.rect
            return (r.x, r.y, r.w, r.h)
        return None

    def _messages(self, lay: TableLayout, tracker: TrackerLayout) -> tuple[Rect, ...]:
        """What this frame draws over the table after it (:meth:`_over_table`, the toast, the tracker's
        note, the nudge notice): a button's tip keeps clear of them (:func:`~doublenine.client.render.sound_tip`)."""
        boxes = [self._toast_box(self.vp.pixels)[1] if self.toast is not None and self.overlay is None else None,
                 self.tracker_note_box(tracker),
                 self.talk.notice_box(self.vp.pixels, self.shown(), lay, self.ui, self._cover())]
        return self._over_table(lay, tracker) + tuple(b for b in boxes if b is not None)

    def close(self) -> None:
        """Release the session: after "Leave" the seat is given up, after closing the window it waits (D7)."""
        try:
            self._keep_finished()
            self._remember_score()
            self._forget_what_ended()
            self.session.close(leave=self._leave)
        finally:
            if self.on_close is not None:
                self.on_close()

    def _forget_what_ended(self) -> None:
        """Remembered places this table made useless (kind: a start-screen offer outliving its match):
        the seat given up at the remembered table (a host's Leave with friends seated) has no token
        left, so "Back to your match" is no longer offered (it once silently created a new table);
        a table whose host ended the game on purpose (``host.stopped``: the host's next start plays it on
        that computer only) is no longer the code "Join table" offers, nor its server the one "Create table"
        uses (lastuser s17 F19: the friend's next Create table, the gold default, made a quick game alone on
        the host's laptop, lost when the host closed it; s13 had kept the address for the friend's next join:
        an invite or "Find tables on this network" now brings the friend back to that host's next table).
        A match over or a Leave still keeps the address (that server goes on). A host gone without a word (``host.lost``) forgets nothing: its next start hosts the same table
        again on the same port, and the friends come back to it (lan_host.host_again)."""
        from doublenine.shared.invite import server_base, server_key

        state = self.session.state
        over = state.view is not None and state.view.phase is Phase.MATCH_OVER
        ended = (self._leave or over) and bool(state.table)
        url = str(getattr(getattr(self.session, "client", None), "url", "") or "")
        failure = getattr(state, "failure", None)
        stopped = getattr(failure, "key", "") == "host.stopped" and bool(url) and bool(state.table)
        if stopped:
            from .start import table_ended
            table_ended(url, state.table)

        def forget(saved: config.Settings) -> config.Settings:  # on client.json as saved now (config.update)
            # a finished match is no match to go back to (left alone last session: "Back to your match
            # (100-62)" outlived its match): none is offered, the earlier ones stay earlier (config.drop_match).
            # Only a seated window: a second window watching this table's match end (issue 12 case 0) once
            # dropped the first window's kept match when it closed (kind: a window that does not hold the
            # seat writing the seat's place to come back to)
            if ended and state.table == saved.resume_code and not spectating(state):
                saved = config.drop_match(saved)
            if ended and url:  # another server's seat given up, or its match over
                saved = config.release_seat(saved, server_base(url), state.table)
            if stopped and server_key(saved.server) == server_key(url) and saved.table == state.table:
                saved = replace(saved, server="", table="")  # the host stopped its server: both are dead
            return saved
        config.update(forget)

    def _keep_finished(self) -> None:
        """A match this seat played is over (the current one, or an earlier one at the table): kept with
        its ledger and the reviews received, so the start screen opens it after Leave (client/finished.py)."""
        from ..finished import keep_finished
        state = self.session.state
        view = state.view
        if not self.keep_finished or not isinstance(view, SeatView):
            return
        seen = (state.table, len(view.past), view.phase is Phase.MATCH_OVER, view.match, len(state.coach))
        if seen != self._finished_seen and (view.past or view.phase is Phase.MATCH_OVER):
            keep_finished(state)
        self._finished_seen = seen

    def _remember_score(self) -> None:
        """The kept local match's score and who plays it, for the start screen's "Back to your match (19-0)"
        and its list of earlier matches (the players' names beside each code)."""
        state = self.session.state
        if self._leave or state.view is None or not state.table or spectating(state):
            return  # a window watching the kept table (a second window) writes nothing of it
        a, b = state.view.scores
        score, code, names = config.score_entry(state.view.match, a, b), state.table, state.names
        saved = config.load()
        last = config.last_seat(saved)
        url = str(getattr(getattr(self.session, "client", None), "url", "") or "")
        from doublenine.shared.invite import server_key
        if last is not None and last[0] == code and url and server_key(last[1]) == server_key(url):
            # the network seat "Back to your match" names (config.last_seat): its score too (new user s15)
            config.update(lambda now: replace(now, last_score=score) if now.last_seat == saved.last_seat else now)
            return
        if code != saved.resume_code:
            return
        config.update(lambda now: config.remember_players(replace(now, resume_score=score), code, names)
                      if now.resume_code == code else now)  # another window may have kept another match since

    # ------------------------------------------------------------ overlays (issue 6)
    def _overlay_rect(self) -> pygame.Rect:
        w, h = self.vp.pixels
        return pygame.Rect(w // 12, h // 14, w - w // 6, h - h // 7)

    def _overlay_scale(self) -> float:
        """The overlays' scale: the table's text size (s14 access F3/F4, :func:`..overlays.text.overlay_scale`)."""
        from ..overlays.text import overlay_scale
        return overlay_scale(metrics(self.vp.pixels)[1])

    def _bring_back(self) -> None:
        """The overlay a request came over, as it was (scrolled, its Review's Ledger under it), once the
        request is answered; the server hears it is open again (R26)."""
        assert self._set_aside is not None
        self.overlay, self._under, what = self._set_aside
        self._set_aside = None
        self.ui = replace(self.ui, overlay=what)
        self.session.send(Pause(what, True))  # type: ignore[arg-type]
        view = self.session.state.view
        if view is not None and what == "ledger":
            self._refresh_overlay(view)
        self.dirty = True

    def _unhover(self) -> None:
        """The pointer is on none of the table's buttons any more (it left the window, an overlay or the
        chat took it): no button is lit and no tip is drawn (render.tip_in_sight; polish s12 item 13)."""
        if self.ui.hover is not None:
            self.ui, self.dirty = replace(self.ui, hover=None), True

    def _open_overlay(self, what: str) -> None:
        self._unhover()  # the overlay takes the pointer: the Ledger button's tip stayed over the ledger
        self._set_aside = None  # the player opened another: the one a request came over is not brought back
        view = self.session.state.view
        try:
            if what == "rules":
                from ..overlays.rules import RulesOverlay
                from ..footer import keys_here  # its Keys: only those that work at this table (F1)
                self.overlay = RulesOverlay(self.lang, self._overlay_rect(), here=keys_here(self.session.state, sit=bool(self.free_seats()), link=self.has_link()),
                                            scale=self._overlay_scale())
            elif view is not None:
                from ..overlays.ledger import LedgerOverlay
                self.overlay = LedgerOverlay(view, self.lang, self._overlay_rect(), seeded=self.session.state.seeded,
                                             seed=self.session.state.seed, names=self.shown().names,
                                             scale=self._overlay_scale())
                self.overlay.reviews = self.session.state.coach
                self.overlay.code, self.overlay.spectators = self.session.state.table, self.session.state.spectators
                self.overlay.table_name = self.session.state.table_name  # club s14 F9: in its export
                self.overlay.played = self.session.state.played_by  # session 16: who played each move
        except ImportError:
            self.overlay = None
        if self.overlay is None:
            self.session.send(Pause(what, False))  # type: ignore[arg-type]
            self.ui = replace(self.ui, overlay=None)
        self.dirty = True

    def _refresh_overlay(self, view: Any) -> None:
        """A new view, review or table frame: the ledger or review overlay shows it (issue 6, issue 14.2), with
        the seats' names and who played them as the last table frame says (session 17: they followed a new view
        only, so a late arrival, a hand-over or a return, told by a table frame alone, was named only once
        the next move came; the review kept those of its opening)."""
        from ..overlays.review import ReviewOverlay
        state = self.session.state
        if isinstance(self.overlay, ReviewOverlay):
            self.overlay.update(view, state.coach, state.coach_busy)
            if view.seat is not None:
                self.overlay.follow(self.shown().names, seat_stretches(state, view.seat),
                                    played_by_holder(state, view.seat, self.overlay.match, self.overlay.hand),
                                    self._played_before(view, self.overlay.match, self.overlay.hand))
        else:
            self.overlay.update(view)
            self.overlay.reviews = state.coach
            self.overlay.code, self.overlay.spectators = state.table, state.spectators
            self.overlay.table_name = state.table_name  # club s14 F9: in its export
            self.overlay.played = state.played_by  # session 16: who played each move
            self.overlay.names = tuple(self.shown().names)

    def _open_review(self, match: int, hand: int) -> None:
        """Issue 14.2: the coach's review of this seat's decisions in that hand (asked for already);
        it counts as the ledger being open (R26)."""
        from ..overlays.review import ReviewOverlay
        view = self.session.state.view
        if view is None:
            return
        self._set_aside = None
        self._unhover()
        if self.ui.overlay != "ledger" or self.overlay is None:
            self.session.send(Pause("ledger", True))
        elif not isinstance(self.overlay, ReviewOverlay):  # from the Ledger: its Close comes back to it
            self._under = self.overlay
        self.overlay = ReviewOverlay(view, match, hand, self.lang, self._overlay_rect(),
                                     reviews=self.session.state.coach, names=self.shown().names,
                                     coach_busy=self.session.state.coach_busy, scale=self._overlay_scale(),
                                     played=view.seat is None
                                     or played_by_holder(self.session.state, view.seat, match, hand),
                                     by=self._played_before(view, match, hand),
                                     stretches=() if view.seat is None else seat_stretches(self.session.state, view.seat))
        self.ui = replace(self.ui, overlay="ledger")
        self.dirty = True

    def _played_before(self, view: Any, match: int, hand: int) -> str:
        """Who played hand ``hand`` of match ``match`` at this window's seat, when a person did: its review's
        title names them (session 16; "" for the computer's, or a hand not in the view)."""
        from ..playedby import COMPUTER
        from ..store import hand_players_name, hand_players_of
        fh = next((h for h in getattr(view, "finished", ()) if (h.match, h.number) == (match, hand)), None)
        if view.seat is None or fh is None or all(w == COMPUTER for w in hand_players_of(self.session.state, view.seat, fh)):
            return ""
        return hand_players_name(self.session.state, view.seat, fh, self.lang)

    def _overlay_event(self, event: Any) -> Change | None:
        from ..overlays.actions import Close, Coach, Export
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "touch", False):
            return None
        if event.type == pygame.FINGERDOWN:  # a tap acts once, as a click, in drawable pixels
            x, y = self.vp.touch(event.x, event.y)
            event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(x), int(y)), button=1, touch=False)
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            x, y = self.vp.to_pixels(event.pos)
            event = pygame.event.Event(event.type, {**event.dict, "pos": (int(x), int(y))})
        act = self.overlay.handle(event)
        self.dirty = True
        if isinstance(act, Close) and self._under is not None:  # back to where the Review was opened
            self.overlay, self._under = self._under, None
            view = self.session.state.view
            if view is not None:
                self._refresh_overlay(view)
        elif isinstance(act, Close):
            self._close_overlays()
        elif isinstance(act, Export):
            self._export(act)
        elif isinstance(act, Coach):
            self.session.send(AskCoach(act.match, act.hand))
            self._open_review(act.match, act.hand)
        return None

    def _close_overlays(self) -> None:
        """Close the open overlay and any under it; the server hears the ledger or rules are closed (R26)."""
        what = self.ui.overlay or "rules"
        self.overlay = self._under = None
        # the button that opened it is not under the pointer any more as far as we know (Esc, a key):
        # the next mouse motion lights what is really there (new user: Ledger stayed lit after Esc)
        self.ui = replace(self.ui, overlay=None, hover=None)
        self.session.send(Pause(what, False))  # type: ignore[arg-type]
        self.dirty = True

    def _export(self, act: Any) -> None:
        """Save an export from the ledger, named with the table code so tables never clash; say where."""
        import platformdirs

        from ..overlays.actions import save_export
        code = self.session.state.table or "local"
        named = replace(act, filename=f"doublenine-{code}-{act.filename}")
        folder = self.export_dir or platformdirs.user_documents_dir()
        try:
            path = save_export(named, folder)
            self._show(tr(self.lang, "Saved {path}", path=str(path)), self._now + TOAST_SECONDS)
        except OSError as exc:
            self._show(tr(self.lang, "Could not save in {folder}: {reason}", folder=folder,
                          reason=exc.strerror or str(exc)), self._now + TOAST_SECONDS)

    def _say_why(self, bid: str, lay: TableLayout) -> None:
        """A greyed control was pressed (or its key): say why it cannot act (``Button.why``; client.consentable:
        a request nobody absent can answer), by the control, as a press that acts is answered."""
        panel = lay.panel.buttons if lay.panel is not None else ()
        b = next((b for b in (*panel, *lay.buttons) if b.id == bid and b.why is not None), None)
        if b is not None:
            top = any(t.id == bid for t in lay.buttons)
            self._show(say(self.lang, *b.why), self._now + TOAST_SECONDS, bid if top else None)

    def _show(self, text: str, until: float, by: str | None = None) -> None:
        """Say ``text`` (translated) in the toast until ``until`` (the scene's clock, s), answering the
        top-bar button ``by`` (:attr:`toast_by`; None: no button). A message the player must read
        (:attr:`_must_read`) that ``text`` takes the place of keeps its time left, to be shown again after."""
        kept = self._must_read
        if kept is not None and self.toast is not None and self.toast[0] == kept[0] and text != kept[0]:
            self._must_read = (kept[0], max(0.0, self.toast[1] - self._now))
        self.toast, self.toast_by, self.dirty = (text, until), by, True

    def tell(self, text: str, seconds: float) -> None:
        """Show ``text`` (translated) for ``seconds`` from the first frame on, or until clicked."""
        self._show(text, float("inf"))
        self._toast_for = seconds

    def _toast_box(self, size: tuple[int, int]) -> tuple[list[str], tuple[int, int, int, int], int]:
        """(rows, rect, font px) of the message in a window of ``size`` px (at most :data:`TOAST_ROWS` rows)."""
        w, h = size
        lay = self.layout()
        # as much larger as the table's type for the "Text size" (textsize s17 item 1: 29 px beside the table's 61 px
        # at 2560x1440 200 %; kind: a type size made from the window alone, chat.font_size)
        f = max(14, round(16 * min(w / 1280, h / 800) * text_used(lay.size)))
        # above the status line, over the felt: never over the hand, its plate or a button (new user: the
        # Leave warning covered the hand); within the felt's width when an open side panel shares the window
        if self.overlay is not None:
            return self._toast_over_overlay(f, size)
        if covered(lay):
            return self._toast_over_prompt(lay, f, size)
        left, right = self._toast_band(lay, f)
        # centred on the status line it lies over, and covering its rows whole: never a status row cut
        # in two by the message (new user s10 item 12: "Sound on" left of centre, the status peeking out)
        cx = lay.status_rect[0] + lay.status_rect[2] // 2
        half = min(cx - left, right - cx)
        rows, box_w, box_h = self._toast_rows(f, 2 * half)
        if 2 * half < 0.6 * (right - left) or self._toast_cost(rows) > self._toast_cost(self._toast_rows(f, right - left)[0]):
            # a wait card takes the left, or centring costs the message a row (a long one then lost its end
            # at 800x600: "… pour l'héberger …"): the free band's own middle, its whole width
            cx, half = (left + right) // 2, (right - left) // 2
            rows, box_w, box_h = self._toast_rows(f, 2 * half)
        status = max((self.art.type.measure(r, lay.font, True)[0] for r, _ in lay.status), default=0)
        box_w = min(2 * half, max(box_w, status + f))
        bottom = lay.status_rect[1] + lay.status_rect[3]  # over the status line, above the hand
        return self._toast_clear(lay, f, rows, (cx - box_w // 2, max(lay.top_bar[3], bottom - box_h), box_w, box_h))

    def _toast_clear(self, lay: TableLayout, f: int, rows: list[str], box: tuple[int, int, int, int]
                     ) -> tuple[list[str], tuple[int, int, int, int], int]:
        """The toast ``box`` (its ``rows``) moved, and narrowed if need be (never cut shorter), to the nearest
        place that hides no tile, panel, plate, card or button (:func:`~doublenine.client.waiting.clear_spot`):
        the status line it lies over is under the opening draw's panel, whose last row of face-down tiles
        it covered (new user s11: the second window's banner)."""
        from ..waiting import clear_spot
        also = self._over_table(lay)
        x, y, w, h = box
        cx, bottom = x + w // 2, y + h
        best = (*clear_spot(lay, w, h, (x, y), also), rows, w, h)
        tw = w
        while best[2] and tw > 12 * f:
            tw = tw * 4 // 5
            narrow, nw, nh = self._toast_rows(f, tw)
            if self._toast_cost(narrow)[0]:
                break  # cut: not worth a place
            spot = clear_spot(lay, nw, nh, (cx - nw // 2, bottom - nh), also)
            if spot[2] < best[2]:
                best = (*spot, narrow, nw, nh)
        x, y, _, rows, w, h = best
        return rows, (x, y, w, h), f

    def _over_table(self, lay: TableLayout, tracker: TrackerLayout | None = None) -> tuple[Rect, ...]:
        """What this scene draws over the table that a message must not hide, besides the layout's own
        (:func:`~doublenine.client.waiting.clear_spot`): the wait cards, the chat and Tiles buttons, and the
        host's open invite card (lan_host.HostedTable.drawn_over)."""
        state = self.shown()
        tracker = self._tracker_layout() if tracker is None else tracker
        also = tuple(c.rect for c in self.talk.cards(state, lay, self.ui))
        if self.host_room is not None and hasattr(self.host_room, "drawn_over"):  # the host's invite card
            also += self.host_room.drawn_over(lay)
        return also + tuple(r for r in (self.talk.chat_layout(self.vp.pixels, state, lay).toggle, tracker.toggle)
                            if r is not None)

    @staticmethod
    def _toast_cost(rows: list[str]) -> tuple[bool, int]:
        """How much a wrapping of the toast costs: whether its end is cut (" …"), then its rows."""
        return (bool(rows) and rows[-1].endswith(" …"), len(rows))

    def _toast_rows(self, f: int, tw: int) -> tuple[list[str], int, int]:
        """(rows, width, height px) of the toast wrapped within ``tw`` px at ``f`` px (at most TOAST_ROWS)."""
        rows = wrap(self.art, self.toast[0], f, tw - 2 * f) if self.toast is not None else []
        if len(rows) > TOAST_ROWS:  # never a silent cut: the last row shown says there was more
            rows = rows[:TOAST_ROWS - 1] + [rows[TOAST_ROWS - 1].rstrip() + " …"]
        box_h = len(rows) * round(TOAST_ROW * f) + f
        box_w = min(tw, max((self.art.type.measure(r, f)[0] for r in rows), default=0) + 2 * f)
        return rows, box_w, box_h

    def _toast_over_prompt(self, lay: TableLayout, f: int,
                           size: tuple[int, int]) -> tuple[list[str], tuple[int, int, int, int], int]:
        """The toast's box while a modal prompt (a hand's end, the match's end, "Cannot continue") covers
        the status line: under the top bar, its right edge under the button it answers (:attr:`toast_by`),
        clear of the prompt; below the prompt where the top has no room; over the prompt's top edge, opaque
        and framed, only where neither has. Kind: a warning drawn in a place a panel covers (new user s10
        item 3: the Leave warning at a hand's end was never seen, a second Leave went at once). Then the
        nearest place that hides no name card or control (:meth:`_toast_clear`; s12: under Leave it lay
        over East's name card)."""
        w = lay.left_of_side(size[0])  # never over an open side panel
        rows, box_w, box_h = self._toast_rows(f, min(w - f, 32 * f))
        by = next((b.rect for b in lay.buttons if b.id == self.toast_by), None)
        right = by[0] + by[2] if by is not None else (w + box_w) // 2
        x = max(f // 2, min(right - box_w, w - box_w - f // 2))
        y = lay.top_bar[1] + lay.top_bar[3] + f // 3
        panel = lay.panel.rect if lay.panel is not None else None
        if panel is not None and overlaps((x, y, box_w, box_h), panel):
            below = panel[1] + panel[3] + f // 3
            if below + box_h <= size[1]:
                y = below
        return self._toast_clear(lay, f, rows, (x, y, box_w, box_h))

    def _toast_over_overlay(self, f: int, size: tuple[int, int]) -> tuple[list[str], tuple[int, int, int, int], int]:
        """The toast's box while an overlay (ledger, review, rules) is open: in the band above it, over the
        dimmed top bar, else in the band below it (above the footer), else at the window's top, where it
        covers the least of the overlay's header. New user s10 item 7: "Saved …hand-1.json" lay over the
        ledger's redeals. Kind: a message placed for the table while another panel covers the table."""
        assert self.overlay is not None
        w, h = size
        rows, box_w, box_h = self._toast_rows(f, min(w - f, 44 * f))
        panel = self.overlay.rect
        footer = self.layout().help_rect[1] if self.layout().help else h
        x = (w - box_w) // 2
        if box_h + f // 2 <= panel.top:
            y = (panel.top - box_h) // 2
        elif box_h + f // 2 <= footer - panel.bottom:
            y = panel.bottom + (footer - panel.bottom - box_h) // 2
        else:
            y = f // 4
        return rows, (x, y, box_w, box_h), f

    def _toast_band(self, lay: TableLayout, f: int) -> tuple[int, int]:
        """(left, right) px of the status line's free width: left of the chat and tracker buttons."""
        state = self.shown()
        edges = [self.talk.chat_layout(self.vp.pixels, state, lay).toggle]
        edges.append(self._tracker_layout().toggle)
        bottom = lay.status_rect[1] + lay.status_rect[3]
        top = bottom - TOAST_ROWS * round(TOAST_ROW * f) - f
        right = min([r[0] for r in edges if r is not None and r[1] < bottom]
                    + [min(self.vp.pixels[0], lay.size[0])])
        left = max([c.rect[0] + c.rect[2] for c in self.talk.cards(state, lay, self.ui)  # the wait cards at the left
                    if c.rect[1] < bottom and c.rect[1] + c.rect[3] > top] + [0])
        return left + f, right - f

    def tracker_note_box(self, tracker: TrackerLayout | None = None) -> tuple[int, int, int, int] | None:
        """Where :attr:`tracker_note` is said: one row left of the Tiles button, at its height, as wide as
        its words (within the window); None when there is nothing to say or no button. ``tracker``: this
        frame's :meth:`_tracker_layout` when the caller has it (built here when not)."""
        tracker = self._tracker_layout() if tracker is None else tracker
        toggle = tracker.toggle
        if self.tracker_note is None or toggle is None:
            return None
        x, y, w, h = toggle
        f = tracker.font
        tw = min(x - f, measurer().measure(self.tracker_note[0], f, False)[0] + f)
        # beside the button, unless that hides the status line or anything else a player needs (s12)
        from ..waiting import clear_spot
        lay = self.layout()
        cx, cy, _ = clear_spot(lay, tw, h, (x - f // 2 - tw, y), self._over_table(lay, tracker))
        return (cx, cy, tw, h)

    def _draw_tracker_note(self, surface: pygame.Surface, tracker: TrackerLayout | None = None) -> None:
        tracker = self._tracker_layout() if tracker is None else tracker
        box = self.tracker_note_box(tracker)
        if box is None or self.tracker_note is None:
            return
        x, y, w, h = box
        surface.blit(self.art.plate(w, h, (20, 60, 40, 255), h // 3), (x, y))
        label = self.art.fit_text(self.tracker_note[0], tracker.font, w - 8, INK)
        surface.blit(label, label.get_rect(center=(x + w // 2, y + h // 2)))

    def _draw_toast(self, surface: pygame.Surface) -> None:
        """The last message (an export, a table not hosted again, the Leave warning), over everything, until
        it expires; while a modal prompt of the table is up, beside it (:meth:`_toast_over_prompt`), framed."""
        if self.toast is None:
            return
        rows, (x, y, box_w, box_h), f = self._toast_box(surface.get_size())
        surface.blit(self.art.plate(box_w, box_h, (20, 60, 40, 255), f // 2), (x, y))
        if self.overlay is not None or covered(self.layout()):  # over the table's plates or an overlay: framed
            pygame.draw.rect(surface, (214, 172, 96), (x, y, box_w, box_h), 1, border_radius=f // 2)
        for i, row in enumerate(rows):
            label = self.art.text(row, f, width=box_w - f)
            surface.blit(label, label.get_rect(midtop=(x + box_w // 2, y + f // 2 + i * round(TOAST_ROW * f))))


def _finished(state: ClientState) -> int:
    """How many hands of the match the view shows finished (0 without a view)."""
    return len(state.view.finished) if state.view is not None else 0


def _prompt_key(panel: Any) -> tuple[Any, ...]:
    """What makes a prompt a new one to the eye: its kind, title and lines (not its place or hover)."""
    return (panel.kind, panel.title[0], tuple(text for text, _ in panel.lines))


HELD_SECONDS = 5.0
"""Longest an intent other than a decision holds its kind (:meth:`TableScene._send_once`) when nothing in
sight changes: the window's status line has said its refusal or answer by then."""


def held_kind(intent: Intent) -> str | None:
    """What a sent ``intent`` holds until its answer is shown (one of each at a time), or None for one the
    server does not answer or that may go again at once (chat, a panel opened, a review asked for)."""
    if isinstance(intent, Decide):
        return "decide"
    if isinstance(intent, AskHint):
        return "hint"
    if isinstance(intent, Control):
        return f"control:{intent.what}"
    if isinstance(intent, HandOver | Nudge):
        return f"{type(intent).__name__}:{int(intent.seat)}"
    if isinstance(intent, Answer | Withdraw):
        return f"{type(intent).__name__}:{intent.request_id}"
    if isinstance(intent, Back):
        return "back"
    return None


def answer_mark(state: ClientState) -> tuple[Any, ...]:
    """What in ``state`` changes when the server answers an intent other than a decision: the table's
    ``seq``, the connection, requests open and asked, refusals, the hint, the nudge, the computer playing
    for this seat, the start (never a chat line or another seat's connection alone)."""
    return (state.seq, state.connection, state.asking, state.asked_id, state.consent, state.refused, state.error,
            state.hint, state.nudge, state.playing_for_me, state.handing_me_over, state.started, state.failure)


def pending(ui: Ui, intent: Decide) -> Ui:
    """``ui`` showing ``intent`` as sent and not yet answered (``ClientState.sending``): a play's tile stays
    lifted over its end, a draw's face-down tile stays picked, until the server's answer moves the table on
    (the tile goes to the line) or refuses it (it stays lifted, to choose again). s13 netplayer F2: at
    800 ms a played tile dropped back into the hand for the round trip, as if refused."""
    decision = intent.decision
    if isinstance(decision, Play):
        return replace(ui, selected=decision.tile, end=decision.end)
    if isinstance(decision, DrawPick):
        return replace(ui, draw_pick=decision.position)
    return ui
