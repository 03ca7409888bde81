"""The round's scores and the match's end (IN-5, IN-6) as every game's shows
(``game/scenes/shows``): each score counts up from where the round found it and the
round's leaders are cheered (confetti in their colours, the fanfare, a rumble on their
pads); at the end the podium rises, the winners are cheered and the verdict is written
once the count reaches it. A skips the show; bots wait for it. Everything in it is
public."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ....core.actions import Action
from ....input.intents import Intent
from ....scenes.shows import EndShow, ScoresCountUp
from ....ui.show import Standing
from ..rules.view import IncognitoPublic
from .results import GallerySection

if TYPE_CHECKING:
    from .board import IncognitoBoard

#: How far the shows keep from the content's sides (panels' soft shadows stay in the safe area).
EDGE = 12


def round_points(board: IncognitoBoard) -> list[int]:
    """What each seat scored in the last round scored."""
    public = board.public
    return list(public.history[-1].points) if public.history else [0] * board.n


class ScoresSection(ScoresCountUp[IncognitoPublic]):
    """The round's scores, best first; every seat says it is ready for the next round."""

    board: IncognitoBoard

    def __init__(self, board: IncognitoBoard) -> None:
        scores, gained = board.public.scores, round_points(board)
        super().__init__(board, [scores[s] - gained[s] for s in range(board.n)], scores,
                         seed=board.public.round * 8 + board.n)

    def go_on(self, seat: int) -> bool:
        self.board.submit(Action("ready", seat))
        return True

    def draw_frame(self, surface: pygame.Surface, view: IncognitoPublic, alpha: float) -> pygame.Rect:
        self.board.top_bar(surface, view, self.board.text("incognito.scores.title"))
        return self.board.content.inflate(-2 * EDGE, 0)

    def gained_text(self, seat: int) -> str:
        return self.board.text("incognito.scores.gained", n=self.after[seat] - self.before[seat])

    def marked(self, seat: int, view: IncognitoPublic) -> bool:
        return bool(view.ready and view.ready[seat])

    def hints(self) -> list[tuple[Intent, str]]:
        return [(Intent.CONFIRM, self.board.text("incognito.hint.skip" if self.running else "incognito.hint.ready"))]


class FinalSection(EndShow[IncognitoPublic]):
    """The end: the podium rises, the scores count up from the last round's start; then
    CONFIRM opens the gallery, BACK goes back to the lobby."""

    name = "final"
    board: IncognitoBoard

    def __init__(self, board: IncognitoBoard) -> None:
        outcome = board.session.outcome()
        scores, gained = board.public.scores, round_points(board)
        ranks = dict(outcome.ranks) if outcome is not None else {}
        super().__init__(board, [Standing(s, scores[s], scores[s] - gained[s], ranks.get(s, 1)) for s in range(board.n)],
                         seed=board.public.round * 8 + board.n)

    def confirm(self) -> bool:
        self.board.show(GallerySection(self.board))
        return True

    def draw_frame(self, surface: pygame.Surface, view: IncognitoPublic,
                   alpha: float) -> tuple[pygame.Rect, list[pygame.Rect]]:
        board = self.board
        board.top_bar(surface, view, board.text("incognito.final.title"))
        area = board.content.inflate(-2 * EDGE, 0)
        return area, [pygame.Rect(board.safe.x, board.safe.y, board.safe.width, area.y - board.safe.y)]

    def verdict(self, view: IncognitoPublic) -> str:
        assert self.show is not None
        winners = [self.ctx.seats[s.seat].name for s in self.show.standings if s.place == 1]
        if len(winners) == 1:
            return self.board.text("incognito.final.winner", name=winners[0])
        return self.board.text("incognito.final.shared", names=", ".join(winners))

    def hints(self) -> list[tuple[Intent, str]]:
        if self.running:
            return [(Intent.CONFIRM, self.board.text("incognito.hint.skip"))]
        return [(Intent.CONFIRM, self.board.text("incognito.hint.gallery")),
                (Intent.BACK, self.board.text("incognito.hint.lobby"))]
