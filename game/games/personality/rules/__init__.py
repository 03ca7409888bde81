"""Personality rules (PE-1..PE-18): pure (no pygame) — the definition (``game``), its state,
phases and handlers by responsibility (see ``game``'s docstring), views, events, bots and the catalogue."""
