"""The end of the match (IN-6), after the final ranking (``standings.py``): the gallery
of every drawing with its word, place and artist, and the gallery's PNG export."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

import pygame

from ....input.intents import InputEvent, Intent
from ....scenes.board import Section
from ....ui.fit import fit_words
from ....ui.theme import TOKEN_RADIUS
from ..rules.view import IncognitoPublic, RoundRecord
from .drawkit import render_drawing

if TYPE_CHECKING:
    from ....context import AppContext
    from ..rules.catalogue import IncognitoCatalogue
    from .board import IncognitoBoard

#: Room under the gallery for the line saying where the drawings were saved.
MESSAGE_ROOM = 40


class GallerySection(Section[IncognitoPublic]):
    """The end's last page: CONFIRM plays again, BACK goes back to the lobby, ALT saves
    the drawings."""

    name = "gallery"
    bots_play = False
    end_choices = True
    board: IncognitoBoard

    def __init__(self, board: IncognitoBoard) -> None:
        super().__init__(board)
        #: Where the export went, or why it failed.
        self.message = ""

    def handle(self, seat: int, event: InputEvent) -> bool:
        if not self.press(event):
            return False
        board = self.board
        if event.intent is Intent.ALT:
            try:
                folder, count = export_gallery(self.ctx, board.cat, board.public.history)
                self.message = board.text("incognito.gallery.saved", n=count, folder=str(folder))
            except OSError as exc:
                self.message = board.text("incognito.gallery.failed", error=str(exc))
        elif event.intent in (Intent.CONFIRM, Intent.BACK):
            board.finish(again=event.intent is Intent.CONFIRM)
        return True

    def draw(self, surface: pygame.Surface, public: IncognitoPublic, alpha: float) -> None:
        board, kit, c = self.board, self.ctx.kit, self.ctx.kit.colours
        board.top_bar(surface, public, board.text("incognito.gallery.title"))
        rows, cols = len(public.history), board.n
        area = board.content.inflate(0, -MESSAGE_ROOM).move(0, -MESSAGE_ROOM // 2)
        cell_w = area.width // cols
        # each column's artist once on top, by colour, shape and name (as many lines as it needs)
        names = [fit_words(kit, board.seat(s).name, 30, cell_w - 72) for s in range(cols)]
        head = max(2 * TOKEN_RADIUS + 8, *(kit.text(name, size, c.text, cell_w - 72).get_height() for name, size in names)) + 8
        for s, (name, size) in enumerate(names):
            x = area.x + s * cell_w
            token = kit.seat_token(surface, board.seat(s).style, (x + 32, area.y + head // 2), TOKEN_RADIUS)
            kit.blit_text(surface, name, size, (token.right + 8, area.y + head // 2), "midleft",
                          kit.seat_style(board.seat(s).style).light, max_width=cell_w - 72)
        cell_h = (area.height - head) // max(1, rows)
        for r, record in enumerate(public.history):
            for s in range(cols):
                cell = pygame.Rect(area.x + s * cell_w + 6, area.y + head + r * cell_h + 4, cell_w - 12, cell_h - 8)
                style = kit.seat_style(board.seat(s).style)
                kit.panel(surface, cell, c.panel, radius=16, border=style.colour, border_width=4, shadow=False)
                # the drawing, its word under it
                word, size = fit_words(kit, board.word_name(record.words[s]), 28, cell.width - 24)
                worded = kit.text(word, size, c.gold, cell.width - 24)
                width = min(cell.width - 16, int((cell.height - 20 - worded.get_height()) * 4 / 3))
                image = board.cache(("round", record.round, s), record.drawings[s], width)
                rect = image.get_rect(midtop=(cell.centerx, cell.y + 8))
                surface.blit(image, rect)
                kit.blit_text(surface, word, size, (cell.centerx, rect.bottom + 4), "midtop", c.gold,
                              max_width=cell.width - 24, align="center")
        if self.message:
            kit.blit_text(surface, self.message, 28, (960, area.bottom + MESSAGE_ROOM // 2), "center", c.good,
                          max_width=area.width, align="center")
        kit.hint_bar(surface, [(Intent.ALT, board.text("incognito.hint.save")),
                               (Intent.CONFIRM, board.text("incognito.hint.again")),
                               (Intent.BACK, board.text("incognito.hint.lobby"))], size=30)


def pictures_folder() -> Path:
    """``<Pictures>/Secret Salon`` when the user has a pictures folder, else the game's
    data folder."""
    import platformdirs

    from .... import paths

    pictures = Path(platformdirs.user_pictures_dir())
    if pictures.is_dir():
        return pictures / "Secret Salon"
    return paths.user_data_dir() / "pictures"


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"


def export_gallery(ctx: AppContext, cat: IncognitoCatalogue, history: Sequence[RoundRecord], folder: Path | None = None) -> tuple[Path, int]:
    """Every drawing of the match as a PNG with its word, place and artist under it."""
    folder = folder or pictures_folder()
    folder.mkdir(parents=True, exist_ok=True)
    kit, lang = ctx.kit, ctx.settings.lang
    rgb = {c.id: c.rgb for c in cat.palette}
    stamp = time.strftime("%Y%m%d-%H%M%S")
    count = 0
    for record in history:
        for seat, strokes in enumerate(record.drawings):
            drawing = render_drawing(strokes, rgb, 1200)
            page = pygame.Surface((1200, drawing.get_height() + 120))
            page.fill(kit.colours.panel)
            page.blit(drawing, (0, 0))
            name = ctx.seats[seat].name if seat < len(ctx.seats) else str(seat + 1)
            caption = f"{cat.word(record.words[seat]).name(lang)} — {cat.place(record.places[seat]).name(lang)} — {name}"
            kit.blit_text(page, caption, 40, (600, drawing.get_height() + 60), "center", kit.colours.text, max_width=1160)
            path = folder / f"incognito-{stamp}-r{record.round}-{seat + 1}-{slug(name)}.png"
            pygame.image.save(page, str(path))
            count += 1
    return folder, count
