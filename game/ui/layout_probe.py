"""The layout check: where every text lands on a drawn screen, and what is wrong with it.

A screen is drawn once with a *recording* canvas. While the check runs,
``pygame.Surface`` is a subclass that remembers what is blitted on it (:class:`Mark` s):
texts the kit rendered (``UiKit.text`` is wrapped to tag the surfaces it returns with
their words, size and colour) and the panels the kit drew (``UiKit.panel``, the boxes
texts sit in). A surface blitted on another hands its marks on, moved and clipped, so a
text painted on a board's cached layer is found on the canvas too. Menus' pygame_gui
buttons are read from the scene's items (rect, text, font, colour).

The rules (margin, small, box, overlap, contrast) are judged in
:mod:`game.ui.layout_rules`, the marks' (tiny, over) in :mod:`game.ui.layout_marks`, those on
how a screen is composed (cut, empty) in :mod:`game.ui.layout_compose`; docs/architecture.md,
"Shots and the layout check", tells the whole.

A probe draws a shot at tick 60 or, with ``last_frame``, at the last frame of the show
playing then (a count-up's, a podium's, a reveal's last beat: :func:`to_last_frame`),
with long or default names at the largest or the default text size.

Which texts a drawing shows is read in :mod:`game.ui.layout_texts`.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Iterable, Iterator, Self, Sequence, cast

import pygame

from ..shots import ShotRequest, prepare
from .layout_compose import check_cut, check_empty, data_words, plays_a_show, seat_words, to_last_frame
from .layout_marks import check_over, check_sizes
from .layout_rules import RULES, Colour, Text, Violation, check_margin, check_texts
from .layout_texts import gui_texts, texts_on

if TYPE_CHECKING:  # pragma: no cover
    from pygame.typing import ColorLike, Point, RectLike

    from ..settings import Settings
    from ..shots import Builder
    from .kit import UiKit

_BaseSurface = pygame.Surface


@dataclass(frozen=True)
class TextTag:
    """What the kit rendered: the words, the px, the colour, the wrap width."""

    text: str
    #: The px drawn (the size asked for times the text scale).
    size: int
    colour: Colour
    max_width: int | None = None


@dataclass(frozen=True)
class Mark:
    """Something recorded on a surface: a text (``tag`` and its ``image``) or a box."""

    kind: str  # "text" | "box" (a panel) | "shape" (a token, a badge) | "icon" (a pictogram) | "ring" | "veil"
    rect: pygame.Rect
    #: The part of ``rect`` the clips let through.
    visible: pygame.Rect
    tag: TextTag | None = None
    image: pygame.Surface | None = None
    #: Recording order: a box drawn after a text is not the box it sits in.
    order: int = 0
    #: The px a shape or an icon was drawn at (a shape's diameter, an icon's side; a ring's band).
    size: int = 0

    def moved(self, dx: int, dy: int, bounds: pygame.Rect, order: int) -> "Mark":
        return Mark(self.kind, self.rect.move(dx, dy), self.visible.move(dx, dy).clip(bounds), self.tag,
                    self.image, order, self.size)


class _AnySurface(type):
    """``isinstance(s, pygame.Surface)`` stays true for plain surfaces while the
    recording class stands in for ``pygame.Surface``."""

    def __instancecheck__(cls, obj: object) -> bool:
        return isinstance(obj, _BaseSurface)

    def __subclasscheck__(cls, sub: type) -> bool:
        return issubclass(sub, _BaseSurface)


@dataclass
class Recorder:
    """Tags kit texts and collects what lands on recording surfaces."""

    #: id(surface) -> (tag, surface): the surface is kept so its id is not reused.
    tags: dict[int, tuple[TextTag, pygame.Surface]] = field(default_factory=dict)
    #: id(icon) -> (px asked for, icon): the kit's pictograms, kept as ``tags`` are.
    icons: dict[int, tuple[int, pygame.Surface]] = field(default_factory=dict)
    #: (alpha, colour) of each full-canvas dim, in order.
    dims: list[tuple[int, Colour | None]] = field(default_factory=list)
    order: int = 0
    #: While the kit draws confetti: its shapes are decoration, recorded with no size.
    decorating: bool = False

    def next_order(self) -> int:
        self.order += 1
        return self.order

    def surface_class(self) -> type[RecordingSurface]:
        """A recording surface class of its own, that records for this recorder."""
        return type("RecordingSurface", (RecordingSurface,), {"recorder": self})

    def record_blit(self, target: RecordingSurface, source: pygame.Surface, dest: Any, area: RectLike | None) -> None:
        """``dest`` as :meth:`pygame.Surface.blit` takes it: a point, a rect or a 4-sequence.
        Most blits carry nothing to record (an image the kit did not tag, a layer with no
        marks: every blit of a shot's preparation): they cost one look-up each."""
        tagged = self.tags.get(id(source))
        icon = self.icons.get(id(source))
        carried = getattr(source, "_marks", None)
        if tagged is None and icon is None and not carried:
            return
        if isinstance(dest, pygame.Rect) or (isinstance(dest, Sequence) and len(dest) == 4):
            pos = pygame.Rect(dest).topleft
        else:
            pos = (int(dest[0]), int(dest[1]))
        src_area = pygame.Rect(area) if area is not None else source.get_rect()
        landed = pygame.Rect(pos, src_area.size)
        bounds = landed.clip(target.get_clip()).clip(target.get_rect())
        dx, dy = pos[0] - src_area.x, pos[1] - src_area.y
        if tagged is not None and tagged[1] is source:
            rect = source.get_rect(topleft=(dx, dy))
            target.marks.append(Mark("text", rect, rect.clip(bounds), tagged[0], source, self.next_order()))
        if icon is not None and icon[1] is source:
            rect = source.get_rect(topleft=(dx, dy))
            target.marks.append(Mark("icon", rect, rect.clip(bounds), None, source, self.next_order(), icon[0]))
        for mark in carried or ():
            target.marks.append(mark.moved(dx, dy, bounds, self.next_order()))

    def record_box(self, surface: pygame.Surface, rect: pygame.Rect | Sequence[int], kind: str = "box",
                   size: int = 0) -> None:
        marks: list[Mark] | None = getattr(surface, "marks", None)  # (a recording surface's)
        if marks is not None:
            rect = pygame.Rect(rect)
            marks.append(Mark(kind, rect, rect.clip(surface.get_clip()), order=self.next_order(), size=size))

    def watch(self, kit: UiKit, canvas: RecordingSurface) -> None:
        """Wrap ``kit``'s text, icon, panel, dim, darken, draw_shape, draw_confetto and outline methods
        on this instance (kit.py stays as is): texts and icons get tagged, panels, shapes
        and rings leave marks (a shape's its diameter, confetti's none, a ring's its band), full-screen dims (on the canvas or on a screen-sized
        layer, as a veiled board is cached) are remembered for the margin's background."""
        kit_text, kit_icon, panel, dim, darken, shape = kit.text, kit.icon, kit.panel, kit.dim, kit.darken, kit.draw_shape
        confetto, outline, background = kit.draw_confetto, kit.outline, kit.background

        def tagged_text(text: str, size: int, colour: Colour | None = None, max_width: int | None = None,
                        *args: Any, **kwargs: Any) -> pygame.Surface:
            image = kit_text(text, size, colour, max_width, *args, **kwargs)
            # (the RGB of an RGBA colour or a pygame.Color too)
            shade = (colour[0], colour[1], colour[2]) if colour is not None else kit.colours.text
            self.tags[id(image)] = (TextTag(text, kit.scaled(size), shade, max_width), image)
            return image

        def tagged_icon(code: str, size: int) -> pygame.Surface:
            image = kit_icon(code, size)
            self.icons[id(image)] = (size, image)
            return image

        def boxed_panel(surface: pygame.Surface, rect: pygame.Rect | Sequence[int], *args: Any, **kwargs: Any) -> None:
            panel(surface, rect, *args, **kwargs)
            self.record_box(surface, rect)

        def veiled(surface: pygame.Surface, alpha: int, colour: Colour | None) -> None:
            # the canvas, or a screen-sized layer drawn for it (a veiled board is cached)
            if type(surface) is type(canvas) and surface.get_size() == canvas.get_size():
                self.dims.append((alpha, colour))
                self.record_box(surface, surface.get_rect(), "veil")  # (what is under it is a backdrop)

        def recorded_dim(surface: pygame.Surface, alpha: int = 170, colour: Colour | None = None) -> None:
            dim(surface, alpha, colour)
            veiled(surface, alpha, colour)

        def recorded_darken(surface: pygame.Surface, alpha: int) -> None:
            darken(surface, alpha)
            veiled(surface, alpha, (0, 0, 0))  # (a dim towards black)

        def boxed_shape(surface: pygame.Surface, kind: str, colour: Colour, center: Sequence[int], radius: int,
                        *args: Any, **kwargs: Any) -> pygame.Rect:
            rect: pygame.Rect = shape(surface, kind, colour, center, radius, *args, **kwargs)
            # (a badge holds its number as a panel does; confetti has no size to judge)
            self.record_box(surface, rect, "shape", 0 if self.decorating else 2 * int(radius))
            return rect

        def covering_background(surface: pygame.Surface) -> None:
            background(surface)  # (over what was drawn there: a backdrop from now on, as under a dim)
            self.record_box(surface, surface.get_clip(), "veil")

        def ringed(surface: pygame.Surface, rect: pygame.Rect, colour: Any, width: int, radius: int) -> pygame.Rect:
            drawn = outline(surface, rect, colour, width, radius)
            self.record_box(surface, drawn, "ring", width)
            return drawn

        def decoration(surface: pygame.Surface, shape: str, colour: Colour, center: Sequence[int],
                       radius: int) -> pygame.Rect:
            self.decorating = True
            try:
                return confetto(surface, shape, colour, center, radius)
            finally:
                self.decorating = False

        # (this kit's methods replaced on the instance: the module doc)
        kit.text, kit.icon, kit.panel = tagged_text, tagged_icon, boxed_panel  # type: ignore[method-assign]
        kit.dim, kit.darken, kit.draw_shape = recorded_dim, recorded_darken, boxed_shape  # type: ignore[method-assign, assignment]
        kit.draw_confetto, kit.outline = decoration, ringed  # type: ignore[method-assign]
        kit.background = covering_background  # type: ignore[method-assign]


class RecordingSurface(_BaseSurface, metaclass=_AnySurface):
    """A ``pygame.Surface`` that keeps :class:`Mark` s of what is blitted on it, for its
    class's ``recorder`` (:meth:`Recorder.surface_class` makes one class per recorder)."""

    recorder: ClassVar[Recorder]

    @property
    def marks(self) -> list[Mark]:
        marks: list[Mark] | None = getattr(self, "_marks", None)
        if marks is None:
            marks = []
            self._marks = marks
        return marks

    def blit(self, source: pygame.Surface, dest: Point | RectLike = (0, 0), area: RectLike | None = None,
             special_flags: int = 0) -> pygame.Rect:
        done = super().blit(source, dest, area, special_flags)
        self.recorder.record_blit(self, source, dest, area)
        return done

    def blits(self, blit_sequence: Any, doreturn: Any = 1) -> Any:
        done = [self.blit(*item) for item in blit_sequence]
        return done if doreturn else None

    def fblits(self, blit_sequence: Iterable[tuple[pygame.Surface, Point | RectLike]], special_flags: int = 0) -> None:
        for source, dest in blit_sequence:
            self.blit(source, dest, None, special_flags)

    def fill(self, color: ColorLike, rect: RectLike | None = None, special_flags: int = 0) -> pygame.Rect:
        if rect is None and not special_flags:
            self.marks.clear()
        return super().fill(color, rect, special_flags)

    def _with_marks(self, other: pygame.Surface) -> Self:
        copied = cast(Self, other)  # (pygame makes a surface's copy of the surface's own class)
        copied._marks = list(self.marks)
        return copied

    def copy(self) -> Self:
        return self._with_marks(super().copy())

    def convert(self, *args: Any) -> Self:
        return self._with_marks(super().convert(*args))

    def convert_alpha(self, *args: Any) -> Self:
        return self._with_marks(super().convert_alpha(*args))


@contextlib.contextmanager
def recording(recorder: Recorder) -> Iterator[type[RecordingSurface]]:
    """``pygame.Surface`` is the recording class inside the block."""
    cls = recorder.surface_class()
    # (the recording class stands in for pygame's own while recording)
    pygame.Surface = cls  # type: ignore[misc]
    pygame.surface.Surface = cls  # type: ignore[misc]
    try:
        yield cls
    finally:
        pygame.Surface = _BaseSurface  # type: ignore[misc]  # (pygame's own class back)
        pygame.surface.Surface = _BaseSurface  # type: ignore[misc]


#: The probe's view of every shot beside the longest names and largest text at 8 seats
#: (issue 28 item 7): the default names at the default text size with 3 seats.
DEFAULT_VIEW: dict[str, Any] = {"names": "demo", "text_scale": 1.0, "seats": 3}


# --- one screen ----------------------------------------------------------------------------------
@dataclass
class Probe:
    """Draws screens with a recording canvas and lists their violations."""

    safe_area: float = 0.05
    names: str = "long"
    ticks: int = 60
    seats: int = 8
    seed: int = 1
    #: The text size setting (None: the largest).
    text_scale: float | None = None
    #: Drawn at the last frame of the show playing at ``ticks`` (:func:`to_last_frame`).
    last_frame: bool = False

    def settings(self, lang: str) -> Settings:
        from ..settings import TEXT_SCALES, Settings

        scale = max(TEXT_SCALES) if self.text_scale is None else self.text_scale
        return Settings(lang=lang, text_scale=scale, safe_area=self.safe_area)

    def draw(self, shot: str, lang: str, build: Builder | None = None) -> "Drawn":
        """``shot`` drawn in ``lang`` on a recording canvas (``build`` replaces the
        registered builder: the tests' fixture screens)."""
        return self._drawings(shot, lang, build, then_last=False)[0]

    def draw_then_last(self, shot: str, lang: str) -> tuple["Drawn", "Drawn | None"]:
        """``shot`` drawn at its tick, then at the last frame of the show playing then
        (as ``last_frame`` draws it) from the same preparation, which is most of a
        drawing's cost; None for the second when no show plays: the last frame is the
        first drawing."""
        assert not self.last_frame, "draw_then_last draws the tick first"
        return self._drawings(shot, lang, None, then_last=True)

    def _drawings(self, shot: str, lang: str, build: Builder | None, then_last: bool) -> tuple["Drawn", "Drawn | None"]:
        recorder = Recorder()
        request = ShotRequest(lang=lang, seats=self.seats, seed=self.seed, ticks=self.ticks, names=self.names)
        with recording(recorder) as surface_class:
            ctx = prepare(shot, request, self.settings(lang), build)
            if self.last_frame:
                to_last_frame(ctx.stack)
            canvas = surface_class((ctx.kit.W, ctx.kit.H))
            recorder.watch(ctx.kit, canvas)  # (once: it wraps the kit's methods)
            first = self._record(ctx, recorder, canvas)
            last = None
            if then_last and plays_a_show(ctx.stack):
                to_last_frame(ctx.stack)
                last = self._record(ctx, recorder, surface_class((ctx.kit.W, ctx.kit.H)))
        names = seat_words(seat.name for seat in ctx.seats)
        drawn = self._drawn(shot, lang, ctx, names, *first)
        drawn_last = None if last is None else self._drawn(shot, lang, ctx, names, *last)
        ctx.stack.clear()
        return drawn, drawn_last

    @staticmethod
    def _record(ctx: Any, recorder: Recorder, canvas: RecordingSurface) -> tuple[Any, ...]:
        """The stack drawn as it is on ``canvas``, a fresh recording canvas: (canvas,
        texts, boxes, the full-screen dims of this drawing)."""
        recorder.dims = []
        ctx.kit.background(canvas)
        ctx.stack.draw(canvas, 1.0)
        texts, boxes = texts_on(canvas)
        return canvas, texts + gui_texts(ctx.stack.visible()), boxes, recorder.dims

    @staticmethod
    def _drawn(shot: str, lang: str, ctx: Any, names: str, canvas: RecordingSurface, texts: list[Text],
               boxes: list[Mark], dims: list[tuple[int, Colour | None]]) -> "Drawn":
        background = _BaseSurface(canvas.get_size())
        ctx.kit.background(background)
        for alpha, colour in dims:
            ctx.kit.dim(background, alpha, colour)
        plain = background.copy()
        for scene in ctx.stack.visible():
            backdrop = getattr(scene, "draw_backdrop", None)
            if backdrop is not None:
                backdrop(background, 1.0)
        return Drawn(shot, lang, canvas, background, ctx.kit.safe_rect, texts, boxes, plain, names)

    def check(self, shot: str, lang: str, build: Builder | None = None) -> list[Violation]:
        """Every violation on ``shot`` in ``lang``."""
        return self.draw(shot, lang, build).violations()

    def check_then_last(self, shot: str, lang: str) -> tuple[list[Violation], list[Violation]]:
        """Every violation on ``shot`` in ``lang`` at its tick, and at the last frame of
        the show playing then (:meth:`draw_then_last`; the first list when none plays)."""
        tick, last = self.draw_then_last(shot, lang)
        found = tick.violations()
        return found, found if last is None else last.violations()


@dataclass
class Drawn:
    """One screen as drawn: the canvas, its background alone (with the same full-screen
    dims and the scenes' own backdrops, which may fill the margin: a stage curtain), the
    safe area, the visible texts and the boxes."""

    shot: str
    lang: str
    canvas: RecordingSurface
    background: pygame.Surface
    safe: pygame.Rect
    texts: list[Text]
    boxes: list[Mark]
    #: The background alone with the full-screen dims, without the scenes' backdrops: what
    #: an empty part of the screen shows.
    plain: pygame.Surface | None = None
    #: The seats' names (what a name really is: the ``cut`` rule).
    names: str = ""

    def violations(self, whole_screen: bool = True) -> list[Violation]:
        """Every rule broken; ``whole_screen=False`` leaves out ``empty`` (a fixture that
        paints one thing to test another rule is not a screen to compose)."""
        shot, lang = self.shot, self.lang
        margin = check_margin(self.canvas, self.background, self.safe)
        out = [Violation(shot, lang, "margin", "", (r.x, r.y, r.w, r.h)) for r in margin]
        out += [Violation(shot, lang, rule, t.text, (t.ink.x, t.ink.y, t.ink.w, t.ink.h), detail)
                for rule, t, detail in check_texts(self.texts, self.boxes, self.canvas)]
        out += [Violation(shot, lang, "tiny", "", (m.rect.x, m.rect.y, m.rect.w, m.rect.h), detail)
                for m, detail in check_sizes(self.canvas.marks)]
        out += [Violation(shot, lang, "over", text, (r.x, r.y, r.w, r.h), detail)
                for r, text, detail in check_over(self.canvas.marks, self.texts)]
        out += self.composition_violations(whole_screen)
        return sorted(out, key=lambda v: (RULES.index(v.rule), v.rect))

    def composition_violations(self, whole_screen: bool = True) -> list[Violation]:
        """The ``cut`` and ``empty`` rules (:mod:`game.ui.layout_compose`)."""
        from .. import paths

        shot, lang = self.shot, self.lang
        words = data_words(paths.data_dir()) + "\n" + self.names
        out = [Violation(shot, lang, rule, t.text, (t.ink.x, t.ink.y, t.ink.w, t.ink.h), detail)
               for rule, t, detail in check_cut(self.texts, words)]
        if whole_screen and self.plain is not None:
            out += [Violation(shot, lang, "empty", "", (r.x, r.y, r.w, r.h), detail)
                    for r, detail in check_empty(self.canvas, self.plain, self.safe)]
        return out
