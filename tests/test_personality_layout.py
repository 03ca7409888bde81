"""The Personality screens from the sofa (issue 14): inside the TV's safe area, cards
readable while they are voted on, long names fitted. Rendered from the real shots with
the longest realistic names seated."""

import math

import pygame
import pytest

from game.context import build_context
from game.games.personality.ui.card_slots import text_room
from game.games.personality.ui.layout import BoardLayout
from game.games.personality.ui.vote_ring import CardRing
from game.games.personality.ui.widgets import draw_name
from game.scenes.ring import RingOption, RingQuestion
from game.settings import Settings
from game.shots import ShotRequest, build_scene, prepare
from game.ui.fit import smallest_size
from game.ui.layout_probe import Probe

LONG_NAMES = ("Marie-Antoinette", "Jean-Christophe", "Maximilienne", "Konstantinos", "Bartholomew", "Anne-Sophie")


def _render(name, lang="fr"):
    ctx = build_context(headless=True, lang=lang, settings=Settings(), seats=6)
    for seat, long_name in enumerate(LONG_NAMES):
        ctx.seats.rename(seat, long_name)
    build_scene(ctx, name, ShotRequest(seed=1))
    for _ in range(5):
        ctx.stack.fixed_update(1 / 60)
    canvas = ctx.kit.canvas()
    ctx.kit.background(canvas)
    ctx.stack.draw(canvas, 1.0)
    return ctx, canvas


def _margins(kit):
    safe = kit.safe_rect
    return [pygame.Rect(0, 0, kit.W, safe.y), pygame.Rect(0, safe.bottom, kit.W, kit.H - safe.bottom),
            pygame.Rect(0, 0, safe.x, kit.H), pygame.Rect(safe.right, 0, kit.W - safe.right, kit.H)]


@pytest.mark.parametrize("shot,lang", [("personality.debate", "fr"), ("personality.reveal", "en"),
                                       ("personality.endgame", "fr")])
def test_board_screens_draw_nothing_in_the_safe_area_margin(shot, lang):
    ctx, canvas = _render(shot, lang)
    background = ctx.kit.canvas()
    ctx.kit.background(background)
    for strip in _margins(ctx.kit):
        drawn = pygame.image.tobytes(canvas.subsurface(strip), "RGB")
        assert drawn == pygame.image.tobytes(background.subsurface(strip), "RGB"), f"{shot}: drawn in {strip}"


def test_the_track_and_the_seat_column_do_not_overlap():
    ctx = build_context(headless=True, lang="fr", settings=Settings(), seats=0)
    layout = BoardLayout(ctx.kit.safe_rect)
    length = ctx.catalogue.game("personality").board.length
    squares = [layout.square_rect(i) for i in range(-1, length)]
    for rect in squares + [layout.header, layout.stage]:
        assert layout.safe.contains(rect) and not rect.colliderect(layout.seat_column), rect
    assert layout.stage.bottom < min(r.y for r in squares)


def test_inversion_vote_slots_are_the_cards_in_full():
    ctx, _canvas = _render("personality.inversion.vote")
    ring = ctx.stack.top
    assert isinstance(ring, CardRing)
    question = ring._public_question()
    assert ring.is_card_question(question)
    kit = ctx.kit
    rects = ring.slot_rects(question)
    for option, rect in zip(question.options, rects):
        assert option.label.split()[:2] in (["La", "personne"], ["The", "one"])   # the whole text, not a fragment
        room = rect.inflate(-32, -42)
        assert len(kit.wrap(option.label, 28, room.width)) * kit.font(28).get_linesize() <= room.height
    progress = [pygame.Rect(x - 192, y - 56, 384, 112) for _seat, (x, y) in ring._seat_slots()]
    for i, rect in enumerate(rects):
        grown = rect.inflate(26, 20)  # pointed at
        assert kit.safe_rect.contains(grown) and grown.collidelist(progress) == -1, rect
        assert all(not rect.colliderect(other) for other in rects[i + 1:]), rect


def _longest_cards(kit, lang, n):
    """The ``n`` trait cards of the whole deck that need the most lines in a narrow card."""
    floor = smallest_size(kit)
    texts = [getattr(t.text, lang) for t in build_context(headless=True, lang=lang, settings=Settings(),
                                                          seats=0).catalogue.game("personality").traits]
    return sorted(texts, key=lambda text: (-len(kit.wrap(text, floor, 288)), text))[:n]


