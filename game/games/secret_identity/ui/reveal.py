"""The reveal of a scored round (SI-6), paced as every game's reveal
(``game/scenes/shows``: :class:`CompetitiveReveal` is a :class:`RevealPacing`, a beat
per safe and a last one for the cheer), over the board's ring.

Safe after safe: the owner's character card swells in the owner's colour, each voter's
vote turns face up on that voter's panel (the number it named, green with a tick when right,
red with a cross when wrong: never over a character's picture), then "+n" chips fly to
the scorers' markers, which move along the track while their scores count up. After the
last safe, a :class:`~game.ui.show.Show` cheers the round's best scorers (confetti in
their colours, the fanfare, their pads rumble). A (CONFIRM) or a phone's "Skip" skips
the whole show to the state it would end in; then the summary (or the end) opens.

The vote opens a :class:`CompetitiveReveal` when the rules tell it a round was scored
(the ``RoundScored`` event); everything drawn or played here is public by then (the
result's keys, votes and points), and the sounds follow the timeline only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterator, Sequence

import pygame

from ....input.intents import Intent
from ....scenes.shows import RevealPacing
from ....ui.show import Show, Standing
from ....ui.theme import TOKEN_RADIUS, Colour
from ....ui.tween import Tween
from ..rules.view import CompetitivePublic, RoundResult, track_position
from .hub import hub_images, hub_text, seat_token_image
from .seat_panel import panel_positions
from .track import track_line, track_point
from .widgets import cheer_keep_out, draw_cross, slot_positions

if TYPE_CHECKING:
    from .board import CompetitiveBoard

#: Reveal timing per safe, in fixed ticks: open, votes flip, points fly.
OPEN_TICKS, VOTES_TICKS, POINTS_TICKS = 40, 60, 50
SAFE_TICKS = OPEN_TICKS + VOTES_TICKS + POINTS_TICKS
#: A vote flips over in this many ticks.
FLIP_TICKS = 10
#: A vote's card on its voter's panel: width and height (px).
VOTE_CARD = (128, 52)  # (its number's badge 48 px: issue 28)


def best_scorers(result: RoundResult) -> list[int]:
    """The round's best scorers (none when nobody scored)."""
    best = max(result.points, default=0)
    return [seat for seat, p in enumerate(result.points) if best and p == best]


def cheer_show(ctx: Any, result: RoundResult, base: Sequence[int], seed: int) -> Show | None:
    """The round's best scorers cheered; a round nobody scored in ends quietly (None)."""
    best = best_scorers(result)
    if not best:
        return None
    standings = [Standing(seat, base[seat] + p, base[seat] + p, 1 if seat in best else 2)
                 for seat, p in enumerate(result.points)]
    return Show(ctx, standings, seed)


