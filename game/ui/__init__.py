"""pygame-side presentation helpers: the UI kit (theme, text, icons, seat styles,
widgets), fixed-tick tweens, and synthesised audio."""
