"""The pygame side of Hidden Hue: its board (``make_board``) and its screenshots
(``SHOTS``), which the app and the ``shot`` command load through the registry entry."""

from .board import make_board
from .shots import SHOTS

__all__ = ["SHOTS", "make_board"]
