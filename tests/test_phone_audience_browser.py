"""The phone page as the audience, in headless Chromium against the game itself (issue 30
items 1-3): the App's frames run the companion as ``play`` does (its server thread, the
real bridge, crowd and boards) with a streamer's settings (a room password, a seat
limit, the code hidden on the TV).

- A phone asked for the password sits down and reads the room's code and password to
  pass on; a second finds the table full and watches and plays along; a third watches by
  choice ("Watch and play along").
- A Secret Identity match: both members guess on the question screen, the page marks
  their own pick, the reveal scores the right one (score, rank, the leaderboard) and the
  end shows the leaderboard first.
- Every other game's play-along: its question screen opens on the page and a pick reaches
  the game's ledger.

The seats' moves come from the game's own bots fed their seat's view (``tests/e2e.py``),
submitted by the test only while the TV takes moves, so nothing but the page is scripted.
Skips without Chromium, its driver or Selenium, as tests/test_phone_browser.py does."""

from __future__ import annotations

import socket
from typing import Any, Callable

import pytest

from tests.test_phone_browser import Phones, finger_tap, shown, tap, wait  # noqa: F401  (skips without Chromium)

from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

from game.scenes.match import MatchScene  # noqa: E402
from game.scenes.menus.lobby import LobbyScene  # noqa: E402
from game.scenes.phones import stop_companion  # noqa: E402
from game.input.intents import Intent  # noqa: E402
from tests.e2e import Room, brains, curtain_for, think  # noqa: E402

pytestmark = pytest.mark.timeout(240)
PASSWORD = "4821"


class Stage:
    """The game serving phones on a free loopback port, a lobby of ``game`` on the TV
    with ``bots`` bots, and ``count`` browser phones lent by ``browsers`` (the module's:
    a Chromium takes ~1 s of CPU to start)."""

    def __init__(self, game: str, bots: int, count: int, browsers: Phones, **settings: Any) -> None:
        self.room = Room(lang="en")
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        for name, value in {"companion": True, "companion_port": port, **settings}.items():
            setattr(self.room.ctx.settings, name, value)
        self.room.app.serves_phones = True
        self.lobby = LobbyScene(self.room.ctx, self.room.ctx.games[game])
        self.room.ctx.stack.push(self.lobby)
        for _ in range(bots):
            self.lobby.add_bot()
        self.room.until_served(lambda: self.companion is not None and self.companion.ready)
        assert self.companion.problem is None
        self.url = f"http://127.0.0.1:{port}/?room={self.companion.room}"
        self.browsers = browsers
        self.phones = browsers.lend(count)
        self.s = self.room.ctx.strings.get

    @property
    def companion(self) -> Any:
        return self.room.ctx.companion

    def close(self) -> None:
        """The phones back to the module, nothing kept of this room's site."""
        self.browsers.forget(self.url)
        stop_companion(self.room.ctx)
        self.room.ctx.stack.clear()
        self.room.close()

    def live(self, driver, condition: Callable[[Any], Any], what: str, seconds: float = 20) -> Any:
        """``condition(driver)`` once true, with a game frame before each look."""
        return WebDriverWait(driver, seconds, poll_frequency=0.02,
                             ignored_exceptions=(StaleElementReferenceException,)).until(
            lambda d: (self.room.run(1, 4), condition(d))[1], f"waited for {what}")

    def open_page(self, driver, name: str) -> None:
        driver.get(self.url)
        self.live(driver, lambda d: d.find_element("id", "name").is_displayed(), "the join form")
        driver.find_element("id", "name").send_keys(name)

    def with_password(self, driver, button: str) -> None:
        """Tap ``button``; the game asks for the password: type it and tap again."""
        tap(driver, button)
        self.live(driver, lambda d: shown(d, "toast") == self.s("phone.page.reason.bad_password"), "the password asked")
        self.live(driver, lambda d: d.find_element("id", "password").is_displayed(), "the password field")
        driver.find_element("id", "password").send_keys(PASSWORD)
        tap(driver, button)

    def settle(self, board: MatchScene, limit: int = 400) -> None:
        """Frames, no move, until the TV shows all the rules did (the audience gets it):
        the keyboard's player looks at their card once if a curtain waits for them
        (Mission Secrète's intro peeks)."""
        looked = False
        for _ in range(limit):
            if board.audience_ready():
                return
            self.room.run(1, 4)
            curtain = curtain_for(self.room, self.room.ctx.seats.seat_of(("kb", "left")))
            if curtain is not None and not looked:
                looked = True
                hand = self.room.keyboard("left")
                hand.hold(Intent.PEEK)
                self.room.look_away()
                hand.let_go(Intent.PEEK)
                hand.tap(Intent.BACK, 2)
        assert board.audience_ready(), "the TV never settled"

    def start(self) -> tuple[MatchScene, dict[int, Any]]:
        """The TV starts the match; the test plays every seat with the game's bots."""
        self.lobby.start()
        board = self.room.find(MatchScene)
        board.bots = {}
        return board, brains(self.room, board.entry, list(range(len(self.room.ctx.seats))))

    def play_until(self, board: MatchScene, minds: dict[int, Any], done: Callable[[], bool], limit: int = 4000) -> None:
        """Frames, and a seat's move whenever the TV takes moves (its shows hurried as a
        pad's press would), until ``done()``."""
        for _ in range(limit):
            if done():
                return
            self.room.run(1, 4)
            if board.show_to_skip():
                board.skip_show()
            elif not board.phones_wait() and board.session.outcome() is None:
                for seat in sorted(board.session.current()):
                    move = think(board, minds[seat], seat)
                    if move is not None:
                        assert board.submit(move) is None
                        break
        assert done(), "the match never got there"


