"""The audience's guesses and scores (issue 30; docs/audience.md, rules AU-1..AU-3), and
the game's play-along as the companion uses it.

:class:`Ledger` keeps one match's audience: its members, each member's picks and score,
how many picked each answer (the lean) and who leads. It lives beside the match, never in
it: the guesses are not game state (AU-1), so the Session, its log and its save know
nothing of them, and a replay needs no audience. A member reconnecting with its token
keeps its picks and score; "Play again" starts a new ledger. A match resumed from its
save starts one too: a restarted companion has a new room code and new tokens, so the
old members could not be told apart from new ones anyway (docs/audience.md says why).
Only the tie-break the audience may give (AU-2) enters the match, as a logged action.

:class:`AudienceBook` is a game's play-along (``game.games.audience_kit``) bound to one
match: its questions, answers, screen and verdict, its guesses' data checked by
``game.core.schema`` as players' moves are. Pure: no pygame, no server.
"""

from __future__ import annotations

import bisect
import itertools
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Collection, Iterable, Mapping, Sequence

from ..core.actions import IllegalAction
from ..core.schema import Fields, OneOf
from ..games.audience_kit import Answer, Ask, AudienceCtx, Leans

if TYPE_CHECKING:
    from ..games import GameEntry
    from ..i18n import Strings

#: How many leaders the shared leaderboard lists.
BOARD_SIZE = 10


@dataclass
class Member:
    name: str
    #: Join order (the leaderboard's tie order).
    order: int
    picks: dict[str, Answer] = field(default_factory=dict)
    score: int = 0


class Ledger:
    """One match's audience (module doc). Members are keyed by their token."""

    def __init__(self) -> None:
        self.members: dict[str, Member] = {}
        #: The questions a guess may answer now (:meth:`open`).
        self.asks: dict[str, Ask] = {}
        self._counts: dict[str, Counter[Answer]] = {}
        self._scored: set[str] = set()
        self._order = itertools.count()
        #: Every member's score, lowest first (ranks by bisection; made again when scores change).
        self._scores: list[int] = []
        #: Counts the changes to who is in and their scores: the leaderboard is sorted
        #: again only after one (it is asked for every frame).
        self.version = 0
        self._board: tuple[tuple[int, int], list[dict[str, Any]]] | None = None

    def join(self, token: str, name: str) -> Member:
        member = self.members.get(token)
        if member is None:
            member = self.members[token] = Member(name, next(self._order))
            bisect.insort(self._scores, 0)
            self.version += 1
        return member

    def leave(self, token: str) -> None:
        """A member leaves the audience: its picks and score go with it."""
        member = self.members.pop(token, None)
        if member is None:
            return
        for question, answer in member.picks.items():
            self._counts[question][answer] -= 1
        self._scores.remove(member.score)
        self.version += 1

    def open(self, asks: Iterable[Ask]) -> None:
        self.asks = {ask.id: ask for ask in asks}

    def guess(self, token: str, question: str, answer: Answer) -> str | None:
        """Record ``token``'s pick (a new one replaces its last on that question); the
        refusal (``closed``: no such question open, ``not_offered``) or None. The data
        was checked already (:meth:`AudienceBook.check`)."""
        ask = self.asks.get(question)
        if ask is None:
            return "closed"
        if answer not in ask.choices:
            return "not_offered"
        member = self.members[token]
        counts = self._counts.get(question)
        if counts is None:
            counts = self._counts[question] = Counter()
        before = member.picks.get(question)
        if before is not None:
            counts[before] -= 1
        counts[answer] += 1
        member.picks[question] = answer
        return None

    def score(self, answers: Mapping[str, Answer]) -> list[str]:
        """Score every question ``answers`` answers for the first time (1 point a right
        pick, AU-3); the tokens whose score changed."""
        changed: list[str] = []
        fresh = {question: answer for question, answer in answers.items() if question not in self._scored}
        if not fresh:
            return changed
        self._scored |= set(fresh)
        for token, member in self.members.items():
            gained = sum(1 for question, answer in fresh.items() if member.picks.get(question) == answer)
            if gained:
                member.score += gained
                changed.append(token)
        if changed:
            self._scores = sorted(m.score for m in self.members.values())
            self.version += 1
        return changed

    def tally(self, question: str) -> dict[Answer, int]:
        """How many members picked each answer to ``question`` (AU-2's say reads it)."""
        return {answer: n for answer, n in self._counts.get(question, {}).items() if n > 0}

    def leans(self, answered: Iterable[str]) -> dict[str, dict[Answer, int]]:
        """The tallies of the questions ``answered`` (answered: never before, AU-1)."""
        return {question: self.tally(question) for question in answered if question in self._counts}

    def rank(self, token: str) -> int:
        """1 + how many members scored more (equal scores share a rank)."""
        return self._place(self.members[token].score)

    def _place(self, score: int) -> int:
        return 1 + len(self._scores) - bisect.bisect_right(self._scores, score)

    def board(self, size: int = BOARD_SIZE) -> list[dict[str, Any]]:
        """The leaders: ``{"name", "score", "rank"}``, best first (equal scores by join order)."""
        if self._board is None or self._board[0] != (self.version, size):
            leaders = sorted(self.members.values(), key=lambda m: (-m.score, m.order))[:size]
            self._board = ((self.version, size),
                           [{"name": m.name, "score": m.score, "rank": self._place(m.score)} for m in leaders])
        return self._board[1]


class AudienceBook:
    """A game's play-along (``entry``'s plug-in's ``Mode.audience``) bound to one match:
    the strings, the game's catalogue and the match's config it needs."""

    def __init__(self, entry: GameEntry[Any], strings: Strings, catalogue: Any, config: Mapping[str, Any]) -> None:
        play = entry.plugin.audience_play(entry.id) if entry.plugin is not None else None
        if play is None:
            raise LookupError(f"{entry.id} has no audience play-along")
        self.play, self.catalogue = play, catalogue
        self.ctx = AudienceCtx(strings, catalogue, None, entry.id, config=dict(config))
        self._answer = play.answer_schema(catalogue)

    @classmethod
    def of(cls, entry: GameEntry[Any], strings: Strings, catalogue: Any, config: Mapping[str, Any]) -> AudienceBook | None:
        """The book, or None when the game has no play-along (the audience then watches)."""
        try:
            return cls(entry, strings, catalogue, config)
        except LookupError:
            return None

    def asks(self, public: Any) -> tuple[Ask, ...]:
        return tuple(self.play.asks(public, self.catalogue))

    def answers(self, public: Any) -> dict[str, Answer]:
        return dict(self.play.answers(public))

    def screen(self, public: Any, asks: Sequence[Ask], leans: Leans) -> dict[str, Any]:
        return dict(self.play.screen(self.ctx, public, asks, leans))

    def check(self, data: Mapping[str, Any], open_ids: Collection[str]) -> str | None:
        """A guess's data (``{"question", "answer"}``) against what it may hold: the
        refusal (``closed``: no such question open now; ``illegal:bad_data``, as a
        player's move) or None."""
        if data.get("question") not in open_ids:
            return "closed"
        try:
            Fields({"question": OneOf(open_ids), "answer": self._answer}).check(data, "")
        except IllegalAction as exc:
            return f"illegal:{exc.reason}"
        return None

    def verdict(self, public: Any, ledger: Ledger | None) -> dict[str, Any]:
        """The audience's say when the rules wait for it (AU-2): none without a ledger."""
        say = getattr(self.play, "verdict", None)
        if say is None:
            return {}
        return dict(say(public, ledger.tally if ledger is not None else lambda question: {}))
