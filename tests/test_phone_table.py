"""A table of phones alone finishes a match and goes on; phones follow the pads' rule
where the board, not the rules, has the say (issue 17). Through the real server thread
and bridge, as tests/test_companion_si.py: each game's phones-only table plays a match
to its end screen and a phone chooses "play again" or "back to the lobby" once the TV
offers it (refused before, as a pad's press would not end the match then); in co-op
Secret Identity phones and a pad agree on one answer together; a phone's "ready" waits
for Secret Identity's reveal as a pad's does, and any phone's "Skip" hurries a show the
TV plays as a pad's A does (the reveal, the end's shows), to the same end.
"""

from __future__ import annotations

import pytest

from game.cli.bench_companion import moves_in
from game.input.intents import Intent
from game.scenes.match import MatchScene
from game.scenes.menus.lobby import LobbyScene
from tests.e2e import BIG_STEP
from tests.test_companion_match import table  # noqa: F401  (the fixture)
from tests.test_companion_si import SKIM, Phones, Team, seat_phones
from tests.test_si_phone_seats import drawn

AGAIN, LOBBY = {"kind": "again", "data": {}}, {"kind": "lobby", "data": {}}
SKIP = {"kind": "skip", "data": {}}


def phones_table(room, companion, crowd, game: str, names=("Zoé", "Max", "Ana")):
    lobby = LobbyScene(room.ctx, room.ctx.games[game])
    room.ctx.stack.push(lobby)
    phones = seat_phones(room, companion, crowd, names)
    lobby.start()
    board = room.find(MatchScene)
    return lobby, board, (Team if game == "secret_identity_coop" else Phones)(room, board, phones)


def play_to_the_end(room, board, players, limit: int = 3000) -> None:
    for _ in range(limit):
        if board.session.outcome() is not None:
            return
        one = board.entry.id == "secret_identity_coop" or getattr(board.public, "phase", None) == "round_start"
        if not players.step(one_at_a_time=one):
            room.skim(SKIM)  # no phone has a move: time flies, one frame in SKIM drawn
    raise AssertionError(f"{board.entry.id}: no end after {limit} steps")


def answer(room, players, phone, move, ack):
    """Send ``move`` from ``phone`` and return the game's answer to it."""
    phone.send("act", id=ack, **move)
    players._until(lambda: ack in players.answers, f"an answer to {move}")
    return players.answers[ack]


def skip_to_the_end_choices(room, board, players, seat, phone) -> int:
    """The phone at ``seat`` taps "Skip" whenever its screen offers it, until the end
    screen's choices come (what the TV plays and no pad's A hurries goes on in big
    frames, one in SKIM drawn); how many taps it took."""
    skips = attempts = 0
    for _ in range(600):
        if board.end_choices_open():
            return skips
        players.read()
        if SKIP in moves_in(players.screens.get(seat)):
            told = answer(room, players, phone, SKIP, f"skip{attempts}")
            attempts += 1
            # (a screen a frame behind may offer Skip once the show is over: "not now", as for a pad)
            assert told["type"] == "view" or told["reason"] == "not_now", told
            skips += told["type"] == "view"
            assert attempts < 8, "Skip never ends the shows"
            room.run(1)  # the board moves on from what was skipped; the phones hear of it
        else:
            room.skim(SKIM)
    raise AssertionError("no end screen's choices")


@pytest.mark.parametrize("game, choice", [("secret_identity", "again"), ("secret_identity_coop", "lobby"),
                                          ("personality", "again"), ("mission_secrete", "lobby"),
                                          ("incognito", "again")])
