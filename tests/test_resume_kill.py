"""Kill the process in the middle of a match (SIGKILL), start again, resume to the same
state (issue 3). The child plays the toy game with autosave; it knows the toy game
through its own resolver, since the toy game is not in the registry."""

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: Plays toy matches back to back into one save file, one action at a time. With
#: "--step" it prints "<actions> <hash>" after each action and waits for a line on
#: stdin before going on; without it, it runs flat out until killed.
CHILD = r"""
import sys, time
sys.path.insert(0, sys.argv[1])
from pathlib import Path
from game.core.rng import Rng
from game.core.session import Session
from tests.toygame import ToyBot, ToyGame

save, step = Path(sys.argv[2]), sys.argv[3] == "--step"
seed = 0
while True:
    session = Session(ToyGame(), {"seats": 2, "timer_scale": 1.0, "rounds": 50}, seed, save_path=save,
                      catalogue_version="v1")
    bots = {s: ToyBot(s, Rng.from_seed(f"{seed}:{s}")) for s in range(2)}
    while session.outcome() is None:
        acted = False
        for seat in sorted(session.current()):
            action = bots[seat].act(session.view(seat), session.legal(seat))
            if action is not None:
                session.submit(action)
                acted = True
                break
        if not acted:
            session.advance(7)
        if step:
            print(len(session.log), session.hash(), flush=True)
            sys.stdin.readline()
    seed += 1
"""

RESUME = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
from pathlib import Path
from game.core.session import Session
from tests.toygame import play_on, resolve, ToyBot
from game.core.rng import Rng

session = Session.load(Path(sys.argv[2]), resolve, catalogue_version="v1")
before = session.hash()
bots = {s: ToyBot(s, Rng.from_seed(f"resume:{s}")) for s in range(2)}
play_on(session, bots)                            # and the match plays on to its end
print(json.dumps({"hash": before, "log": len(session.log), "over": True}))
"""


def resume(save: Path) -> dict:
    done = subprocess.run([sys.executable, "-c", RESUME, str(ROOT), str(save)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL")
def test_sigkill_between_actions_resumes_to_the_same_hash(tmp_path):
    save = tmp_path / "autosave.json"
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(ROOT), str(save), "--step"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        for _ in range(25):
            line = child.stdout.readline()
            assert line, "the child stopped early"
            child.stdin.write("\n")
            child.stdin.flush()
        last = child.stdout.readline().split()
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=10)
    assert child.returncode == -signal.SIGKILL
    assert resume(save)["hash"] == last[1]


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL")
def test_sigkill_at_a_random_moment_never_leaves_a_broken_save(tmp_path):
    save = tmp_path / "autosave.json"
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(ROOT), str(save), "--run"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        for _ in range(200):                       # wait until it is well into a match
            try:
                if len(json.loads(save.read_text())["log"]) > 40:
                    break
            except (OSError, ValueError, KeyError):
                pass
            try:
                child.wait(timeout=0.02)
                pytest.fail(f"the child died: {child.stderr.read()}")
            except subprocess.TimeoutExpired:
                pass
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=10)
    resumed = resume(save)                        # loads (hash checked) and plays on
    assert resumed["over"] and resumed["log"] > 0
