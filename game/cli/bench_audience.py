"""The bench's audience figures (issue 30 item 4): :class:`AudienceRun` brings the swarm
(``audience_swarm.py``: hundreds of members in a process of their own) into the phones'
bench match (``bench_companion.bench_companion(audience=N)``), and :func:`audience_lines`
reports what it measured.
"""

from __future__ import annotations

import os
import time
from typing import Any

from .audience_swarm import SwarmChild

#: The seats' acts timed while the audience is in (the phones' bench times 300: the
#: audience's run lasts longer, so its picks change all along, not only at first).
AUDIENCE_ACTS = 500
#: The seated phones' mean time (s) between two acts of the table while the audience is
#: in: eight phones each tapping twice a second, a fast table (a person reads the screen
#: between two taps). The phones' own bench plays at machine speed, ~150 acts a second:
#: a stress of the round trip, where the audience's figures are the TV's in a match.
TABLE_PACE = 1.0 / 16.0
#: The bench's targets (issue 30 item 4): the frame's p99 as a share of the 16.7 ms budget
#: with the audience in, a seat's act -> view p99 while the audience votes, and the
#: game's memory the audience adds.
TARGETS = {"frame_p99_budget_fraction": 0.20, "vote_round_trip_p99_ms": 50.0, "memory_mb": 100.0}
BUDGET_MS = 1000.0 / 60.0


class AudienceRun:
    """The bench's audience (``bench_companion.bench_companion(audience=N)``): once the
    first match is warm, note the game's peak memory and bring ``members`` members in
    (they change their picks all along while questions are open); once they are all in,
    tell the seated phones' process to play (``go``). Meanwhile note when the rules ask
    the audience something: a seat's act timed then came during an audience vote."""

    def __init__(self, url: str, room: str, members: int, phones: Any) -> None:
        self.url, self.room, self.members, self.phones = url, room, members, phones
        self.swarm: SwarmChild | None = None
        #: The game's resident memory before the audience came, and the most since.
        self.rss_before = self.rss_most = 0.0
        self._frames = 0
        #: When every member was in (``perf_counter``), and the spans questions were open.
        self.in_since: float | None = None
        self.votes: list[tuple[float, float]] = []
        self._voting: float | None = None
        #: This process's CPU time and the main thread's once the audience is in: the rest
        #: is the server thread's (the figures say what share of a core it took).
        self._cpu_at = (0.0, 0.0)
        #: The audience's own work (main-thread CPU, ms): its part of each frame
        #: (``Crowd.pump``) and of the idle time between two (``Crowd.serve``: the picks).
        self.crowd_costs, self.crowd_idle_costs = [], []  # type: list[float], list[float]
        self._asked_at, self._asked = (0, -1), False

    def time_crowd(self, crowd: Any) -> None:
        """Time ``crowd.pump`` (the audience's work in a frame: the frame's figure holds the
        seats' screens and the board's draw too) and ``crowd.serve`` (between frames) once
        every member is in."""
        def timed(work: Any, costs: list[float]) -> Any:
            def run(*args: Any) -> None:
                began = time.thread_time()
                work(*args)
                if self.in_since is not None:
                    costs.append((time.thread_time() - began) * 1000.0)
            return run

        crowd.pump, crowd.serve = timed(crowd.pump, self.crowd_costs), timed(crowd.serve, self.crowd_idle_costs)

    def follow(self, board: Any) -> None:
        from .bench_measures import resident_mb

        now = time.perf_counter()
        self._frames += 1
        if self.swarm is None:
            self.rss_before = self.rss_most = resident_mb()
            self.swarm = SwarmChild(self.url, self.room, self.members, flooders=0, repick=True)
        elif self._frames % 30 == 0:
            self.rss_most = max(self.rss_most, resident_mb())
        elif self.in_since is None:
            event = self.swarm.event()
            if event is not None and event["event"] == "joined":
                self.in_since = now
                self._cpu_at = (time.process_time(), time.thread_time())
                self.phones.stdin.write("go\n")
                self.phones.stdin.flush()
        at = (id(board.session), len(board.session.log))
        if at != self._asked_at:  # the rules moved (asked every frame, it would hold the seats' answers up)
            book = board.audience_book()
            self._asked_at, self._asked = at, book is not None and bool(book.asks(board.session.view(None).public))
        asked = self._asked
        if asked and self._voting is None:
            self._voting = now
        elif not asked and self._voting is not None:
            self.votes.append((self._voting, now))
            self._voting = None

    def figures(self, phones: dict[str, Any], costs: list[float], presents: list[float],
                matches: int) -> dict[str, Any]:
        """The frame figure is the scene bench's (``bench_scenes``): each frame's main-thread
        CPU without its present (the present step is a figure of its own, ``4K present``;
        under the ``dummy`` driver it is SDL's software scaling), the present beside."""
        from .bench_measures import percentile, resident_mb

        def _percentile(values: list[float], q: float) -> float:
            return percentile(values, q) if values else 0.0

        if self._voting is not None:
            self.votes.append((self._voting, time.perf_counter()))
        memory = max(self.rss_most, resident_mb()) - self.rss_before
        if self.swarm is None or self.in_since is None:
            return {"error": ["the audience never came in"]}
        wall = time.perf_counter() - self.in_since
        server_cpu = (time.process_time() - self._cpu_at[0]) - (time.thread_time() - self._cpu_at[1])
        summary = self.swarm.stop()
        fans = summary["fans"]
        self.swarm = None
        during = [trip for trip, start in zip(phones["trips"], phones["starts"])
                  if any(began <= start <= ended for began, ended in self.votes)]
        frames = [cost - present for cost, present in zip(costs, presents)]
        frame_p99 = _percentile(frames, 0.99)
        return {
            "members": len(fans), "connected": sum(fan["connected"] for fan in fans),
            "drops": sum(len(fan["drops"]) for fan in fans), "matches": matches,
            "shared_per_member": round(sum(fan["shared"] for fan in fans) / max(1, len(fans)), 1),
            "guesses": sum(fan["sent"] for fan in fans), "refused": sum(sum(fan["errors"].values()) for fan in fans),
            "frames": len(frames), "frame_p50_ms": round(_percentile(frames, 0.5), 2), "frame_p99_ms": round(frame_p99, 2),
            "frame_p99_budget_fraction": round(frame_p99 / BUDGET_MS, 3),
            "present_p50_ms": round(_percentile(presents, 0.5), 2), "present_p99_ms": round(_percentile(presents, 0.99), 2),
            "with_present_p99_ms": round(_percentile(costs, 0.99), 2), "table_pace_s": TABLE_PACE,
            **{f"crowd{part}_p{q}_ms": round(_percentile(work, q / 100), 3) for q in (50, 99)
               for part, work in (("", self.crowd_costs), ("_idle", self.crowd_idle_costs))},
            "acts": len(phones["trips"]), "vote_acts": len(during),
            "vote_round_trip_p50_ms": round(_percentile(during, 0.5), 2),
            "vote_round_trip_p99_ms": round(_percentile(during, 0.99), 2) if during else None,
            "round_trip_p99_ms": round(_percentile(phones["trips"], 0.99), 2),
            "memory_mb": round(memory, 1), "rss_before_mb": round(self.rss_before, 1),
            "server_thread_core_share": round(server_cpu / wall, 2), "swarm_cpu_s": summary.get("cpu_s"),
            "seconds": round(wall, 1), "load_average": round(os.getloadavg()[0], 1) if hasattr(os, "getloadavg") else None,
            "targets": TARGETS,
        }

    def close(self) -> None:
        if self.swarm is not None:
            self.swarm.kill()


