"""Actions: the only way a game state changes. Plain data, so logs are JSON."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .records import make

#: Kind of the action a session submits when a countdown in the state runs out.
TIMEOUT = "timeout"
#: Kind of an action carrying a random outcome (a shuffle, a deal, a draw).
CHANCE = "chance"
#: Kind of the action a session submits with the audience's say when the rules wait for
#: it (a tie the audience breaks, docs/rules.md AU-2): seatless, like a chance, and
#: logged, so a replay needs no audience.
AUDIENCE = "audience"


@dataclass(frozen=True)
class Action:
    """One move. ``seat`` is None for chance, timeout and audience actions.

    ``data`` holds only JSON-friendly values (ids, numbers, strings, lists, dicts).
    ``tick`` is the session tick at which the action was submitted; rules use it to
    start countdowns, so a replayed log expires them on the same tick.
    """

    kind: str
    seat: int | None = None
    data: Mapping[str, Any] = field(default_factory=dict)
    tick: int = 0

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.data:
            out["data"] = dict(self.data)
        if self.tick:
            out["tick"] = self.tick
        return out

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> "Action":
        if not isinstance(raw, Mapping) or not isinstance(raw.get("kind"), str):
            raise ValueError(f"not an action: {raw!r}")
        seat = raw.get("seat")
        if seat is not None and not isinstance(seat, int):
            raise ValueError(f"bad seat in action: {raw!r}")
        data = raw.get("data", {})
        if not isinstance(data, Mapping):
            raise ValueError(f"bad data in action: {raw!r}")
        return cls(kind=raw["kind"], seat=seat, data=dict(data), tick=int(raw.get("tick", 0)))

    def with_tick(self, tick: int) -> "Action":
        """This action at ``tick`` (the session stamps every action it applies): itself
        when it is there already (actions are frozen; a bot match's clock seldom moves)."""
        if tick == self.tick:
            return self
        return make(Action, kind=self.kind, seat=self.seat, data=self.data, tick=tick)

    def __str__(self) -> str:
        """One readable line: ``seat 1 swap a=3 b=8 @120`` (long values shortened)."""
        who = "" if self.seat is None else f"seat {self.seat} "
        data = " ".join(f"{key}={_short(value)}" for key, value in self.data.items())
        return f"{who}{self.kind}{' ' + data if data else ''}{f' @{self.tick}' if self.tick else ''}"


def _short(value: object, limit: int = 40) -> str:
    text = repr(value) if not isinstance(value, str) else value
    return text if len(text) <= limit else text[:limit - 1] + "…"


class IllegalAction(Exception):
    """Raised by ``apply`` for a move the rules refuse. The state is left unchanged.

    ``reason`` is a short machine-readable code (e.g. ``"number_used"``) that scenes map
    to a translated message; ``detail`` is for logs and tests.
    """

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail
