"""Local interface state: previews and acknowledgements, never game state.

The game state comes only from the server (:mod:`doublenine.client.store`);
this holds what the player is looking at or previewing (R25): a selected tile
and end, a hinted move, a previewed opening-draw position, keyboard focus, and
which finished hands and which opening draw the player has already looked at (R22
reveal, R3 draw).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from doublenine.shared.moves import End
from doublenine.shared.tiles import Tile


@dataclass(frozen=True, slots=True)
class Ui:
    """The preview state of one window (R25: previews never move anything)."""

    selected: Tile | None = None
    """The lifted hand tile."""
    end: End | None = None
    """The previewed end for the selected tile (None: not chosen yet)."""
    from_hint: bool = False
    """True when the preview came from a hint."""
    draw_pick: int | None = None
    """The previewed face-down position in the opening draw (R3)."""
    focus: int | None = None
    """Keyboard focus: index into the sorted hand."""
    typed: str = ""
    """Pip digits typed so far to select a tile by its values."""
    seen_finished: int | None = None
    """How many finished hands the player has looked at; None until the first view arrives."""
    seen_draw: tuple[int, int] | None = None
    """The opening draw the player has looked at (R3, R4): ``panels.draw_key`` of its view, (match, draws
    so far); None until the first view arrives (then that view's, so a draw already decided is not shown)."""
    seen_refusal: str = ""
    """The id of this seat's refused request whose refusal the player has read (D1)."""
    overlay: str | None = None
    """An open overlay: "rules" or "ledger" (R26 pauses computer seats)."""
    hover: str | None = None
    """Id of the control under the pointer, for highlighting."""
    muted: bool = False
    """The table's sounds are off (scenes/table.TableScene.sounds): the top bar's sound button says so."""
    no_sound: bool = False
    """Nothing can play here (:meth:`.sound.Sounds.available` False: no audio device or sound server), so
    :attr:`muted` too: the sound button is crossed out and its tooltip says why (new user s11 round 2 item 10:
    "Sound: on" on a machine with no audio device until first clicked)."""
    confirm: tuple[str, int, int] | None = None
    """A control that cannot be taken back, pressed and waiting for its confirmation (new user s9 item 3:
    one misclick on Restart lost the hand): (its id, the match and hand number it was pressed in); a
    prompt asks (``panels``), and a new hand or any other action forgets it."""
    button: str | None = None
    """The id of the button Tab moved the keyboard's focus to (:mod:`.focus`; Enter or Space presses it, a
    ring shows it); None: the prompt's default (its gold button). Kept by :meth:`cleared` (a second Leave
    or Undo is one more Enter); forgotten when the prompt changes (scenes/table.TableScene) and by Esc."""

    asked: str = ""
    """The last change of the match this window asked for ("undo", "redo", "restart", "new_match";
    scenes/table.TableScene.handle), named when the server refuses it because a player who must agree is
    away (panels.status_line, ``CONSENT_UNAVAILABLE``)."""

    looking: int | None = None
    """The finished hand (its index in the view's ``finished``) whose result panel the player put aside to
    look at its final line ("See the line", V): the table shows that line and the hands as they ended
    (:func:`.pacing.looked`) until "Show the result" (V, Enter); None: the panel is up. It holds only while
    that hand's end is the one shown (scenes/table.TableScene._sync forgets it otherwise)."""

    away_wait: tuple[tuple[int, int], ...] = ()
    """D7 (evening s16 F1): (seat, whole seconds left) for each disconnected seat still in its minute to come
    back, by this window's clock from when it first saw the seat disconnected (and from its own reconnection:
    after a server restart every seat is given the minute again; scenes/table.TableScene._away_clock). The
    "away" panel offers no hand-over until then (the server refuses it, HAND_OVER_TOO_SOON); a seat not
    listed may be handed over."""

    keyed: bool = False
    """The last input was a key (not a click or a tap): what the status line asks for is said in keys
    (panels.status_line; new user s12 F4: "Click a lit end..." after a tile chosen by its digit)."""

    def finished_seen(self, finished: int) -> int:
        """How many of a view's ``finished`` finished hands the player has looked at (R22): :attr:`seen_finished`,
        or all of them while it is None (no view had arrived). The hand end shown is the first one not seen."""
        return self.seen_finished if self.seen_finished is not None else finished

    def cleared(self) -> Ui:
        """The same with no preview (and no confirmation pending)."""
        return replace(self, selected=None, end=None, from_hint=False, draw_pick=None, typed="", confirm=None)
