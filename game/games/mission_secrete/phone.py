"""Mission Secrète on a phone: one's character and mission (MS-1, MS-5), the grid where
the seat whose turn it is taps a card then a direction (or, with the free swap, any
other card) to swap (MS-4), and the accusation: a player, then a character (MS-6)."""

from __future__ import annotations

from typing import Any, Sequence, Unpack

from ...core.actions import Action
from ..phone_kit import Ctx, ItemExtras, choices, fact, item, move, section
from .rules.catalogue import MSCatalogue
from .rules.view import MSPublic, MSView

#: Direction key -> (row step, column step).
DIRECTIONS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


def screen(ctx: Ctx[MSCatalogue], view: MSView, legal: Sequence[Action]) -> dict[str, Any]:
    public, private = view.public, view.private
    phase, me = str(public.phase), ctx.seat
    assert me is not None  # a seat's phone (the audience's screens are its play-along's)
    facts = []
    if private is not None:
        character = ctx.catalogue.character(private.my_character)
        target = ctx.catalogue.object(private.my_object)
        facts += [fact(ctx.t("ms.you_are"), character.name(ctx.lang), character.icon),
                  fact(ctx.t("ms.mission", object=target.plural(ctx.lang)), "", target.icon)]
    if phase == "over":
        names = ", ".join(ctx.t("seat", n=s + 1) for s in public.winners)
        return ctx.screen(phase, ctx.t("ms.winners", names=names, n=len(public.winners)), facts=facts,
                          sections=[grid(ctx, public, {})])
    if public.out and public.out[me]:
        facts.append(fact(ctx.t("ms.out"), ""))
    swaps = [a for a in legal if a.kind == "swap"]
    title = ctx.t("ms.swap_title") if swaps else ctx.t("wait_for", name=ctx.t("seat", n=public.turn + 1)) \
        if public.turn is not None else ctx.t("wait")
    return ctx.screen(phase, title, facts=facts, waiting=not swaps,
                      sections=[grid(ctx, public, {(a.data["a"], a.data["b"]): a for a in swaps}),
                                accusations(ctx, public, legal)])


def cell_item(ctx: Ctx[MSCatalogue], public: MSPublic, cell: int, **more: Unpack[ItemExtras]) -> dict[str, Any]:
    obj = ctx.catalogue.object(public.grid[cell])
    return item(obj.name(ctx.lang), icon=obj.icon, **more)


def grid(ctx: Ctx[MSCatalogue], public: MSPublic, swaps: dict[tuple[int, int], Action]) -> dict[str, Any]:
    """The grid, row by row; a cell with swaps opens them: the four directions, or
    (free swap) every other cell by its row and column."""
    columns, cells = public.columns, []
    for cell in range(len(public.grid)):
        row, column = divmod(cell, columns)
        options = []
        if public.free_swap:
            for other in range(len(public.grid)):
                action = swaps.get((min(cell, other), max(cell, other)))
                if action is not None:
                    label = ctx.t("ms.cell", row=other // columns + 1, column=other % columns + 1)
                    options.append(cell_item(ctx, public, other, note=label, move=move(action)))
        else:
            for key, (dr, dc) in DIRECTIONS.items():
                r, c = row + dr, column + dc
                other = r * columns + c
                action = swaps.get((min(cell, other), max(cell, other))) if 0 <= r < public.rows and 0 <= c < columns else None
                if action is not None:
                    options.append(cell_item(ctx, public, other, note=ctx.t(f"ms.{key}"), move=move(action)))
        cells.append(cell_item(ctx, public, cell, choices=choices(ctx.t("ms.direction"), options) if options else None))
    return section(ctx.t("ms.grid"), cells, columns=columns)


def accusations(ctx: Ctx[MSCatalogue], public: MSPublic, legal: Sequence[Action]) -> dict[str, Any]:
    by_seat: dict[int, list[Action]] = {}
    for action in legal:
        if action.kind == "accuse":
            by_seat.setdefault(action.data["accused"], []).append(action)
    items = []
    for seat, actions in by_seat.items():
        options = []
        for action in actions:
            character = ctx.catalogue.character(action.data["character"])
            options.append(item(character.name(ctx.lang), icon=character.icon, move=move(action)))
        items.append(ctx.seat_item(seat, tone="red", choices=choices(ctx.t("ms.which"), options)))
    return section(ctx.t("ms.accuse"), items)
