"""The phone page against WCAG 2.2 AA (issue 31 item 6): axe-core, run in headless
Chromium, finds no violation on any phone screen — the join form and its errors, the
lobby, the notices, and every game's screens as its bots play a match (each phase, its
waiting screens, its menus and questions, the TV's say: watch, skip, end choices) in
French and in English; the page's text follows the phone's font size (rem units, no
fixed pixel size, zoom allowed).

axe-core is the npm package pinned in ``package.json`` / ``package-lock.json`` (a
development dependency: nothing ships it); when ``node_modules/`` does not hold it, the
test installs it from those files with ``npm ci``. Skips, saying why, without Chromium
and its driver, or without npm to install axe-core."""

from __future__ import annotations

import fcntl
import json
import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any, Sequence

import pytest

import game.companion
from game import paths
from game.companion.present import phone_screen
from game.games import all_games
from game.games.phone_kit import BoardNow
from game.i18n import Strings
from game.ui.theme import SEAT_STYLES

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
if not (CHROMIUM and DRIVER):
    pytest.skip("headless Chromium is absent (apt-get install chromium chromium-driver)", allow_module_level=True)
webdriver = pytest.importorskip("selenium.webdriver", reason="Selenium is not installed (pip install -e '.[test]')")

from tests.phone_rig import PhoneRig  # noqa: E402
from tests.test_phone_browser import phone, site, wait  # noqa: E402
from tests.test_phone_screens import GAMES, play  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
STATIC = Path(game.companion.__file__).parent / "static"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
#: WCAG 2.0, 2.1 and 2.2 at levels A and AA: axe-core's tags for them.
WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
#: Screens kept of one game's match: one per phase and kind of screen (see ``signature``).
pytestmark = pytest.mark.timeout(600)


def axe_source() -> str:
    """axe-core's script, installed from the project's lock file when missing."""
    pinned = json.loads((ROOT / "package.json").read_text())["devDependencies"]["axe-core"]
    if not AXE.exists():
        npm = shutil.which("npm")
        if npm is None:
            pytest.skip("npm is absent, so axe-core cannot be installed (apt-get install npm)")
        with open(ROOT / "package-lock.json") as lock:  # one install for every xdist worker
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not AXE.exists():
                subprocess.run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"], cwd=ROOT, check=True,
                               capture_output=True, timeout=300)
    installed = json.loads((AXE.parent / "package.json").read_text())["version"]
    assert installed == pinned, f"node_modules holds axe-core {installed}, package.json pins {pinned}: npm ci"
    return AXE.read_text()


def hex_colour(rgb: tuple[int, int, int]) -> str:
    return "#%02x%02x%02x" % rgb


def roster(seats: int) -> list[dict[str, Any]]:
    """The table as the real bridge describes it: the game's own seat styles."""
    kinds = ("phone", "pad", "bot", "keyboard")
    return [{"name": f"Joueuse {i + 1}", "colour": hex_colour(SEAT_STYLES[i].colour), "shape": SEAT_STYLES[i].shape,
             "kind": kinds[i % len(kinds)]} for i in range(seats)]


def features(node: Any) -> set[str]:
    """The kinds of part a screen holds (a hold, a menu, a card, a tone…)."""
    found: set[str] = set()
    if isinstance(node, dict):
        found |= {key for key in ("hold", "choices", "faces", "tone", "seat", "icon", "selected", "confirm", "note")
                  if key in node}
        for value in node.values():
            found |= features(value)
    elif isinstance(node, list):
        for value in node:
            found |= features(value)
    return found


def signature(screen: dict[str, Any]) -> tuple[Any, ...]:
    return (screen["phase"], screen["waiting"], "canvas" in screen, len(screen["sections"]),
            tuple(sorted(features(screen["sections"]))), bool(screen["facts"]))


