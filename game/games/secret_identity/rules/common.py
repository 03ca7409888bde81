"""What both Secret Identity modes share: clues on the safe, the character pool, chance.

A clue (SI-4) is 1–3 picto cards, each showing one of its 4 pictograms on a green ("is")
or red ("is not") slot. Both modes build clues with the same three actions: ``place``,
``take_back`` and ``confirm``, and run on declared phases (``game.core.phases``) with a
copy-on-write state (:func:`game.core.records.replace`: a new state sharing every field
it does not change, which the handlers only ever replace, never change in place).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence, TypeVar

from ....core.actions import Action, IllegalAction
from ....core.options import OptionSpec, option
from ....core.engine import Priv, Pub
from ....core.phases import PhasedGame, PhasedState
from ....core.rng import Rng
from ....core.schema import Fields, Int, ListOf, OneOf
from .catalogue import EVERYDAY, SICatalogue
from .view import Shown

#: Board slots (SI-1): numbered 1–8 clockwise from the top; slot index = number - 1.
SLOTS = 8
#: Most cards in one clue (SI-4).
MAX_CLUE_CARDS = 3
GREEN = "green"
RED = "red"
#: The family filter both modes declare, on by default, as every game with a deck.
FAMILY = OptionSpec("family", True, (True, False))
#: The deck screen's opt-in tile (a config key, off unless set, not a lobby option): the
#: less-known characters (fame below 3 in the match's language) join the deck.
CONNOISSEURS = "connoisseurs"

S = TypeVar("S", bound=PhasedState)
#: What a list holds (:func:`with_item`).
T = TypeVar("T")


@dataclass(frozen=True)
class Placement:
    """One card on the safe: ``pictogram`` is the one face up, ``green`` its slot colour."""

    card: str
    pictogram: str
    green: bool


def shown(clue: Iterable[Placement]) -> tuple[Shown, ...]:
    return tuple(Shown(p.pictogram, p.green) for p in clue)


#: The language whose fame ratings pick the everyday deck when the config names none.
DEFAULT_DECK_LANG = "en"


def character_pool(catalogue: SICatalogue, config: Mapping[str, Any]) -> list[str]:
    """Ids of the characters this match may deal, in catalogue order: the lobby's
    categories (None = all), the family filter (option ``family``, on by default), and
    the everyday deck of the match's language ``deck_lang`` (its fame-3 characters)
    unless the ``connoisseurs`` option adds the less-known ones."""
    categories = config.get("categories")
    wanted = None if categories is None else set(categories)
    family = bool(option((FAMILY,), config, FAMILY.id))
    connoisseurs = bool(config.get(CONNOISSEURS, False))
    lang = config.get("deck_lang") or DEFAULT_DECK_LANG
    return [
        c.id for c in catalogue.characters
        if (wanted is None or c.category in wanted) and (c.family or not family)
        and (connoisseurs or c.fame(lang) >= EVERYDAY)
    ]


class ClueBook:
    """Place / take back / confirm for one clue (SI-4), shared by both modes: each returns
    the new hand and clue (fresh lists; the ones given stay as they were).

    ``cards`` maps card id to its 4 pictograms (from the catalogue); ``depicting`` maps a
    pictogram to the characters whose kind it pictures (``Character.depicted_by``): a
    clue never shows it while one of them is on ``board`` (issue 27: as no pictogram is
    named like a character, none pictures one on the board).
    """

    def __init__(self, cards: Mapping[str, tuple[str, ...]],
                 depicting: Mapping[str, frozenset[str]] | None = None) -> None:
        self.cards = cards
        self.depicting = depicting or {}
        self._places: dict[tuple[int, str], list[Action]] = {}

    def pictures_board(self, pictogram: str, board: Sequence[str]) -> bool:
        """Whether ``pictogram`` pictures a character on ``board``."""
        return not self.depicting.get(pictogram, frozenset()).isdisjoint(board)

    def place(self, hand: Sequence[str], clue: Sequence[Placement], data: Mapping[str, Any],
              board: Sequence[str] = ()) -> tuple[list[str], list[Placement], Placement]:
        card, pictogram, colour = data["card"], data["pictogram"], data["colour"]  # checked: MoveData.place
        if card not in hand:
            raise IllegalAction("not_in_hand", f"card {card!r}")
        if pictogram not in self.cards[card]:
            raise IllegalAction("bad_pictogram", f"{pictogram!r} is not on {card!r}")
        if self.pictures_board(pictogram, board):
            raise IllegalAction("pictures_board", f"{pictogram!r} pictures a character on the board")
        if len(clue) >= MAX_CLUE_CARDS:
            raise IllegalAction("clue_full", f"at most {MAX_CLUE_CARDS} cards (SI-4)")
        placement = Placement(card, pictogram, colour == GREEN)
        return [c for c in hand if c != card], [*clue, placement], placement

    @staticmethod
    def take_back(hand: Sequence[str], clue: Sequence[Placement],
                  data: Mapping[str, Any]) -> tuple[list[str], list[Placement], Placement]:
        card = data.get("card")
        for i, placement in enumerate(clue):
            if placement.card == card:
                return sorted([*hand, placement.card]), [*clue[:i], *clue[i + 1:]], placement
        raise IllegalAction("not_placed", f"card {card!r}")

    @staticmethod
    def check_confirm(hand: Sequence[str], clue: Sequence[Placement]) -> None:
        """SI-4: 1–3 cards; an empty clue only when the hand is empty too."""
        if not clue and hand:
            raise IllegalAction("clue_empty", "place at least one card")

    def place_actions(self, seat: int, hand: Sequence[str], clue: Sequence[Placement],
                      board: Sequence[str] = ()) -> list[Action]:
        """Every ``place`` the seat's clue may take now (none once it holds 3 cards; none
        showing a pictogram that pictures a character on ``board``), made as actions at
        once (``Move.actions``: up to 80 of them before every bot move)."""
        if len(clue) >= MAX_CLUE_CARDS:
            return []
        return [action for card in hand for action in self._card_places(seat, card)
                if not self.pictures_board(action.data["pictogram"], board)]

    def _card_places(self, seat: int, card: str) -> list[Action]:
        """The 8 ``place`` actions of one card, made once per seat and card (an action
        is never changed, so every legal list may share them)."""
        actions = self._places.get((seat, card))
        if actions is None:
            actions = self._places[seat, card] = [
                Action("place", seat, {"card": card, "pictogram": picto, "colour": colour})
                for picto in self.cards[card] for colour in (GREEN, RED)]
        return actions


def confirmable(clue: Sequence[Placement]) -> tuple[dict[str, Any], ...]:
    """The ``confirm`` a seat's legal moves offer: once its clue holds a card."""
    return ({},) if clue else ()


