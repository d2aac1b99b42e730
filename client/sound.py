"""The table's sounds (issue 15.3): a tile click, a knock for a pass, a chime at hand end, a turn cue.

Every sound is synthesised here at start-up from a few sine partials with a
short attack and an exponential decay (16-bit mono PCM, :data:`RATE` Hz), so
the project ships no audio files and no licence question arises: the waveforms
are this module's own code (MIT, as the project). Nothing here ever raises
into the game: where there is no audio device, or SDL's audio driver is
``dummy`` (tests, CI), :class:`Sounds` stays silent.

A machine with no sound at all starts quietly: SDL's audio probing ends in ALSA,
whose library prints eight lines on stderr when it finds no card. :func:`audio_present`
looks first (the player's own SDL_AUDIODRIVER, a sound server's socket, an ALSA card,
an ALSA configuration of their own) and the mixer is only opened where one of them is.

Which sounds a change of state calls for is a pure function, :func:`cues`, of
the client state before and after a batch of server messages.
"""
from __future__ import annotations

import logging
import math
import os
import re
import sys
from array import array
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from doublenine.shared.moves import Pass, Play
from doublenine.shared.state import Phase

from .store import ClientState

log = logging.getLogger("doublenine.client.sound")

RATE = 22050
"""Samples per second of the synthesised sounds."""

CUES = ("place", "pass", "hand_end", "your_turn", "nudge")
"""The sounds the table plays, by name."""

_SHAPES: dict[str, tuple[float, tuple[tuple[float, float], ...], float]] = {
    # name: (seconds, ((frequency Hz, amplitude 0..1), ...), decay per second)
    "place": (0.09, ((1850.0, 0.55), (3100.0, 0.25), (620.0, 0.35)), 55.0),    # a quiet tile click
    "pass": (0.16, ((150.0, 0.8), (310.0, 0.3)), 28.0),                         # a soft knock
    "hand_end": (0.9, ((784.0, 0.45), (988.0, 0.35), (1318.5, 0.25)), 3.2),   # a chime (G5, B5, E6)
    "your_turn": (0.32, ((659.3, 0.5), (987.8, 0.3)), 9.0),                    # a turn cue (E5 + B5)
    "nudge": (0.5, ((880.0, 0.5), (1108.7, 0.4)), 6.0),                         # a brighter two-note call
}


def synthesize(name: str, rate: int = RATE) -> bytes:
    """16-bit signed native-endian mono PCM at ``rate`` Hz for the cue ``name`` (one of :data:`CUES`).

    Raises ``KeyError`` for an unknown name. Peak amplitude stays below 40% of
    full scale: these are table sounds, not alarms.
    """
    seconds, partials, decay = _SHAPES[name]
    n = int(seconds * rate)
    attack = max(1, int(0.004 * rate))
    total = sum(a for _, a in partials)
    out = array("h")
    for i in range(n):
        t = i / rate
        env = min(1.0, i / attack) * math.exp(-decay * t)
        s = sum(a * math.sin(2 * math.pi * f * t) for f, a in partials) / total
        out.append(int(0.38 * 32767 * env * s))
    return out.tobytes()


def cues(before: ClientState, after: ClientState) -> list[str]:
    """Issue 15.3: the cues a change from ``before`` to ``after`` calls for, in play order.

    A new tile on the line: ``place``; a new pass: ``pass``; a hand that just
    ended (a new finished hand in the ledger, R16/R17): ``hand_end``; the turn
    just became this seat's (R14/R15): ``your_turn``. A snapshot that replaces
    the view wholesale (first join, resync) or an undo (fewer moves) calls for
    nothing. Pure; ``[]`` when either state has no view.
    """
    a, b = before.view, after.view
    if a is None or b is None:
        return []
    out: list[str] = []
    same_hand = a.match == b.match and a.hand_number == b.hand_number
    ended = b.finished[-1] if a.match == b.match and len(b.finished) == len(a.finished) + 1 else None
    moves = ended.moves if ended is not None and ended.number == a.hand_number else b.moves
    if (same_hand or moves is not b.moves) and len(moves) > len(a.moves) and moves[: len(a.moves)] == a.moves:
        for m in moves[len(a.moves):]:
            out.append("place" if isinstance(m, Play) else "pass" if isinstance(m, Pass) else "")
    if ended is not None:
        out.append("hand_end")
    me = getattr(b, "viewer", None)
    if me is not None and b.phase is Phase.PLAY and b.turn == me and not (a.phase is Phase.PLAY and a.turn == me
                                                                          and same_hand):
        out.append("your_turn")
    return [c for c in out if c]


