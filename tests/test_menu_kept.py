"""A closed menu screen's buttons kept for its next opening (game/ui/kept_widgets.py,
issue 32 item 2): opened again, a screen makes no button it had, and looks as a screen
opened for the first time does, whatever was focused, hovered, hidden or changed before."""

import pygame
import pytest

from game.input.intents import Intent
from game.scenes.backdrop import TableBackdrop
from game.scenes.menus.howto import HowToScene
from game.scenes.menus.lobby import LobbyScene
from game.scenes.menus.options import OptionsScene
from game.scenes.menus.pause import PauseScene
from game.scenes.menus.settings import SettingsScene, StreamingScene
from game.scenes.menus.title import TitleScene
from game.ui import menu_gui

from menu_helpers import make_ctx, press


def frame(ctx, canvas) -> None:
    ctx.stack.fixed_update(1 / 60)
    ctx.stack.update(1 / 60)
    ctx.stack.draw(canvas, 1.0)


def made_buttons(monkeypatch) -> list[str]:
    made: list[str] = []
    real = menu_gui.MenuButton.__init__

    def counted(self, kit, rect, text, manager, object_id=None):
        made.append(text)
        real(self, kit, rect, text, manager, object_id=object_id)

    monkeypatch.setattr(menu_gui.MenuButton, "__init__", counted)
    return made


def pause_over_board(ctx):
    ctx.stack.push(TableBackdrop(ctx))
    return lambda: PauseScene(ctx, ctx.games["secret_identity"])


def howto_over_title(ctx):
    ctx.stack.push(TitleScene(ctx, attract=False))
    return lambda: HowToScene(ctx, "secret_identity")


def streaming_over_settings(ctx):
    ctx.stack.push(TitleScene(ctx, attract=False))
    ctx.stack.push(SettingsScene(ctx))
    return lambda: StreamingScene(ctx)


def options_over_lobby(ctx):
    ctx.stack.push(TitleScene(ctx, attract=False))
    lobby = LobbyScene(ctx, ctx.games["secret_identity"])
    ctx.stack.push(lobby)
    return lambda: OptionsScene(ctx, lobby)


#: Over what each screen opens, and what a player does there before closing it.
SCREENS = {
    "pause": (pause_over_board, (Intent.DOWN, Intent.DOWN)),
    "howto": (howto_over_title, (Intent.RIGHT,) * 8),  # to the last page: "next" hidden
    "streaming": (streaming_over_settings, (Intent.DOWN, Intent.RIGHT, Intent.LEFT)),  # a value stepped, back
    "options": (options_over_lobby, (Intent.DOWN, Intent.RIGHT, Intent.LEFT)),
}


def opened(ctx, canvas, make) -> bytes:
    ctx.stack.push(make())
    frame(ctx, canvas)
    frame(ctx, canvas)
    return pygame.image.tobytes(canvas, "RGB")


@pytest.mark.parametrize("name", SCREENS)
def test_a_screen_opened_again_makes_no_button_it_had_and_looks_as_when_new(monkeypatch, name):
    under, moves = SCREENS[name]
    ctx = make_ctx(seats=4)
    canvas = pygame.Surface((1920, 1080))
    make = under(ctx)
    frame(ctx, canvas)
    opened(ctx, canvas, make)
    hovered = ctx.stack.top.items[-1].widget  # (as the mouse left over it: headless, no pointer moves)
    hovered.hovered = True
    hovered.on_hovered()
    for intent in moves:
        press(ctx, intent)
        frame(ctx, canvas)
    ctx.stack.pop()
    frame(ctx, canvas)
    # the first opening in a new run
    fresh = make_ctx(seats=4)
    fresh_canvas = pygame.Surface((1920, 1080))
    fresh_make = under(fresh)
    frame(fresh, fresh_canvas)
    first = opened(fresh, fresh_canvas, fresh_make)
    made = made_buttons(monkeypatch)
    again = opened(ctx, canvas, make)
    assert made == [] and again == first