def game_screens(entry_id: str, langs: Sequence[str]) -> dict[str, list[dict[str, Any]]]:
    """By language: one of every kind of screen each seat's phone showed through a bots'
    match of ``entry_id``, and what the board adds (watching and skipping, once a phase:
    the same banner and buttons on every screen of it; the end's choices once the match is
    over), in the order they first showed. One match for every language (the play does
    not depend on it): each screen is made, and kept or not, per language."""
    entry = all_games()[entry_id]
    strings = {lang: Strings.load(paths.data_dir() / "i18n", lang) for lang in langs}
    seen: dict[str, set[tuple[Any, ...]]] = {lang: set() for lang in langs}
    found: dict[str, list[dict[str, Any]]] = {lang: [] for lang in langs}
    playing, watching, over = BoardNow(can_quit=True), BoardNow(watching=True, skip=True, can_quit=True), \
        BoardNow(end_choices=True)
    for session, catalogue in play(entry_id, GAMES[entry_id], seed=7, every=1):
        ended = session.outcome() is not None
        for lang in langs:
            for seat in range(GAMES[entry_id]):
                for board in (over,) if ended else (playing, watching):
                    screen = phone_screen(entry, session.view(seat), session.legal(seat), strings[lang], catalogue,
                                          board)
                    key = (board, screen["phase"]) if board is watching else (board, *signature(screen))
                    if key not in seen[lang]:
                        seen[lang].add(key)
                        found[lang].append(screen)
    return found


class _Screens(dict):
    """(entry id, lang) -> :func:`game_screens`' list, the bots' match played on first use
    for both languages: the tests that look for one screen of a game read the match the
    game's test played."""

    def __missing__(self, key: tuple[str, str]) -> list[dict[str, Any]]:
        entry_id, lang = key
        for each, found in game_screens(entry_id, ("en", "fr")).items():
            self[(entry_id, each)] = found
        return self[key]


@pytest.fixture(scope="module")
def screens() -> _Screens:
    return _Screens()


@pytest.fixture(scope="module")
def axe() -> str:
    return axe_source()


@pytest.fixture(scope="module", params=["en", "fr"])
def page(request, axe):
    """A phone on the page served by the rig in ``request.param``, with axe-core loaded."""
    rig = PhoneRig(STATIC, lang=request.param)
    url = rig.start()
    profile = tempfile.mkdtemp(prefix="phone-a11y-")
    driver = phone(profile)
    driver.set_script_timeout(60)
    # axe-core in every page the phone opens, from its start (sent once: it was ~0.25 s an opening)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": axe})
    try:
        yield Page(driver, url, rig, request.param)
    finally:
        driver.quit()
        rig.stop()
        shutil.rmtree(profile, ignore_errors=True)


class Page:
    def __init__(self, driver: Any, url: str, rig: PhoneRig, lang: str) -> None:
        self.driver, self.url, self.rig, self.lang = driver, url, rig, lang

    def open(self) -> None:
        """The page afresh (no seat kept: the site's storage cleared before it opens), its
        strings loaded, axe-core in it (added to every page by :func:`page`)."""
        self.driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": site(self.url), "storageTypes": "all"})
        self.driver.get(self.url)
        wait(self.driver, lambda d: d.find_element("id", "name").is_displayed(), "the join form")
        wait(self.driver, lambda d: d.execute_script("return document.documentElement.lang") == self.lang,
             "the page's strings")
        assert self.run("return typeof axe.run") == "function"

    def run(self, script: str, *args: Any) -> Any:
        return self.driver.execute_script(script, *args)

    def seat(self, index: int, seats: int) -> None:
        """Told it sits at ``index`` of ``seats`` (as the server's welcome and lobby say)."""
        style = roster(seats)[index]
        self.run("handlers.welcome(arguments[0]); handlers.lobby(arguments[1]);",
                 {"seat": index, "token": "t", "name": style["name"], "colour": style["colour"],
                  "shape": style["shape"], "lang": self.lang, "seats": roster(seats)},
                 {"seats": roster(seats), "game": "", "you": index})

    def violations(self, what: str) -> list[str]:
        """axe-core's WCAG 2.2 AA violations on the page as it is, one line each."""
        found = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}, resultTypes: ['violations']})"
            ".then(r => done(r.violations.map(v => v.id + ' (' + v.impact + '): '"
            " + v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' ' + n.failureSummary.replace(/\\s+/g, ' ')).join(' | '))))"
            ".catch(e => done(['axe failed: ' + e]));", WCAG_22_AA)
        return [f"{what}: {line}" for line in found]


def test_axe_core_is_the_pinned_package(axe):
    assert "axe.version" in axe or "version:" in axe
    lock = json.loads((ROOT / "package-lock.json").read_text())
    pinned = json.loads((ROOT / "package.json").read_text())["devDependencies"]["axe-core"]
    assert lock["packages"]["node_modules/axe-core"]["version"] == pinned