def audio_present(env: Mapping[str, str] | None = None, root: Path = Path("/"),
                  platform: str = sys.platform) -> bool:
    """Whether SDL may find a sound output here without ALSA's start-up noise (pure look, no device opened).

    True off Linux (no ALSA there), when the player chose SDL's driver (``SDL_AUDIODRIVER``),
    when a sound server answers on its usual socket (``PULSE_SERVER``,
    ``$XDG_RUNTIME_DIR/pulse/native``, ``$XDG_RUNTIME_DIR/pipewire-0``), when the kernel lists an
    ALSA card (``/proc/asound/cards``, ``/dev/snd/pcmC*``), or when the player configured ALSA
    (``ALSA_CONFIG_PATH``, ``~/.asoundrc``, ``/etc/asound.conf``: a plugin may play without a card).
    False otherwise: nothing could play, and probing would only print. ``root`` prefixes the
    system paths (tests); ``env`` defaults to the process environment.
    """
    env = os.environ if env is None else env
    if not platform.startswith("linux") or env.get("SDL_AUDIODRIVER") or env.get("PULSE_SERVER") \
            or env.get("ALSA_CONFIG_PATH"):
        return True
    runtime = env.get("XDG_RUNTIME_DIR")
    if runtime and any(_exists(Path(runtime) / name) for name in ("pulse/native", "pipewire-0")):
        return True
    try:
        cards = (root / "proc/asound/cards").read_text(errors="replace")[:65536]
    except OSError:
        cards = ""
    if re.search(r"^ *[0-9]+ \[", cards, re.MULTILINE):  # " 0 [PCH   ]: HDA-Intel ..." (none: "--- no soundcards ---")
        return True
    try:
        if any(p.name.startswith("pcmC") for p in (root / "dev/snd").iterdir()):
            return True
    except OSError:
        pass
    home = env.get("HOME")
    return _exists(root / "etc/asound.conf") or bool(home) and _exists(Path(home) / ".asoundrc")


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except OSError:  # a path we may not read is not there for us
        return False


PLAYED_KEPT = 64
"""Cues :attr:`Sounds.played` remembers, the newest."""


class Sounds:
    """Plays the cues at ``volume`` (0.0-1.0) unless ``muted``; silent and harmless without audio.

    The mixer is opened on the first sound, never at import, so a client that
    never plays a sound never touches the audio device.
    """

    def __init__(self, muted: bool = False, volume: float = 0.6) -> None:
        self.muted = muted
        self.volume = min(1.0, max(0.0, volume))
        self._sounds: dict[str, Any] | None = None
        self.played: list[str] = []
        """The cues asked for while not muted, in order (what tests and the nudge check read): the newest
        :data:`PLAYED_KEPT` (a server's frames ask for cues; what they fill is bounded, attacker s9 F2)."""

    def _load(self) -> dict[str, Any]:
        if self._sounds is None:
            self._sounds = {}
            if not audio_present():
                log.info("no sound device or sound server found: the table stays silent")
                return self._sounds
            try:
                import pygame
                if pygame.mixer.get_init() is None:
                    pygame.mixer.init(frequency=RATE, size=-16, channels=1)
                freq, _size, channels = pygame.mixer.get_init()
                for name in CUES:
                    pcm = synthesize(name, freq)
                    if channels == 2:
                        pcm = _to_stereo(pcm)
                    self._sounds[name] = pygame.mixer.Sound(buffer=pcm)
            except Exception:  # no device, no driver, no mixer module: stay silent
                self._sounds = {}
        return self._sounds

    def play(self, name: str) -> None:
        """Play cue ``name`` now (nothing when muted, unknown, or without audio); never raises."""
        if self.muted or name not in CUES:
            return
        self.played.append(name)
        if len(self.played) > PLAYED_KEPT:
            del self.played[0]
        sound = self._load().get(name)
        if sound is None:
            return
        try:
            sound.set_volume(self.volume)
            sound.play()
        except Exception:  # a device that vanished mid-game must not end the game
            pass

    def available(self) -> bool:
        """Whether anything can play here: a sound output was found and the mixer opened (it is opened now
        if it was not yet). False on a machine with no audio device: M then says so (new user s10 item 12:
        "Sound on" was said where nothing could ever be heard)."""
        return bool(self._load())

    def set(self, muted: bool | None = None, volume: float | None = None) -> None:
        """Change the mute switch or the volume (clamped to 0.0-1.0)."""
        if muted is not None:
            self.muted = muted
        if volume is not None and math.isfinite(volume):
            self.volume = min(1.0, max(0.0, volume))


def _to_stereo(pcm: bytes) -> bytes:
    mono = array("h")
    mono.frombytes(pcm)
    out = array("h", [0]) * (2 * len(mono))
    out[0::2] = mono
    out[1::2] = mono
    return out.tobytes()
