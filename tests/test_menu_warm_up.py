"""The title, idle, prepares the first visits of settings, credits and pause, the game
choice, the lobbies and the pause's quit dialog (game/scenes/menus/warm.py): opened
afterwards, they draw nothing the kit had not drawn already (their first opening only
blits), and they look exactly as they did."""

import pygame
import pytest

from game.input.intents import Intent
from game.scenes.backdrop import TableBackdrop
from game.scenes.menus.credits import CreditsScene
from game.scenes.menus.dialogs import ConfirmScene
from game.scenes.menus.games import GameChoiceScene
from game.scenes.menus.lobby import LobbyScene
from game.scenes.menus.pause import PauseScene
from game.scenes.menus.settings import SettingsScene
from game.scenes.menus.title import TitleScene

from menu_helpers import make_ctx, press

#: A second of the title shown before a menu is opened.
IDLE_SECOND = 60

def frame(ctx, canvas) -> None:
    """One app frame: fixed step, frame update, drawing."""
    ctx.stack.fixed_update(1 / 60)
    ctx.stack.update(1 / 60)
    ctx.stack.draw(canvas, 1.0)


def cached(kit) -> tuple[set, set]:
    """The keys of the kit's drawn sprites and rendered texts."""
    return set(kit._sprites), set(kit._text)


def idle_title(ctx, canvas, frames: int) -> None:
    ctx.stack.push(TitleScene(ctx, attract=False))
    for _ in range(frames):
        frame(ctx, canvas)


def opens_drawing_nothing_new(ctx, canvas, screen) -> None:
    """CONFIRM opens ``screen``, whose first frame draws no text or sprite not drawn before."""
    before = cached(ctx.kit)
    press(ctx, Intent.CONFIRM)
    assert isinstance(ctx.stack.top, screen)
    frame(ctx, canvas)
    assert_nothing_new(ctx, before)


def assert_nothing_new(ctx, before) -> None:
    sprites, texts = cached(ctx.kit)
    assert sprites - before[0] == set() and texts - before[1] == set()


@pytest.mark.parametrize(("downs", "screen"), [(0, GameChoiceScene), (1, SettingsScene), (2, CreditsScene)])
def test_menus_opened_from_an_idle_title_draw_nothing_new(downs, screen):
    ctx = make_ctx()
    canvas = pygame.Surface((1920, 1080))
    idle_title(ctx, canvas, IDLE_SECOND)
    for _ in range(downs):
        press(ctx, Intent.DOWN)
    opens_drawing_nothing_new(ctx, canvas, screen)


def test_a_lobby_opened_from_an_idle_title_draws_nothing_new():
    ctx = make_ctx(seats=4)
    canvas = pygame.Surface((1920, 1080))
    idle_title(ctx, canvas, IDLE_SECOND * 3)
    press(ctx, Intent.CONFIRM)  # the game choice
    frame(ctx, canvas)
    opens_drawing_nothing_new(ctx, canvas, LobbyScene)


def test_the_pause_and_its_quit_dialog_over_a_board_draw_nothing_new_after_the_title():
    ctx = make_ctx(seats=4)
    canvas = pygame.Surface((1920, 1080))
    idle_title(ctx, canvas, IDLE_SECOND * 3)
    ctx.stack.clear()
    ctx.stack.push(TableBackdrop(ctx))
    frame(ctx, canvas)
    before = cached(ctx.kit)
    pause = PauseScene(ctx, next(iter(ctx.games.values())))
    ctx.stack.push(pause)
    frame(ctx, canvas)
    pause.quit()
    assert isinstance(ctx.stack.top, ConfirmScene)
    frame(ctx, canvas)
    assert_nothing_new(ctx, before)


@pytest.mark.parametrize("downs", [1, 2])
def test_a_prepared_menu_looks_as_a_menu_opened_at_once(downs):
    pictures = []
    for idle in (0, IDLE_SECOND):
        ctx = make_ctx()
        canvas = pygame.Surface((1920, 1080))
        idle_title(ctx, canvas, idle)
        for _ in range(downs):
            press(ctx, Intent.DOWN)
        press(ctx, Intent.CONFIRM)
        frame(ctx, canvas)
        pictures.append(pygame.image.tobytes(canvas, "RGB"))
    assert pictures[0] == pictures[1]


def test_the_title_prepares_no_menu_while_modules_are_imported_behind_it():
    """The warm-up imports the settings, credits and pause screens on the main thread:
    while ``play``'s thread behind the title imports (``ctx.importing``) it waits, as
    input does, so no module is imported on two threads at once (a fresh CI run caught
    the main thread importing during that time)."""
    import threading

    ctx = make_ctx()
    canvas = pygame.Surface((1920, 1080))
    done = threading.Event()
    ctx.importing = threading.Thread(target=done.wait, daemon=True)
    ctx.importing.start()
    idle_title(ctx, canvas, IDLE_SECOND)
    assert ctx.menu_gui.warm_up is None
    done.set()
    ctx.importing.join()
    before = cached(ctx.kit)
    for _ in range(IDLE_SECOND):
        frame(ctx, canvas)
    assert ctx.menu_gui.warm_up is not None and cached(ctx.kit) != before


