"""The streaming settings (issue 30 item 3): validated like every setting and kept across
a restart; their screen, opened from the settings, changes and saves them; the lobby
hides the room code (a seated player holding PEEK shows it, the password with it) and
takes no seat past the seat limit; the companion follows them each frame."""

from __future__ import annotations

import json

import pytest

from game.companion.bridge import Companion
from game.input.intents import InputEvent, Intent
from game.scenes.menus.lobby import LobbyScene
from game.scenes.menus.settings import SettingsScene, StreamingScene
from game.scenes.phones import keep_companion, style_json
from game.scenes.menus.matches import load_saved, new_match
from game.scenes.menus.take_seats import TakeSeatScene
from game.settings import NOTICE_REPAIRED, SEAT_LIMITS, Settings, load_settings, save_settings

from menu_helpers import draw, focused_key, make_ctx, press


@pytest.mark.parametrize("raw, kept", [
    ({"hide_room_code": True, "room_password": "4821", "seat_limit": 4, "tv_starts": True, "audience": False},
     {"hide_room_code": True, "room_password": "4821", "seat_limit": 4, "tv_starts": True, "audience": False}),
    ({"hide_room_code": "yes", "room_password": 4821, "seat_limit": 9, "tv_starts": 1, "audience": None},
     {"hide_room_code": False, "room_password": "", "seat_limit": 8, "tv_starts": False, "audience": True}),
    ({"room_password": "x" * 33, "seat_limit": 1}, {"room_password": "", "seat_limit": 8}),
    ({"room_password": "a\nb"}, {"room_password": ""}),
    ({"room_password": " pad "}, {"room_password": ""}),
    ({"seat_limit": 4.0}, {"seat_limit": 8}),
])
def test_the_streaming_settings_are_validated_and_survive_a_restart(tmp_path, raw, kept):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    settings, notice = load_settings(path)
    assert {name: getattr(settings, name) for name in kept} == kept
    assert notice == (None if raw == kept else NOTICE_REPAIRED)  # a bad value is told, never a crash
    save_settings(settings, path)
    again, notice = load_settings(path)
    assert again == settings and notice is None


def test_by_default_nothing_changes_for_a_couch():
    s = Settings()
    assert (s.hide_room_code, s.room_password, s.seat_limit, s.tv_starts, s.audience) == (False, "", 8, False, True)
    assert SEAT_LIMITS[-1] == 8


def test_the_streaming_screen_opens_from_the_settings_and_changes_and_saves(tmp_path):
    ctx = make_ctx()
    ctx.stack.push(SettingsScene(ctx))
    settings_scene = ctx.stack.top
    settings_scene.focus_key("streaming")
    press(ctx, Intent.CONFIRM)
    scene = ctx.stack.top
    assert isinstance(scene, StreamingScene)
    assert [item.key for item in scene.items] == ["companion", "companion_port", "audience", "hide_room_code",
                                                  "room_password", "seat_limit", "tv_starts"]
    scene.focus_key("hide_room_code")
    press(ctx, Intent.RIGHT)
    assert ctx.settings.hide_room_code is True
    scene.focus_key("room_password")
    press(ctx, Intent.RIGHT)
    password = ctx.settings.room_password
    assert len(password) == 4 and password.isdigit()
    assert focused_key(ctx.stack.top) == "room_password"  # rebuilt, focus kept
    scene.focus_key("seat_limit")
    press(ctx, Intent.RIGHT)
    assert ctx.settings.seat_limit == 2
    scene.focus_key("tv_starts")
    press(ctx, Intent.RIGHT)
    scene.focus_key("audience")
    press(ctx, Intent.RIGHT)
    stored = load_settings()[0]
    assert (stored.hide_room_code, stored.room_password, stored.seat_limit, stored.tv_starts, stored.audience) == \
        (True, password, 2, True, False)
    draw(ctx)
    press(ctx, Intent.BACK)
    assert ctx.stack.top is settings_scene


def texts_drawn(ctx) -> list[str]:
    shown: list[str] = []
    real = ctx.kit.blit_text
    ctx.kit.blit_text = lambda surface, text, *a, **k: (shown.append(text), real(surface, text, *a, **k))[1]
    try:
        draw(ctx)
    finally:
        ctx.kit.blit_text = real
    return shown


