"""Mission Secrète rules (MS-1..MS-7): pure (no pygame) — the game and its phases, views, events, bots and the catalogue."""
