"""The credits screen: CREDITS.md (in French CREDITS.fr.md, the same page translated),
laid out as headings, paragraphs and bullets on a scrolling panel (UP/DOWN or the mouse
wheel)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ... import paths
from ...core.files import read_text
from ...input.intents import Intent
from .version_mark import draw_version
from .widgets import MenuScene

if TYPE_CHECKING:
    from ...context import AppContext
    from ...ui.kit import UiKit
    from ...ui.theme import Colour

SCROLL_STEP = 90
#: The largest CREDITS.md read (ours: 4 KB).
MAX_BYTES = 1024 * 1024


#: The credits page in each language but English (CREDITS.md).
TRANSLATED = {"fr": "CREDITS.fr.md"}


def credits_file(lang: str = "en") -> Path | None:
    """The credits page in ``lang`` (else in English) beside the code, or at the top of
    a frozen bundle."""
    root = paths.install_root()
    for name in (TRANSLATED.get(lang), "CREDITS.md"):
        for base in (root, root.parent):
            if name and (base / name).is_file():
                return base / name
    return None


def credits_text(lang: str = "en") -> str:
    """The credits page's text in ``lang`` (a BOM dropped); empty when it cannot be read."""
    path = credits_file(lang)
    try:
        return read_text(path, MAX_BYTES) if path else ""
    except (OSError, UnicodeDecodeError):
        return ""


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


@dataclass(frozen=True)
class Block:
    """A heading, bullet or paragraph of the page, at ``(x, y)`` on it."""

    x: int
    y: int
    text: str
    size: int
    colour: Colour
    width: int
    height: int

    def image(self, kit: UiKit) -> pygame.Surface:
        return kit.text(self.text, self.size, self.colour, max_width=self.width)


class CreditsScene(MenuScene):
    title_key = "credits.title"
    title_icon = "1F3C6"

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.scroll = 0.0
        self.target = 0
        #: The page's blocks and its height (:meth:`lay_out`).
        self.blocks: list[Block] = []
        self.height = 0
        self.box = pygame.Rect(0, 0, 0, 0)
        #: The part of the page in view, and the scroll it was drawn at (:meth:`window`).
        self._window: pygame.Surface | None = None
        self._window_at: int | None = None

    def build(self) -> None:
        safe = self.safe
        self.box = pygame.Rect(safe.x + 60, safe.y + 140, safe.width - 120, safe.height - 240)
        self.blocks, self.height = self.lay_out(self.box.width - 120)
        self.target = min(self.target, self.max_scroll())
        self._window = None

    def lay_out(self, width: int) -> tuple[list[Block], int]:
        """Where each block of CREDITS.md goes on the page, and the page's height. The
        page is never drawn whole (16 MB at 1080p, made again on every visit, issue 18):
        only the part in view is (:meth:`window`), its texts from the kit's cache.
        Laid out once a language, width, text size and palette (in the kit's fit memo):
        measuring every line's words was ~4 ms of each opening (issue 32 item 2)."""
        kit, colours = self.kit, self.kit.colours
        key = ("credits", self.ctx.strings.lang, width, kit.scaled(100), colours.accent, colours.text, colours.muted)
        blocks, height = kit.fits.answer(key, lambda: self._measure(width))
        return list(blocks), height

    def _measure(self, width: int) -> tuple[tuple[Block, ...], int]:
        kit = self.kit
        blocks: list[Block] = []
        y = 0
        for kind, text in parse_markdown(credits_text(self.ctx.strings.lang)):
            if kind == "h1":
                continue  # the screen title says it
            x, size, colour, space = {"h2": (0, 44, kit.colours.accent, 36), "bullet": (44, 32, kit.colours.text, 14)
                                      }.get(kind, (0, 32, kit.colours.muted, 14))
            y += space
            blocks.append(Block(x, y, text, size, colour, width - x, kit.text_height(text, size, width - x)))
            y += blocks[-1].height
        return tuple(blocks), max(y + 40, 1)

    def max_scroll(self) -> int:
        return max(0, self.height - (self.box.height - 80))

    def update(self, frame_dt: float) -> None:
        super().update(frame_dt)
        self.window(self.box.inflate(-120, -80).size)

    def window(self, size: tuple[int, int]) -> pygame.Surface:
        """The page's part in view, ``size`` big, drawn again when the scroll has moved
        (in ``update``, as the page was in ``build``: frames only blit it)."""
        at = int(self.scroll)
        if self._window is None or self._window.get_size() != size:
            self._window, self._window_at = pygame.Surface(size, pygame.SRCALPHA), None
        if self._window_at != at:
            kit, window = self.kit, self._window
            window.fill((0, 0, 0, 0))
            for block in self.blocks:
                y = block.y - at
                if y < size[1] and y + block.height > 0:
                    if block.x:
                        kit.draw_shape(window, "circle", kit.colours.gold, (14, y + 20), 8)
                    window.blit(block.image(kit), (block.x, y))
            self._window_at = at
        return self._window

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
        view = self.box.inflate(-120, -80)
        surface.blit(self.window(view.size), view)
        if self.max_scroll():
            track = pygame.Rect(self.box.right - 30, view.y, 10, view.height)
            pygame.draw.rect(surface, kit.colours.panel_hi, track, border_radius=5)
            size = max(60, int(track.height * view.height / self.height))
            y = track.y + int((track.height - size) * self.scroll / self.max_scroll())
            pygame.draw.rect(surface, kit.colours.accent, (track.x, y, 10, size), border_radius=5)

    def draw_front(self, surface: pygame.Surface, alpha: float) -> None:
        self.kit.hint_bar(surface, [(Intent.UP, self.t("common.scroll")), (Intent.BACK, self.t("common.back"))])
        draw_version(self.kit, surface)
