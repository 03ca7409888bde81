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
from ....ui.fit import fit_wrapped, smallest_size
from .widgets import BADGE_RADIUS, SLOT_H, draw_character_slot, draw_cross, draw_pictogram_chip, fit_label, mix

#: Card sizes, largest first: the first whose rows fit the room under the clue is used.
CARD_SIZES = ((170, 200), (128, 150), (100, 118))
CARD_GAP = 14
#: The left column (the character and the keys' help).
LEFT_W = 440
#: The character's card in the left column, this many times a ring card (a 150 px portrait).
EDITOR_CARD_SCALE = 1.5
#: The keys' help, one line each (``si.editor.<line>``).
HELP_LINES = ("help_pick", "help_turn", "help_green", "help_red", "help_back")


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
        """The character and the keys' help (or a refusal) in the left column; the clue,
        "done" and the hand on the right, in as many rows of cards as the room allows."""
        kit, c, t = self.ctx.kit, self.ctx.kit.colours, self.ctx.t
        view = self.view()
        public, private = view.public, view.private
        key = self.key_of(view)
        # the character to make the others guess
        left = pygame.Rect(rect.x, rect.y, LEFT_W, rect.height)
        title = kit.blit_text(surface, t("si.editor.your_character"), 36, (left.centerx, left.y), "midtop", c.muted)
        # under the title, clear of it by the number badge that overhangs the card's corner
        top = title.bottom + BADGE_RADIUS
        card = pygame.Rect(left.x, top, 0, 0)
        if key:
            character = self.catalogue.character(public.board[key - 1])
            card = draw_character_slot(surface, self.ctx, character, key,
                                       (left.centerx, top + int(SLOT_H * EDITOR_CARD_SCALE) // 2),
                                       border=c.gold, scale=EDITOR_CARD_SCALE)
        self._draw_help(surface, pygame.Rect(left.x, card.bottom + 24, left.width, left.bottom - card.bottom - 24))
        # the clue on the safe
        right = pygame.Rect(left.right + 40, rect.y, rect.right - left.right - 40, rect.height)
        heading = kit.blit_text(surface, t("si.editor.your_clue"), 36, right.topleft, "topleft", c.muted)
        items = self._items(private)
        self.focus = max(0, min(self.focus, len(items) - 1))
        focused = items[self.focus]
        clue = public.seats[self.seat].clue if hasattr(public, "seats") else public.clue
        chips_top = max(right.y + 52, heading.bottom + 14)  # the chips stand clear of the heading
        for i in range(3):
            chip = pygame.Rect(right.x + i * 130, chips_top, 112, 112)
            draw_pictogram_chip(surface, self.ctx, clue[i] if i < len(clue) else None, chip)
            if i < len(private.placed) and focused == ("placed", private.placed[i]):
                pygame.draw.rect(surface, c.accent, chip.inflate(14, 14), width=5, border_radius=22)
        words = t("si.editor.done")
        done = pygame.Rect(0, chips_top + 16, kit.font(36).size(words)[0] + 80, 80)
        done.right = right.right  # the face's name fits between the clue and "done"
        on_done = focused[0] == "done"
        kit.panel(surface, done, c.good if on_done else c.panel_hi, radius=40,
                  border=c.accent if on_done else None, shadow=False)
        kit.blit_text(surface, words, 36, done.center, "center", c.shadow if on_done else c.text)
        if focused[0] == "hand":  # the face the focused card is turned to, by name
            card_id = focused[1]
            picto = self.catalogue.pictograms[self._card(card_id).pictograms[self.faces.get(card_id, 0)]]
            size, label = fit_label(kit, picto.label(self.ctx.settings.lang), done.x - 24 - (right.x + 410), (36, 32))
            kit.blit_text(surface, label, size, (right.x + 410, done.centery), "midleft", c.accent)
        # the hand
        y = chips_top + 112 + 20
        hand_title = kit.blit_text(surface, t("si.editor.hand", n=len(private.hand)), 36, (right.x, y), "topleft",
                                   c.muted)
        self._draw_hand(surface, private.hand, focused,
                        pygame.Rect(right.x, hand_title.bottom + 12, right.width, right.bottom - hand_title.bottom - 12),
                        public.board)
        if not private.hand:
            kit.blit_text(surface, t("si.editor.no_cards"), 32, (right.x, hand_title.bottom + 16), "topleft", c.text,
                          max_width=right.width)

    def _draw_hand(self, surface: pygame.Surface, hand: Any, focused: tuple[str, str], room: pygame.Rect,
                   board: Any) -> None:
        """The hand's cards in rows: the largest card size whose rows fit ``room``."""
        def rows_of(size: tuple[int, int]) -> tuple[int, int]:
            per_row = max(1, room.width // (size[0] + CARD_GAP))
            return per_row, -(-len(hand) // per_row)

        card_w, card_h = next((size for size in CARD_SIZES if rows_of(size)[1] * (size[1] + CARD_GAP) <= room.height),
                              CARD_SIZES[-1])
        per_row = rows_of((card_w, card_h))[0]
        for i, card in enumerate(hand):
            row, col = divmod(i, per_row)
            box = pygame.Rect(room.x + col * (card_w + CARD_GAP), room.y + row * (card_h + CARD_GAP), card_w, card_h)
            self._draw_card(surface, card, box, focused == ("hand", card), board)

    def _draw_help(self, surface: pygame.Surface, room: pygame.Rect) -> None:
        """The keys, one short line each (shrunk to fit the column, not under 28 px
        drawn), or the last refusal in their place."""
        kit, c = self.ctx.kit, self.ctx.kit.colours
        if self.message:
            kit.blit_text(surface, self.message, fit_wrapped(kit, self.message, room.width, 4, (32, 30, 28)),
                          room.topleft, "topleft", c.bad, max_width=room.width)
            return
        strings = self.ctx.strings
        glyphs = {"pad": Intent.LEFT, "a": Intent.CONFIRM, "x": Intent.ALT}
        templates = [strings.get(f"si.editor.{line}") for line in HELP_LINES]
        for size in range(30, smallest_size(kit) - 1, -1):  # one size for every line
            images = [kit.rich(template, size, c.muted, **glyphs) for template in templates]
            if all(image.get_width() <= room.width for image in images):
                break
        y = room.y
        for image in images:
            y = surface.blit(image, image.get_rect(topleft=(room.x, y))).bottom + 8

    def _draw_card(self, surface: pygame.Surface, card_id: str, box: pygame.Rect, focused: bool, board: Any) -> None:
        """A picto card: two faces of two pictograms; the chosen one is ringed, and one
        that pictures a character on the board is crossed out (no clue may show it)."""
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
            if not self.catalogue.depicting.get(picto_id, frozenset()).isdisjoint(board):
                draw_cross(surface, c.bad, center, int(box.width * 0.34))