def test_the_page_screens_have_no_wcag_violation(page):
    """The join form, its errors, the lobby, the notices, the connection's states."""
    s = page.rig.strings.get
    found: list[str] = []
    page.open()
    found += page.violations("join")
    page.run("showJoin('bad_room')")
    found += page.violations("join, wrong room code")
    page.run("setState('reconnecting', true)")
    found += page.violations("reconnecting")
    page.seat(2, 5)
    assert page.run("return document.querySelectorAll('#roster li').length") == 5
    found += page.violations("lobby")
    for key in ("replaced", "kicked", "closed"):
        page.run("notice(arguments[0])", key)
        assert page.run("return document.getElementById('notice-text').textContent") == s(f"phone.page.{key}")
        found += page.violations(f"notice {key}")
    assert not found, "\n".join(found)
    # axe sees what it should: dim text on the panel and an unnamed button are caught
    page.run("document.getElementById('notice-text').style.color = '#3a3357';"
             "document.getElementById('notice').append(document.createElement('button'));")
    caught = " ".join(page.violations("control"))
    assert "color-contrast" in caught and "button-name" in caught, caught


def first_menu(screen: dict[str, Any]) -> dict[str, Any] | None:
    """The screen's first menu (a list of choices that is not itself a move), as the page
    opens it below."""
    items = [item for section in screen["sections"] for item in section["items"]]
    return next((item for item in items if item.get("choices") and item["choices"]["items"] and not item.get("move")),
                None)


def first_question(screen: dict[str, Any]) -> dict[str, Any] | None:
    """The screen's first move asked before it is sent (``confirm``), its menus' included."""
    items = [item for section in screen["sections"] for item in section["items"]]
    items += [choice for item in items if item.get("choices") for choice in item["choices"]["items"]]
    return next((item for item in items if item.get("confirm")), None)


@pytest.mark.parametrize("entry_id", sorted(GAMES))
def test_every_game_screen_has_no_wcag_violation(page, screens, entry_id):
    """Each kind of screen of a bots' match, for the seat it was made for (its colour
    the accent), and each kind of menu and question a phase has, open."""
    found: list[str] = []
    page.open()
    seats = GAMES[entry_id]
    count, overlays = 0, set()
    for screen in screens[(entry_id, page.lang)]:
        count += 1
        page.seat(screen["seat"], seats)
        page.run("handlers.view({screen: arguments[0]})", screen)
        what = f"{entry_id} {screen['phase']} seat {screen['seat']} «{screen['title']}»"
        found += page.violations(what)
        menu, question = first_menu(screen), first_question(screen)
        if menu and (kind := (screen["phase"], "menu", tuple(sorted(features(menu))))) not in overlays:
            overlays.add(kind)
            assert page.run("""
                const items = app.screen.sections.flatMap(s => s.items);
                const menu = items.find(i => i.choices && i.choices.items.length && !i.move);
                if (menu) openMenu(menu);
                return !!menu;""")
            found += page.violations(what + ", its menu")
            page.run("closeMenu()")
        if question and (kind := (screen["phase"], "ask", tuple(sorted(features(question))))) not in overlays:
            overlays.add(kind)
            assert page.run("""
                const items = app.screen.sections.flatMap(s => s.items.concat(...s.items.map(i => i.choices ? i.choices.items : [])));
                const question = items.find(i => i.confirm);
                if (question) ask(question);
                return !!question;""")
            found += page.violations(what + ", its question")
            page.run("closeAsk()")
    assert count >= 4, f"only {count} screens of {entry_id}"
    print(f"{entry_id} ({page.lang}): {count} screens, {len(overlays)} menus and questions, {len(found)} violations")
    assert not found, "\n".join(found)


def test_the_primary_button_reads_on_every_seat_colour(page, screens):
    """A seat's colour is the page's accent (its primary buttons, its outlines): each of
    the eight keeps the contrast AA asks for."""
    found: list[str] = []
    page.open()
    entry_id = "personality"
    screen = next(s for s in screens[(entry_id, page.lang)] if features(s["sections"]) >= {"tone", "hold"})
    for index in range(len(SEAT_STYLES)):
        page.seat(index, len(SEAT_STYLES))
        page.run("handlers.view({screen: arguments[0]})", {**screen, "seat": index})
        page.run("document.querySelector('#sections .item.action').classList.add('selected')")
        found += page.violations(f"seat colour {index}")
    assert not found, "\n".join(found)


