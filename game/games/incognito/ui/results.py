"""The end-of-round and end-of-match screens of the Incognito board (reveal drawing by
drawing, round scores, final ranking, gallery) and the gallery's PNG export.

``ResultScreens`` is a mixin of :class:`~game.games.incognito.ui.board.IncognitoBoard`:
it draws from the board's public view and helpers (``cache``, ``seat``, ``text``…).
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pygame

from ....input.intents import Intent
from .drawkit import render_drawing


class ResultScreens:
    def draw_reveal(self, surface: pygame.Surface, public, alpha: float) -> None:
        kit, c = self.ctx.kit, self.ctx.kit.colours
        record = public.history[-1]
        drawer = min(self.reveal_index, self.n - 1)
        seat = self.seat(drawer)
        style = kit.seat_style(seat.style)
        self.top_bar(surface, public, self.text("incognito.reveal.title", name=seat.name))
        frame = pygame.Rect(40, 100, 900, 740)
        kit.panel(surface, frame, c.panel, radius=26, border=style.colour, border_width=6)
        kit.draw_seat_badge(surface, seat, (frame.x + 44, frame.y + 36), 48, beside=True, name_size=36)
        kit.blit_text(surface, self.place_name(record.places[drawer]), 32, (frame.right - 24, frame.y + 36), "midright",
                      c.muted, max_width=520)
        image = self.cache(("round", record.round, drawer), record.drawings[drawer], 840)
        surface.blit(image, (frame.x + 30, frame.y + 76))
        answer = record.lineup.index(record.words[drawer]) + 1
        t = self.stage_ticks + alpha
        shown = t >= 60
        for i, word in enumerate(record.lineup):
            rect = pygame.Rect(980, 100 + i * 82, 420, 72)
            right = shown and i + 1 == answer
            kit.panel(surface, rect, c.good if right else c.panel_hi, radius=18, border=c.gold if right else None,
                      shadow=False)
            kit.draw_shape(surface, "circle", c.gold, (rect.x + 38, rect.centery), 26)
            kit.blit_text(surface, str(i + 1), 34, (rect.x + 38, rect.centery), "center", c.shadow)
            kit.blit_text(surface, self.word_name(word), 34, (rect.x + 78, rect.centery), "midleft",
                          c.shadow if right else c.text, max_width=330)
        voters = [v for v in range(self.n) if v != drawer]
        for k, voter in enumerate(voters):
            y = 100 + k * 98
            card = pygame.Rect(1430, y, 450, 84)
            flipped = t >= 90 + 24 * k
            found = record.found[voter][drawer]
            border = (c.good if found else c.bad) if flipped else None
            kit.panel(surface, card, c.panel, radius=18, border=border, shadow=False)
            kit.draw_seat_badge(surface, self.seat(voter), (card.x + 36, card.centery), 44, beside=True, name_size=30)
            chip = (card.right - 44, card.centery)
            if flipped:
                kit.draw_shape(surface, "circle", c.good if found else c.bad, chip, 30)
                kit.blit_text(surface, str(record.votes[voter][drawer]), 36, chip, "center", c.shadow)
                if found:
                    kit.blit_text(surface, "+1", 32, (card.right - 90, card.centery), "midright", c.good)
            else:
                kit.draw_shape(surface, "square", c.panel_hi, chip, 28)
                kit.blit_text(surface, "?", 36, chip, "center", c.muted)
        if t >= 90 + 24 * len(voters) + 20:
            finders = sum(record.found[v][drawer] for v in voters)
            if finders == 0:
                key = "incognito.reveal.nobody"
            elif finders == len(voters):
                key = "incognito.reveal.everyone"
            else:
                key = "incognito.reveal.some"
            box = pygame.Rect(980, 620, 900, 300)
            kit.panel(surface, box, c.panel_hi, radius=26, border=c.gold if finders and finders < len(voters) else None)
            kit.blit_text(surface, self.text(key, name=seat.name, n=finders, total=len(voters)), 40,
                          (box.centerx, box.y + 40), "midtop", c.gold if key.endswith("some") else c.text,
                          max_width=box.width - 60, align="center")
            kit.blit_text(surface, self.text("incognito.reveal.rule"), 30, (box.centerx, box.bottom - 30), "midbottom",
                          c.muted, max_width=box.width - 60, align="center")
        kit.hint_bar(surface, [(Intent.CONFIRM, self.text("incognito.hint.next"))], y=1030)

    def draw_scores(self, surface: pygame.Surface, public, alpha: float) -> None:
        kit, c = self.ctx.kit, self.ctx.kit.colours
        self.top_bar(surface, public, self.text("incognito.scores.title"))
        record = public.history[-1]
        order = sorted(range(self.n), key=lambda s: (-public.scores[s], s))
        for row, s in enumerate(order):
            rect = pygame.Rect(360, 130 + row * 128, 1200, 110)
            kit.panel(surface, rect, c.panel, radius=24, border=kit.seat_style(self.seat(s).style).colour)
            kit.draw_seat_badge(surface, self.seat(s), (rect.x + 60, rect.centery), 64, beside=True, name_size=40)
            gained = self.text("incognito.scores.gained", n=record.points[s])
            kit.blit_text(surface, gained, 36, (rect.x + 700, rect.centery), "midright", c.good if record.points[s] else c.muted)
            kit.blit_text(surface, str(public.scores[s]), 64, (rect.right - 150, rect.centery), "center", c.gold)
            if public.ready and public.ready[s]:
                kit.draw_check(surface, (rect.right - 50, rect.centery), 56)
        kit.hint_bar(surface, [(Intent.CONFIRM, self.text("incognito.hint.ready"))], y=1030)

    def draw_final(self, surface: pygame.Surface, public, alpha: float) -> None:
        kit, c = self.ctx.kit, self.ctx.kit.colours
        self.top_bar(surface, public, self.text("incognito.final.title"))
        outcome = self.session.outcome()
        ranks = outcome.ranks if outcome else {s: 1 for s in range(self.n)}
        order = sorted(range(self.n), key=lambda s: (ranks[s], s))
        winners = [self.seat(s).name for s in order if ranks[s] == 1]
        headline = (self.text("incognito.final.winner", name=winners[0]) if len(winners) == 1
                    else self.text("incognito.final.shared", names=", ".join(winners)))
        kit.blit_text(surface, headline, 56, (960, 110), "midtop", c.gold, shadow=True, max_width=1600, align="center")
        for row, s in enumerate(order):
            rect = pygame.Rect(420, 210 + row * 124, 1080, 108)
            kit.panel(surface, rect, c.panel_hi if ranks[s] == 1 else c.panel, radius=24,
                      border=c.gold if ranks[s] == 1 else None)
            kit.blit_text(surface, f"{ranks[s]}.", 56, (rect.x + 40, rect.centery), "midleft", c.gold)
            kit.draw_seat_badge(surface, self.seat(s), (rect.x + 170, rect.centery), 64, beside=True, name_size=40)
            if ranks[s] == 1:
                surface.blit(kit.icon("1F451", 72), (rect.right - 300, rect.centery - 36))
            kit.blit_text(surface, str(public.scores[s]), 64, (rect.right - 60, rect.centery), "midright", c.gold)
        kit.hint_bar(surface, [(Intent.CONFIRM, self.text("incognito.hint.gallery"))], y=1030)

    def draw_gallery(self, surface: pygame.Surface, public, alpha: float) -> None:
        kit, c = self.ctx.kit, self.ctx.kit.colours
        self.top_bar(surface, public, self.text("incognito.gallery.title"))
        rows = len(public.history)
        area = pygame.Rect(24, 92, 1872, 868)
        cell_h = area.height // max(1, rows)
        cols = self.n
        cell_w = area.width // cols
        for r, record in enumerate(public.history):
            for s in range(self.n):
                cell = pygame.Rect(area.x + s * cell_w + 6, area.y + r * cell_h + 4, cell_w - 12, cell_h - 8)
                style = kit.seat_style(self.seat(s).style)
                kit.panel(surface, cell, c.panel, radius=16, border=style.colour, border_width=4, shadow=False)
                width = min(cell.width - 16, int((cell.height - 60) * 4 / 3))
                image = self.cache(("round", record.round, s), record.drawings[s], width)
                rect = image.get_rect(midtop=(cell.centerx, cell.y + 8))
                surface.blit(image, rect)
                kit.seat_token(surface, self.seat(s).style, (cell.x + 24, rect.bottom + 26), 16)
                kit.blit_text(surface, self.word_name(record.words[s]), 28, (cell.x + 48, rect.bottom + 26), "midleft",
                              c.gold, max_width=cell.width - 56)
                icons = self.cat.place(record.places[s]).icons[:2]
                for k, code in enumerate(icons):
                    surface.blit(kit.icon(code, 34), (cell.right - 40 - k * 38, rect.bottom + 9))
        if self.message:
            kit.blit_text(surface, self.message, 28, (960, 990), "center", c.good, max_width=1800, align="center")
        kit.hint_bar(surface, [(Intent.ALT, self.text("incognito.hint.save")),
                               (Intent.CONFIRM, self.text("incognito.hint.again")),
                               (Intent.BACK, self.text("incognito.hint.lobby"))], y=1046, size=30)


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


def export_gallery(ctx: Any, cat: Any, history: list, folder: Path | None = None) -> tuple[Path, int]:
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
