"""Living-room robustness (issue 11, items 4, 5, 7, 8 and 9), with real SDL virtual pads
and posted keys through the real App (tests/e2e.py):

- the lobby: a seated player's A never starts a match, MENU does, late pads still join;
- each keyboard side has its own MENU key, and the README's controls table is true;
- the clue editor's curtain closes when its player lets go of PEEK;
- a release reaches the scene that took its press whatever overlay went up meanwhile
  (peek curtain, ring needle, a held accusation), and an unplugged peeker's view closes;
- Mission Secrète: overlapping accusation holds, the first to complete accuses.
"""

from pathlib import Path

import pygame
import pytest

from game.core.rng import Rng
from game.core.session import Session
from game.games.mission_secrete.ui.accuse import HOLD_TICKS, AccusePicker
from game.input.intents import DIRECTIONS, Intent
from game.input.keymap import KEYBOARD
from game.scenes.disconnect import DisconnectScene
from game.scenes.match import MatchScene
from game.scenes.menus.games import GameChoiceScene
from game.scenes.menus.lobby import LobbyScene
from game.scenes.menus.pause import PauseScene
from game.scenes.peek import LOOK_AWAY_TICKS, PeekCurtain
from game.scenes.ring import RingOption, RingPicker, RingQuestion
from tests.e2e import Room, curtain_for
from tests.toygame import ToyGame


@pytest.fixture
def room():
    room = Room(lang="en")
    yield room
    room.close()


def lobby_at(room, game_id):
    room.ctx.stack.push(GameChoiceScene(room.ctx))
    room.ctx.stack.push(LobbyScene(room.ctx, room.ctx.games[game_id]))
    room.run(1)
    return room.top


def seat_all(room, hands):
    for n, hand in enumerate(hands):
        room.ctx.seats.join(hand.device, f"P{n + 1}")


def board_for(room, game_id, seed=3):
    """A match of ``game_id`` for the table as seated (no bots)."""
    entry = room.ctx.games[game_id]
    catalogue = room.ctx.catalogue.game(entry.catalogue_key)
    session = Session(entry.make_definition(catalogue), entry.default_config(len(room.ctx.seats)), seed)
    board = entry.scenes().make_board(room.ctx, entry, session, {})
    room.ctx.stack.push(board)
    room.run(1)
    return board


def unplug_and_reclaim(room, pad, peek_check=None):
    """Pull ``pad`` (the overlay goes up), call ``peek_check`` while it is up, then a new
    pad takes the seat back with A (the overlay goes)."""
    pad.unplug()
    room.run(1)
    assert isinstance(room.top, DisconnectScene)
    if peek_check is not None:
        peek_check()
    other = room.attach_pad("Another Pad")
    other.tap(Intent.CONFIRM, 2)
    assert not room.ctx.seats.held() and not any(isinstance(s, DisconnectScene) for s in room.ctx.stack)
    return other


# --- 4. the lobby: starting is deliberate -------------------------------------------------------
def test_a_seated_players_second_a_never_starts_and_late_pads_still_join(room):
    lobby = lobby_at(room, "mission_secrete")  # 2-4 players
    first, second = room.attach_pad("One"), room.attach_pad("Two")
    first.tap(Intent.CONFIRM, 2)
    second.tap(Intent.CONFIRM, 2)
    assert lobby.problem() is None and lobby.focused().key == "start"
    first.tap(Intent.CONFIRM, 2)  # A again, the focus on Start
    assert room.top is lobby and lobby.nudge > 0  # the line that says how to start lights up
    late = room.attach_pad("Late")
    late.tap(Intent.CONFIRM, 2)
    room.keyboard("right").tap(Intent.CONFIRM, 2)
    assert room.top is lobby and len(room.ctx.seats) == 4
    room.keyboard("left").tap(Intent.MENU, 2)  # not seated: starts nothing
    assert room.top is lobby
    second.tap(Intent.MENU, 2)  # Start on a seated pad
    board = room.find(MatchScene)
    assert board is not None and board.session.config["seats"] == 4


