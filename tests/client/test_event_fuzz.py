"""Issue 16.3, the kind: no input event can crash the client.

A seeded random stream of pygame events (keys with any key code, scancode and
``unicode``; text input and editing with any text; mouse buttons, motion and
wheel at any position, negative or huge; touch with any float, NaN included;
window events; resizes to odd sizes; dropped files and text; stray user events)
goes through :meth:`App.step` in every scene and overlay: the start screen, the
LAN join screen, the host's table with its invite card and close prompt, the
table in each phase (opening draw, nomination, review, play, hand end, match
over, lobby, spectator, consent prompt, connection lost), the rules and
ledger overlays, and the chat panel with its field focused. The clipboard holds
hostile text (an invite ending in NUL, control characters, other scripts, a
megabyte). Nothing may raise; whenever a scene legitimately closes (Escape,
Leave, Quit) the window is opened again.

Nothing here touches the network: the LAN browser, the table check and hosting
are stand-ins.
"""
from __future__ import annotations

import math
import os
import random
from dataclasses import replace
from typing import Any, Callable

import pygame
import pytest
from client_helpers import resize_window, session_at

from doublenine.client import clipboard
from doublenine.client.app import App
from doublenine.client.config import Settings
from doublenine.client.discovery import FoundTable
from doublenine.client.local import LocalSession
from doublenine.client.scenes import lan_host, lan_join, start
from doublenine.client.scenes.lan_host import HostedTable
from doublenine.client.scenes.lan_join import LanJoinScene
from doublenine.client.scenes.start import StartScene
from doublenine.client.scenes.table import TableScene
from doublenine.client.store import ConsentPrompt
from doublenine.shared.rules import to_act
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase

STEPS = 80
"""App.step calls per scene."""
PER_STEP = 28
SEED = int(os.environ.get("DOUBLENINE_FUZZ_SEED", "0"))
"""Another stream: DOUBLENINE_FUZZ_SEED=N (the suite runs stream 0)."""
"""Events per step at most."""

KEYS = sorted({v for k, v in vars(pygame).items() if k.startswith("K_") and isinstance(v, int)})
MODS = [0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL, pygame.KMOD_ALT, pygame.KMOD_META, pygame.KMOD_CTRL | pygame.KMOD_SHIFT,
        pygame.KMOD_NUM, pygame.KMOD_CAPS, pygame.KMOD_MODE, 0xFFFF]
ODD_CHARS = ("\x00\x01\x07\x08\t\n\r\x1b\x7f\x85\u00ad\u0300\u0301\u0345\u200b\u200c\u200d\u200e\u202e\u2028\u2029"
             "\u2066\ufeff\ufffd\ufffe\uffff\U000e0001\ue000\U0010ffff²³¹８٣१߁①Ⅻ\u0e31\u0f72\u1100\u1161"
             "&é\"'(-è_çà§µ£€ßÄÖÜñÑ漢字한국어العربيةעבריתไทย😀👍🏽🇫🇷\ud800\udfff")
HOSTILE_CLIPBOARD = ["doublenine://127.0.0.1:8765/KQ7PA\x00", "\x00" * 50, "doublenine://127.0.0.1:²/KQ7PA",
                     "doublenine://192.168.1.20:８７６５/KQ7PA", "A\x00B\u200b\u202e" * 40, "x" * 1_000_000,
                     "\n\r\t" * 100 + "KQ7PM", "Александра Константиновна\n", "漢字" * 5000, "\ud800\udc00\udfff",
                     "", " "]
USER_EVENTS = [pygame.USEREVENT + i for i in range(0, 24)]


def _text(rng: random.Random, most: int = 12) -> str:
    n = rng.choice((0, 1, 1, 1, 2, 3, most, rng.randint(0, 4 * most)))
    pool = ODD_CHARS if rng.random() < 0.7 else "abcdefghijklmnopqrstuvwxyz0123456789:/. "
    return "".join(rng.choice(pool) if rng.random() < 0.9 else chr(rng.randint(0, 0x10FFFF)) for _ in range(n))