def test_a_table_of_phones_alone_ends_a_match_and_plays_again_or_goes_back_to_the_lobby(table, game, choice):
    room, companion, crowd = table
    lobby, board, players = phones_table(room, companion, crowd, game)
    play_to_the_end(room, board, players)
    seat, phone = min(players.phones.items())
    if not board.end_choices_open():  # the TV's show plays: a pad's press would not end the match yet
        assert answer(room, players, phone, AGAIN, "early")["reason"] == "not_now"
        assert AGAIN not in moves_in(players.screens[seat])
    # a phone hurries the end's show as a pad's A does (every game's: the shared end show)
    assert skip_to_the_end_choices(room, board, players, seat, phone) > 0
    players._until(lambda: AGAIN in moves_in(players.screens.get(seat)) and LOBBY in moves_in(players.screens[seat]),
                   "the end screen's choices on the phone")
    assert room.find(MatchScene) is board
    phone.send("act", kind=choice, data={})
    if choice == "again":
        players._until(lambda: room.find(MatchScene) not in (None, board), "the next match")
        second = room.find(MatchScene)
        assert type(second) is type(board) and second.session.outcome() is None
        assert second.session is not board.session and room.find(LobbyScene) is lobby
        view = phone.next("view", lambda: room.run(1))  # the phones play on: the new match's screen
        assert view["screen"]["game"] == game and AGAIN not in moves_in(view["screen"])
    else:
        room.until(lambda: room.ctx.stack.top is lobby, limit=20)
        assert room.find(MatchScene) is None
        told = phone.next("lobby", lambda: room.run(1))
        assert told["game"] == game and [s["kind"] for s in told["seats"]] == ["phone"] * 3
    assert [s.name for s in room.ctx.seats] == ["Zoé", "Max", "Ana"]



def coop_giver_phone_pad_and_guesser_phone(table):
    """A co-op match: Zoé's phone gives the clues, a pad (seat 1) and Max's phone (seat 2)
    guess; the board, the pad and each phone by seat."""
    room, companion, crowd = table
    lobby = LobbyScene(room.ctx, room.ctx.games["secret_identity_coop"])
    room.ctx.stack.push(lobby)
    giver = seat_phones(room, companion, crowd, ["Zoé"])
    pad = room.attach_pad("Pad")
    pad.tap(Intent.CONFIRM, 2)
    guesser = seat_phones(room, companion, crowd, ["Max"])
    assert pad.seat == 1 and set(guesser) == {2} and lobby.problem() is None
    pad.tap(Intent.MENU, 1)
    return room.find(MatchScene), pad, giver, guesser


def play_to_the_guess(room, board, players) -> None:
    """The phone at seat 0 builds the first clue."""
    for _ in range(200):
        if board.public.phase == "guess":
            break
        if not players.step():
            room.fast(1)

def test_in_co_op_phones_and_a_pad_agree_together_and_the_tv_shows_who_agreed(table):
    room = table[0]
    board, pad, giver, guesser = coop_giver_phone_pad_and_guesser_phone(table)
    players = Team(room, board, {**giver, **guesser})
    play_to_the_guess(room, board, players)
    assert board.public.phase == "guess" and board.people_guessing() == [1, 2]
    phone = guesser[2]
    lock = {"kind": "lock", "data": {}}
    players._until(lambda: lock in moves_in(players.screens.get(2)), "the phone's agree button")
    held = next(i for section in players.screens[2]["sections"] for i in section["items"] if i.get("move") == lock)
    assert held["hold"] == 1500  # a phone agrees by holding, as a pad holds CONFIRM

    # the phone agrees: the answer waits for the pad, and the TV says who agreed
    before = len(board.session.log)
    assert answer(room, players, phone, lock, "agree")["type"] == "view"
    assert len(board.session.log) == before and not board.public.history and board.section.agreeing() == [2]
    shown = drawn(room.ctx)[0]
    assert "Agrees" in shown and "Hold to agree too" in shown and "In agreement: 1/2" in shown
    players._until(lambda: {"kind": "unlock", "data": {}} in moves_in(players.screens[2]), "the phone's take-back")
    assert "In agreement: 1/2" in [s["title"] for s in players.screens[2]["sections"]]

    # moving the cursor drops every agreement: the phone agrees again
    pad.tap(Intent.RIGHT)
    room.run(2)
    assert board.section.agreeing() == [] and len(board.session.log) == before + 1
    assert answer(room, players, phone, lock, "again")["type"] == "view" and board.section.agreeing() == [2]

    # the pad holds CONFIRM: 1.5 s from its press, the team's answer locks
    cursor = board.public.cursor
    pad.hold(Intent.CONFIRM)
    room.run(60)
    assert board.section.agreeing() == [1, 2] and "Holding to lock" in drawn(room.ctx)[0]
    assert not board.public.history
    room.run(40)
    pad.let_go(Intent.CONFIRM)
    assert len(board.public.history) == 1 and board.public.history[0].guess == cursor + 1
    assert board.session.log[-1].kind == "lock" and board.session.log[-1].seat == 1


