"""What one seat's phone shows: its private view and its legal moves, as plain JSON.

``phone_screen`` is built in the game thread from ``session.view(seat)`` and
``session.legal(seat)`` only — never from the state — so a screen can hold nothing
that seat may not know. The page (``static/app.js``) draws any screen with one
renderer; the game's phone screens (``game/games/<id>/phone``, made of
``game.games.phone_kit``'s parts) decide what goes in it.

A screen::

    {"game": id, "seat": int, "phase": str, "title": str,  # whose screen; what to do now
     "facts": [{"label", "value", "icon"?}],            # what only this seat knows
     "sections": [{"title", "items": [item], "columns"?: int}],
     "canvas"?: {...},                                    # Incognito's drawing sheet
     "waiting": bool}                                     # no move to make now

and an item (a tile, a button when it carries a move, a menu when it has choices)::

    {"label", "icon"?, "seat"?, "note"?, "selected"?, "tone"?: green|red|primary,
     "move"?: {"kind", "data"}, "hold"?: ms, "press"?: {"kind", "data"}, "confirm"?: str,
     "choices"?: {"title", "items": [item]}, "faces"?: [[{"icon", "label"}]]}

Every move carries the exact ``{"kind", "data"}`` the phone sends back in ``act``: the
same action a pad's board would submit, so the engine validates it. ``seat`` names a
seat the page labels with that player's name and colour (the label is the fallback);
``icon`` is an OpenMoji code (``1F451``) the page shows as the game's own picture,
``/picto/<code>.svg`` (companion/pictures.py), the TV's art; ``faces`` lays an item out as
a card of faces, each a row of pictograms (Secret Identity's picto card: two faces of
two, as the TV draws it), its label then only naming it; ``hold`` asks for the button to
be held that long (milliseconds) before its move is sent, as a pad holds confirm, and
``press`` is a move sent as that hold begins, so the server can time the hold itself
(leaving the match: ``QUIT_HOLD``, then ``QUIT``); ``confirm`` is a question the page asks
(Confirm / Cancel) before it sends the move: a tap that changes the table for everyone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from ..core.actions import Action
from ..core.engine import SeatView
from ..games.phone_kit import BoardNow, Ctx, act, item, section
from ..i18n import Strings

if TYPE_CHECKING:
    from ..games import C, GameEntry

#: The table's own moves a screen may offer (``act`` kinds no game uses), which the
#: board runs, not the rules: the end screen's choices, leaving a match still on (its
#: hold's start, then its end: the companion times the hold), and hurrying a show the
#: TV plays (what a pad's CONFIRM does there).
AGAIN, LOBBY, QUIT, QUIT_HOLD, SKIP = "again", "lobby", "quit", "quit_hold", "skip"
TABLE_MOVES = (AGAIN, LOBBY, QUIT, QUIT_HOLD, SKIP)
#: Leaving the match is held this long on the phone (ms): no tap by mistake ends it.
QUIT_HOLD_MS = 1500

def phone_screen(entry: GameEntry[C], view: SeatView[Any, Any], legal: Sequence[Action], strings: Strings,
                 catalogue: C, board: BoardNow = BoardNow()) -> dict[str, Any]:
    """The screen of ``view.seat``'s phone (see the module docstring), built by the
    game's own phone screens (its plug-in's, ``GamePlugin.phone_builder``); ``catalogue``
    is the game's own catalogue (``entry.catalogue(...)``). While the TV
    plays a show the table may hurry, the screen starts with ``skip``. Once the TV's end
    screen offers its choices, the screen ends with them (the moves ``again``/``lobby``);
    while the match is on, with ``quit`` (held), which takes the whole table to the lobby."""
    build = entry.plugin.phone_builder(entry.id) if entry.plugin is not None else None
    if build is None:
        raise LookupError(f"{entry.id} has no phone screens")
    assert view.seat is not None, "a phone shows a seat's view, never the TV's"
    ctx = Ctx(strings, catalogue, view.seat, entry.id, board)
    out: dict[str, Any] = build(ctx, view, legal)
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


def page_strings(strings: Strings) -> dict[str, Any]:
    """The page's own texts (``phone.page.*`` without the prefix) in ``strings``'
    language, as the page's ``strings.json`` serves them: ``{"lang", "strings"}``."""
    prefix = "phone.page."
    table = strings.tables.get(strings.lang, {})
    return {"lang": strings.lang,
            "strings": {key[len(prefix):]: text for key, text in table.items() if key.startswith(prefix)}}
