"""How well a bot plays, chosen per bot seat in the lobby: ``easy`` makes human
mistakes (misreads, forgets), ``sharp`` plays its best. Each game's bots read
``Bot.level`` and scale their own knobs.

Apart from ``core.bots`` so that the seat table, which the title's first frame needs,
does not import the engine (start-up, issue 18).
"""

LEVELS = ("easy", "normal", "sharp")
DEFAULT_LEVEL = "normal"
