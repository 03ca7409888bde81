"""Entry script for frozen builds: the same as ``python -m game``, and ``-c CODE`` as
``python -c CODE`` (game/program.py).

``multiprocessing.freeze_support()`` comes first: a worker that ``sim --jobs`` starts
by spawning (Windows, macOS) is this program again with multiprocessing's own
arguments, and it runs the worker there and exits instead of starting the game.
``-c`` is for the tools that time a fresh process (the bench's start-up and phones):
they run a line of Python in a child of their own.
"""

import multiprocessing
import sys


def main() -> int:
    multiprocessing.freeze_support()
    if len(sys.argv) >= 3 and sys.argv[1] == "-c":
        code = sys.argv[2]
        sys.argv = ["-c", *sys.argv[3:]]
        exec(compile(code, "<string>", "exec"), {"__name__": "__main__"})
        return 0
    from game.__main__ import main as game_main

    return game_main()


if __name__ == "__main__":
    sys.exit(main())