def audience_lines(result: dict[str, Any] | None) -> list[str]:
    """The bench report's lines for the audience."""
    if result is None:
        return []
    if "error" in result:
        return [f"audience: error: {' '.join(result['error'])}"]

    def flag(key: str) -> str:
        value = result[key]
        return "" if value is not None and value <= TARGETS[key] else "  > target"

    return [f"audience ({result['members']} members on loopback, {result['connected']} connected at the end, "
            f"{result['drops']} dropped and back; {result['guesses']} picks, {result['refused']} refused; "
            f"{result['shared_per_member']} shared screens each):",
            f"  frame with them in, the table acting every {result['table_pace_s'] * 1000:.0f} ms or so: "
            f"p50 {result['frame_p50_ms']:.2f} ms, p99 {result['frame_p99_ms']:.2f} ms over "
            f"{result['frames']} frames = {result['frame_p99_budget_fraction']:.3f} of the budget "
            f"(target <= {TARGETS['frame_p99_budget_fraction']}){flag('frame_p99_budget_fraction')}",
            f"  the present after it (SDL's renderer; not in the frame figure, as in the scenes'): "
            f"p50 {result['present_p50_ms']:.2f} ms, p99 {result['present_p99_ms']:.2f} ms; "
            f"frame and present p99 {result['with_present_p99_ms']:.2f} ms",
            f"  of which the audience's own work (Crowd.pump): p50 {result['crowd_p50_ms']:.2f} ms, "
            f"p99 {result['crowd_p99_ms']:.2f} ms = {result['crowd_p99_ms'] / BUDGET_MS:.3f} of the budget "
            f"(the rest: the eight seats' screens and the board's draw); its picks between frames "
            f"(Crowd.serve): p50 {result['crowd_idle_p50_ms']:.2f} ms, p99 {result['crowd_idle_p99_ms']:.2f} ms",
            f"  a seat's act -> view while the audience votes: p50 {result['vote_round_trip_p50_ms']:.2f} ms, "
            f"p99 {result['vote_round_trip_p99_ms']} ms over {result['vote_acts']} of {result['acts']} acts "
            f"(target p99 <= {TARGETS['vote_round_trip_p99_ms']:.0f}){flag('vote_round_trip_p99_ms')}",
            f"  memory they add: {result['memory_mb']:.1f} MB over {result['rss_before_mb']:.1f} MB "
            f"(target <= {TARGETS['memory_mb']:.0f}){flag('memory_mb')}",
            f"  over {result['seconds']} s: the server thread took {result['server_thread_core_share']:.2f} of a core, "
            f"the members' own process {result['swarm_cpu_s']} s of CPU (on this machine too); "
            f"load average {result['load_average']}; calibration loop {result.get('loop_s')} s"]