class MoveData:
    """The data of both modes' moves (``game.core.schema``): the catalogue's ids, seat
    numbers below ``seats``, board slots (0–7) and keys (1–8)."""

    def __init__(self, catalogue: SICatalogue, seats: int) -> None:
        cards = [card.id for card in catalogue.cards]
        self.card = OneOf(cards)
        self.character = OneOf(character.id for character in catalogue.characters)
        #: A round's eight characters (competitive).
        self.board = ListOf(self.character, SLOTS)
        self.seat = Int(0, seats - 1)
        self.slot = Int(0, SLOTS - 1)
        self.key = Int(1, SLOTS)
        #: A key per seat (competitive: dealt at once).
        self.keys = ListOf(self.key, seats)
        #: A deal's hands: a list of cards per seat.
        self.hands = ListOf(ListOf(self.card, len(cards)), seats)
        self.place = Fields({"card": self.card, "colour": OneOf((GREEN, RED)),
                             "pictogram": OneOf(picto for card in catalogue.cards for picto in card.pictograms)})
        self.take_back = Fields({"card": self.card})


class SecretIdentityRules(PhasedGame[S, Pub, Priv]):
    """What both modes share on declared phases: the table they check, the clue book
    (SI-4) and the options. Each mode declares its phases and handlers; a handler
    returns a new state from ``records.replace``, never changing the one it is given."""

    min_seats = 3
    max_seats = 8
    not_now = "wrong_phase"

    def __init__(self, catalogue: SICatalogue) -> None:
        self.catalogue = catalogue
        self.book = ClueBook({card.id: card.pictograms for card in catalogue.cards}, catalogue.depicting)
        self.data = MoveData(catalogue, self.max_seats)
        #: What :meth:`check_table` found for a table's deck options (the catalogue's
        #: character pool and picto cards; each match of a series asks again).
        self._decks: dict[tuple[object, ...], tuple[tuple[str, ...], tuple[str, ...]]] = {}
        super().__init__()

    def check_table(self, config: Mapping[str, Any], characters: int, needs: str,
                    hand_size: Callable[[int], int]) -> tuple[int, list[str], list[str]]:
        """(seats, character pool, sorted picto card ids: a family table's show nothing the
        family policy leaves out) for ``config``; ValueError when
        the seat count is out of range, the pool holds fewer than ``characters`` (the
        message ends with ``needs``) or the cards cannot fill ``hand_size(seats)`` each."""
        seats = int(config["seats"])
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError(f"Secret Identity needs 3–8 seats, not {seats}")
        categories = config.get("categories")
        family = bool(option((FAMILY,), config, FAMILY.id))
        key = (None if categories is None else tuple(categories), family, bool(config.get(CONNOISSEURS, False)),
               config.get("deck_lang") or DEFAULT_DECK_LANG)
        deck = self._decks.get(key)
        if deck is None:
            deck = self._decks[key] = (tuple(character_pool(self.catalogue, config)),
                                       tuple(self.catalogue.card_ids(family)))
        pool, cards = list(deck[0]), list(deck[1])
        if len(pool) < characters:
            raise ValueError(f"the chosen categories hold {len(pool)} characters; {needs}")
        if len(cards) < seats * hand_size(seats):
            raise ValueError("not enough picto cards for this many seats")
        return seats, pool, cards


