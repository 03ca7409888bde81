"""Menus driven with intents (focus moves, CONFIRM activates, BACK returns), the mouse,
live language switch, pause/quit, how-to pages, credits, and the title's resume path."""

import pygame
import pytest

from game.core.session import Session
from game.input.intents import Intent
from game.scenes.base import Scene
from game.scenes.menus import SHOTS
from game.scenes.menus.credits import CreditsScene, parse_markdown
from game.scenes.menus.dialogs import ConfirmScene
from game.scenes.menus.games import GameChoiceScene
from game.scenes.menus.howto import HowToScene
from game.scenes.menus.deck import DeckScene
from game.scenes.menus.lobby import LobbyScene
from game.scenes.menus.matches import autosave_path, playable
from game.scenes.menus.pause import PauseScene
from game.scenes.menus.access import AccessSettingsScene
from game.scenes.menus.settings import SettingsScene, StreamingScene
from game.scenes.menus.take_seats import TakeSeatScene
from game.scenes.menus.title import TitleScene
from game.scenes.toast import ToastScene
from game.settings import load_settings

from menu_helpers import KB_LEFT, choose_resume, click, draw, focused_key, make_ctx, press, tick, with_toy_game
from toygame import ENTRY as TOY


@pytest.fixture
def ctx():
    return make_ctx()


def test_title_attract_then_menu_navigation(ctx):
    ctx.stack.push(TitleScene(ctx))
    title = ctx.stack.top
    assert title.items == []
    press(ctx, Intent.CONFIRM)
    assert [i.key for i in title.items] == ["play", "settings", "credits", "quit"]  # no save: no resume
    assert focused_key(title) == "play"
    press(ctx, Intent.DOWN)
    assert focused_key(title) == "settings"
    press(ctx, Intent.UP)
    press(ctx, Intent.UP)  # nothing above: focus stays
    assert focused_key(title) == "play"
    press(ctx, Intent.CONFIRM)
    assert isinstance(ctx.stack.top, GameChoiceScene)
    press(ctx, Intent.BACK)
    assert ctx.stack.top is title
    draw(ctx)


def test_notices_show_as_dismissable_toasts(ctx):
    ctx.notices.extend(["notices.settings_corrupt", "deck.yaml:3: bad card"])
    ctx.stack.push(TitleScene(ctx))
    toast = ctx.stack.top
    assert isinstance(toast, ToastScene)
    assert toast.messages[0] == ctx.t("notices.settings_corrupt") and toast.messages[1] == "deck.yaml:3: bad card"
    draw(ctx)
    press(ctx, Intent.CONFIRM)
    press(ctx, Intent.BACK)
    assert isinstance(ctx.stack.top, TitleScene) and not ctx.notices


def test_game_choice_lists_present_games_and_opens_lobby(ctx):
    ctx.stack.push(GameChoiceScene(ctx))
    scene = ctx.stack.top
    keys = [item.key for item in scene.items]
    assert set(keys) == {g for g, e in ctx.games.items() if playable(e)}
    assert {"secret_identity", "incognito"} <= set(keys)
    press(ctx, Intent.RIGHT)
    assert focused_key(scene) == keys[1]
    press(ctx, Intent.CONFIRM)
    assert isinstance(ctx.stack.top, LobbyScene) and ctx.stack.top.entry.id == keys[1]


def test_mouse_click_activates_a_button(ctx):
    ctx.stack.push(TitleScene(ctx, attract=False))
    title = ctx.stack.top
    settings = next(item for item in title.items if item.key == "settings")
    click(ctx, settings.rect.center)
    assert isinstance(ctx.stack.top, SettingsScene)


def test_mouse_click_opens_a_game_card(ctx):
    ctx.stack.push(GameChoiceScene(ctx))
    card = ctx.stack.top.items[1]
    assert card.element is None  # drawn by the scene, no pygame_gui widget
    click(ctx, card.rect.center)
    assert isinstance(ctx.stack.top, LobbyScene) and ctx.stack.top.entry.id == card.key


def test_language_switches_live_and_is_saved(ctx):
    ctx.stack.push(TitleScene(ctx, attract=False))
    title = ctx.stack.top
    assert title.items[0].element.text == "Jouer"
    ctx.stack.push(SettingsScene(ctx))
    settings = ctx.stack.top
    assert focused_key(settings) == "lang"
    press(ctx, Intent.RIGHT)
    assert ctx.strings.lang == "en" and ctx.settings.lang == "en"
    assert load_settings()[0].lang == "en"
    assert settings.items[0].label == "Language"
    press(ctx, Intent.BACK)
    assert ctx.stack.top is title and title.items[0].element.text == "Play"


