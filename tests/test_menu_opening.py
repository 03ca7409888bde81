"""What opening a menu screen draws (issue 32 item 2: every menu transition within a
frame on a slow laptop). A menu button draws only the state it shows; the others are
drawn when first shown, and then look as they would have."""

import pygame

from game.input.intents import Intent
from game.scenes.menus.settings import SettingsScene
from game.ui.menu_gui import MenuButton

from menu_helpers import make_ctx, press


def frame(ctx, canvas) -> None:
    ctx.stack.fixed_update(1 / 60)
    ctx.stack.update(1 / 60)
    ctx.stack.draw(canvas, 1.0)


def buttons(scene) -> list[MenuButton]:
    return [item.element for item in scene.items if isinstance(item.element, MenuButton)]


def drawn_states(button: MenuButton) -> set[str]:
    shape = button.drawable_shape
    return {name for name, state in shape.states.items() if state.generated} | set(shape.states_to_redraw_queue)


def test_an_opened_menu_draws_each_button_in_the_state_it_shows_only():
    ctx = make_ctx()
    canvas = pygame.Surface((1920, 1080))
    scene = SettingsScene(ctx)
    ctx.stack.push(scene)
    for _ in range(5):  # pygame_gui drew the queued states one a frame
        frame(ctx, canvas)
    shown = buttons(scene)
    assert len(shown) >= 8
    # (a button is made in its normal state: the focused one is then shown selected)
    assert all(drawn_states(button) <= {"normal", button.drawable_shape.active_state.state_id} for button in shown)


def test_a_state_drawn_when_first_shown_looks_as_one_drawn_ahead():
    pictures = []
    for ahead in (False, True):
        ctx = make_ctx()
        canvas = pygame.Surface((1920, 1080))
        scene = SettingsScene(ctx)
        ctx.stack.push(scene)
        if ahead:  # every state drawn at once, as pygame_gui would in the frames after
            for button in buttons(scene):
                shape = button.drawable_shape
                shape.redraw_all_states(force_full_redraw=True)
                while shape.states_to_redraw_queue:
                    shape.redraw_state(shape.states_to_redraw_queue.popleft())
        frame(ctx, canvas)
        for _ in range(3):  # the focus moves on: other buttons shown selected, then normal again
            press(ctx, Intent.DOWN)
            frame(ctx, canvas)
        pictures.append(pygame.image.tobytes(canvas, "RGB"))
    assert pictures[0] == pictures[1]


# --- the settings screen built ahead (game/scenes/menus/ahead.py) ----------------------------
def idle_title(ctx, canvas, frames: int):
    from game.scenes.menus.title import TitleScene

    title = TitleScene(ctx, attract=False)
    ctx.stack.push(title)
    for _ in range(frames):
        frame(ctx, canvas)
    return title


def count_made(monkeypatch) -> list[MenuButton]:
    """The menu buttons made from now on (monkeypatch undoes the count)."""
    made: list[MenuButton] = []
    real = MenuButton.__init__

    def counted(self, *args, **kwargs):
        made.append(self)
        real(self, *args, **kwargs)

    monkeypatch.setattr(MenuButton, "__init__", counted)
    return made


def open_settings(ctx, canvas, monkeypatch) -> int:
    """Settings opened from the title with its first frame: the menu buttons made."""
    made = count_made(monkeypatch)
    press(ctx, Intent.DOWN)
    press(ctx, Intent.CONFIRM)
    assert isinstance(ctx.stack.top, SettingsScene)
    frame(ctx, canvas)
    return len(made)


def test_settings_opened_from_an_idle_title_make_no_widget(monkeypatch):
    ctx = make_ctx()
    canvas = pygame.Surface((1920, 1080))
    idle_title(ctx, canvas, 180)  # the warm-up, then the screen built ahead
    assert open_settings(ctx, canvas, monkeypatch) == 0


