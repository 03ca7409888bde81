"""Messages shown once, over whatever is on screen: a corrupt settings file, a skipped
custom deck, a save that could not be resumed or written. The title, the settings, the
app and the boards show them (:func:`show_toast`), so the toast sits under all of them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

import pygame

from ..input.intents import InputEvent, Intent
from .base import Scene

if TYPE_CHECKING:
    from ..context import AppContext


class ToastScene(Scene):
    """Messages shown once (a corrupt settings file, a skipped custom deck, a save that
    could not be resumed): stacked cards at the top; CONFIRM, BACK or a click dismisses
    the top one; the overlay leaves with the last."""

    opaque = False
    freezes_below = False

    def __init__(self, ctx: AppContext, messages: Sequence[str]) -> None:
        super().__init__()
        self.ctx = ctx
        self.messages = list(messages)
        self.ticks = 0

    def add(self, message: str) -> None:
        self.messages.append(message)

    def handle(self, seat: int | None, event: InputEvent) -> bool:
        if event.intent in (Intent.CONFIRM, Intent.BACK) and event.pressed:
            self.dismiss()
            return True
        return event.intent is not Intent.POINTER

    def process_raw(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.dismiss()
            return True
        return False

    def dismiss(self) -> None:
        if self.messages:
            self.messages.pop(0)
        if not self.messages and self.stack is not None:
            self.stack.remove(self)

    def fixed_update(self, dt: float) -> None:
        self.ticks += 1

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        kit = self.ctx.kit
        kit.dim(surface, 120)
        safe = kit.safe_rect
        y = safe.y + 40
        slide = kit.motion(max(0.0, 1.0 - self.ticks / 14.0) ** 3)
        for i, message in enumerate(self.messages[:3]):
            text = kit.text(message, 36, kit.colours.text, max_width=1120)
            box = pygame.Rect(0, 0, 1300, text.get_height() + 150)
            box.midtop = (960, y - int(120 * slide))
            kit.panel(surface, box, kit.colours.panel_hi if i == 0 else kit.colours.panel, radius=30,
                      border=kit.colours.accent if i == 0 else None)
            surface.blit(kit.icon("26A0", 64), (box.x + 40, box.y + 36))
            surface.blit(text, (box.x + 130, box.y + 44))
            if i == 0:
                hint = kit.button_hint(Intent.CONFIRM, 40)
                label = kit.text(self.ctx.t("common.ok"), 32, kit.colours.muted)
                surface.blit(hint, hint.get_rect(bottomright=(box.right - 40 - label.get_width() - 12, box.bottom - 24)))
                surface.blit(label, label.get_rect(bottomright=(box.right - 40, box.bottom - 28)))
            y = box.bottom + 24


def show_toast(ctx: AppContext, message: str) -> None:
    """Add ``message`` to the toasts on screen, or open them."""
    top = ctx.stack.top
    if isinstance(top, ToastScene):
        top.add(message)
    else:
        ctx.stack.push(ToastScene(ctx, [message]))