def test_in_co_op_a_pad_holding_alone_does_not_lock_for_a_phone_that_has_not_agreed(table):
    room = table[0]
    board, pad, giver, guesser = coop_giver_phone_pad_and_guesser_phone(table)
    play_to_the_guess(room, board, Team(room, board, giver))
    pad.hold(Intent.CONFIRM)
    room.run(200)
    assert not board.public.history and board.section.agreeing() == [1]
    assert room.ctx.t("sc.status.agree_phone") in drawn(room.ctx)[0]  # the TV says whose agreement the lock waits for
    pad.let_go(Intent.CONFIRM)
    room.run(1)
    assert board.section.agreeing() == [] and guesser


def test_a_phone_s_ready_waits_for_the_reveal_as_a_pad_s_does(table):
    room, companion, crowd = table
    lobby, board, players = phones_table(room, companion, crowd, "secret_identity")
    for _ in range(500):
        if board.stage == "reveal":
            break
        if not players.step(one_at_a_time=board.public.phase == "round_start"):
            room.fast(1)
    assert board.stage == "reveal" and board.public.phase == "summary"
    ready = {"kind": "ready", "data": {}}
    seat, phone = min(players.phones.items())
    players._until(lambda: players.screens[seat]["phase"] == "summary", "the summary screen")
    screen = players.screens[seat]
    assert ready not in moves_in(screen) and screen["title"] == "Watch the TV…" and screen["waiting"]
    before = len(board.session.log)
    refusal = answer(room, players, phone, ready, "early")
    assert refusal["type"] == "error" and refusal["reason"] == "watch_tv"
    assert len(board.session.log) == before and not board.public.seats[seat].ready
    room.until(lambda: board.stage != "reveal", limit=3000, steps=BIG_STEP)
    players._until(lambda: ready in moves_in(players.screens[seat]), "ready once the reveal is over")
    assert answer(room, players, phone, ready, "late")["type"] == "view" and board.public.seats[seat].ready


LEAVE, PRESS = {"kind": "quit", "data": {}}, {"kind": "quit_hold", "data": {}}


def hand_clock(companion) -> list[float]:
    """The companion's clock, moved by hand (``now[0] += s``): the server times a
    phone's hold on *Leave the match* with it."""
    now = [1000.0]
    companion.clock = lambda: now[0]
    return now


def leave_button(players, seat) -> dict:
    players._until(lambda: LEAVE in moves_in(players.screens.get(seat)), "the phone's leave button")
    return next(i for section in players.screens[seat]["sections"] for i in section["items"] if i.get("move") == LEAVE)


def test_a_phone_leaves_a_match_still_on_for_the_lobby_and_the_match_stays_in_the_autosave(table):
    room, companion, crowd = table
    now = hand_clock(companion)
    lobby, board, players = phones_table(room, companion, crowd, "mission_secrete")
    seat, phone = min(players.phones.items())
    held = leave_button(players, seat)
    # held, as the pause menu asks before quitting: no slip ends the match; the page tells
    # the server when the press begins (``press``), so the server times the hold itself
    assert held["hold"] == 1500 and held["press"] == PRESS
    players.step()
    assert answer(room, players, phone, PRESS, "press")["type"] == "view"
    now[0] += 1.5
    assert answer(room, players, phone, LEAVE, "leave")["type"] == "view"
    room.until(lambda: room.ctx.stack.top is lobby, limit=20)
    assert room.find(MatchScene) is None and board.session.outcome() is None
    told = players.lobbies.get(seat) or phone.next("lobby", lambda: room.run(1))
    assert told["game"] == "mission_secrete"
    assert [s.name for s in room.ctx.seats] == ["Zoé", "Max", "Ana"]
    assert board.session.save_path is not None and board.session.save_path.exists()


