"""The words of the web pages (issue 13.3): the browser's language and every string shown.

Strings are English message ids marked with ``N_`` (extracted into the five
catalogs like the client's, docs/translating.md); the pages translate them on
the server, and give the page's script the ones it needs as one JSON map
(:func:`script_words`), so no text is ever built in the browser from pieces.
"""
from __future__ import annotations

import re

from doublenine.shared.i18n import DEFAULT_SEAT_NAMES, LANGUAGES, N_, SOURCE_LANGUAGE, Nn_, Translator, normalize_language, translator
from doublenine.shared.seatstate import SEAT_WORDS, SeatState
from doublenine.shared.terms import POLLONA, TRIPOLLUA

ACCEPT_LANGUAGE_CHARS = 512
"""Characters of an ``Accept-Language`` header read at all (the rest is ignored unread)."""
ACCEPT_LANGUAGE_ITEMS = 24
"""Language ranges of one header looked at, at most."""
MAX_COUNT_WORDS = 10
"""Tile counts a seat can show (0..10), each given to the script in its own plural form."""

_RANGE = re.compile(r"^([A-Za-z]{1,8}(?:[-_][A-Za-z0-9]{1,8})*|\*)$")
_QUALITY = re.compile(r"^q=(0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?)$")  # RFC 9110 qvalue, ASCII digits only


LANG_QUERY_CHARS = 256
"""Characters of a page's query string :func:`chosen_language` reads (the query comes from anyone)."""


def chosen_language(query: str) -> str | None:
    """The language a page's query asks for, ``lang=fr`` (one of :data:`LANGUAGES`, by
    :func:`~doublenine.shared.i18n.normalize_language`: ``pt-BR``, ``de_AT`` too), before the browser's
    (:func:`negotiate`); None when it names none of ours or there is none. Translator s15 F29: a club's projector
    laptop set up in English showed English to a French room, with no way to choose. Only the first
    :data:`LANG_QUERY_CHARS` characters and 16 fields are read; the first ``lang`` counts."""
    from urllib.parse import parse_qsl

    try:
        fields = parse_qsl(query[:LANG_QUERY_CHARS], max_num_fields=16)
    except ValueError:  # more than 16 fields
        return None
    asked = next((value for name, value in fields if name == "lang"), None)
    lang = normalize_language(asked[:16]) if asked else None
    return lang if lang in LANGUAGES else None


def negotiate(header: str | None) -> str:
    """The page language for an ``Accept-Language`` header: one of :data:`LANGUAGES`.

    RFC 9110 12.5.4: the supported language of highest quality (``q``, default 1),
    the header's order breaking ties; ``en`` when none is supported or the header is
    missing or malformed. Only the first :data:`ACCEPT_LANGUAGE_CHARS` characters and
    :data:`ACCEPT_LANGUAGE_ITEMS` ranges are read (the header comes from anyone).
    ``negotiate("de-AT,de;q=0.9,en;q=0.5") == "de"``.
    """
    best, best_q = SOURCE_LANGUAGE, -1.0
    for item in (header or "")[:ACCEPT_LANGUAGE_CHARS].split(",")[:ACCEPT_LANGUAGE_ITEMS]:
        parts = [part.strip() for part in item.split(";")]
        if not _RANGE.match(parts[0]):
            continue
        quality = 1.0
        for param in parts[1:]:
            found = _QUALITY.match(param)
            if found:
                quality = float(found.group(1))
            elif param[:2].lower() == "q=":  # a quality that is no qvalue: the range is skipped
                quality = 0.0
        lang = normalize_language(parts[0])
        if lang in LANGUAGES and quality > best_q and quality > 0:
            best, best_q = lang, quality
    return best


# The page's own strings (server side); the script's are in SCRIPT_WORDS below.
TABLE_TITLE = N_("Table {code}")
TAGLINE = N_("Double-nine partnership dominoes, to 100")
OPEN_IN_GAME = N_("Open in doublenine")
OPEN_HINT = N_("Opens the game at this table, if it is installed.")
INSTALL_TITLE = N_("Don't have the game yet?")
INSTALL_PIPX = N_("This server does not hand out the game: ask whoever sent you this link for its file, {wheel} "
                  "(made from the game's source with python -m build). Then, with Python 3.11 or newer, install "
                  "it with pipx:")