def test_settings_built_ahead_are_dropped_once_a_setting_changed(monkeypatch):
    ctx = make_ctx()
    canvas = pygame.Surface((1920, 1080))
    idle_title(ctx, canvas, 180)
    built = ctx.menu_gui.ahead.scene
    ctx.settings.rumble = not ctx.settings.rumble  # (changed elsewhere: the pause's settings)
    assert open_settings(ctx, canvas, monkeypatch) > 0
    assert ctx.stack.top is not built


def test_the_title_builds_nothing_in_the_frames_after_settings_close():
    ctx = make_ctx()
    canvas = pygame.Surface((1920, 1080))
    idle_title(ctx, canvas, 180)
    press(ctx, Intent.DOWN)
    press(ctx, Intent.CONFIRM)
    ctx.stack.pop()
    for _ in range(10):  # (a closing is timed with the frame after it)
        frame(ctx, canvas)
        assert ctx.menu_gui.ahead is None
    for _ in range(60):
        frame(ctx, canvas)
    assert ctx.menu_gui.ahead is not None


def test_settings_built_ahead_look_as_settings_built_when_opened():
    pictures = []
    for idle in (0, 180):
        ctx = make_ctx()
        canvas = pygame.Surface((1920, 1080))
        idle_title(ctx, canvas, idle)
        press(ctx, Intent.DOWN)
        press(ctx, Intent.CONFIRM)
        for _ in range(3):
            frame(ctx, canvas)
        pictures.append(pygame.image.tobytes(canvas, "RGB"))
    assert pictures[0] == pictures[1]


def test_a_lobby_opened_from_an_idle_game_choice_makes_no_widget(monkeypatch):
    from game.scenes.menus.games import GameChoiceScene
    from game.scenes.menus.lobby import LobbyScene

    ctx = make_ctx(seats=4)
    canvas = pygame.Surface((1920, 1080))
    idle_title(ctx, canvas, 180)
    press(ctx, Intent.CONFIRM)
    assert isinstance(ctx.stack.top, GameChoiceScene)
    press(ctx, Intent.RIGHT)  # the second game: its lobby is built once the focus stays
    for _ in range(40):
        frame(ctx, canvas)
    made = count_made(monkeypatch)
    press(ctx, Intent.CONFIRM)
    assert isinstance(ctx.stack.top, LobbyScene)
    assert ctx.stack.top.entry.id == list(ctx.games)[1]
    frame(ctx, canvas)
    assert made == []


def test_the_streaming_page_opened_from_idle_settings_makes_no_widget_and_looks_as_when_built(monkeypatch):
    from game.scenes.menus.settings import StreamingScene

    pictures = []
    made = count_made(monkeypatch)
    for idle in (0, 40):
        ctx = make_ctx()
        canvas = pygame.Surface((1920, 1080))
        ctx.stack.push(SettingsScene(ctx))
        frame(ctx, canvas)
        assert ctx.stack.top.focus_key("streaming")
        for _ in range(idle):  # shown untouched: the streaming page is built ahead (ahead.py)
            frame(ctx, canvas)
        before = len(made)
        press(ctx, Intent.CONFIRM)
        assert isinstance(ctx.stack.top, StreamingScene)
        assert (len(made) == before) == bool(idle)
        for _ in range(3):
            frame(ctx, canvas)
        pictures.append(pygame.image.tobytes(canvas, "RGB"))
    assert pictures[0] == pictures[1]


def test_a_setting_changed_puts_off_the_streaming_page_built_ahead():
    ctx = make_ctx()
    canvas = pygame.Surface((1920, 1080))
    ctx.stack.push(SettingsScene(ctx))
    assert ctx.stack.top.focus_key("rumble")
    for _ in range(20):
        frame(ctx, canvas)
    press(ctx, Intent.RIGHT)  # a setting changed: the half second starts again
    for _ in range(20):
        frame(ctx, canvas)
    assert ctx.menu_gui.ahead is None
    for _ in range(12):
        frame(ctx, canvas)
    assert ctx.menu_gui.ahead is not None and ctx.menu_gui.ahead.key == "streaming"
