"""Starting and resuming matches: the Session, its bots and its board (docs/architecture.md,
"Boards"), handed the menus it may open (:class:`MatchMenus`). Kept apart from the
screens so tests can call it directly."""

from __future__ import annotations

import contextlib
import importlib.util
import time
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Mapping

from ...paths import autosave_path
from ...core.bots import DEFAULT_LEVEL, LEVELS, Bot
from ...core.rng import Rng
from ...core.files import quarantine
from ...core.session import SaveError, Session
from ...games import GameEntry
from ...seats import MAX_SEATS
from .pause import PauseScene

if TYPE_CHECKING:
    from ...context import AppContext
    from ...core.engine import GameDefinition
    from ..base import Scene
    from ..match import MatchScene
    from .deck import CategoryDeck

#: The longest seat name a save may hold (the lobby's names are a few words).
MAX_SAVED_NAME = 100
#: No choices (the lobby's options, its extra config).
NONE_CHOSEN: Mapping[str, Any] = MappingProxyType({})
#: A match of whichever game (what the menus start and resume).
AnySession = Session[Any, Any, Any]


def playable(entry: GameEntry[Any]) -> bool:
    """Whether the game's board module exists (a game's rules may land before its board)."""
    try:
        return importlib.util.find_spec(entry.scenes_module) is not None
    except (ImportError, ValueError):
        return False


def match_config(ctx: AppContext, entry: GameEntry[Any], options: Mapping[str, Any] = NONE_CHOSEN,
                 extra: Mapping[str, Any] = NONE_CHOSEN) -> dict[str, Any]:
    """The config a match starts with: the defaults for the seated table, the lobby's
    option choices (only the game's own options), then the lobby's extra config
    (choices that are not an :class:`OptionSpec`, e.g. the deck's ``categories``),
    passed through as they are, and last what the seated table gives the game
    (``entry.table_config``: the seats at the TV, as they sit now)."""
    config = entry.default_config(len(ctx.seats), ctx.settings.timer_scale)
    config.update({k: v for k, v in dict(options).items() if k in config})
    config.update(dict(extra))
    if entry.table_config is not None:
        config.update(entry.table_config([s.index for s in ctx.seats.seats if not s.bot and not s.on_phone]))
    return config


def start_problem(ctx: AppContext, entry: GameEntry[Any], config: Mapping[str, Any] | None = None,
                  deck: CategoryDeck | None = None) -> str | None:
    """Why the lobby cannot start ``entry`` now (a sentence for the screen), or None.
    ``config`` (see :func:`match_config`) lets the deck's category choice be checked
    (by the lobby's ``deck``, which keeps its counts, else a new one)."""
    from .deck import category_deck

    seats = list(ctx.seats.seats)
    if not entry.min_seats <= len(seats) <= entry.max_seats:
        return ctx.t("lobby.need_players", game=ctx.t(f"games.{entry.id}.name"), min=entry.min_seats,
                     max=entry.max_seats)
    if not any(not seat.bot for seat in seats):
        return ctx.t("lobby.need_human")
    deck = deck or category_deck(ctx, entry)
    if deck is not None:
        return deck.problem(config if config is not None else match_config(ctx, entry))
    return None


def make_bots(ctx: AppContext, entry: GameEntry[Any], seed: int | str) -> dict[int, Bot[Any, Any]]:
    """A bot for every bot seat, at the seat's level."""
    catalogue = entry.catalogue(ctx.catalogue)
    return {seat.index: entry.make_bot(catalogue, seat.index, Rng.from_seed(f"{seed}/bot/{seat.index}"), seat.level)
            for seat in ctx.seats.seats if seat.bot}


def new_match(ctx: AppContext, entry: GameEntry[Any], options: Mapping[str, Any], seed: int | None = None,
              extra: Mapping[str, Any] = NONE_CHOSEN) -> MatchScene:
    """The Session for the seated table, with the lobby's options and extra config (see
    :func:`match_config`), and its board scene."""
    seed = time.time_ns() % (1 << 62) if seed is None else seed
    scenes = entry.scenes()  # before the Session: a failure must not leave an autosave behind
    seats = list(ctx.seats.seats)
    config = match_config(ctx, entry, options, extra)
    definition = entry.make_definition(entry.catalogue(ctx.catalogue))
    meta = {"seats": [{"name": s.name, "style": s.style, "bot": s.bot, "level": s.level} for s in seats],
            "entry": entry.id}
    session = Session(definition, config, seed, save_path=autosave_path(), meta=meta,
                      catalogue_version=ctx.catalogue.version, autosaves=ctx.autosaves)
    board: MatchScene = scenes.make_board(ctx, entry, session, make_bots(ctx, entry, seed))
    board.menus = MatchMenus()
    return board


