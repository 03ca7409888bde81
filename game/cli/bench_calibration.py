"""The bench's yardstick (issue 32): a plain Python loop timed beside its figures, and the
load average before and after, so that figures taken on two machines can be compared.

The loop is pure interpreter work, as the frames' Python and the bots are: a machine on
which it takes twice as long takes about twice as long per frame and plays about half
the bot matches a second. The note printed with the figures (:data:`SCALING`) says how
each kind of target moves with it.
"""

from __future__ import annotations

import os
import time
from typing import Any

#: The loop, as issue 32 gives it: 1.09 s on the slow laptop whose figures it reports.
LOOP = "sum(i * i for i in range(10**7))"
#: That laptop's time for the loop, quiet (the machine the targets must hold on).
REFERENCE_S = 1.09
#: How each kind of target scales with the loop's time (the report's legend; docs/performance.md).
SCALING = (
    "frame costs, menu transitions, bot matches/s, the present with SDL's software renderer: about linearly "
    "(Python and SDL's work on the CPU)",
    "start-up and the phones' round trip: partly (they also wait on the disk, the kernel, the network)",
    "the present with a GPU renderer: hardly (the GPU scales); peak RSS: not at all",
)


def load_average() -> list[float] | None:
    """The 1, 5 and 15 minute load averages (None where the system has none: Windows)."""
    try:
        return [round(value, 2) for value in os.getloadavg()]
    except (AttributeError, OSError):
        return None


def time_loop(runs: int = 3) -> dict[str, Any]:
    """The loop's best wall and CPU seconds over ``runs``, with the load average before."""
    load = load_average()
    walls, cpus = [], []
    for _ in range(max(1, runs)):
        wall, cpu = time.perf_counter(), time.process_time()
        sum(i * i for i in range(10**7))  # LOOP, written out (no eval)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return {"wall_s": round(min(walls), 3), "cpu_s": round(min(cpus), 3), "load": load}


def calibration(before: dict[str, Any], runs: int = 3) -> dict[str, Any]:
    """The report's ``calibration``: the loop timed ``before`` the figures (a
    :func:`time_loop`) and again after them, and how much slower the reference machine
    is (``reference_factor``: its time over the better of ours; CPU time, so a busy
    machine does not shrink it)."""
    after = time_loop(runs)
    return {"loop": LOOP, "before": before, "after": after, "reference_s": REFERENCE_S,
            "reference_factor": round(reference_factor(min(before["cpu_s"], after["cpu_s"])), 2),
            "scaling": list(SCALING)}


def reference_factor(loop_s: float) -> float:
    """How much slower the reference machine is than one whose loop takes ``loop_s``."""
    return REFERENCE_S / (loop_s or 1e-9)


def calibration_lines(cal: dict[str, Any] | None) -> list[str]:
    if not cal:
        return []

    def when(part: dict[str, Any]) -> str:
        load = " ".join(map(str, part["load"])) if part.get("load") else "unknown"
        return f"{part['wall_s']:.3f} s (CPU {part['cpu_s']:.3f} s), load average {load}"

    return [f"calibration: {cal['loop']} took {when(cal['before'])} before the figures,",
            f"  {when(cal['after'])} after; a machine whose loop takes {cal['reference_s']} s is "
            f"~{cal['reference_factor']}x slower. How the figures scale with the loop's time:",
            *(f"  - {line}" for line in cal["scaling"])]
