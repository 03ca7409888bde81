"""The game's pictograms for the phone page: ``/picto/<code>.svg`` is the OpenMoji SVG the
TV draws for ``code`` (``1F451``, ``1F9D1-200D-1F4BC``), so a clue, a mission or a word
looks the same on both screens, whatever emoji font a phone has (or lacks: OpenMoji's
own extras are in none).

Only the pictograms the game's data names are served (the cards, words and places of
``data/`` and of the player's custom decks), the same to everyone whatever a phone was
shown, so what is allowed tells nobody on the Wi-Fi anything about a match. The name
must be a code, checked before any file is touched: no path reaches the disk from the
request. A picture never changes for a version of the game, so phones keep it a week.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Collection, Iterable

from .. import icons, paths

#: An OpenMoji file stem: upper-case hex code points joined by dashes (tools/build.py's).
CODE = re.compile(r"[0-9A-F]{4,5}(?:-[0-9A-F]{2,5})*")
ROUTE = "/picto/{name}"
#: Sent with every picture: kept a week by the phone; never sniffed as another type; an
#: SVG opened on its own runs no script and loads nothing.
HEADERS = {
    "Content-Type": "image/svg+xml",
    "Cache-Control": "public, max-age=604800, immutable",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
}


def named_in(folders: Iterable[Path]) -> frozenset[str]:
    """The OpenMoji codes that the YAML files under ``folders`` name and that exist."""
    found: set[str] = set()
    for folder in folders:
        if folder.is_dir():
            for path in folder.rglob("*.yaml"):
                try:
                    found.update(CODE.findall(path.read_text(encoding="utf-8")))
                except (OSError, UnicodeDecodeError):  # a deck the catalogue skips too
                    continue
    return frozenset(code for code in found if icons.icon_exists(code))


@lru_cache(maxsize=1)
def game_pictures() -> frozenset[str]:
    """Every pictogram the game's data, a plug-in's own data folder and the player's decks
    name (read once, on the server's thread, at the first picture asked for)."""
    from ..games import discover

    own = [plugin.data_dir(paths.data_dir()) for plugin in discover() if plugin.data is not None]
    return named_in((paths.data_dir(), *own, paths.user_data_dir() / "decks"))


def add_route(app: Any, allowed: Callable[[], Collection[str]] = game_pictures) -> None:
    """Serve ``/picto/<code>.svg`` on ``app`` for the codes in ``allowed()``."""
    from aiohttp import web

    async def picture(request: Any) -> Any:
        name = request.match_info["name"]
        code = name[:-len(".svg")] if name.endswith(".svg") else ""
        if not CODE.fullmatch(code) or code not in allowed():
            raise web.HTTPNotFound(text="no such picture")
        return web.FileResponse(icons.icon_path(code), headers=HEADERS)

    app.router.add_get(ROUTE, picture)
