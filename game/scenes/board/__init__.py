"""The shared board every game's board is: a :class:`PhaseBoard` of :class:`Section`\\ s
(``phase_board.py``, ``section.py``)."""

from .phase_board import PhaseBoard
from .section import PhasedView, Section

__all__ = ["PhaseBoard", "PhasedView", "Section"]
