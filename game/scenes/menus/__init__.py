"""Title, game choice, lobby, settings, pause, how-to-play and credits screens.

``SHOTS`` registers them with ``python -m game shot`` (see game/cli/shot.py).
"""

from __future__ import annotations

import argparse
from typing import Any

#: Game shown by the lobby, pause and how-to shots when present.
SHOT_GAME = "secret_identity"


def _entry(ctx: Any) -> Any:
    if SHOT_GAME in ctx.games:
        return ctx.games[SHOT_GAME]
    if not ctx.games:
        raise LookupError("no game is registered yet: this screen needs one")
    return next(iter(ctx.games.values()))


def _title(ctx: Any, args: argparse.Namespace) -> None:
    from .title import TitleScene

    ctx.stack.push(TitleScene(ctx, attract=False))


def _title_attract(ctx: Any, args: argparse.Namespace) -> None:
    from .title import TitleScene

    ctx.stack.push(TitleScene(ctx))


def _games(ctx: Any, args: argparse.Namespace) -> None:
    from .games import GameChoiceScene

    ctx.stack.push(GameChoiceScene(ctx))


def _lobby(ctx: Any, args: argparse.Namespace) -> None:
    from .lobby import LobbyScene

    ctx.stack.push(LobbyScene(ctx, _entry(ctx)))


def _settings(ctx: Any, args: argparse.Namespace) -> None:
    from .settings import SettingsScene

    ctx.stack.push(SettingsScene(ctx))


def _pause(ctx: Any, args: argparse.Namespace) -> None:
    from ..backdrop import TableBackdrop
    from .pause import PauseScene

    ctx.stack.push(TableBackdrop(ctx))
    ctx.stack.push(PauseScene(ctx, _entry(ctx)))


def _credits(ctx: Any, args: argparse.Namespace) -> None:
    from .credits import CreditsScene

    ctx.stack.push(CreditsScene(ctx))


def _howto(ctx: Any, args: argparse.Namespace) -> None:
    from .howto import HowToScene

    ctx.stack.push(HowToScene(ctx, _entry(ctx).id))


SHOTS = {
    "title": _title,
    "title.attract": _title_attract,
    "games": _games,
    "lobby": _lobby,
    "settings": _settings,
    "pause": _pause,
    "credits": _credits,
    "howto": _howto,
}
