"""Starting and resuming matches: the Session, its bots and its board (INTERFACES.md,
"Boards"). Kept apart from the screens so tests can call it directly."""

from __future__ import annotations

import importlib.util
import time
from pathlib import Path
from typing import Any, Mapping

from ... import paths
from ...core.bots import DEFAULT_LEVEL, LEVELS, Bot
from ...core.rng import Rng
from ...core.session import SaveError, Session, quarantine
from ...games import GameEntry

AUTOSAVE = "autosave.json"


def autosave_path() -> Path:
    return paths.user_data_dir() / AUTOSAVE


def playable(entry: GameEntry) -> bool:
    """Whether the game's board module exists (a game's rules may land before its board)."""
    try:
        return importlib.util.find_spec(entry.scenes_module) is not None
    except (ImportError, ValueError):
        return False


def match_config(ctx: Any, entry: GameEntry, options: Mapping[str, Any] = (),
                 extra: Mapping[str, Any] = ()) -> dict[str, Any]:
    """The config a match starts with: the defaults for the seated table, the lobby's
    option choices (only the game's own options), then the lobby's extra config
    (choices that are not an :class:`OptionSpec`, e.g. the deck's ``categories``),
    passed through as they are."""
    config = entry.default_config(len(ctx.seats), ctx.settings.timer_scale)
    config.update({k: v for k, v in dict(options).items() if k in config})
    config.update(dict(extra))
    return config


def start_problem(ctx: Any, entry: GameEntry, config: Mapping[str, Any] | None = None) -> str | None:
    """Why the lobby cannot start ``entry`` now (a sentence for the screen), or None.
    ``config`` (see :func:`match_config`) lets the deck's category choice be checked."""
    from .deck import category_deck

    seats = list(ctx.seats.seats)
    if not entry.min_seats <= len(seats) <= entry.max_seats:
        return ctx.t("lobby.need_players", game=ctx.t(f"games.{entry.id}.name"), min=entry.min_seats,
                     max=entry.max_seats)
    if not any(not seat.bot for seat in seats):
        return ctx.t("lobby.need_human")
    deck = category_deck(ctx, entry)
    if deck is not None:
        return deck.problem(config if config is not None else match_config(ctx, entry))
    return None


def make_bots(ctx: Any, entry: GameEntry, seed: int | str) -> dict[int, Bot]:
    """A bot for every bot seat, at the seat's level."""
    catalogue = ctx.catalogue.game(entry.catalogue_key)
    return {seat.index: entry.make_bot(catalogue, seat.index, Rng.from_seed(f"{seed}/bot/{seat.index}"), seat.level)
            for seat in ctx.seats.seats if seat.bot}


def new_match(ctx: Any, entry: GameEntry, options: Mapping[str, Any], seed: int | None = None,
              extra: Mapping[str, Any] = ()) -> Any:
    """The Session for the seated table, with the lobby's options and extra config (see
    :func:`match_config`), and its board scene."""
    seed = time.time_ns() % (1 << 62) if seed is None else seed
    scenes = entry.scenes()  # before the Session: a failure must not leave an autosave behind
    seats = list(ctx.seats.seats)
    config = match_config(ctx, entry, options, extra)
    definition = entry.make_definition(ctx.catalogue.game(entry.catalogue_key))
    meta = {"seats": [{"name": s.name, "style": s.style, "bot": s.bot, "level": s.level} for s in seats],
            "entry": entry.id}
    session = Session(definition, config, seed, save_path=autosave_path(), meta=meta,
                      catalogue_version=ctx.catalogue.version)
    return scenes.make_board(ctx, entry, session, make_bots(ctx, entry, seed))


def load_saved(ctx: Any, path: Path | None = None) -> tuple[GameEntry, Session]:
    """Load the autosave. On any SaveError the bad file is kept as ``.bak`` (so the
    title stops offering it) and the error is raised again for the screen."""
    path = path or autosave_path()
    found: dict[str, GameEntry] = {}

    def resolve(game_id: str):
        # Definition ids are entry ids, except where two entries share one definition.
        entries = [ctx.games[game_id]] if game_id in ctx.games else list(ctx.games.values())
        for entry in entries:
            definition = entry.make_definition(ctx.catalogue.game(entry.catalogue_key))
            if definition.id == game_id or entry.id == game_id:
                found["entry"] = entry
                return definition
        return None

    try:
        session = Session.load(path, resolve, catalogue_version=ctx.catalogue.version)
    except SaveError:
        if path.exists():
            quarantine(path)
        raise
    entry = ctx.games.get(str(session.meta.get("entry", ""))) or found["entry"]
    return entry, session


def saved_seats(session: Session) -> list[dict[str, Any]]:
    """The seats recorded in a save's meta (name, style, bot, level), one per seat of the
    match (saves from before levels: normal)."""
    count = int(session.config.get("seats", 0))
    raw = session.meta.get("seats")
    seats: list[dict[str, Any]] = []
    for i in range(count):
        item = raw[i] if isinstance(raw, list) and i < len(raw) and isinstance(raw[i], dict) else {}
        level = item.get("level")
        seats.append({"name": str(item.get("name", f"{i + 1}")), "style": int(item.get("style", i)) % 8,
                      "bot": bool(item.get("bot", False)), "level": level if level in LEVELS else DEFAULT_LEVEL})
    return seats


def resume_board(ctx: Any, entry: GameEntry, session: Session) -> Any:
    """The board for a resumed session (seats already re-bound in ``ctx.seats``)."""
    return entry.scenes().make_board(ctx, entry, session, make_bots(ctx, entry, f"{session.seed}/resume{session.tick}"))
