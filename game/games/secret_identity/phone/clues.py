"""What both Secret Identity modes show on a phone: the suspects, one's character, and
the clue editor (SI-4) — the hand's cards, each drawn as the TV draws it (two faces of
two pictograms) and opening its 4 pictograms × green/red, the placed cards to take back,
and confirm."""

from __future__ import annotations

import functools
from typing import Any, Sequence, Unpack

from ....core.actions import Action
from ...phone_kit import Ctx, ItemExtras, act, choices, fact, item, picture, section
from ..rules.catalogue import SICatalogue
from ..rules.view import Shown

#: Hand tiles kept (:func:`_hand_card`): eight seats' hands of seven, twice over.
HAND_CARDS_KEPT = 128


def picto_label(ctx: Ctx[SICatalogue], picto_id: str) -> str:
    return str(ctx.catalogue.pictograms[picto_id].label(ctx.lang))


def picto_icon(ctx: Ctx[SICatalogue], picto_id: str) -> str:
    return str(ctx.catalogue.pictograms[picto_id].icon)


def suspect(ctx: Ctx[SICatalogue], board: Sequence[str], slot: int, **more: Unpack[ItemExtras]) -> dict[str, Any]:
    """Board slot ``slot`` (0–7) as an item: "3. name" (a character has no pictogram:
    its portrait is drawn on the TV only)."""
    character = ctx.catalogue.character(board[slot])
    return item(ctx.t("si.slot", n=slot + 1, name=character.name(ctx.lang)), **more)


def character_fact(ctx: Ctx[SICatalogue], board: Sequence[str], key: int | None) -> list[dict[str, Any]]:
    """"You are: n. name" while the seat's key is its own (SI-2)."""
    if not key or len(board) < key:
        return []
    character = ctx.catalogue.character(board[key - 1])
    return [fact(ctx.t("si.you_are"), ctx.t("si.slot", n=key, name=character.name(ctx.lang)))]


def clue_tiles(ctx: Ctx[SICatalogue], shown: Sequence[Shown]) -> str:
    """A public clue in one line: ✓ is / ✗ is not, per placed card."""
    return " · ".join(ctx.t("si.is" if s.green else "si.is_not", picto=picto_label(ctx, s.pictogram)) for s in shown)


def clue_editor(ctx: Ctx[SICatalogue], hand: Sequence[str], placed: Sequence[str], shown: Sequence[Shown],
                legal: Sequence[Action], take_back: bool) -> list[dict[str, Any]]:
    """Sections "your clue" (placed cards, tap to take back when ``take_back``) and
    "your picto cards" (tap a card, then one of its pictograms in green or red)."""
    places: dict[Any, list[Action]] = {}
    for action in legal:
        if action.kind == "place":
            places.setdefault(action.data["card"], []).append(action)
    clue = [
        item(ctx.t("si.is" if s.green else "si.is_not", picto=picto_label(ctx, s.pictogram)),
             icon=picto_icon(ctx, s.pictogram), tone="green" if s.green else "red",
             note=ctx.t("si.take_back") if take_back else None,
             move=act("take_back", card=card) if take_back else None)
        for card, s in zip(placed, shown)
    ]
    cards = [_hand_card(ctx, ctx.lang, card, tuple(tuple(a.data.items()) for a in places.get(card, ()))) for card in hand]
    return [section(ctx.t("si.clue"), clue), section(ctx.t("si.hand"), cards, columns=2)]


@functools.lru_cache(maxsize=HAND_CARDS_KEPT)
def _hand_card(ctx: Ctx[SICatalogue], lang: str, card: str,
               places: tuple[tuple[tuple[str, Any], ...], ...]) -> dict[str, Any]:
    """A card of the hand as a tile in ``lang`` (the strings' language: the settings
    change it in place): its faces, and its placings (``places``: the data of its legal
    ``place`` moves) as choices. Kept (an act's answer builds eight screens' hands; a hand
    changes a card at a time): a tile is only ever encoded, never changed."""
    pictos = ctx.catalogue.pictograms
    faces = next(c.pictograms for c in ctx.catalogue.cards if c.id == card)
    options = []
    for data in map(dict, places):
        green = data["colour"] == "green"
        options.append(item(ctx.t("si.is" if green else "si.is_not", picto=picto_label(ctx, data["pictogram"])),
                            icon=pictos[data["pictogram"]].icon, move=act("place", **data),
                            tone="green" if green else "red"))
    pictured = [picture(picto_icon(ctx, p), picto_label(ctx, p)) for p in faces]
    return item(" · ".join(picto_label(ctx, p) for p in faces), faces=[pictured[i:i + 2] for i in range(0, len(pictured), 2)],
                choices=choices(ctx.t("si.pick"), options) if options else None)