def test_menu_with_a_problem_starts_nothing_and_lights_the_reason(room):
    lobby = lobby_at(room, "mission_secrete")
    pad = room.attach_pad()
    pad.tap(Intent.CONFIRM, 2)
    assert lobby.problem() is not None  # one player is not enough
    pad.tap(Intent.MENU, 2)
    assert room.top is lobby and lobby.nudge > 0
    room.fast(20)  # 100 ticks
    assert lobby.nudge == 0


def test_the_lobby_says_how_to_start(room):
    lobby = lobby_at(room, "mission_secrete")
    canvases = {}
    for hand in (room.attach_pad(), room.keyboard("left")):
        hand.tap(Intent.CONFIRM, 2)
    lobby.nudge = 0
    canvases["calm"] = pygame.Surface((1920, 1080))
    room.ctx.stack.draw(canvases["calm"], 0.0)
    start = next(i for i in lobby.items if i.key == "start").rect
    below = pygame.Rect(start.x, start.bottom, start.width, 80)
    room.keyboard("left").tap(Intent.CONFIRM)  # A on Start: the line lights up
    canvases["lit"] = pygame.Surface((1920, 1080))
    room.ctx.stack.draw(canvases["lit"], 0.0)
    calm, lit = (pygame.image.tobytes(c.subsurface(below), "RGB") for c in (canvases["calm"], canvases["lit"]))
    assert calm != lit
    for lang in ("fr", "en"):
        from game.i18n import Strings
        from game.paths import data_dir

        strings = Strings.load(data_dir() / "i18n", lang)
        assert "{button}" in strings.get("lobby.ready") and strings.get("lobby.start_keys")


# --- 5. each keyboard side pauses -------------------------------------------------------------
@pytest.mark.parametrize("side", ["left", "right"])
def test_each_keyboard_side_starts_the_match_and_pauses_it(room, side):
    lobby = lobby_at(room, "secret_identity")
    for other in ("left", "right"):
        room.keyboard(other).tap(Intent.CONFIRM, 2)
    lobby.add_bot()
    me = room.keyboard(side)
    me.tap(Intent.MENU, 2)
    board = room.find(MatchScene)
    assert board is not None and room.top is board
    me.tap(Intent.MENU, 2)
    assert isinstance(room.top, PauseScene)


README_KEYS = {
    "W A S D": (pygame.KSCAN_W, pygame.KSCAN_A, pygame.KSCAN_S, pygame.KSCAN_D),
    "arrow keys": (pygame.KSCAN_UP, pygame.KSCAN_DOWN, pygame.KSCAN_LEFT, pygame.KSCAN_RIGHT),
    "Space": (pygame.KSCAN_SPACE,), "Enter": (pygame.KSCAN_RETURN,), "Q": (pygame.KSCAN_Q,),
    "Backspace": (pygame.KSCAN_BACKSPACE,), "E": (pygame.KSCAN_E,), "Right Shift": (pygame.KSCAN_RSHIFT,),
    "R": (pygame.KSCAN_R,), "Right Ctrl": (pygame.KSCAN_RCTRL,), "Escape": (pygame.KSCAN_ESCAPE,),
    "P": (pygame.KSCAN_P,),
}
README_ROWS = {"Move": set(DIRECTIONS), "Confirm": {Intent.CONFIRM}, "Back": {Intent.BACK},
               "Peek": {Intent.PEEK}, "Alternate": {Intent.ALT}, "Menu": {Intent.MENU}}


def test_the_readme_controls_table_is_what_the_keys_do():
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    table = readme.split("## Controls", 1)[1].split("\n## ", 1)[0]
    rows = [[cell.strip() for cell in line.strip().strip("|").split("|")]
            for line in table.splitlines() if line.startswith("| ") and not line.startswith("| |")]
    seen = set()
    for label, _pad, left, right in rows:
        intents = next(v for k, v in README_ROWS.items() if label.startswith(k))
        for side, keys in (("left", left), ("right", right)):
            assert keys in README_KEYS, f"README names {keys!r}: add it to README_KEYS"
            for code in README_KEYS[keys]:
                assert KEYBOARD[side].get(code) in intents, f"{label}: {keys} on the {side} side"
                seen.add((side, KEYBOARD[side][code]))
    for side in ("left", "right"):
        assert {(side, intent) for intent in (*DIRECTIONS, Intent.CONFIRM, Intent.BACK, Intent.PEEK, Intent.ALT,
                                              Intent.MENU)} <= seen


