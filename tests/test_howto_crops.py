"""Issue 28, item 4: the how-to pages show zoomed, labelled crops of the real screens.

Before, every picture was the whole 1920×1080 screen shrunk to ~676 px wide: a 28 px
text of the TV was ~10 px on the page, and Secret Identity's last page (its phone's)
had no picture at all, its two lines alone on an empty panel. Each page now declares
its crop and labels (its plug-in's ``howto_pictures``, ``phone_picture``); these tests
measure what a player sees: the texts the layout probe records on the real screen, at
the crop's zoom on the page at 1080p, and the page drawn with its picture's frame."""

from __future__ import annotations

import functools
from collections import defaultdict

import pygame
import pytest

from game.games.plugin import HowtoPicture
from game.scenes.menus.howto import HowToScene
from game.scenes.menus.howto_pictures import PICTURE_TICKS, all_pictures, compose, page_pictures, zoom_of
from game.settings import Settings
from game.shots import ShotRequest, prepare
from game.ui.fit import MIN_TEXT
from game.ui.layout_probe import Recorder, recording
from game.ui.layout_texts import texts_on

from menu_helpers import draw, make_ctx

LANGS = ("fr", "en")
#: A page's largest empty stretch (no words, no picture) may cover at most this share of
#: the page's padded inside (measured after: 10 % at most; Secret Identity's phone page was ~70 %).
EMPTY_SHARE = 0.2
#: The grid the empty stretch is measured on (px): a line of text is at least this tall.
CELL = 12


@functools.cache
def frame_size() -> tuple[int, int]:
    """The pictures' frame on a how-to page at 1080p and the default safe area (worked out
    once: a context and a how-to page built for each picture were 30 % of this module)."""
    ctx = make_ctx()
    scene = HowToScene(ctx, "secret_identity")
    ctx.stack.push(scene)
    size = scene.picture_rect().size
    ctx.stack.clear()
    return size


def recorded(shot: str, lang: str, with_picture: HowtoPicture | None = None):
    """The texts on ``shot`` as the maker draws it (default settings, the maker's ticks),
    and, given ``with_picture``, the texts of its labels as composed in the frame."""
    recorder = Recorder()
    with recording(recorder) as surface_class:
        ctx = prepare(shot, ShotRequest(lang=lang, ticks=PICTURE_TICKS), Settings(lang=lang))
        canvas = surface_class((ctx.kit.W, ctx.kit.H))
        recorder.watch(ctx.kit, canvas)
        ctx.kit.background(canvas)
        ctx.stack.draw(canvas, 1.0)
        texts, _ = texts_on(canvas)
        labels = []
        if with_picture is not None:
            labels, _ = texts_on(compose(ctx, canvas, with_picture, frame_size()))
    ctx.stack.clear()
    return texts, labels


@pytest.fixture(scope="module")
def pictures_by_shot() -> dict[str, dict[str, HowtoPicture]]:
    by_shot: dict[str, dict[str, HowtoPicture]] = defaultdict(dict)
    for name, picture in all_pictures().items():
        by_shot[picture.shot][name] = picture
    return by_shot


def _shots():
    shots = dict.fromkeys(picture.shot for picture in all_pictures().values())
    return [pytest.param(shot, lang, id=f"{shot}-{lang}") for shot in shots for lang in LANGS]


@pytest.mark.parametrize("shot,lang", _shots())
def test_every_text_of_a_howto_picture_reads_at_28_px_or_more_on_the_page(pictures_by_shot, shot, lang):
    """Each picture's crop: every text the probe records in it, at the crop's zoom, and
    every label, at least the smallest size the TV itself shows (28 px)."""
    size = frame_size()
    for name, picture in pictures_by_shot[shot].items():
        texts, labels = recorded(shot, lang, picture)
        crop = pygame.Rect(picture.crop)
        inside = [t for t in texts if min(t.ink.clip(crop).size) >= CELL]  # (not a sliver cut by its edge)
        zoom = zoom_of(picture, size)
        smallest = min(inside, key=lambda t: t.size, default=None)  # (a crop of the grid alone has none)
        assert smallest is None or smallest.size * zoom >= MIN_TEXT, (
            f"{name} [{lang}]: {smallest.text!r} is {smallest.size} px on the TV, "
            f"{smallest.size * zoom:.1f} px on the page (zoom {zoom:.2f})")
        assert len(labels) == len(picture.labels), f"{name}: a label is hidden"
        assert all(label.size >= MIN_TEXT for label in labels), name
        tags = [label.ink.inflate(36, 16) for label in labels]  # (a tag's padding round its words)
        for i, tag in enumerate(tags):  # no label over another
            assert tag.collidelist(tags[i + 1:]) == -1, (name, lang, labels[i].text)


def test_every_crop_is_inside_its_screen_and_every_label_points_inside_its_crop():
    screen = pygame.Rect(0, 0, 1920, 1080)
    for name, picture in all_pictures().items():
        crop = pygame.Rect(picture.crop)
        assert screen.contains(crop) and crop.width > 0 and crop.height > 0, name
        for label in picture.labels:
            assert crop.collidepoint(label.to) and crop.collidepoint(label.at), (name, label)


