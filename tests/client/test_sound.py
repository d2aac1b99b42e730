"""Issue 15.3 and 15.4: sounds for a play, a pass, a hand end and your turn; mute, volume and motion remembered."""
from __future__ import annotations

import json
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


def test_audio_present_looks_for_a_way_to_play_without_opening_anything(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Issue 15 leftover: on a machine without sound, SDL's probing ended in ALSA, which printed
    eight lines on stderr at start. Each way sound can play here is recognised; none: no probing."""
    from doublenine.client.sound import audio_present
    root, home, run = tmp_path / "root", tmp_path / "home", tmp_path / "run"
    for d in (root / "proc/asound", root / "dev", home, run):
        d.mkdir(parents=True)
    env = {"HOME": str(home), "XDG_RUNTIME_DIR": str(run)}
    (root / "proc/asound/cards").write_text("--- no soundcards ---\n")
    assert audio_present(env, root, "linux") is False
    assert audio_present(env, root, "darwin") is True and audio_present(env, root, "win32") is True  # no ALSA there
    assert audio_present({**env, "SDL_AUDIODRIVER": "pipewire"}, root, "linux") is True  # the player's choice
    assert audio_present({**env, "PULSE_SERVER": "unix:/mnt/wslg/PulseServer"}, root, "linux") is True  # WSLg
    (run / "pipewire-0").touch()
    assert audio_present(env, root, "linux") is True
    (run / "pipewire-0").unlink()
    (run / "pulse").mkdir()
    (run / "pulse/native").touch()
    assert audio_present(env, root, "linux") is True
    (run / "pulse/native").unlink()
    (root / "proc/asound/cards").write_text(" 0 [PCH            ]: HDA-Intel - HDA Intel PCH\n"
                                           "                      HDA Intel PCH at 0xf7f10000 irq 33\n")
    assert audio_present(env, root, "linux") is True
    (root / "proc/asound/cards").write_text("--- no soundcards ---\n")
    (root / "dev/snd").mkdir()
    (root / "dev/snd/timer").touch()
    assert audio_present(env, root, "linux") is False  # a timer is no output
    (root / "dev/snd/pcmC0D0p").touch()
    assert audio_present(env, root, "linux") is True
    (root / "dev/snd/pcmC0D0p").unlink()
    (home / ".asoundrc").write_text("pcm.!default { type bluealsa }\n")  # a plugin without a card
    assert audio_present(env, root, "linux") is True


def test_no_way_to_play_never_opens_the_mixer(monkeypatch: pytest.MonkeyPatch) -> None:
    import doublenine.client.sound as sound
    opened = []
    monkeypatch.setattr(sound, "audio_present", lambda: False)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", lambda *a, **k: opened.append(a))
    s = Sounds()
    s.play("place")
    s.play("pass")
    assert s.played == ["place", "pass"] and opened == []


def test_a_machine_without_sound_starts_quietly(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The real program, as a player starts it (no SDL_AUDIODRIVER): nothing on stderr and only
    the result on stdout (no pygame banner), where this machine has no way to play sound."""
    import os
    import subprocess
    import sys

    from doublenine.client.sound import audio_present
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_AUDIODRIVER", "PYGAME_HIDE_SUPPORT_PROMPT")}
    if audio_present(env):
        pytest.skip("this machine has a sound device or server: SDL's probing is quiet here anyway")
    env.update(SDL_VIDEODRIVER="dummy", XDG_CONFIG_HOME=str(tmp_path / "c"), XDG_DATA_HOME=str(tmp_path / "d"),
               XDG_STATE_HOME=str(tmp_path / "s"), XDG_CACHE_HOME=str(tmp_path / "k"))
    out = subprocess.run([sys.executable, "-m", "doublenine", "play", "--autoplay", "--seed", "3"], env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stderr == ""
    assert [json.loads(line)["autoplay"] for line in out.stdout.splitlines()] == ["hand over"]


def test_m_on_a_machine_with_no_sound_device_says_so_and_keeps_the_setting(monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """New user s10 item 12: with no audio device M said "Sound on"/"Sound off" though nothing could play."""
    from doublenine.client import sound
    from doublenine.client.buttons import NO_SOUND_DEVICE
    from doublenine.client.text import tr
    monkeypatch.setattr(sound, "audio_present", lambda *a, **k: False)
    config.save(config.Settings(sound=True, volume=0.3))
    scene = TableScene(Fixed(_at(in_play())), lang="fr")
    scene.update(5.0)
    assert scene.sounds.available() is False
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m"))
    assert scene.toast == ("Aucun périphérique audio\u00a0: le son est coupé", 8.0) == (tr("fr", NO_SOUND_DEVICE), 8.0)
    assert scene.sounds.muted is False and config.load().sound is True  # nothing to switch: left as it was
    assert Sounds().available() is False
