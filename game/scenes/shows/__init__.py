"""The shows every game's board plays alike, each a section of the phase board
(``game/scenes/board``): a reveal's pacing, a round's scores counting up, the end of the
match. Fed only public results: nothing in their sound or motion depends on a secret."""

from .count_up import ScoresCountUp
from .end import EndShow
from .reveal import RevealPacing

__all__ = ["EndShow", "RevealPacing", "ScoresCountUp"]
