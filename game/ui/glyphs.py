"""Pad glyphs (A/B/X/Y discs, shoulders, Start, D-pad, stick) and the hint bar that
pairs each with what it does."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

import pygame

from ..input.intents import Intent
from .caches import convert
from .fit import smallest_size
from .shapes import shape_points
from .theme import SS, Colour, mix

if TYPE_CHECKING:
    from .kit import UiKit

#: Pad glyphs: intent -> (label, fill colour, letter colour). Xbox layout names.
_BUTTONS: dict[str, tuple[str, Colour, Colour]] = {
    "A": ("A", (76, 190, 96), (255, 255, 255)),
    "B": ("B", (230, 72, 80), (255, 255, 255)),
    "X": ("X", (64, 140, 240), (255, 255, 255)),
    "Y": ("Y", (246, 200, 40), (40, 30, 10)),
}
_INTENT_GLYPH = {
    Intent.CONFIRM: "A", Intent.BACK: "B", Intent.ALT: "X", Intent.PEEK: "Y",
    Intent.MENU: "START", Intent.SHOULDER_L: "LB", Intent.SHOULDER_R: "RB",
    Intent.TRIGGER_L: "LT", Intent.TRIGGER_R: "RT",
    Intent.UP: "DPAD_V", Intent.DOWN: "DPAD_V", Intent.LEFT: "DPAD_H", Intent.RIGHT: "DPAD_H",
    Intent.STICK: "STICK",
}


class Glyphs:
    """The kit's pad glyphs (kept in ``kit._sprites``) and hint bars."""

    def __init__(self, kit: UiKit) -> None:
        self.kit = kit

    def button_hint(self, intent: Intent | str, size: int = 40) -> pygame.Surface:
        """A pad-style glyph: A/B/X/Y coloured discs, Start, LB/RB/LT/RT, D-pad, stick."""
        name = intent.upper() if isinstance(intent, str) else _INTENT_GLYPH[intent]
        key = ("glyph", name, size)
        glyph = self.kit._sprites.surface(key)
        if glyph is None:
            glyph = convert(self._make_glyph(name, size))
            self.kit._sprites[key] = glyph
        return glyph

    def _make_glyph(self, name: str, size: int) -> pygame.Surface:
        S = size * SS
        if name in ("LB", "RB", "LT", "RT", "START"):
            width = int(S * (1.9 if name == "START" else 1.5))
        else:
            width = S
        big = pygame.Surface((width, S), pygame.SRCALPHA)
        rim = (16, 12, 30)
        if name in _BUTTONS:
            label, fill, ink = _BUTTONS[name]
            pygame.draw.circle(big, rim, (S / 2, S / 2), S / 2)
            pygame.draw.circle(big, fill, (S / 2, S / 2), S / 2 - S / 14)
            pygame.draw.circle(big, mix(fill, (255, 255, 255), 0.25), (S / 2, S / 2 - S / 40), S / 2 - S / 7)
            pygame.draw.circle(big, fill, (S / 2, S / 2 + S / 40), S / 2 - S / 7)
            letter = pygame.font.Font(str(self.kit.texts.font_file), int(S * 0.62)).render(label, True, ink)
            big.blit(letter, letter.get_rect(center=(S / 2, S / 2 + S * 0.02)))
        elif name in ("LB", "RB", "LT", "RT", "START"):
            body = big.get_rect().inflate(-S // 12, -S // 6)
            pygame.draw.rect(big, rim, big.get_rect().inflate(0, -S // 12), border_radius=S // 3)
            pygame.draw.rect(big, (222, 218, 236), body, border_radius=S // 3)
            if name == "START":
                for dy in (-S * 0.16, 0, S * 0.16):
                    pygame.draw.line(big, rim, (width / 2 - S * 0.26, S / 2 + dy), (width / 2 + S * 0.26, S / 2 + dy),
                                     max(2, S // 12))
            else:
                letter = pygame.font.Font(str(self.kit.texts.font_file), int(S * 0.5)).render(name, True, rim)
                big.blit(letter, letter.get_rect(center=(width / 2, S / 2 + S * 0.02)))
        elif name in ("DPAD", "DPAD_V", "DPAD_H"):
            pygame.draw.polygon(big, rim, shape_points("cross", S / 2, S / 2, S / 2 * 0.98))
            pygame.draw.polygon(big, (222, 218, 236), shape_points("cross", S / 2, S / 2, S / 2 * 0.82))
            if name != "DPAD":  # the arms that act lit: up/down (move) apart from left/right (change)
                arm = pygame.Rect(0, 0, S * 0.22, S * 0.3)
                ends = ((S / 2, S * 0.2), (S / 2, S * 0.8)) if name == "DPAD_V" else ((S * 0.2, S / 2), (S * 0.8, S / 2))
                for end in ends:
                    lit = arm if name == "DPAD_V" else pygame.Rect(0, 0, arm.height, arm.width)
                    lit.center = end
                    pygame.draw.rect(big, self.kit.colours.accent, lit, border_radius=S // 20)
        elif name == "STICK":
            pygame.draw.circle(big, rim, (S / 2, S / 2), S / 2)
            pygame.draw.circle(big, (150, 144, 176), (S / 2, S / 2), S / 2 - S / 14)
            pygame.draw.circle(big, (222, 218, 236), (S / 2, S / 2), S * 0.3)
        else:
            raise ValueError(f"no pad glyph for {name!r}")
        return pygame.transform.smoothscale(big, (width // SS, S // SS))

    @staticmethod
    def _hint_bar_height(size: int) -> int:
        return int(size * 1.3) + size // 2

    def hint_bar_top(self, size: int = 34) -> int:
        """The top of the hint bar in its usual place (``hint_bar`` without ``y``): what
        sits above it ends here."""
        height = self._hint_bar_height(size)
        return self.kit.safe_rect.bottom - height // 2 - 4 - height // 2

    def hint_bar(self, surface: pygame.Surface, items: Iterable[tuple[Intent | str, str]], y: int | None = None,
                 size: int = 34) -> pygame.Rect:
        """"(A) Confirm   (B) Back" centred near the bottom of the safe area; a bar wider
        than the safe area is drawn smaller (down to 28 px drawn). Returns its box: nothing
        it draws is outside it (a board names it as drawn over its stage: ``CanvasCopy``)."""
        items, floor = list(items), smallest_size(self.kit)
        while True:
            parts = [(self.kit.button_hint(intent, int(size * 1.3)), self.kit.text(label, size, self.kit.colours.text))
                     for intent, label in items]
            gap, inner = int(size * 1.2), int(size * 0.35)
            width = sum(g.get_width() + inner + t.get_width() for g, t in parts) + gap * (len(parts) - 1)
            if width + size * 2 <= self.kit.safe_rect.width or size <= floor:
                break
            size -= 1
        if not parts:
            return pygame.Rect(0, 0, 0, 0)
        box = pygame.Rect(0, 0, width + size * 2, self._hint_bar_height(size))
        cy = y if y is not None else self.hint_bar_top(size) + box.height // 2
        box.center = (self.kit.W // 2, cy)
        if self.kit.hints_muted:
            return box
        self.kit.panel(surface, box, (*self.kit.colours.shadow, 170), radius=box.height // 2, shadow=False)
        x = box.x + size
        for glyph, label in parts:
            surface.blit(glyph, glyph.get_rect(midleft=(x, cy)))
            x += glyph.get_width() + inner
            surface.blit(label, label.get_rect(midleft=(x, cy)))
            x += label.get_width() + gap
        return box
