"""The pygame side of both modes: ``make_board`` (competitive or co-op board) and the
screenshots (``SHOTS``), which the app and the ``shot`` command load through the registry."""

from .shots import SHOTS, make_board

__all__ = ["SHOTS", "make_board"]
