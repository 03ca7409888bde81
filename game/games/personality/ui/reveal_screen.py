"""A vote's reveal (PE-4..PE-6, PE-9) on the stage, paced as every game's reveal
(``game/scenes/shows``): the outcome, the card, and one box per voter — who (colour,
shape, name, a Tête-à-tête partner's shape), how far their mask moves, whom or which
card they chose and their bet.

Each move counts up (a :class:`~game.ui.show.Show` made by :func:`reveal_show`) while the
masks walk the track. The cheer — confetti, fanfare, a rumble on the pad — is kept for
the reveal that changes the race: a new player alone in the lead (about one elected vote
in ten, two or three a match in bot play); any other vote ends its count with a lighter
chime (:class:`QuietShow`), and the end has its own show (the podium). Two beats,
:data:`REVEAL_TICKS` in all: the count, then the final counts for :data:`SKIPPED_TICKS`;
A skips to the second (the count to its end), then past it, so bots wait no longer than
people. Phones play on under a reveal (the next phase's moves); once the match is over
they may skip it too."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Hashable, Sequence

import pygame

from ....scenes.shows import RevealPacing
from ....ui.fit import fit_wrapped, look, smallest_size
from ....ui.show import Show, Standing
from ....ui.stage import StageItem, draw_items
from ....ui.theme import TOKEN_RADIUS
from ..rules.view import PEPhase, PEPublic, VoteKind, VoteRecord
from .chrome import cheer_keep_out
from .section import BoardSection
from .widgets import LIGHT_RED, draw_name

if TYPE_CHECKING:
    from .board import PersonalityBoard

#: The reveal stays up this long (bots wait), of which the last :data:`SKIPPED_TICKS`
#: show the final counts: what is left of it once A skips the count.
REVEAL_TICKS, SKIPPED_TICKS = 270, 60
ROW_HEIGHT, ROW_GAP = 112, 10
#: A vote's box is at least this wide (two long names on one line each), else two columns.
MIN_BOX_WIDTH = 400
#: The largest size of a box's words (smaller when the box is short).
LINE_SIZE = 34
#: Where the reveal's stage puts the card voted on (its text and place; None: no room)
#: and each vote's box (``VoteReveal._layout``).
Layout = tuple[tuple[pygame.Surface, pygame.Rect] | None, list[pygame.Rect]]
#: The sound that ends the count of a vote that does not change the lead.
QUIET_CUE = "points"


class QuietShow(Show):
    """The count without the cheer: a chime when the counting is done; no confetti, no
    fanfare, no rumble."""

    def cheer(self) -> None:
        self.cheered = True
        audio = getattr(self.ctx, "audio", None)
        if audio is not None:
            audio.play(QUIET_CUE)


def new_leader(r: VoteRecord, positions: Sequence[int]) -> int | None:
    """The seat this vote puts alone at the head of the race when another (or nobody,
    on a shared lead) was there before; None when the lead did not change hands.
    ``positions``: every mask's square once the vote has moved them."""
    after = list(positions)
    before = list(positions)
    for move in r.moves:
        before[move.seat], after[move.seat] = move.start, move.end

    def alone_ahead(squares: list[int]) -> int | None:
        top = max(squares)
        return squares.index(top) if squares.count(top) == 1 else None

    leader = alone_ahead(after)
    return leader if leader is not None and leader != alone_ahead(before) else None


def reveal_show(ctx: Any, r: VoteRecord, positions: Sequence[int], seed: int) -> Show | None:
    """The count of this vote's moves. When the lead changes hands (:func:`new_leader`)
    the new leader is counted last and cheered; otherwise the biggest gain is counted
    last and a :class:`QuietShow` ends on a chime. None when nobody moved forward."""
    best = max((m.delta for m in r.moves), default=0)
    if best <= 0:
        return None
    leader = new_leader(r, positions)
    if leader is None or all(m.seat != leader for m in r.moves):
        return QuietShow(ctx, [Standing(m.seat, m.delta, place=1 if m.delta == best else 2) for m in r.moves], seed)
    return Show(ctx, [Standing(m.seat, m.delta, place=1 if m.seat == leader else 2) for m in r.moves], seed)