def test_every_page_of_every_game_has_a_labelled_picture_in_both_languages():
    contexts = [make_ctx(lang=lang) for lang in LANGS]
    for game_id in contexts[0].games:
        pictures = page_pictures(contexts[0].games.mode(game_id))
        assert pictures and all(pictures), f"{game_id}: a page without a picture"
        for picture in pictures:
            assert picture is not None and picture.labels, (game_id, picture)
            for label in picture.labels:
                words = [ctx.t(label.key) for ctx in contexts]
                assert all(ctx.strings.has(label.key) for ctx in contexts), label.key
                assert all(w.strip() and w != label.key for w in words), label.key


def bare_cells(canvas: pygame.Surface, area: pygame.Rect, ground: tuple[int, int, int]) -> list[list[bool]]:
    """By row and column of the :data:`CELL` px grid on ``area``: the cell's pixels on a
    3 px lattice from its corner all show ``ground`` (RGB). The pixels equal to it are one
    mask (``from_threshold``, exact), those off it kept on the lattice; a cell is bare when
    none of them is in it (one ``overlap`` a cell, where a ``get_at`` a lattice pixel was
    most of this module's time)."""
    columns, rows = area.width // CELL, area.height // CELL
    grid = pygame.Rect(area.x, area.y, columns * CELL, rows * CELL)
    plain = pygame.Surface(grid.size)
    plain.fill(ground)
    off = pygame.mask.from_threshold(canvas.subsurface(grid).convert(plain), (0, 0, 0, 0), (1, 1, 1, 255), plain)
    off.invert()
    lattice, line = pygame.mask.Mask(grid.size), pygame.mask.Mask((grid.width, 1))
    for x in range(0, grid.width, 3):  # (CELL is a multiple of 3: one lattice for the grid)
        line.set_at((x, 0))
    for y in range(0, grid.height, 3):
        lattice.draw(line, (0, y))
    off = off.overlap_mask(lattice, (0, 0))
    cell = pygame.mask.Mask((CELL, CELL), fill=True)
    return [[off.overlap(cell, (column * CELL, row * CELL)) is None for column in range(columns)]
            for row in range(rows)]


def largest_empty_share(canvas: pygame.Surface, area: pygame.Rect, ground: tuple[int, int, int]) -> float:
    """The largest rectangle of ``area`` (on a :data:`CELL` px grid) where ``canvas``
    shows nothing but ``ground`` (:func:`bare_cells`), as a share of ``area``."""
    columns, rows = area.width // CELL, area.height // CELL
    bare = bare_cells(canvas, area, ground)
    heights = [0] * columns
    best = 0
    for row in range(rows):
        for column in range(columns):
            heights[column] = heights[column] + 1 if bare[row][column] else 0
        stack: list[int] = []  # the largest rectangle under this row's histogram
        for column in range(columns + 1):
            height = heights[column] if column < columns else 0
            while stack and heights[stack[-1]] >= height:
                top = heights[stack.pop()]
                width = column - (stack[-1] + 1 if stack else 0)
                best = max(best, top * width)
            stack.append(column)
    return best / (columns * rows)


@pytest.mark.parametrize("lang", LANGS)
def test_no_howto_page_is_near_empty(lang):
    """Every page drawn with its words and its picture's frame (a plain stand-in: the
    pictures' own content is the test above's): no empty stretch over
    :data:`EMPTY_SHARE` of the page."""
    ctx = make_ctx(lang=lang)
    worst = []
    for game_id in ctx.games:
        scene = HowToScene(ctx, game_id)
        ctx.stack.push(scene)
        ctx.stack.update(1 / 60)
        stand_in = pygame.Surface(scene.picture_rect().size)
        stand_in.fill((200, 60, 60))
        for page, picture in enumerate(page_pictures(scene.mode)):
            scene.page = page
            scene.refresh()
            if picture is not None:
                scene.pictures[page] = stand_in
            share = largest_empty_share(draw(ctx), scene.box.inflate(-60, -60), ctx.kit.colours.panel)
            worst.append((share, f"{game_id} page {page + 1}"))
        ctx.stack.clear()
    assert max(worst)[0] <= EMPTY_SHARE, max(worst)


def test_mission_secrete_end_names_every_player_in_their_seat_colour():
    """Its pictures showed the end's 'who was who' names in white, where every other
    screen writes a player's name in their seat's colour (issue 28)."""
    from game.ui.layout_probe import Probe

    drawn = Probe(names="demo", seats=4).draw("mission_secrete.win", "fr")
    kit = make_ctx().kit
    shown = 0
    for seat, name in enumerate(("Alice", "Bruno", "Chloé", "Driss")):
        style = kit.seat_style(seat)  # (the demo seats take the styles in order)
        for text in (t for t in drawn.texts if t.text == name):
            assert text.colour in (style.light, style.colour, kit.colours.muted), (name, text.colour)
            shown += 1
    assert shown >= 4