def test_settings_rows_change_values_and_save(ctx):
    ctx.stack.push(SettingsScene(ctx))
    scene = ctx.stack.top
    scene.focus_key("timers")
    press(ctx, Intent.RIGHT)
    assert ctx.settings.timer_preset == "extended" and ctx.settings.timer_scale == 1.5
    press(ctx, Intent.CONFIRM)
    assert ctx.settings.timer_preset == "off"
    scene.focus_key("sound")
    press(ctx, Intent.LEFT)
    assert ctx.settings.sound_volume == pytest.approx(0.7)
    scene.focus_key("safe_area")
    press(ctx, Intent.RIGHT)
    assert ctx.settings.safe_area == pytest.approx(0.10)
    assert focused_key(scene) == "safe_area"  # rebuilt for the new margin, focus kept
    stored = load_settings()[0]
    assert stored.timer_preset == "off" and stored.sound_volume == pytest.approx(0.7)
    assert stored.safe_area == pytest.approx(0.10)
    draw(ctx)


class _Board(Scene):
    def __init__(self, ctx):
        super().__init__()
        self.ctx = ctx


def test_pause_resume_and_quit_to_title_with_confirm(ctx):
    entry = next(iter(ctx.games.values()))
    ctx.stack.push(TitleScene(ctx, attract=False))
    ctx.stack.push(LobbyScene(ctx, entry))
    ctx.stack.push(_Board(ctx))
    ctx.stack.push(PauseScene(ctx, entry))
    pause = ctx.stack.top
    draw(ctx)
    press(ctx, Intent.BACK)
    assert isinstance(ctx.stack.top, _Board)
    ctx.stack.push(PauseScene(ctx, entry))
    pause = ctx.stack.top
    for _ in range(3):
        press(ctx, Intent.DOWN)
    assert focused_key(pause) == "quit"
    press(ctx, Intent.CONFIRM)
    confirm = ctx.stack.top
    assert isinstance(confirm, ConfirmScene) and focused_key(confirm) == "no"
    press(ctx, Intent.CONFIRM)  # "no": back to the pause menu
    assert ctx.stack.top is pause
    press(ctx, Intent.CONFIRM)
    press(ctx, Intent.RIGHT)
    press(ctx, Intent.CONFIRM)
    assert isinstance(ctx.stack.top, TitleScene) and len(ctx.stack) == 1


def test_pause_opens_howto_and_settings(ctx):
    entry = next(iter(ctx.games.values()))
    ctx.stack.push(_Board(ctx))
    ctx.stack.push(PauseScene(ctx, entry))
    press(ctx, Intent.DOWN)
    press(ctx, Intent.CONFIRM)
    assert isinstance(ctx.stack.top, HowToScene)
    press(ctx, Intent.BACK)
    press(ctx, Intent.DOWN)
    press(ctx, Intent.CONFIRM)
    assert isinstance(ctx.stack.top, SettingsScene)


def test_howto_pages_flip(ctx):
    table = ctx.strings.tables[ctx.strings.lang]
    for n in (1, 2, 3):
        table[f"howto.testgame.{n}.title"] = f"Page {n}"
        table[f"howto.testgame.{n}.body"] = f"Body {n}"
    ctx.stack.push(_Board(ctx))
    ctx.stack.push(HowToScene(ctx, "testgame"))
    scene = ctx.stack.top
    assert len(scene.pages) == 4 and scene.page == 0  # the game's 3, then joining by phone
    assert scene.pages[-1] == (ctx.t("phone.howto.title"), ctx.t("phone.howto.body"))
    for _ in range(4):
        press(ctx, Intent.RIGHT)
    assert scene.page == 3
    press(ctx, Intent.LEFT)
    assert scene.page == 2
    draw(ctx)
    press(ctx, Intent.BACK)
    assert isinstance(ctx.stack.top, _Board)


def test_credits_parse_and_scroll(ctx):
    blocks = parse_markdown("# Credits\n\n## Font\n- **Fredoka One**, OFL\n  continued\n\nPlain `code`.\n")
    assert blocks == [("h1", "Credits"), ("h2", "Font"), ("bullet", "Fredoka One, OFL continued"),
                      ("para", "Plain code.")]
    ctx.stack.push(CreditsScene(ctx))
    scene = ctx.stack.top
    assert scene.height > 500 and [block.y for block in scene.blocks] == sorted(block.y for block in scene.blocks)
    press(ctx, Intent.DOWN, ticks=30)
    assert scene.target > 0 and scene.scroll > 0
    draw(ctx)
    view = scene.box.inflate(-120, -80)
    kept = [value for value in vars(scene).values() if isinstance(value, pygame.Surface)]
    assert [image.get_size() for image in kept] == [view.size]  # the part in view, not the whole page


# --- resume (with the engine's toy game, so no real catalogue is needed) --------------------
def _save(ctx, catalogue_version, seats_meta):
    with_toy_game(ctx)
    session = Session(TOY.make_definition(None), TOY.default_config(len(seats_meta)), 7, save_path=autosave_path(),
                      meta={"seats": seats_meta, "entry": TOY.id}, catalogue_version=catalogue_version)
    return TOY, session


def test_credits_with_a_utf8_bom_keep_their_title_out_of_the_page(ctx, tmp_path, monkeypatch):
    from game.scenes.menus import credits

    page = tmp_path / "CREDITS.md"
    page.write_bytes(b"\xef\xbb\xbf# Credits\n\n## Font\n- Fredoka One\n")
    monkeypatch.setattr(credits, "credits_file", lambda lang: page)
    ctx.stack.push(CreditsScene(ctx))
    assert [block.text for block in ctx.stack.top.blocks] == ["Font", "Fredoka One"]


