"""Secret Salon's own icon (issue 12, item 6): the committed files are what
tools/make_icon.py draws, the window carries it, and the Windows version resource is
one PyInstaller accepts."""

import sys
import types
from pathlib import Path

import pygame
import pytest
from PIL import Image, ImageChops

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
sys.path.insert(0, str(ROOT / "tools"))
try:
    import make_icon
    import windows_version
finally:
    sys.path.remove(str(ROOT / "tools"))

#: Colour levels two drawings may differ by: pygame's smooth scaling has SIMD variants
#: (SSE2, AVX2, NEON) that round differently on other machines.
TOLERANCE = 4


def assert_same_picture(stored: Image.Image, drawn: Image.Image, what: str) -> None:
    assert stored.size == drawn.size, what
    worst = max(high for _, high in ImageChops.difference(stored.convert("RGBA"), drawn).getextrema())
    assert worst <= TOLERANCE, f"{what} differs from tools/make_icon.py by {worst} levels: run the tool again"


@pytest.fixture(scope="module")
def drawn():
    sizes = {*make_icon.ICO_SIZES, *make_icon.ICNS_SIZES, make_icon.MASTER, make_icon.WINDOW}
    return {size: make_icon.to_pillow(make_icon.render(size)) for size in sizes}


def test_the_png_icons_are_what_the_tool_draws(drawn):
    assert_same_picture(Image.open(ASSETS / "icon.png"), drawn[make_icon.MASTER], "icon.png")
    window = ASSETS / f"icon-{make_icon.WINDOW}.png"
    assert_same_picture(Image.open(window), drawn[make_icon.WINDOW], window.name)


def test_the_ico_holds_every_windows_size_as_drawn(drawn):
    ico = Image.open(ASSETS / "icon.ico")
    assert sorted(ico.ico.sizes()) == [(s, s) for s in make_icon.ICO_SIZES]
    for size in make_icon.ICO_SIZES:
        assert_same_picture(ico.ico.getimage((size, size)), drawn[size], f"icon.ico at {size} px")


def test_the_icns_holds_every_macos_size_as_drawn(drawn):
    icns = Image.open(ASSETS / "icon.icns")
    pixels = {w * scale for w, _, scale in icns.info["sizes"]}
    assert pixels == set(make_icon.ICNS_SIZES)
    for w, h, scale in icns.info["sizes"]:
        assert_same_picture(icns.icns.getimage((w, h, scale)), drawn[w * scale], f"icon.icns at {w}@{scale}x")


def keyhole_light(surface) -> int:
    """How many pixels are the keyhole's gold-to-amber light."""
    w, h = surface.get_size()
    pixels = [surface.get_at((x, y)) for x in range(w) for y in range(h)]
    return sum(1 for p in pixels if p.r > 200 and p.b < 120)


def test_small_icons_are_drawn_for_their_size_not_shrunk():
    """At 16 px the keyhole stands alone, far larger than in the 256 px picture shrunk
    (whose seat tokens would be specks)."""
    small = make_icon.render(16)
    shrunk = pygame.transform.smoothscale(make_icon.render(256), (16, 16))
    assert keyhole_light(small) > 1.5 * keyhole_light(shrunk)


def test_the_window_carries_the_icon(monkeypatch):
    from game.app import App
    from game.context import build_context
    from game.settings import Settings

    shown = []
    monkeypatch.setattr(pygame.display, "set_icon", shown.append)
    App(build_context(headless=True, settings=Settings()))
    assert len(shown) == 1
    expected = pygame.image.load(str(ASSETS / f"icon-{make_icon.WINDOW}.png"))
    assert pygame.image.tobytes(shown[0], "RGBA") == pygame.image.tobytes(expected, "RGBA")


def test_the_windows_version_resource_names_the_game_and_its_version(tmp_path, monkeypatch):
    if sys.platform != "win32":  # what versioninfo imports for reading executables
        import PyInstaller.compat

        monkeypatch.setitem(sys.modules, "pefile", types.ModuleType("pefile"))
        monkeypatch.setattr(PyInstaller.compat, "win32api", None, raising=False)
    from PyInstaller.utils.win32 import versioninfo

    path = windows_version.write_version_file(tmp_path / "version.txt", "1.2.3rc1")
    info = versioninfo.load_version_info_from_text_file(str(path))
    assert info.toRaw()  # it packs into the resource PyInstaller writes
    assert (info.ffi.fileVersionMS, info.ffi.fileVersionLS) == (1 << 16 | 2, 3 << 16)
    strings = {s.name: s.val for s in info.kids[0].kids[0].kids}
    assert strings["ProductName"] == strings["FileDescription"] == "Secret Salon"
    assert strings["ProductVersion"] == strings["FileVersion"] == "1.2.3rc1"
    assert strings["OriginalFilename"] == "secret-salon.exe"