def test_the_how_to_page_s_box_is_drawn_behind_the_idle_title():
    """Its soft shadow (a 1.4k × 0.7k blur) was the most of the page's first visit."""
    from game.scenes.menus.howto import HowToScene, howto_box

    ctx = make_ctx()
    canvas = pygame.Surface((1920, 1080))
    idle_title(ctx, canvas, IDLE_SECOND)
    box = howto_box(HowToScene(ctx, "secret_identity").safe)
    assert [key for key in ctx.kit._sprites if box.size in key and "shadow ring" in key]
    before = set(ctx.kit._sprites)
    ctx.stack.push(HowToScene(ctx, "secret_identity"))
    frame(ctx, canvas)
    assert not [key for key in set(ctx.kit._sprites) - before if "shadow ring" in key]


def test_the_idle_title_has_the_missing_how_to_pictures_made_once_the_imports_are_over(tmp_path, monkeypatch):
    """Made by a child (picture_maker.py), started after the thread behind the title: a
    how-to page's first visit then reads its picture instead of rendering it (issue 18)."""
    import sys
    import threading

    from game import disk_cache
    from game.scenes.menus.howto import HowToScene
    from game.scenes.menus.howto_pictures import picture_names
    from game.scenes.menus.picture_maker import PictureMaker

    monkeypatch.setattr(disk_cache, "cache_dir", lambda kind: tmp_path / kind)
    orders = []

    def recorded(order):
        orders.append(order)
        return [sys.executable, "-c", "pass"]

    ctx = make_ctx(lang="en")
    ctx.pictures = PictureMaker(recorded)
    canvas = pygame.Surface((1920, 1080))
    done = threading.Event()
    ctx.importing = threading.Thread(target=done.wait, daemon=True)
    ctx.importing.start()
    idle_title(ctx, canvas, IDLE_SECOND)
    assert orders == []
    done.set()
    ctx.importing.join()
    for _ in range(IDLE_SECOND):
        frame(ctx, canvas)
    [order] = orders
    assert (order.lang, order.names, order.folder) == ("en", picture_names(), tmp_path / "pictures")
    ctx.catalogue.strings.lang = "fr"  # changed in the settings: the other language's, once the first maker is done
    ctx.pictures.process.wait(timeout=60)
    for _ in range(IDLE_SECOND):
        frame(ctx, canvas)
    assert [o.lang for o in orders] == ["en", "fr"]
    page = HowToScene(ctx, "secret_identity")
    ctx.stack.push(page)
    assert order.fmt.size == page.picture_rect().size  # the pictures the pages show
    ctx.pictures.stop()


def test_every_screen_the_title_prepared_opens_first_with_its_prepared_buttons(monkeypatch):
    """The warm-up keeps each screen's buttons for its first opening (kept_widgets.py:
    the last two closed screens' room held only two of them, issue 32 item 2): every
    lobby, its options and the streaming page then make no button, and look as they do
    opened at once."""
    from game.scenes.menus.options import OptionsScene
    from game.scenes.menus.settings import StreamingScene
    from game.scenes.menus.settings_ahead import settings_screen
    from game.ui import menu_gui

    def screens(ctx):
        for game_id in ctx.games:
            lobby = LobbyScene(ctx, ctx.games[game_id])
            yield f"lobby.{game_id}", [lobby], lambda lobby=lobby: OptionsScene(ctx, lobby)
        yield "streaming", [settings_screen(ctx)], lambda: StreamingScene(ctx)  # (the title's, built ahead)

    pictures: dict[int, dict[str, bytes]] = {}
    for idle in (0, IDLE_SECOND * 4):
        ctx = make_ctx(seats=4)
        canvas = pygame.Surface((1920, 1080))
        idle_title(ctx, canvas, idle)
        if idle:
            assert ctx.menu_gui.warm_up is not None and ctx.menu_gui.warm_up.done
            made: list[str] = []
            real = menu_gui.MenuButton.__init__

            def counted(self, *args, **kwargs):
                made.append(args[2])
                real(self, *args, **kwargs)

            monkeypatch.setattr(menu_gui.MenuButton, "__init__", counted)
        shown = pictures.setdefault(idle, {})
        for name, under, top in screens(ctx):
            for scene in under:  # the lobby itself first opened, then its options over it
                ctx.stack.push(scene)
                frame(ctx, canvas)
                shown[f"{name}.{type(scene).__name__}"] = pygame.image.tobytes(canvas, "RGB")
            ctx.stack.push(top())
            frame(ctx, canvas)
            shown[f"{name}.top"] = pygame.image.tobytes(canvas, "RGB")
            for _ in range(len(under) + 1):
                ctx.stack.pop()
        if idle:
            assert made == []
    assert pictures[0] == pictures[IDLE_SECOND * 4]


def test_the_prepared_buttons_of_another_language_are_let_go():
    """Built for French, they are all killed at the first opening in English."""
    ctx = make_ctx(seats=4)
    canvas = pygame.Surface((1920, 1080))
    idle_title(ctx, canvas, IDLE_SECOND * 4)
    kept = ctx.menu_gui.kept
    warmed = len(kept)
    assert warmed > 10
    ctx.catalogue.strings.lang = "en" if ctx.strings.lang == "fr" else "fr"
    ctx.stack.push(CreditsScene(ctx))
    frame(ctx, canvas)
    assert len(kept) <= 2
