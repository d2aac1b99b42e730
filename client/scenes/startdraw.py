"""Drawing the start screen (mutates nothing); its values and geometry are in :mod:`.startform`, its
state and input in :mod:`.start`.
"""
from __future__ import annotations

from dataclasses import replace

import pygame

from doublenine.shared.i18n import N_

from ..art import GOLD, Art
from ..focus import draw_ring
from ..panels import Button
from ..render import INK, draw_button, draw_tile
from ..snake import Rect, Spot
from ..textfield import draw_field
from ..text import tr
from .kept import chooser_layout, draw_chooser, earlier_button, resume_button
from .settings import SETTINGS
from .startform import (
    FIELDS, LEVEL_NAMES, QUIT_AGAIN, SEAT_LABELS, Form, can_join, header, message_place, start_default, start_layout,
    start_metrics, title_size, title_tiles,
)
from .starthints import hint



TABLE_NAME = N_("Table name (optional)")
"""The New table card's field for the table's name (session 15: only ``play --table-name`` and the protocol
gave one; club s14 F1: "Table 1" on the projector and on the card at each table)."""
SEAT_TEAM = N_("{seat}, Team {team}")
"""The Join card's seat choice with its team (club s14 F14: "South", "East"... never said who partners whom,
where the New table card says "North (partner)"; R2: team A is South and North, team B East and West)."""


def join_seat_button(rect: Rect, seat: str, lang: str) -> Button:
    """The Join card's seat button: "Any free seat", or the seat by the word the table shows for it ("North",
    never its number: s13 item 4) with its team (:data:`SEAT_TEAM`, R2)."""
    from doublenine.shared.i18n import DEFAULT_SEAT_NAMES
    from doublenine.shared.seats import Seat

    if seat == "any":
        return Button("seat", rect, N_("Any free seat"))
    n = int(seat)
    return Button("seat", rect, SEAT_TEAM, args=(("seat", tr(lang, DEFAULT_SEAT_NAMES[n])),
                                                 ("team", Seat(n).team.value)))

