"""Personality rules (PE-1..PE-13): pure (no pygame) — the game and its phases, views, events, bots and the catalogue."""
