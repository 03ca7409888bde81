"""The credits screen: CREDITS.md, laid out as headings, paragraphs and bullets on a
scrolling panel (UP/DOWN or the mouse wheel)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ... import paths
from ...input.intents import Intent
from .title import draw_version
from .widgets import MenuScene

if TYPE_CHECKING:
    from ...context import AppContext

SCROLL_STEP = 90


def credits_file() -> Path | None:
    """CREDITS.md beside the code, or at the top of a frozen bundle."""
    root = paths.install_root()
    for base in (root, root.parent):
        if (base / "CREDITS.md").is_file():
            return base / "CREDITS.md"
    return None


def parse_markdown(text: str) -> list[tuple[str, str]]:
    """Blocks of a small Markdown subset: ("h1"|"h2"|"bullet"|"para", text)."""
    blocks: list[tuple[str, str]] = []
    for line in text.splitlines():
        stripped = line.strip()
        clean = re.sub(r"\*\*(.+?)\*\*|`(.+?)`", lambda m: m.group(1) or m.group(2), stripped)
        if not stripped:
            blocks.append(("gap", ""))
        elif stripped.startswith("## "):
            blocks.append(("h2", clean[3:]))
        elif stripped.startswith("# "):
            blocks.append(("h1", clean[2:]))
        elif stripped.startswith("- "):
            blocks.append(("bullet", clean[2:]))
        elif blocks and blocks[-1][0] in ("bullet", "para"):
            kind, previous = blocks[-1]
            blocks[-1] = (kind, f"{previous} {clean}")
        else:
            blocks.append(("para", clean))
    return [b for b in blocks if b[0] != "gap"]


class CreditsScene(MenuScene):
    title_key = "credits.title"
    title_icon = "1F3C6"

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.scroll = 0.0
        self.target = 0
        self.page: pygame.Surface | None = None
        self.box = pygame.Rect(0, 0, 0, 0)

    def build(self) -> None:
        safe = self.safe
        self.box = pygame.Rect(safe.x + 60, safe.y + 140, safe.width - 120, safe.height - 240)
        self.page = self.render_page(self.box.width - 120)
        self.target = min(self.target, self.max_scroll())

    def render_page(self, width: int) -> pygame.Surface:
        kit = self.kit
        path = credits_file()
        blocks = parse_markdown(path.read_text(encoding="utf-8")) if path else []
        parts: list[tuple[int, pygame.Surface, int]] = []  # (x, image, space before)
        for kind, text in blocks:
            if kind == "h1":
                continue  # the screen title says it
            if kind == "h2":
                parts.append((0, kit.text(text, 44, kit.colours.accent, max_width=width), 36))
            elif kind == "bullet":
                parts.append((44, kit.text(text, 32, kit.colours.text, max_width=width - 44), 14))
            else:
                parts.append((0, kit.text(text, 32, kit.colours.muted, max_width=width), 14))
        height = sum(space + image.get_height() for _, image, space in parts) + 40
        page = pygame.Surface((width, max(height, 1)), pygame.SRCALPHA)
        y = 0
        for x, image, space in parts:
            y += space
            if x:
                kit.draw_shape(page, "circle", kit.colours.gold, (14, y + 20), 8)
            page.blit(image, (x, y))
            y += image.get_height()
        return page

    def max_scroll(self) -> int:
        if self.page is None:
            return 0
        return max(0, self.page.get_height() - (self.box.height - 80))

    def move(self, intent: Intent) -> None:
        if intent in (Intent.UP, Intent.DOWN):
            self.scroll_by(SCROLL_STEP if intent is Intent.DOWN else -SCROLL_STEP)

    def scroll_by(self, amount: int) -> None:
        self.target = max(0, min(self.max_scroll(), self.target + amount))

    def process_raw(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * SCROLL_STEP)
            return True
        return super().process_raw(event)

    def fixed_update(self, dt: float) -> None:
        super().fixed_update(dt)
        self.scroll += (self.target - self.scroll) * 0.25

    def draw_back(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw_back(surface, alpha)
        kit = self.kit
        kit.panel(surface, self.box, kit.colours.panel, radius=36)
        if self.page is None:
            return
        view = self.box.inflate(-120, -80)
        clip = surface.get_clip()
        surface.set_clip(view)
        surface.blit(self.page, (view.x, view.y - int(self.scroll)))
        surface.set_clip(clip)
        if self.max_scroll():
            track = pygame.Rect(self.box.right - 30, view.y, 10, view.height)
            pygame.draw.rect(surface, kit.colours.panel_hi, track, border_radius=5)
            size = max(60, int(track.height * view.height / self.page.get_height()))
            y = track.y + int((track.height - size) * self.scroll / self.max_scroll())
            pygame.draw.rect(surface, kit.colours.accent, (track.x, y, 10, size), border_radius=5)

    def draw_front(self, surface: pygame.Surface, alpha: float) -> None:
        self.kit.hint_bar(surface, [(Intent.UP, self.t("common.scroll")), (Intent.BACK, self.t("common.back"))])
        draw_version(self.kit, surface)
