"""Hidden Hue's rules, pure (no pygame): the game, its views, events, catalogue and bots."""
