"""Shared pytest set-up: no window ever opens during tests."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Issue 8: multicast DNS from any test stays on loopback (tests/lan runs it in its own netns).
os.environ.setdefault("DOUBLENINE_MDNS_INTERFACES", "127.0.0.1")
