"""The round's scores and the match's end (IN-5, IN-6) as shows (game/ui/show.py): each
score counts up from where the round found it, the leaders are cheered (confetti in
their colours, the fanfare, a rumble on their pads), and at the end the podium rises
beside the ranking. A skips the show; bots wait for it. Everything in it is public."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ....core.actions import Action
from ....input.intents import InputEvent, Intent
from ....ui.fit import fit_text
from ....ui.show import Show, Standing
from .screen import Screen

if TYPE_CHECKING:
    from .board import IncognitoBoard

#: How far panels keep from the content's sides (their soft shadows stay in the safe area).
EDGE = 12


def places(scores: list[int]) -> dict[int, int]:
    """1 + how many seats scored more: ties share a place."""
    return {s: 1 + sum(other > score for other in scores) for s, score in enumerate(scores)}


class StandingsScreen(Screen):
    """A screen whose scores are a show: counted up from the round's start, A skips."""

    def __init__(self, board: IncognitoBoard) -> None:
        super().__init__(board)
        public = board.public
        gained = public.history[-1].points if public.history else [0] * board.n
        self.places = self.final_places() or places(list(public.scores))
        self.show = Show(self.ctx, [Standing(s, public.scores[s], public.scores[s] - gained[s], self.places[s])
                                    for s in range(board.n)], seed=public.round * 8 + board.n)

    def final_places(self) -> dict[int, int] | None:
        return None

    @property
    def bots_play(self) -> bool:  # type: ignore[override]
        return self.show.done  # the table watches the show first

    def update(self) -> None:
        super().update()
        self.show.step()

    def row(self, surface: pygame.Surface, rect: pygame.Rect, seat: int, alpha: float, rank: bool) -> int:
        """One seat's row: (its place,) its shape and fitted name, its counting score;
        the score's left edge."""
        kit, c, board = self.ctx.kit, self.ctx.kit.colours, self.board
        player = board.seat(seat)
        style = kit.seat_style(player.style)
        kit.panel(surface, rect, c.panel_hi if rank and self.places[seat] == 1 else c.panel, radius=22,
                  border=c.gold if rank and self.places[seat] == 1 else style.colour)
        x = rect.x + 20
        if rank:
            x = kit.blit_text(surface, f"{self.places[seat]}.", 44, (x, rect.centery), "midleft", c.gold).right + 16
        radius = min(30, rect.height // 3)
        token = kit.seat_token(surface, player.style, (x + radius, rect.centery), radius)
        score = str(self.show.count(seat, alpha))
        shown = kit.blit_text(surface, score, min(60, rect.height // 2), (rect.right - 110, rect.centery), "midright",
                              c.gold)
        # the name up to the score on the ranking, up to the middle (the round's points) on the scores
        room = (shown.x - 24 if rank else rect.centerx - 12) - token.right - 12
        size, name = fit_text(kit, player.name, room, (40, 36, 32))
        kit.blit_text(surface, name, size, (token.right + 12, rect.centery), "midleft", style.light, shadow=True)
        return shown.x

    def handle(self, seat: int, event: InputEvent) -> bool:
        return self.show.handle(event)


class ScoresScreen(StandingsScreen):
    """The round's scores, best first; every seat says it is ready for the next round."""

    name = "scores"

    def handle(self, seat: int, event: InputEvent) -> bool:
        if super().handle(seat, event):
            return True
        if self.press(event) and event.intent is Intent.CONFIRM:
            self.board.submit(Action("ready", seat))
            return True
        return False

    def draw(self, surface: pygame.Surface, public: Any, alpha: float) -> None:
        board, kit, c = self.board, self.ctx.kit, self.ctx.kit.colours
        self.show.draw_confetti(surface, alpha)  # behind the rows: every score and name stays readable
        board.top_bar(surface, public, board.text("incognito.scores.title"))
        record = public.history[-1]
        area = board.content.inflate(-2 * EDGE, 0)
        order = sorted(range(board.n), key=lambda s: (-public.scores[s], s))
        height = min(110, (area.height - 12 * (board.n - 1)) // board.n)
        width = min(1240, area.width)
        for k, s in enumerate(order):
            rect = pygame.Rect(area.centerx - width // 2, area.y + k * (height + 12), width, height)
            score_x = self.row(surface, rect, s, alpha, rank=False)
            gained = board.text("incognito.scores.gained", n=record.points[s])
            room = score_x - 40 - (rect.x + rect.width // 2)
            size, gained = fit_text(kit, gained, room, (36, 32))
            kit.blit_text(surface, gained, size, (score_x - 40, rect.centery), "midright",
                          c.good if record.points[s] else c.muted)
            if public.ready and public.ready[s]:
                kit.draw_check(surface, (rect.right - 50, rect.centery), min(56, height - 20))
        hint = "incognito.hint.skip" if not self.show.done else "incognito.hint.ready"
        kit.hint_bar(surface, [(Intent.CONFIRM, board.text(hint))])


class FinalScreen(StandingsScreen):
    """The final ranking: the podium rises beside the list; then on to the gallery."""

    name = "final"

    def final_places(self) -> dict[int, int] | None:
        outcome = self.board.session.outcome()
        return dict(outcome.ranks) if outcome else None

    def handle(self, seat: int, event: InputEvent) -> bool:
        if super().handle(seat, event):
            return True
        if self.press(event) and event.intent is Intent.CONFIRM:
            from .results import GalleryScreen

            self.board.show(GalleryScreen(self.board))
            return True
        return False

    def draw(self, surface: pygame.Surface, public: Any, alpha: float) -> None:
        board, kit, c = self.board, self.ctx.kit, self.ctx.kit.colours
        area = board.content.inflate(-2 * EDGE, 0)
        order = sorted(range(board.n), key=lambda s: (self.places[s], s))
        winners = [board.seat(s).name for s in order if self.places[s] == 1]
        headline = (board.text("incognito.final.winner", name=winners[0]) if len(winners) == 1
                    else board.text("incognito.final.shared", names=", ".join(winners)))
        size, headline = fit_text(kit, headline, area.width, (52, 46, 40, 36))
        image = kit.text(headline, size, c.gold, align="center", shadow=True)
        placed = image.get_rect(midtop=area.midtop)
        board.top_bar(surface, public, board.text("incognito.final.title"))
        surface.blit(image, placed)
        top = placed.bottom + 16
        podium = pygame.Rect(area.x, top, area.width // 2, area.bottom - top)
        columns = self.show.draw_podium(surface, podium, alpha)
        # the confetti falls from under the headline and past the podium's columns and names,
        # never behind their letters (no panel hides them); behind the ranking's rows
        self.show.draw_confetti(surface, alpha, keep_out=[pygame.Rect(0, 0, kit.W, placed.bottom), *columns])
        listed = pygame.Rect(podium.right + 24, top, area.right - podium.right - 24, area.bottom - top)
        height = min(100, (listed.height - 10 * (board.n - 1)) // board.n)
        for k, s in enumerate(order):
            self.row(surface, pygame.Rect(listed.x, listed.y + k * (height + 10), listed.width, height), s, alpha,
                     rank=True)
        hint = "incognito.hint.skip" if not self.show.done else "incognito.hint.gallery"
        kit.hint_bar(surface, [(Intent.CONFIRM, board.text(hint))])
