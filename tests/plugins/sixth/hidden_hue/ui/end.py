"""The end (HH-4) as every game's end show (``game/scenes/shows``): the podium rises, the
scores count up from where the last round found them, the winners are cheered and the
verdict is written once the count reaches it; then CONFIRM plays again and BACK goes
back to the lobby (a phone's "again" and "lobby" alike). All of it is public."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.input.intents import Intent
from game.scenes.shows import EndShow
from game.ui.show import Standing

from ..rules.view import HuePublic

if TYPE_CHECKING:
    from .board import HueBoard


class EndSection(EndShow[HuePublic]):
    board: HueBoard

    def __init__(self, board: HueBoard) -> None:
        public, outcome = board.public, board.session.outcome()
        last = public.history[-1].points if public.history else (0,) * board.seats
        ranks = dict(outcome.ranks) if outcome is not None else {}
        super().__init__(board, [Standing(s, public.scores[s], public.scores[s] - last[s], ranks.get(s, 1))
                                 for s in range(board.seats)], seed=board.seats * 31 + sum(public.scores))

    def title(self, view: HuePublic) -> str:
        return self.ctx.t("hh.end.title")

    def verdict(self, view: HuePublic) -> str:
        assert self.show is not None
        winners = [self.board.name(s.seat) for s in self.show.standings if s.place == 1]
        if len(winners) == 1:
            return self.ctx.t("hh.end.winner", name=winners[0])
        return self.ctx.t("hh.end.shared", names=", ".join(winners))

    def hints(self) -> list[tuple[Intent, str]]:
        if self.running:
            return [(Intent.CONFIRM, self.ctx.t("hh.hint.skip"))]
        return [(Intent.CONFIRM, self.ctx.t("hh.end.again")), (Intent.BACK, self.ctx.t("hh.end.lobby"))]
