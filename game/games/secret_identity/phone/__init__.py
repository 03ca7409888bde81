"""Secret Identity on a phone: one module per mode (``competitive``, ``coop``), each with
``screen(ctx, view, legal) -> dict``, and what both show (``clues``: the suspects, one's
character, the clue editor). ``game.companion.present`` documents a screen's shape."""
