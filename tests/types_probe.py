"""Read by mypy, never run (pyproject's ``[tool.mypy]`` lists it; tests/test_types.py runs
mypy): the engine's generics carry each game's own types to the code that knows the
game, so a board or a phone reads its view and its catalogue typed, without a cast.

Each ``assert_type`` fails mypy if the type it names is not the one inferred; each
``# type: ignore[code]`` line must stay an error (strict mypy reports an unused one).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import assert_type

from game.catalogue import Catalogue
from game.core.phases import PhasedGame
from game.core.session import Session
from game.games.incognito.rules.bots import IncognitoBot
from game.games.incognito.rules.view import IncognitoView
from game.games.mission_secrete.entries import ENTRIES as MS_ENTRIES
from game.games.mission_secrete.rules.catalogue import MSCatalogue
from game.games.mission_secrete.rules.game import MissionSecrete, MSState
from game.games.mission_secrete.rules.view import MSPrivate, MSPublic, MSView
from game.games.personality.entries import ENTRIES as PE_ENTRIES
from game.games.personality.rules.catalogue import PECatalogue
from game.games.phone_kit import Ctx
from game.games.secret_identity.rules.catalogue import SICatalogue
from game.games.secret_identity.rules.view import CoopPublic
from game.scenes.menus.deck import DeckCatalogue


def a_session_carries_its_game(catalogue: MSCatalogue) -> None:
    session = Session(MissionSecrete(catalogue), {"seats": 3}, 1)
    assert_type(session.state, MSState)
    assert_type(session.view(None), MSView)
    assert_type(session.view(None).public, MSPublic)
    assert_type(session.view(0).private, MSPrivate | None)
    assert_type(session.view(0).mine, MSPrivate)


def an_entry_gives_its_catalogue_typed(catalogues: Catalogue) -> None:
    assert_type(MS_ENTRIES[0].catalogue(catalogues), MSCatalogue)
    assert_type(PE_ENTRIES[0].catalogue(catalogues), PECatalogue)


def a_bot_reads_its_own_game_s_view(bot: IncognitoBot, view: IncognitoView, other: MSView) -> None:
    bot.act(view, [])
    bot.act(other, [])  # type: ignore[arg-type]  # (must stay refused: another game's view)


def a_phone_screen_reads_its_catalogue(ctx: Ctx[PECatalogue]) -> None:
    assert_type(ctx.catalogue, PECatalogue)


def a_tile_passes_on_only_what_an_item_says(ctx: Ctx[PECatalogue]) -> None:
    ctx.seat_item(0, note="3 votes", selected=True)
    ctx.seat_item(0, colour="red")  # type: ignore[call-arg]  # (must stay refused: no such field)


def the_deck_reads_secret_identity_s_catalogue(catalogue: SICatalogue) -> DeckCatalogue:
    return catalogue


@dataclass(frozen=True)
class NoPhase:
    """A state the phase shell could not route: it has no ``phase``."""

    seats: int


class Unphased(PhasedGame[NoPhase, CoopPublic, None]):  # type: ignore[type-var]  # (must stay refused)
    """Refused: a phased game's state must say its phase (``PhasedState``)."""

