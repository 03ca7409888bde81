"""How-to pages' pictures: each page shows the phase it explains, the ``shot`` of that
screen rendered small, once per language and size (the kit's sprite cache keeps it).

A picture is drawn from a fresh headless context (``game.cli.shot.prepare``): bots at
the table, default settings in the page's language, no save file; nothing of the
player's own match is shown."""

from __future__ import annotations

from typing import Any

import pygame

#: The two pages every game ends with (``phone.howto.*``): joining by phone shows the
#: lobby's join panel; what the phone shows has no TV screen to picture.
PHONE_PAGES: tuple[str | None, ...] = ("lobby.phones", None)
#: Game id -> the shot shown on each of its how-to pages, in page order (None: no picture).
HOWTO_SHOTS: dict[str, tuple[str | None, ...]] = {
    "secret_identity": ("secret_identity.clues", "secret_identity.replace", "secret_identity.vote",
                        "secret_identity.summary") + PHONE_PAGES,
    "secret_identity_coop": ("secret_identity_coop.clue", "secret_identity_coop.guess",
                             "secret_identity_coop.result") + PHONE_PAGES,
    "personality": ("personality.read", "personality.vote", "personality.revote", "personality.debate",
                    "personality.endgame", "personality.portraits") + PHONE_PAGES,
    "mission_secrete": ("mission_secrete.peek", "mission_secrete.peek", "mission_secrete.turn",
                        "mission_secrete.swap", "mission_secrete.accuse", "mission_secrete.win") + PHONE_PAGES,
    "incognito": ("incognito.word", "incognito.draw", "incognito.countdown", "incognito.vote", "incognito.scores") + PHONE_PAGES,
}
#: Fixed ticks a pictured screen runs before it is drawn (its entrance settled).
PICTURE_TICKS = 60


def page_shot(game_id: str, page: int) -> str | None:
    shots = HOWTO_SHOTS.get(game_id, ())
    return shots[page] if 0 <= page < len(shots) else None


def make_picture(kit: Any, shot: str, lang: str, size: tuple[int, int]) -> pygame.Surface:
    """The picture of ``shot`` in ``lang`` at ``size``: rendered now (a few tenths of a
    second) the first time, then from the kit's cache."""
    key = ("howto picture", shot, lang, size)

    def render() -> pygame.Surface:
        from ...cli.shot import prepare, shot_args
        from ...settings import Settings

        ctx = prepare(shot, shot_args(lang=lang, ticks=PICTURE_TICKS), Settings(lang=lang))
        canvas = ctx.kit.canvas()
        ctx.kit.background(canvas)
        ctx.stack.draw(canvas, 1.0)
        ctx.stack.clear()
        picture = pygame.transform.smoothscale(canvas, size)
        return picture.convert() if pygame.display.get_surface() is not None else picture

    return kit.sprite(key, render)
