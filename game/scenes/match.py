"""The base of every game board: runs a Session, its countdowns and its bots.

A board scene subclasses :class:`MatchScene`, draws ``self.session.view(None)`` (the
public view; never the state), and turns players' intents into actions with
:meth:`submit`. After every change (a player's or bot's action, a timeout) it is told
what happened through :meth:`on_events`: the public events (``game.core.events``), so
a board animates a swap because it was told of one, not by comparing views. Bots are seats like any other: each fixed tick, a bot whose seat must
act waits a short, human-like delay, then submits an action chosen from its own view.

Phones (game/companion) play through the same door: the companion calls
:meth:`MatchScene.phone_submit` with a phone's action and reads
:meth:`MatchScene.phone_screen` for its screen, and every change's events reach it
through :meth:`MatchScene.tell_phones`. Where the board rather than the rules has the
say, phones follow the pads' rule: their moves wait while the TV plays a beat the table
watches (:meth:`MatchScene.phones_wait`, as a pad's CONFIRM there only hurries the
beat), and the end screen's choices (:data:`END_MOVES`, a pad's CONFIRM and BACK there)
are theirs too once the board offers them (:meth:`MatchScene.end_choices_open`). A show
a pad's CONFIRM hurries and a table of phones would otherwise sit through (Secret
Identity's reveal, the end shows) is theirs to hurry too: any phone's "Skip"
(:data:`~game.companion.present.SKIP`) does what one pad's press does
(:meth:`MatchScene.skip_show`), so the TV ends in the same state.

An autosave that cannot be written never stops the match (the session keeps the error
and tries again at the next save): the board shows one notice per spell of failures.

The menus sit above the boards: a board imports none. What it opens of theirs (the
pause menu on MENU, "play again" dealt as the lobby deals) comes from the
:class:`BoardMenus` the menus hand it when they start the match (``menus/matches.py``);
a board a test or a tool makes alone has none and opens no menu.

The delay is counted in fixed ticks and drawn from the bot's ``pace`` generator, which
depends only on the bot's seed: never on its view, its secret or what ``act`` drew, so
how long a bot "thinks" tells nothing about its cards. Boards show it with
:meth:`MatchScene.draw_thinking` on the bot's seat. ``sim`` and the test harness play
without these delays (core/playthrough.py).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Mapping, Protocol

import pygame

from ..companion.audience import AudienceBook
from ..companion.present import AGAIN, LOBBY, QUIT, SKIP, BoardNow, phone_screen
from ..core.actions import Action, IllegalAction
from ..core.bots import Bot
from ..core.events import AudienceDecided, Event, visible
from ..core.session import Session
from ..input.intents import InputEvent, Intent
from .audience_leaderboard import AudienceTurn, audience_ranking, draw_audience_board
from .base import Scene
from .toast import show_toast

if TYPE_CHECKING:
    from ..context import AppContext
    from ..games import GameEntry

#: Fixed ticks a bot "thinks" before acting (0.6–1.5 s at 60 Hz), so a table of bots
#: reads like people playing rather than a flash of results.
BOT_DELAY_TICKS = (36, 90)
#: The end screen's choices as a phone sends them (``present.TABLE_MOVES``), each what a
#: pad's press there does: "again" is CONFIRM (play again), "lobby" is BACK. ``QUIT``
#: leaves a match still on for the whole table (held on the phone, as the pause menu
#: asks before quitting, and the hold timed by the companion, which passes on only a
#: ``QUIT`` that ends one): back to the lobby, the match kept in the autosave.
END_MOVES = {AGAIN: True, LOBBY: False}


class BoardMenus(Protocol):
    """The menu screens a board may open, made by the menus that started it."""

    def pause(self, board: MatchScene) -> Scene:
        """The pause menu over ``board``."""

    def deal_again(self, board: MatchScene) -> Scene:
        """A new match of ``board``'s game for the table as seated, with its options, as
        the lobby deals one (a fresh seed, fresh bots): ``again_from_lobby`` boards."""


class MatchScene(Scene):
    #: "Play again" deals a new match from the lobby's table and options (a fresh seed,
    #: fresh bots), as the lobby would (:meth:`BoardMenus.deal_again`), instead of a
    #: session seeded from this one.
    again_from_lobby = False

    def __init__(self, ctx: AppContext, entry: GameEntry, session: Session, bots: Mapping[int, Bot] | None = None,
                 bot_delay: tuple[int, int] = BOT_DELAY_TICKS) -> None:
        super().__init__()
        self.ctx = ctx
        self.entry = entry
        self.session = session
        self.bots = dict(bots or {})
        self.bot_delay = bot_delay
        self._bot_wait: dict[int, int] = {}
        self.last_refusal: tuple[int | None, str] | None = None
        #: The players were told that saving fails (until a save works again).
        self._save_trouble_told = False
        #: The menus' screens this board opens (module doc); None: it opens none.
        self.menus: BoardMenus | None = None
        self._audience: AudienceBook | None | bool = False  # made on first use (False: not yet)
        #: The end screen's turns: the table's podium, then the audience's leaderboard.
        self.audience_turn = AudienceTurn()
        session.audience = self.audience_say

    def enter(self, previous: Scene | None) -> None:
        """Boards play the calmer play loop (the menus switch back to theirs)."""
        music = getattr(getattr(self.ctx, "audio", None), "music", None)  # test doubles may lack it
        if music is not None:
            music("match")

    # --- actions -----------------------------------------------------------------------
    def submit(self, action: Action) -> str | None:
        """Submit a player's action. Returns None if accepted, else the refusal reason
        code (the rules' IllegalAction.reason); the state is then unchanged."""
        try:
            events = self.session.submit(action)
        except IllegalAction as exc:
            self.last_refusal = (action.seat, exc.reason)
            return exc.reason
        self.tell_phones(events)
        if any(isinstance(event, AudienceDecided) for event in events):  # AU-2, said alike in every game
            show_toast(self.ctx, self.ctx.t("audience.decided"))
        self.on_events(action, visible(events, None))
        return None

    # --- phones (game/companion) ---------------------------------------------------------
    def tell_phones(self, events: tuple[Event, ...]) -> None:
        """Hand every event of a change to the phone companion, which sends each phone
        the ones its seat may see (``events.visible``)."""
        companion = getattr(self.ctx, "companion", None)  # test doubles may lack it
        if companion is not None:
            companion.tell(events)

    def phone_submit(self, action: Action) -> str | None:
        """A phone's action: the same path as a pad's (boards that turn a submitted
        action into their own state, like a clue editor, see it through ``on_events``).
        An end choice (:data:`END_MOVES`) finishes the match as a pad's press on the end
        screen does, once that screen offers it (``not_now`` before); ``SKIP`` hurries
        the show that plays as a pad's CONFIRM does (``not_now`` when none does); ``QUIT``
        leaves a match still on for the lobby (a phones-only table has no pause menu it
        can work); any other move waits like a pad's while the TV plays a beat (``watch_tv``).

        A pad's actions are built by the board; a phone's data is any JSON the protocol
        let through, which the move's declared data refuses (``bad_data``,
        ``game.core.schema``). Should a rule still trip over a value (a game not on
        declared phases), the session applies nothing (``apply`` never changes its input;
        the log is untouched), so the phone is told ``malformed`` and the match goes on.
        Past the session, an error is the game's."""
        if action.kind in (*END_MOVES, QUIT) and not self.phones_start():
            return "tv_only"
        if action.kind in END_MOVES:
            if not self.end_choices_open():
                return "not_now"
            self.finish(again=END_MOVES[action.kind])
            return None
        if action.kind == SKIP:
            if not self.show_to_skip():
                return "not_now"
            self.skip_show()
            return None
        if action.kind == QUIT:
            if self.session.outcome() is not None:
                return "not_now"  # over: the end screen's choices say what next
            self.finish(again=False)
            return None
        if self.phones_wait():
            return "watch_tv"
        before = len(self.session.log)
        try:
            return self.submit(action)
        except (TypeError, ValueError, KeyError, IndexError, AttributeError):
            if len(self.session.log) != before:
                raise
            return "malformed"

    def phone_screen(self, seat: int) -> dict[str, Any]:
        """What ``seat``'s phone shows: built from its own view and legal moves only (none
        while the TV plays a beat), and what the board says of the table (:meth:`board_now`)."""
        legal = [] if self.phones_wait() else self.session.legal(seat)
        return phone_screen(self.entry, self.session.view(seat), legal, self.ctx.strings,
                            self.ctx.catalogue.game(self.entry.catalogue_key), self.board_now())

    def phone_moment(self) -> BoardNow:
        """What a phone's screen depends on besides the match's log: the companion
        builds the screens again when it changes (a reveal ends, the end screen opens)."""
        return self.board_now()

    # --- the audience (game/companion/crowd.py) --------------------------------------------
    def audience_book(self) -> AudienceBook | None:
        """This match's audience play-along (None: the game has none)."""
        if self._audience is False:
            catalogue = self.ctx.catalogue.game(self.entry.catalogue_key)
            self._audience = AudienceBook.of(self.entry, self.ctx.strings, catalogue, self.session.config)
        return self._audience  # type: ignore[return-value]

    def audience_ready(self) -> bool:
        """The TV shows all the rules did: no reveal, show or beat plays (one that bots
        and phones wait for), or the end screen offers its choices. The audience's view
        is taken only then, so it never runs ahead of the TV (AU-1)."""
        if self.end_choices_open():
            return True
        return self.bots_may_act() and not self.phones_wait() and not self.show_to_skip()

    def draw_audience_end(self, surface: pygame.Surface) -> None:
        """Boards call it last when they draw their end screen: on the audience's turn
        (``audience_leaderboard.AudienceTurn``), its leaderboard over that screen, above
        the hint bar; nothing when nobody watched and played along."""
        if self.audience_turn.showing:
            ranking = audience_ranking(self.ctx)
            if ranking is not None:
                draw_audience_board(self.ctx, surface, ranking)

    def audience_say(self, state: Any) -> dict[str, Any]:
        """The audience's say when the rules wait for it (the session asks, AU-2): from
        the companion's audience, or none."""
        book = self.audience_book()
        if book is None:
            return {}
        companion = getattr(self.ctx, "companion", None)
        ledger = companion.crowd.ledger if companion is not None else None
        return book.verdict(self.session.definition.view(state, None).public, ledger)

    def phones_wait(self) -> bool:
        """The TV plays a beat the table watches before play goes on (a reveal), where a
        pad's CONFIRM only hurries it: phones' moves wait too. Boards say when."""
        return False

    def end_choices_open(self) -> bool:
        """The end screen takes "play again" and "back to the lobby" now (its show is
        over), as the board's pads' CONFIRM and BACK do there. Boards say when."""
        return False

    def show_to_skip(self) -> bool:
        """A show plays that a pad's CONFIRM hurries now and a table of phones would
        otherwise sit through (a reveal, the end's podium): the phones' screens offer
        "Skip". Boards that have one say when, and :meth:`skip_show` does it."""
        return False

    def skip_show(self) -> None:
        """What a pad's CONFIRM does to the show :meth:`show_to_skip` names. Boards have
        their pads' press call it too, so a phone's "Skip" ends in the same state."""

    def board_now(self) -> BoardNow:
        """What the board, not the rules, says of the table now, for the phones' screens."""
        phones_start = self.phones_start()
        return BoardNow(watching=self.phones_wait(), end_choices=self.end_choices_open() and phones_start,
                        can_quit=self.session.outcome() is None and phones_start, skip=self.show_to_skip())

    def phones_start(self) -> bool:
        """Whether a phone may end, leave or start a match again (the setting "start
        only from the TV" says no: a streamer's room)."""
        return not getattr(getattr(self.ctx, "settings", None), "tv_starts", False)

    def on_events(self, action: Action | None, events: tuple[Event, ...]) -> None:
        """Hook for boards: what just happened, as the TV may see it (``action`` is None
        for a timeout)."""

    def open_pause_menu(self) -> None:
        if self.stack is not None and self.menus is not None:
            self.stack.push(self.menus.pause(self))

    def handle(self, seat: int | None, event: "InputEvent") -> bool:
        """Boards call ``super().handle`` for what they do not take: MENU pauses."""
        if event.intent is Intent.MENU and event.pressed and seat is not None:
            self.open_pause_menu()
            return True
        return False

    def finish(self, again: bool) -> None:
        """Match over: play again with the same table and options (a new board of the
        same kind on a fresh session seeded from this one, its config the one the game
        passes on, ``next_config``: Mission Secrète's next first seat), or back to the
        lobby. A board that plays again from the lobby (``again_from_lobby``) starts
        from the lobby's options as a new table would."""
        if self.stack is None:
            return
        if not again:
            self.stack.pop()
            return
        if self.again_from_lobby and self.menus is not None:
            self.stack.replace(self.menus.deal_again(self))
            return
        config = self.session.definition.next_config(self.session.config)
        session = Session(self.session.definition, config, f"{self.session.seed}+",
                          save_path=self.session.save_path, meta=self.session.meta,
                          catalogue_version=self.session.catalogue_version)
        board = type(self)(self.ctx, self.entry, session, self.bots)
        board.menus = self.menus
        self.stack.replace(board)

    # --- clock and bots ----------------------------------------------------------------
    def fixed_update(self, dt: float) -> None:
        self.audience_turn.step(self.end_choices_open())
        if self.session.outcome() is None:
            events = self.session.advance(1)
            if events:
                self.tell_phones(events)
                self.on_events(None, visible(events, None))
        self._drive_bots()
        self._tell_save_trouble()

    def _tell_save_trouble(self) -> None:
        """One notice while autosaves fail, not one per action. It waits until the board
        is on top and no seat holds a button, so the notice never swallows a release a
        peek curtain, a hold or a stroke waits for."""
        error = self.session.save_error
        if error is None:
            self._save_trouble_told = False
            return
        if self._save_trouble_told or self.stack is None or self.stack.top is not self or self._buttons_held():
            return
        self._save_trouble_told = True
        # an OSError's reason ("No space left on device"), else what it was (a string the
        # save cannot hold: Session.save)
        reason = getattr(error, "strerror", None) or str(error)
        show_toast(self.ctx, self.ctx.t("notices.autosave_failed", error=reason))

    def _buttons_held(self) -> bool:
        hub = getattr(self.ctx, "input", None)
        return hub is not None and any(hub.held(seat.device) for seat in self.ctx.seats.seats
                                       if seat.device is not None)

    def bots_may_act(self) -> bool:
        """Boards return False while an animation must finish before play goes on."""
        return True

    def bot_legal(self, seat: int) -> list[Action]:
        """What a bot may choose from now: the rules' legal actions, which a board
        narrows where the table rather than the rules has the say (empty: the bot waits;
        SI co-op keeps the lock for the people guessing)."""
        return self.session.legal(seat)

    def _drive_bots(self) -> None:
        if not self.bots or self.session.outcome() is not None or not self.bots_may_act():
            return
        current = self.session.current()
        for seat, bot in self.bots.items():
            if seat not in current:
                self._bot_wait.pop(seat, None)
                continue
            if seat not in self._bot_wait:
                low, high = self.bot_delay
                self._bot_wait[seat] = bot.pace.randint(low, high) if high > low else low
            self._bot_wait[seat] -= 1
            if self._bot_wait[seat] > 0:
                continue
            del self._bot_wait[seat]
            legal = self.bot_legal(seat)
            action = bot.act(self.session.view(seat), legal) if legal else None
            if action is not None:  # None: the bot waits (an optional move, e.g. accusing)
                self.submit(action)
            if self.session.current() != current:
                return  # the phase moved on: look again next tick

    def rethink(self, seat: int) -> None:
        """Have a bot at ``seat`` take its time afresh: boards call it when the public view
        gives the seat a new decision (its turn came) while it was already waiting on an
        optional move, so it never answers a moment after its turn starts."""
        self._bot_wait.pop(seat, None)

    # --- thinking indicator ---------------------------------------------------------------
    def thinking(self, seat: int) -> bool:
        """Whether a bot at ``seat`` is taking its time before acting (its seat is current
        and its delay runs). Boards draw :meth:`draw_thinking` on such seats; where every
        seat is current all along (Mission Secrète's accusations), on the seat whose turn
        it is only."""
        return seat in self.bots and self._bot_wait.get(seat, 0) > 0 and self.session.outcome() is None

    def draw_thinking(self, surface: pygame.Surface, seat: int, center: tuple[int, int], size: int = 44) -> None:
        """A speech bubble of three dots rising in turn, at ``center``, while ``seat`` thinks."""
        if not self.thinking(seat):
            return
        kit = self.ctx.kit
        bubble = pygame.Rect(0, 0, size * 2, size)
        bubble.center = center
        pygame.draw.rect(surface, kit.colours.text, bubble, border_radius=size // 2)
        tail = (bubble.x + size // 2, bubble.bottom - 2)
        pygame.draw.polygon(surface, kit.colours.text, [tail, (tail[0] + size // 3, tail[1]),
                                                        (tail[0] - size // 6, tail[1] + size // 3)])
        phase = self.session.tick * 0.15
        for i in range(3):
            lift = max(0.0, math.sin(phase - i * 0.9)) * size * 0.15
            dot = (bubble.x + size // 2 + i * size // 2, int(bubble.centery - lift))
            pygame.draw.circle(surface, kit.colours.bg, dot, max(3, size // 9))