def questions_open(board: MatchScene) -> bool:
    """The rules ask the audience something."""
    return bool(board.audience_book().asks(board.session.view(None).public))


def pick(stage: Stage, driver, question: str, answer_index: int) -> None:
    """Open ``question`` on the page and tap its ``answer_index``-th choice."""
    script = "return document.querySelector(`#sections button[data-ask='${arguments[0]}']`);"
    finger_tap(driver, stage.live(driver, lambda d: d.execute_script(script, question), f"the question {question}"))
    stage.live(driver, lambda d: shown(d, "menu") is not None, "its choices")
    finger_tap(driver, driver.find_elements("css selector", "#menu-items button")[answer_index])


@pytest.fixture(scope="module")
def browsers():
    """The module's browser phones (tests/conftest.py keeps its tests on one worker)."""
    lent = Phones()
    yield lent
    lent.close()


@pytest.fixture
def streamer(browsers):
    stage = Stage("secret_identity", bots=2, count=3, browsers=browsers, room_password=PASSWORD, seat_limit=3,
                  hide_room_code=True)
    yield stage
    stage.close()


def test_a_streamer_s_table_seats_one_phone_and_the_others_watch_guess_and_score(streamer):
    stage, room = streamer, streamer.room
    seated, full, chooser = stage.phones
    s = stage.s
    companion = stage.companion

    # The seat: the password asked, then the table; the room's code and password to pass on.
    stage.open_page(seated, "Zoé")
    stage.with_password(seated, s("phone.page.join_button"))
    stage.live(seated, lambda d: len(d.find_elements("css selector", "#roster li")) == 3, "its seat")
    share = s("phone.page.share_password", room=companion.room, password=PASSWORD)
    assert stage.live(seated, lambda d: shown(d, "share") == share, "the code to pass on")

    # The table is full (seat limit 3): the next phone watches; another watches by choice.
    stage.open_page(full, "Max")
    stage.with_password(full, s("phone.page.join_button"))
    stage.live(full, lambda d: shown(d, "lobby-title") == s("phone.page.audience_lobby"), "the audience's lobby")
    assert shown(full, "toast") == s("phone.page.full_so_watch")
    stage.open_page(chooser, "Lou")
    stage.with_password(chooser, s("phone.page.watch_button"))
    stage.live(chooser, lambda d: shown(d, "lobby-title") == s("phone.page.audience_lobby"), "the audience's lobby")
    assert [seat.name for seat in room.ctx.seats][2] == "Zoé" and len(room.ctx.seats) == 3
    assert sorted(m.name for m in companion.crowd.ledger.members.values()) == ["Lou", "Max"]
    stage.live(chooser, lambda d: [li.text.split("\n")[0] for li in d.find_elements("css selector", "#roster li")]
               == [seat.name for seat in room.ctx.seats], "the table's seats on a member's phone")
    assert shown(chooser, "share") is None  # a member is no seat: it gets no code to pass on

    # The match: both guess seat 0's suspect, Max right, Lou wrong.
    board, minds = stage.start()
    stage.play_until(board, minds, lambda: questions_open(board))
    stage.settle(board)
    key = dict(board.session.definition.secrets(board.session.state, 0))["my_key"]
    pick(stage, full, "r1.s0", key - 1)
    pick(stage, chooser, "r1.s0", key % 8)
    tokens = {m.name: token for token, m in companion.crowd.ledger.members.items()}
    picks = lambda: {name: companion.crowd.ledger.members[token].picks.get("r1.s0") for name, token in tokens.items()}  # noqa: E731
    stage.live(full, lambda d: picks() == {"Max": key, "Lou": key % 8 + 1}, "both picks in the game's ledger")
    mine = "#sections button[data-ask='r1.s0']"
    stage.live(full, lambda d: "selected" in d.find_element("css selector", mine).get_attribute("class"), "the pick marked")
    assert s("phone.page.your_pick", label="").strip() in full.find_element("css selector", mine).text

    # The reveal scores the right pick: score, rank, the leaderboard.
    stage.play_until(board, minds, lambda: board.session.state.round >= 2 and questions_open(board))
    stage.live(full, lambda d: shown(d, "standing") == s("phone.page.standing", score=1, rank=1, of=2), "Max's score")
    stage.live(chooser, lambda d: shown(d, "standing") == s("phone.page.standing", score=0, rank=2, of=2), "Lou's")
    leaders = [li.text.split("\n") for li in full.find_elements("css selector", "#leader-list li")]
    assert leaders == [["1", "Max", "1"], ["2", "Lou", "0"]]

    # The end: its own standing, then the leaderboard, before the game's screen.
    stage.play_until(board, minds, lambda: board.session.outcome() is not None and board.audience_ready())
    stage.live(full, lambda d: "first" in d.find_element("id", "leaders").get_attribute("class"), "the end's board")
    assert shown(full, "title") == s("phone.over")  # told the match is over with the TV's last view, not before
    order = full.execute_script("return [...document.querySelectorAll('#screen > :not([hidden])')].map(e => e.id)")
    assert order[:3] == ["standing", "leaders", "title"]


