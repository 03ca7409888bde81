"""The Personality board, headless: bots play it to the portraits; a human reader picks a
card in the peek curtain and votes with the ring; portraits save as PNG."""

from pathlib import Path

import pytest

from game.context import build_context
from game.core.rng import Rng
from game.core.session import Session
from game.input.intents import InputEvent, Intent
from game.scenes.peek import LOOK_AWAY_TICKS, PeekCurtain
from game.scenes.ring import RingPicker
from game.games.personality.rules.view import Vote
from game.settings import Settings


@pytest.fixture
def ctx():
    return build_context(headless=True, lang="fr", settings=Settings(), seats=0)


def _board(ctx, seats, bot_seats, seed=3):
    from game.games.personality.ui import board as scenes

    entry = ctx.games["personality"]
    for i in range(seats):
        if i in bot_seats:
            ctx.seats.add_bot(f"Bot {i}")
        else:
            ctx.seats.join(("pad", 200 + i), f"P{i}")
    catalogue = ctx.catalogue.game("personality")
    session = Session(entry.make_definition(catalogue), entry.default_config(seats), seed)
    bots = {s: entry.make_bot(catalogue, s, Rng.from_seed(f"t{s}")) for s in bot_seats}
    board = scenes.make_board(ctx, entry, session, bots)
    board.bot_delay = (1, 2)
    ctx.stack.push(board)
    return board


def _tick(ctx, n, surface=None):
    for i in range(n):
        ctx.stack.fixed_update(1 / 60)
        if surface is not None and i % 400 == 0:
            ctx.stack.draw(surface, 1.0)


def test_bots_play_the_board_to_the_portraits(ctx, tmp_path):
    board = _board(ctx, 4, {0, 1, 2, 3})
    surface = ctx.kit.canvas()
    for _ in range(60):
        _tick(ctx, 1000, surface)
        if board.session.outcome() is not None:
            break
    assert board.session.outcome() is not None
    _tick(ctx, 2000)
    assert board.stage == "podium" and board.end_choices_open()
    board.draw(surface, 1.0)
    assert board.handle(0, InputEvent(("bot", 0), Intent.CONFIRM)) and board.stage == "portraits"
    board.draw(surface, 1.0)
    assert board.handle(0, InputEvent(("bot", 0), Intent.ALT))
    saved = list((Path(tmp_path) / "pictures" / "Secret Salon").glob("personality-*.png"))
    assert len(saved) == 1 and str(saved[0]) in board.section.message


def test_human_reader_picks_in_the_curtain_then_votes_on_the_ring(ctx):
    board = _board(ctx, 3, {1, 2})
    _tick(ctx, 2)
    curtain = ctx.stack.top
    assert isinstance(curtain, PeekCurtain) and curtain.seat == 0
    device = ctx.seats[0].device
    hand = board.session.view(0).private.hand
    ctx.stack.handle(0, InputEvent(device, Intent.PEEK, pressed=True))
    _tick(ctx, LOOK_AWAY_TICKS)  # the curtain names the seat, then the hand shows
    ctx.stack.handle(0, InputEvent(device, Intent.DOWN))
    ctx.stack.handle(0, InputEvent(device, Intent.CONFIRM))
    assert board.session.state.table == (hand[1],)
    _tick(ctx, 200)
    ring = ctx.stack.top
    assert isinstance(ring, RingPicker)
    # the read card stays readable over the ring, above the progress cards
    caption, text = ring.card()
    assert text == board.card_text(hand[1]) and ctx.seats[0].name in caption
    card = ring.card_rect()
    for _, (x, y) in ring._seat_slots():
        assert y - 56 > card.bottom or x - 192 > card.right
    ring.draw(ctx.kit.canvas(), 1.0)
    ctx.stack.handle(0, InputEvent(device, Intent.PEEK, pressed=False))
    ctx.stack.handle(0, InputEvent(device, Intent.CONFIRM))      # choose player 0 (slot 1)
    ctx.stack.handle(0, InputEvent(device, Intent.RIGHT))
    ctx.stack.handle(0, InputEvent(device, Intent.CONFIRM))      # bet: slot 2 = one token
    state = board.session.state
    assert state.phase != "vote" or state.votes()[0] == Vote(0, 2)


