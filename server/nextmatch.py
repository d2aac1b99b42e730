"""The next match at a table of several network seats (R28, D1): ``doublenine bot --matches N``.

At a table of several humans a ``new_match`` opens a consent request (docs/protocol.md
"Consent"): the others must answer it with ``consent``, not ask again. Four bots at one table
once each asked, three were refused ``REQUEST_PENDING`` and waited for an update that never came,
then reconnected and asked again, forever (attacker F6). Every refusal an asker or an answerer
can meet here has its own answer below; one that has none ends the bot, said by its code.
"""
from __future__ import annotations

import asyncio
import itertools
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from doublenine.shared import protocol as p
from doublenine.shared.i18n import N_, SOURCE_LANGUAGE, TranslatedError, translator
from doublenine.shared.refusals import sentence

from .netbot import RATE_WAIT, ServerRefused, TableClient, match_over

_ids = itertools.count(1)

LOOK_AGAIN = frozenset({"STALE", "DUPLICATE", "REQUEST_PENDING", "NO_SUCH_REQUEST", "NOT_ASKED"})
"""Refusals that only mean "the table is not as this seat saw it": decide again from the frames
that come before or after them (a ``table`` frame shows the request that is open, or none)."""


class NoNewMatch(TranslatedError):
    """The table will not start another match: a seat refused it (D1) or the server failed it.
    ``str()`` says why in English, :meth:`text` in a player's language."""


ASK_STAGGER = 2.0
"""Seconds between two seats' turns to ask for the next match (:func:`asking_rank`): at a match's end every
bot of a table sees it over in the same frame, and all four once asked at once, three refused
``REQUEST_PENDING`` at every match end (soak s14 F-refusal-noise: 451 refusals in 47 minutes). The first
in turn asks at once (after ``pace``); the others see its request come and consent, and ask only if
none came in their turn's time (a seat before them is a person, or gone)."""

ANSWERED_KEPT = 16
"""Request ids a seat remembers having consented to (attacker s9 F2: what a server's frames fill is
bounded)."""


@dataclass(slots=True)
class _Asking:
    """What this seat has done towards the next match, on this connection."""

    asked: str | None = None
    """The intent id of this seat's ``new_match`` not yet answered or refused."""
    answered: deque[int] = field(default_factory=lambda: deque(maxlen=ANSWERED_KEPT))
    """Requests this seat consented to: the newest :data:`ANSWERED_KEPT` (one request is open at a
    time, so only the newest matter; a server asking without end fills nothing without a bound)."""
    blocked: frozenset[int] | None = None
    """``CONSENT_UNAVAILABLE``: the seats handed over then (:func:`handed_over`); asked again only once a
    ``table`` frame shows another set (club s14 F12: every table frame, a spectator come or a panel opened,
    made the bots ask again and say the same refusal every few seconds)."""
    closing: bool = False
    """``SHUTTING_DOWN``: send nothing more on this connection."""
    ask_at: float | None = None
    """When (the loop's clock) this seat asks if no request is open by then: its turn (:data:`ASK_STAGGER`)."""
    consent_at: float | None = None
    """When this seat consents to the request that waits for it (``pace`` after it was seen)."""
    refused: bool = False
    """A seat refused a new match at this match's end: this seat asks no more (a person said no: asking again
    would only pester them), but stays and accepts a new match anyone asks (evening s16 F6: one refusal, made
    only to get the question off the match's result, sent both bots away and emptied half the table)."""


async def next_match(client: TableClient, *, timeout: float = 3600.0, pace: float = 0.0,
                     say: Callable[[str], None] = lambda _: None, lang: str = SOURCE_LANGUAGE) -> None:
    """R28/D1: from a finished match to the first frame of the next one, as one seat of several.

    Consents to an open ``new_match`` request that waits for this seat; asks for one when no request
    is open and its turn has come (:func:`asking_rank`, :data:`ASK_STAGGER`), reading the frames that
    come meanwhile; otherwise waits (another request, such as an undo, is left to the humans).
    ``REQUEST_PENDING``, ``STALE``, ``DUPLICATE``, ``NO_SUCH_REQUEST``, ``NOT_ASKED``: decide again;
    ``CONSENT_UNAVAILABLE`` (a seat handed over, D7): said, then asked again once the table changes;
    ``RATE_LIMITED``: after :data:`~doublenine.server.netbot.RATE_WAIT` s; ``SHUTTING_DOWN``: nothing
    is sent until the close (the keeper reconnects). ``pace``: seconds at least before each send.
    A seat's refusal is said (:data:`STAYING`, the person named) and this seat then asks no more but stays,
    consenting to any new match asked later (evening s16 F6). Raises :class:`NoNewMatch` when the request
    fails, :class:`ServerRefused`
    for any other refusal, ``TimeoutError`` after ``timeout`` s without a frame. ``say`` is told in
    ``lang`` (one of shared/i18n.LANGUAGES).
    """
    state = _Asking()
    loop = asyncio.get_running_loop()
    while match_over(client):
        due = None if state.closing else await _act(client, state, pace, loop.time())
        try:  # frames are read until this seat's turn to act comes: it acts on the table as it is then
            msg = await client.next(timeout if due is None else min(timeout, max(0.0, due - loop.time())))
        except TimeoutError:
            if due is not None:
                continue
            raise
        if isinstance(msg, p.TableUpdate):
            if state.blocked is not None and handed_over(client) != state.blocked:
                state.blocked = None
        elif isinstance(msg, p.RequestClosed) and msg.action == "new_match":
            if _closed(msg):
                state.refused = True
                say(translator(lang).gettext(STAYING, name=seat_named(client, msg.seat)))
            state.asked = None  # cancelled (its asker left) or expired: ask again if none is open
        elif isinstance(msg, p.Error):
            await _refused(msg, state, say, lang, handed_over(client))


