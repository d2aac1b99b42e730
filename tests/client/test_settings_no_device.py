"""Settings and the table's speaker say the same of the sound (s12). Reported: on a machine with no sound
device Settings said "Sound: On" while the table's speaker was crossed out ("No sound device: sound is
off"). Kind: one setting said by two places from two readings (the saved setting; what can play). Settings
now reads both, as the table does: "Off", not to be pressed (the table's M leaves the setting too), and
under it why, in the speaker's own words."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from doublenine.client import config
from doublenine.client.buttons import NO_SOUND_DEVICE, sound_button
from doublenine.client.input import Viewport
from doublenine.client.scenes.settings import SettingsScene, buttons, settings_layout
from doublenine.client.sound import Sounds
from doublenine.client.typeset import watch
from doublenine.shared.i18n import LANGUAGES, tr


class NoDevice(Sounds):
    """A machine where nothing can play (sound.audio_present False, or the mixer would not open)."""

    def available(self) -> bool:
        return False


def test_settings_says_no_sound_device_as_the_tables_speaker_does() -> None:
    config.save(config.Settings(sound=True))
    scene = SettingsScene("en", remember=True, sounds=NoDevice())
    (sounds,) = [b for b in buttons(scene.values) if b.id == "sounds"]
    speaker = sound_button(800, 12, (0, 570, 800, 30), 12, muted=True, no_sound=True)
    assert (sounds.label, sounds.enabled, speaker.label) == ("Off", False, NO_SOUND_DEVICE)
    scene.resize(Viewport((800, 600), (800, 600)))
    with watch() as seen:
        scene.draw(pygame.Surface((800, 600)))
    assert [d.text for d in seen if d.text == "No sound device: sound is off"] == [tr("en", speaker.label)]
    assert scene.press("sounds") is None and config.load().sound is True  # left as saved, as M leaves it
    assert "reason" in settings_layout((800, 600), True) and "reason" not in settings_layout((800, 600))


def test_with_a_device_or_sound_set_off_it_says_on_or_off() -> None:
    config.save(config.Settings(sound=True))
    assert [(b.label, b.enabled) for b in buttons(SettingsScene("en", sounds=Sounds()).values)
            if b.id == "sounds"] == [("On", True)]
    config.save(config.Settings(sound=False))
    scene = SettingsScene("en", sounds=NoDevice())  # the table says "Sound off" then: not looked at
    assert [(b.label, b.enabled) for b in buttons(scene.values) if b.id == "sounds"] == [("Off", True)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_reason_is_whole_at_800x600(lang: str) -> None:
    pygame.init()
    config.save(config.Settings(sound=True))
    scene = SettingsScene(lang, sounds=NoDevice())
    scene.resize(Viewport((800, 600), (800, 600)))
    with watch() as seen:
        scene.draw(pygame.Surface((800, 600)))
    (drawn,) = [d for d in seen if d.text == tr(lang, NO_SOUND_DEVICE)]
    lay = settings_layout((800, 600), True)
    assert not drawn.shortened and drawn.size == drawn.requested and drawn.drawn_width <= lay["reason"][2], drawn
    card = pygame.Rect(lay["card"])
    assert all(card.contains(pygame.Rect(lay[k])) for k in ("reason", "back", "pips", "sample"))
    assert not pygame.Rect(lay["reason"]).colliderect(lay["volume_down"]) and lay["reason"][1] > lay["sounds"][1]


def test_the_focus_never_rests_on_the_sound_that_cannot_act() -> None:
    """Last README run s12: S at the table put the ring on the greyed "Off" while the footer said "Enter or
    Space: change it" and Enter did nothing. The ring starts on the first control that can act (Volume −)
    and Tab goes round the enabled ones only."""
    config.save(config.Settings(sound=True, volume=0.5))
    scene = SettingsScene("en", remember=True, sounds=NoDevice())
    assert scene.focus == "volume_down"
    order = [scene.focus]
    for _ in range(8):
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0))
        order.append(scene.focus)
    assert order == ["volume_down", "volume_up", "motion", "pips", "text", "language", "screen", "back", "volume_down"]
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_SHIFT))
    assert scene.focus == "back"
