"""What one seat's phone shows: its private view and its legal moves, as plain JSON.

``phone_screen`` is built in the game thread from ``session.view(seat)`` and
``session.legal(seat)`` only — never from the state — so a screen can hold nothing
that seat may not know. The page (``static/app.js``) draws any screen with one
renderer; a game's module under ``screens/`` decides what goes in it.

A screen::

    {"game": id, "seat": int, "phase": str, "title": str,  # whose screen; what to do now
     "facts": [{"label", "value", "icon"?}],            # what only this seat knows
     "sections": [{"title", "items": [item], "columns"?: int}],
     "canvas"?: {...},                                    # Incognito's drawing sheet
     "waiting": bool}                                     # no move to make now

and an item (a tile, a button when it carries a move, a menu when it has choices)::

    {"label", "icon"?, "seat"?, "note"?, "selected"?, "tone"?: green|red|primary,
     "move"?: {"kind", "data"}, "hold"?: ms, "press"?: {"kind", "data"}, "confirm"?: str,
     "choices"?: {"title", "items": [item]}}

Every move carries the exact ``{"kind", "data"}`` the phone sends back in ``act``: the
same action a pad's board would submit, so the engine validates it. ``seat`` names a
seat the page labels with that player's name and colour (the label is the fallback);
``icon`` is an emoji (the OpenMoji code as Unicode text); ``hold`` asks for the button to
be held that long (milliseconds) before its move is sent, as a pad holds confirm, and
``press`` is a move sent as that hold begins, so the server can time the hold itself
(leaving the match: ``QUIT_HOLD``, then ``QUIT``); ``confirm`` is a question the page asks
(Confirm / Cancel) before it sends the move: a tap that changes the table for everyone.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from ..core.actions import Action
from ..core.engine import SeatView
from ..i18n import Strings

#: The table's own moves a screen may offer (``act`` kinds no game uses), which the
#: board runs, not the rules: the end screen's choices, leaving a match still on (its
#: hold's start, then its end: the companion times the hold), and hurrying a show the
#: TV plays (what a pad's CONFIRM does there).
AGAIN, LOBBY, QUIT, QUIT_HOLD, SKIP = "again", "lobby", "quit", "quit_hold", "skip"
TABLE_MOVES = (AGAIN, LOBBY, QUIT, QUIT_HOLD, SKIP)
#: Leaving the match is held this long on the phone (ms): no tap by mistake ends it.
QUIT_HOLD_MS = 1500
#: Entry id -> module of ``game.companion.screens`` that builds its screens.
SCREEN_MODULES = {
    "secret_identity": "secret_identity",
    "secret_identity_coop": "secret_identity_coop",
    "personality": "personality",
    "mission_secrete": "mission_secrete",
    "incognito": "incognito",
}


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


def phone_screen(entry_id: str, view: SeatView[Any], legal: Sequence[Action], strings: Strings,
                 catalogue: Any, board: BoardNow = BoardNow()) -> dict[str, Any]:
    """The screen of ``view.seat``'s phone (see the module docstring); ``catalogue`` is
    the game's own catalogue (``Catalogue.game(entry.catalogue_key)``). While the TV plays
    a show the table may hurry, the screen starts with ``skip``. Once the TV's end
    screen offers its choices, the screen ends with them (the moves ``again``/``lobby``);
    while the match is on, with ``quit`` (held), which takes the whole table to the lobby."""
    module = importlib.import_module(f"{__package__}.screens.{SCREEN_MODULES[entry_id]}")
    assert view.seat is not None, "a phone shows a seat's view, never the TV's"
    ctx = Ctx(strings, catalogue, view.seat, entry_id, board)
    out: dict[str, Any] = module.screen(ctx, view, legal)
    if board.watching:
        out["title"] = ctx.t("watch_tv")
    if board.skip:
        out["sections"].insert(0, section("", [item(ctx.t("skip"), move=act(SKIP), tone="primary")]))
    if board.end_choices:
        out["sections"].append(section(ctx.t("end.title"), [item(ctx.t("end.again"), move=act(AGAIN), tone="primary"),
                                                           item(ctx.t("end.lobby"), move=act(LOBBY))]))
        out["waiting"] = False
    if board.can_quit:
        leave = item(ctx.t("quit.hold"), move=act(QUIT), hold=QUIT_HOLD_MS, press=act(QUIT_HOLD))
        out["sections"].append(section(ctx.t("quit.title"), [leave]))
    return {**out, "seat": view.seat}


@dataclass(frozen=True)
class Ctx:
    """What every game's screen builder needs besides the view."""

    strings: Strings
    catalogue: Any
    seat: int
    game: str
    board: BoardNow = BoardNow()

    @property
    def lang(self) -> str:
        return self.strings.lang

    def t(self, key: str, **fmt: Any) -> str:
        """The phone string ``phone.<key>`` in the game's language."""
        return self.strings.get(f"phone.{key}", **fmt)

    def seat_item(self, seat: int, **more: Any) -> dict[str, Any]:
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


def move(action: Action) -> dict[str, Any]:
    """The ``{"kind", "data"}`` a phone sends back for ``action``."""
    return {"kind": action.kind, "data": dict(action.data)}


def act(kind: str, **data: Any) -> dict[str, Any]:
    return {"kind": kind, "data": data}


def item(label: str, *, move: Mapping[str, Any] | None = None, choices: Mapping[str, Any] | None = None,
         icon: str | None = None, seat: int | None = None, note: str | None = None,
         selected: bool = False, tone: str | None = None, hold: int | None = None,
         press: Mapping[str, Any] | None = None, confirm: str | None = None) -> dict[str, Any]:
    """One tile; the fields left at their default are left out (smaller frames)."""
    out: dict[str, Any] = {"label": label}
    for key, value in (("move", move), ("choices", choices), ("icon", icon), ("seat", seat),
                       ("note", note), ("tone", tone), ("hold", hold), ("press", press), ("confirm", confirm)):
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


@functools.lru_cache(maxsize=4096)
def emoji(code: str | None) -> str | None:
    """The Unicode text of an OpenMoji code (``1F9D1-200D-1F4BC``); None for OpenMoji's
    own extras (private-use code points no phone font has) and for no code."""
    if not code:
        return None
    try:
        points = [int(part, 16) for part in code.split("-")]
    except ValueError:
        return None
    if any(0xE000 <= p <= 0xF8FF or p > 0x10FFFF for p in points):
        return None
    return "".join(chr(p) for p in points)


def page_strings(strings: Strings) -> dict[str, Any]:
    """The page's own texts (``phone.page.*`` without the prefix) in ``strings``'
    language, as the page's ``strings.json`` serves them: ``{"lang", "strings"}``."""
    prefix = "phone.page."
    table = strings.tables.get(strings.lang, {})
    return {"lang": strings.lang,
            "strings": {key[len(prefix):]: text for key, text in table.items() if key.startswith(prefix)}}