def test_the_end_raises_the_podium_cheers_the_winners_and_a_skips_it(ctx):
    """Issue 14 item 10: the phase ``over`` starts the show once the last walks and
    banners have played (bots and overlays wait while it plays); the winners' pads rumble
    with the fanfare; A skips it."""
    from game.core.events import PhaseStarted
    from game.games.personality.rules.view import PEPhase
    from game.ui.show import RUMBLE

    board = _board(ctx, 4, {0, 1, 2, 3})
    rumbles = []
    ctx.input = type("Hub", (), {"rumble": lambda self, *args: rumbles.append(args) or True})()
    for _ in range(60000):
        _tick(ctx, 1)
        if board.stage == "podium":
            break
    show = board.section.show
    assert show is not None and board.session.outcome() is not None and not show.done
    rumbles.clear()  # the votes' reveals cheered their best movers on the way
    _tick(ctx, 3000)  # the walks, the banners, then the whole show
    assert show.done and sorted(seat for seat, *_ in rumbles) == sorted(board.public.winners)
    assert all(tuple(rest) == RUMBLE for _seat, *rest in rumbles)
    assert [s.seat for s in show.standings if s.place == 1] == sorted(board.public.winners)

    board.on_events(None, (PhaseStarted(PEPhase.OVER),))  # once more, to skip it this time
    assert board.busy() and not board.bots_may_act() and board.show_to_skip()
    assert board.handle(0, InputEvent(("bot", 0), Intent.CONFIRM)) and board.section.show.done
    assert board.stage == "podium" and board.stack.top is board  # A skipped the show; it did not start a new match


def test_the_end_is_every_game_s_end_show_then_the_portraits():
    """Issue 26 item 3: Personality's end is the shared end show — the podium beside the
    ranking, the verdict (who won) written only once the count has reached it — which
    waits for the last walks and banners on the board; once it is over A opens the
    portraits (where A plays again) and B goes back to the lobby, and the phones get the
    end's choices then, not before."""
    from game.core.events import PhaseStarted
    from game.games.personality.rules.view import PEPhase
    from game.games.personality.ui.portraits import PodiumSection
    from game.shots import ShotRequest, prepare

    ctx = prepare("personality.portraits", ShotRequest(lang="en", seats=6, ticks=0))  # a match just over
    board = ctx.stack.top
    board.on_events(None, (PhaseStarted(PEPhase.OVER),))
    podium = board.section
    assert isinstance(podium, PodiumSection) and podium.running
    won = board.public.winners
    winners = ", ".join(ctx.seats[s].name for s in won)
    said = ctx.t("personality.winners", names=winners, n=len(won))
    assert podium.title(board.public) == "End of the match" and podium.verdict(board.public) == said
    assert said == (f"{winners} wins!" if len(won) == 1 else f"{winners} win!")
    assert not podium.verdict_shown  # not yet: the count runs
    assert not board.end_choices_open() and board.show_to_skip() and not board.phones_wait()

    board.timeline.add_banner("1F451", "a last banner", "")  # the board plays it first: the show waits
    tick = podium.show.tick
    board.fixed_update(1 / 60)
    assert podium.show.tick == tick and not board.show_to_skip()
    assert not board.handle(0, InputEvent(ctx.seats[0].device, Intent.CONFIRM)) and podium.running
    board.timeline.banners.clear()

    assert board.handle(0, InputEvent(ctx.seats[0].device, Intent.CONFIRM))  # A: the count to its end
    assert podium.verdict_shown and board.end_choices_open() and not board.show_to_skip()
    assert board.handle(0, InputEvent(ctx.seats[0].device, Intent.CONFIRM)) and board.stage == "portraits"
    assert board.end_choices_open() and ctx.stack.top is board
    ctx.stack.clear()


