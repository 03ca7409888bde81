"""The scene a match is on the stack: a Session, and the small parts every board is made
of. Every game's board is a :class:`~game.scenes.board.PhaseBoard` (this scene, plus a
section per screen); a test or tool may push this scene alone.

A board draws ``self.session.view(None)`` (the public view; never the state) and turns
players' intents into actions with :meth:`MatchScene.submit`. After every change (a
player's or bot's action, a timeout) it is told what happened through
:meth:`MatchScene.on_events`: the public events (``game.core.events``), so a board
animates a swap because it was told of one, not by comparing views.

Its other jobs are parts it composes, one module each:

- ``bot_driver.MatchDriver``: the session's clock (countdowns submit timeouts) and the
  bots' pacing (a bot thinks a delay drawn from its own pace, shown by
  :meth:`MatchScene.draw_thinking`, ``game/ui/thinking.py``);
- ``save_notice.SaveTroubleNotice``: one notice per spell of failed autosaves;
- ``phone_link.PhoneLink``: the phones' door (what the companion calls:
  :meth:`phone_submit`, :meth:`phone_screen`, :meth:`phone_moment`, and
  :meth:`tell_phones`), which follows the table's hooks below;
- :class:`BoardMenus`: what the board opens of the menus (the pause menu on MENU, "play
  again" dealt as the lobby deals), handed in by the menus that start the match
  (``menus/matches.py``); a board a test or a tool makes alone has none and opens no menu.

The table's hooks — :meth:`phones_wait`, :meth:`end_choices_open`, :meth:`show_to_skip`,
:meth:`skip_show`, :meth:`bots_may_act`, :meth:`bot_legal` — say what the board, not the
rules, has the say on; a phase board answers them from its active section.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, Mapping, Protocol

import pygame

from ..games.phone_kit import BoardNow
from ..companion.audience import AudienceBook
from ..core.actions import Action, IllegalAction
from ..core.bots import Bot
from ..core.events import AudienceDecided, Event, visible
from ..core.session import Session
from ..input.intents import InputEvent, Intent
from ..ui.thinking import draw_thinking
from .audience_leaderboard import AudienceTurn, audience_ranking, draw_audience_board
from .base import Scene
from .bot_driver import BOT_DELAY_TICKS, MatchDriver
from .phone_link import PhoneLink
from .save_notice import SaveTroubleNotice
from .toast import show_toast

if TYPE_CHECKING:
    from ..context import AppContext
    from ..games import GameEntry


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

    def __init__(self, ctx: AppContext, entry: GameEntry[Any], session: Session[Any, Any, Any],
                 bots: Mapping[int, Bot[Any, Any]] | None = None,
                 bot_delay: tuple[int, int] = BOT_DELAY_TICKS) -> None:
        super().__init__()
        self.ctx = ctx
        self.entry = entry
        self.session = session
        self.driver = MatchDriver(self, dict(bots or {}), bot_delay)
        self.phones = PhoneLink(self)
        self.save_notice = SaveTroubleNotice(ctx, session)
        self.last_refusal: tuple[int | None, str] | None = None
        #: The menus' screens this board opens (module doc); None: it opens none.
        self.menus: BoardMenus | None = None
        #: The end screen's turns: the table's podium, then the audience's leaderboard.
        self.audience_turn = AudienceTurn()
        session.audience = self.audience_say
        #: The moves of the match the last frame drawn (or drawn ahead) shows.
        self._moves_shown = len(session.log)

    @property
    def bots(self) -> Mapping[int, Bot[Any, Any]]:
        """The seats bots play, seat -> bot; the driver's own (setting it, as tests and
        shots do to hold or hand over the table, is what the driver then plays)."""
        return self.driver.bots

    @bots.setter
    def bots(self, bots: Mapping[int, Bot[Any, Any]]) -> None:
        self.driver.bots = bots

    @property
    def bot_delay(self) -> tuple[int, int]:
        """(fewest, most) fixed ticks a bot thinks before acting (tests and shots set it)."""
        return self.driver.delay

    @bot_delay.setter
    def bot_delay(self, delay: tuple[int, int]) -> None:
        self.driver.delay = delay

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
        self.changed(action, events)
        return None

    def changed(self, action: Action | None, events: tuple[Event, ...]) -> None:
        """A change (``action`` None: a timeout): every event to the phones, the public
        ones to :meth:`on_events`; the audience's tie-break told on the TV (AU-2)."""
        self.tell_phones(events)
        if any(isinstance(event, AudienceDecided) for event in events):  # said alike in every game
            show_toast(self.ctx, self.ctx.t("audience.decided"))
        self.on_events(action, visible(events, None))

    def on_events(self, action: Action | None, events: tuple[Event, ...]) -> None:
        """Hook for boards: what just happened, as the TV may see it (``action`` is None
        for a timeout)."""

    # --- phones (phone_link.py) ------------------------------------------------------------
    def tell_phones(self, events: tuple[Event, ...]) -> None:
        self.phones.tell(events)

    def phone_submit(self, action: Action) -> str | None:
        return self.phones.submit(action)

    def phone_screen(self, seat: int) -> dict[str, Any]:
        return self.phones.screen(seat)

    def phone_moment(self) -> BoardNow:
        """What a phone's screen depends on besides the match's log: the companion
        builds the screens again when it changes (a reveal ends, the end screen opens)."""
        return self.board_now()

    # --- the audience (game/companion/crowd.py) --------------------------------------------
    def audience_book(self) -> AudienceBook | None:
        """This match's audience play-along (None: the game has none)."""
        return self._audience_book

    @functools.cached_property
    def _audience_book(self) -> AudienceBook | None:
        catalogue = self.ctx.catalogue.game(self.entry.catalogue_key)
        return AudienceBook.of(self.entry, self.ctx.strings, catalogue, self.session.config)

    def audience_ready(self) -> bool:
        """The TV shows all the rules did: no reveal, show or beat plays (one that bots
        and phones wait for), or the end screen offers its choices. The audience's view
        is taken only then, so it never runs ahead of the TV (AU-1)."""
        if self.end_choices_open():
            return True
        return self.bots_may_act() and not self.phones_wait() and not self.show_to_skip()

    def draw_audience_end(self, surface: pygame.Surface) -> bool:
        """Drawn last over the end screen (the phase board does): on the audience's turn
        (``audience_leaderboard.AudienceTurn``), its leaderboard above the hint bar;
        nothing when nobody watched and played along. Whether it drew."""
        if self.audience_turn.showing:
            ranking = audience_ranking(self.ctx)
            if ranking is not None:
                draw_audience_board(self.ctx, surface, ranking)
                return True
        return False

    def audience_say(self, state: Any) -> dict[str, Any]:
        """The audience's say when the rules wait for it (the session asks, AU-2): from
        the companion's audience, or none."""
        book = self.audience_book()
        if book is None:
            return {}
        ledger = self.ctx.companion.crowd.ledger if self.ctx.companion is not None else None
        return dict(book.verdict(self.session.definition.view(state, None).public, ledger))

    def board_now(self) -> BoardNow:
        """What the board, not the rules, says of the table now, for the phones' screens."""
        phones_start = self.phones_start()
        return BoardNow(watching=self.phones_wait(), end_choices=self.end_choices_open() and phones_start,
                        can_quit=self.session.outcome() is None and phones_start, skip=self.show_to_skip())

    def phones_start(self) -> bool:
        """Whether a phone may end, leave or start a match again (the setting "start
        only from the TV" says no: a streamer's room)."""
        return not self.ctx.settings.tv_starts

    # --- what the table, not the rules, has the say on ------------------------------------
    def phones_wait(self) -> bool:
        """The TV plays a beat the table watches before play goes on (a reveal), where a
        pad's CONFIRM only hurries it: phones' moves wait too."""
        return False

    def end_choices_open(self) -> bool:
        """The end screen takes "play again" and "back to the lobby" now (its show is
        over), as the board's pads' CONFIRM and BACK do there."""
        return False

    def show_to_skip(self) -> bool:
        """A show plays that a pad's CONFIRM hurries now and a table of phones would
        otherwise sit through (a reveal, the end's podium): the phones' screens offer
        "Skip", and :meth:`skip_show` does it."""
        return False

    def skip_show(self) -> None:
        """What a pad's CONFIRM does to the show :meth:`show_to_skip` names, so a phone's
        "Skip" ends in the same state."""

    def bots_may_act(self) -> bool:
        """False while an animation must finish before play goes on."""
        return True

    def bot_legal(self, seat: int) -> list[Action]:
        """What a bot may choose from now: the rules' legal actions, which a board
        narrows where the table rather than the rules has the say (empty: the bot waits;
        SI co-op keeps the lock for the people guessing)."""
        return self.session.legal(seat)

    # --- menus -------------------------------------------------------------------------
    def open_pause_menu(self) -> None:
        if self.stack is not None and self.menus is not None:
            self.stack.push(self.menus.pause(self))

    def handle(self, seat: int | None, event: InputEvent) -> bool:
        """MENU pauses; boards take the rest."""
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
                          catalogue_version=self.session.catalogue_version, autosaves=self.session.autosaves)
        board = type(self)(self.ctx, self.entry, session, self.bots)
        board.menus = self.menus
        self.stack.replace(board)

    # --- clock, bots, notices ------------------------------------------------------------
    def fixed_update(self, dt: float) -> None:
        self.audience_turn.step(self.end_choices_open())
        self.driver.tick()
        self.save_notice.check(self)

    def update(self, frame_dt: float) -> None:
        self._moves_shown = len(self.session.log)  # (the frame drawn next shows these)

    def between_frames(self) -> bool:
        """The bots whose move is due on the next tick make it now (``MatchDriver.act_early``).
        Whether the match moved since the last frame was drawn (a phone's act served in the
        idle time too: ``phone_serving.serve_phones_until``)."""
        self.driver.act_early()
        if len(self.session.log) == self._moves_shown:
            return False
        self._moves_shown = len(self.session.log)  # (the stack draws the next frame ahead)
        return True

    def rethink(self, seat: int) -> None:
        """Have a bot at ``seat`` take its time afresh: boards call it when the public view
        gives the seat a new decision (its turn came) while it was already waiting on an
        optional move, so it never answers a moment after its turn starts."""
        self.driver.rethink(seat)

    def thinking(self, seat: int) -> bool:
        """Whether a bot at ``seat`` is taking its time before acting. Boards draw
        :meth:`draw_thinking` on such seats; where every seat is current all along
        (Mission Secrète's accusations), on the seat whose turn it is only."""
        return self.driver.thinking(seat)

    def draw_thinking(self, surface: pygame.Surface, seat: int, center: tuple[int, int], size: int = 44) -> None:
        """The thinking bubble at ``center`` while ``seat`` thinks."""
        if self.thinking(seat):
            draw_thinking(surface, self.ctx.kit, center, size, self.session.tick)