def test_buttons_kept_for_another_language_are_not_taken_back(monkeypatch):
    ctx = make_ctx(seats=4)
    canvas = pygame.Surface((1920, 1080))
    make = pause_over_board(ctx)
    opened(ctx, canvas, make)
    ctx.stack.pop()
    frame(ctx, canvas)
    assert len(ctx.menu_gui.kept) == 1
    ctx.catalogue.strings.lang = ctx.settings.lang = "en"
    made = made_buttons(monkeypatch)
    opened(ctx, canvas, make)
    assert len(made) == 4 and len(ctx.menu_gui.kept) == 0


def test_a_state_drawn_without_the_blank_ground_looks_as_with_it():
    """A menu button keeps no blank ground of its size (menu_gui.MenuButton.rebuild): a
    state drawn later starts from a new blank surface, with the same pixels."""
    ctx = make_ctx(seats=4)
    scene = PauseScene(ctx, ctx.games["secret_identity"])
    scene.enter(None)
    for item in scene.items:
        shape = item.widget.drawable_shape
        assert shape.base_surface is None
        drawn = []
        for ground in (None, pygame.Surface(shape.containing_rect.size, flags=pygame.SRCALPHA, depth=32)):
            shape.base_surface = ground
            for state in ("normal", "hovered", "selected", "disabled", "active"):
                shape.redraw_state(state)
                drawn.append(pygame.image.tobytes(shape.states[state].surface, "RGBA"))
        assert drawn[:5] == drawn[5:]


def test_a_button_without_its_text_copies_draws_its_states_and_a_new_text_as_with_them():
    """A menu button lets go of pygame_gui's copies of a drawn state without and with only
    its text (menu_gui.MenuButton.drop_text_copies): its states first shown later (hovered,
    focused, held, disabled) and a new text look as those of a button that kept them."""
    ctx = make_ctx(seats=4)
    drawn = []
    for drop in (True, False):
        scene = PauseScene(ctx, ctx.games["secret_identity"])
        scene.enter(None)
        for item in scene.items:
            button = item.widget
            shape = button.drawable_shape
            if drop:  # (the focused one's selected state was drawn after: kept_widgets.Spare lets go)
                button.drop_text_copies()
                assert shape.text_box_layout.finalised_surface is None
                assert all(state.pre_text_surface is None for state in shape.states.values())
            else:  # (as pygame_gui left it)
                shape.redraw_all_states(force_full_redraw=True)
            for state in ("hovered", "selected", "active", "disabled", "normal"):
                shape.set_active_state(state)
                drawn.append(pygame.image.tobytes(shape.get_fresh_surface(), "RGBA"))
            button.set_text(button.text + " !")
            if drop:
                button.drop_text_copies()
            for state in ("hovered", "normal"):
                shape.set_active_state(state)
                drawn.append(pygame.image.tobytes(shape.get_fresh_surface(), "RGBA"))
        scene.release(keep=False)
    assert drawn[:len(drawn) // 2] == drawn[len(drawn) // 2:]


def test_the_pause_s_buttons_from_the_warm_up_are_kept_apart_for_a_match_s_first_pause(monkeypatch):
    """The pause opens over a board, which is never idle: the warm-up's pause keeps its
    buttons apart, whatever other screens close before a match's first pause."""
    from game.scenes.menus.warm import menu_warm_up

    ctx = make_ctx(seats=4)
    canvas = pygame.Surface((1920, 1080))
    ctx.stack.push(TitleScene(ctx, attract=False))
    while not menu_warm_up(ctx).done:
        frame(ctx, canvas)
    for make in (lambda: SettingsScene(ctx), lambda: StreamingScene(ctx), lambda: HowToScene(ctx, "incognito")):
        opened(ctx, canvas, make)
        ctx.stack.pop()
    ctx.stack.clear()
    made = made_buttons(monkeypatch)
    ctx.stack.push(TableBackdrop(ctx))
    frame(ctx, canvas)
    opened(ctx, canvas, lambda: PauseScene(ctx, ctx.games["personality"]))
    assert made == []
