"""One module per game: ``screen(ctx, view, legal) -> dict``, the phone screen of one
seat (``game.companion.present`` documents its shape)."""