@pytest.mark.parametrize("game", ["secret_identity_coop", "personality", "incognito", "mission_secrete"])
def test_every_game_s_play_along_opens_on_the_page_and_takes_a_pick(game, browsers):
    stage = Stage(game, bots=2, count=1, browsers=browsers)
    try:
        assert stage.lobby.join(("kb", "left"))  # a person at seat 2: the lobby starts no table of bots alone
        fan = stage.phones[0]
        stage.open_page(fan, "Fan")
        tap(fan, stage.s("phone.page.watch_button"))
        stage.live(fan, lambda d: shown(d, "lobby-title") == stage.s("phone.page.audience_lobby"), "the audience")
        board, minds = stage.start()
        stage.play_until(board, minds, lambda: questions_open(board))
        stage.settle(board)
        question = board.audience_book().asks(board.session.view(None).public)[0]
        pick(stage, fan, question.id, 0)
        member = next(iter(stage.companion.crowd.ledger.members.values()))
        stage.live(fan, lambda d: member.picks.get(question.id) == question.choices[0], "the pick in the ledger")
        button = f"#sections button[data-ask='{question.id}']"
        stage.live(fan, lambda d: "selected" in d.find_element("css selector", button).get_attribute("class"),
                   "the pick marked on the page")
        assert shown(fan, "standing") == stage.s("phone.page.standing", score=0, rank=1, of=1)
    finally:
        stage.close()