def test_a_vote_reveal_counts_the_moves_up_cheers_the_best_and_a_cuts_it_short():
    """Issue 14 item 10: the reveal's moves count up (a Show started by VoteRevealed) while
    the masks walk; bots wait; A skips the count and leaves only a short hold. Issue 26
    item 3: it is every game's reveal pacing — a second A moves on past it to the next
    phase; phones play on under it during the match (no Skip for them)."""
    from game.shots import ShotRequest, prepare
    from game.games.personality.ui.reveal_screen import SKIPPED_TICKS, new_leader

    ctx = prepare("personality.reveal", ShotRequest(lang="fr", seats=6, ticks=0))
    board = ctx.stack.top
    reveal, result = board.section, board.public.result
    show = reveal.show
    assert board.stage == "reveal" and show is not None and board.busy() and not board.bots_may_act()
    assert not board.phones_wait() and not board.show_to_skip()
    best = max(move.delta for move in result.moves)
    leader = new_leader(result, board.public.positions)
    cheered = {leader} if leader is not None else {m.seat for m in result.moves if m.delta == best}
    assert {s.seat for s in show.standings if s.place == 1} == cheered
    assert all(show.count(move.seat) == 0 for move in result.moves)  # nothing counted yet
    assert board.handle(0, InputEvent(ctx.seats[0].device, Intent.CONFIRM))
    assert show.done and reveal.beat == 1 and reveal.beats[1] == SKIPPED_TICKS and board.stage == "reveal"
    assert all(show.count(move.seat) == move.delta for move in result.moves)
    assert board.handle(0, InputEvent(ctx.seats[0].device, Intent.CONFIRM))
    assert board.stage == "exchange"  # the phase the rules moved on to
    ctx.stack.clear()


def test_only_a_vote_that_changes_the_lead_is_cheered(ctx):
    """Issue 14 (the fanfare after every vote was too much): a vote that puts a new
    player alone in the lead counts its moves up and cheers that player (confetti,
    fanfare, rumble on their pad); any other counts them up and ends on a lighter chime,
    no confetti, no rumble."""
    from game.games.personality.rules.view import MaskMove, PEPhase, VoteKind, VoteRecord
    from game.games.personality.ui.reveal_screen import QUIET_CUE, reveal_show

    for i in range(4):
        ctx.seats.join(("pad", 300 + i), f"P{i}")
    rumbles = []
    ctx.input = type("Hub", (), {"rumble": lambda self, *args: rumbles.append(args) or True})()

    def played(before, choices):
        """Seat 1 elected; its voters advance 1, the others move back 1, from ``before``."""
        moves = tuple(MaskMove(voter, before[voter], before[voter] + (1 if choice == 1 else -1),
                               1 if choice == 1 else -1, False) for voter, choice in enumerate(choices))
        record = VoteRecord(VoteKind.NORMAL, PEPhase.VOTE, 2, "card", None,
                            {voter: Vote(choice, 1) for voter, choice in enumerate(choices)}, (),
                            tuple((seat, choices.count(seat)) for seat in sorted(set(choices))), {}, moves,
                            "elected", 1)
        ctx.audio.history.clear()
        rumbles.clear()
        show = reveal_show(ctx, record, [m.end for m in moves], seed=5)
        while not show.done:
            show.step()
        assert [show.count(m.seat) for m in moves] == [m.delta for m in moves]  # counted up either way
        return list(ctx.audio.history), bool(show.confetti)

    sounds, confetti = played([5, 6, 3, 3], [1, 2, 1, 3])    # seat 0 (5 -> 6) passes seat 1 (6 -> 5)
    assert "victory" in sounds and confetti and [seat for seat, *_ in rumbles] == [0]
    sounds, confetti = played([9, 6, 3, 3], [1, 1, 1, 2])    # seat 0 led before and still does
    assert sounds == [QUIET_CUE] and not confetti and rumbles == []