def test_resume_with_a_corrupt_save_shows_why_and_keeps_a_backup(ctx):
    path = autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{ not json", encoding="utf-8")
    title = choose_resume(ctx)
    toast = ctx.stack.top
    assert isinstance(toast, ToastScene) and toast.messages == [ctx.t("resume.corrupt")]
    assert not path.exists() and path.with_name("autosave.json.bak").read_text() == "{ not json"
    draw(ctx)
    press(ctx, Intent.CONFIRM)
    assert ctx.stack.top is title and "resume" not in [i.key for i in title.items]


def test_resume_a_save_from_other_cards_says_so(ctx):
    _save(ctx, "another-version", [{"name": "Ana", "style": 0, "bot": False}, {"name": "Ben", "style": 1, "bot": False}])
    choose_resume(ctx)
    assert ctx.stack.top.messages == [ctx.t("resume.version")]
    assert autosave_path().with_name("autosave.json.bak").exists()


def test_resume_rebinds_seats_then_opens_the_board(ctx, monkeypatch):
    entry, session = _save(ctx, ctx.catalogue.version,
                           [{"name": "Bip", "style": 5, "bot": True}, {"name": "Cyd", "style": 0, "bot": False}])
    session.submit(session.legal(0)[0])
    boards = []

    def fake_board(ctx_, entry_, session_):
        boards.append((entry_.id, session_.hash(), [(s.name, s.style, s.bot, s.device) for s in ctx_.seats.seats]))
        return _Board(ctx_)

    monkeypatch.setattr("game.scenes.menus.matches.resume_board", fake_board)
    choose_resume(ctx)
    assert isinstance(ctx.stack.top, TakeSeatScene)
    assert [s.name for s in ctx.seats.seats] == ["Bip"]  # the bot sat down by itself
    draw(ctx)
    press(ctx, Intent.BACK, device=KB_LEFT)  # nobody to undo: back to the title
    assert isinstance(ctx.stack.top, TitleScene)
    press(ctx, Intent.CONFIRM)
    assert isinstance(ctx.stack.top, TakeSeatScene)
    press(ctx, Intent.CONFIRM, device=("mouse", 0))  # the mouse cannot sit
    assert len(ctx.seats) == 1
    press(ctx, Intent.CONFIRM, device=("pad", 3))
    assert boards == [(entry.id, session.hash(), [("Bip", 5, True, None), ("Cyd", 0, False, ("pad", 3))])]
    assert isinstance(ctx.stack.top, _Board)
    below = list(ctx.stack)[-2]
    assert isinstance(below, LobbyScene) and below.entry.id == entry.id


#: The scene each menu shot leaves on top (``lobby.<game>`` shots: a lobby of that game).
SHOT_TOPS = {"title": TitleScene, "title.attract": TitleScene, "games": GameChoiceScene, "lobby": LobbyScene,
             "lobby.deck": DeckScene, "lobby.bots": LobbyScene, "settings": SettingsScene, "pause": PauseScene, "credits": CreditsScene,
             "howto": HowToScene, "settings.access": AccessSettingsScene, "settings.high_contrast": AccessSettingsScene,
             "settings.streaming": StreamingScene}


def test_every_shot_builds_and_draws():
    for name, build in SHOTS.items():
        ctx = make_ctx(seats=8)
        build(ctx, None)
        tick(ctx, 3)
        top = ctx.stack.top
        if name in SHOT_TOPS:
            assert type(top) is SHOT_TOPS[name], name
        else:
            assert isinstance(top, LobbyScene) and name == f"lobby.{top.entry.id}", name
        canvas = draw(ctx)
        colours = {canvas.get_at((x, y))[:3] for x in range(40, 1920, 97) for y in range(30, 1080, 61)}
        assert len(colours) > 3, f"{name} drew (almost) nothing"


def test_settings_shows_select_and_change_with_two_glyphs(ctx):
    """Issue 14: "Select" (up/down) and "Change" (left/right) had one D-pad glyph; now
    each lights the arms that act."""
    import pygame

    seen = []
    hint_bar = ctx.kit.hint_bar
    ctx.kit.hint_bar = lambda surface, items, *a, **k: seen.extend(items) or hint_bar(surface, items, *a, **k)
    ctx.stack.push(SettingsScene(ctx))
    draw(ctx)
    glyphs = {label: pygame.image.tobytes(ctx.kit.button_hint(intent, 40), "RGBA") for intent, label in seen}
    assert glyphs[ctx.t("common.select")] != glyphs[ctx.t("common.change")]


def test_every_howto_page_names_a_screen_to_show():
    from game.shots import registry
    from game.scenes.menus.howto import howto_pages
    from game.scenes.menus.howto_pictures import page_pictures

    ctx = make_ctx()
    shots = registry()
    for game_id in ctx.games:
        pages, pictured = howto_pages(ctx, game_id), page_pictures(ctx.games.mode(game_id))
        assert pages and len(pictured) == len(pages), game_id
        assert all(picture.shot in shots for picture in pictured if picture), game_id
