"""How to play: a game's rules as pages (``howto.<game_id>.<n>.title`` / ``.body``),
flipped with LEFT/RIGHT (or the arrows with the mouse); BACK closes."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from ...input.intents import InputEvent, Intent
from ...ui.fit import smallest_size
from .howto_pictures import picture_name
from .picture_maker import look_for_picture
from .widgets import MenuScene

if TYPE_CHECKING:
    from ...context import AppContext

#: A page's picture: this share of the page's width, its whole height, beside its words
#: (its crop of a screen is zoomed to fill it: howto_pictures.py).
PICTURE_SHARE = 0.6
#: px kept free under the picture for the page dots and number.
DOTS_ROOM = 30
#: Fixed ticks between two looks for a picture on its way (a stat each: 4 a second).
LOOK_TICKS = 15
#: Fixed ticks a picture that arrived while its page was shown takes to fade in.
FADE_TICKS = 20
#: The picture's frame while the picture is being drawn: an artist's palette.
DRAWING_ICON = "1F3A8"


def howto_pages(ctx: AppContext, game_id: str) -> list[tuple[str, str]]:
    """(title, body) for pages 1, 2, … as long as the strings exist, then how to join by
    phone and what this game's phone screen does (``phone.howto.*``)."""
    pages = []
    n = 1
    while ctx.strings.has(f"howto.{game_id}.{n}.title"):
        pages.append((ctx.t(f"howto.{game_id}.{n}.title"), ctx.t(f"howto.{game_id}.{n}.body")))
        n += 1
    if pages:
        pages.append((ctx.t("phone.howto.title"), ctx.t("phone.howto.body")))
    if pages and ctx.strings.has(f"phone.howto.{game_id}"):
        pages.append((ctx.t("phone.howto.game_title"), ctx.t(f"phone.howto.{game_id}")))
    return pages


def howto_box(safe: pygame.Rect) -> pygame.Rect:
    """The page's box in a menu's ``safe`` area, the same for every game (the title's
    warm-up draws its shadow)."""
    return pygame.Rect(safe.x + 110, safe.y + 150, safe.width - 220, safe.height - 270)


def picture_rect(box: pygame.Rect) -> pygame.Rect:
    """Where a page's picture goes in the page's ``box``: the right of its padded inside,
    from top to bottom (the page dots sit in the padding below)."""
    inner = box.inflate(-100, -100)
    rect = pygame.Rect(0, inner.y, round(inner.width * PICTURE_SHARE), inner.height - DOTS_ROOM)
    rect.right = inner.right
    return rect


