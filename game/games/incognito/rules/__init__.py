"""Incognito rules (IN-1..IN-6): pure (no pygame) — the game, views, bots (drawing and looking) and the catalogue."""
