"""Secret Identity, cooperative, on a phone: the clue giver's editor (SC-2, SI-4); the
guessers move the team's one cursor and agree on the answer, which locks once every
person guessing agrees, pads and phones alike (SC-3, the board's ``BoardNow.agreed``);
anyone continues."""

from __future__ import annotations

from typing import Any, Sequence

from ....core.actions import Action
from ...phone_kit import Ctx, act, buttons, fact, item, move, section
from ..rules.catalogue import SICatalogue
from ..rules.view import CoopView
from .clues import character_fact, clue_editor, clue_tiles, suspect
from .competitive import board_section

#: SC-3: a guesser agrees by holding confirm for 1.5 s (the phone's button too).
LOCK_HOLD_MS = 1500


def screen(ctx: Ctx[SICatalogue], view: CoopView, legal: Sequence[Action]) -> dict[str, Any]:
    public, private = view.public, view.mine
    phase = public.phase
    facts = [fact(ctx.t("round", n=public.turn, total=public.turns), ctx.t("si.team_score", n=public.team_score)),
             *character_fact(ctx, public.board, private.my_key)]
    if phase == "clue" and legal:
        editing = clue_editor(ctx, private.hand, private.placed, public.clue, legal, take_back=True)
        return ctx.screen(phase, ctx.t("si.coop_clue_title"), facts=facts, sections=[
            section("", buttons(legal, {"confirm": ctx.t("si.confirm")})), *editing, board_section(ctx, public.board)])
    if phase == "guess" and legal:
        slots = {a.data["slot"]: a for a in legal if a.kind == "move"}
        board = [suspect(ctx, public.board, slot, selected=slot == public.cursor,
                         move=move(slots[slot]) if slot in slots else None) for slot in range(len(public.board))]
        return ctx.screen(phase, ctx.t("si.coop_guess_title"), facts=facts, sections=[
            section(clue_tiles(ctx, public.clue), board, columns=2), agreement(ctx, legal)])
    if phase in ("result", "over") and public.history:
        last = public.history[-1]
        facts.insert(1, fact(ctx.t("si.coop_result_right" if last.correct else "si.coop_result_wrong"),
                             ctx.t("si.slot", n=last.key, name=ctx.catalogue.character(last.character).name(ctx.lang))))
    if phase == "over":
        return ctx.screen(phase, ctx.t("over"), facts=facts)
    title = ctx.t("si.coop_wait_clue", name=ctx.t("seat", n=public.active + 1)) if phase == "clue" else ctx.t("wait")
    hand = clue_editor(ctx, private.hand, (), (), (), take_back=False)[1]
    return ctx.screen(phase, "" if legal else title, facts=facts, waiting=not legal, sections=[
        section("", buttons(legal, {"next": ctx.t("next")})),
        hand, board_section(ctx, public.board)])



def agreement(ctx: Ctx[SICatalogue], legal: Sequence[Action]) -> dict[str, Any]:
    """Agree with the cursor's suspect (held, as a pad holds confirm; the board takes the
    ``lock`` as this phone's agreement) or take it back, and who agrees so far."""
    board = ctx.board
    button: dict[str, Any] | None
    if ctx.seat in board.agreed:
        button = item(ctx.t("si.agreed"), move=act("unlock"), selected=True)
    else:
        button = next((item(ctx.t("si.lock"), move=move(a), tone="primary", hold=LOCK_HOLD_MS)
                       for a in legal if a.kind == "lock"), None)
    team = [ctx.seat_item(seat, selected=seat in board.agreed, tone="green" if seat in board.agreed else None)
            for seat in board.guessers]
    title = ctx.t("si.agreeing", n=len(board.agreed), total=len(board.guessers)) if len(board.guessers) > 1 else ""
    return section(title, [*([button] if button else []), *(team if len(team) > 1 else [])])
