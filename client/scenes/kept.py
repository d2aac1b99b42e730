"""The kept-match list of the start screen: every kept match, each told apart (new user N1, again).

The start screen offered only the most recent earlier match, under a label that read like the kept
one's ("Back to your earlier match (0-0)" beside "Back to your match (0-0)"): two hosted tables nobody
joined hid a 0-7 and a 46-0 match that client.json still kept. Here each kept match is named by its
table code, its score and where it runs (this computer, or hosted for friends on a port), and
"Earlier matches (N)" opens a list of all of them (:func:`chooser_layout`, :func:`draw_chooser`).
Pure geometry and drawing; the start scene (scenes/start.py) holds the state and the clicks.
"""
from __future__ import annotations

from typing import Any, Callable

import pygame

from doublenine.shared.i18n import N_

from ..art import GOLD, Art
from ..config import read_score
from ..panels import Button
from ..render import DIM_INK, INK, draw_button
from ..seatnames import seat_name_in
from ..snake import Rect
from ..text import tr

Kept = tuple[str, str, int]
"""A kept match as the start screen shows it: (table code, score ``A-B`` or "" if unknown, hosting port
or 0 for a table on this computer)."""
Done = tuple[str, str]
"""A kept finished match (client/finished.py) as the start screen shows it: (table code, final score as
config.score_entry writes it, ``A-B`` or ``A-B/M`` for the table's match M). It opens its ledger."""

FINISHED_LABEL = N_("Table {code} · {score} · finished: ledger")
"""A finished match in the earlier-match list: its ledger opens (nothing to go back to, R19)."""

CHOOSER_TITLE = N_("Earlier matches")
Players = tuple[str, ...]
"""Who played a kept match: its four seats' names as the server sent them (config.kept_players), or ()."""


def players_text(lang: str, names: Players) -> str:
    """``José, Zoë, East, Seat 4``: who played, each seat named as the table named it (a server's default
    name translated, "Seat N" for none: shared/i18n ``shown_seat_name``; the seat's default name where the
    font draws none of it or draws it as another seat's: :func:`.seatnames.window_seat_name`); "" when
    nobody is known.
    The names are outside text (client.json): config cleaned them; the drawing bounds and elides them."""
    return ", ".join(players_names(lang, names))


def players_names(lang: str, names: Players) -> list[str]:
    """Each seat's name of :func:`players_text`, seat 1 first; ``[]`` when nobody is known. A finished match's
    players as its record names them (``MatchRecordW.players``, organiser s16 F10): a computer's seat said as
    the window says it (:func:`..seatnames.played_said`)."""
    from doublenine.shared.wire import COMPUTER_PLAYED

    from ..seatnames import played_said
    if not any(names):
        return []
    return [played_said(lang, names[seat - 1]) if names[seat - 1].startswith(COMPUTER_PLAYED)
            else seat_name_in(lang, seat, names) for seat in range(1, len(names[:4]) + 1)]


def match_label(lang: str, match: Kept) -> str:
    """``Table K7QPA · 46-0 · hosted on port 8765``: code, score (when known), where it runs."""
    msgid, args = _label(lang, match)
    return tr(lang, msgid, **dict(args))


MATCH_SCORE = N_("match {n}: {score}")
"""A kept score in the table's second match or later (config.score_entry ``A-B/M``): "V53H3 · 0-0" was a
new match just begun at a table whose first match had finished 148-60 (new user s10)."""


def score_said(lang: str, score: str) -> str:
    """A remembered score as the start screen says it: ``148-60``, or ``match 2: 0-0`` past the table's
    first match (config.read_score); ``""`` for none."""
    read = read_score(score)
    if read is None:
        return ""
    a, b, match = read
    return f"{a}-{b}" if match == 1 else tr(lang, MATCH_SCORE, n=match, score=f"{a}-{b}")