def draw_start(surface: pygame.Surface, art: Art, form: Form, size: tuple[int, int]) -> None:
    """Paint the start screen for ``form`` (drawing only)."""
    w, h = size
    u, f, sm = start_metrics(size)
    lang = form.lang
    surface.blit(art.felt(size), (0, 0))
    lay = start_layout(size)
    # the title stays whatever is said; a message takes the subtitle's place, reserved under it (s13 item 2:
    # a join error took the logo's place; new user s12 round 2 F11: the quit question did, over the logo)
    _header(surface, art, lang, size, quiet=bool(form.message))
    if form.message:
        _message(surface, art, tr(lang, form.message), size, lay)
    for card, head in (("card_create", N_("New table")), ("card_join", N_("Join a table"))):
        x, y, cw, ch = lay[card]
        surface.blit(art.plate(cw, ch, (12, 26, 20, 225), f), (x, y))
        pygame.draw.rect(surface, (214, 172, 96), lay[card], 2, border_radius=f)
        label = art.text(tr(lang, head), round(f * 1.2), GOLD, bold=True, width=cw - 2 * f)
        surface.blit(label, (x + f, y + f // 2))
    labels = {"name": N_("Your name"), "lang": N_("Language"), "server": N_("Server address"),
              "table": N_("Table code")}
    for fid, text in labels.items():
        x, y, fw, fh = lay[fid]  # captions sit above their control
        cap = art.text(tr(lang, text), sm, (200, 214, 204), width=fw)
        surface.blit(cap, (x, y - cap.get_height() - 2))
    for i, text in enumerate(SEAT_LABELS):
        _caption(surface, art, lay[f"kind{i}"], tr(lang, text), f)
    _caption(surface, art, lay["level"], tr(lang, "Computer level"), f)
    _caption(surface, art, lay["seed"], tr(lang, "Seed (optional)"), f)
    _caption(surface, art, lay["tname"], tr(lang, TABLE_NAME), f)
    _caption(surface, art, lay["public"], tr(lang, "List on the server's page"), f)
    _caption(surface, art, lay["tracker"], tr(lang, "Tile tracker"), f)
    _caption(surface, art, lay["phrases"], tr(lang, "Chat during a hand"), f)
    _caption(surface, art, lay["seat"], tr(lang, "Seat"), f)
    for fid in FIELDS:
        draw_field(surface, art, lay[fid], getattr(form, fid), form.caret if form.focus == fid else None, f)
    from doublenine.shared.i18n import language_name
    buttons = [Button("lang", lay["lang"], language_name(lang)), Button("settings", lay["settings"], SETTINGS)]
    buttons += [Button(f"kind{i}", lay[f"kind{i}"], N_("Computer") if k == "computer" else N_("Human"))
                for i, k in enumerate(form.kinds)]
    buttons.append(Button("level", lay["level"], LEVEL_NAMES[form.level]))
    buttons.append(Button("public", lay["public"], N_("Listed") if form.public else N_("Not listed")))
    buttons.append(Button("tracker", lay["tracker"], N_("Allowed") if form.tracker else N_("Not allowed")))
    buttons.append(Button("phrases", lay["phrases"], N_("Phrases only") if form.phrases else N_("Free text")))
    # a seat by the word the table shows for it ("North"), never its number (s13 item 4: "Seat 3" here,
    # "North" at the table and in the rules)
    buttons.append(join_seat_button(lay["seat"], form.seat, lang))
    host_label = N_("Host on port {port}") if form.host_port else N_("Host for friends")
    buttons += [Button("host", lay["host"], host_label, args=(("port", form.host_port),)),
                Button("find", lay["find"], N_("Find tables on this network"))]
    gold, where = start_default(form), can_join(form)  # one gold button; Join and Watch only once they can act
    buttons += [Button("create", lay["create"], N_("Create table"), primary=gold == "create"),
                Button("join", lay["join"], N_("Join table"), primary=gold == "join", enabled=where),
                Button("watch", lay["watch"], N_("Watch"), enabled=where)]
    if form.resume is not None:
        room = lay["resume"][2] - lay["resume"][3] // 2  # draw_button's width for its label
        buttons.append(replace(resume_button(lay["resume"], (form.resume_code, form.resume, form.resume_port), lang,
                                             form.resume_server, lambda text: art.type.measure(text, f)[0] <= room),
                               primary=gold == "resume"))
    if form.kept or form.finished:
        room = lay["earlier"][2] - lay["earlier"][3] // 2  # draw_button's width for its label
        buttons.append(earlier_button(lay["earlier"], form.kept, lang,
                                      lambda text: art.type.measure(text, f)[0] <= room, form.finished))
    for button in buttons:
        draw_button(surface, art, button, f, lang, button.id == form.focus)
    ringed = next((b for b in buttons if b.id == form.focus), None)
    if ringed is not None and not form.choosing:  # Tab reached it: Enter or Space presses it (client/focus.py)
        draw_ring(surface, ringed.rect)
    server = form.server.strip()
    where = tr(lang, "Create table uses the server {server}", server=server) if server else \
        tr(lang, "New tables are made on this computer")
    said = {"where": where}
    # the line of the control under the pointer, else of the one Tab focused (a keyboard has no pointer)
    shown = hint(form.hover, form.level, form.kinds) or hint(None if form.choosing else form.focus, form.level,
                                                             form.kinds)
    if shown is not None:  # in its card's slot
        said[shown[0]] = tr(lang, shown[1])
    for slot, text in said.items():
        x, y, ww, wh = lay[slot]
        label = art.fit_text(text, sm, ww, (200, 214, 204) if slot == "where" and shown is None else GOLD)
        surface.blit(label, label.get_rect(midleft=(x, y + wh // 2)))
    if form.choosing:
        draw_chooser(surface, art, lay["card_join"], form.kept, lang, size, form.kept_players, form.finished,
                     form.finished_players)
        picks = chooser_layout(lay["card_join"], len(form.kept) + len(form.finished), size)
        if form.focus in picks:
            draw_ring(surface, picks[form.focus])


def _header(surface: pygame.Surface, art: Art, lang: str, size: tuple[int, int], quiet: bool = False) -> None:
    """The title with its tiles (where they fit), and, unless ``quiet`` (a message is said in its
    place, :func:`message_box`), its subtitle."""
    w, h = size
    u, f, _ = start_metrics(size)
    _, title_y = header(size)
    title = art.text("doublenine", title_size(size), GOLD, bold=True, width=w - 2 * f)
    surface.blit(title, title.get_rect(midtop=(w // 2, title_y)))
    for rect, a, b in title_tiles(size, title.get_width()):
        draw_tile(surface, art, Spot(rect, a, b, True))
    if not quiet:
        sub = art.text(tr(lang, "Double-nine partnership dominoes, to 100"), f, INK, width=w - 2 * f)
        surface.blit(sub, sub.get_rect(midtop=(w // 2, message_box(size, start_layout(size))[1])))


def message_box(size: tuple[int, int], lay: dict[str, Rect]) -> Rect:
    """Where the start screen says a refusal or a question: its reserved place under the title
    (:func:`.startform.message_place`)."""
    return message_place(size, lay)


def _message(surface: pygame.Surface, art: Art, text: str, size: tuple[int, int], lay: dict[str, Rect]) -> None:
    """A refusal read whole (the certificate advice, about 440 characters in German) in the message's
    reserved place on a dark plate, wrapped, in smaller type down to the minimum when needed (the
    failure panel's :func:`draw_fitted`); it once had two rows at the bottom and was cut there. A short
    one stands in bold at the top of the place, where the subtitle was."""
    from ..render import draw_fitted, fit_rows
    x, y, bw, bh = message_box(size, lay)
    _, f, sm = start_metrics(size)
    pad = sm // 3
    bold = len(fit_rows(art, text, f, (bw, bh - 2 * pad), bold=True)[0]) <= 2
    rows, _, step = fit_rows(art, text, f, (bw, bh - 2 * pad), bold=bold)
    used = min(bh, len(rows) * step + 2 * pad)  # the plate as tall as the rows, from the top of the place
    surface.blit(art.plate(bw, used, (40, 12, 12, 215), sm // 2), (x, y))
    draw_fitted(surface, art, text, f, (x, y + pad, bw, used - 2 * pad), (255, 200, 180), bold=bold)


def _caption(surface: pygame.Surface, art: Art, rect: Rect, text: str, f: int) -> None:
    x, y, w, h = rect
    label = art.fit_text(text, f, x - (x - w) - f // 2, INK)
    surface.blit(label, label.get_rect(midright=(x - f // 2, y + h // 2)))


def draw_start_preview(surface: pygame.Surface, art: Art, lang: str) -> None:
    """The start screen with example values (docs/screenshots.py)."""
    form = Form(name="José", lang=lang, kinds=("computer", "human", "computer"), seed="2026",
                server="ws://192.168.1.20:8765", table="K7QPA", focus="name")
    draw_start(surface, art, form, surface.get_size())