def handed_over(client: TableClient) -> frozenset[int]:
    """The seats a person holds that the computer plays for them now (D7: handed over), from the last
    ``table`` frame: what ``CONSENT_UNAVAILABLE`` waits on."""
    table = client.table
    if table is None:
        return frozenset()
    return frozenset(s.seat for s in table.seats if s.kind == "human" and s.claimed and s.computer_plays
                     and not s.waits)  # a late arrival sits at the next deal: not handed over


def asking_rank(client: TableClient) -> int:
    """This seat's place in the turns to ask for the next match: among the seats held by a connected
    computer player over the network (``SeatW.program``: ``doublenine bot``), in seat order; 0 (at once)
    where the table does not count this seat among them (an older server, a table frame not yet come)."""
    seats = client.table.seats if client.table is not None else ()
    bots = [int(s.seat) for s in seats if s.claimed and s.connected and s.program]
    me = int(client.seat or 0)
    return bots.index(me) if me in bots else 0


async def _act(client: TableClient, state: _Asking, pace: float, now: float) -> float | None:
    """Consent to the new match asked of this seat, or ask for one when no request is open, once its time
    has come (``pace``; for an ask, its turn: :func:`asking_rank`); the loop time to act at, else None.
    Nothing is sent that the table as seen already refuses: an ask while a request is open."""
    request = client.table.request if client.table is not None else None
    if request is not None:
        state.ask_at = None
        if (request.action == "new_match" and client.seat in request.waiting
                and request.id not in state.answered):
            state.consent_at = now + pace if state.consent_at is None else state.consent_at
            if now < state.consent_at:
                return state.consent_at
            state.consent_at = None
            state.answered.append(request.id)
            await client.send({"type": "consent", "request_id": request.id, "accept": True})
        return None
    state.consent_at = None
    if state.asked is None and state.blocked is None and not state.refused:
        if state.ask_at is None:
            state.ask_at = now + pace + ASK_STAGGER * asking_rank(client)
        if now < state.ask_at:
            return state.ask_at
        state.ask_at = None
        state.asked = f"m{next(_ids)}"
        await client.send({"type": "new_match", "expected_seq": client.seq, "intent_id": state.asked})
    return None


STAYING = N_("{name} refused a new match; this seat stays at the table and accepts a new match anyone asks for")
"""D1/R28: a person refused the new match (evening s16 F6, F7: the bots gave their seats up and exited, saying
"seat 2 refused a new match", a seat number the person running the bot does not know)."""


def seat_named(client: TableClient, seat: int | None) -> str:
    """The name the last ``table`` frame gives ``seat`` (cleaned and bounded: a server's text), or "seat N"
    where it gives none."""
    from doublenine.shared.cleantext import BlankText, clean_text
    seats = client.table.seats if client.table is not None else ()
    name = next((s.name for s in seats if seat is not None and int(s.seat) == int(seat)), "")
    try:
        return clean_text(name, 32)
    except BlankText:
        return f"#{seat}"


def _closed(msg: p.RequestClosed) -> bool:
    """A new-match request ended without the new match: True for a seat's refusal (:data:`STAYING`: the bot
    stays); a failure ends the bot's matches (:class:`NoNewMatch`); False otherwise (cancelled, expired)."""
    if msg.outcome == "refused":
        return True
    if msg.outcome == "failed":  # its detail is the server's English, never shown (docs/translating.md)
        raise NoNewMatch(N_("the server could not start a new match"))


async def _refused(msg: p.Error, state: _Asking, say: Callable[[str], None], lang: str,
                   away: frozenset[int] = frozenset()) -> None:
    """One refusal met on the way to the next match (see :func:`next_match`); ``away``: the seats handed over
    as the last table frame showed them (:func:`handed_over`)."""
    code = str(msg.code)
    if msg.intent_id is not None and msg.intent_id != state.asked:
        return  # a move sent before the match ended, or this seat's earlier ask: the table moved on
    if code == "SHUTTING_DOWN":  # the close follows: sending again would only be refused again
        state.closing = True
    elif code == "RATE_LIMITED":
        await asyncio.sleep(RATE_WAIT)
        state.asked = None  # whichever was refused is sent again
        state.answered.clear()
    elif code == "CONSENT_UNAVAILABLE":
        say(translator(lang).gettext("{refusal} ({code}); a new match waits for the seats handed over to come back",
                                     refusal=translator(lang).gettext(sentence(code)), code=code))
        state.asked, state.blocked = None, away
    elif code in LOOK_AGAIN:
        state.asked = None if msg.intent_id is not None else state.asked
    else:
        raise ServerRefused(msg)
