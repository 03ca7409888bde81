"""The end: first the podium, every game's end show (``game/scenes/shows``: places by
track position, the winners on top, each mask's square counted up, the verdict written
once the count reaches it), then the final portraits (PE-13): each player's received
cards, "as the others see them". On the podium A skips the show, then opens the
portraits; there ALT saves them as a PNG in the user's pictures folder, A plays again;
B goes back to the lobby from both."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ....input.intents import InputEvent, Intent
from ....scenes.shows import EndShow
from ....ui.fit import smallest_size
from ....ui.show import Standing
from ..rules.view import PEPublic
from .section import BoardSection
from .widgets import draw_name

if TYPE_CHECKING:
    from .board import PersonalityBoard

COLUMNS, GAP = 3, 20


def winners_line(board: PersonalityBoard) -> str:
    return board.t("personality.winners", names=", ".join(board.name(s) for s in board.public.winners),
                   n=len(board.public.winners))


class PodiumSection(EndShow[PEPublic], BoardSection):
    """The end's show, once the last walks and banners have played on the board (until
    then the board shows them, and the show waits)."""

    name = "podium"
    board: PersonalityBoard

    def __init__(self, board: PersonalityBoard) -> None:
        super().__init__(board, final_standings(board.public), seed=sum(board.public.positions))

    @property
    def skippable(self) -> bool:
        return self.running and not self.board.timeline.busy

    def fixed_update(self) -> None:
        if not self.board.timeline.busy:
            super().fixed_update()

    def handle(self, seat: int, event: InputEvent) -> bool:
        return not self.board.timeline.busy and super().handle(seat, event)

    def confirm(self) -> bool:
        self.board.show(PortraitsSection(self.board))
        return True

    # --- the texts -------------------------------------------------------------------------------
    def heading(self) -> str:
        return winners_line(self.board)

    def title(self, view: PEPublic) -> str:
        return self.board.t("personality.final.title")

    def verdict(self, view: PEPublic) -> str:
        return winners_line(self.board)

    def hints(self) -> list[tuple[Intent, str]]:
        if self.running:
            return [(Intent.CONFIRM, self.board.t("personality.hint.skip"))]
        return [(Intent.CONFIRM, self.board.t("personality.portraits.next")),
                (Intent.BACK, self.board.t("personality.portraits.lobby"))]

    def draw(self, surface: pygame.Surface, view: PEPublic, alpha: float) -> None:
        if self.board.timeline.busy:  # the last walks and banners, on the board
            BoardSection.draw(self, surface, view, alpha)
            return
        self.ctx.kit.background(surface)
        super().draw(surface, view, alpha)


class PortraitsSection(BoardSection):
    """The portraits: ALT saves them, A plays again, B goes back to the lobby."""

    name = "portraits"
    bots_play = False
    end_choices = True

    def __init__(self, board: PersonalityBoard) -> None:
        super().__init__(board)
        #: Where the picture went (or why it did not), in place of the winners' line.
        self.message = ""

    def handle(self, seat: int, event: InputEvent) -> bool:
        if not self.press(event):
            return False
        if event.intent is Intent.ALT:
            try:
                path = save_portraits(self.board)
                self.message = self.board.t("personality.portraits.saved", path=str(path))
            except (OSError, pygame.error) as exc:
                self.message = self.board.t("personality.portraits.failed", error=str(exc))
            return True
        if event.intent in (Intent.CONFIRM, Intent.BACK):
            self.board.finish(again=event.intent is Intent.CONFIRM)
            return True
        return False

    def draw(self, surface: pygame.Surface, view: PEPublic, alpha: float) -> None:
        self.ctx.kit.background(surface)
        draw_portraits(self.board, surface, self.message)


def final_standings(p: PEPublic) -> list[Standing]:
    """The winners share first place; the others rank by their mask's square (ties share),
    each counted up from the start square to where it ended."""
    others = [p.positions[s] for s in range(p.seats) if s not in p.winners]
    return [Standing(seat, p.positions[seat], place=1 if seat in p.winners
                     else 2 + sum(1 for other in others if other > p.positions[seat]))
            for seat in range(p.seats)]


def draw_portraits(board: PersonalityBoard, surface: pygame.Surface, message: str = "", hints: bool = True) -> None:
    """Every seat's portrait under the title and the winners' line (or ``message``); with
    ``hints``, the end's choices under them (the saved picture has none)."""
    kit, c, p = board.ctx.kit, board.ctx.kit.colours, board.public
    safe = kit.safe_rect
    title = kit.blit_text(surface, board.t("personality.portraits.title"), 60, (safe.centerx, safe.y), "midtop",
                          c.gold, shadow=True)
    if message:  # where the picture went, in place of the winners (the crowns say it too)
        image = kit.text(message, 30, c.accent, safe.width)
    else:
        image = kit.text(winners_line(board), 36, c.text, safe.width, "center")
    top = surface.blit(image, image.get_rect(midtop=(safe.centerx, title.bottom))).bottom + 12
    # on screen the boxes stop above the hint bar; the saved picture has no hint bar
    bottom = safe.bottom - 74 if hints else safe.bottom
    rows = (p.seats + COLUMNS - 1) // COLUMNS
    w, h = (safe.width - GAP * (COLUMNS - 1)) // COLUMNS, (bottom - top - GAP * (rows - 1)) // rows
    for seat in range(p.seats):
        col, row = seat % COLUMNS, seat // COLUMNS
        _draw_portrait(board, surface, seat, pygame.Rect(safe.x + col * (w + GAP), top + row * (h + GAP), w, h))
    if hints:
        kit.hint_bar(surface, [(Intent.ALT, board.t("personality.portraits.save")),
                               (Intent.CONFIRM, board.t("personality.portraits.again")),
                               (Intent.BACK, board.t("personality.portraits.lobby"))])