"""New user s10: the page said only "install the game's wheel" and the server answers 404 for it: where the
file comes from is said (README "Install": the wheel is built from the source and passed on)."""
INSTALL_LINKS = N_("On Linux, let doublenine:// links open the game:")
INSTALL_THEN = N_("Then press Open in doublenine again, or start doublenine and join table {code}.")
WATCHING_NOTE = N_("You are watching: this page shows only what every player sees.")
SCORE_TITLE = N_("Score")
TEAM = N_("Team {team}")
LINE_TITLE = N_("Line of play")
NO_SCRIPT = N_("The live view of the table needs JavaScript.")
NOT_FOUND_TITLE = N_("No open table has this code")
NOT_FOUND_TEXT = N_("Check the link, or ask for a new invite: a table closes when nobody has played at it for a while.")
TOO_MANY_TITLE = N_("Too many requests from your address")
TOO_MANY_TEXT = N_("Wait a few seconds, then load the page again.")
BACK_TO_TABLES = N_("Open tables on this server")
INDEX_TITLE = N_("Open tables on this server")
INDEX_EMPTY = N_("No table is listed here right now.")
INDEX_LISTED = N_("Only tables whose creators chose to list them appear here.")
CREATE_TITLE = N_("Start a table")
CREATE_TEXT = N_("Start doublenine, enter this server's address on the start screen, turn on List on the server's page, and press Create table.")
SERVER_ADDRESS = N_("Server address: {address}")
"""One sentence, the address its blank (translator s15 F15: the page glued ": " after "Server address", so French
lost its no-break space before the colon; kind: a sentence built from pieces a language's typography cannot reach)."""
WATCH = N_("Watch")
STARTED = N_("Playing")
NOT_STARTED = N_("Waiting for players")
NEWER_TABLES = N_("Newer tables")
OLDER_TABLES = N_("Older tables")
BAD_CURSOR_TITLE = N_("This link to the list of tables is not valid")
BAD_CURSOR_TEXT = N_("Open the list from its first page.")
LISTING_BUSY_TITLE = N_("The list of tables cannot be read right now")
STORE_BUSY_TITLE = N_("This page cannot be shown right now")
# club s14 kind 1: finished matches kept, on /, /results and a closed table's page
FINISHED_TITLE = N_("Finished matches")
# new user s14: "No match has finished on this server yet." while an unlisted table's match had: each
# empty list says only what is true of what it shows (listed tables; the choice asked; this table)
FINISHED_NONE = N_("No match at a listed table has finished yet.")
FINISHED_NONE_CHOSEN = N_("No finished match of a listed table fits this choice.")
FINISHED_NONE_HERE = N_("The server keeps no finished match of this table.")
ALL_RESULTS = N_("All results, with downloads")
RESULTS_TITLE = N_("Results of the finished matches")
RESULTS_KEPT_NOTE = N_("Newest first. Only listed tables appear here; the server keeps the last {kept} finished matches.")
DOWNLOAD_CSV = N_("Download as CSV (spreadsheet)")
DOWNLOAD_JSON = N_("Download as JSON")
NEWER_RESULTS = N_("Newer matches")
OLDER_RESULTS = N_("Older matches")
FILTER_TABLE = N_("Table name or code")
PLAYERS_VIEW = N_("Players' totals")
"""/results' link to each person's totals over the same choice (league s17 F7: standings took a spreadsheet)."""
MATCHES_VIEW = N_("Matches")
"""/results?players=1's link back to the matches of the same choice."""
FILTER_FROM = N_("Ended from ({zone})")
FILTER_TO = N_("Ended up to ({zone})")
"""/results' range of days of end (league s17 F7: a season; only one day could be chosen)."""
PLAYER_COLUMNS = (N_("Player"), N_("Played"), N_("Won"), N_("Lost"), N_("Points for"), N_("Points against"),
                  N_("Played by a program"))