def _int(rng: random.Random, size: tuple[int, int]) -> int:
    return rng.choice((0, -1, 1, 2**31 - 1, -2**31, 10**9, -10**9, rng.randint(-50, 50),
                       rng.randint(0, max(size)), rng.randint(0, max(size))))


def _float(rng: random.Random) -> float:
    return rng.choice((math.nan, math.inf, -math.inf, -1.0, 0.0, 1.0, 2.0, -1e308, 1e308, 5e-324,
                       rng.uniform(-0.5, 1.5), rng.random(), rng.random()))


def _pos(rng: random.Random, size: tuple[int, int]) -> tuple[int, int]:
    if rng.random() < 0.6:
        return (rng.randint(0, size[0] - 1), rng.randint(0, size[1] - 1))
    return (_int(rng, size), _int(rng, size))


def _event(rng: random.Random, size: tuple[int, int]) -> pygame.event.Event:  # noqa: C901 - one table of kinds
    kind = rng.randrange(20)
    E = pygame.event.Event
    if kind < 5:
        key = rng.choice(KEYS) if rng.random() < 0.8 else rng.choice((178, 0xFF18, -1, 2**31 - 1, rng.randint(0, 2**30)))
        return E(rng.choice((pygame.KEYDOWN, pygame.KEYDOWN, pygame.KEYUP)), key=key, unicode=_text(rng, 2),
                 mod=rng.choice(MODS), scancode=rng.choice((0, rng.randint(0, 600), pygame.KSCAN_1 + rng.randrange(10))),
                 window=None)
    if kind < 7:
        return E(pygame.TEXTINPUT, text=_text(rng), window=None)
    if kind == 7:
        return E(pygame.TEXTEDITING, text=_text(rng), start=_int(rng, size), length=_int(rng, size), window=None)
    if kind < 10:
        return E(rng.choice((pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)), pos=_pos(rng, size),
                 button=rng.choice((1, 1, 1, 2, 3, 4, 5, 6, 7, 0, 255)), touch=rng.random() < 0.2, window=None)
    if kind < 12:
        return E(pygame.MOUSEMOTION, pos=_pos(rng, size), rel=(_int(rng, size), _int(rng, size)),
                 buttons=tuple(rng.random() < 0.3 for _ in range(3)), touch=rng.random() < 0.2, window=None)
    if kind == 12:
        return E(pygame.MOUSEWHEEL, x=_int(rng, size), y=_int(rng, size), flipped=rng.random() < 0.5,
                 precise_x=_float(rng), precise_y=_float(rng), touch=rng.random() < 0.2, window=None)
    if kind < 15:
        return E(rng.choice((pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION)), x=_float(rng), y=_float(rng),
                 dx=_float(rng), dy=_float(rng), pressure=_float(rng), touch_id=_int(rng, size),
                 finger_id=_int(rng, size), window=None)
    if kind == 15:
        t = rng.choice((pygame.WINDOWSHOWN, pygame.WINDOWHIDDEN, pygame.WINDOWEXPOSED, pygame.WINDOWMOVED,
                        pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED, pygame.WINDOWMINIMIZED, pygame.WINDOWMAXIMIZED,
                        pygame.WINDOWRESTORED, pygame.WINDOWENTER, pygame.WINDOWLEAVE, pygame.WINDOWFOCUSGAINED,
                        pygame.WINDOWFOCUSLOST, pygame.WINDOWTAKEFOCUS, pygame.WINDOWCLOSE, pygame.ACTIVEEVENT,
                        pygame.WINDOWDISPLAYCHANGED, pygame.WINDOWICCPROFCHANGED))
        return E(t, x=_int(rng, size), y=_int(rng, size), window=None, gain=rng.randrange(2), state=rng.randrange(8))
    if kind == 16:
        w, h = rng.choice(((1, 1), (1, 2000), (2500, 40), (320, 240), (799, 599), (0, 0), (-5, 10**6),
                           (rng.randint(1, 3000), rng.randint(1, 2000))))
        return E(pygame.VIDEORESIZE, size=(w, h), w=w, h=h)
    if kind == 17:
        t = rng.choice((pygame.DROPFILE, pygame.DROPTEXT, pygame.DROPBEGIN, pygame.DROPCOMPLETE))
        return E(t, file=_text(rng, 200), text=_text(rng, 200), window=None)
    if kind == 18:
        return E(rng.choice(USER_EVENTS + [pygame.CLIPBOARDUPDATE, pygame.KEYMAPCHANGED, pygame.AUDIODEVICEADDED,
                                           pygame.JOYBUTTONDOWN, pygame.CONTROLLERBUTTONDOWN, pygame.MIDIIN,
                                           pygame.APP_WILLENTERBACKGROUND, pygame.RENDER_TARGETS_RESET]),
                 code=rng.randint(-5, 5), button=rng.randint(-1, 30), instance_id=rng.randint(-1, 3))
    return E(pygame.QUIT) if rng.random() < 0.05 else E(pygame.NOEVENT)