@pytest.mark.parametrize("area", [0.05, 0.10])
@pytest.mark.parametrize("scale", [1.0, 1.3])
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_deck_s_longest_cards_fit_their_slots_in_every_inversion_vote(area, scale, lang):
    """Any card may be played for an Inversion (PE-9): up to five of the deck's longest
    are each read whole at 28 px drawn or more, their slots inside the area between the
    prompt, the hint bar and the progress columns (pointed ones grown), apart from each
    other (the badge overhangs a card's top), clear of the hub, and each seen from the hub
    inside the stick's sector for it."""
    settings = Settings(lang=lang, text_scale=scale, safe_area=area)
    ctx = prepare("personality.inversion.vote", ShotRequest(lang=lang, seats=6, names="long"), settings)
    ring, kit = ctx.stack.top, ctx.kit
    floor = smallest_size(kit)
    progress = [pygame.Rect(x - ring._card_width() // 2, y - 56, ring._card_width(), 112) for _s, (x, y) in
                ring._seat_slots()]
    cx, cy = ring.geometry.center
    for n in (2, 3, 4, 5):
        texts = _longest_cards(kit, lang, n)
        question = RingQuestion("?", tuple(RingOption(text, None, k + 1) for k, text in enumerate(texts)))
        ring.card_texts = lambda texts=texts: frozenset(texts)
        assert ring.is_card_question(question)
        rects, hub = ring.slot_rects(question), ring.hub_radius(question)
        for k, (text, rect) in enumerate(zip(texts, rects)):
            room = text_room(rect)
            assert len(kit.wrap(text, floor, room.width)) * kit.font(floor).get_linesize() <= room.height, (n, text)
            grown = rect.inflate(26, 20)
            assert kit.safe_rect.contains(grown) and grown.collidelist(progress) == -1, (n, k, rect)
            assert grown.top >= ring.geometry.top and grown.bottom <= kit.hint_bar_top(), (n, k, rect)
            assert all(not rect.inflate(0, 32).colliderect(other) for other in rects[k + 1:]), (n, k, rect)
            nearest = pygame.Vector2(max(rect.left, min(cx, rect.right)), max(rect.top, min(cy, rect.bottom)))
            assert nearest.distance_to((cx, cy)) > hub, (n, k, rect)
            angle = math.degrees(math.atan2(rect.centerx - cx, cy - rect.centery)) % 360
            assert abs((angle - 360 * k / n + 180) % 360 - 180) < 180 / n, (n, k, angle)


def test_the_contest_ring_shows_the_contested_card_and_players_by_shape():
    ctx, _canvas = _render("personality.contest")
    ring = ctx.stack.top
    assert isinstance(ring, CardRing)
    caption, text = ring.card()
    assert text.startswith("La personne") and any(name in caption for name in LONG_NAMES)
    question = ring._public_question()
    assert all(option.seat is not None for option in question.options if option.label != "—")


@pytest.mark.parametrize("width", [200, 230, 260])
@pytest.mark.parametrize("scale", [1.0, 1.3])
def test_long_names_fit_their_box_at_28_px_or_more(width, scale):
    ctx = build_context(headless=True, lang="fr", settings=Settings(text_scale=scale), seats=0)
    kit = ctx.kit
    canvas = kit.canvas()
    for name in LONG_NAMES:
        box = pygame.Rect(100, 100, width, 90)
        drawn = draw_name(kit, canvas, name, box, (255, 255, 255))
        assert box.contains(drawn), (name, drawn)
        assert drawn.height <= 2 * kit.font(smallest_size(kit)).get_linesize(), name  # at most two lines


@pytest.mark.parametrize("shot", ["personality.reveal", "personality.endgame", "personality.debate",
                                  "personality.revote"])
def test_the_screens_keep_every_layout_rule_in_the_wide_safe_area(shot):
    """tests/test_layout.py checks only the margin under the 10 % option; these screens
    were redesigned for its smaller room (squares sized to the width, the Gouffre's name
    in two lines, the reveal in two columns, the endgame's receiver over its answer, the
    ring pulled clear of the hint bar), so every rule is checked there, in both languages."""
    probe = Probe(safe_area=0.10)
    found = [v for lang in ("fr", "en") for v in probe.check(shot, lang)]
    assert not found, "\n".join(str(v) for v in found)


def test_a_hand_in_the_curtain_is_two_columns_of_whole_cards():
    """A hand of seven no longer runs two-line cards into each other in one column: two
    columns, filled top to bottom; DOWN steps in order, RIGHT/LEFT change column."""
    from game.games.personality.ui.widgets import ListPicker
    from game.input.intents import InputEvent, Intent

    picked = []
    hand = ListPicker("Pick", [f"card {i}" for i in range(7)], picked.append)
    assert hand.rows == 4

    def press(intent):
        hand.handle(InputEvent(("pad", 1), intent))

    press(Intent.DOWN)
    assert hand.cursor == 1
    press(Intent.RIGHT)
    assert hand.cursor == 5       # beside it, in the second column
    press(Intent.LEFT)
    press(Intent.UP)
    press(Intent.CONFIRM)
    assert picked == [0]
    assert ListPicker("Who?", ["Ann", "Bob", "Cyd"], picked.append).rows == 3   # a few names: one column


@pytest.mark.parametrize("shot", ["personality.debate", "personality.reveal"])
def test_masks_on_the_track_are_48_px_and_stand_inside_their_square(shot):
    """Issue 28: the masks were 34 px and stood over their square's top edge; each is now
    48 px and whole inside its square, above its number, however many share it."""
    drawn = Probe().draw(shot, "fr")
    layout = BoardLayout(drawn.safe)
    squares = [layout.square_rect(i) for i in range(-1, 3 * 12)]
    masks = [m for m in drawn.canvas.marks
             if m.kind == "shape" and m.rect.centery > squares[-1].top and m.rect.centerx < squares[-1].right]
    assert len(masks) >= 6
    for mask in masks:
        body = pygame.Rect(0, 0, mask.size, mask.size)
        body.center = mask.rect.center
        assert mask.size >= 48, f"a mask of {mask.size} px"
        assert any(square.contains(body) for square in squares), f"a mask at {tuple(body)} leaves its square"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_special_square_is_named_in_the_legend_under_the_track(lang):
    """Issue 28: the special squares (Tête-à-tête, Inversion, the Door, the Summit) were
    unexplained marks; a legend under the track shows each one's pictogram and name."""
    from game.context import build_context
    from game.settings import Settings

    drawn = Probe().draw("personality.debate", lang)
    ctx = build_context(headless=True, lang=lang, settings=Settings(lang=lang))
    layout = BoardLayout(drawn.safe)
    under_track = layout.square_rect(0).bottom
    shown = {t.text for t in drawn.texts if t.ink.top >= under_track}
    for kind in ("tete_a_tete", "inversion", "door", "summit"):
        assert ctx.t(f"personality.legend.{kind}") in shown, kind
    icons = [m for m in drawn.canvas.marks if m.kind == "icon" and m.rect.top >= under_track]
    assert len(icons) == 4 and all(m.size >= 48 for m in icons)