"""The columns of the players' totals (server/standings.STANDING_FIELDS but the spellings, said under the name)."""
PLAYERS_NONE = N_("No finished match with a person fits this choice.")
PLAYERS_CAPPED = Nn_("Totals of the newest {count} match of this choice: choose fewer days to count them all",
                     "Totals of the newest {count} matches of this choice: choose fewer days to count them all")
ALSO_SPELT = N_("also spelt {spellings}")
"""Under a player's name, the other spellings read as the same name (José: "also JOSÉ, Jose")."""
ONE_PERSON = N_("One person with the computer")
"""A finished match only one person played, the computer playing the other seats (league s17 F5: such a match,
a window left at a finished table, read like a league match in /results)."""
COMPUTERS_ONLY = N_("Computers only")
"""A finished match no person decided in (league s17 F5)."""
WON_MATCH = N_("Team {team} won the match.")
"""A finished match's result in the dated list of results (translator s17 F18: the ledger's present "wins the
match", read under a date, was a headline where every language reports a past result)."""
NOT_FINISHED = N_("Not finished")
"""A match's outcome on the results when it was cut before its end (its table closed, its server stopped,
everybody left; organiser s16 F12): shown with its score so far."""
FILTER_DATE = N_("Ended on ({zone})")
FILTER_SHOW = N_("Show")
CLOSED_TITLE = N_("Table {code} is closed")
WAITING_FOR = N_("waiting for {minutes} min")
"""Club s14 F6: on ``/``, how long a table has waited for the decision its status names (from a minute on)."""
CLOSED_TEXT = N_("Nobody has played at this table for a while, so it closed. Its finished matches stay listed here.")
CLOSED_PRIVATE = N_("This table was not listed: its matches are shown only here, to whoever has its code.")
"""Session 15: a closed private table's page says who sees its matches (docs/operations.md "Finished matches":
its code is its key, as it was for watching it live; never on ``/``, ``/results`` nor the downloads)."""

# phone s15 F4: a phone or tablet opening an invite or "/" is told that the game is a computer's program, can pass
# the link on to that computer, and sees the table's code large (pages.phone_block; shown by page.css where the
# primary pointer is coarse and cannot hover: a touch device, whatever its width)
PHONE_TITLE = N_("To play, use a computer")
PHONE_TEXT = N_("doublenine is played in its program on a computer (Linux, with Python 3.11 or newer). On a phone or "
                "tablet, this page lets you watch.")
PHONE_SEND = N_("Open this link on the computer: the page there says how to install the game. Or start doublenine "
                "there and join table {code}.")
PHONE_INDEX_TEXT = N_("Tables are started and played in doublenine, a program for a computer (Linux, with Python 3.11 "
                      "or newer). On a phone or tablet, you can watch the tables listed here; open this page on the "
                      "computer to install the game.")
TABLE_CODE = N_("Table code")
LINK_LABEL = N_("Link to this page")
SHARE_LINK = N_("Share the link")
COPY_LINK = N_("Copy link")
LINK_COPIED = N_("Link copied")
# phone s15 F15: a page refused for the address's page budget loads itself again when it may (Retry-After)
RETRY_IN = N_("This page loads again by itself in {seconds} s.")
RETRY_NOW = N_("Load the page again")
# phone s15 F7: the table page says each play to a screen reader (table.js, #said), and labels the open ends
PLAYED_LEFT = N_("{name} played {tile} on the left")
PLAYED_RIGHT = N_("{name} played {tile} on the right")
PLAYED_FIRST = N_("{name} played {tile}")
PASSED_SAID = N_("{name} passed")
ENDS_SAID = N_("open ends {a} and {b}")
LEFT_END = N_("left end")
RIGHT_END = N_("right end")

