"""Incognito on a phone: the secret word and the seat's place (IN-1), a private drawing
sheet (IN-2: palette, sizes, pen, eraser, fill, undo, redo, clear, done; the seat's own
drawing, from its own view), the vote — a line-up number for each other player's drawing
(IN-4) — and ready after the reveal. A seat that draws in turns (IN-2a: a pad's seat the
phone took on resuming) waits for its turn, then opens it with "start".

The sheet sends each finished stroke as the ``stroke`` action a pad's drawing makes
(``rules.drawing``: tool, palette colour, one of the brush widths, flat integer points
inside the canvas); the engine validates it like any other."""

from __future__ import annotations

from typing import Any, Sequence

from ...core.actions import Action
from ..phone_kit import Ctx, act, buttons, choices, fact, item, section
from .rules.catalogue import IncognitoCatalogue
from .rules.drawing import BRUSH_WIDTHS, CANVAS_H, CANVAS_W, MAX_POINTS, TOOLS, Stroke
from .rules.view import IncognitoView


def screen(ctx: Ctx[IncognitoCatalogue], view: IncognitoView, legal: Sequence[Action]) -> dict[str, Any]:
    public, private = view.public, view.mine
    phase, me = public.phase, ctx.seat
    assert me is not None  # a seat's phone (the audience's screens are its play-along's)
    facts = [fact(ctx.t("round", n=public.round, total=public.rounds), ctx.t("score", n=public.scores[me]))]
    if private.my_word:
        word = ctx.catalogue.word(private.my_word)
        facts.append(fact(ctx.t("in.word"), word.name(ctx.lang), word.icon))
    if public.places:
        place = ctx.catalogue.place(public.places[me])
        facts.append(fact(ctx.t("in.place"), place.name(ctx.lang), place.icons[0] if place.icons else None))
    labels = {"start": ctx.t("in.start"), "done": ctx.t("in.done"), "undone": ctx.t("in.undone"),
              "undo": ctx.t("page.undo"), "redo": ctx.t("page.redo"), "clear": ctx.t("page.clear"),
              "ready": ctx.t("ready")}
    if phase == "draw":
        drawing = any(a.kind == "stroke" for a in legal)
        tools = section("", buttons(legal, labels), columns=2)
        if public.done[me]:
            return ctx.screen(phase, ctx.t("in.done_wait"), facts=facts, sections=[tools], waiting=True)
        if me in public.turn_seats and public.turn != me:
            return ctx.screen(phase, ctx.t("in.turn_wait"), facts=facts, waiting=True)
        title = ctx.t("in.turn_ready") if me == public.turn and not public.turn_open else ctx.t("in.draw_title")
        return ctx.screen(phase, title, facts=facts, sections=[tools],
                          canvas=canvas(ctx, private.my_drawing.strokes if private.my_drawing else (), drawing))
    if phase == "vote":
        return ctx.screen(phase, ctx.t("in.vote_title"), facts=facts, sections=[votes(ctx, view)])
    if phase == "over":
        return ctx.screen(phase, ctx.t("over"), facts=facts)
    title = {"lineup": "in.lineup_wait", "reveal": "in.reveal_title"}.get(phase, "wait")
    return ctx.screen(phase, ctx.t(title), facts=facts, sections=[section("", buttons(legal, labels))],
                      waiting=not legal)


def canvas(ctx: Ctx[IncognitoCatalogue], strokes: Sequence[Stroke], drawing: bool) -> dict[str, Any]:
    """The drawing sheet: its size in canvas units, the tools, the palette, the brush
    widths, the limits, and the seat's own strokes so far (a reloaded phone redraws)."""
    palette = [{"id": c.id, "name": c.name(ctx.lang), "rgb": "#%02x%02x%02x" % c.rgb} for c in ctx.catalogue.palette]
    return {
        "kind": "stroke", "width": CANVAS_W, "height": CANVAS_H, "enabled": drawing,
        "tools": [{"id": tool, "name": ctx.t(f"page.{tool}")} for tool in TOOLS],
        "colours": palette, "widths": list(BRUSH_WIDTHS), "max_points": MAX_POINTS,
        "strokes": [s.to_data() for s in strokes],
    }


def votes(ctx: Ctx[IncognitoCatalogue], view: IncognitoView) -> dict[str, Any]:
    """A tile per other drawer: tap → the line-up's numbers not given to another
    drawing (IN-4: each number once; votes change until the phase closes)."""
    public, mine = view.public, view.mine.my_votes
    numbers = list(mine.numbers) if mine is not None else [0] * public.seats
    items = []
    for target in range(public.seats):
        if target == ctx.seat:
            continue
        given = numbers[target]
        taken = {n for t, n in enumerate(numbers) if n and t != target}
        options = [item(ctx.t("in.tile", n=n, word=ctx.catalogue.word(word).name(ctx.lang)),
                        move=act("vote", target=target, number=n), selected=n == given)
                   for n, word in enumerate(public.lineup, start=1) if n not in taken and n != given]
        note = ctx.t("in.tile", n=given, word=ctx.catalogue.word(public.lineup[given - 1]).name(ctx.lang)) \
            if given else None
        items.append(ctx.seat_item(target, note=note, selected=bool(given),
                                   choices=choices(ctx.t("in.drawing", name=ctx.t("seat", n=target + 1)), options)))
    return section(ctx.t("in.vote_title"), items)
