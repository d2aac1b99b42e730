"""Colours that mean something everywhere in the client: the two teams.

The table (art, render), the ledger overlay's chart and hand rows, and the
opening-draw badges all take the team colours from here, so team A is the same
warm gold and team B the same sky blue on every screen.
"""
from __future__ import annotations

TEAM_COLOURS: dict[str, tuple[int, int, int]] = {"A": (232, 176, 72), "B": (96, 182, 220)}
"""Team A warm gold/orange, team B sky blue: told apart also by the letter shown beside them."""
