"""The layout check (game/ui/layout_probe.py): every shot in both languages, with the
longest realistic names and the largest text scale, in the 5 % and the wide (10 %) safe
area, has nothing in the margin, no text out of its box, overlapping another, under 28 px
or under 4.5:1 contrast, no seat shape or icon under 48 px nor a mark over another (issue 28),
no word cut and no bare fifth of the screen; so has it with the default names and text size at
3 seats (:data:`VIEWS`), and at the last frame of its show (:data:`MAIN_VIEWS`). Each shot is
drawn once per language and area or view (the last frame from the same preparation as tick 60,
and not again when no show plays); every rule is judged on that one drawing, in one test a
shot, language and area or view.

Every screen passes today. A game screen being redesigned may have a rule listed in
:data:`KNOWN` (and the wide area's and the views' dicts) as a strict expected failure, as
printed by ``python -m game layout --known``: a fixed screen fails its test until its line is
removed, and a new failure elsewhere fails at once."""

from __future__ import annotations

import pytest

from game.shots import ShotRequest, prepare, registry
from game.ui.layout_probe import DEFAULT_VIEW, Probe
from game.ui.layout_rules import RULES, contrast
from tests.painted_screen import PaintedScreen, check_painted

LANGS = ("fr", "en")
#: (shot, rule) -> languages where it fails, for game screens being redesigned. Remove a
#: line when its screen passes.
KNOWN: dict[tuple[str, str], tuple[str, ...]] = {}
#: (view, shot, rule) -> languages where it fails, for game screens being redesigned
#: (the views of :data:`VIEWS` and "last").
KNOWN_VIEWS: dict[tuple[str, str, str], tuple[str, ...]] = {}
#: shot -> languages where it draws in the margin of the wide safe area (10 %), for the
#: same owned screens.
KNOWN_WIDE: dict[str, tuple[str, ...]] = {}
#: (shot, rule) -> languages where a text rule (small, box, overlap, contrast) fails in the
#: wide safe area (10 %), for the same screens.
KNOWN_WIDE_TEXT: dict[tuple[str, str], tuple[str, ...]] = {
}
OWNED = ("personality.", "mission_secrete.", "incognito.", "secret_identity.", "secret_identity_coop.")


class _Checked(dict):
    """(shot, lang) -> its violations, the shot drawn and checked on first use (by the one
    test that asks)."""

    def __init__(self, probe: Probe) -> None:
        super().__init__()
        self.probe = probe

    def __missing__(self, key: tuple[str, str]):
        self[key] = found = self.probe.check(*key)
        return found


class _CheckedThenLast(dict):
    """(shot, lang) -> {"tick": violations at tick 60, "last": at the last frame of the
    show playing then}: both drawings from one preparation (``Probe.check_then_last``),
    the first's violations for both when no show plays."""

    def __init__(self, probe: Probe) -> None:
        super().__init__()
        self.probe = probe

    def __missing__(self, key: tuple[str, str]):
        tick, last = self.probe.check_then_last(*key)
        self[key] = views = {"tick": tick, "last": last}
        return views


@pytest.fixture(scope="module")
def violations():
    """Every shot checked once at tick 60 and once at its show's last frame, by (shot, lang)."""
    return _CheckedThenLast(Probe())


@pytest.fixture(scope="module")
def wide_violations():
    """Every shot checked once with the wide (10 %) safe area, by (shot, lang)."""
    return _Checked(Probe(safe_area=0.10))


def _judge(found, known: dict[str, tuple[str, ...]], lang: str, where: str) -> None:
    """Every rule judged on one drawing: a broken rule not listed as known for ``lang`` fails,
    and so does a listed one that now passes (its line must go). ``known``: rule -> the
    languages where it is known to fail."""
    expected = {rule for rule, langs in known.items() if lang in langs}
    new = [v for v in found if v.rule not in expected]
    fixed = sorted(expected - {v.rule for v in found})
    assert not new, f"{where}:\n" + "\n".join(str(v) for v in new)
    assert not fixed, f"{where} now passes {', '.join(fixed)}: remove its line from test_layout's KNOWN dicts"


def test_only_game_screens_being_redesigned_are_listed_as_known():
    """A shared screen is fixed, not listed."""
    listed = {key[0] for key in KNOWN} | set(KNOWN_WIDE) | {key[0] for key in KNOWN_WIDE_TEXT} | \
        {key[1] for key in KNOWN_VIEWS}
    assert all(name.startswith(OWNED) for name in listed), sorted(n for n in listed if not n.startswith(OWNED))
    assert {rule for *_, rule in (*KNOWN, *KNOWN_WIDE_TEXT, *KNOWN_VIEWS)} <= set(RULES)