class HowToScene(MenuScene):
    def __init__(self, ctx: AppContext, game_id: str) -> None:
        super().__init__(ctx)
        self.game_id = game_id
        #: What the game's plug-in declares of it: its icon, its pages' pictures.
        self.mode = ctx.games.mode(game_id)
        self.page = 0
        self.pages: list[tuple[str, str]] = []
        self.box = pygame.Rect(0, 0, 0, 0)
        #: page -> its picture, once shown (see :meth:`update`); gone with the scene.
        self.pictures: dict[int, pygame.Surface] = {}
        #: Pages whose picture is being drawn (the maker runs), and those whose picture
        #: will not come (no maker, or it failed): their words fill the page.
        self.waiting: set[int] = set()
        self.without: set[int] = set()
        #: page -> the tick its picture arrived while the page waited for it (it fades in).
        self.arrived: dict[int, int] = {}
        self._next_look = 0

    def screen_name(self) -> tuple[object, ...]:  # (each game's how-to: the warm-up's buttons, kept_widgets.py)
        return HowToScene, self.game_id

    def build(self) -> None:
        self.pages = howto_pages(self.ctx, self.game_id)
        self.page = min(self.page, max(0, len(self.pages) - 1))
        self.box = howto_box(self.safe)
        y = self.box.centery - 60
        self.button("previous", "‹", (self.box.x - 100, y, 84, 120), lambda: self.flip(-1))
        self.button("next", "›", (self.box.right + 16, y, 84, 120), lambda: self.flip(1))
        self.refresh()

    def initial_focus(self) -> str:
        return "next"

    def refresh(self) -> None:
        for item in self.items:
            on = self.page > 0 if item.key == "previous" else self.page < len(self.pages) - 1
            item.enabled = on
            if on:
                item.widget.show()
            else:
                item.widget.hide()
        self._apply_focus()

    def flip(self, delta: int) -> None:
        page = max(0, min(len(self.pages) - 1, self.page + delta))
        if page != self.page:
            self.page = page
            self.sound("nav")
            self.refresh()

    def move(self, intent: Intent) -> None:
        if intent in (Intent.LEFT, Intent.RIGHT):
            self.flip(-1 if intent is Intent.LEFT else 1)
            self.focus_key("previous" if intent is Intent.LEFT else "next")

    def handle(self, seat: int | None, event: InputEvent) -> bool:
        if event.intent in (Intent.SHOULDER_L, Intent.SHOULDER_R) and event.pressed:
            self.flip(-1 if event.intent is Intent.SHOULDER_L else 1)
            return True
        if event.intent is Intent.CONFIRM and event.pressed:
            if self.page < len(self.pages) - 1:
                self.flip(1)
            else:
                self.back()
            return True
        return super().handle(seat, event)

    def draw_focus(self, surface: pygame.Surface) -> None:
        """The arrows are the only widgets; the page itself is what has focus."""

    def draw_back(self, surface: pygame.Surface, alpha: float) -> None:
        kit = self.kit
        kit.background(surface)
        self.draw_title(surface, f"{self.t('howto.title')} — {self.t(f'games.{self.game_id}.name')}",
                        self.mode.icon or "1F4D6")
        kit.panel(surface, self.box, kit.colours.panel, radius=36)
        if not self.pages:
            kit.blit_text(surface, self.t("howto.none"), 44, self.box.center, "center", kit.colours.muted)
            return
        self.draw_page(surface, *self.pages[self.page])
        self.draw_dots(surface)

    def picture_rect(self) -> pygame.Rect:
        return picture_rect(self.box)

    def update(self, frame_dt: float) -> None:
        """The shown page's picture, the first time it is shown: read back from the user's
        cache (~1 ms) if the maker made it, else looked for again every :data:`LOOK_TICKS`
        while it is being drawn (picture_maker.py). Only that page's: the others are
        read when a player turns to them."""
        page, name = self.page, picture_name(self.mode, self.page)
        if name is None or page in self.pictures or page in self.without:
            return
        if page in self.waiting and self.ticks < self._next_look:
            return
        found = look_for_picture(self.ctx, name, self.picture_rect().size)
        if found is True:
            self.waiting.add(page)
            self._next_look = self.ticks + LOOK_TICKS
        elif found is False:
            self.waiting.discard(page)
            self.without.add(page)
        else:
            self.pictures[page] = found
            if page in self.waiting:
                self.waiting.discard(page)
                self.arrived[page] = self.ticks

    def as_with_picture(self) -> None:
        """Lay the shown page out as with its picture, without reading it nor asking for it
        (the menus' warm-up, warm.py: the words then fit the width they will have)."""
        if picture_name(self.mode, self.page) is not None:
            self.waiting.add(self.page)
            self._next_look = 1 << 30

    def draw_page(self, surface: pygame.Surface, title: str, body: str) -> None:
        """The words on the left at the largest sizes that fit, in the middle of their
        column's height, the picture on the right."""
        kit = self.kit
        inner = self.box.inflate(-100, -100)
        picture = self.pictures.get(self.page)
        frame = self.picture_rect()
        if picture is not None or self.page in self.waiting:
            kit.panel(surface, frame.inflate(16, 16), kit.colours.panel_hi, radius=20, shadow=False)
            self.draw_picture(surface, frame, picture)
            inner.width = frame.x - 40 - inner.x
        room = inner.height - 40  # the page dots under the words
        for heading_size, body_size in ((56, 38), (48, 34), (44, 30), (40, 28), (36, smallest_size(kit))):
            heading = kit.text(title, heading_size, kit.colours.gold, max_width=inner.width)
            words = kit.text(body, body_size, kit.colours.text, max_width=inner.width)
            if heading.get_height() + 24 + words.get_height() <= room:
                break
        top = inner.y + max(0, room - heading.get_height() - 24 - words.get_height()) // 2
        surface.blit(heading, (inner.x, top))
        surface.blit(words, (inner.x, top + heading.get_height() + 24))

    def draw_picture(self, surface: pygame.Surface, frame: pygame.Rect, picture: pygame.Surface | None) -> None:
        """The picture in its frame; while it is being drawn, a palette and words saying so,
        over which the picture fades in when it arrives."""
        arrived = self.arrived.get(self.page)
        shown = 1.0 if arrived is None else min(1.0, (self.ticks - arrived) / FADE_TICKS)
        if picture is None or shown < 1.0:
            kit = self.kit
            icon = kit.icon(DRAWING_ICON, 128)
            sway = round(kit.motion(8 * math.sin(self.ticks * 2 * math.pi / 90)))
            surface.blit(icon, icon.get_rect(center=(frame.centerx, frame.centery - 50 + sway)))
            kit.blit_text(surface, self.t("howto.drawing"), 36, (frame.centerx, frame.centery + 60), "midtop",
                          kit.colours.text, max_width=frame.width - 40, align="center")
        if picture is not None:
            picture.set_alpha(None if shown >= 1.0 else round(255 * shown))
            surface.blit(picture, frame)

    def draw_dots(self, surface: pygame.Surface) -> None:
        kit = self.kit
        n = len(self.pages)
        y = self.box.bottom - 44
        for i in range(n):
            x = self.box.centerx + (i - (n - 1) / 2) * 40
            on = i == self.page
            pygame.draw.circle(surface, kit.colours.accent if on else kit.colours.panel_hi, (int(x), y), 12 if on else 9)
        kit.blit_text(surface, self.t("howto.page", n=self.page + 1, total=n), 30, (self.box.right - 40, y),
                      "midright", kit.colours.muted)

    def draw_front(self, surface: pygame.Surface, alpha: float) -> None:
        self.kit.hint_bar(surface, [(Intent.LEFT, self.t("common.pages")), (Intent.BACK, self.t("common.back"))])
