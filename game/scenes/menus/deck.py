"""The deck's categories: which ones a match deals from (Secret Identity's lobby).

A game opts in from its plug-in (``GamePlugin.deck``: a pure module of its package,
Secret Identity's ``deck.py``): the module exposes ``character_pool(catalogue, config)
-> list[id]`` and ``MIN_POOL[entry id]`` (fewest characters a match needs), and the
game's catalogue has ``categories`` (id -> Category with a bilingual ``name``) and
``characters`` (each with ``category`` and ``custom``). The lobby keeps the choice in
its extra config as ``categories``: None = every category, else the sorted list of
chosen ids (the rules read ``config["categories"]``). The module may also name
``OPT_IN_DECK``, a config key for an opt-in tile (Secret Identity's ``connoisseurs``:
the less-known characters), off until ticked.

:class:`DeckScene` is the picker: one toggle tile per category with its character
count, custom-deck categories marked, all driven by D-pad/stick and CONFIRM.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable, Mapping, Protocol, Sequence

import pygame

from ...games import GameEntry
from ...input.intents import Intent
from ...ui.fit import fit_text
from .widgets import MenuScene

if TYPE_CHECKING:
    from ...context import AppContext

#: Book-stack pictogram of the deck screen, and the custom deck's badge (pencil).
DECK_ICON = "1F4DA"
CUSTOM_ICON = "270F"


@dataclass(frozen=True)
class DeckCategory:
    id: str
    name: str
    #: Characters of this category a match could deal (family filter applied).
    count: int
    #: Defined by a custom deck in the user's folder (all its characters are custom).
    custom: bool


class _Category(Protocol):
    @property
    def name(self) -> Callable[[str], str]: ...  # (a bilingual Text: name(lang))


class _Character(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def category(self) -> str: ...
    @property
    def custom(self) -> bool: ...


class DeckCatalogue(Protocol):
    """What the deck reads of its game's catalogue (module doc)."""

    @property
    def categories(self) -> Mapping[str, _Category]: ...
    @property
    def characters(self) -> Sequence[_Character]: ...


class CategoryDeck:
    """One game's category choice: names, counts, and whether enough are chosen."""

    def __init__(self, ctx: AppContext, entry: GameEntry[Any], deck: ModuleType) -> None:
        self.ctx = ctx
        self.entry = entry
        self.catalogue: DeckCatalogue = entry.catalogue(ctx.catalogue)
        self._pool: Callable[[DeckCatalogue, Mapping[str, Any]], list[str]] = deck.character_pool
        self.needed: int = int(deck.MIN_POOL[entry.id])
        #: The config key of the opt-in tile, or None when the game has none.
        self.opt_in: str | None = getattr(deck, "OPT_IN_DECK", None)
        #: :meth:`count` by config: a lobby's opening asked it five times for one config
        #: (the deck row, the start problem twice…): 0.6 ms each over 1,500 characters.
        self._counts: dict[tuple[tuple[str, Any], ...], int] = {}

    def all_ids(self) -> list[str]:
        return list(self.catalogue.categories)

    def categories(self, config: Mapping[str, Any]) -> list[DeckCategory]:
        """Every category, shipped ones first, with the counts ``config``'s filters leave."""
        lang = self.ctx.strings.lang
        pool = set(self._pool(self.catalogue, {**config, "categories": None}))
        counts: dict[str, int] = {}
        custom: dict[str, bool] = {}
        for character in self.catalogue.characters:
            custom[character.category] = custom.get(character.category, True) and character.custom
            if character.id in pool:
                counts[character.category] = counts.get(character.category, 0) + 1
        found = [DeckCategory(cid, category.name(lang), counts.get(cid, 0), custom.get(cid, False))
                 for cid, category in self.catalogue.categories.items()]
        return sorted(found, key=lambda c: c.custom)  # stable: catalogue order within each group

    def opt_in_tile(self, config: Mapping[str, Any]) -> DeckCategory | None:
        """The opt-in tile with how many characters it adds to the chosen categories."""
        if self.opt_in is None:
            return None
        added = set(self._pool(self.catalogue, {**config, self.opt_in: True}))
        added -= set(self._pool(self.catalogue, {**config, self.opt_in: False}))
        return DeckCategory(self.opt_in, self.ctx.t(f"deck.{self.opt_in}"), len(added), False)

    def tiles(self, config: Mapping[str, Any]) -> list[DeckCategory]:
        """Every tile of the picker: the categories, then the opt-in one."""
        extra = self.opt_in_tile(config)
        return self.categories(config) + ([extra] if extra is not None else [])

    def chosen(self, config: Mapping[str, Any]) -> list[str]:
        categories = config.get("categories")
        return self.all_ids() if categories is None else [c for c in self.all_ids() if c in set(categories)]

    def count(self, config: Mapping[str, Any]) -> int:
        """Characters the chosen categories (and filters) leave for the match."""
        key = tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in config.items()))
        try:
            return self._counts[key]
        except KeyError:
            count = self._counts[key] = len(self._pool(self.catalogue, config))
            return count
        except TypeError:  # (a value that is no dictionary key: counted each time)
            return len(self._pool(self.catalogue, config))

    def problem(self, config: Mapping[str, Any]) -> str | None:
        count = self.count(config)
        if count >= self.needed:
            return None
        return self.ctx.t("lobby.need_categories", need=self.needed, n=count)

    def summary(self, config: Mapping[str, Any]) -> str:
        """The lobby row: "Categories: 5 of 7 (402 characters)"."""
        return self.ctx.t("lobby.deck", chosen=len(self.chosen(config)), total=len(self.all_ids()),
                          n=self.count(config))

    @staticmethod
    def value(all_ids: list[str], chosen: set[str]) -> list[str] | None:
        """The config value for a set of chosen ids: None when every category is on."""
        return None if set(all_ids) <= chosen else [c for c in all_ids if c in chosen]


