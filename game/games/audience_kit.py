"""What a game's audience play-along is made of (issue 30; docs/audience.md, rules AU-1..AU-3).

An audience phone sees the TV's public view and guesses blind. Each game says what it
asks, in a pure module of its own package named by its plug-in (``Mode.audience``), with:

- ``ANSWER``: the declared data of one guess's answer (``game.core.schema``: the same
  checks as a player's moves);
- ``asks(public) -> tuple[Ask, ...]``: the questions open in this public view, each with
  a stable id and the answers it takes;
- ``answers(public) -> {question id: answer}``: the answers this public view shows (the
  TV's reveal), which score the guesses: 1 point a right one (AU-3);
- ``screen(ctx, public, asks, leans) -> dict``: the audience's screen, a phone screen
  (``game.companion.present``) whose questions are items with ``choices`` of items
  carrying a ``guess`` (``{"question", "answer"}``) instead of a move; ``leans``: for the
  questions this view answers, how many picked each answer (never before the answer);
- optionally ``verdict(public, tally) -> data``: the audience's say when the rules wait
  for it (AU-2), from ``tally(question id) -> {answer: count}``.

The companion's ledger keeps the guesses, outside the match (``game.companion.audience``).
Pure: no pygame, nothing of the companion's server.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from .phone_kit import Ctx, choices, item

#: One answer a question takes: a seat, a slot, a tile number, an id.
Answer = int | str
#: Question id -> {answer: how many members picked it}.
Leans = Mapping[str, Mapping[Answer, int]]
Tally = Callable[[str], Mapping[Answer, int]]


@dataclass(frozen=True)
class Ask:
    """An open question: ``id`` is stable within the match (``"r2.s3"``: round 2, seat
    3); ``choices``: the answers it takes."""

    id: str
    choices: tuple[Answer, ...]


@dataclass(frozen=True)
class AudienceCtx(Ctx[Any]):
    """The audience's :class:`~game.games.phone_kit.Ctx`: no seat (``seat`` None), and the
    match's config (its options: AU-2 changes what a question means)."""

    config: Mapping[str, Any] = field(default_factory=dict)


def guess(question: str, answer: Answer) -> dict[str, Any]:
    """What an audience phone sends back for this pick."""
    return {"question": question, "answer": answer}


def pick(label: str, question: str, answer: Answer, **more: Any) -> dict[str, Any]:
    """An item of a question's menu that picks ``answer``."""
    return {**item(label, **more), "guess": guess(question, answer)}


def question(label: str, ask: Ask, title: str, picks: Iterable[dict[str, Any]], **more: Any) -> dict[str, Any]:
    """An item that opens ``ask``'s menu of ``picks`` (``pick`` items); the page marks the
    member's own pick. ``ask`` on the item lets the page find it again."""
    return {**item(label, choices=choices(title, picks), **more), "ask": ask.id}


def lean_note(ctx: Ctx[Any], leans: Leans, question_id: str, answer: Answer) -> str | None:
    """"n of you" for ``answer`` once the question is answered (None before, or no one)."""
    counts = leans.get(question_id)
    if not counts:
        return None
    return ctx.t("audience.lean", n=counts.get(answer, 0), total=sum(counts.values()))


def top_pick(counts: Mapping[Answer, int], among: Iterable[Answer]) -> Answer | None:
    """The one answer of ``among`` most picked (None: none picked, or a tie at the top)."""
    scored = sorted(((counts.get(answer, 0), answer) for answer in among), key=lambda pair: -pair[0])
    if not scored or scored[0][0] == 0 or len(scored) > 1 and scored[1][0] == scored[0][0]:
        return None
    return scored[0][1]
