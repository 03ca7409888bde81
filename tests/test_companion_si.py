"""Secret Identity with phones at the table, through the real server thread and bridge
(issue 17, item 5 and "a table of phones alone"): eight phones alone play a competitive
match to the podium, building their clues at the same time; phones alone play the
co-op mode to its end, every guesser agreeing on its phone; phones, a pad and a bot mix at one table, the phones building
while the pad's curtain is open. A phone plays what its seat's bot would
(fed only that seat's view), sent as a move its own screen offers.
"""

from __future__ import annotations

import time

import pytest

from game.cli.bench_companion import moves_in
from game.core.rng import Rng
from game.input.intents import Intent
from game.scenes.match import MatchScene
from game.scenes.menus.lobby import LobbyScene
from game.scenes.peek import PeekCurtain
from game.scenes.ring import RingPicker
from tests.e2e import focus_to, think
from tests.test_companion_match import join, table  # noqa: F401  (the fixture)
from tests.test_e2e_secret_identity import Competitors

#: Frames a phone waits for an answer or a screen before the test fails.
PATIENCE = 300
#: How long the TV idles before each look at the phones (s), as ``ScriptedPhone.next`` does.
IDLE = 0.002
#: While the TV plays a beat phones watch, time flies in this many big frames at a time,
#: the last one drawn (``Room.skim``).
SKIM = 6


class Phones:
    """The phones at a board, each a scripted phone playing its seat's bot's move."""

    def __init__(self, room, board, phones: dict[int, object], seed: str = "phone"):
        self.room, self.board, self.phones = room, board, phones
        catalogue = room.ctx.catalogue.game(board.entry.catalogue_key)
        self.minds = {s: board.entry.make_bot(catalogue, s, Rng.from_seed(f"{seed}/{s}")) for s in phones}
        self.screens: dict[int, dict] = {}
        self.answers: dict[int, dict] = {}
        #: Each seat's last ``lobby`` message read while waiting (a leave's answer and the
        #: lobby may come in one read: the act is served after a frame's draw).
        self.lobbies: dict[int, dict] = {}
        self.acts = self.refused = 0
        #: Clue moves a phone made while a pad's peek curtain was open.
        self.beside_curtain = 0
        #: The most seats whose moves one frame's pump took together.
        self.together = 0
        #: Big frames a wait skims at a time while the TV plays a beat phones watch; 0 for a
        #: test that looks at the beat itself (then a wait runs frames of one tick each).
        self.skim = SKIM

    def read(self) -> None:
        for seat, phone in self.phones.items():
            for message in phone.pending():
                if message["type"] == "view":
                    self.screens[seat] = message["screen"]
                if "ack" in message:
                    self.answers[message["ack"]] = message
                if message["type"] == "lobby":
                    self.lobbies[seat] = message

    def step(self, one_at_a_time: bool = False) -> bool:
        """Every phone whose seat must act sends its move (in one frame, unless
        ``one_at_a_time``), then waits for its answer. False: no phone had a move."""
        board = self.board
        moves = {}
        for seat in sorted(self.phones):
            if seat in board.session.current():
                move = self.choose(seat)
                if move is not None:
                    moves[seat] = move
                    if one_at_a_time:
                        break
        if not moves:
            return False
        for seat, move in moves.items():
            self._until(lambda: offers(self.screens.get(seat), move), f"seat {seat}'s screen offers {move}")
        before = len(board.session.log)
        curtain = getattr(board, "curtain", None) is not None
        for seat, move in moves.items():
            self.acts += 1
            self.phones[seat].send("act", id=self.acts, **move)
        ids = range(self.acts - len(moves) + 1, self.acts + 1)
        self._until(lambda: all(i in self.answers for i in ids), "every phone's answer")
        self.refused += sum(self.answers[i]["type"] == "error" for i in ids)
        mine = [a for a in board.session.log[before:] if a.seat in moves]
        self.together = max(self.together, len({a.seat for a in mine}))
        if curtain and any(a.kind in ("place", "confirm") for a in mine):
            self.beside_curtain += 1
        return True

    def choose(self, seat: int) -> dict | None:
        """The move ``seat``'s phone makes now: its bot's (None: it waits); of a bot's
        sketch (a picture's strokes at once), its first stroke, as a phone draws; of its
        ballot (all its numbers at once), its first number, as a phone votes."""
        action = think(self.board, self.minds[seat], seat)
        if action is not None and action.kind == "sketch":
            return {"kind": "stroke", "data": {"stroke": action.data["strokes"][0]}}
        if action is not None and action.kind == "ballot":
            target, number = action.data["numbers"][0]
            return {"kind": "vote", "data": {"target": target, "number": number}}
        return None if action is None else {"kind": action.kind, "data": dict(action.data)}

    def _until(self, done, what: str) -> None:
        """Frames until ``done``, the TV idle a moment before each look, as the app's loop
        idles between frames: frames back to back starve the server's and the phones'
        threads of the interpreter lock (each of their system calls waits a switch
        interval to take it back), and on a quick machine a burst of eight answers had
        not reached the phones within the patience's frames (``ScriptedPhone.next`` waits so too)."""
        for _ in range(PATIENCE):
            time.sleep(IDLE)
            self.read()
            if done():
                return
            # while the TV plays a beat (a reveal) phones wait, as pads do: time flies
            if self.skim and self.board.phones_wait():
                self.room.skim(self.skim)
            else:
                self.room.run(1)
        raise AssertionError(f"no {what} after {PATIENCE} frames; phase {self.board.public.phase}")


