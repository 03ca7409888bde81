"""A board imports no menu: what it opens of theirs (the pause menu, "play again" dealt
as the lobby deals) comes from the menus that start the match (``match.BoardMenus``,
``menus/matches.py``), and a change reaches a board through one hook, ``on_events``
(issue 26 items 5 and 6)."""

from game.scenes.match import MatchScene
from game.scenes.menus.matches import new_match
from game.scenes.menus.pause import PauseScene
from tests.menu_helpers import make_ctx


def test_the_menus_hand_a_board_its_pause_menu_and_a_board_made_alone_opens_none():
    ctx = make_ctx(seats=3)
    entry = ctx.games["mission_secrete"]
    started = new_match(ctx, entry, {}, seed=5)
    ctx.stack.push(started)
    started.open_pause_menu()  # what MENU on the board does
    assert isinstance(ctx.stack.top, PauseScene) and ctx.stack.top.entry is entry
    ctx.stack.clear()
    alone = entry.scenes().make_board(ctx, entry, started.session, {})
    assert alone.menus is None
    ctx.stack.push(alone)
    scenes = list(ctx.stack)
    alone.open_pause_menu()
    assert list(ctx.stack) == scenes


def test_play_again_is_the_menus_deal_and_keeps_the_menus():
    """Personality deals "play again" as the lobby does (a new seed); the new board has
    the menus too, so its MENU still pauses."""
    ctx = make_ctx(seats=3)
    entry = ctx.games["personality"]
    board = new_match(ctx, entry, {}, seed=5)
    ctx.stack.push(board)
    board.finish(again=True)
    again = ctx.stack.top
    assert isinstance(again, MatchScene) and again is not board and again.menus is not None
    assert again.session.seed not in (board.session.seed, f"{board.session.seed}+") and len(ctx.stack) == 1
    again.open_pause_menu()
    assert isinstance(ctx.stack.top, PauseScene)


def test_a_board_is_told_of_a_change_through_on_events_only():
    assert "on_state_changed" not in vars(MatchScene)
