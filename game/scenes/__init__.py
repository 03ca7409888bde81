"""Scenes and the scene stack (after hump.gamestate and Tuxemon)."""