def test_tap_instead_of_hold_has_no_wcag_violation(page, screens):
    """The phone's own "Tap instead of hold" (issue 31 item 4): its checkbox named by its
    label, the held buttons as taps, and a tapped one's question while Confirm counts down
    and once it is open."""
    s = page.rig.strings.get
    found: list[str] = []
    page.open()
    screen = next(s for s in screens[("secret_identity_coop", page.lang)]
                  if any(item.get("hold") and not item.get("press") for section in s["sections"] for item in section["items"]))
    page.seat(screen["seat"], GAMES["secret_identity_coop"])
    page.run("handlers.view({screen: arguments[0]})", screen)
    page.driver.find_element("id", "tap-holds").click()
    assert page.run("return document.querySelectorAll('#sections .hold').length") == 0
    found += page.violations("tap instead of hold")
    page.run("askHeld(app.screen.sections.flatMap(s => s.items).find(i => i.hold && !i.press))")  # the lock
    assert page.run("return document.getElementById('ask-yes').disabled")
    assert page.run("return document.getElementById('ask-text').textContent") == s("phone.si.lock_confirm")
    found += page.violations("a tapped hold's question, counting down")
    page.run("app.asking.since -= 2000; countDown();")
    found += page.violations("a tapped hold's question, open")
    page.run("closeAsk(); document.getElementById('tap-holds').click();")
    assert not found, "\n".join(found)


def large_text_phone(profile: str) -> Any:
    """A phone whose browser text size is doubled (32 px where the default is 16)."""
    return phone(profile, prefs={"webkit": {"webprefs": {"default_font_size": 32}}})


PX_FONT = re.compile(r"font(?:-size)?\s*:[^;}]*\b\d+(?:\.\d+)?px")


def test_text_follows_the_phone_s_font_size(page):
    """No fixed pixel font size in the page's CSS, zoom allowed, and with the browser's
    text size doubled (as a phone's large-text setting does) every text doubles."""
    css = (STATIC / "style.css").read_text()
    assert not PX_FONT.findall(css), PX_FONT.findall(css)
    html = (STATIC / "index.html").read_text()
    viewport = re.search(r'<meta name="viewport" content="([^"]*)"', html).group(1)
    assert "user-scalable=no" not in viewport and "maximum-scale" not in viewport, viewport

    def sizes(driver: Any) -> dict[str, float]:
        return driver.execute_script("""
            const size = (q) => parseFloat(getComputedStyle(document.querySelector(q)).fontSize);
            return {title: size('#join h1'), label: size('#join label'), input: size('#name'),
                    button: size('#join button'), state: size('#state')};""")

    page.open()
    normal = sizes(page.driver)
    profile = tempfile.mkdtemp(prefix="phone-large-")
    large_phone = large_text_phone(profile)
    try:
        large_phone.get(page.url)
        wait(large_phone, lambda d: d.find_element("id", "name").is_displayed(), "the join form")
        large = sizes(large_phone)
    finally:
        large_phone.quit()
        shutil.rmtree(profile, ignore_errors=True)
    for name, size in normal.items():
        assert large[name] == pytest.approx(2 * size, rel=0.01), (name, size, large[name])


def test_read_my_secret_aloud_speaks_the_seat_s_screen_in_the_page_s_language(page, screens):
    """Issue 31 item 1: the phone's own voice (Web Speech API) reads what to do and what
    only this seat knows, in the page's language; a second tap starts it again."""
    page.open()
    screen = next(s for s in screens[("mission_secrete", page.lang)] if s["facts"])
    page.seat(screen["seat"], GAMES["mission_secrete"])
    page.run("handlers.view({screen: arguments[0]})", screen)
    page.run("window.said = []; speechSynthesis.cancel = () => window.said.push('cancel');"
             "speechSynthesis.speak = (u) => window.said.push([u.text, u.lang]);")
    button = page.driver.find_element("id", "speak")
    assert button.is_displayed() and button.text == page.rig.strings.get("phone.page.speak")
    button.click()
    button.click()
    said = page.run("return window.said")
    assert said[0] == "cancel" and said[2] == "cancel" and said[1] == said[3]
    text, lang = said[1]
    assert lang == page.lang and text.startswith(screen["title"])
    for fact in screen["facts"]:
        assert fact["label"] in text and fact.get("value", "") in text