def category_deck(ctx: AppContext, entry: GameEntry[Any]) -> CategoryDeck | None:
    """The category choice of ``entry``'s game, or None when the game has none."""
    plugin = entry.plugin
    if plugin is None or plugin.deck is None:
        return None
    deck = plugin.module(plugin.deck)
    return CategoryDeck(ctx, entry, deck) if entry.id in deck.MIN_POOL else None


#: Narrower tiles break a long category name into three lines: fewer columns instead.
TILE_MIN_WIDTH = 500


class DeckScene(MenuScene):
    """Toggle tiles, one per category; "All" and "Done" under them; the count on top."""

    title_key = "deck.title"
    title_icon = DECK_ICON

    def __init__(self, ctx: AppContext, deck: CategoryDeck, config: Callable[[], Mapping[str, Any]],
                 on_change: Callable[[str, Any], None]) -> None:
        """``on_change(key, value)`` sets one config key: ``categories`` or the opt-in."""
        super().__init__(ctx)
        self.deck = deck
        self.config = config
        self.on_change = on_change

    def chosen(self) -> set[str]:
        config = self.config()
        opt_in = self.deck.opt_in
        return set(self.deck.chosen(config)) | ({opt_in} if opt_in and config.get(opt_in) else set())

    def build(self) -> None:
        safe = self.safe
        categories = self.deck.tiles(self.config())
        columns = 3 if len(categories) <= 15 else 4
        columns = max(2, min(columns, (safe.width - 40 + 20) // (TILE_MIN_WIDTH + 20)))  # the wide safe area
        rows = max(1, math.ceil(len(categories) / columns))
        gap = 20
        # from the bottom up: the hint bar, the folder sentence over it, the buttons, then the tiles
        folder = self.folder_text()
        self.folder_rect = folder.get_rect(midbottom=(960, self.kit.safe_rect.bottom - 44 - self.kit.scaled(34)))
        y = self.folder_rect.top - 14 - 80
        top, bottom = safe.y + 190, y - 16
        w = (safe.width - 40 - gap * (columns - 1)) // columns
        h = min(132, (bottom - top - gap * (rows - 1)) // rows)
        for i, category in enumerate(categories):
            rect = (safe.x + 20 + (i % columns) * (w + gap), top + (i // columns) * (h + gap), w, h)
            self.card(f"cat.{category.id}", rect, functools.partial(self.toggle, category.id))
        y = min(y, top + rows * (h + gap) + 16)
        self.button("all", self.t("deck.all"), (960 - 20 - 420, y, 420, 80), self.select_all, object_id="@menu_small")
        self.button("done", self.t("deck.done"), (960 + 20, y, 420, 80), self.back, object_id="@menu_small")

    def folder_text(self) -> pygame.Surface:
        """Where custom decks go, said for people: which folder, not a file path (issue 14)."""
        return self.kit.text(self.t("deck.folder", game=self.deck.entry.catalogue_key), 28, self.kit.colours.muted,
                             max_width=self.safe.width - 80, align="center")

    def initial_focus(self) -> str | None:
        return self.items[0].key if self.items else None

    def toggle(self, category_id: str) -> None:
        chosen = self.chosen() ^ {category_id}
        if category_id == self.deck.opt_in:
            self.on_change(category_id, category_id in chosen)
        else:
            self.on_change("categories", self.deck.value(self.deck.all_ids(), chosen))

    def select_all(self) -> None:
        """Every category; the opt-in tile stays as it is (it is not a category)."""
        self.on_change("categories", None)

    # --- drawing -------------------------------------------------------------------------
    def draw_back(self, surface: pygame.Surface, alpha: float) -> None:
        kit = self.kit
        super().draw_back(surface, alpha)
        safe = self.safe
        kit.blit_text(surface, self.t(f"games.{self.deck.entry.id}.name"), 36, (safe.right - 8, safe.y + 56),
                      "midright", kit.colours.muted)
        config = self.config()
        problem = self.deck.problem(config)
        text = problem or self.t("deck.status", n=self.deck.count(config), need=self.deck.needed)
        kit.blit_text(surface, text, 36, (960, safe.y + 140), "center", kit.colours.bad if problem else kit.colours.good,
                      max_width=safe.width - 80, align="center")

    def draw_front(self, surface: pygame.Surface, alpha: float) -> None:
        kit = self.kit
        chosen = self.chosen()
        categories = {c.id: c for c in self.deck.tiles(self.config())}
        focused = self.focused()
        for item in self.items:
            category = categories.get(item.key.partition(".")[2]) if item.key.startswith("cat.") else None
            if category is not None:
                self.draw_tile(surface, item.rect, category, category.id in chosen, item is focused)
        done = next(i for i in self.items if i.key == "done")
        folder = self.folder_rect.copy()
        folder.top = min(folder.top, done.rect.bottom + 14)  # under Done, over the hint bar at the lowest
        surface.blit(self.folder_text(), folder)
        kit.hint_bar(surface, [(Intent.CONFIRM, self.t("deck.hint_toggle")), (Intent.BACK, self.t("common.back"))])

    def draw_tile(self, surface: pygame.Surface, rect: pygame.Rect, category: DeckCategory, on: bool,
                  focused: bool) -> None:
        kit = self.kit
        ink = kit.colours.bg if focused else kit.colours.text
        soft = kit.colours.bg if focused else kit.colours.muted
        box = pygame.Rect(0, 0, 52, 52)
        box.midleft = (rect.x + 26, rect.centery)
        pygame.draw.rect(surface, kit.colours.good if on else kit.colours.bg2, box, border_radius=12)
        pygame.draw.rect(surface, ink, box, width=4, border_radius=12)
        if on:
            kit.draw_check(surface, box.center, 36, kit.colours.text)
        x = box.right + 20
        right = rect.right - 20
        if category.custom:
            badge = kit.text(self.t("deck.custom"), 28, kit.colours.bg)
            pill = pygame.Rect(0, 0, badge.get_width() + 64, 44)
            pill.topright = (right, rect.y + 12)
            pygame.draw.rect(surface, kit.colours.gold, pill, border_radius=22)
            icon = kit.icon(CUSTOM_ICON, 32)
            surface.blit(icon, icon.get_rect(midleft=(pill.x + 10, pill.centery)))
            surface.blit(badge, badge.get_rect(midleft=(pill.x + 48, pill.centery)))
        width = right - x - (200 if category.custom else 0)
        count = kit.text(self.t("deck.count", n=category.count), fit_text(kit, self.t("deck.count", n=category.count),
                                                                          width, (30, 28))[0], soft)
        size, name = fit_text(kit, category.name, width)
        name_image = kit.text(name, size, ink)
        if name_image.get_height() + count.get_height() + 12 <= rect.height:
            # the name over its count, centred in the tile (a long name takes two lines)
            top = rect.centery - (name_image.get_height() + count.get_height()) // 2
            surface.blit(name_image, (x, top))
            surface.blit(count, (x, top + name_image.get_height()))
            return
        # a short tile (the wide safe area): the count at the right end of the name's line, as a
        # bare number if the name would not fit beside it otherwise
        size, name = fit_text(kit, category.name, width - count.get_width() - 16)
        if "\n" in name:
            count = kit.text(str(category.count), 30, soft)
            size, name = fit_text(kit, category.name, width - count.get_width() - 16)
        surface.blit(count, count.get_rect(midright=(right, rect.centery)))
        kit.blit_text(surface, name, size, (x, rect.centery), "midleft", ink)
