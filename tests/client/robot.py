"""A synthetic player: reads the layout like a person and answers with mouse events.

The robot itself lives in the client (``doublenine play --autoplay``, issue 13), so
the tests and the install checks drive the window the same way.
"""
from __future__ import annotations

from doublenine.client.autoplay import centre, click, next_clicks

__all__ = ["centre", "click", "next_clicks"]