# --- 7. the clue editor closes on release ---------------------------------------------------------
def clues_phase(room, board):
    session = board.session
    brains = {s: board.entry.make_bot(board.catalogue, s, Rng(s)) for s in range(len(room.ctx.seats))}
    while session.view(None).public.phase != "clues":
        seat = min(session.current())
        assert board.submit(brains[seat].act(session.view(seat), session.legal(seat))) is None
    room.run(2)


def editing_clues(room):
    """Two keyboard sides and a pad at Secret Identity's clue phase, the left side holding
    Y (its clue editor open): ``(left, right, pad, board)``."""
    left, right, pad = room.keyboard("left"), room.keyboard("right"), room.attach_pad()
    seat_all(room, [left, right, pad])
    board = board_for(room, "secret_identity")
    clues_phase(room, board)
    left.hold(Intent.PEEK)
    room.run(1)
    return left, right, pad, board


def test_the_clue_editor_closes_when_its_player_lets_go(room):
    left, right, pad, board = editing_clues(room)
    curtain = curtain_for(room, 0)
    assert curtain is not None and curtain.peeking
    left.let_go(Intent.PEEK)
    room.run(1)
    assert curtain_for(room, 0) is None and room.top is board  # "let go to hide": it is gone
    right.hold(Intent.PEEK)  # so the next player's Y opens their own editor at once
    room.run(1)
    assert curtain_for(room, 1) is not None and curtain_for(room, 1).peeking
    right.let_go(Intent.PEEK)
    room.run(1)
    assert room.top is board


# --- 8. releases reach the scene that took the press ---------------------------------------------
def ms_intro(room, pads):
    seat_all(room, pads)
    board = board_for(room, "mission_secrete")
    assert isinstance(room.top, PeekCurtain) and room.top.seat == 0
    return board


def test_a_peekers_release_under_the_disconnect_overlay_closes_the_view(room):
    peeker, other = room.attach_pad("Peeker"), room.attach_pad("Other")
    ms_intro(room, [peeker, other])
    curtain = room.top
    peeker.hold(Intent.PEEK)
    room.run(1)
    assert curtain.peeking

    def let_go_under_the_overlay():
        peeker.let_go(Intent.PEEK)
        room.run(1)

    unplug_and_reclaim(room, other, let_go_under_the_overlay)
    room.run(2)
    assert room.top is curtain and not curtain.peeking  # nobody holds PEEK: the view is shut


def test_an_unplugged_peeker_under_the_overlay_closes_at_once(room):
    peeker, other = room.attach_pad("Peeker"), room.attach_pad("Other")
    ms_intro(room, [peeker, other])
    curtain = room.top
    peeker.hold(Intent.PEEK)
    room.run(1)
    other.unplug()  # the overlay goes up first
    room.run(1)
    assert isinstance(room.top, DisconnectScene) and curtain.peeking
    peeker.unplug()  # then the peeker's own pad, still holding Y
    room.run(1)
    assert not curtain.peeking
    for name in ("New One", "New Two"):
        room.attach_pad(name).tap(Intent.CONFIRM, 2)
    assert not room.ctx.seats.held() and room.top is curtain
    room.run(2)
    assert not curtain.peeking


def test_the_clue_editor_closes_when_let_go_under_the_overlay(room):
    left, right, pad, board = editing_clues(room)
    assert curtain_for(room, 0).peeking

    def let_go_under_the_overlay():
        left.let_go(Intent.PEEK)
        room.run(1)

    unplug_and_reclaim(room, pad, let_go_under_the_overlay)
    assert curtain_for(room, 0) is None and room.top is board


