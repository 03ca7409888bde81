"""The audience's leaderboard on the TV at the end of a match (issue 30 item 1).

Once the end screen stands (the board's :meth:`~game.scenes.match.MatchScene.end_choices_open`),
the table's own podium shows first for :data:`PODIUM_TICKS`, then the audience's
leaderboard takes the screen above the hint bar for :data:`BOARD_TICKS`, and so on in
turn while the end screen stays (:class:`AudienceTurn`): the table's screen is never
squeezed, and the end's buttons (the hint bar, the pads' and phones' choices) stay
the same. It shows only while someone watched and played along: the ranking is the
companion's ledger of this match (``game.companion.audience.Ledger.board``: names,
scores, ranks; nothing of any seat, so nothing secret).

The drawing (:func:`draw_audience_board`) takes a :class:`Ranking` and a surface, so a
shared end show can draw it where it likes; :meth:`MatchScene.draw_audience_end` is
the boards' hook (one call at the end of their end screen's drawing).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from ..ui.fit import fit_text

if TYPE_CHECKING:
    from ..context import AppContext
    from ..shots import ShotRequest

#: Fixed ticks the table's podium shows first once the end screen stands, then the
#: audience's leaderboard, in turn (8 s each at 60 Hz).
PODIUM_TICKS = 8 * 60
BOARD_TICKS = 8 * 60
#: Sizes (px at 1080p): the title, the line under it, a row's rank, name and score.
TITLE_SIZE, COUNT_SIZE, ROW_SIZES = 64, 36, (44, 40, 36, 32, 28)
#: A row's height at most (px at 1080p, scaled with the text), and the rows' width at most.
ROW_HEIGHT, WIDTH = 72, 1100
#: The first three places' colours: gold, silver, bronze (the rest: the text colour).
MEDALS = ((242, 177, 52), (200, 205, 215), (205, 127, 50))


@dataclass(frozen=True)
class Ranking:
    """The audience's leaders, best first: ``(rank, name, score)``; and how many played along."""

    leaders: tuple[tuple[int, str, int], ...]
    members: int


def audience_ranking(ctx: AppContext) -> Ranking | None:
    """This match's audience ranking from the companion's ledger (None: no companion, or
    nobody watched and played along)."""
    companion = getattr(ctx, "companion", None)
    ledger = companion.crowd.ledger if companion is not None else None
    if ledger is None or not ledger.members:
        return None
    return Ranking(tuple((row["rank"], row["name"], row["score"]) for row in ledger.board()), len(ledger.members))


class AudienceTurn:
    """Whose turn the end screen is: the table's podium or the audience's leaderboard
    (module doc). ``step`` once a fixed tick with whether the end screen stands."""

    def __init__(self) -> None:
        self.ticks = 0

    def step(self, standing: bool) -> None:
        self.ticks = self.ticks + 1 if standing else 0

    @property
    def showing(self) -> bool:
        """The audience's leaderboard has the screen now."""
        return self.ticks > PODIUM_TICKS and (self.ticks - PODIUM_TICKS - 1) % (PODIUM_TICKS + BOARD_TICKS) < BOARD_TICKS


def draw_audience_board(ctx: AppContext, surface: pygame.Surface, ranking: Ranking) -> pygame.Rect:
    """The leaderboard over the end screen, above its hint bar (which stays): a card in
    the safe area with the title, how many played along, then a row per leader (rank,
    name, score), the first three in medal colours. Returns the card."""
    kit, c, t = ctx.kit, ctx.kit.colours, ctx.t
    safe, bottom = kit.safe_rect, kit.hint_bar_top()
    surface.set_clip(pygame.Rect(0, 0, kit.W, bottom))
    kit.background(surface)  # the table's screen waits underneath for its turn
    surface.set_clip(None)
    card = pygame.Rect(safe.x + 24, safe.y + 12, safe.width - 48, bottom - 24 - safe.y)  # its rim and shadow inside the safe area
    kit.panel(surface, card, c.panel, radius=40, border=c.gold)
    title = kit.blit_text(surface, t("audience.board_title"), TITLE_SIZE, (card.centerx, card.y + 20), "midtop",
                          c.gold, shadow=True)
    count = kit.blit_text(surface, t("audience.board_count", n=ranking.members), COUNT_SIZE,
                          (card.centerx, title.bottom + 4), "midtop", c.muted)
    rows = pygame.Rect(0, count.bottom + 16, min(WIDTH, card.width - 80), card.bottom - 20 - count.bottom - 16)
    rows.centerx = card.centerx
    row_h = min(kit.scaled(ROW_HEIGHT), rows.height // max(1, len(ranking.leaders)))
    size = next((s for s in ROW_SIZES if kit.font(s).get_linesize() <= row_h), ROW_SIZES[-1])
    score_w = kit.font(size).size("000")[0]
    for i, (rank, name, score) in enumerate(ranking.leaders):
        y = rows.y + i * row_h + row_h // 2
        colour = MEDALS[rank - 1] if rank <= len(MEDALS) else c.text
        kit.blit_text(surface, str(rank), size, (rows.x + 70, y), "midright", colour)
        name_size, line = fit_text(kit, name, rows.width - 110 - score_w - 40, [s for s in ROW_SIZES if s <= size])
        kit.blit_text(surface, line.replace("\n", " "), name_size, (rows.x + 110, y), "midleft", c.text)
        kit.blit_text(surface, str(score), size, (rows.right - 30, y), "midright", colour)
    return card


# --- screenshots -----------------------------------------------------------------------------
def _end_of(game_id: str) -> Any:
    """The end screen of a match of ``game_id`` its bots played to the end, watched by
    twelve phones that played along, at the audience's turn."""

    def build(ctx: AppContext, args: ShotRequest) -> None:
        from ..companion.bridge import Companion
        from ..core.playthrough import play_match
        from ..core.rng import Rng
        from ..games.audience_kit import Ask
        from .menus.lobby import SEAT_NAME_COUNT, fun_names

        entry = ctx.games[game_id]
        while len(ctx.seats) > entry.max_seats:  # the layout check seats eight
            ctx.seats.remove(len(ctx.seats) - 1)
        catalogue = ctx.catalogue.game(entry.catalogue_key)
        bots = {s: entry.make_bot(catalogue, s, Rng.from_seed(f"shot:{args.seed}:{s}")) for s in range(len(ctx.seats))}
        played = play_match(entry.make_definition(catalogue), entry.default_config(len(ctx.seats)), args.seed, bots)
        ctx.companion = companion = Companion(50505, lambda style: {}, lambda: ctx.settings.lang)  # serves nothing
        ledger = companion.crowd.ledger
        names = fun_names(ctx, "seat_names", SEAT_NAME_COUNT)[:12]
        ledger.open([Ask(f"q{q}", (1, 2)) for q in range(6)])
        for n, name in enumerate(names):
            ledger.join(f"shot-fan-{n}", name)
            for q in range(6):  # fans further down the list find fewer answers
                ledger.guess(f"shot-fan-{n}", f"q{q}", 1 if q < 6 - n // 2 else 2)
        ledger.score({f"q{q}": 1 for q in range(6)})
        board = entry.scenes().make_board(ctx, entry, played.session, {})
        ctx.stack.push(board)
        for _ in range(6000):  # the end's shows, hurried as a pad's CONFIRM does
            if board.end_choices_open():
                break
            if board.show_to_skip():
                board.skip_show()
            ctx.stack.fixed_update(1 / 60)
        board.audience_turn.ticks = PODIUM_TICKS  # the audience's turn comes at the next tick

    return build


GAME_SHOTS = {"audience.end": _end_of}
