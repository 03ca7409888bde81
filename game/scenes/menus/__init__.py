"""Title, game choice, lobby, settings, pause, how-to-play and credits screens.

``SHOTS`` registers them with the shot registry (game/shots.py: ``python -m game shot``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ...context import AppContext
    from ...games import GameEntry
    from ...shots import Builder, ShotRequest


def shot_entry(ctx: AppContext) -> GameEntry[Any]:
    """The game the lobby, pause and how-to shots show: the game menu's first."""
    if not ctx.games:
        raise LookupError("no game is registered yet: this screen needs one")
    return next(iter(ctx.games.values()))


def _title(ctx: AppContext, args: ShotRequest) -> None:
    from .title import TitleScene

    ctx.stack.push(TitleScene(ctx, attract=False))


def _title_attract(ctx: AppContext, args: ShotRequest) -> None:
    from .title import TitleScene

    ctx.stack.push(TitleScene(ctx))


def _games(ctx: AppContext, args: ShotRequest) -> None:
    from .games import GameChoiceScene

    ctx.stack.push(GameChoiceScene(ctx))


def _lobby(ctx: AppContext, args: ShotRequest) -> None:
    from .lobby import LobbyScene

    ctx.stack.push(LobbyScene(ctx, shot_entry(ctx)))


def _lobby_bots(ctx: AppContext, args: ShotRequest) -> None:
    """The lobby with an easy and a sharp bot beside the seated players, the sharp
    bot's level chip focused."""
    from .lobby import BOT_NAME_COUNT, LobbyScene, free_name

    for level in ("easy", "sharp"):
        ctx.seats.add_bot(free_name(ctx, "bot_names", BOT_NAME_COUNT), level)
    lobby = LobbyScene(ctx, shot_entry(ctx))
    ctx.stack.push(lobby)
    lobby.focus_key(f"level:{len(ctx.seats) - 1}")


def _lobby_of(game_id: str) -> Builder:
    """The lobby of one game (``lobby.<game id>``, one for each game of the registry:
    ``GAME_SHOTS``): every game's options on screen."""

    def build(ctx: AppContext, args: ShotRequest) -> None:
        from .lobby import LobbyScene

        if game_id not in ctx.games:
            raise LookupError(f"{game_id} is not registered")
        ctx.stack.push(LobbyScene(ctx, ctx.games[game_id]))

    return build


def _deck(ctx: AppContext, args: ShotRequest) -> None:
    """The category picker of the first lobby that has one (Secret Identity's), two
    categories switched off."""
    from .deck import category_deck
    from .lobby import LobbyScene

    lobby = LobbyScene(ctx, next(entry for entry in ctx.games.values() if category_deck(ctx, entry) is not None))
    ctx.stack.push(lobby)
    assert lobby.deck is not None
    lobby.extra["categories"] = lobby.deck.all_ids()[2:]
    lobby.open_deck()


def _settings(ctx: AppContext, args: ShotRequest) -> None:
    from .settings import SettingsScene

    ctx.stack.push(SettingsScene(ctx))


def _access(ctx: AppContext, args: ShotRequest) -> None:
    from .access import AccessSettingsScene

    ctx.stack.push(AccessSettingsScene(ctx))


def _high_contrast(ctx: AppContext, args: ShotRequest) -> None:
    """The accessibility page in the high-contrast theme."""
    ctx.settings.high_contrast = True
    ctx.kit.retheme()
    _access(ctx, args)


def _streaming(ctx: AppContext, args: ShotRequest) -> None:
    from .settings import StreamingScene

    ctx.settings.room_password = "4821"
    ctx.stack.push(StreamingScene(ctx))


def _pause(ctx: AppContext, args: ShotRequest) -> None:
    from ..backdrop import TableBackdrop
    from .pause import PauseScene

    ctx.stack.push(TableBackdrop(ctx))
    ctx.stack.push(PauseScene(ctx, shot_entry(ctx)))


def _credits(ctx: AppContext, args: ShotRequest) -> None:
    from .credits import CreditsScene

    ctx.stack.push(CreditsScene(ctx))


def _howto(ctx: AppContext, args: ShotRequest) -> None:
    """The first page with its picture: a tool has no maker (picture_maker.py), so the
    picture is made here, in this process, if the cache lacks it."""
    from ... import disk_cache
    from .howto import HowToScene
    from .howto_pictures import display_format, is_made, make_picture, page_shot, picture_path

    scene = HowToScene(ctx, shot_entry(ctx).id)
    ctx.stack.push(scene)
    shot, lang, fmt = page_shot(scene.mode, 0), ctx.strings.lang, display_format(scene.picture_rect().size)
    folder = disk_cache.cache_dir("pictures")
    if shot is not None and not is_made(picture_path(folder, shot, lang, fmt), fmt):
        make_picture(folder, shot, lang, fmt)


SHOTS = {
    "title": _title,
    "title.attract": _title_attract,
    "games": _games,
    "lobby": _lobby,
    "lobby.deck": _deck,
    "lobby.bots": _lobby_bots,
    "settings": _settings,
    "settings.access": _access,
    "settings.high_contrast": _high_contrast,
    "settings.streaming": _streaming,
    "pause": _pause,
    "credits": _credits,
    "howto": _howto,
}
#: Shots with one screen per game: ``lobby.<game id>`` (game/shots.py names them).
GAME_SHOTS = {"lobby": _lobby_of}