def test_only_a_hold_the_server_timed_leaves_the_match(table):
    """Issue 25 item 4: the page's 1.5 s hold is not the only guard. A lone scripted
    ``quit``, one sent too soon after its press, one from a phone that did not press,
    or one long after its press is refused with its reason, and the match goes on."""
    room, companion, crowd = table
    now = hand_clock(companion)
    lobby, board, players = phones_table(room, companion, crowd, "mission_secrete")
    (seat, phone), (_, other) = sorted(players.phones.items())[:2]
    leave_button(players, seat)
    log = list(board.session.log)

    def refused(sender, ack: str) -> str:
        told = answer(room, players, sender, LEAVE, ack)
        assert told["type"] == "error", told
        return told["reason"]

    assert refused(phone, "lone") == "hold_first"
    assert answer(room, players, phone, PRESS, "press")["type"] == "view"
    assert refused(phone, "at once") == "hold_longer"
    assert refused(phone, "twice") == "hold_first"  # that press was spent
    answer(room, players, phone, PRESS, "press again")
    now[0] += 1.0
    assert refused(phone, "after 1 s") == "hold_longer"
    answer(room, players, other, PRESS, "another's press")
    now[0] += 1.5
    assert refused(phone, "on another's press") == "hold_first"
    answer(room, players, phone, PRESS, "a press")
    now[0] += 60.0
    assert refused(phone, "a minute on") == "hold_first"
    room.run(5)
    assert room.ctx.stack.top is board and room.find(LobbyScene) is lobby
    assert board.session.outcome() is None and list(board.session.log) == log
    answer(room, players, other, PRESS, "the other's hold")
    now[0] += 1.5
    assert answer(room, players, other, LEAVE, "the other leaves")["type"] == "view"
    room.until(lambda: room.ctx.stack.top is lobby, limit=20)


def test_a_phone_s_skip_hurries_the_reveal_as_a_pad_s_A_does(table):
    """A table of phones alone need not sit through the reveal: the "watch the TV" screen
    offers Skip, which runs the pads' own skip (every safe open, every point counted,
    the cheer given), so the TV ends where a pad's A would have taken it. Skip is refused
    where no show plays."""
    room, companion, crowd = table
    lobby, board, players = phones_table(room, companion, crowd, "secret_identity")
    seat, phone = min(players.phones.items())
    players.skim = 0  # the reveal's first beat must still be playing when the last vote is answered
    assert answer(room, players, phone, SKIP, "nothing to skip")["reason"] == "not_now"
    for _ in range(500):
        if board.stage == "reveal":
            break
        if not players.step(one_at_a_time=board.public.phase == "round_start"):
            room.fast(1)
    reveal = board.section
    assert board.stage == "reveal" and reveal.beat == 0
    players._until(lambda: SKIP in moves_in(players.screens.get(seat)), "Skip on the phone")
    screen = players.screens[seat]
    assert screen["title"] == "Watch the TV…" and screen["sections"][0]["items"][0]["label"] == "Skip"
    skipped = []
    real_skip = board.skip_show
    board.skip_show = lambda: skipped.append(True) or real_skip()  # the pads' path
    assert answer(room, players, phone, SKIP, "skip")["type"] == "view" and skipped == [True]
    assert not reveal.opening and (reveal.finale is None or reveal.finale.done)
    room.run(1)
    assert board.stage == "summary" and reveal.shown == [float(s.score) for s in board.public.seats]
    ready = {"kind": "ready", "data": {}}
    players._until(lambda: ready in moves_in(players.screens[seat]) and SKIP not in moves_in(players.screens[seat]),
                   "ready, and no Skip, once the reveal is over")