class CompetitiveReveal(RevealPacing[CompetitivePublic]):
    """The show of one scored round (a RoundResult): a beat per safe (``beat`` is the
    safe being opened, its owner's seat), then the cheer's."""

    board: CompetitiveBoard

    def __init__(self, board: CompetitiveBoard, result: RoundResult) -> None:
        self.result = result
        #: The scores before the round; what the track and the panels show (counted up).
        self.base = [s.score - p for s, p in zip(board.public.seats, result.points)]
        self.shown = [float(score) for score in self.base]
        #: The cheer for the round's best scorers (none when nobody scored): the last beat.
        self.cheer = cheer_show(board.ctx, result, self.base, seed=result.round)
        #: SI-7: a "30" token pops on a seat's panel when its marker laps the track.
        self.token_pops: dict[int, Tween[float]] = {}
        self._faces: dict[tuple[int | None, bool], pygame.Surface] = {}
        #: The hub's moments whose words are yet to be fitted ahead (:meth:`between_frames`).
        self._ahead: Iterator[tuple[int, int]] | None = None
        super().__init__(board, [SAFE_TICKS] * len(result.keys) + ([self.cheer.total] if self.cheer else []))

    def enter(self) -> None:
        self.ctx.audio.play("reveal")

    # --- time -------------------------------------------------------------------------------
    @property
    def opening(self) -> bool:
        """A safe is still being opened (before the cheer)."""
        return self.beat < len(self.result.keys)

    @property
    def finale(self) -> Show | None:
        """The cheer, once the last safe has opened."""
        return self.cheer if not self.opening else None

    def fixed_update(self) -> None:
        """One fixed tick of the timeline, with its sounds; the markers and panels follow it."""
        for pop in self.token_pops.values():
            pop.step()
        if self.finale is not None:
            self.finale.step()
        super().fixed_update()
        if self.opening and self.tick == OPEN_TICKS + VOTES_TICKS + 1:
            self.ctx.audio.play("points")
        self.follow_scores()

    def next_tick_redraws(self) -> bool:
        """A new beat; the open safe's card's first swollen size (its face made); a
        seat's score turning on its panel as the points count up (the panel painted)."""
        if super().next_tick_redraws() or (self.opening and self.tick == 0):
            return True
        if not self.opening or self.tick < OPEN_TICKS + VOTES_TICKS:
            return False
        return any(round(self.base[seat] + self.credited(seat, self.tick + 1)) != round(shown)
                   for seat, shown in enumerate(self.shown))

    def on_beat(self, beat: int) -> None:
        if self.opening:
            self.ctx.audio.play("reveal")

    def skip(self) -> None:
        """Straight to the end, in one press: every safe open, every point counted, the
        cheer given (its confetti unseen: the summary follows)."""
        if self.done:
            return
        if self.cheer is not None:
            self.cheer.skip()
        self.beat, self.tick = len(self.beats), 0
        self.follow_scores()
        self.finish()

    def follow_scores(self) -> None:
        """The scores shown count up with the points credited so far; a marker lapping
        the track pops a "30" token on its seat's panel (SI-7)."""
        for seat in range(len(self.shown)):
            before = track_position(int(self.shown[seat]))[0]
            self.shown[seat] = self.base[seat] + self.credited(seat)
            if track_position(int(self.shown[seat]))[0] > before:
                self.token_pops[seat] = self.ctx.kit.tween(2.4, 1.0, 45, "out_back")
                self.ctx.audio.play("victory")

    def cheered(self) -> list[int]:
        """The seats the finale cheers (the round's best scorers)."""
        return best_scorers(self.result)

    # --- what the board shows -----------------------------------------------------------------
    def credited(self, seat: int, tick: int | None = None) -> float:
        """Points of ``seat`` counted so far (at ``tick`` of this beat: now unless said):
        SI-6 both ways, safe by safe."""
        tick = self.tick if tick is None else tick
        total = 0.0
        n = len(self.result.keys)
        for owner in range(min(self.beat + 1, n)):
            share = 1.0 if owner < self.beat else max(0.0, min(1.0, (tick - OPEN_TICKS - VOTES_TICKS) / POINTS_TICKS))
            right = [v for v in range(n) if v != owner and self.result.votes[v][owner] == self.result.keys[owner]]
            if seat == owner:
                total += len(right) * share
            elif seat in right:
                total += share
        return total

    def owner_slot(self) -> int | None:
        """The ring slot of the safe being opened (its owner's character), if any."""
        return self.result.keys[self.beat] - 1 if self.opening else None

    def swell(self) -> float:
        """The open safe's card scale: it swells as the safe opens, then settles."""
        t = self.tick / OPEN_TICKS
        return 1.0 + self.ctx.kit.motion(0.12 * max(0.0, 1.0 - abs(2 * t - 1))) if self.opening and t < 1 else 1.0

    def highlighted(self) -> list[int]:
        """Seats whose panels stand out: the open safe's owner, then the cheered seats."""
        return [self.beat] if self.opening else self.cheered()

    # --- drawing --------------------------------------------------------------------------------
    def draw_votes(self, surface: pygame.Surface, panels: Sequence[pygame.Rect]) -> list[pygame.Rect]:
        """Each voter's vote on the open safe, unfolding on the voter's panel, one after
        another: the number it named on a green (right, tick) or red (wrong, cross) card.
        A vote not turned yet shows nothing there (a blank card read as a glitch). Where
        it drew."""
        drawn: list[pygame.Rect] = []
        if not self.opening or self.tick < OPEN_TICKS:
            return drawn
        owner = self.beat
        voters = [v for v in range(len(self.result.keys)) if v != owner]
        for k, voter in enumerate(voters):
            start = OPEN_TICKS + k * (VOTES_TICKS // max(1, len(voters)))
            width = int(VOTE_CARD[0] * self.ctx.kit.cut(min(1.0, (self.tick - start) / FLIP_TICKS)))
            if width < 2 or voter >= len(panels):
                continue
            face = self._face(self.result.votes[voter][owner], self.result.votes[voter][owner] == self.result.keys[owner])
            if width < VOTE_CARD[0]:  # turning: the face widens from its middle
                face = pygame.transform.scale(face, (width, VOTE_CARD[1]))
            panel = panels[voter]
            drawn.append(surface.blit(face, face.get_rect(center=(panel.x + 16 + VOTE_CARD[0] // 2, panel.bottom - 30))))
        return drawn

    def _face(self, number: int | None, right: bool) -> pygame.Surface:
        """A vote's card face: the number it named, green with a tick or red with a cross
        (made once per reveal)."""
        face = self._faces.get((number, right))
        if face is not None:
            return face
        kit, c = self.ctx.kit, self.ctx.kit.colours
        face = self._faces[number, right] = pygame.Surface(VOTE_CARD, pygame.SRCALPHA)
        card = face.get_rect()
        pygame.draw.rect(face, c.good if right else c.bad, card, border_radius=12)
        pygame.draw.rect(face, c.shadow, card, width=2, border_radius=12)
        badge = (TOKEN_RADIUS + 2, card.centery)
        kit.draw_shape(face, "circle", c.gold, badge, TOKEN_RADIUS, outline=c.shadow)
        kit.blit_text(face, str(number), 28, (badge[0], badge[1] + 1), "center", c.shadow)
        mark = (card.right - 32, card.centery)
        if right:
            kit.draw_check(face, mark, 30, c.shadow)
        else:
            draw_cross(face, c.shadow, mark, 20)
        return face

    def points_flying(self) -> bool:
        """Whether :meth:`flying_points` draws anything now."""
        progress = (self.tick - OPEN_TICKS - VOTES_TICKS) / POINTS_TICKS
        return self.opening and 0 <= progress < 1 and not self.ctx.kit.reduce_motion

    def flying_points(self, shown_scores: Sequence[float]) -> tuple[Callable[[pygame.Surface], None], pygame.Rect]:
        """"+n" chips flying from the open safe's character to each scorer's marker: what
        draws them this frame, and where (a few pixels more: the board's stage keeps what
        they do not touch, the seats' panels mostly)."""
        kit, c = self.ctx.kit, self.ctx.kit.colours
        chips = self._flying_chips(shown_scores)

        def draw(surface: pygame.Surface) -> None:
            for box, chip, style in chips:
                kit.panel(surface, box, style.colour, radius=box.height // 2, shadow=False, border=c.shadow,
                          border_width=2)
                surface.blit(chip, chip.get_rect(center=box.center))
        boxes = [box.inflate(4, 4) for box, _chip, _style in chips]
        return draw, boxes[0].unionall(boxes[1:]) if boxes else pygame.Rect(0, 0, 0, 0)

    def _flying_chips(self, shown_scores: Sequence[float]) -> list[tuple[pygame.Rect, pygame.Surface, Any]]:
        """Each flying chip's box, its "+n" and its scorer's style (none when still)."""
        if not self.points_flying():  # still: the markers and scores count alone
            return []
        kit, c = self.ctx.kit, self.ctx.kit.colours
        progress = (self.tick - OPEN_TICKS - VOTES_TICKS) / POINTS_TICKS
        owner, result = self.beat, self.result
        right = [v for v in range(len(result.keys)) if v != owner and result.votes[v][owner] == result.keys[owner]]
        gains = {v: 1 for v in right}
        if right:
            gains[owner] = len(right)
        start = slot_positions(kit)[result.keys[owner] - 1]
        ease = 1 - (1 - progress) ** 3
        chips = []
        for seat, gain in gains.items():
            end = track_point(kit, shown_scores[seat], track_line(kit))
            x = start[0] + (end[0] - start[0]) * ease
            y = start[1] + (end[1] - start[1]) * ease
            chip = kit.text(f"+{gain}", 34, c.shadow)
            chips.append((chip.get_rect(center=(int(x), int(y))).inflate(22, 8), chip,
                          kit.seat_style(self.ctx.seats[seat].style)))
        return chips

    def draw_hub(self, surface: pygame.Surface) -> pygame.Rect:
        """The hub: whose safe is open, its number, how many found it; then the round's
        best. Where it drew."""
        words = self._hub_words(self.beat, self.tick)
        if words is None:
            return pygame.Rect(0, 0, 0, 0)
        title, body, colour, spare = words
        return hub_text(surface, self.ctx, title, body, colour, spare=spare)

    def between_frames(self) -> None:
        """The hub's words of the beats to come, fitted ahead: one text an idle time (a
        new text's fit, up to ~1 ms on a slow laptop, had been in the frames of the
        reveal's new beats, its slowest)."""
        if self._ahead is None:
            moments = [(beat, tick) for beat in range(len(self.result.keys)) for tick in (0, 10, OPEN_TICKS + VOTES_TICKS)]
            self._ahead = iter([*moments, (len(self.result.keys), 0)])
        for beat, tick in self._ahead:
            if (beat, tick) < (self.beat, self.tick):
                continue  # (shown already)
            words = self._hub_words(beat, tick)
            if words is not None:
                title, body, colour, spare = words
                hub_images(self.ctx, title, body, colour, spare=spare)
                return

    def _hub_words(self, beat: int, tick: int) -> tuple[str, str, Colour, list[pygame.Surface]] | None:
        """What the hub says at ``tick`` of ``beat``: (title, body, colour, the seat's
        shape to stack with them); None: nothing (no best scorer)."""
        ctx, t, name = self.ctx, self.ctx.t, self.board.name
        if beat >= len(self.result.keys):
            best = self.cheered()
            if not best:
                return None
            names = ", ".join(name(seat) for seat in best)
            return (t("si.reveal.best"), t("si.reveal.best_body", names=names, n=self.result.points[best[0]]),
                    ctx.kit.colours.gold, [])
        owner = beat
        style = ctx.kit.seat_style(ctx.seats[owner].style)
        body = t("si.reveal.was", n=self.result.keys[owner]) if tick >= 10 else ""
        if tick >= OPEN_TICKS + VOTES_TICKS:
            body = t("si.reveal.found_by", n=self.result.guessed_by[owner])
        return t("si.reveal.safe_of", name=name(owner)), body, style.light, [seat_token_image(ctx.kit, ctx.seats[owner].style, 30)]

    def draw_confetti(self, surface: pygame.Surface, keep_out: Sequence[pygame.Rect] = ()) -> None:
        if self.finale is not None:
            self.finale.draw_confetti(surface, keep_out=keep_out)

    def draw(self, surface: pygame.Surface, view: CompetitivePublic, alpha: float) -> None:
        """The table as the reveal counts it: the markers where the points have reached,
        the cheer's confetti behind the ring's cards and the panels, the open safe's card,
        the panels (the others veiled, the votes turned), the hub's words."""
        board = self.board
        keep_out = cheer_keep_out(self.ctx, track_line(self.ctx.kit))
        finale = self.finale
        confetti = (lambda s: self.draw_confetti(s, keep_out)) if finale is not None and finale.confetti_falling() else None
        board.draw_table(surface, True, self.shown, [*board.ring_items(reveal=self),
                                                     *board.panel_items(self.shown, reveal=self)], confetti)
        votes = self.draw_votes(surface, panel_positions(self.ctx.kit, board.seats))  # over the veil: each voter's vote
        hub = self.draw_hub(surface)
        hints = board.draw_hints(surface, [(Intent.CONFIRM, self.ctx.t("si.hint.skip"))])
        # all it draws over the stage named: the next frame copies the layer back there only
        board.canvas_copy.drew(*votes, hub, hints)
        board.canvas_copy.complete()
