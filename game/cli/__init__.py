"""Command-line commands. Each module here defines ``add_arguments(parser)`` and
``run(args) -> int``; ``python -m game`` imports only the module of the command it runs
(so a tool's imports never stop the game from starting)."""

#: command name -> (module, one-line help); ``play`` is the default command.
COMMANDS = {
    "play": ("game.cli.play", "start the game (the default)"),
    "shot": ("game.cli.shot", "render a scene headless and save it as a PNG"),
    "layout": ("game.cli.layout", "check every screen's layout: margins, text boxes, overlaps, sizes, contrast"),
    "sim": ("game.cli.sim", "play bot matches headless and print figures"),
    "replay": ("game.cli.replay", "replay a save or log and print the final state"),
    "bench": ("game.cli.bench", "measure frame costs, start-up time and memory"),
    "soak": ("game.cli.soak", "storm the games with random pad input and hot-plug; count failures and RSS"),
    "pictures": ("game.cli.pictures", "make the how-to pages' pictures into the user cache (the game runs it)"),
}