def _label(lang: str, match: Kept) -> tuple[str, tuple[tuple[str, Any], ...]]:
    """(msgid, arguments) of :func:`match_label`, as a :class:`Button` takes them."""
    code, score, port = match
    score = score_said(lang, score)
    where = tr(lang, N_("hosted on port {port}"), port=port) if port else tr(lang, N_("on this computer"))
    if score:
        return N_("Table {code} · {score} · {where}"), (("code", code), ("score", score), ("where", where))
    return N_("Table {code} · {where}"), (("code", code), ("where", where))


def finished_label(lang: str, done: Done) -> str:
    """``Table K7QPA · 104-37 · finished: ledger``: a kept finished match, by its code and final score."""
    code, score = done
    return tr(lang, FINISHED_LABEL, code=code, score=score_said(lang, score) or "?")


def earlier_button(rect: Rect, kept: tuple[Kept, ...], lang: str,
                   fits: Callable[[str], bool] = lambda _: True, done: tuple[Done, ...] = ()) -> Button:
    """The start screen's earlier-match button: the match itself when one is kept, or one finished match
    (where it runs, or that it is finished, too when that ``fits`` the button, else its code and score),
    else how many (kept and finished: each in the list, :func:`draw_chooser`)."""
    if len(done) == 1 and not kept:
        full = finished_label(lang, done[0])
        short = f"{done[0][0]} · {score_said(lang, done[0][1])}"
        shown = full if fits(tr(lang, "Earlier match: {match}", match=full)) else short
        return Button("earlier", rect, N_("Earlier match: {match}"), args=(("match", shown),))
    if done:
        return Button("earlier", rect, N_("Earlier matches ({count})"), args=(("count", len(kept) + len(done)),))
    if len(kept) == 1:
        full = match_label(lang, kept[0])
        code, score, _ = kept[0]
        score = score_said(lang, score)
        short = f"{code} · {score}" if score else code
        shown = full if fits(tr(lang, "Earlier match: {match}", match=full)) else short
        return Button("earlier", rect, N_("Earlier match: {match}"), args=(("match", shown),))
    return Button("earlier", rect, N_("Earlier matches ({count})"), args=(("count", len(kept)),))


ON_SERVER = N_("on {server}")
"""Where a match at another server's table runs, on "Back to your match" (the server's host, and its port
when not the default one)."""


def server_said(url: str, port: bool = True) -> str:
    """``play.example.org``, ``192.168.1.20:8765``: a server URL as the start screen names it (its host, the
    port where it is not the scheme's own and ``port``); the URL itself when it cannot be read."""
    from doublenine.shared.failures import FailureError
    from doublenine.shared.invite import check_server_url
    try:
        where = check_server_url(url)
    except FailureError:
        return url
    host = f"[{where.host}]" if ":" in where.host else where.host
    return host if not port or where.port == (443 if where.tls else 80) else f"{host}:{where.port}"


def resume_button(rect: Rect, match: Kept, lang: str, server: str = "",
                  fits: Callable[[str], bool] = lambda _: True) -> Button:
    """"Back to your match: K7QPA · 19-0" (D7): its code and score, which the earlier ones' labels name
    too, and which match it is: at another server's table (``server``, its URL) that server always ("on
    play.example.org", the score left out where both do not fit), on this computer where the label ``fits``
    the button (at 800x600 not in every language). New user s15: the button named an older local table
    where the player had last sat at a network one, and nothing said which it was."""
    code, score, port = match
    score = score_said(lang, score)
    if server:
        where = tr(lang, ON_SERVER, server=server_said(server))
    else:
        where = tr(lang, N_("hosted on port {port}"), port=port) if port else tr(lang, N_("on this computer"))
    if server:  # its port left out, then the word "on": the server itself is what says which match it is
        tries = [f"{code} · {score} · {where}", f"{code} · {where}"] if score else [f"{code} · {where}"]
        tries += [f"{code} · {tr(lang, ON_SERVER, server=server_said(server, port=False))}",
                  f"{code} · {server_said(server, port=False)}"]
    else:  # translator s17 F11: the score, which tells one match from another, gives way after where it runs
        # (de 800x600 read "K7QPA · auf diesem Computer", the score dropped and the place kept)
        tries = [f"{code} · {score} · {where}", f"{code} · {score}", code] if score else [f"{code} · {where}", code]
    shown = next((t for t in tries if fits(tr(lang, "Back to your match: {match}", match=t))), tries[-1])
    return Button("resume", rect, N_("Back to your match: {match}"), primary=True, args=(("match", shown),))