def offers(screen, move) -> bool:
    """The screen offers ``move``: as a button or menu, or a stroke on an open sheet."""
    if move["kind"] == "stroke":
        return bool(screen and screen.get("canvas", {}).get("enabled"))
    return move in moves_in(screen)


class Team(Phones):
    """Co-op phones that talk it over: the first person guessing moves the team's cursor
    as its bot would; the others agree with it (each phone's hold on its screen)."""

    def choose(self, seat: int) -> dict | None:
        board = self.board
        people = board.people_guessing()
        agreed = board.section.agreed if board.stage == "guess" else []
        if seat not in people or seat == min(people):
            move = super().choose(seat)
            return None if move is not None and move["kind"] == "lock" and seat in agreed else move
        return None if seat in agreed else {"kind": "lock", "data": {}}


def seat_phones(room, companion, crowd, names):
    """Phones join the open lobby, as players type their names: {seat: phone}."""
    joined = [join(room, companion, crowd, name) for name in names]
    return {welcome["seat"]: phone for phone, welcome in joined}


def no_curtain_or_ring_for(room, phone_seats) -> None:
    for scene in room.ctx.stack:
        assert not (isinstance(scene, PeekCurtain) and scene.seat in phone_seats), "a curtain for a phone seat"
        assert not (isinstance(scene, RingPicker) and set(scene.seats) & set(phone_seats)), "a ring for a phone seat"


def test_eight_phones_alone_play_competitive_secret_identity_to_the_podium(table):
    room, companion, crowd = table
    lobby = LobbyScene(room.ctx, room.ctx.games["secret_identity"])
    room.ctx.stack.push(lobby)
    phones = seat_phones(room, companion, crowd, [f"Phone {n}" for n in range(8)])
    lobby.start()
    board = room.find(MatchScene)
    players = Phones(room, board, phones)
    for _ in range(2000):
        if board.session.outcome() is not None:
            break
        # replacements one phone at a time: two at once race for the last one (SI-3)
        if not players.step(one_at_a_time=board.public.phase == "round_start"):
            room.run(1)
        no_curtain_or_ring_for(room, range(8))
    assert board.session.outcome() is not None and len(board.session.state.history) == 4
    assert players.refused == 0 and players.together == 8  # eight clues, votes, readies in one frame
    summary = (board.session.hash(), [r.points for r in board.session.state.history])
    print(f"8 phones, competitive: {players.acts} acts, {room.app.frames} frames, outcome {summary[1]}")


def test_phones_alone_play_coop_secret_identity_to_the_end(table):
    room, companion, crowd = table
    lobby = LobbyScene(room.ctx, room.ctx.games["secret_identity_coop"])
    room.ctx.stack.push(lobby)
    phones = seat_phones(room, companion, crowd, ["Zoé", "Max", "Ana", "Lou"])
    lobby.start()
    board = room.find(MatchScene)
    players = Team(room, board, phones)
    for _ in range(3000):
        if board.session.outcome() is not None:
            break
        if not players.step(one_at_a_time=True):  # one team cursor: phones take turns with it
            room.run(1)
        no_curtain_or_ring_for(room, range(4))
    assert board.session.outcome() is not None and board.public.phase == "over"
    assert len(board.public.history) == board.public.turns and players.refused == 0
    print(f"4 phones, co-op: {players.acts} acts, {room.app.frames} frames, score {board.public.team_score}")


class MixedTable(Competitors):
    """The pads play as in the living-room e2e test; while a pad builds behind its
    curtain, the phones build theirs too."""

    def __init__(self, room, board, hands, phones: Phones):
        super().__init__(room, board, hands)
        self.phones = phones

    def focus(self, hand, editor, index, count):
        self.phones.step()  # the curtain is open: the phones go on at once
        super().focus(hand, editor, index, count)


def test_phones_a_pad_and_a_bot_play_one_match(table):
    room, companion, crowd = table
    lobby = LobbyScene(room.ctx, room.ctx.games["secret_identity"])
    room.ctx.stack.push(lobby)
    pad = room.attach_pad("Pad")
    pad.tap(Intent.CONFIRM, 2)
    phones = seat_phones(room, companion, crowd, ["Zoé", "Max"])
    focus_to(room, pad, "add_bot")
    pad.tap(Intent.CONFIRM, 2)
    assert len(room.ctx.seats) == 4 and lobby.problem() is None
    pad.tap(Intent.MENU, 1)
    board = room.find(MatchScene)
    board.bot_delay = (2, 4)
    players = Phones(room, board, phones)
    people = MixedTable(room, board, [pad], players)
    for _ in range(5000):
        if board.session.outcome() is not None and board.stage != "reveal":
            break
        stepped = people.step() or players.step(one_at_a_time=board.public.phase == "round_start")
        if board.stage == "reveal":
            pad.tap(Intent.CONFIRM)  # the pad skips the reveal, as a player in a hurry does
        elif not stepped:
            room.fast(1)
        no_curtain_or_ring_for(room, phones)
    assert board.session.outcome() is not None and len(board.session.state.history) == 4
    assert people.votes == 4 * 3 and people.placed >= 1 and players.refused == 0
    assert players.beside_curtain >= 1  # phones built clues while a pad's curtain was open