def test_the_judge_fails_a_new_broken_rule_and_a_known_one_that_passes():
    from game.ui.layout_probe import Violation

    found = [Violation("incognito.draw", "fr", "small", "mot", (0, 0, 1, 1))]
    _judge(found, {"small": ("fr",)}, "fr", "here")  # known in French
    with pytest.raises(AssertionError, match="small"):
        _judge(found, {"small": ("en",)}, "fr", "here")  # not known in French
    with pytest.raises(AssertionError, match="now passes box"):
        _judge(found, {"small": ("fr",), "box": ("fr",)}, "fr", "here")


#: The views drawn with the longest names, the largest text and 8 seats in the 5 % safe
#: area: at tick 60, and at the last frame of the show playing then (a count-up, a podium,
#: a reveal's last beat); a shot with no show has one drawing for both.
MAIN_VIEWS = {"tick": "at tick 60", "last": "at the last frame of its show"}


def _known_in(view: str, name: str) -> dict[str, tuple[str, ...]]:
    """rule -> languages where ``name`` is known to fail it in ``view``."""
    if view == "tick":
        return {rule: langs for (shot, rule), langs in KNOWN.items() if shot == name}
    return {rule: langs for (at, shot, rule), langs in KNOWN_VIEWS.items() if (at, shot) == (view, name)}


def _shot_cases():
    """One case a shot and language: every rule is judged on its drawing in the test (a
    case a rule made ~5,900 tests of pytest's and xdist's own cost for the same drawings)."""
    return [pytest.param(name, lang, id=f"{name}-{lang}") for name in sorted(registry()) for lang in LANGS]


@pytest.mark.parametrize("name,lang", _shot_cases())
def test_screen_layout(violations, name, lang):
    drawn = violations[(name, lang)]
    for view, when in MAIN_VIEWS.items():
        _judge(drawn[view], _known_in(view, name), lang, f"{name} [{lang}] {when}")


@pytest.mark.parametrize("name,lang", _shot_cases())
def test_screen_layout_in_the_wide_safe_area(wide_violations, name, lang):
    known = {rule: langs for (shot, rule), langs in KNOWN_WIDE_TEXT.items() if shot == name}
    if name in KNOWN_WIDE:
        known["margin"] = KNOWN_WIDE[name]
    _judge(wide_violations[(name, lang)], known, lang, f"{name} [{lang}] in the wide (10 %) safe area")


# --- the default view of every shot (issue 28 item 7) ------------------------------------------
#: The probe's other view of every shot: the default names at the default text size with
#: 3 seats (tick 60). (The last frame of a show is a view of :func:`test_screen_layout`.)
VIEWS = {"default": DEFAULT_VIEW}


@pytest.fixture(scope="module")
def view_violations():
    """Every shot checked once in each view, by view then (shot, lang)."""
    return {view: _Checked(Probe(**settings)) for view, settings in VIEWS.items()}


@pytest.mark.parametrize("view", VIEWS)
@pytest.mark.parametrize("name,lang", _shot_cases())
def test_screen_layout_in_the_other_views(view_violations, view, name, lang):
    _judge(view_violations[view][(name, lang)], _known_in(view, name), lang, f"{name} [{lang}] in the {view} view")


# --- positive controls: a bad fixture screen for each rule ----------------------------------
def _rules(found):
    return sorted({v.rule for v in found})


def test_a_clean_fixture_passes():
    def paint(kit, s):
        kit.panel(s, (400, 300, 800, 300))
        kit.blit_text(s, "Bonjour", 48, (800, 450), "center")

    assert check_painted(paint) == []


def test_margin_flags_a_panel_in_the_margin_and_the_safe_area_option_widens_it():
    found = check_painted(lambda kit, s: kit.panel(s, (20, 400, 200, 200), shadow=False))
    assert _rules(found) == ["margin"] and found[0].rect[0] == 20
    inside_5_percent = lambda kit, s: kit.panel(s, (150, 400, 200, 200), shadow=False)  # noqa: E731
    assert check_painted(inside_5_percent) == []
    assert _rules(check_painted(inside_5_percent, safe_area=0.10)) == ["margin"]


def test_small_flags_text_under_28_px():
    found = check_painted(lambda kit, s: kit.blit_text(s, "tiny print", 18, (800, 500)))  # 23 px at the largest scale
    assert _rules(found) == ["small"] and found[0].text == "tiny print"


def test_box_flags_a_word_wider_than_its_wrap_width_and_text_across_a_panel_border():
    wide = check_painted(lambda kit, s: kit.blit_text(s, "Anticonstitutionnellement", 40, (600, 500), max_width=200))
    assert _rules(wide) == ["box"] and "wrap width" in wide[0].detail

    def crossing(kit, s):
        kit.panel(s, (600, 400, 300, 200))
        kit.blit_text(s, "Marie-Antoinette", 40, (750, 500), "midleft")

    found = check_painted(crossing)
    assert _rules(found) == ["box"] and "border" in found[0].detail


