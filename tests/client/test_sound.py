"""Issue 15.3 and 15.4: sounds for a play, a pass, a hand end and your turn; mute, volume and motion remembered."""
from __future__ import annotations

from array import array
from dataclasses import replace

import pygame
import pytest
from test_prompts import Fixed

from doublenine.client import config
from doublenine.client.scenes.table import TableScene
from doublenine.client.sound import CUES, RATE, Sounds, cues, synthesize
from doublenine.client.store import ClientState
from doublenine.shared.events import MatchLog
from doublenine.shared.moves import Pass
from doublenine.shared.seats import Seat
from doublenine.shared.state import Phase
from doublenine.shared.views import view_for

from enginekit import L, R, S1, S2, S3, S4, in_play, play, play_out, run


def _at(state, seat=S4) -> ClientState:  # type: ignore[no-untyped-def]
    return ClientState(view=view_for(state, seat), seq=1, table="ABCDE")


def test_each_cue_is_short_quiet_and_not_silent() -> None:
    for name in CUES:
        pcm = array("h")
        pcm.frombytes(synthesize(name))
        seconds = len(pcm) / RATE
        assert 0.05 <= seconds <= 1.0, name
        peak = max(abs(x) for x in pcm)
        assert 3000 < peak <= int(0.38 * 32767), (name, peak)
    with pytest.raises(KeyError):
        synthesize("trumpet")


def test_cues_for_a_play_a_pass_and_the_turn_reaching_this_seat() -> None:
    s0 = in_play()
    s1 = run(s0, play(S1, "0-5", L))
    s2 = run(s1, play(S2, "1-5", R))
    s3 = run(s2, Pass(S3))   # seat 3 holds no 0 or 1: the turn reaches seat 4
    assert cues(_at(s0), _at(s1)) == ["place"]
    assert cues(_at(s1), _at(s3)) == ["place", "pass", "your_turn"]
    assert cues(_at(s3), _at(s1)) == []        # an undo takes moves back: nothing to hear
    assert cues(ClientState(), _at(s3)) == []  # the first snapshot: nothing either
    assert cues(_at(s1, None), _at(s3, None)) == ["place", "pass"]  # a spectator has no turn


def test_cue_for_a_hand_end() -> None:
    s0 = in_play()
    done = play_out(s0)
    assert len(done.finished) == 1
    heard = cues(_at(s0, S2), _at(done, S2))
    assert "hand_end" in heard and heard[0] in ("place", "pass")


def test_sounds_are_silent_and_harmless_under_the_dummy_driver() -> None:
    s = Sounds(volume=0.5)
    for name in CUES:
        s.play(name)
    s.play("unknown")
    assert s.played == list(CUES)
    s.set(muted=True)
    s.play("place")
    assert s.played == list(CUES)
    s.set(volume=float("nan"))
    s.set(volume=3.0)
    assert s.volume == 1.0


def test_no_audio_device_never_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_device(*_a, **_k):  # type: ignore[no-untyped-def]
        raise pygame.error("No available audio device")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    s = Sounds()
    s.play("place")
    assert s.played == ["place"]


def test_the_table_plays_the_cues_and_m_mutes_remembered() -> None:
    config.save(config.Settings(sound=True, volume=0.3))
    s0 = in_play()
    session = Fixed(_at(s0))
    scene = TableScene(session)
    assert (scene.sounds.muted, scene.sounds.volume) == (False, 0.3)
    scene.update(0.0)
    session.set(_at(run(s0, play(S1, "0-5", L))))
    scene.update(0.1)
    assert scene.sounds.played == ["place"]
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m"))
    assert scene.sounds.muted and config.load().sound is False
    assert TableScene(Fixed(_at(s0))).sounds.muted  # remembered for the next start


def test_motion_setting_and_an_unfocused_window_turn_the_slide_off() -> None:
    s0 = in_play()
    after = _at(run(s0, play(S1, "0-5", L)))
    for motion, focus, sliding in ((True, True, True), (False, True, False), (True, False, False)):
        session = Fixed(_at(s0))
        scene = TableScene(session, sounds=Sounds(), motion=motion)
        scene.update(0.0)
        if not focus:
            scene.handle(pygame.event.Event(pygame.WINDOWFOCUSLOST, window=None))
        session.set(after)
        scene.update(0.1)
        assert (scene._anim is not None) == sliding, (motion, focus)