# phone s17 F7: a screen reader's choice of what the table page's live region says (table.js, localStorage)
SAY_LABEL = N_("Screen reader announcements")
SAY_ALL = N_("Every play")
SAY_ENDS = N_("Only the end of each hand")
# phone s17 F8: the table's earlier matches on its page (view.past); the window's heading
EARLIER_MATCHES = N_("Earlier matches")
PAUSED_BY = Nn_("Paused while {names} reads the rules or the ledger", "Paused while {names} read the rules or the ledger")
"""Phone s17 F12 (R26/D2): the seats whose open rules or ledger the computers wait for (``TableW.holding``), the
window's words (client/panels.PAUSED_BY): ``paused_1`` / ``paused_2`` for the script, ``paused`` in a status."""

SEAT_FREE = SEAT_WORDS[SeatState.FREE]
"""A free seat's word, also shown for its name (its default name is nobody's)."""

SCRIPT_WORDS: dict[str, str] = {
    # the window's own words, with its ellipsis and colon (s13 linguists: "..." and " - " typed in ASCII)
    "connecting": N_("Connecting…"),
    "live": N_("Live"),
    "lost": N_("Connection lost: reconnecting…"),
    "full": N_("This table already has as many spectators as it takes. Try again in a minute."),
    # phone s15 F19: the limit of spectators from one address (a club's wifi, a family's router), not a full table
    "per_address": N_("Too many people on your network are watching this table already. Try again in a minute."),
    # phone s15 F15: "/" read again too often from one address (429) or the server busy (503): said, then retried
    "limited": N_("Too many requests from your network: the list is read again in {seconds} s."),
    "played_left": PLAYED_LEFT, "played_right": PLAYED_RIGHT, "played_first": PLAYED_FIRST,
    "passed_said": PASSED_SAID, "ends_said": ENDS_SAID, "left_end": LEFT_END, "right_end": RIGHT_END,
    "busy": N_("Too many computer-only tables from the same address are playing. Try again in a minute."),
    "gone": N_("This table is closed."),
    # PROTOCOL_VERSION from the server that served this page: the page is an old copy (a bare code was shown)
    "outdated": N_("This page is older than the server's game. Reload the page to watch this table."),
    "waiting": N_("Waiting for players"),
    "draw": N_("Opening draw"),
    "nominate": N_("{name} chooses who leads"),
    "review": N_("The players are looking at their new hands"),
    "to_play": N_("{name} to play"),
    "match_over": N_("Team {team} wins the match!"),
    "team": N_("Team {team}"),
    "no_line": N_("No tile played yet"),
    "hand_over": N_("Hand {n} is over"),
    # each way a hand ends said with what it means, as the window's hand end says it (shared/terms.py)
    "domino": N_("Domino! {name} played their last tile"),
    # session 16: a hand's seat named as who played it (SeatW.played_by), as the window's hand end names it
    "stood_in": N_("the computer in {name}'s seat"),
    "tie": N_("Blocked, nobody could play, and both teams hold the lowest total: nobody scores"),
    "revealed": N_("Each player's ten tiles as dealt; the bright ones were still held at the end."),
    # access s16 F8: a screen reader heard the ten tiles alike ("0-4, 0-5..."): each says whether it was held
    "tile_held": N_("{tile}, still held"),
    "tile_played": N_("{tile}, played"),
    "passed": N_("passed"),
    "passed_1": N_("passed: no {a}"),  # the window's pass badge, with the numbers lacked (s13 spectator F3)
    "passed_2": N_("passed: no {a} or {b}"),
    # what an undo, redo or restart did (update.cause), the window's words (client/undone.py; s13 spectator F5)
    "cause_undo": N_("Undone: back to hand {hand}"),
    "cause_redo": N_("Redone: up to hand {hand}"),
    "cause_restart": N_("Restarted: hand {hand} starts again from the same deal"),
    "named_pollona": POLLONA,  # R20, named and said what it means as the window's match end (s13 spectator F7)
    "named_tripollua": TRIPOLLUA,
    "disconnected": N_("{name} is disconnected"),  # D7: the seat to play is away (the window's words)
    "finished_hands": N_("Finished hands"),  # the page's list of the match's hands (s13 spectator F2)
    "score": N_("Score: Team A {a}, Team B {b}"),
    # phone s17 F2/F8: the match shown and the earlier ones (view.match, view.past)
    "match_no": N_("Match {number}"),
    "past_won": N_("Match {number}: Team {team} won {won} to {lost}"),
    "not_finished": NOT_FINISHED,
    "and": N_("{a} and {b}"),  # a list of names, as the window lists them (client/text.AND)
    "turn": N_("to play"),
    **{str(k): word for k, word in SEAT_WORDS.items()},  # a seat's state, one word everywhere (shared/seatstate.py)
}
"""Every string the page's script shows, by key (translated by :func:`script_words`)."""

