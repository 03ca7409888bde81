"""An accusation read out in public (MS-6), paced as every game's reveal
(``game/scenes/shows``): the claim and a drum roll, then the verdict; the loser's badge
is struck out and the seat that stays in is cheered by the show (game/ui/show.py:
confetti in its colours, the fanfare, a rumble on its pad). A skips to the verdict,
then past it. The verdict is public, so nothing in the show is a secret. Phones play on
under a reading (anyone may accuse, the turn's seat may swap); once the match is over
they may skip it too.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from ....input.intents import Intent
from ....scenes.shows import RevealPacing
from ....ui.fit import fit_size, fit_text
from ....ui.show import Show, Standing
from ....ui.tween import Tween
from ..rules.events import Accused
from ..rules.view import MSPhase, MSPublic
from .table import EDGE, HINT_ROOM, REVEAL_VEIL

if TYPE_CHECKING:
    from .board import MissionBoard

#: The accusation reveal's beats: the claim and drum roll, then the verdict on screen.
CLAIM_TICKS, VERDICT_TICKS = 110, 170
#: A drum beat every this many ticks of the claim.
DRUM_TICKS = 22
#: The drum-roll icon's size: it beats up to ``BEAT_MAX`` px, scaled from one render
#: (not one SVG per size).
BEAT_SIZE, BEAT_MAX = 180, 194
#: "Wrong!" in a light red: the kit's ``bad`` reads at 3.4:1 on the panel, this at 5:1 and more.
WRONG_INK = (255, 150, 155)


class Reading(RevealPacing[MSPublic]):
    """The public reading of one accusation: the board veiled, the claim and the verdict
    over it; the loser struck out."""

    board: MissionBoard

    def __init__(self, board: MissionBoard, accusation: Accused) -> None:
        super().__init__(board, (CLAIM_TICKS, VERDICT_TICKS))
        self.accusation = accusation
        #: The cheer for the seat that stays in, from the verdict on.
        self.show: Show | None = None

    @property
    def loser(self) -> int:
        return self.accusation.accused if self.accusation.right else self.accusation.accuser

    @property
    def survivor(self) -> int:
        return self.accusation.accuser if self.accusation.right else self.accusation.accused

    @property
    def verdict(self) -> bool:
        return self.beat >= 1

    @property
    def phones_wait(self) -> bool:
        return False  # phones play on (module doc)

    @property
    def skippable(self) -> bool:
        return self.board.public.phase == MSPhase.OVER and not self.done

    def fixed_update(self) -> None:
        """One tick of the reading: drum beats, then (``on_beat``) the verdict; the cheer."""
        super().fixed_update()
        if self.beat == 0 and self.tick % DRUM_TICKS == 0:
            self.ctx.audio.play("tick")
        if self.show is not None:
            self.show.step()

    def on_beat(self, beat: int) -> None:
        """The verdict: its sound, the loser's cross, the cheer (given even when A skipped to it)."""
        acc = self.accusation
        self.ctx.audio.play("right" if acc.right else "wrong")
        self.board.struck[self.loser] = Tween(0.0, 1.0, 30, "out_back")
        # the verdict is the cheer: no podium to rise, so straight to the confetti
        self.show = Show(self.ctx, [Standing(self.survivor, 1, place=1), Standing(self.loser, 0, place=2)],
                         seed=CLAIM_TICKS + acc.accuser * 8 + acc.accused)
        self.show.skip()

    def draw(self, surface: pygame.Surface, view: MSPublic, alpha: float) -> None:
        """Under the veil only the struck crosses move: the veiled board is cached too (but
        a swap still flying is drawn as in play, then veiled)."""
        board, table = self.board, self.board.table
        if board.swap is None:
            surface.blit(table.veiled_surface(), (0, 0))
            table.draw_seat_marks(surface, veil=REVEAL_VEIL)
        else:
            board.play.draw(surface, view, alpha)
            self.ctx.kit.dim(surface, REVEAL_VEIL)
        if self.show is not None:
            self.show.draw_confetti(surface, alpha)
        self.draw_verdict(surface, alpha)

    def draw_verdict(self, surface: pygame.Surface, alpha: float) -> None:
        kit, c, t = self.ctx.kit, self.ctx.kit.colours, self.ctx.t
        board = self.board
        acc = self.accusation
        safe = kit.safe_rect
        room = safe.inflate(-2 * EDGE, -2 * EDGE)
        room.height -= HINT_ROOM
        box = pygame.Rect(0, 0, min(1240, room.width), min(660, room.height))
        box.center = room.center
        border = c.accent if not self.verdict else (c.good if acc.right else c.bad)
        kit.panel(surface, box, c.panel, radius=40, border=border, border_width=8)
        accuser, accused = self.ctx.seats[acc.accuser], self.ctx.seats[acc.accused]
        claim = t("ms.accuse.claim", accuser=accuser.name, accused=accused.name)
        kit.blit_text(surface, claim, fit_size(kit, claim, box.width - 80, (52, 46, 40, 36)), (box.centerx, box.y + 34),
                      "midtop", c.text, max_width=box.width - 80, align="center")
        left, right = (box.x + 250, box.y + 290), (box.right - 250, box.y + 290)
        shake = 0 if self.verdict else int(6 * math.sin((self.tick + alpha) * 1.3))
        badges = (self.draw_badge(surface, acc.accuser, (left[0] + shake, left[1]), self.verdict and not acc.right),
                  self.draw_badge(surface, acc.accused, (right[0] - shake, right[1]), self.verdict and acc.right))
        character = board.catalogue.character(acc.character)
        beat = 1.0 + (0 if self.verdict else 0.08 * max(0.0, math.sin((self.tick + alpha) / DRUM_TICKS * math.pi * 2)))
        size = int(BEAT_SIZE * beat)
        icon = kit.icon(character.icon, size) if size == BEAT_SIZE else pygame.transform.smoothscale(
            kit.icon(character.icon, BEAT_MAX), (size, size))
        surface.blit(icon, icon.get_rect(center=(box.centerx, box.y + 290)))
        name = character.name(board.lang())
        if not self.verdict:
            kit.blit_text(surface, t("ms.accuse.question", character=name), 56, (box.centerx, box.y + 440), "midtop",
                          c.gold, max_width=box.width - 80, align="center")
            return
        progress = min(1.0, self.tick / 30)
        if acc.right:
            line = t("ms.accuse.right", accused=accused.name, character=name)
            sub = ""
        else:
            line = t("ms.accuse.wrong", accuser=accuser.name)
            sub = t("ms.accuse.wrong_hint", accused=accused.name)
        said = kit.blit_text(surface, line, fit_size(kit, line, box.width - 80, (56, 48, 42)), (box.centerx, box.y + 440),
                             "midtop", c.good if acc.right else WRONG_INK, max_width=box.width - 80, align="center",
                             shadow=True)
        if sub:
            kit.blit_text(surface, sub, 40, (box.centerx, said.bottom + 12), "midtop", c.muted, max_width=box.width - 80,
                          align="center")
        loser, badge = (right, badges[1]) if acc.right else (left, badges[0])
        board.table.draw_cross(surface, loser, 70 * min(1.0, progress * 1.2))
        # the stamp sits above the loser's badge: its colour, shape and name stay readable
        stamp = kit.text(t("ms.accuse.out"), 44, c.shadow)
        stamp_box = stamp.get_rect(midbottom=(badge.centerx, badge.top - 16)).inflate(30, 10)
        if progress > 0.5:
            kit.panel(surface, stamp_box, c.bad, radius=16, shadow=False)
            surface.blit(stamp, stamp.get_rect(center=stamp_box.center))
        kit.hint_bar(surface, [(Intent.CONFIRM, t("ms.hint.skip"))])

    def draw_badge(self, surface: pygame.Surface, seat: int, center: tuple[int, int], out: bool) -> pygame.Rect:
        """A seat's shape and, under it, its name fitted to half the panel; the shape's
        rectangle (the Out stamp goes above it)."""
        kit, player = self.ctx.kit, self.ctx.seats[seat]
        token = kit.seat_token(surface, player.style, center, 60, out)
        size, name = fit_text(kit, player.name, 440, (40, 36, 32))
        colour = kit.colours.muted if out else kit.seat_style(player.style).light
        kit.blit_text(surface, name, size, (center[0], token.bottom + 4), "midtop", colour, align="center",
                      shadow=True)
        return token