class VoteReveal(RevealPacing[PEPublic], BoardSection):
    """The reveal of ``record``, on the board's chrome (the masks walk meanwhile)."""

    board: PersonalityBoard

    def __init__(self, board: PersonalityBoard, record: VoteRecord) -> None:
        super().__init__(board, (REVEAL_TICKS - SKIPPED_TICKS, SKIPPED_TICKS))
        self.record = record
        #: The count of the moves (None: nobody moved forward).
        self.show = reveal_show(board.ctx, record, board.public.positions, seed=board.public.turn)
        #: The headline pops in.
        self.pop = board.ctx.kit.tween(0.4, 1.0, 24, "out_back")
        #: :meth:`_layout`'s last answer, with what it was for (the stage and the kit's look).
        self._laid_out: tuple[Hashable, Layout] | None = None

    # --- flags: phones play on (module doc) ------------------------------------------------------
    @property
    def phones_wait(self) -> bool:
        return False

    @property
    def skippable(self) -> bool:
        return self.board.session.outcome() is not None and not self.done

    # --- time ------------------------------------------------------------------------------------
    def fixed_update(self) -> None:
        super().fixed_update()
        self.pop.step()
        if self.show is not None:
            self.show.step()

    def on_beat(self, beat: int) -> None:
        """The final counts: the count to its end (the cheer given if it had not come)."""
        if self.show is not None:
            self.show.skip()

    # --- drawing ---------------------------------------------------------------------------------
    def heading(self) -> str:
        return self.board.t("personality.reveal.title")

    def draw_behind(self, surface: pygame.Surface, alpha: float) -> None:
        if self.show is not None:  # behind the masks, the seat column and the stage
            self.show.draw_confetti(surface, alpha, keep_out=cheer_keep_out(self.board))

    def draws_behind(self, alpha: float) -> bool:
        return self.show is not None and self.show.confetti_falling(alpha)

    def stage_items(self, stage: pygame.Rect, alpha: float) -> list[StageItem]:
        """The stage in parts, each keyed on what it shows (the record is this screen's):
        its panel, the headline popping in, the card voted on, and a box per vote, so a
        move counting up repaints its box alone and the pop its headline. The boxes stand
        where the headline's full size leaves them: they keep still while it pops."""
        kit, c, r = self.board.ctx.kit, self.board.ctx.kit.colours, self.record
        scale = float(self.pop.value(alpha))
        image = self._headline_image(stage, scale)
        headline = image.get_rect(midtop=(stage.centerx, stage.y + 12))
        card, boxes = self._layout(stage)
        items = [StageItem(("pe.reveal", self, tuple(stage)), stage,
                           lambda s: kit.panel(s, stage, c.panel, radius=30, border=c.gold, shadow=False)),
                 StageItem(("pe.reveal.headline", self, scale, tuple(headline)), headline,
                           lambda s: s.blit(image, headline))]
        if card is not None:
            text, place = card
            items.append(StageItem(("pe.reveal.card", self, tuple(place)), place, lambda s: s.blit(text, place)))
        moves = {m.seat: m for m in r.moves}
        for (voter, vote), box in zip(sorted(r.votes.items()), boxes):
            move = moves.get(voter)
            counted = self.show.count(move.seat) if move is not None and self.show is not None else None

            def paint(surface: pygame.Surface, box: pygame.Rect = box, voter: int = voter, vote: Any = vote,
                      move: Any = move) -> None:
                self._draw_vote(surface, r, box, voter, vote.choice, vote.bet, move)
            items.append(StageItem(("pe.reveal.vote", self, voter, counted, tuple(box)), box, paint))
        return items

    def draw_stage(self, surface: pygame.Surface, stage: pygame.Rect, alpha: float) -> None:
        draw_items(surface, self.stage_items(stage, alpha))

    def _headline_image(self, stage: pygame.Rect, scale: float) -> pygame.Surface:
        kit, c = self.board.ctx.kit, self.board.ctx.kit.colours
        headline, width = self._headline(self.record), stage.width - 80
        image = kit.text(headline, fit_wrapped(kit, headline, width, 1, (44, 40, 36)), c.gold, max_width=width,
                         align="center", shadow=True)
        return pygame.transform.smoothscale_by(image, scale) if scale != 1.0 else image

    def _layout(self, stage: pygame.Rect) -> Layout:
        """Under the headline (at its full size): the card voted on (its text and place;
        None when the boxes need its room) and each vote's box, in voter order. Worked
        out once for a stage and a look (every frame of the reveal asks)."""
        key = (tuple(stage), look(self.board.ctx.kit))
        if self._laid_out is None or self._laid_out[0] != key:
            self._laid_out = (key, self._lay_out(stage))
        return self._laid_out[1]

    def _lay_out(self, stage: pygame.Rect) -> Layout:
        board = self.board
        kit, c, r = board.ctx.kit, board.ctx.kit.colours, self.record
        width = stage.width - 80
        y = self._headline_image(stage, 1.0).get_rect(midtop=(stage.centerx, stage.y + 12)).bottom + 4
        votes = len(r.votes)
        cols = 3 if votes > 4 and (stage.width - 40) // 3 - 12 >= MIN_BOX_WIDTH else 2
        rows = (votes + cols - 1) // cols
        line = kit.font(smallest_size(kit)).get_linesize()
        card = None
        if r.card is not None:
            text = board.card_text(r.card)
            image = kit.text(text, fit_wrapped(kit, text, width, 1, (30, 28)), c.muted, max_width=width, align="center")
            # the card read (everyone just voted on it) gives way when the boxes need its room
            if (stage.bottom - 12 - y - image.get_height() - 8) // rows - ROW_GAP >= 2 * line + 8:
                card = (image, image.get_rect(midtop=(stage.centerx, y)))
                y = card[1].bottom + 8
        w = (stage.width - 40) // cols
        h = min(ROW_HEIGHT, (stage.bottom - 12 - y) // max(1, rows) - ROW_GAP)
        return card, [pygame.Rect(stage.x + 20 + (i % cols) * w + 6, y + (i // cols) * (h + ROW_GAP), w - 12, h)
                      for i in range(votes)]

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
                   bet: int, move: Any) -> None:
        """Two lines: the voter (a Tête-à-tête partner's shape, the move counting up),
        then an arrow to the choice and the bet. A gold rim: the voter chose the elected."""
        board = self.board
        kit, c = board.ctx.kit, board.ctx.kit.colours
        winner = r.outcome == "elected" and choice == r.elected
        kit.panel(surface, box, c.panel_hi, radius=20, border=c.gold if winner else None, shadow=False)
        top, bottom = box.y + box.height // 4 + 2, box.y + 3 * box.height // 4 - 2
        # each line's words no taller than half the box (down to 28 px drawn)
        floor = smallest_size(kit)
        sizes = tuple(s for s in range(LINE_SIZE, floor, -1) if kit.font(s).get_linesize() <= box.height // 2)
        sizes = sizes or (floor,)
        right = box.right - 16
        if move is not None:
            counted = self.show.count(move.seat) if self.show is not None else move.delta
            right = kit.blit_text(surface, f"{counted:+d}", sizes[0], (right, top), "midright",
                                  c.good if move.delta > 0 else LIGHT_RED).x - 10
        partner = next((b for a, b in r.pairs if a == voter), None)
        if partner is not None:
            kit.seat_token(surface, board.ctx.seats[partner].style, (right - 14, top), 14)
            right -= 34
        self._seat(surface, voter, (box.x + 24, top), right, sizes)
        ax = box.x + 24
        pygame.draw.polygon(surface, c.text, [(ax - 12, bottom - 5), (ax + 2, bottom - 5), (ax + 2, bottom - 12),
                                              (ax + 14, bottom), (ax + 2, bottom + 12), (ax + 2, bottom + 5),
                                              (ax - 12, bottom + 5)])
        bet_right = box.right - 16
        if r.stage == PEPhase.VOTE:
            bet_right = kit.blit_text(surface, board.t("personality.reveal.bet", n=bet), sizes[0],
                                      (box.right - 16, bottom), "midright", c.gold).x - 12
        if isinstance(choice, int):
            self._seat(surface, choice, (box.x + 60, bottom), bet_right, sizes)
        else:
            number = sorted(r.owners).index(str(choice)) + 1 if choice in r.owners else "?"
            kit.blit_text(surface, f"#{number}", sizes[0], (box.x + 44, bottom), "midleft", c.text)

    def _seat(self, surface: pygame.Surface, seat: int, at: tuple[int, int], right: int,
              sizes: tuple[int, ...]) -> None:
        """A seat's shape and its name (fitted) up to ``right``."""
        board = self.board
        kit = board.ctx.kit
        style = board.ctx.seats[seat].style
        kit.seat_token(surface, style, at, TOKEN_RADIUS)
        draw_name(kit, surface, board.name(seat), pygame.Rect(at[0] + 30, at[1] - 18, right - at[0] - 30, 36),
                  kit.seat_style(style).light, sizes)
