"""Overlays drawn over the table: the rules and the ledger (issue 6).

Both take a rect and a language, draw with ``draw(surface)`` and turn pygame
events into an :class:`~doublenine.client.overlays.actions.OverlayAction`
(``Close``/``Export``) or None with ``handle(event)``.
"""
