"""Fitting screens into the TV's safe area: the hint bar shrinks rather than run into the
margin, and a veiled board cached on a screen-sized layer counts as the background's veil
for the layout check (issue 14)."""

from __future__ import annotations

from game.input.intents import Intent
from game.shots import ShotRequest, prepare
from game.ui.fit import smallest_size
from game.ui.layout_probe import Probe
from tests.painted_screen import check_painted


def test_a_hint_bar_wider_than_the_safe_area_shrinks_into_it_down_to_28_px():
    ctx = prepare("title", ShotRequest(ticks=0), Probe(safe_area=0.10).settings("fr"))
    kit, canvas = ctx.kit, ctx.kit.canvas()
    items = [(Intent.STICK, "Déplacer"), (Intent.CONFIRM, "Choisir"), (Intent.BACK, "Annuler"),
             (Intent.PEEK, "Voir ma mission"), (Intent.ALT, "Maintenir : accuser")]
    box = kit.hint_bar(canvas, items)
    assert kit.safe_rect.contains(box), (box, kit.safe_rect)
    short = kit.hint_bar(canvas, items[:2])
    assert short.height == int(34 * 1.3) + 34 // 2 > box.height  # a bar that fits keeps the size asked for
    endless = kit.hint_bar(canvas, items * 3)  # no room even at 28 px: drawn at 28 px, not smaller
    assert endless.height == int(smallest_size(kit) * 1.3) + smallest_size(kit) // 2
    ctx.stack.clear()


def test_a_veiled_layer_blitted_whole_is_the_backgrounds_veil_for_the_margin_rule():
    def paint(kit, surface):
        layer = kit.layer()

        def veiled(s):
            kit.background(s)
            kit.panel(s, (700, 400, 500, 200))
            kit.dim(s, 190)

        surface.blit(layer.get(1, veiled), (0, 0))

    assert check_painted(paint) == []


def _kit(lang):
    ctx = prepare("title", ShotRequest(ticks=0, lang=lang), Probe().settings(lang))
    return ctx


def test_a_word_too_long_breaks_where_its_language_hyphenates():
    from game.ui.fit import break_lines, fit_text, fit_words

    ctx = _kit("fr")
    kit = ctx.kit
    font = kit.font(smallest_size(kit))
    # room for "Télép-": the old cut took as many letters as fit
    assert break_lines(font, "Téléphone", font.size("Télép-")[0], "fr") == ["Télé-", "phone"]
    assert fit_text(kit, "Téléphone", font.size("Télép-")[0]) == (smallest_size(kit), "Télé-\nphone")
    assert fit_words(kit, "une fête d'anniversaire", 36, font.size("d'annive-")[0])[0] == "une fête d'anni-\nversaire"
    ctx.stack.clear()
    ctx = _kit("en")
    kit = ctx.kit
    assert break_lines(font, "watermelon", font.size("waterme-")[0], "en") == ["water-", "melon"]
    assert fit_text(kit, "Watermelon", font.size("Waterme-")[0]) == (smallest_size(kit), "Water-\nmelon")
    ctx.stack.clear()


def test_a_word_with_no_break_point_that_fits_is_cut_where_it_fits():
    from game.ui.fit import break_lines, hyphen_points

    ctx = _kit("fr")
    font = ctx.kit.font(smallest_size(ctx.kit))
    narrow = font.size("Té-")[0] - 1  # narrower than "Té-", the first break point
    lines = break_lines(font, "Téléphone", narrow, "fr")
    assert lines[0] == "T-" and "".join(line.rstrip("-") for line in lines) == "Téléphone"
    # a language without a dictionary: cut where it fits, as before
    assert hyphen_points("Téléphone", "xx") == []
    assert break_lines(font, "Téléphone", font.size("Télép-")[0], "xx") == ["Télép-", "hone"]
    ctx.stack.clear()
