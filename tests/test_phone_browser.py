"""The phone page in a real browser (issue 17 item 10): three headless Chromium phones
(390 × 844, touch) join a lobby, play an Incognito round — one draws a stroke with a
finger, everyone hands in, votes by taps and is ready — and cast a Secret Identity vote;
one phone reloads mid-match and takes its seat back with its token; a wrong room code is
told plainly; a co-op guesser locks the answer by holding the button 1.5 s (SC-3).

The first test's server is ``tests/phone_rig.py`` (protocol v1 with real sessions and
the real ``phone_screen``); the second runs against the game itself: the App's frames
start the companion from the settings as ``play`` does (game/companion/server.py's
thread, the real bridge and boards), three phones join the TV's lobby, play an
Incognito round with a finger stroke and vote in Secret Identity. Issue 25: a phone
whose seat opened on another screen takes it back by its button, a round-start
replacement asks before it is sent (both on the rig), and on the game itself a lone
scripted ``quit`` is refused while a real hold on *Leave the match* leaves. Skips,
saying why, without Chromium and its driver (Debian packages ``chromium`` and
``chromium-driver``; ``.ci/run`` installs them) or Selenium."""

from __future__ import annotations

import shutil
import tempfile
import threading
import time
from pathlib import Path

import pytest

import game.companion
from game.core.rng import Rng
from game.games import all_games

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
if not (CHROMIUM and DRIVER):
    pytest.skip("headless Chromium is absent (apt-get install chromium chromium-driver)", allow_module_level=True)
webdriver = pytest.importorskip("selenium.webdriver", reason="Selenium is not installed (pip install -e '.[test]')")
aiohttp = pytest.importorskip("aiohttp", reason="aiohttp is not installed (pip install -e .)")

from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.actions import interaction  # noqa: E402
from selenium.webdriver.common.actions.action_builder import ActionBuilder  # noqa: E402
from selenium.webdriver.common.actions.pointer_input import PointerInput  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

from tests.phone_rig import PhoneRig  # noqa: E402

STATIC = Path(game.companion.__file__).parent / "static"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage")
pytestmark = pytest.mark.timeout(120)