def chooser_layout(card: Rect, count: int, size: tuple[int, int]) -> dict[str, Rect]:
    """Rects of the list drawn over the join card ``card``: ``pick0``.. one per kept match (as many as
    fit), ``pick_back`` at the bottom (pure)."""
    x, y, w, h = card
    from .startform import start_metrics
    u, f, _ = start_metrics(size)
    m = round(16 * u)
    bh = round(2.1 * f)
    ph = round(3.2 * f)  # two rows: the match, then who played it
    step = ph + round(0.5 * f)
    top = y + round(2.8 * f)
    back_y = y + h - m - bh
    out: dict[str, Rect] = {}
    for i in range(count):
        if top + i * step + ph > back_y - round(0.4 * f):
            break
        out[f"pick{i}"] = (x + m, top + i * step, w - 2 * m, ph)
    out["pick_back"] = (x + m, back_y, round(9 * f), bh)
    return out


def draw_chooser(surface: pygame.Surface, art: Art, card: Rect, kept: tuple[Kept, ...], lang: str,
                 size: tuple[int, int], players: tuple[Players, ...] = (), done: tuple[Done, ...] = (),
                 done_players: tuple[Players, ...] = ()) -> None:
    """The kept-match list over the join card (drawing only): each match on two rows, its code, score and
    place, then who played it (``players``, one per kept match, when remembered); after them the finished
    matches ``done`` (their ledgers), with who played each (``done_players``)."""
    x, y, w, h = card
    from .startform import start_metrics
    _, f, sm = start_metrics(size)
    pygame.draw.rect(surface, (12, 26, 20), card, border_radius=f)  # opaque: the join card's controls are not live
    pygame.draw.rect(surface, (214, 172, 96), card, 2, border_radius=f)
    head = art.text(tr(lang, CHOOSER_TITLE), round(f * 1.2), GOLD, bold=True, width=w - 2 * f)
    surface.blit(head, (x + f, y + f // 2))
    lay = chooser_layout(card, len(kept) + len(done), size)
    for cid, rect in lay.items():
        if cid != "pick_back":
            i = int(cid[4:])
            if i < len(kept):
                label = match_label(lang, kept[i])
                names = players[i] if i < len(players) else ()
            else:
                label = finished_label(lang, done[i - len(kept)])
                names = done_players[i - len(kept)] if i - len(kept) < len(done_players) else ()
            _draw_pick(surface, art, rect, lang, label, names, f, sm)
    draw_button(surface, art, Button("pick_back", lay["pick_back"], N_("Back")), f, lang, False)


def _draw_pick(surface: pygame.Surface, art: Art, rect: Rect, lang: str, text: str, names: Players,
               f: int, sm: int) -> None:
    """One kept match's button: its label ``text``, and under it who played (elided when too long)."""
    x, y, w, h = rect
    draw_button(surface, art, Button("pick", rect, ""), f, lang, False)
    who = players_names(lang, names)  # each name cut, its " 2" kept (typeset.fit_names)
    label = art.fit_text(text, f, w - f, INK)
    rows = [label] + ([art.type.draw_names(who, sm, DIM_INK, width=w - f)] if who else [])
    top = y + (h - sum(r.get_height() for r in rows)) // 2
    for row in rows:
        surface.blit(row, row.get_rect(midtop=(x + w // 2, top)))
        top += row.get_height()