def seat_of(action: Action) -> int:
    """The seat of a player's move (the phase shell has checked it)."""
    assert action.seat is not None
    return action.seat


def own_slot(my_key: int | None) -> int:
    """The board slot of a seat's own mystery key: dealt before it gives a clue or votes."""
    assert my_key is not None, "a seat's key is dealt before it gives a clue or votes"
    return my_key - 1


def with_item(items: Sequence[T], index: int, value: T) -> list[T]:
    """A copy of ``items`` with ``items[index]`` replaced (copy-on-write: module doc)."""
    out = list(items)
    out[index] = value
    return out


def deal_hands(rng: Rng, cards: list[str], seats: int, per_seat: int) -> list[list[str]]:
    """Shuffle the picto cards and deal ``per_seat`` to each seat (sorted for display)."""
    order = rng.shuffled(sorted(cards))
    return [sorted(order[s * per_seat:(s + 1) * per_seat]) for s in range(seats)]


def take_deal(all_cards: list[str], dealt_hands: Iterable[Iterable[str]]) -> tuple[list[list[str]], list[str]]:
    """The hands of a deal chance (sorted) and the picto cards nobody was dealt."""
    hands = [sorted(h) for h in dealt_hands]
    dealt = {card for hand in hands for card in hand}
    return hands, [c for c in all_cards if c not in dealt]


def seat_secrets(key: int | None, hands: list[list[str]], seat: int) -> Iterator[tuple[str, object]]:
    """The secrets both modes give a seat: its key while it is secret (SI-2) and its hand (SS-1)."""
    if key is not None:
        yield "my_key", key
    if hands and hands[seat]:
        yield "hand", tuple(hands[seat])


def check_cards_conserved(every: Iterable[str], *piles: Iterable[str]) -> None:
    """Invariant: every picto card is in exactly one pile (hands, clues, discard, unused)."""
    seen: list[str] = [card for pile in piles for card in pile]
    assert len(seen) == len(set(seen)), "a picto card is in two places"
    assert sorted(seen) == sorted(every), "picto cards were created or lost"
