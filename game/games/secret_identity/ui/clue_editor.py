"""Building a clue inside a seat's peek curtain (SI-4; the hand is secret, SS-1).

The editor keeps only cursor state; everything it shows comes from the seat's own view
(``session.view(seat)``) and every change is an action sent to the rules. Focus moves
along one line — the placed cards, then the hand, then "done" — with LEFT/RIGHT;
UP/DOWN turn the focused card to another of its four pictograms; CONFIRM puts it on a
green slot ("is"), ALT on a red one ("is not"); CONFIRM on a placed card takes it back.
"""

from __future__ import annotations

from typing import Any, Callable

import pygame

from ....core.actions import Action
from ....input.intents import InputEvent, Intent
from .widgets import draw_character_slot, draw_pictogram_chip, mix

#: Card sizes, largest first: the first that fits the hand in two rows is used.
CARD_SIZES = ((170, 200), (128, 150))


class ClueEditor:
    def __init__(self, ctx: Any, seat: int, view: Callable[[], Any], submit: Callable[[Action], str | None],
                 key_of: Callable[[Any], int | None]) -> None:
        self.ctx = ctx
        self.seat = seat
        self.view = view
        self.submit = submit
        self.key_of = key_of
        self.focus = 0
        self.faces: dict[str, int] = {}
        self.message = ""

    @property
    def catalogue(self) -> Any:
        return self.ctx.catalogue.game("secret_identity")

    def _items(self, private: Any) -> list[tuple[str, str]]:
        return ([("placed", card) for card in private.placed] + [("hand", card) for card in private.hand]
                + [("done", "")])

    def _card(self, card_id: str) -> Any:
        return next(card for card in self.catalogue.cards if card.id == card_id)

    # --- input ---------------------------------------------------------------------------
    def handle(self, event: InputEvent) -> bool:
        if not event.pressed or event.intent in (Intent.PEEK, Intent.MENU):
            return False
        view = self.view()
        private = view.private
        items = self._items(private)
        self.focus = max(0, min(self.focus, len(items) - 1))
        kind, card = items[self.focus]
        intent = event.intent
        if intent in (Intent.LEFT, Intent.RIGHT):
            self.focus = (self.focus + (1 if intent is Intent.RIGHT else -1)) % len(items)
            self.ctx.audio.play("nav")
        elif intent in (Intent.UP, Intent.DOWN) and kind == "hand":
            self.faces[card] = (self.faces.get(card, 0) + (1 if intent is Intent.DOWN else -1)) % 4
            self.ctx.audio.play("nav")
        elif intent in (Intent.CONFIRM, Intent.ALT) and kind == "hand":
            picto = self._card(card).pictograms[self.faces.get(card, 0)]
            colour = "green" if intent is Intent.CONFIRM else "red"
            self._send(Action("place", self.seat, {"card": card, "pictogram": picto, "colour": colour}))
        elif intent is Intent.CONFIRM and kind == "placed":
            self._send(Action("take_back", self.seat, {"card": card}))
        elif intent is Intent.CONFIRM and kind == "done":
            self._send(Action("confirm", self.seat))
        else:
            return False
        return True

    def _send(self, action: Action) -> None:
        refusal = self.submit(action)
        if refusal is None:
            self.message = ""
            self.ctx.audio.play("confirm")
        else:
            self.message = self.ctx.t(f"si.refused.{refusal}")
            self.ctx.audio.play("buzz")

    # --- drawing (inside the curtain only) -----------------------------------------------
    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        kit, c, t = self.ctx.kit, self.ctx.kit.colours, self.ctx.t
        view = self.view()
        public, private = view.public, view.private
        key = self.key_of(view)
        # the character to make the others guess
        left = pygame.Rect(rect.x, rect.y, 400, rect.height)
        kit.blit_text(surface, t("si.editor.your_character"), 36, (left.centerx, left.y), "midtop", c.muted)
        if key:
            character = self.catalogue.character(public.board[key - 1])
            draw_character_slot(surface, self.ctx, character, key, (left.centerx, left.y + 210), border=c.gold,
                                scale=1.55)
        # the clue on the safe
        right_x = left.right + 40
        kit.blit_text(surface, t("si.editor.your_clue"), 36, (right_x, rect.y), "topleft", c.muted)
        items = self._items(private)
        self.focus = max(0, min(self.focus, len(items) - 1))
        focused = items[self.focus]
        clue = public.seats[self.seat].clue if hasattr(public, "seats") else public.clue
        for i in range(3):
            chip = pygame.Rect(right_x + i * 130, rect.y + 48, 112, 112)
            draw_pictogram_chip(surface, self.ctx, clue[i] if i < len(clue) else None, chip)
            if i < len(private.placed) and focused == ("placed", private.placed[i]):
                pygame.draw.rect(surface, c.accent, chip.inflate(14, 14), width=5, border_radius=22)
        done = pygame.Rect(right_x + 410, rect.y + 64, 300, 80)
        on_done = focused[0] == "done"
        kit.panel(surface, done, c.good if on_done else c.panel_hi, radius=40,
                  border=c.accent if on_done else None, shadow=False)
        kit.blit_text(surface, t("si.editor.done"), 36, done.center, "center", c.shadow if on_done else c.text)
        # the hand
        y = rect.y + 196
        kit.blit_text(surface, t("si.editor.hand", n=len(private.hand)), 36, (right_x, y), "topleft", c.muted)
        width = rect.right - right_x
        card_w, card_h = next(((w, h) for w, h in CARD_SIZES if 2 * (width // (w + 14)) >= len(private.hand)),
                              CARD_SIZES[-1])
        per_row = max(1, width // (card_w + 14))
        for i, card in enumerate(private.hand):
            row, col = divmod(i, per_row)
            box = pygame.Rect(right_x + col * (card_w + 14), y + 48 + row * (card_h + 14), card_w, card_h)
            self._draw_card(surface, card, box, focused == ("hand", card))
        if not private.hand:
            kit.blit_text(surface, t("si.editor.no_cards"), 32, (right_x, y + 60), "topleft", c.text)
        if focused[0] == "hand":
            card = self._card(focused[1])
            label = self.catalogue.pictograms[card.pictograms[self.faces.get(card.id, 0)]].label(self.ctx.settings.lang)
            kit.blit_text(surface, label, 36, (right_x + 740, rect.y + 104), "midleft", c.accent)
        if self.message:
            kit.blit_text(surface, self.message, 32, (rect.centerx, rect.bottom), "midbottom", c.bad)
            return
        strings = self.ctx.strings
        lines = [kit.rich(strings.get("si.editor.help_move"), 30, c.muted, pad=Intent.LEFT),
                 kit.rich(strings.get("si.editor.help_place"), 30, c.muted, a=Intent.CONFIRM, x=Intent.ALT)]
        y = rect.bottom - sum(line.get_height() + 6 for line in lines)
        for line in lines:
            surface.blit(line, line.get_rect(midtop=(rect.centerx, y)))
            y += line.get_height() + 6

    def _draw_card(self, surface: pygame.Surface, card_id: str, box: pygame.Rect, focused: bool) -> None:
        """A picto card: two faces of two pictograms; the chosen one is ringed."""
        kit, c = self.ctx.kit, self.ctx.kit.colours
        kit.panel(surface, box, mix(c.panel_hi, c.text, 0.08), radius=18,
                  border=c.accent if focused else c.panel_hi, border_width=6 if focused else 3, shadow=False)
        pygame.draw.line(surface, c.panel, (box.x + 10, box.centery), (box.right - 10, box.centery), 3)
        chosen = self.faces.get(card_id, 0)
        for i, picto_id in enumerate(self._card(card_id).pictograms):
            face, side = divmod(i, 2)
            center = (box.x + box.width // 4 + side * box.width // 2, box.y + box.height // 4 + face * box.height // 2)
            if focused and i == chosen:
                kit.draw_shape(surface, "circle", c.accent, center, int(box.width * 0.26))
            picto = self.catalogue.pictograms[picto_id]
            icon = kit.icon(picto.icon, int(box.width * 0.4))
            surface.blit(icon, icon.get_rect(center=center))