def test_overlap_flags_two_texts_on_each_other():
    def paint(kit, s):
        kit.blit_text(s, "Alice", 48, (700, 500))
        kit.blit_text(s, "Bruno", 48, (740, 510))

    found = [v for v in check_painted(paint) if v.rule == "overlap"]  # each is also behind the other: contrast too
    assert len(found) == 1 and found[0].text == "Bruno"


def test_overlap_flags_a_name_under_the_next_seats_badge_not_a_badge_by_its_empty_corner():
    """The co-op end's team row passed while a name ran under the next seat's token: a
    shape drawn after a text over some of its letters is an overlap; a round badge whose
    square box only reaches the text's empty corner is not."""
    from types import SimpleNamespace

    def under(kit, s):
        name = kit.blit_text(s, "Marie-Antoinette", 36, (600, 500), "midleft")
        kit.draw_seat_badge(s, SimpleNamespace(name="Jean", style=1), (name.right - 10, 500), 48, label=False)

    found = check_painted(under)
    assert _rules(found) == ["overlap"] and "drawn over it" in found[0].detail

    def by_the_corner(kit, s):  # the badge's box reaches 34 px into the empty corner under "Méchante"
        card = kit.blit_text(s, "La Méchante\nSorcière", 36, (600, 500), align="center")
        kit.draw_shape(s, "circle", kit.colours.gold, (card.x + 10, card.bottom - 10), 24)

    assert check_painted(by_the_corner) == []