def phone(profile: str, width: int = 390, height: int = 844, prefs: dict | None = None):
    """A headless Chromium phone (touch, 2x pixels) with its own profile folder; ``prefs``:
    the browser's preferences (a larger text size...)."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    # the window's size from the start: WebDriver's set-window-size, after, waited ~1 s a phone
    options.add_argument(f"--window-size={width},{height}")
    if prefs:
        options.add_experimental_option("prefs", prefs)
    options.add_experimental_option("mobileEmulation", {
        "deviceMetrics": {"width": width, "height": height, "pixelRatio": 2.0, "touch": True}})
    return webdriver.Chrome(options=options, service=webdriver.ChromeService(executable_path=DRIVER))


def site(url: str) -> str:
    """The origin of ``url`` (scheme, host and port), whose storage a phone keeps."""
    return "/".join(url.split("/")[:3])


def wait(driver, condition, what: str, seconds: float = 10):
    """``condition(driver)`` once true, asked every 50 ms (Selenium's default, half a
    second, was most of a browser test's time); a page being redrawn (a stale element) is
    not yet."""
    return WebDriverWait(driver, seconds, poll_frequency=0.05, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda d: condition(d), f"waited for {what}")



def bots_until(rig: PhoneRig, entry, phase: str) -> None:
    """On the game thread: bots play every seat of the table's three until ``phase``."""
    bots = {seat: entry.make_bot(rig.catalogue, seat, Rng.from_seed(seat)) for seat in range(3)}
    while rig.session.state.phase != phase:
        seat = min(rig.session.current())
        rig.session.submit(bots[seat].act(rig.session.view(seat), rig.session.legal(seat)))

def tap(driver, text: str, where: str = "") -> None:
    """Tap the visible button whose text holds ``text`` (inside ``where``, a CSS selector)."""
    script = """
        const [text, where] = arguments;
        const scope = where ? document.querySelector(where) : document;
        return [...scope.querySelectorAll('button')].find(b => b.offsetParent && b.textContent.includes(text)) || null;
    """
    wait(driver, lambda d: clicked(d.execute_script(script, text, where)), f"a button {text!r}")


def tap_css(driver, selector: str) -> None:
    """Tap the first visible element matching ``selector``."""
    script = "return [...document.querySelectorAll(arguments[0])].find(e => e.offsetParent) || null;"
    wait(driver, lambda d: clicked(d.execute_script(script, selector)), selector)


def clicked(element) -> bool:
    """Tap ``element`` with a finger if there is one (a stale one raises: the wait looks
    again)."""
    if element is None:
        return False
    finger_tap(element.parent, element)
    return True


#: Scrolls an element into view when it is not (a finger taps what the screen shows).
INTO_VIEW = """const box = arguments[0].getBoundingClientRect();
    if (box.top < 0 || box.bottom > innerHeight) arguments[0].scrollIntoView({block: 'center', behavior: 'instant'});"""


def finger_tap(driver, element) -> None:
    """A finger's tap on ``element``, touch down and up at its centre, as a phone's touch
    screen sends it (the page sees touch and pointer events, then the click). WebDriver's
    element click took ~110 ms a tap with touch emulated (it waits for the page after),
    a touch tap ~35 ms."""
    driver.execute_script(INTO_VIEW, element)
    finger = PointerInput(interaction.POINTER_TOUCH, "finger")
    press = ActionBuilder(driver, mouse=finger, duration=0)
    press.pointer_action.move_to(element).pointer_down().pointer_up()
    press.perform()


def finger_stroke(driver) -> None:
    """Draw a stroke on the sheet with a touch pointer, as a finger does."""
    canvas = driver.find_element("id", "sheet")
    finger = PointerInput(interaction.POINTER_TOUCH, "finger")
    actions = ActionBuilder(driver, mouse=finger, duration=16)  # a move a frame (WebDriver's 250 ms took 2.7 s)
    actions.pointer_action.move_to(canvas, -100, -60).pointer_down()
    for step in range(1, 11):
        actions.pointer_action.move_to(canvas, -100 + 20 * step, -60 + 12 * step)
    # the finger rests before it lifts: lifted while moving, the stroke was a fling to
    # Chromium, and a tap soon after only stopped it (no click), as on a phone
    actions.pointer_action.pause(0.1).pointer_up()
    actions.perform()


def hold(driver, button, seconds: float) -> None:
    """Hold ``button`` with a finger for ``seconds``."""
    finger = PointerInput(interaction.POINTER_TOUCH, "finger")
    press = ActionBuilder(driver, mouse=finger, duration=0)
    press.pointer_action.move_to(button).pointer_down().pause(seconds).pointer_up()
    press.perform()


def join(driver, url: str, name: str, strings, seated: int) -> None:
    """Open the page, type ``name`` and sit down, the ``seated``-th seat."""
    driver.get(url)
    wait(driver, lambda d: d.find_element("id", "name").is_displayed(), "the join form")
    driver.find_element("id", "name").send_keys(name)
    tap(driver, strings("phone.page.join_button"))
    wait(driver, lambda d: len(d.find_elements("css selector", "#roster li")) == seated, "its seat")


def shown(driver, element_id: str) -> str | None:
    """The text of element ``element_id`` while it shows, else None."""
    element = driver.find_element("id", element_id)
    return element.text if element.is_displayed() else None


class Phones:
    """Browser phones lent to one test after another: a Chromium takes ~1 s of CPU to
    start, so the module's tests share theirs. Each comes back on a blank page with
    nothing kept of the site it was lent for (its storage, the seat token included,
    and the cache): the next test's phone is as new. One that cannot be cleaned is
    quit and replaced."""

    def __init__(self) -> None:
        self.started: list[tuple[object, str]] = []  # (driver, its profile folder)

    def lend(self, count: int) -> list:
        while len(self.started) < count:
            profile = tempfile.mkdtemp(prefix="phone-")
            self.started.append((phone(profile), profile))
        return [driver for driver, _ in self.started[:count]]

    def forget(self, url: str) -> None:
        origin = site(url)
        for index, (driver, profile) in enumerate(self.started):
            try:
                driver.get("about:blank")
                driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
                driver.execute_cdp_cmd("Network.clearBrowserCache", {})
            except Exception:  # noqa: BLE001 - a phone left in a bad state: a new one
                self._quit(driver, profile)
                fresh = tempfile.mkdtemp(prefix="phone-")
                self.started[index] = (phone(fresh), fresh)

    def close(self) -> None:
        for driver, profile in self.started:
            self._quit(driver, profile)
        self.started = []

    @staticmethod
    def _quit(driver, profile: str) -> None:
        try:
            driver.quit()
        finally:
            shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(scope="module")
def browsers():
    """The module's browser phones (tests/conftest.py keeps its tests on one worker)."""
    lent = Phones()
    yield lent
    lent.close()


@pytest.fixture
def table(request, browsers):
    """The rig and ``request.param`` browser phones (three unless a test asks)."""
    rig = PhoneRig(STATIC, lang="en")
    url = rig.start()
    try:
        yield rig, browsers.lend(getattr(request, "param", 3)), url
    finally:
        browsers.forget(url)
        rig.stop()


def test_three_browser_phones_play_incognito_vote_in_secret_identity_and_hold_to_lock_in_coop(table):
    rig, phones, url = table
    s = rig.strings.get
    # A wrong room code is told plainly, and the form asks for the code.
    phones[0].get(url.replace(rig.room, "WXYZ"))
    wait(phones[0], lambda d: d.find_element("id", "name").is_displayed(), "the join form")
    phones[0].find_element("id", "name").send_keys("Phone0")
    tap(phones[0], s("phone.page.join_button"))
    wait(phones[0], lambda d: d.find_element("id", "toast").text == s("phone.page.reason.bad_room"), "the message")
    room = phones[0].find_element("id", "room")
    room.clear()
    room.send_keys(rig.room.lower())
    tap(phones[0], s("phone.page.join_button"))
    for index, driver in enumerate(phones[1:], start=1):
        driver.get(url)
        wait(driver, lambda d: d.find_element("id", "name").is_displayed(), "the join form")
        driver.find_element("id", "name").send_keys(f"Phone{index}")
        tap(driver, s("phone.page.join_button"))
        wait(driver, lambda d, n=index + 1: len(d.find_elements("css selector", "#roster li")) == n, "its seat")
    for driver in phones:
        wait(driver, lambda d: len(d.find_elements("css selector", "#roster li")) == 3, "three seats in the lobby")
    assert [seat["name"] for seat in rig.seats] == ["Phone0", "Phone1", "Phone2"]

    # Incognito: a finger stroke on phone 0, everyone hands in, votes, is ready.
    rig.start_match("incognito", seed=3)
    wait(phones[0], lambda d: d.find_elements("id", "sheet"), "the drawing sheet")
    finger_stroke(phones[0])
    strokes = wait(phones[0], lambda d: rig.call(lambda r: r.session.state.strokes[0]), "the stroke in the game")
    assert strokes[0].tool == "pen" and len(strokes[0].points) >= 8
    for driver in phones:
        tap(driver, s("phone.in.done"))
    wait(phones[0], lambda d: rig.call(lambda r: r.session.state.phase) == "vote", "the vote")
    for index, driver in enumerate(phones):
        for given in (1, 2):  # a drawing not numbered yet, then the first free number
            tap_css(driver, "#sections button.item:not(.selected)")
            tap_css(driver, "#menu-items button")
            if (index, given) != (2, 2):  # the last vote closes the phase
                wait(driver, lambda d, n=given: len(d.find_elements("css selector", "#sections .item.selected")) == n,
                     f"phone {index}'s vote {given} on screen")
    wait(phones[0], lambda d: rig.call(lambda r: r.session.state.phase) == "reveal", "the reveal")
    phones[1].refresh()  # a reloaded phone takes its seat back with its token
    wait(phones[1], lambda d: d.find_element("id", "title").text == s("phone.in.reveal_title"), "the reloaded screen")
    for driver in phones:
        tap(driver, s("phone.ready"))
    assert wait(phones[0], lambda d: rig.call(lambda r: r.session.state.round) == 2, "round 2")

    # Secret Identity: bots bring the table to the vote; phone 0 votes with two taps.
    rig.start_match("secret_identity", seed=5)
    entry = all_games()["secret_identity"]

    rig.call(lambda r: bots_until(r, entry, "vote"))
    wait(phones[0], lambda d: d.find_element("id", "title").text == s("phone.si.vote_title"), "the vote screen")
    tap(phones[0], "Phone1", "#sections")
    tap(phones[0], "4.", "#menu")
    assert wait(phones[0], lambda d: rig.call(lambda r: r.session.state.votes.rows[0][1]), "the vote") == 4
    assert any(a.kind == "vote" and a.seat == 0 for a in rig.acts)

    # Co-op: a guesser's lock is a 1.5 s hold (SC-3); a tap locks nothing.
    rig.start_match("secret_identity_coop", seed=2)
    coop = all_games()["secret_identity_coop"]

    rig.call(lambda r: bots_until(r, coop, "guess"))
    guesser = phones[(rig.call(lambda r: int(r.session.state.active)) + 1) % 3]
    tap(guesser, s("phone.si.lock"))
    time.sleep(0.5)  # what a tap would have sent has arrived by now
    assert rig.call(lambda r: r.session.state.phase) == "guess"
    lock = wait(guesser, lambda d: d.find_element("css selector", "button.hold"), "the lock button")
    hold(guesser, lock, 2)
    assert wait(guesser, lambda d: rig.call(lambda r: r.session.state.phase) in ("result", "over"), "the lock")


@pytest.mark.parametrize("table", [2], indirect=True)
def test_a_phone_whose_seat_opens_on_another_screen_takes_it_back_with_a_tap(table):
    """Issue 25 item 7: a seat opened on a second screen with this phone's token (a
    second tab, the token copied) is told "replaced" with a button that takes it back,
    which in turn tells the second screen, the newest connection winning each time."""
    rig, (mine, other), url = table
    s = rig.strings.get
    join(mine, url, "Zoé", s, seated=1)
    token = mine.execute_script("return localStorage.getItem('salon.token')")
    other.get(url)
    wait(other, lambda d: d.find_element("id", "name").is_displayed(), "the other page")
    other.execute_script("localStorage.setItem('salon.token', arguments[0]); localStorage.setItem('salon.room', arguments[1]);",
                         token, rig.room)
    other.refresh()
    wait(other, lambda d: shown(d, "lobby") is not None and shown(d, "me") == "Zoé", "the seat on the other screen")

    def told_replaced(driver) -> bool:
        return shown(driver, "notice-text") == s("phone.page.replaced") and shown(driver, "reclaim") == s("phone.page.reclaim")

    wait(mine, told_replaced, "the phone told its seat is played elsewhere, with a button to take it back")
    tap(mine, s("phone.page.reclaim"))
    wait(mine, lambda d: shown(d, "lobby") is not None and shown(d, "notice") is None, "the seat back on the phone")
    assert mine.find_element("css selector", "#roster li.you").text.startswith("Zoé")
    wait(other, told_replaced, "the other screen told in turn")
    assert [seat["name"] for seat in rig.seats] == ["Zoé"]  # the same seat, never a new one


def test_a_replacement_tapped_on_a_phone_asks_before_it_is_sent(table):
    """Issue 25 item 7: replacing a suspect at the round's start (SI-3) changes the board
    for everyone, so the phone asks first; Cancel sends nothing, a question whose suspect
    another player replaced meanwhile is withdrawn unsent, Confirm sends the move."""
    from game.core.actions import Action

    rig, phones, url = table
    s = rig.strings.get
    for index, driver in enumerate(phones):
        join(driver, url, f"Phone{index}", s, seated=index + 1)
    rig.start_match("secret_identity", seed=5)
    phone = phones[0]
    wait(phone, lambda d: shown(d, "title") == s("phone.si.replace_title"), "the replacements")
    board = rig.call(lambda r: list(r.session.view(0).public.board))

    def question(slot: int) -> str:
        return s("phone.si.replace_confirm", n=slot + 1, name=rig.catalogue.character(board[slot]).name("en"))

    tap(phone, "4.", "#sections")
    assert wait(phone, lambda d: shown(d, "ask-text"), "the question") == question(3)
    time.sleep(0.5)  # what a tap would have sent has arrived by now
    assert rig.acts == [] and rig.call(lambda r: list(r.session.state.board)) == board
    tap(phone, s("phone.page.cancel"), "#ask")
    wait(phone, lambda d: shown(d, "ask") is None, "the question closed")

    tap(phone, "4.", "#sections")
    wait(phone, lambda d: shown(d, "ask-text") == question(3), "the question again")
    rig.call(lambda r: r.session.submit(Action("replace", 1, {"slot": 3}, r.session.tick)))
    wait(phone, lambda d: shown(d, "ask") is None, "the question withdrawn: that suspect is gone")
    assert rig.acts == []

    tap(phone, "5.", "#sections")
    wait(phone, lambda d: shown(d, "ask-text") == question(4), "the question for suspect 5")
    tap(phone, s("phone.page.confirm"), "#ask")
    wait(phone, lambda d: rig.acts, "the replacement sent")
    assert [(a.kind, a.seat, dict(a.data)) for a in rig.acts] == [("replace", 0, {"slot": 4})]
    assert rig.call(lambda r: sorted(r.session.state.replaced)) == [3, 4]


def test_a_co_op_guesser_set_to_tap_instead_of_hold_agrees_by_a_tap_and_a_confirm(table):
    """Issue 31 item 4: the co-op lock, held 1.5 s on other phones (SC-3), is tapped on a
    phone set to tap instead of hold, then confirmed once its 1.5 s have passed."""
    rig, phones, url = table
    s = rig.strings.get
    for index, driver in enumerate(phones):
        join(driver, url, f"Phone{index}", s, seated=index + 1)
    rig.start_match("secret_identity_coop", seed=2)
    rig.call(lambda r: bots_until(r, all_games()["secret_identity_coop"], "guess"))
    guesser = phones[(rig.call(lambda r: int(r.session.state.active)) + 1) % 3]
    tap_css(guesser, "#tap-holds")
    tap(guesser, s("phone.si.lock_tap"), "#sections")
    wait(guesser, lambda d: shown(d, "ask-text") == s("phone.si.lock_confirm"), "the question")
    assert not guesser.find_element("id", "ask-yes").is_enabled()
    time.sleep(0.5)  # what the tap would have sent has arrived by now
    assert rig.call(lambda r: r.session.state.phase) == "guess"
    wait(guesser, lambda d: d.find_element("id", "ask-yes").is_enabled(), "Confirm, open after 1.5 s")
    tap(guesser, s("phone.page.confirm"), "#ask")
    assert wait(guesser, lambda d: rig.call(lambda r: r.session.state.phase) in ("result", "over"), "the lock")


# --- the real game server ----------------------------------------------------------------------
def live(room, driver, condition, what: str, seconds: float = 15):
    """``wait``, with one of the game's frames before each look (the game's own server)."""
    return WebDriverWait(driver, seconds, poll_frequency=0.02,
                         ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda d: (room.run(1), condition(d))[1], f"waited for {what}")


def join_the_lobby(room, phones, url: str, s) -> None:
    """Each phone opens the page, types its name (Phone0, Phone1, ...) and takes a seat."""
    for index, driver in enumerate(phones):
        driver.get(url)
        live(room, driver, lambda d: d.find_element("id", "name").is_displayed(), "the join form")
        driver.find_element("id", "name").send_keys(f"Phone{index}")
        tap(driver, s("phone.page.join_button"))
        room.run(2)
        live(room, driver, lambda d, n=index + 1: len(d.find_elements("css selector", "#roster li")) == n, "its seat")


@pytest.fixture
def game_table(browsers):
    """The game itself serving phones as ``play`` does: the App's frames start the
    companion from the settings (its server thread, the real bridge), on a free port;
    an Incognito lobby on the TV; three browser phones."""
    import socket

    from game.scenes.menus.lobby import LobbyScene
    from game.scenes.phones import stop_companion
    from tests.e2e import Room

    room = Room(lang="en")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    room.ctx.settings.companion, room.ctx.settings.companion_port = True, port
    room.app.serves_phones = True
    room.ctx.stack.push(LobbyScene(room.ctx, room.ctx.games["incognito"]))
    for _ in range(200):
        room.run(1)
        if room.ctx.companion is not None and room.ctx.companion.ready:
            break
    companion = room.ctx.companion
    assert companion is not None and companion.problem is None and companion.port == port
    url = f"http://127.0.0.1:{port}/?room={companion.room}"
    try:
        yield room, browsers.lend(3), url
    finally:
        browsers.forget(url)
        stop_companion(room.ctx)
        room.ctx.stack.clear()
        room.close()


def test_three_browser_phones_play_incognito_and_vote_in_secret_identity_on_the_game_s_own_server(game_table):
    """Issue 17 item 10 against the game itself: the phones join the TV's lobby, draw with
    a finger, hand in and vote in an Incognito round on the real board, then vote in a
    Secret Identity match. The game's frames run while each wait polls."""
    from game.scenes.match import MatchScene
    from game.scenes.menus.lobby import LobbyScene
    from tests.e2e import brains, think

    room, phones, url = game_table
    s = room.ctx.strings.get

    def on_tap(driver, text: str, where: str = "") -> None:
        tap(driver, text, where)
        room.run(2)

    join_the_lobby(room, phones, url, s)
    assert [(seat.name, seat.device[0]) for seat in room.ctx.seats] == [(f"Phone{i}", "phone") for i in range(3)]

    # Incognito on its board: a finger stroke on phone 0, everyone hands in and votes.
    room.ctx.stack.top.start()
    board = room.find(MatchScene)
    live(room, phones[0], lambda d: d.find_elements("id", "sheet"), "the drawing sheet")
    finger_stroke(phones[0])
    strokes = live(room, phones[0], lambda d: board.session.state.strokes[0], "the stroke in the game")
    assert strokes[0].tool == "pen" and len(strokes[0].points) >= 8
    for driver in phones:
        live(room, driver, lambda d: d.find_elements("id", "sheet"), "the sheet")
        on_tap(driver, s("phone.in.done"))
    live(room, phones[0], lambda d: board.session.state.phase == "vote", "the vote")
    for index, driver in enumerate(phones):
        for given in (1, 2):  # a drawing not numbered yet, then the first free number
            live(room, driver, lambda d: d.find_elements("css selector", "#sections button.item:not(.selected)"), "a tile")
            tap_css(driver, "#sections button.item:not(.selected)")
            tap_css(driver, "#menu-items button")
            if (index, given) != (2, 2):  # the last vote closes the phase
                live(room, driver, lambda d, n=given: len(d.find_elements("css selector", "#sections .item.selected")) == n,
                     f"phone {index}'s vote {given} on screen")
    live(room, phones[0], lambda d: board.session.state.phase in ("reveal", "over"), "the reveal")
    assert all(a.seat in (0, 1, 2) for a in board.session.log if a.kind == "vote")

    # Secret Identity: back to a lobby, the seats' own bots bring the table to the vote on
    # the board, then phone 0 votes with two taps.
    room.ctx.stack.clear()
    room.ctx.stack.push(LobbyScene(room.ctx, room.ctx.games["secret_identity"]))
    live(room, phones[0], lambda d: d.find_elements("css selector", "#roster li"), "the new lobby")
    room.ctx.stack.top.start()
    board = room.find(MatchScene)
    minds = brains(room, board.entry, [0, 1, 2])
    while board.session.state.phase != "vote":
        seat = min(board.session.current())
        assert board.submit(think(board, minds[seat], seat)) is None
    live(room, phones[0], lambda d: d.find_element("id", "title").text == s("phone.si.vote_title"), "the vote screen")
    tap(phones[0], "Phone1", "#sections")
    tap(phones[0], "4.", "#menu")
    live(room, phones[0], lambda d: any(a.kind == "vote" and a.seat == 0 for a in board.session.log), "the vote in the game")


def test_holding_leave_the_match_on_a_phone_leaves_it_and_a_lone_scripted_quit_does_not(game_table):
    """Issue 25 item 4 on the game itself: a ``quit`` the page's socket sends alone is
    refused and said plainly, a tap sends only the press, and a real 2 s hold (the
    game's frames going on meanwhile) takes the whole table back to the lobby."""
    from game.scenes.match import MatchScene
    from game.scenes.menus.lobby import LobbyScene

    room, phones, url = game_table
    s = room.ctx.strings.get

    join_the_lobby(room, phones, url, s)
    lobby = room.ctx.stack.top
    lobby.start()
    board = room.find(MatchScene)
    phone = phones[0]
    find_leave = """
        const button = [...document.querySelectorAll('#sections button.hold')].find(b => b.textContent.includes(arguments[0]));
        if (button) button.scrollIntoView({block: 'center'});
        return button || null;
    """
    live(room, phone, lambda d: d.execute_script(find_leave, s("phone.quit.hold")), "the leave button")

    phone.execute_script("send('act', {kind: 'quit', data: {}});")  # one scripted quit
    live(room, phone, lambda d: shown(d, "toast") == s("phone.page.reason.hold_first"), "the refusal, said plainly")
    tap(phone, s("phone.quit.hold"))  # a tap: the press, and no hold
    for _ in range(30):
        room.run(1)
        time.sleep(0.01)
    assert room.ctx.stack.top is board and board.session.outcome() is None

    failed: list[BaseException] = []

    def hold_leave() -> None:
        try:
            hold(phone, phone.execute_script(find_leave, s("phone.quit.hold")), 2)
        except BaseException as exc:  # noqa: BLE001 - raised again on the test's thread
            failed.append(exc)

    holder = threading.Thread(target=hold_leave)
    holder.start()
    while holder.is_alive():  # the game's frames go on while the finger holds
        room.run(1)
        time.sleep(0.01)
    assert not failed, failed
    live(room, phone, lambda d: room.ctx.stack.top is lobby, "the lobby on the TV")
    assert isinstance(lobby, LobbyScene) and room.find(MatchScene) is None and board.session.outcome() is None
    for driver in phones:
        live(room, driver, lambda d: shown(d, "lobby") is not None, "every phone back in the lobby")


def test_a_phone_set_to_tap_instead_of_hold_leaves_the_match_through_the_server_s_own_timing(game_table):
    """Issue 31 item 4 on the phone: with this phone's "Tap instead of hold" (kept in its
    localStorage, through a reload) "Leave the match" is a button to tap. The tap sends the
    hold's press and asks first; Confirm stays shut, counting down, for the hold's time, so
    the quit reaches the server as a hold's would (issue 25: the server times it, and was
    not changed); a Confirm so late the server would refuse the press starts a new one."""
    from game.scenes.match import MatchScene

    room, phones, url = game_table
    s = room.ctx.strings.get

    def frames(count: int) -> None:
        for _ in range(count):
            room.run(1)
            time.sleep(0.01)

    join_the_lobby(room, phones, url, s)
    phone = phones[0]
    assert phone.find_element("id", "tap-holds").is_displayed() and not phone.find_element("id", "tap-holds").is_selected()
    tap_css(phone, "#tap-holds")
    assert phone.execute_script("return localStorage.getItem('salon.tap_holds')") == "1"
    phone.refresh()  # the setting is this phone's: kept through a reload
    live(room, phone, lambda d: shown(d, "lobby") is not None, "the seat back after the reload")
    assert phone.find_element("id", "tap-holds").is_selected()
    lobby = room.ctx.stack.top
    lobby.start()
    board = room.find(MatchScene)

    def leave_button(driver):
        return driver.execute_script("""
            const button = [...document.querySelectorAll('#sections button')].find(b => b.textContent.includes(arguments[0]));
            if (button) button.scrollIntoView({block: 'center'});
            return button || null;""", s("phone.quit.tap"))

    live(room, phone, leave_button, "the leave button, to tap")
    assert not phone.find_elements("css selector", "#sections button.hold")  # nothing left to hold
    leave_button(phone).click()
    live(room, phone, lambda d: shown(d, "ask-text") == s("phone.quit.confirm"), "the question")
    confirm = phone.find_element("id", "ask-yes")
    assert not confirm.is_enabled() and confirm.text == s("phone.page.confirm_in", n=2)  # 1.5 s: "in 2 s"
    phone.execute_script("document.getElementById('ask-yes').click()")  # a tap on it now does nothing
    frames(20)
    assert room.ctx.stack.top is board and board.session.outcome() is None and shown(phone, "ask") is not None

    # A Confirm long after the press (the server keeps a press 5 s): a new press, counted down again.
    phone.execute_script("app.asking.since -= 10000; countDown();")
    assert confirm.is_enabled()
    confirm.click()
    live(room, phone, lambda d: not confirm.is_enabled() and confirm.text == s("phone.page.confirm_in", n=2),
         "a new press counted down")
    frames(20)
    assert room.ctx.stack.top is board and shown(phone, "toast") is None  # nothing refused, nothing sent

    live(room, phone, lambda d: confirm.is_enabled() and confirm.text == s("phone.page.confirm"), "Confirm, open")
    confirm.click()
    live(room, phone, lambda d: room.ctx.stack.top is lobby, "the lobby on the TV")
    assert room.find(MatchScene) is None and board.session.outcome() is None
    for driver in phones:
        live(room, driver, lambda d: shown(d, "lobby") is not None, "every phone back in the lobby")


def test_the_phone_shows_the_game_s_own_pictures_and_cards_of_two_faces(table):
    """Issue 28 item 6: the pictograms are the game's OpenMoji pictures, served by the
    game (the TV's art), never the phone's emoji font; Secret Identity's picto card is
    two faces of two pictures, as the TV draws it; Mission Secrète's mission shows its
    object's picture."""
    rig, phones, url = table
    s = rig.strings.get
    for index, driver in enumerate(phones):
        join(driver, url, f"Phone{index}", s, seated=index + 1)
    rig.start_match("secret_identity", seed=5)
    entry = all_games()["secret_identity"]

    rig.call(lambda r: bots_until(r, entry, "clues"))
    phone = phones[0]
    wait(phone, lambda d: d.find_elements("css selector", "#sections .item.card"), "the hand's cards")
    pictures_loaded = """
        const imgs = [...document.querySelectorAll(arguments[0])];
        return imgs.length && imgs.every(i => i.complete && i.naturalWidth > 0) ? imgs.map(i => i.getAttribute('src')) : null;
    """
    sources = wait(phone, lambda d: d.execute_script(pictures_loaded, "#screen img"), "the pictures loaded")
    assert all(src.startswith("/picto/") and src.endswith(".svg") for src in sources), sources
    faces = phone.execute_script("""
        return [...document.querySelectorAll('#sections .item.card')].map(
            card => [...card.querySelectorAll('.face')].map(face => face.querySelectorAll('img.picto').length));
    """)
    assert faces and all(card == [2, 2] for card in faces), faces
    no_emoji = "return !/\\p{Extended_Pictographic}/u.test(document.body.innerText);"
    assert phone.execute_script(no_emoji)
    tap_css(phone, "#sections .item.card")
    wait(phone, lambda d: d.execute_script(pictures_loaded, "#menu-items img.picto"), "the choices' pictures")
    assert phone.execute_script(no_emoji)

    rig.start_match("mission_secrete", seed=2)
    wait(phone, lambda d: d.execute_script(pictures_loaded, "#facts img.picto"), "the mission's pictures")
    assert phone.execute_script(no_emoji)