def _draw_portrait(board: PersonalityBoard, surface: pygame.Surface, seat: int, box: pygame.Rect) -> None:
    kit, c, p = board.ctx.kit, board.ctx.kit.colours, board.public
    style = board.ctx.seats[seat].style
    kit.panel(surface, box, c.panel, radius=26, border=kit.seat_style(style).colour, shadow=False)
    kit.seat_token(surface, style, (box.x + 44, box.y + 44), 26)
    draw_name(kit, surface, board.name(seat), pygame.Rect(box.x + 84, box.y + 8, box.width - 160, 72),
              kit.seat_style(style).light)
    if seat in p.winners:
        surface.blit(kit.icon("1F451", 52), kit.icon("1F451", 52).get_rect(center=(box.right - 44, box.y + 44)))
    cards = p.received[seat]
    y = box.y + 90
    if not cards:
        kit.blit_text(surface, board.t("personality.portraits.none"), 30, (box.centerx, y + 40), "midtop", c.muted)
    for i, card in enumerate(cards):
        # at 28 px drawn whatever the text setting: a portrait holds as many cards as it can
        text = kit.text("• " + board.card_text(card), smallest_size(kit), c.text, max_width=box.width - 40)
        room = box.bottom - 10 - (0 if i == len(cards) - 1 else 40)  # keep a line for "and n more"
        if y + text.get_height() > room:
            more = board.t("personality.portraits.more", n=len(cards) - i)
            kit.blit_text(surface, more, smallest_size(kit), (box.centerx, y - 4), "midtop", c.muted)
            break
        surface.blit(text, (box.x + 20, y))
        y += text.get_height() + 6


def pictures_dir() -> Path:
    """Where portraits are saved: the user's pictures folder, in "Secret Salon"."""
    import platformdirs

    return Path(platformdirs.user_pictures_dir()) / "Secret Salon"


def save_portraits(board: PersonalityBoard) -> Path:
    canvas = board.ctx.kit.canvas()
    board.ctx.kit.background(canvas)
    draw_portraits(board, canvas, hints=False)
    folder = pictures_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"personality-{time.strftime('%Y%m%d-%H%M%S')}.png"
    pygame.image.save(canvas, str(path))
    return path
