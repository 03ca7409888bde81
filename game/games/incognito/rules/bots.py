"""Incognito bots: they draw the place with their word hidden in it, and look for the
others' words in the drawings, from their own seat's view only.

* Drawing (``sketch.py``): the place card's pictures and the word's picture, traced by
  a shaky hand from the OpenMoji outlines, one picture per action (a ``sketch`` of its
  strokes), so the drawing grows on screen picture by picture.
* Voting (``recognise.py``): for every other drawing and every word of the line-up, how
  well the word's picture is found in the drawing's public strokes. What a person sees:
  the strokes, the place card and the words' pictures; never which word a seat had.
  A score high in one drawing but high in every drawing says little, so each word's
  scores are set against its average over the drawings. The bot's own word is not in
  anyone else's drawing. Then the numbers go where the scores add up best, each number
  once (IN-4).

``skill`` (0 to 1) is how well the bot plays: the lower, the shakier its hand and the
more it misreads the drawings (a noise on its scores). A sharp drawer also disguises
its word by the number of voters, so that some find it and some do not (:data:`AIM`).
Pure: points are computed, never rendered.
"""

from __future__ import annotations

import math
from typing import Any, Sequence

from ....core.actions import Action
from ....core.bots import DEFAULT_LEVEL, Bot
from ....core.rng import Rng
from .catalogue import IncognitoCatalogue
from .outlines import Outline, PaletteKey, load_outline
from .recognise import marks, score, template
from .sketch import gausses, plan_drawing
from .view import IncognitoPrivate, IncognitoPublic, IncognitoView

#: A bot of normal level; 1 plays its best.
NORMAL_SKILL = 0.5
#: Skill per level. Sharp stays short of 1: a table of perfect readers would leave the
#: drawers almost no points (IN-4 rewards a word hidden from some, found by others).
SKILLS = {"easy": 0.2, "normal": NORMAL_SKILL, "sharp": 0.8}
#: A sharp drawer hides its word (``sketch.plan_drawing``'s ``hide``) by ``(base, per
#: voter)``: IN-5 pays a drawer only when some voters find its word and some do not,
#: and with its hand alone its word was found by 0.88 of a sharp table at 4 seats
#: (0.96 at 6: the more drawings, the clearer a word that stands out in one), so the
#: drawer's 2 points came in 0.18 of its drawings. Hidden so, about half of a sharp
#: table finds it (issue 27 item 6; docs/performance.md has the figures).
AIM = {"sharp": (0.8, 0.1)}
#: Misreading: the noise on a score at skill 0 (it shrinks to none at skill 1). Set so a
#: table of normal bots finds what it found before the reading marked every cell crossed
#: and the place was drawn with fewer strokes (0.6 then; issue 18 item 5), then again
#: when one guess per word was scored, not two (0.64 then: 0.662 found at 5 seats), and
#: when the drawings took less ink (0.68 then: 0.653 at 5 seats, 0.706 at 6).
MISREAD = 0.70
#: How much of a word's average over the drawings comes off its score in each.
RELATIVE = 0.6
#: A word whose picture is one of the drawing's place pictures is expected there anyway.
PLACE_PICTURE = 0.5