# ------------------------------------------------------------------ stand-ins (no network)

class FakeBrowser:
    """A LAN browser with a few tables, one announced by a stranger with an odd name."""

    version = 1

    def tables(self) -> list[FoundTable]:
        return [FoundTable("A\u202eB", "KQ7PM", 3, "127.0.0.1", 9, 1, "x"),
                FoundTable("Александра Константиновна", "AB2CD", 0, "127.0.0.1", 9, 2, "y"),
                FoundTable("z" * 63, "XY3ZK", 4, "127.0.0.1", 9, None, "z")]

    def start(self) -> FakeBrowser:
        return self

    def stop(self) -> None:
        pass


class FakeCheck:
    """A table check that ends at once, unreachable."""

    def __init__(self, invite: Any) -> None:
        from doublenine.shared.failures import unreachable
        self.invite, self.done, self.failure = invite, True, unreachable(invite.host, invite.port)

    def start(self) -> FakeCheck:
        return self


class FakeHosting:
    """What the host's invite card reads, without a server."""

    announced = False
    announce_failed = True
    port = 8765

    def addresses(self) -> list[str]:
        return ["192.168.1.20"]

    def invite(self, code: str, address: str | None = None) -> str:
        return f"doublenine://192.168.1.20:8765/{code}"

    def web_link(self, code: str) -> str:
        return f"http://192.168.1.20:8765/t/{code}"

    def others_seated(self, code: str, me: int | None) -> int:
        return 2

    def stop(self) -> None:
        pass


class Fixed:
    """A session whose state stays as built (the consent prompt, the lobby, a lost connection)."""

    def __init__(self, state: Any) -> None:
        self.state, self.sent = state, []

    def pump(self) -> bool:
        return False

    def send(self, intent: Any) -> None:
        self.sent.append(intent)

    def close(self, leave: bool = True) -> None:
        pass


def _launcher(rng: random.Random) -> Callable[[Any], Any]:
    def launch(launch: Any) -> Any:
        if rng.random() < 0.5:
            raise ValueError("no table here \x00")
        return TableScene(LocalSession(seed=rng.randrange(1000)), launch.lang)
    return launch


def _phase(phase: Phase) -> Callable[[Any], bool]:
    return lambda s: s.phase is phase and Seat.ONE in to_act(s)


def _table(done: Callable[[Any], bool] | None = None, **kw: Any) -> Callable[[random.Random], Any]:
    def make(rng: random.Random) -> Any:
        session = session_at(done) if done is not None else LocalSession(seed=3, **kw)
        return TableScene(session, rng.choice(("en", "fr", "pt", "de", "es")))
    return make


def _fixed(change: Callable[[Any], Any]) -> Callable[[random.Random], Any]:
    def make(rng: random.Random) -> Any:
        state = change(session_at(_phase(Phase.PLAY)).state)
        return TableScene(Fixed(state), "fr")
    return make


def _overlay(what: str, done: Callable[[Any], bool]) -> Callable[[random.Random], Any]:
    def make(rng: random.Random) -> Any:
        scene = TableScene(session_at(done), "de", export_dir=str(_EXPORTS))
        scene._open_overlay(what)
        assert scene.overlay is not None
        return scene
    return make


