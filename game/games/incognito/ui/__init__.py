"""The pygame side of the game: its board (``make_board``) and its screenshots (``SHOTS``),
which the app and the ``shot`` command load through the registry entry."""

from .board import SHOTS, make_board

__all__ = ["SHOTS", "make_board"]