def test_contrast_flags_dim_text_and_knows_wcag():
    found = check_painted(lambda kit, s: kit.blit_text(s, "whisper", 48, (700, 500), colour=(70, 60, 110)))
    assert _rules(found) == ["contrast"]
    assert contrast((255, 255, 255), (0, 0, 0)) == pytest.approx(21.0)
    assert contrast((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)


def test_tiny_flags_a_token_or_an_icon_under_48_px_not_confetti_or_a_hidden_one():
    """Issue 28: what is read from the sofa is at least 48 px (a shape's diameter, an
    icon's side)."""
    from types import SimpleNamespace

    found = check_painted(lambda kit, s: kit.draw_seat_badge(s, SimpleNamespace(name="", style=2), (800, 500), 26,
                                                              label=False))
    assert _rules(found) == ["tiny"] and found[0].detail == "shape of 26 px"
    icon = check_painted(lambda kit, s: s.blit(kit.icon("270F", 20), (800, 500)))
    assert _rules(icon) == ["tiny"] and icon[0].detail == "icon of 20 px"
    assert check_painted(lambda kit, s: kit.draw_seat_badge(s, SimpleNamespace(name="", style=2), (800, 500), 48,
                                                             label=False)) == []

    def hidden(kit, s):
        kit.draw_shape(s, "circle", kit.colours.gold, (800, 500), 10)
        kit.panel(s, (700, 400, 300, 300), shadow=False)

    assert check_painted(hidden) == []
    assert check_painted(lambda kit, s: kit.draw_confetto(s, "circle", kit.colours.gold, (800, 500), 10)) == []


def test_over_flags_shapes_over_shapes_and_not_what_is_framed_redrawn_or_veiled():
    """Issue 28: a focus ring over the line under its button, a card's badge straddling
    the next card, a slot's badge half under the title bar drawn after it are flagged; a
    ring around its own words, a badge drawn again over the ring, a board under a veil
    are not."""
    import pygame

    def badge(kit, s, at):
        kit.draw_shape(s, "circle", kit.colours.gold, at, 26, outline=kit.colours.shadow)

    def ring_over_line(kit, s):
        kit.blit_text(s, "All set", 30, (800, 550), "midtop", kit.colours.good)
        kit.outline(s, pygame.Rect(600, 400, 400, 170), kit.colours.accent, 6, 34)

    found = check_painted(ring_over_line)
    assert _rules(found) == ["over"] and found[0].text == "All set" and found[0].detail == "a ring over it"

    def framed(kit, s):
        kit.blit_text(s, "Start", 30, (800, 480), "center", kit.colours.text)
        kit.outline(s, pygame.Rect(600, 400, 400, 170), kit.colours.accent, 6, 34)
        badge(kit, s, (600, 400))
        kit.outline(s, pygame.Rect(550, 350, 100, 100), kit.colours.accent, 6, 20)
        badge(kit, s, (600, 400))  # drawn again over the ring: whole

    assert check_painted(framed) == []

    def side_by_side(kit, s):
        kit.panel(s, (500, 400, 200, 150), shadow=False)
        kit.panel(s, (710, 400, 200, 150), shadow=False)
        badge(kit, s, (712, 420))

    assert [v.detail for v in check_painted(side_by_side)] == ["a shape over two panels side by side"]

    def under_title(kit, s):
        badge(kit, s, (700, 420))
        kit.panel(s, (400, 300, 800, 130), shadow=False)

    assert [v.detail for v in check_painted(under_title)] == ["a shape partly under a panel drawn after it"]

    def veiled(kit, s):
        side_by_side(kit, s)
        kit.dim(s)

    assert check_painted(veiled) == []


def test_a_hidden_text_is_not_checked():
    def paint(kit, s):
        kit.blit_text(s, "under", 22, (700, 500))
        kit.panel(s, (650, 450, 400, 200), shadow=False)

    assert check_painted(paint) == []


def test_texts_painted_on_a_cached_layer_are_found():
    def paint(kit, s):
        layer = kit.layer()
        def paint_layer(surface):
            kit.background(surface)
            kit.blit_text(surface, "layered", 20, (700, 500))

        s.blit(layer.get(1, paint_layer), (0, 0))

    assert _rules(check_painted(paint)) == ["small"]


def test_long_names_fill_every_seat(tmp_path):
    ctx = prepare("ring", ShotRequest(lang="fr", seats=8, names="long", ticks=0))
    names = [seat.name for seat in ctx.seats]
    assert names[:4] == ["Marie-Antoinette", "Jean-Christophe", "Maximilienne", "Konstantinos"]
    assert len(set(names)) == 8
    ctx.stack.clear()
    demo = prepare("ring", ShotRequest(lang="fr", seats=2, ticks=0))
    assert [seat.name for seat in demo.seats][:2] == ["Alice", "Bruno"]
    demo.stack.clear()


def test_one_hint_bar_at_a_time_under_an_overlay():
    """The board's hint bar is not drawn under an overlay with its own (issue 14 item 6)."""
    from game.input.intents import Intent
    from game.scenes.peek import PeekCurtain

    def build(ctx, args):
        ctx.stack.push(PaintedScreen(ctx, lambda kit, s: kit.hint_bar(s, [(Intent.CONFIRM, "Board hint")])))
        ctx.stack.push(PeekCurtain(ctx, 0, lambda surface, rect: None))

    drawn = Probe().draw("fixture", "en", build)
    words = [mark.tag.text for mark in drawn.canvas.marks if mark.kind == "text"]
    assert "Board hint" not in words and "Look" in words
    alone = Probe().draw("fixture", "en", lambda ctx, args: build(ctx, args) or ctx.stack.pop())
    assert "Board hint" in [t.text for t in alone.texts]


def test_the_deck_screen_says_where_decks_go_without_a_file_path():
    from game import paths

    texts = [t.text for t in Probe().draw("lobby.deck", "en").texts]
    assert any("decks/secret_identity" in text for text in texts)
    assert not any(str(paths.user_data_dir()) in text for text in texts)


def test_a_long_name_shrinks_to_28_px_then_breaks_at_its_hyphen_or_inside_a_word():
    from game.ui.fit import break_lines, fit_text, smallest_size

    ctx = prepare("title", ShotRequest(ticks=0), Probe().settings("fr"))
    kit = ctx.kit
    assert kit.scaled(smallest_size(kit)) >= 28 > kit.scaled(smallest_size(kit) - 1)
    size, text = fit_text(kit, "Marie-Antoinette", kit.font(36).size("Marie-Antoinette")[0] - 10)
    assert size < 36 and "\n" not in text  # shrinks first
    size, text = fit_text(kit, "Marie-Antoinette", 180)
    assert size == smallest_size(kit) and text == "Marie-\nAntoinette"
    lines = break_lines(kit.font(size), "Konstantinos", 120)
    assert len(lines) > 1 and lines[0].endswith("-") and all(len(line) >= 4 for line in lines)
    assert all(kit.font(size).size(line)[0] <= 120 for line in lines)
    ctx.stack.clear()


def test_the_layout_command_prints_violations_and_fails_on_them(capsys, monkeypatch):
    from game.__main__ import main
    from game.ui import layout_probe

    assert main(["layout", "title", "--lang", "en"]) == 0
    assert capsys.readouterr().out.strip().endswith("0 violation(s)")
    assert main(["layout", "no.such.screen"]) == 2
    assert "unknown shot" in capsys.readouterr().err
    bad = layout_probe.Violation("title", "en", "contrast", "Jouer", (1, 2, 3, 4), "3.10:1")
    monkeypatch.setattr(layout_probe.Probe, "check", lambda self, shot, lang, build=None: [bad])
    assert main(["layout", "title", "--lang", "en"]) == 1
    out = capsys.readouterr().out
    assert "title [en] contrast: 'Jouer' at x=1 y=2 w=3 h=4 (3.10:1)" in out and "1 violation(s)" in out
