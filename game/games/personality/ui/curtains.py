"""Choices made from one's hand, inside the owner's peek curtain: the card to read, an
exchange (or keep), an Inversion card, and an endgame gift then its receiver."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ....core.actions import Action
from ....input.intents import InputEvent
from ....scenes.peek import PeekCurtain
from ..rules.view import PEPhase
from .widgets import ListPicker

if TYPE_CHECKING:
    from .board import PersonalityBoard


def hand_curtain(board: PersonalityBoard, seat: int) -> PeekCurtain:
    phase = board.public.phase
    picker = _hand_picker(board, seat, phase)
    title = {PEPhase.READ: board.t("personality.read.peek_title"),
             PEPhase.EXCHANGE: board.t("personality.exchange.peek_title"),
             PEPhase.PLAY: board.t("personality.inversion.peek_title", name=board.name(board.public.target)),
             PEPhase.GIVE: board.t("personality.endgame.peek_title")}[phase]
    shown = [picker]   # a gift's card, then its receiver

    def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
        shown[0].draw(board.ctx.kit, surface, rect)

    def handle(event: InputEvent) -> bool:
        taken = shown[0].handle(event)
        if phase == PEPhase.GIVE and seat in board.picks and shown[0] is picker:
            shown[0] = _receiver_picker(board, seat)
        return taken

    return PeekCurtain(board.ctx, seat, draw, handle, title=title)


def _hand_picker(board: PersonalityBoard, seat: int, phase: PEPhase) -> ListPicker:
    hand = list(board.session.view(seat).mine.hand)
    labels = [board.card_text(c) for c in hand]
    if phase == PEPhase.EXCHANGE:
        def exchange(i: int) -> None:
            board.submit(Action("exchange", seat, {"card": None if i == 0 else hand[i - 1]}))
        return ListPicker(board.t("personality.exchange.pick"), [board.t("personality.exchange.keep")] + labels,
                          exchange)
    if phase == PEPhase.GIVE:
        def pick_gift(i: int) -> None:
            board.picks[seat] = hand[i]
        return ListPicker(board.t("personality.endgame.pick_card"), labels, pick_gift)
    kind = "read" if phase == PEPhase.READ else "play"
    title = board.t("personality.read.pick") if kind == "read" else board.t(
        "personality.inversion.play", name=board.name(board.public.target))

    def play(i: int) -> None:
        board.submit(Action(kind, seat, {"card": hand[i]}))
    return ListPicker(title, labels, play)


def _receiver_picker(board: PersonalityBoard, seat: int) -> ListPicker:
    card = board.picks[seat]
    receivers = sorted({a.data["to"] for a in board.session.legal(seat) if a.data["card"] == card})

    def give(i: int) -> None:
        board.picks.pop(seat, None)
        board.submit(Action("give", seat, {"card": card, "to": receivers[i]}))
    return ListPicker(board.t("personality.endgame.pick_player"), [board.name(s) for s in receivers], give)