def test_the_lobby_hides_the_room_code_unless_a_seated_player_holds_peek():
    ctx = make_ctx()
    companion = Companion(50505, style_json, lambda: ctx.settings.lang)
    companion.room = "KXTW"
    companion.address = "192.168.1.23"
    companion.server.ready.set()
    ctx.companion = companion
    ctx.settings.hide_room_code, ctx.settings.room_password = True, "4821"
    lobby = LobbyScene(ctx, next(iter(ctx.games.values())))
    ctx.stack.push(lobby)
    lobby.join(("pad", 1))
    seat = ctx.seats.seat_of(("pad", 1))
    drawn = "\n".join(texts_drawn(ctx))
    assert "KXTW" not in drawn and "4821" not in drawn and "192.168.1.23" in drawn
    lobby.handle(seat, InputEvent(("pad", 1), Intent.PEEK, True))
    drawn = "\n".join(texts_drawn(ctx))
    assert "KXTW" in drawn and "4821" in drawn
    lobby.handle(seat, InputEvent(("pad", 1), Intent.PEEK, False))
    assert "KXTW" not in "\n".join(texts_drawn(ctx))
    ctx.settings.hide_room_code = False  # shown: the code, never the password but while peeking
    drawn = "\n".join(texts_drawn(ctx))
    assert "KXTW" in drawn and "4821" not in drawn
    ctx.companion = None


def hidden_code_companion(ctx) -> Companion:
    companion = Companion(50505, style_json, lambda: ctx.settings.lang)
    companion.room, companion.address = "KXTW", "192.168.1.23"
    companion.server.ready.set()  # as if it had bound its port: the shot's companion, no port opened
    ctx.companion = companion
    ctx.settings.hide_room_code, ctx.settings.room_password = True, "4821"
    return companion


def test_take_your_seats_hides_the_room_code_unless_a_claimed_seat_holds_peek():
    ctx = make_ctx()
    for name in ("Ana", "Ben", "Cyd"):
        ctx.seats.join(("kb", name), name)
    new_match(ctx, ctx.games["secret_identity"], {}, seed=5)  # writes the autosave
    while len(ctx.seats):
        ctx.seats.remove(0)
    entry, session = load_saved(ctx)
    hidden_code_companion(ctx)
    scene = TakeSeatScene(ctx, entry, session)
    ctx.stack.push(scene)
    scene.handle(None, InputEvent(("pad", 1), Intent.CONFIRM, True))
    seat = ctx.seats.seat_of(("pad", 1))
    assert seat == 0
    assert "KXTW" not in "\n".join(texts_drawn(ctx))
    scene.handle(seat, InputEvent(("pad", 1), Intent.PEEK, True))
    drawn = "\n".join(texts_drawn(ctx))
    assert "KXTW" in drawn and "4821" in drawn
    scene.handle(seat, InputEvent(("pad", 1), Intent.PEEK, False))
    assert "KXTW" not in "\n".join(texts_drawn(ctx))
    ctx.companion = None


def test_the_lobby_takes_no_seat_past_the_limit():
    ctx = make_ctx()
    ctx.settings.seat_limit = 2
    lobby = LobbyScene(ctx, next(iter(ctx.games.values())))
    ctx.stack.push(lobby)
    assert lobby.join(("pad", 1)) and lobby.join(("pad", 2))
    assert not lobby.join(("pad", 3)) and len(ctx.seats) == 2
    lobby.add_bot()
    assert len(ctx.seats) == 2
    assert not next(item for item in lobby.items if item.key == "add_bot").enabled


def test_the_companion_follows_the_settings_each_frame():
    ctx = make_ctx()
    ctx.settings.room_password, ctx.settings.seat_limit, ctx.settings.audience = "4821", 3, False
    companion = Companion(50505, style_json, lambda: ctx.settings.lang)
    ctx.companion = companion
    ctx.settings.companion_port = 50505
    ctx.stack.push(LobbyScene(ctx, next(iter(ctx.games.values()))))
    keep_companion(ctx)
    assert companion.hub.password == "4821"
    assert (companion.door.seat_limit, companion.door.audience, companion.door.tv_starts) == (3, False, False)
    ctx.companion = None