def _chatting(rng: random.Random) -> Any:
    """The table with the chat panel open and its field focused: keys and text go to the field."""
    from doublenine.client.chat import ChatUi

    scene = TableScene(session_at(_phase(Phase.PLAY)), "pt")
    scene.talk.cui = ChatUi(open=True, focused=True, draft="Olá \x00")
    return scene


def _hosted(rng: random.Random) -> Any:
    session = session_at(_phase(Phase.DRAW))
    session.state = replace(session.state, table="KQ7PM", started=rng.random() < 0.5)
    return HostedTable(TableScene(session, "es"), FakeHosting(), "es")  # type: ignore[arg-type]


def _match_over(state: Any) -> bool:
    return state.phase is Phase.MATCH_OVER


SCENES: dict[str, Callable[[random.Random], Any]] = {
    "start": lambda rng: StartScene(Settings(name="A\x00B\u200b", server="ws://127.0.0.1:²/"), _launcher(rng)),
    "lan_join": lambda rng: LanJoinScene(_launcher(rng), "Ana", "fr", browser=FakeBrowser()),
    "lan_host": _hosted,
    "table_draw": _table(_phase(Phase.DRAW)),
    "table_nominate": _table(_phase(Phase.NOMINATE)),
    "table_review": _table(_phase(Phase.REVIEW)),
    "table_play": _table(_phase(Phase.PLAY)),
    "table_hand_end": _table(lambda s: len(s.finished) >= 1),
    "table_match_over": _table(_match_over),
    "spectator": _table(seat=None),
    "consent": _fixed(lambda s: replace(s, consent=(ConsentPrompt("3", Seat.THREE, "undo"),))),
    "lobby_lost_error": _fixed(lambda s: replace(s, started=False, connection="lost", error="NOT_YOUR_TURN",
                                                 names=("\u200b", "A\x00B", "\u202eX", "ﷺ" * 32))),
    "chat": _chatting,
    "rules": _overlay("rules", _phase(Phase.PLAY)),
    "ledger": _overlay("ledger", lambda s: len(s.finished) >= 2),
}
_EXPORTS: Any = None


@pytest.fixture(autouse=True)
def _no_network(monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    global _EXPORTS
    _EXPORTS = tmp_path
    rng = random.Random(99)
    monkeypatch.setattr(lan_join, "TableCheck", FakeCheck)
    monkeypatch.setattr(clipboard, "paste_text", lambda: clipboard.bounded_paste(rng.choice(HOSTILE_CLIPBOARD)))
    for module in (lan_join, start):
        if hasattr(module, "paste_text"):
            monkeypatch.setattr(module, "paste_text", clipboard.paste_text)
    monkeypatch.setattr(lan_host, "copy_text", lambda text: rng.random() < 0.5)
    monkeypatch.setattr("doublenine.client.discovery.TableBrowser", lambda **kw: FakeBrowser())
    monkeypatch.setattr(lan_host, "open_hosting", lambda launch, port=None: (_hosted(rng), "", None))


@pytest.mark.parametrize("name", sorted(SCENES))
def test_no_event_stream_crashes_the_window(name: str) -> None:
    rng = random.Random(f"16.3-{name}-{SEED}")
    app = App(SCENES[name](rng), (1024, 700))
    for _ in range(STEPS):
        events = [_event(rng, app.screen.get_size()) for _ in range(rng.randint(1, PER_STEP))]
        for e in events:
            if e.type == pygame.VIDEORESIZE and e.w > 0 and e.h > 0:  # the window resized as SDL does it
                resize_window((min(e.w, 3000), min(e.h, 2000)), wm_ignores_minimum=rng.random() < 0.3)
        if not app.step(events):
            # Escape, Leave or Quit closed the window: the game is started again, the stream goes on
            app = App(SCENES[name](rng), app.screen.get_size())
    assert app.stack, name
    assert pygame.display.get_surface() is not None
