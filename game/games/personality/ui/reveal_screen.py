"""A vote's reveal (PE-4..PE-6, PE-9), on the stage while the timeline plays it: the
outcome, who voted what with which bet, the card, and how far each mask moves. Every
seat is told apart by colour, shape and name.

Each move counts up (a :class:`~game.ui.show.Show` made by :func:`reveal_show`) while the
masks walk the track; the seats that gained the most are cheered. A skips the count and
cuts the reveal short (:data:`SKIPPED_TICKS` left), so bots wait no longer than people."""

from __future__ import annotations

import pygame

from ....ui.show import Show, Standing
from ..rules.view import PEPhase, VoteKind, VoteRecord
from .screen import Screen
from .widgets import draw_name

ROW_HEIGHT, ROW_GAP = 84, 10
NAME_SIZES = (30, 28)
#: What is left of the reveal once A skips it: long enough to see the final counts.
SKIPPED_TICKS = 60


def reveal_show(ctx: object, r: VoteRecord, seed: int) -> Show | None:
    """The count of this vote's moves: the biggest gain first (cheered), the rest after;
    None when nobody moved forward (nothing to cheer)."""
    best = max((m.delta for m in r.moves), default=0)
    if best <= 0:
        return None
    return Show(ctx, [Standing(m.seat, m.delta, place=1 if m.delta == best else 2) for m in r.moves], seed)


class RevealScreen(Screen):
    def title(self) -> str:
        return self.board.t("personality.reveal.title")

    def draw(self, surface: pygame.Surface, stage: pygame.Rect, alpha: float) -> None:
        board = self.board
        kit, c, r = board.ctx.kit, board.ctx.kit.colours, board.public.result
        assert r is not None
        kit.panel(surface, stage, c.panel, radius=30, border=c.gold, shadow=False)
        scale = float(board.timeline.pop.value(alpha))
        image = kit.text(self._headline(r), 44, c.gold, max_width=stage.width - 80, align="center", shadow=True)
        if scale != 1.0:
            image = pygame.transform.smoothscale_by(image, scale)
        surface.blit(image, image.get_rect(midtop=(stage.centerx, stage.y + 12)))
        y = stage.y + 74
        if r.card is not None:
            y = kit.blit_text(surface, board.card_text(r.card), 28, (stage.centerx, y), "midtop", c.muted,
                              max_width=stage.width - 80, align="center").bottom + 8
        votes = sorted(r.votes.items())
        cols = 3 if len(votes) > 4 else 2
        w = (stage.width - 40) // cols
        for i, (voter, vote) in enumerate(votes):
            col, row = i % cols, i // cols
            box = pygame.Rect(stage.x + 20 + col * w + 6, y + row * (ROW_HEIGHT + ROW_GAP), w - 12, ROW_HEIGHT)
            self._draw_vote(surface, r, box, voter, vote.choice, vote.bet)
        rows = (len(votes) + cols - 1) // cols
        self._draw_moves(surface, r, pygame.Rect(stage.x + 20, y + rows * (ROW_HEIGHT + ROW_GAP),
                                                 stage.width - 40, stage.bottom - 8 - y - rows * (ROW_HEIGHT + ROW_GAP)))

    def _headline(self, r: VoteRecord) -> str:
        board = self.board
        if r.outcome == "elected":
            if r.kind == VoteKind.NORMAL:
                return board.t("personality.reveal.elected", name=board.name(r.elected if isinstance(r.elected, int)
                                                                             else None))
            owner = r.owners.get(str(r.elected))
            return board.t("personality.reveal.card_elected", name=board.name(owner) if owner is not None else "?")
        if r.outcome == "tie":
            return board.t("personality.reveal.tie")
        return board.t("personality.reveal.still_tied" if r.stage == PEPhase.REVOTE else "personality.reveal.none")

    def _draw_vote(self, surface: pygame.Surface, r: VoteRecord, box: pygame.Rect, voter: int, choice: object,
                   bet: int) -> None:
        """Two lines: the voter (and a Tête-à-tête partner), then an arrow to the choice and the bet."""
        board = self.board
        kit, c = board.ctx.kit, board.ctx.kit.colours
        winner = r.outcome == "elected" and choice == r.elected
        kit.panel(surface, box, c.panel_hi, radius=20, border=c.good if winner else None, shadow=False)
        top, bottom = box.y + box.height // 4 + 2, box.y + 3 * box.height // 4 - 2
        partner = next((b for a, b in r.pairs if a == voter), None)
        name_right = box.right - 16 - (34 if partner is not None else 0)
        self._seat(surface, voter, (box.x + 24, top), name_right)
        if partner is not None:
            kit.seat_token(surface, board.ctx.seats[partner].style, (box.right - 28, top), 14)
        ax = box.x + 24
        pygame.draw.polygon(surface, c.text, [(ax - 12, bottom - 5), (ax + 2, bottom - 5), (ax + 2, bottom - 12),
                                              (ax + 14, bottom), (ax + 2, bottom + 12), (ax + 2, bottom + 5),
                                              (ax - 12, bottom + 5)])
        bet_right = box.right - 16
        if r.stage == PEPhase.VOTE:
            bet_right = kit.blit_text(surface, board.t("personality.reveal.bet", n=bet), 30, (box.right - 16, bottom),
                                      "midright", c.gold).x - 12
        if isinstance(choice, int):
            self._seat(surface, choice, (box.x + 60, bottom), bet_right)
        else:
            number = sorted(r.owners).index(str(choice)) + 1 if choice in r.owners else "?"
            kit.blit_text(surface, f"#{number}", 30, (box.x + 44, bottom), "midleft", c.text)

    def _seat(self, surface: pygame.Surface, seat: int, at: tuple[int, int], right: int) -> None:
        """A seat's shape and its name (fitted) up to ``right``."""
        board = self.board
        kit = board.ctx.kit
        style = board.ctx.seats[seat].style
        kit.seat_token(surface, style, at, 15)
        draw_name(kit, surface, board.name(seat), pygame.Rect(at[0] + 22, at[1] - 18, right - at[0] - 22, 36),
                  kit.seat_style(style).light, NAME_SIZES)

    def _draw_moves(self, surface: pygame.Surface, r: VoteRecord, room: pygame.Rect) -> None:
        """Each mask's move: shape, name and steps, three to a line."""
        board = self.board
        kit, c = board.ctx.kit, board.ctx.kit.colours
        moves = {m.seat: m for m in r.moves}
        w = room.width // 3
        line = max(36, min(44, room.height // max(1, (len(moves) + 2) // 3)))
        show = board.reveal_show
        for i, (seat, move) in enumerate(moves.items()):
            x, y = room.x + (i % 3) * w + 24, room.y + (i // 3) * line + line // 2
            counted = show.count(seat) if show is not None else move.delta
            delta = kit.blit_text(surface, f"{counted:+d}", 30, (x + w - 48, y), "midright",
                                  c.good if move.delta > 0 else c.bad)
            self._seat(surface, seat, (x, y), delta.x - 10)