NO_TILES = N_("no tiles")
"""A seat's count of tiles at 0 (``tiles_0``: the seat that played its last tile), never "0 tiles"."""
FULL = N_("full")
"""A listed table without a free seat (as the window's LAN list says it), never "0 free seats"."""


def free_seats(t: Translator, n: int) -> str:
    """``{count} seat(s) for a person`` in ``t``'s language (free seats and seats the computer plays until
    someone takes them: club s14 F17, a seat chosen as a computer is not counted); :data:`FULL` for none."""
    if n <= 0:
        return t.gettext(FULL)
    return t.ngettext("{count} seat for a person", "{count} seats for a person", n)


BLOCK_WORDS = (Nn_("Blocked, nobody could play: {name} holds the lowest total, {count} pip",
                   "Blocked, nobody could play: {name} holds the lowest total, {count} pips"),
               Nn_("Blocked, nobody could play: {a} and {b} hold the lowest total, {count} pip",
                   "Blocked, nobody could play: {a} and {b} hold the lowest total, {count} pips"))
"""R17 at a hand's end on the page, the window's words (client/panels BLOCK_ONE, BLOCK_TWO): ``block_0``,
``block_1``, ``block_2`` (2 and more) and ``block2_*`` for partners sharing it; the total with its unit (s14:
the line ended on a bare number). 0, 1 and 2 choose every form a total (0..90) takes in the five languages."""


def script_words(t: Translator) -> dict[str, str]:
    """The map the page's script reads (``<script type="application/json">``, never run):
    :data:`SCRIPT_WORDS` translated, plus the plural forms it needs, each number already chosen
    (``tiles_0`` .. ``tiles_10``; ``points_1`` / ``points_2`` for 1 and more points, ``block_0`` ..
    ``block_2`` and ``block2_0`` .. ``block2_2`` for a lowest total of 0, 1, 2 and more pips,
    ``spectators_1`` / ``spectators_2`` likewise; ``default_1`` .. ``default_4``, the server's
    English names of unnamed seats, and ``seat_1`` .. ``seat_4``, the same translated)."""
    out = {key: t.gettext(msgid) for key, msgid in SCRIPT_WORDS.items()}
    for n in (1, 2):  # the script fills {count} itself
        out[f"spectators_{n}"] = t.ngettext("{count} spectator", "{count} spectators", n, count="{count}")
        out[f"points_{n}"] = t.ngettext("Team {team} scores {count} point", "Team {team} scores {count} points",
                                        n, count="{count}")
    for n in (1, 2):  # phone s17 F12: the readers the table waits for, {names} filled by the script
        out[f"paused_{n}"] = t.ngettext(*PAUSED_BY, n, names="{names}")
    for n in (0, 1, 2):  # a lowest total with its unit, as the window's hand end (client/panels BLOCK_ONE)
        out[f"block_{n}"] = t.ngettext(*BLOCK_WORDS[0], n, count="{count}", name="{name}")
        out[f"block2_{n}"] = t.ngettext(*BLOCK_WORDS[1], n, count="{count}", a="{a}", b="{b}")  # partners (R17)
    for n in range(MAX_COUNT_WORDS + 1):
        out[f"tiles_{n}"] = t.ngettext("{count} tile", "{count} tiles", n) if n else t.gettext(NO_TILES)
    for seat, name in DEFAULT_SEAT_NAMES.items():  # the window's names for unnamed seats (N7)
        out[f"default_{seat}"], out[f"seat_{seat}"] = name, t.gettext(name)
    return out


def words(lang: str) -> Translator:
    """The translator of a page language (:func:`negotiate`)."""
    return translator(lang)
