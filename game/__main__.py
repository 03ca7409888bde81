"""``python -m game`` / ``secret-salon``: play by default, or run a tool command.

Only the module of the command being run is imported (``game.cli.COMMANDS``), so one
tool's imports cannot stop the game from starting. The top-level parser is ``play``'s,
so ``--help`` shows the play options, then lists the other commands.
"""

from __future__ import annotations

import importlib
import sys
from typing import TYPE_CHECKING

from .cli import COMMANDS

if TYPE_CHECKING:
    import argparse

DEFAULT_COMMAND = "play"
PROG = "secret-salon"


def _commands_epilog() -> str:
    width = max(len(name) for name in COMMANDS)
    lines = [f"  {name:{width}}  {help_text}" for name, (_, help_text) in COMMANDS.items()]
    return "commands (secret-salon COMMAND --help for each one's options):\n" + "\n".join(lines)


def build_parser(command: str = DEFAULT_COMMAND) -> argparse.ArgumentParser:
    """The parser of one command, its module imported now."""
    import argparse

    from .version import version

    module_name, help_text = COMMANDS[command]
    module = importlib.import_module(module_name)
    if command == DEFAULT_COMMAND:
        parser = argparse.ArgumentParser(
            prog=PROG, description="Secret Salon — party games for one TV and gamepads.\n"
                                   "Plays with the options below, or runs one of the commands after them.",
            epilog=_commands_epilog(), formatter_class=argparse.RawDescriptionHelpFormatter)
        parser.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    else:
        parser = argparse.ArgumentParser(prog=f"{PROG} {command}", description=help_text)
    module.add_arguments(parser)
    parser.set_defaults(run=module.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv:  # a plain start (the launcher): play's defaults, without argparse (with gettext, ~2.5 ms)
        from .cli.play import default_args, run

        return int(run(default_args()) or 0)
    command = DEFAULT_COMMAND
    if argv and not argv[0].startswith("-"):
        command = argv.pop(0)
        if command not in COMMANDS:
            build_parser().error(f"unknown command {command!r} (choose from {', '.join(COMMANDS)})")
    args = build_parser(command).parse_args(argv)
    return int(args.run(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
