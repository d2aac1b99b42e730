"""Every scene and overlay of the client as a painter: the text-fit test draws them all (issue 11.4).

``painters()`` returns ``(name, paint(surface, lang))`` pairs; each paints one whole frame at the
surface's size through the same code as the window (layout, render, scenes' draw functions, overlays).
The table situations come from one seeded local match (``LocalSession``), built once.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import pygame

from doublenine.client.art import Art
from doublenine.client.layout import compute_layout, legal_ends
from doublenine.client.local import LocalSession
from doublenine.client.playnow import PLAY_NOW
from doublenine.client.render import render
from doublenine.client.scenes.askname import AskName
from doublenine.client.scenes.otherwindow import OtherWindow
from doublenine.client.store import ClientState, ConsentPrompt, localized
from doublenine.client.text import tr
from doublenine.client.typeset import Drawn, watch
from doublenine.client.uistate import Ui
from doublenine.shared.failures import Failure
from doublenine.shared.moves import Pass, Play, Review
from doublenine.shared.rules import legal_decisions, to_act
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase
from doublenine.shared.views import SeatView, view_for

Paint = Callable[[pygame.Surface, str], None]
NAMES = ("José", "Zoë", "Ñandú", "Brontë")
"""Typical names (accents included); a 32-character name may be cut on a plate, these may not."""


def _until(s: LocalSession, done: Callable[[Any], bool], pick: Callable[[Any], Any] | None = None) -> bool:
    s.run_computers()
    for _ in range(4000):
        if done(s.log.state):
            return True
        if Seat.ONE in to_act(s.log.state):
            options = legal_decisions(s.log.state, Seat.ONE)
            s.decide(pick(options) if pick is not None else options[0])
        else:
            s.run_computers()
    return False


def _accept(options: list[Any]) -> Any:
    return next((d for d in options if not (isinstance(d, Review) and d.demand_redeal)), options[0])


def table_states() -> list[tuple[str, ClientState, Ui]]:
    """(name, state, previews) for each situation of the table scene."""
    out: list[tuple[str, ClientState, Ui]] = []
    s = LocalSession(seed=2026, names=NAMES)
    st = replace(s.state, table="K7QPA")
    out.append(("lobby", replace(st, started=False), Ui(seen_finished=0)))
    out.append(("lobby-free", replace(st, started=False, computers=frozenset(), names=("José", "", "", ""),
                                      free=frozenset({Seat.TWO, Seat.THREE, Seat.FOUR})), Ui(seen_finished=0)))
    # new user s15: a table on this computer only (not, or no longer, hosted) offers no code to share
    out.append(("lobby-only-here", replace(st, started=False, shared=False, computers=frozenset(),
                                           names=("José", "", "", ""), free=frozenset({Seat.TWO, Seat.THREE})),
                Ui(seen_finished=0)))
    draw_me = Ui(seen_finished=0, draw_pick=23)
    out.append(("draw-mine", st, draw_me))
    _until(s, lambda x: x.phase is not Phase.DRAW or Seat.ONE not in to_act(x))
    out.append(("draw-waiting", replace(s.state, table="K7QPA"), Ui(seen_finished=0)))
    _until(s, lambda x: x.phase is Phase.NOMINATE or x.phase is Phase.REVIEW)
    out.append(("nominate-or-review", replace(s.state, table="K7QPA"), Ui(seen_finished=0)))
    out.append(("draw-result", replace(s.state, table="K7QPA"), Ui(seen_finished=0, seen_draw=(1, 0))))
    _until(s, lambda x: x.phase is Phase.REVIEW, _accept)
    out.append(("review", replace(s.state, table="K7QPA"), Ui(seen_finished=0)))

    def my_turn_long(x: Any) -> bool:
        return x.phase is Phase.PLAY and x.hand.turn is Seat.ONE and len(x.hand.line) >= 9 \
            and any(isinstance(m, Play) for m in legal_decisions(x, Seat.ONE))
    _until(s, my_turn_long, _accept)
    turn = replace(s.state, table="K7QPA")
    view = turn.view
    assert isinstance(view, SeatView)
    tile = next(m.tile for m in view.legal_moves() if isinstance(m, Play))
    ends = legal_ends(view, tile)
    out.append(("own-turn", turn, Ui(seen_finished=0)))
    out.append(("own-turn-lifted", turn, Ui(seen_finished=0, selected=tile, end=ends[0], focus=0)))
    out.append(("own-turn-error", replace(turn, error="MUST_PLAY"), Ui(seen_finished=0)))
    out.append(("consent", replace(turn, consent=(ConsentPrompt("r1", Seat.TWO, "new_match"),)), Ui(seen_finished=0)))
    out.append(("away", replace(turn, away=frozenset({Seat.THREE})), Ui(seen_finished=0)))
    out.append(("paused", replace(turn, paused_by=frozenset({Seat.TWO, Seat.THREE})), Ui(seen_finished=0)))
    out.append(("asking", replace(turn, asking="restart"), Ui(seen_finished=0)))
    out.append(("confirm-restart", replace(turn, humans=frozenset({Seat.ONE, Seat.THREE}), free=frozenset()),
                Ui(seen_finished=0, confirm=("restart", view.match, view.hand_number))))  # with "asked first"
    out.append(("lost", replace(turn, connection="lost"), Ui(seen_finished=0)))
    gone = Failure("host.stopped", {"host": "192.168.1.20", "port": 8765})
    out.append(("failure", replace(turn, connection="lost", failure=gone), Ui(seen_finished=0)))
    out.append(("hint-pass", replace(turn, hint=Pass(Seat.ONE)), Ui(seen_finished=0)))
    spectator = replace(turn, view=view_for(s.log.state, None))
    out.append(("spectator", spectator, Ui(seen_finished=0)))
    _until(s, lambda x: any(isinstance(m, Pass) for m in getattr(x.hand, "moves", ())) and x.phase is Phase.PLAY,
           _accept)
    out.append(("someone-passed", replace(s.state, table="K7QPA"), Ui(seen_finished=len(s.log.state.finished))))
    _until(s, lambda x: len(x.finished) >= 1, _accept)
    out.append(("reveal", replace(s.state, table="K7QPA"), Ui(seen_finished=0)))
    _until(s, lambda x: x.phase is Phase.MATCH_OVER, _accept)
    done = replace(s.state, table="K7QPA")
    out.append(("match-over", done, Ui(seen_finished=len(s.log.state.finished))))
    return out


def _table(state: ClientState, ui: Ui, art: Art) -> Paint:
    def paint(surface: pygame.Surface, lang: str) -> None:
        shown = localized(state, lang)
        render(surface, compute_layout(shown, ui, surface.get_size(), lang), shown, ui, art, lang)
    return paint


def _overlay(kind: str, state: ClientState) -> Paint:
    def paint(surface: pygame.Surface, lang: str) -> None:
        w, h = surface.get_size()
        rect = pygame.Rect(w // 12, h // 14, w - w // 6, h - h // 7)  # as TableScene._overlay_rect
        if kind == "rules":
            from doublenine.client.overlays.rules import RulesOverlay
            RulesOverlay(lang, rect).draw(surface)
            return
        from doublenine.client.overlays.ledger import LedgerOverlay
        shown = localized(state, lang)
        LedgerOverlay(shown.view, lang, rect, seeded=True, seed=2026, names=shown.names).draw(surface)
    return paint


def _start(art: Art, message: str | None = "") -> Paint:
    """The start screen; ``message`` None: the refusal it shows is the language's longest failure message
    (a failure is the longest refusal: a launcher's other errors are cut to 160 characters)."""
    def paint(surface: pygame.Surface, lang: str) -> None:
        from doublenine.client.scenes.start import Form, draw_start
        shown = longest_failure(lang).text(lang) if message is None else message
        form = Form(name="José", lang=lang, kinds=("computer", "human", "computer"), seed="2026",
                    server="ws://192.168.1.20:8765", table="K7QPA", focus="name", message=shown, resume="19-0")
        draw_start(surface, art, form, surface.get_size())
    return paint


def _start_network(art: Art) -> Paint:
    """The start screen whose "Back to your match" is a seat at another server's table (new user s15), the
    kept local match offered as the earlier one."""
    def paint(surface: pygame.Surface, lang: str) -> None:
        from doublenine.client.scenes.start import Form, draw_start
        form = Form(name="José", lang=lang, focus="resume", resume="3-0", resume_code="N7TQP",
                    resume_server="ws://play.example.org:8765/", earlier="12-0", kept=(("KCTSF", "12-0", 0),))
        draw_start(surface, art, form, surface.get_size())
    return paint


def _scene(make: Callable[[str], Any]) -> Paint:
    """A whole scene made for the language (its own ``draw``): the first start's Play now card, the second
    window's question (new user s15)."""
    def paint(surface: pygame.Surface, lang: str) -> None:
        from doublenine.client.input import Viewport
        scene = make(lang)
        scene.resize(Viewport(surface.get_size(), surface.get_size()))
        scene.draw(surface)
    return paint


def _settings(on: bool) -> Paint:
    """The settings screen (scenes/settings.py) with every setting on (``on``) or off, Tab on "+"."""
    def paint(surface: pygame.Surface, lang: str) -> None:
        from doublenine.client.scenes.settings import Values, draw_settings
        values = Values(sound=on, volume=0.6 if on else 1.0, motion=on, pips=on)
        draw_settings(surface, Art(pip_colours=on), values, lang, "volume_up")
    return paint


def _join(art: Art, message: str | None, found: int = 0) -> Paint:
    """The join screen; ``message`` None: the longest failure message of the language painted."""
    def paint(surface: pygame.Surface, lang: str) -> None:
        shown = longest_failure(lang).text(lang) if message is None else message
        from doublenine.client.discovery import FoundTable
        from doublenine.client.scenes.lan_join import JoinForm, draw_join
        form = JoinForm(invite="doublenine://192.168.1.20:8765/K7QPA", message=shown)
        tables = [FoundTable(name, code, free, f"192.168.1.{20 + i}", 8765, proto, f"{name}._doublenine._tcp")
                  for i, (name, code, free, proto) in enumerate((("Zoë", "K7QPA", 2, None), ("Ñandú", "HHZAS", 0, None),
                                                                 ("Brontë", "QQ2KP", 1, 999)))][:found]
        draw_join(surface, art, form, tables, surface.get_size(), lang, searching=True)
    return paint


def _host(art: Art, ask: bool, kind: str = "quit", address: str = "192.168.1.20", watch: int = 32) -> Paint:
    """The host's invite card; ``ask``: with the question over it, asked by ``kind`` (``pop``: Leave);
    ``address``: the one it shows (127.0.0.1: with the warning that only this computer can use it); ``watch``:
    the spectators its server's tables take, said after the address (translator s17 F14: the catalog's card had
    no server, so the limit, cut in pt and de at 800x600, was never drawn by test_text_fit)."""
    def paint(surface: pygame.Surface, lang: str) -> None:
        from doublenine.client.layout import metrics
        from doublenine.client.scenes.lan_host import _ask, _card, host_layout
        size = surface.get_size()
        _, f, sm = metrics(size)
        lay = host_layout(size, None, None, warning=address == "127.0.0.1")
        host = SimpleNamespace(code="K7QPA", lang=lang, copied_at=None, invite=lambda: f"doublenine://{address}:8765/K7QPA",
                               web_link=lambda: f"http://{address}:8765/t/K7QPA",
                               hosting=SimpleNamespace(addresses=lambda: [address], port=8765, announced=True,
                                                       embedded=SimpleNamespace(max_spectators=watch)))
        surface.blit(art.felt(size), (0, 0))
        _card(surface, art, lay, host, f, sm)  # type: ignore[arg-type]
        if ask:
            _ask(surface, art, lay, lang, 2, f, kind)
    return paint


class _Still:
    """A session that only shows ``state`` (the chat painter's table)."""

    def __init__(self, state: ClientState) -> None:
        self.state = state

    def pump(self) -> bool:
        return False

    def send(self, intent: Any) -> None: ...

    def close(self, leave: bool = True) -> None: ...


def _chat(state: ClientState, ui: Ui | None = None) -> Paint:
    """Issue 15: the table scene with its chat panel open, preset phrases and typed lines (over the
    prompt of ``state``: the side panel never covers a control, tests/client/test_text_fit.py)."""
    ui = ui if ui is not None else Ui(seen_finished=0)
    from doublenine.shared import protocol as p
    lines = (p.ChatLineW(id=1, at=0.0, seat=2, name="Zoë", phrase="hello"),
             p.ChatLineW(id=2, at=1.0, seat=3, name="Ñandú", text="¡Buena suerte a todos!"),
             p.ChatLineW(id=3, at=2.0, seat=1, name="José", phrase="well_played"))
    chatty = replace(state, chat=lines)

    def paint(surface: pygame.Surface, lang: str) -> None:
        table_scene(chatty, ui, lang, surface.get_size(), "chat").draw(surface)
    return paint


def _saying(state: ClientState) -> ClientState:
    """``state`` with lines said here unanswered while the link is lost, and one not sent (its "Send again"):
    client/chatdraw marks each (s15: a line said offline vanished until the link came back)."""
    from doublenine.client.store import Saying
    return replace(state, connection="lost", saying=(
        Saying("a-1", text="¡Perdón, se me cortó la conexión un momento!", unsent=True),
        Saying("a-2", phrase="well_played"), Saying("a-3", text="Ya vuelvo")))


def _waiting(state: ClientState, mode: str) -> Paint:
    """Issue 15 over the table: "wait", the card by a friend the table has waited for over a minute
    (Nudge, hand-over); "back", the "I'm back" card while the computer plays one's own seat; "nudged",
    the notice of a player nudged at their own turn."""
    shown = waiting_state(state, mode)

    def paint(surface: pygame.Surface, lang: str) -> None:
        scene = table_scene(shown, Ui(), lang, surface.get_size(), waited=True)
        if mode == "nudged":
            scene.talk.notice = (tr(lang, "{name} is waiting for you: your turn!", name="Zoë"), 100.0, True)
        scene.draw(surface)
    return paint


def waiting_state(state: ClientState, mode: str) -> ClientState:
    """The state of :func:`_waiting`'s ``mode``: seat 3 awaited ("wait", "back") or seat 1 ("nudged")."""
    turn = Seat.ONE if mode == "nudged" else Seat.THREE
    return replace(state, view=replace(state.view, turn=turn), computers=frozenset({Seat.TWO, Seat.FOUR}),
                   playing_for_me=mode == "back")


def drawn(scene: Any, size: tuple[int, int]) -> list[Drawn]:
    """Every text ``scene`` draws on a surface of ``size`` px (:func:`doublenine.client.typeset.watch`)."""
    with watch() as seen:
        scene.draw(pygame.Surface(size))
    return seen


def table_scene(state: ClientState, ui: Ui, lang: str, size: tuple[int, int], side: str = "",
                waited: bool = False) -> Any:
    """A TableScene showing ``state`` at ``size`` with the ``side`` panel ("chat", "tracker") open;
    ``waited``: the table has waited 75 s for the awaited seat (its wait card is offered)."""
    from doublenine.client.input import Viewport
    from doublenine.client.scenes.table import TableScene
    scene = TableScene(_Still(state), lang)  # type: ignore[arg-type]
    scene.ui = ui
    scene.talk.remember = False
    scene.talk.cui = replace(scene.talk.cui, open=side == "chat")
    scene.tracker.open = side == "tracker"
    scene.resize(Viewport(size, size))
    if waited:
        scene.talk.update(state, 100.0)
        scene.talk.now, scene.talk._wait_start = 100.0, 25.0  # waited 75 s
    return scene


def side_panel(scene: Any) -> tuple[int, int, int, int] | None:
    """The open chat or tracker panel's rect in ``scene`` (None when neither is open or offered)."""
    if scene.talk.cui.open:
        return scene.talk.chat_layout(scene.vp.pixels, scene.shown(), scene.layout()).panel
    return scene._tracker_layout().panel


def controls(scene: Any) -> list[tuple[str, tuple[int, int, int, int]]]:
    """(name, rect) of everything of the table a player can click in ``scene``, as drawn: the top-bar
    and side buttons, the prompt's buttons and draw cells, the hand, the end choices, the wait cards'
    buttons, and the chat and tracker buttons (not the open panel's own controls)."""
    lay = scene.layout()
    state = scene.shown()
    out = [(f"button:{b.id}", b.rect) for b in lay.buttons]
    if lay.panel is not None:
        out += [(f"{lay.panel.kind}:{b.id}", b.rect) for b in lay.panel.buttons]
        out += [(f"{lay.panel.kind}:cell{i}", r) for i, r in lay.panel.cells if i not in lay.panel.taken]
    out += [(f"hand:{h.tile}", h.rect) for h in lay.hand]
    out += [(f"ghost:{e.name}", s.rect) for e, s in lay.ghosts.items()]
    out += [(f"card:{b.id}", b.rect) for c in scene.talk.cards(state, lay, scene.ui) for b in c.buttons]
    if not scene.talk.cui.open:
        out.append(("chat", scene.talk.chat_layout(scene.vp.pixels, state, lay).toggle))
    tracker = scene._tracker_layout()
    if tracker.toggle is not None and not scene.tracker.open:
        out.append(("tracker", tracker.toggle))
    return out


def _not_hosted(state: ClientState) -> Paint:
    """The table resumed here because its hosting port was taken: the window says what it means."""
    from doublenine.shared.failures import Failure

    def paint(surface: pygame.Surface, lang: str) -> None:
        scene = table_scene(state, Ui(seen_finished=0), lang, surface.get_size())
        scene.tell(Failure("host.port_taken_again", {"code": "K7QPA", "port": 8765}).text(lang), 20.0)
        scene.draw(surface)
    return paint


SAMPLE = {"host": "play.example.org", "port": 65535, "reason": "self-signed certificate in certificate chain",
          "code": "K7QPA", "proxy": "http://proxy.example.org:3128", "alternative": 65534, "ours": 12, "theirs": 11}
"""Long but real values for the failures' placeholders (others get :data:`SAMPLE_OTHER`)."""
SAMPLE_OTHER = "doublenine://play.example.org:8765/K7QPA"


def longest_failure(lang: str) -> Any:
    """The :class:`Failure` whose text in ``lang`` is longest, filled with :data:`SAMPLE` values:
    the one a failure screen must still show whole (a tester saw the certificate advice cut)."""
    import string

    from doublenine.shared.failures import MESSAGES, Failure
    found = []
    for key, msgid in MESSAGES.items():
        names = {name for _, name, _, _ in string.Formatter().parse(msgid) if name}
        found.append(Failure(key, {n: SAMPLE.get(n, SAMPLE_OTHER) for n in names}))
    return max(found, key=lambda failure: len(failure.text(lang)))


def _failure(state: ClientState) -> Paint:
    """The failure screen with the longest failure message of the language being painted."""
    def paint(surface: pygame.Surface, lang: str) -> None:
        shown = replace(state, connection="lost", failure=longest_failure(lang))
        table_scene(shown, Ui(seen_finished=0), lang, surface.get_size()).draw(surface)
    return paint


def _tracker(state: ClientState, spectator: bool) -> Paint:
    """Issue 14.3: the table scene with the tile tracker open (a seat's own count, or a spectator's)."""
    view = state.view
    if spectator:
        from doublenine.shared.views import SpectatorView
        fields = {f: getattr(view, f) for f in SpectatorView.__dataclass_fields__}
        view = SpectatorView(**fields)
    shown = replace(state, view=view, tracker=True)

    def paint(surface: pygame.Surface, lang: str) -> None:
        table_scene(shown, Ui(), lang, surface.get_size(), "tracker").draw(surface)
    return paint


def coach_reply() -> tuple[ClientState, Any]:
    """Issue 14.2: a state after the first hand and the coach's review of seat 1 in it, plus one
    made-up mistake for each reason the review can give (so every sentence is drawn)."""
    from doublenine.server.coach import THRESHOLD, review_hand, row_wire
    from doublenine.shared import protocol as p
    s = LocalSession(seed=2026, names=NAMES)
    _until(s, lambda x: len(x.finished) >= 1, _accept)
    h = s.log.state.finished[0]
    rows = [row_wire(r) for r in review_hand(s.log.state, h.match, h.number, Seat.ONE, 2026)]
    play = next(r for r in rows if r["kind"] == "play" and "made_mean" in r)
    from doublenine.client.overlays.review import REASONS
    made = [dict(play, mistake=True, loss=23.4, loss_stderr=1.2, made_mean=-18.8, best_mean=4.6, reason=code,
                 pips=[5, 3]) for code in REASONS] + [dict(play, mistake=True, loss=2.1, made_mean=-1.1, best_mean=1.0)]
    made.insert(0, {"at": -1, "kind": "review", "made": {"kind": "review", "seat": 1, "demand_redeal": False},
                    "best": {"kind": "review", "seat": 1, "demand_redeal": True}, "forced": False, "mistake": True,
                    "loss": 6.8, "made_mean": -0.89, "made_stderr": 0.96, "best_mean": 5.95, "best_stderr": 0.96,
                    "worlds": 1500})  # R10: six doubles kept (server/coachdeal.py)
    reply = p.decode_server(p.pack({"type": "coach", "match": h.match, "hand": h.number, "seat": 1,
                                    "threshold": THRESHOLD, "rows": made + rows}))
    return replace(s.state, table="K7QPA"), reply


def _review(state: ClientState, reply: Any) -> Paint:
    """Issue 14.2: the review overlay over the table, with the review (or still waiting for it)."""
    def paint(surface: pygame.Surface, lang: str) -> None:
        from doublenine.client.overlays.review import ReviewOverlay
        w, h = surface.get_size()
        rect = pygame.Rect(w // 12, h // 14, w - w // 6, h - h // 7)  # as TableScene._overlay_rect
        shown = localized(state, lang)
        overlay = ReviewOverlay(shown.view, 1, 1, lang, rect, reviews=(reply,) if reply else (), names=shown.names)
        overlay.draw(surface)
        overlay.scroll = overlay.clamp(10 ** 6)  # the last rows too
        overlay.draw(surface)
    return paint


def painters() -> list[tuple[str, Paint]]:
    """Every scene and overlay, as (name, paint)."""
    art = Art()
    states = table_states()
    out: list[tuple[str, Paint]] = [(f"table/{name}", _table(state, ui, art)) for name, state, ui in states]
    by = {name: state for name, state, _ in states}
    out += [("overlay/rules", _overlay("rules", by["own-turn"])),
            ("overlay/ledger", _overlay("ledger", by["match-over"])), ("table/chat", _chat(by["own-turn"])),
            *[(f"table/chat-{name}", _chat(state, ui)) for name, state, ui in states
              if name in ("lobby", "draw-mine", "review", "consent", "reveal", "match-over", "spectator")],
            ("table/chat-sending", _chat(_saying(by["own-turn"]))),
            ("table/chat-sending-spectator", _chat(_saying(by["spectator"]))),
            ("overlay/review", _review(*coach_reply())), ("overlay/review-waiting", _review(by["reveal"], None)),
            ("table/wait", _waiting(by["own-turn"], "wait")), ("table/back", _waiting(by["own-turn"], "back")),
            ("table/nudged", _waiting(by["own-turn"], "nudged")),
            ("table/not-hosted", _not_hosted(by["own-turn"])),
            ("table/failure-longest", _failure(by["own-turn"])),
            ("table/tracker", _tracker(by["own-turn"], False)),
            ("table/tracker-spectator", _tracker(by["own-turn"], True)),
            ("start", _start(art)), ("start/failure-longest", _start(art, None)),
            ("start/back-network", _start_network(art)),
            ("askname/play-now", _scene(lambda lang: AskName(lang, lambda name: None, ok=PLAY_NOW))),
            ("other-window", _scene(OtherWindow)),
            ("start/message", _start(art, "Enter the server address and the table code")),
            ("settings", _settings(True)), ("settings/off", _settings(False)), ("join", _join(art, "")), ("join/found", _join(art, "", 3)),
            ("join/message", _join(art, "Cannot reach 192.168.1.20:8765: check the address and the firewall")),
            ("join/failure-longest", _join(art, None)),
            ("host/card", _host(art, False)), ("host/ask", _host(art, True)),
            ("host/ask-leave", _host(art, True, "pop")), ("host/card-loopback", _host(art, False, address="127.0.0.1", watch=0))]
    return out
