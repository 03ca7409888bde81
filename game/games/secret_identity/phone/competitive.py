"""Secret Identity, competitive, on a phone: replacements and ready (SI-3), the clue
editor (SI-4, built at the same time on every phone), the vote as buttons (SI-5: a
number per opponent, each number once), the round's points and the final scores."""

from __future__ import annotations

from typing import Any, Sequence

from ....core.actions import Action
from ...phone_kit import Ctx, ItemExtras, act, buttons, choices, fact, item, move, section
from ..rules.catalogue import SICatalogue
from ..rules.view import CompetitivePublic, CompetitiveView
from .clues import character_fact, clue_editor, clue_tiles, suspect


def screen(ctx: Ctx[SICatalogue], view: CompetitiveView, legal: Sequence[Action]) -> dict[str, Any]:
    public, private = view.public, view.mine
    phase, me = public.phase, ctx.seat
    assert me is not None  # a seat's phone (the audience's screens are its play-along's)
    facts = [fact(ctx.t("round", n=public.round, total=public.rounds), ctx.t("score", n=public.seats[me].score)),
             *character_fact(ctx, public.board, private.my_key)]
    if phase == "round_start" and legal:
        replace = {a.data["slot"]: a for a in legal if a.kind == "replace"}
        board = [suspect(ctx, public.board, slot, **replacing(ctx, public.board, slot, replace.get(slot)))
                 for slot in range(len(public.board))]
        return ctx.screen(phase, ctx.t("si.replace_title"), facts=facts, sections=[
            section("", buttons(legal, {"ready": ctx.t("ready")})), section(ctx.t("si.board"), board)])
    if phase == "clues":
        confirmed = public.seats[me].confirmed
        editing = clue_editor(ctx, private.hand, private.placed, public.seats[me].clue, legal, take_back=True)
        if confirmed:
            undo = [item(ctx.t("si.unconfirm"), move=act("unconfirm"), tone="primary")] if private.hand or private.placed else []
            return ctx.screen(phase, ctx.t("si.confirmed"), facts=facts, waiting=True,
                              sections=[section("", undo), editing[0], board_section(ctx, public.board)])
        return ctx.screen(phase, ctx.t("si.clue_title"), facts=facts, sections=[
            section("", buttons(legal, {"confirm": ctx.t("si.confirm")})), *editing, board_section(ctx, public.board)])
    if phase == "vote":
        return ctx.screen(phase, ctx.t("si.vote_title"), facts=facts, waiting=not legal,
                          sections=[vote_section(ctx, view, legal), board_section(ctx, public.board)])
    if phase == "summary" and public.last is not None:
        facts.insert(1, fact(ctx.t("si.summary", n=public.last.points[me]), ""))
    if phase == "over":
        return ctx.screen(phase, ctx.t("over"), facts=facts, sections=[scores(ctx, public)])
    return ctx.screen(phase, ctx.t("wait") if not legal else "", facts=facts, waiting=not legal,
                      sections=[section("", buttons(legal, {"ready": ctx.t("ready")})),
                                board_section(ctx, public.board)])


def replacing(ctx: Ctx[SICatalogue], board: Sequence[str], slot: int, replace: Action | None) -> ItemExtras:
    """A suspect's button that replaces it (SI-3), when ``replace`` may: public and for the
    whole table, so the phone asks first, as a pad must point at the suspect, then press
    its own button (ALT) on the TV."""
    if replace is None:
        return {}
    name = ctx.catalogue.character(board[slot]).name(ctx.lang)
    return {"note": ctx.t("si.replace"), "move": move(replace),
            "confirm": ctx.t("si.replace_confirm", n=slot + 1, name=name)}


def board_section(ctx: Ctx[SICatalogue], board: Sequence[str]) -> dict[str, Any]:
    return section(ctx.t("si.board"), [suspect(ctx, board, slot) for slot in range(len(board))], columns=2)


def vote_section(ctx: Ctx[SICatalogue], view: CompetitiveView, legal: Sequence[Action]) -> dict[str, Any]:
    """One item per opponent (its public clue as the note): tap → the free numbers, or
    take the vote back (votes change until everyone has voted, SI-5)."""
    public, mine = view.public, view.mine.my_votes
    numbers: dict[int, list[Action]] = {}
    for action in legal:
        if action.kind == "vote":
            numbers.setdefault(action.data["target"], []).append(action)
    items = []
    for target, seat in enumerate(public.seats):
        if target == ctx.seat:
            continue
        given = mine.numbers[target] if mine is not None else None
        options = [suspect(ctx, public.board, a.data["number"] - 1, move=move(a)) for a in numbers.get(target, ())]
        if given is not None:
            options.append(item(ctx.t("si.take_back_vote"), move=act("unvote", target=target)))
        note = clue_tiles(ctx, seat.clue)
        if given is not None:
            note = f"{ctx.t('si.your_vote', n=given)} — {note}"
        items.append(ctx.seat_item(target, note=note, selected=given is not None,
                                   choices=choices(ctx.t("si.vote_title"), options) if options else None))
    return section(ctx.t("si.vote_title"), items)


def scores(ctx: Ctx[SICatalogue], public: CompetitivePublic) -> dict[str, Any]:
    order = sorted(range(len(public.seats)), key=lambda s: -public.seats[s].score)
    return section("", [ctx.seat_item(s, note=ctx.t("score", n=public.seats[s].score)) for s in order])