def test_the_ring_needle_hides_when_let_go_under_the_overlay(room):
    peeker, other = room.attach_pad("Peeker"), room.attach_pad("Other")
    seat_all(room, [peeker, other])
    room.ctx.stack.push(MatchScene(room.ctx, None, Session(ToyGame(), {"seats": 2, "timer_scale": 1.0}, seed=7)))
    question = RingQuestion("Which one?", tuple(RingOption(f"Option {i}") for i in range(4)))
    ring = RingPicker(room.ctx, [0, 1], lambda seat: question, lambda seat, index: None)
    room.ctx.stack.push(ring)
    peeker.hold(Intent.PEEK)
    room.run(LOOK_AWAY_TICKS)  # the curtain names the seat first
    assert ring.peeker == 0  # the seat's own needle is on the TV

    def let_go_under_the_overlay():
        peeker.let_go(Intent.PEEK)
        room.run(1)

    unplug_and_reclaim(room, other, let_go_under_the_overlay)
    room.run(2)
    assert ring.peeker is None


class TakesEverything(MatchScene):
    """A board that takes every press (so it waits for their releases)."""

    def handle(self, seat, event):
        return True


def test_a_curtain_opened_on_a_held_peek_gets_its_release(room):
    """The board took the PEEK press; the curtain it opens later (on a timer, not in the
    press) counts that press (its view shows after the look-away) and must be the one
    that hears the release."""
    keys = room.keyboard("left")
    seat_all(room, [keys])
    board = TakesEverything(room.ctx, None, Session(ToyGame(), {"seats": 2, "timer_scale": 1.0}, seed=7))
    room.ctx.stack.push(board)
    keys.hold(Intent.PEEK)
    room.run(1)
    curtain = PeekCurtain(room.ctx, 0, lambda surface, rect: None)
    room.ctx.stack.push(curtain)
    assert curtain.peeking
    keys.let_go(Intent.PEEK)
    room.run(1)
    assert not curtain.peeking


def close_intro(room, hands):
    by_seat = {hand.seat: hand for hand in hands}
    while isinstance(room.top, PeekCurtain):
        by_seat[room.top.seat].tap(Intent.BACK, 2)


def test_an_accusation_hold_let_go_under_the_overlay_accuses_nobody(room):
    holder, other, keys = room.attach_pad("Holder"), room.attach_pad("Other"), room.keyboard("left")
    seat_all(room, [holder, other, keys])
    board = board_for(room, "mission_secrete")
    close_intro(room, [holder, other, keys])
    holder.hold(Intent.ALT)
    room.run(HOLD_TICKS // 10, steps=5)  # half the hold

    def let_go_under_the_overlay():
        holder.let_go(Intent.ALT)
        room.run(1)

    unplug_and_reclaim(room, other, let_go_under_the_overlay)
    room.fast(2 * HOLD_TICKS // 5)
    assert board.accusation.accuser is None and not board.accusation.holds and room.top is board


# --- 9. Mission Secrète: overlapping accusation holds ---------------------------------------------
@pytest.mark.parametrize("players, stagger", [(2, 0), (2, 7), (4, 0), (4, 5)])
def test_overlapping_accusation_holds_the_first_to_complete_accuses(room, players, stagger):
    hands = [room.keyboard("left"), room.keyboard("right")] + [room.attach_pad(f"Pad {i}") for i in range(players - 2)]
    seat_all(room, hands)
    board = board_for(room, "mission_secrete")
    close_intro(room, hands)
    for hand in hands:
        hand.hold(Intent.ALT)
        room.run(1 + stagger)
    room.until(lambda: board.accusation.accuser is not None, limit=HOLD_TICKS + 10, steps=1)
    assert board.accusation.accuser == 0 and isinstance(room.top, AccusePicker)  # the first to start was first done
    assert not board.accusation.holds
    room.fast(HOLD_TICKS // 5 + 2)  # the other holds were dropped: nobody else accuses
    assert board.accusation.accuser == 0 and sum(isinstance(s, AccusePicker) for s in room.ctx.stack) == 1
    for hand in hands:
        hand.let_go(Intent.ALT)
    room.run(2)
    assert board.accusation.accuser == 0
