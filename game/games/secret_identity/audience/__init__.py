"""Secret Identity's audience play-along, one module per mode (``game.games.audience_kit``)."""
