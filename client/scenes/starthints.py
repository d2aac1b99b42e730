"""One line saying what the start screen's control under the pointer does (s11 new user, item 8).

The start screen's choices were unexplained: what Expert or Heaviest play like, what "List on the
server's page" or "Host for friends" do, the difference between Create table and Host for friends.
Each control of the two cards has one short line, drawn in its card's hint slot under the buttons
(:func:`.startform.start_layout` ``"where"`` and ``"hint_join"``), clear of every other control. Pure.
"""
from __future__ import annotations

from doublenine.shared.i18n import N_

LEVELS = {
    "easy": N_("Easy: any tile that fits, at random"),
    "heaviest": N_("Heaviest: always plays its heaviest tile"),
    "normal": N_("Normal: plays by rules of thumb"),
    "strong": N_("Strong: tries its moves out first; faster than Expert"),
    "expert": N_("Expert: the strongest; reads every pass"),
}
"""The computer levels weakest first (server/bots: random, heaviest tile, rules of thumb, rollouts, more
rollouts); s13 F5: strong is faster than expert (7 against 21 ms a decision), heaviest below normal."""

HINTS = {
    "kind0": N_("Who plays this seat: the computer or a person"),
    "seed": N_("Seed: the same number deals the same hands"),
    "public": N_("Listed: shown on the server's web page"),
    "tracker": N_("A panel of the tiles played (T), for everyone"),
    "phrases": N_("Chat during a hand: free text or set phrases"),
    "create": N_("A new table at once; computers fill the seats"),
    "host": N_("A table friends on your network can join"),
    "seat": N_("The seat you take at that table"),
    "find": N_("Tables that friends host on this network"),
    "earlier": N_("Matches kept from before, and their ledgers"),
    "join": N_("Sit at the table whose code is above"),
    "watch": N_("Watch that table without a seat"),
    "resume": N_("The match you last played, as you left it"),
}
"""What each control does, in a line short enough for its card at 800x600 in every language."""

CREATE_WAITS = N_("A new table; its Human seats wait for people")
"""The Create table line where a seat other than the creator's is set to Human (club s14 F3: "computers fill
the seats" was said with East, North and West all Human, whose table waits for people to sit down)."""

JOIN_CARD = frozenset({"seat", "find", "earlier", "join", "watch", "resume"})
"""Controls of the Join card: their line goes in that card's hint slot."""


def hint(cid: str | None, level: str, kinds: tuple[str, ...] = ()) -> tuple[str, str] | None:
    """(slot, message id) for control ``cid`` (None: nothing under the pointer): slot ``"where"`` (the New
    table card) or ``"hint_join"`` (the Join card); the level's line for ``"level"`` (the one chosen);
    ``kinds``: the other seats' kinds as set ("human" or "computer"): Create table says
    :data:`CREATE_WAITS` where one is Human."""
    if cid is None:
        return None
    if cid == "level":
        return ("where", LEVELS.get(level, LEVELS["expert"]))
    if cid == "create" and "human" in kinds:
        return ("where", CREATE_WAITS)
    key = "kind0" if cid in ("kind1", "kind2") else cid
    if key not in HINTS:
        return None
    return ("hint_join" if key in JOIN_CARD else "where", HINTS[key])
