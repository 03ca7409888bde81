"""The end: first the podium (the show, game/ui/show.py: places by track position, the
winners on top), then the final portraits (PE-13): each player's received cards, "as the
others see them". ALT saves them as a PNG in the user's pictures folder, CONFIRM plays
again, BACK leaves."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ....input.intents import InputEvent, Intent
from ....ui.fit import smallest_size
from ....ui.show import Show, Standing
from ..rules.view import PEPublic
from .screen import Screen
from .widgets import draw_name

if TYPE_CHECKING:
    from .board import PersonalityBoard

COLUMNS, GAP = 3, 20


class PortraitsScreen(Screen):
    def title(self) -> str:
        return self.board.t("personality.winners", names=", ".join(self.board.name(s) for s in self.board.public.winners),
                            n=len(self.board.public.winners))

    def draw(self, surface: pygame.Surface, stage: pygame.Rect, alpha: float) -> None:
        draw_portraits(self.board, surface)

    def handle(self, seat: int, event: InputEvent) -> bool:
        board = self.board
        if board.session.outcome() is None:
            return False
        if event.intent is Intent.ALT:
            try:
                path = save_portraits(board)
                board.message = board.t("personality.portraits.saved", path=str(path))
            except (OSError, pygame.error) as exc:
                board.message = board.t("personality.portraits.failed", error=str(exc))
            return True
        if event.intent in (Intent.CONFIRM, Intent.BACK):
            board.finish(again=event.intent is Intent.CONFIRM)
            return True
        return False


def final_standings(p: PEPublic) -> list[Standing]:
    """The winners share first place; the others rank by their mask's square (ties share),
    each counted up from the start square to where it ended."""
    others = [p.positions[s] for s in range(p.seats) if s not in p.winners]
    return [Standing(seat, p.positions[seat], place=1 if seat in p.winners
                     else 2 + sum(1 for other in others if other > p.positions[seat]))
            for seat in range(p.seats)]


def draw_podium(board: PersonalityBoard, surface: pygame.Surface, show: Show, alpha: float) -> list[pygame.Rect]:
    """The winners' title over the podium rising (A skips to the portraits). Returns what
    the confetti keeps out of: the title (no panel behind it), the columns, the hint bar."""
    kit, c, p = board.ctx.kit, board.ctx.kit.colours, board.public
    safe = kit.safe_rect
    image = kit.text(board.t("personality.winners", names=", ".join(board.name(s) for s in p.winners), n=len(p.winners)),
                     52, c.gold, safe.width, "center", shadow=True)
    title = surface.blit(image, image.get_rect(midtop=(safe.centerx, safe.y)))
    columns = show.draw_podium(surface, pygame.Rect(safe.x, title.bottom + 20, safe.width,
                                                    safe.bottom - title.bottom - 100), alpha)
    hints = kit.hint_bar(surface, [(Intent.CONFIRM, board.t("personality.portraits.skip"))])
    return [_letters(image, title), *columns, hints]


def draw_portraits(board: PersonalityBoard, surface: pygame.Surface, hints: bool = True) -> list[pygame.Rect]:
    """Every seat's portrait under the title. Returns what the confetti keeps out of: the
    title and its line (no panel behind them), the portraits, the hint bar."""
    kit, c, p = board.ctx.kit, board.ctx.kit.colours, board.public
    safe = kit.safe_rect
    title = kit.blit_text(surface, board.t("personality.portraits.title"), 60, (safe.centerx, safe.y), "midtop",
                          c.gold, shadow=True)
    if hints and board.message:  # where the picture went, in place of the winners (the crowns say it too)
        image = kit.text(board.message, 30, c.accent, safe.width)
    else:
        image = kit.text(board.t("personality.winners", names=", ".join(board.name(s) for s in p.winners),
                                 n=len(p.winners)), 36,
                         c.text, safe.width, "center")
    line = surface.blit(image, image.get_rect(midtop=(safe.centerx, title.bottom)))
    top = line.bottom + 12
    # on screen the boxes stop above the hint bar; the saved picture has no hint bar
    bottom = safe.bottom - 74 if hints else safe.bottom
    rows = (p.seats + COLUMNS - 1) // COLUMNS
    w, h = (safe.width - GAP * (COLUMNS - 1)) // COLUMNS, (bottom - top - GAP * (rows - 1)) // rows
    kept = [title, _letters(image, line)]
    for seat in range(p.seats):
        col, row = seat % COLUMNS, seat // COLUMNS
        box = pygame.Rect(safe.x + col * (w + GAP), top + row * (h + GAP), w, h)
        _draw_portrait(board, surface, seat, box)
        kept.append(box)
    if hints:
        kept.append(kit.hint_bar(surface, [(Intent.ALT, board.t("personality.portraits.save")),
                                           (Intent.CONFIRM, board.t("personality.portraits.again")),
                                           (Intent.BACK, board.t("personality.portraits.lobby"))]))
    return kept


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
        room = box.bottom - 10 - (0 if i == len(cards) - 1 else 40)  # keep a line for "…"
        if y + text.get_height() > room:
            kit.blit_text(surface, "…", 30, (box.centerx, y - 6), "midtop", c.muted)
            break
        surface.blit(text, (box.x + 20, y))
        y += text.get_height() + 6


def _letters(image: pygame.Surface, placed: pygame.Rect) -> pygame.Rect:
    """Where a text's letters landed: a text wrapped to the safe area is as wide as it,
    the confetti need only keep out of its letters."""
    return image.get_bounding_rect().move(placed.topleft)


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
