"""What a game's phone screens are made of (``screen(ctx, view, legal) -> dict`` in each
game's package, named by its plug-in): the seat's :class:`Ctx` (strings, catalogue, what
the TV says of the table) and the screen's parts — items, sections, facts, moves — as
plain JSON. ``game.companion.present`` frames a game's screen (skip, end choices,
leaving) and documents its shape. Pure: no pygame, nothing of the companion's server, so
a game's phone screens sit in its own package below the companion."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Generic, Iterable, Sequence, TypedDict, TypeVar, Unpack

from ..core.actions import Action
from ..core.engine import SeatView

if TYPE_CHECKING:
    from ..i18n import Strings


@dataclass(frozen=True)
class BoardNow:
    """What the board on the TV, not the rules, says of the table now (public to every
    seat): the TV plays a beat the table watches, so moves wait (``watching``); the
    end screen takes "play again" / "back to the lobby" (``end_choices``); the match is
    on, so a phone may leave it for the whole table (``can_quit``, held);
    in co-op Secret Identity, the people guessing and those of them who agree with the
    team's answer (``guessers``, ``agreed``: a pad holding CONFIRM, a phone that agreed);
    a show plays that any seat may hurry, as a pad's CONFIRM does (``skip``)."""

    watching: bool = False
    end_choices: bool = False
    can_quit: bool = False
    skip: bool = False
    guessers: tuple[int, ...] = ()
    agreed: tuple[int, ...] = ()


#: A game's catalogue (each game's screens name their own: ``Ctx[MSCatalogue]``).
C = TypeVar("C")


@dataclass(frozen=True)
class Ctx(Generic[C]):
    """What every game's screen builder needs besides the view."""

    strings: Strings
    catalogue: C
    #: The seat whose phone it is (None: the audience's, ``audience_kit.AudienceCtx``).
    seat: int | None
    game: str
    board: BoardNow = BoardNow()

    @property
    def lang(self) -> str:
        return self.strings.lang

    def t(self, key: str, **fmt: object) -> str:
        """The phone string ``phone.<key>`` in the game's language."""
        return self.strings.get(f"phone.{key}", **fmt)

    def seat_item(self, seat: int, **more: Unpack[ItemExtras]) -> dict[str, Any]:
        """An item naming ``seat`` (the page shows the player's name and colour)."""
        return item(self.t("seat", n=seat + 1), seat=seat, **more)

    def screen(self, phase: str, title: str, *, facts: Iterable[dict[str, Any]] = (),
               sections: Iterable[dict[str, Any] | None] = (), canvas: Mapping[str, Any] | None = None,
               waiting: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.game, "phase": str(phase), "title": title, "facts": list(facts),
            "sections": [s for s in sections if s and s["items"]], "waiting": waiting,
        }
        if canvas is not None:
            out["canvas"] = dict(canvas)
        return out


#: A game's phone screen, ``screen(ctx, view, legal) -> dict`` (its plug-in names the module).
PhoneScreen = Callable[[Ctx[Any], SeatView[Any, Any], Sequence[Action]], dict[str, Any]]


def move(action: Action) -> dict[str, Any]:
    """The ``{"kind", "data"}`` a phone sends back for ``action``."""
    return {"kind": action.kind, "data": dict(action.data)}


def act(kind: str, **data: object) -> dict[str, Any]:
    return {"kind": kind, "data": data}


class ItemExtras(TypedDict, total=False):
    """What a tile may say besides its label, seat and icon (which the builders that pass
    these on set themselves: ``ctx.seat_item(seat, **more)``): :func:`item`'s other keywords."""

    move: Mapping[str, Any] | None
    choices: Mapping[str, Any] | None
    note: str | None
    selected: bool
    tone: str | None
    hold: int | None
    press: Mapping[str, Any] | None
    confirm: str | None
    faces: list[list[dict[str, str]]] | None


def item(label: str, *, move: Mapping[str, Any] | None = None, choices: Mapping[str, Any] | None = None,
         icon: str | None = None, seat: int | None = None, note: str | None = None,
         selected: bool = False, tone: str | None = None, hold: int | None = None,
         press: Mapping[str, Any] | None = None, confirm: str | None = None,
         faces: list[list[dict[str, str]]] | None = None) -> dict[str, Any]:
    """One tile; the fields left at their default are left out (smaller frames). ``icon``:
    an OpenMoji code; ``faces``: a card's faces, each a list of :func:`picture`."""
    out: dict[str, Any] = {"label": label}
    for key, value in (("move", move), ("choices", choices), ("icon", icon), ("seat", seat),
                       ("note", note), ("tone", tone), ("hold", hold), ("press", press), ("confirm", confirm),
                       ("faces", faces)):
        if value is not None:
            # (a dict first: isinstance against the Mapping ABC is the slow part of a screen)
            out[key] = dict(value) if type(value) is dict or isinstance(value, Mapping) else value
    if selected:
        out["selected"] = True
    return out


def section(title: str, items: Iterable[dict[str, Any]], columns: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"title": title, "items": list(items)}
    if columns:
        out["columns"] = columns
    return out


def choices(title: str, items: Iterable[dict[str, Any]]) -> dict[str, Any]:
    return {"title": title, "items": list(items)}


def fact(label: str, value: str, icon: str | None = None) -> dict[str, Any]:
    out = {"label": label, "value": value}
    if icon:
        out["icon"] = icon
    return out


def buttons(legal: Sequence[Action], labels: Mapping[str, str]) -> list[dict[str, Any]]:
    """A main button (tone ``primary``) for each legal action of a kind in ``labels``
    (kind -> label), in order."""
    return [item(labels[a.kind], move=move(a), tone="primary") for a in legal if a.kind in labels]


def picture(code: str, label: str) -> dict[str, str]:
    """A pictogram on a card's face: its OpenMoji code and the word it stands for."""
    return {"icon": code, "label": label}