class MatchMenus:
    """What the menus give a board they start (``scenes.match.BoardMenus``): its pause
    menu, and "play again" dealt by :func:`new_match` from the table as seated."""

    def pause(self, board: MatchScene) -> Scene:
        return PauseScene(board.ctx, board.entry)

    def deal_again(self, board: MatchScene) -> Scene:
        return new_match(board.ctx, board.entry, board.session.config)


def load_saved(ctx: AppContext, path: Path | None = None) -> tuple[GameEntry[Any], AnySession]:
    """Load the autosave and check its ``meta`` (who sat where, which game entry). On any
    SaveError the bad file is kept as ``.bak`` (so the title stops offering it) and the
    error is raised again for the screen. The resumed session saves through the context's
    writer, which ``Session.load`` flushes first: the file read is the last save handed over."""
    path = path or autosave_path()
    try:
        session = Session.load(path, lambda game_id: _definition(ctx, game_id),
                               catalogue_version=ctx.catalogue.version, autosaves=ctx.autosaves)
        entry = _saved_entry(ctx, session)
        _check_seats(session)
    except SaveError:
        with contextlib.suppress(OSError):  # a read-only folder: the title stops offering it
            quarantine(path)
        raise
    return entry, session


def _definition(ctx: AppContext, game_id: str) -> GameDefinition[Any, Any, Any] | None:
    """The definition a save names. Definition ids are entry ids, except where two
    entries share one definition."""
    entries = [ctx.games[game_id]] if game_id in ctx.games else list(ctx.games.values())
    for entry in entries:
        definition = entry.make_definition(entry.catalogue(ctx.catalogue))
        if definition.id == game_id or entry.id == game_id:
            return definition
    return None


def _saved_entry(ctx: AppContext, session: AnySession) -> GameEntry[Any]:
    """The game entry ``meta`` names, which must play the save's definition."""
    name = session.meta.get("entry")
    entry = ctx.games.get(name) if isinstance(name, str) else None
    if entry is None or entry.make_definition(entry.catalogue(ctx.catalogue)).id != session.definition.id:
        raise SaveError("corrupt", f"meta.entry {session.meta.get('entry')!r} does not play {session.definition.id!r}")
    return entry


def _check_seats(session: AnySession) -> None:
    """``meta.seats``: one ``{name, style, bot[, level]}`` per seat of the match, validated like
    the rest of the save (a name, a style index, a flag)."""
    count = session.config.get("seats")
    seats = session.meta.get("seats")
    if not isinstance(count, int) or not isinstance(seats, list) or len(seats) != count:
        raise SaveError("corrupt", "meta.seats does not match the seats of the match")
    for i, seat in enumerate(seats):
        if not (isinstance(seat, dict)
                and isinstance(seat.get("name"), str) and 0 < len(seat["name"]) <= MAX_SAVED_NAME
                and type(seat.get("style")) is int and 0 <= seat["style"] < MAX_SEATS
                and isinstance(seat.get("bot"), bool)
                and seat.get("level", DEFAULT_LEVEL) in LEVELS):
            raise SaveError("corrupt", f"meta.seats[{i}] is not a seat")


def saved_seats(session: AnySession) -> list[dict[str, Any]]:
    """The seats recorded in a save's meta (name, style, bot, level), one per seat of the
    match (checked by :func:`load_saved`; saves from before levels: normal)."""
    return [{"name": s["name"], "style": s["style"], "bot": s["bot"], "level": s.get("level", DEFAULT_LEVEL)}
            for s in session.meta["seats"]]


def resume_board(ctx: AppContext, entry: GameEntry[Any], session: AnySession) -> MatchScene:
    """The board for a resumed session (seats already re-bound in ``ctx.seats``)."""
    bots = make_bots(ctx, entry, f"{session.seed}/resume{session.tick}")
    board: MatchScene = entry.scenes().make_board(ctx, entry, session, bots)
    board.menus = MatchMenus()
    return board