class IncognitoBot(Bot[IncognitoPublic, IncognitoPrivate]):
    """Draws one picture of its planned drawing per action, then says done; votes for
    the drawings where it found words; says ready after a reveal."""

    def __init__(self, seat: int, rng: Rng, catalogue: IncognitoCatalogue, level: str = DEFAULT_LEVEL,
                 skill: float | None = None) -> None:
        super().__init__(seat, rng, level)
        self.catalogue = catalogue
        self.skill = max(0.0, min(1.0, SKILLS[level] if skill is None else skill))
        self.palette = palette_key(catalogue)
        self._drawing: tuple[int, list[list[dict[str, Any]]]] | None = None
        self._votes: tuple[int, dict[int, int]] | None = None

    def act(self, view: IncognitoView, legal: Sequence[Action]) -> Action | None:
        public = view.public
        if public.phase == "draw":
            # Read from the view, not from ``legal`` (listed before each of hundreds of
            # strokes): "done" is offered while this seat draws, "undone" once it is done.
            if public.done[self.seat]:
                return None  # a finished drawer waits
            if self.seat in public.turn_seats:  # a seat drawing in turns (IN-2a): its own, opened
                if public.turn != self.seat:
                    return None
                if not public.turn_open:
                    return Action("start", self.seat)
            return self._draw(view)
        if public.phase == "vote":
            return self._vote(view, legal)
        return self.rng.choice(list(legal)) if legal else None

    # --- drawing -----------------------------------------------------------------------
    def _draw(self, view: IncognitoView) -> Action:
        public, mine = view.public, view.mine
        assert mine.my_word is not None and mine.my_drawing is not None, "a drawer holds its word and its drawing"
        if self._drawing is None or self._drawing[0] != public.round:
            self._drawing = (public.round, self.plan_pictures(public.places[self.seat], mine.my_word, public.seats - 1))
        drawn, end = len(mine.my_drawing.strokes), 0
        for picture in self._drawing[1]:
            end += len(picture)
            if drawn < end:  # the rest of the picture under way (all of it, unless undone)
                return Action("sketch", self.seat, {"strokes": picture[len(picture) - (end - drawn):]})
        return Action("done", self.seat)

    def plan(self, place_id: str, word_id: str, voters: int = 0) -> list[dict[str, Any]]:
        """This round's strokes: the place's pictures with the word's hidden among them."""
        return [stroke for picture in self.plan_pictures(place_id, word_id, voters) for stroke in picture]

    def plan_pictures(self, place_id: str, word_id: str, voters: int = 0) -> list[list[dict[str, Any]]]:
        """:meth:`plan`'s strokes picture by picture, in drawing order, for ``voters``
        others to look at (:meth:`hiding`)."""
        word_icon = self._icon(word_id)
        place = [self.outline(code) for code in self.catalogue.place(place_id).icons if code != word_icon]
        word = self.outline(word_icon) if word_icon else None
        return plan_drawing(place, word, self.rng, shake=1.6 - self.skill, hide=self.hiding(voters))

    def hiding(self, voters: int) -> float:
        """How well this bot hides its word from ``voters`` (``plan_drawing``'s
        ``hide``): a sharp one aims at "some but not all" (:data:`AIM`)."""
        aim = AIM.get(self.level)
        return aim[0] + aim[1] * voters if aim and voters else 0.0

    def outline(self, code: str) -> Outline:
        return load_outline(code, self.palette)

    def _icon(self, word_id: str) -> str | None:
        return getattr(self.catalogue.word(word_id), "icon", None)

    # --- voting ------------------------------------------------------------------------
    def _vote(self, view: IncognitoView, legal: Sequence[Action]) -> Action:
        public = view.public
        if self._votes is None or self._votes[0] != public.round:
            self._votes = (public.round, self.choose_numbers(view))
        # all its numbers in one ballot (5 votes, 1 action: issue 18); else the first
        # drawing still to number, if its number is free: the action the legal list
        # would offer, without listing them
        my_votes = view.mine.my_votes
        assert my_votes is not None, "a voter holds its numbers"
        numbers = my_votes.numbers  # 0: none yet
        missing = [drawer for drawer, number in enumerate(numbers) if not number and drawer != self.seat]
        if not any(numbers) and all(drawer in self._votes[1] for drawer in missing):
            return Action("ballot", self.seat, {"numbers": [[drawer, self._votes[1][drawer]] for drawer in missing]})
        wanted = self._votes[1].get(missing[0]) if missing else None
        if wanted is not None and wanted not in numbers:
            return Action("vote", self.seat, {"target": missing[0], "number": wanted})
        target = legal[0].data["target"]
        free = {a.data["number"]: a for a in legal}
        wanted = self._votes[1].get(target)
        return free.get(wanted) or self.rng.choice(list(legal))

    def choose_numbers(self, view: IncognitoView) -> dict[int, int]:
        """{drawer seat: tile number} for every other drawing, numbers distinct."""
        public = view.public
        others = [s for s in range(public.seats) if s != self.seat]
        table = self.read_drawings(public, view.mine.my_word)
        noise = iter(gausses(self.rng, MISREAD * (1 - self.skill), sum(map(len, table))))
        noisy = [[value + next(noise) for value in row] for row in table]
        return dict(zip(others, best_assignment(noisy)))

    def read_drawings(self, public: IncognitoPublic, my_word: str | None) -> list[list[float]]:
        """scores[i][n - 1]: how well tile n's word is found in the i-th other drawing,
        set against the word's average over those drawings."""
        others = [s for s in range(public.seats) if s != self.seat]
        icons = [self._icon(word) for word in public.lineup]
        templates = [template(self.outline(code)) if code else None for code in icons]
        raw = []
        for seat in others:
            drawing = marks(tuple(public.drawings[seat]))
            place_icons = set(self.catalogue.place(public.places[seat]).icons)
            row = []
            for code, picture in zip(icons, templates):
                value = score(drawing, picture) if picture is not None else math.nan
                row.append(value * PLACE_PICTURE if code in place_icons else value)
            raw.append(row)
        table = []
        for row in raw:
            known = [v for v in row if not math.isnan(v)]
            fallback = sorted(known)[len(known) // 2] if known else 0.0  # a word with no picture: middling
            table.append([fallback if math.isnan(v) else v for v in row])
        for n in range(len(public.lineup)):
            mean = sum(row[n] for row in table) / len(table)
            for row in table:
                row[n] -= RELATIVE * mean
        if my_word in public.lineup:
            mine = public.lineup.index(my_word)
            for row in table:
                row[mine] = -math.inf  # my own word is in my drawing only
        return table


def palette_key(catalogue: IncognitoCatalogue) -> PaletteKey:
    """The catalogue's colours as an outline's cache key (``load_outline``)."""
    return tuple((c.id, c.rgb) for c in catalogue.palette)


def warm_caches(catalogue: IncognitoCatalogue) -> None:
    """Load the outline and template of every icon a match may use (the catalogue's
    words' and places' icons). ``sim`` calls it before it forks its workers, which then
    share them (~0.06 s of loading a worker: issue 18)."""
    palette = palette_key(catalogue)
    icons = {word.icon for word in catalogue.words if word.icon}
    icons |= {code for place in catalogue.places for code in place.icons}
    for code in sorted(icons):
        template(load_outline(code, palette))


def best_assignment(scores: list[list[float]]) -> list[int]:
    """Distinct tile numbers (1-based), one per row, with the highest total score: an
    exact search over the subsets of numbers used (6 tiles: 64 subsets)."""
    tiles = len(scores[0]) if scores else 0
    best: dict[int, tuple[float, tuple[int, ...]]] = {0: (0.0, ())}
    for row in scores:
        step: dict[int, tuple[float, tuple[int, ...]]] = {}
        for used, (total, picks) in best.items():
            for n in range(tiles):
                if used >> n & 1 or row[n] == -math.inf:
                    continue
                key, value = used | 1 << n, total + row[n]
                if key not in step or value > step[key][0]:
                    step[key] = (value, picks + (n + 1,))
        best = step
    return list(max(best.values(), key=lambda item: item[0])[1]) if best else []
