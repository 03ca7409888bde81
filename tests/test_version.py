"""The version: pyproject.toml's, read from pyproject.toml in a source tree and from the
dist-info or package metadata once installed, shown small but readable on the title and
credits."""

import tomllib
from importlib import metadata
from pathlib import Path

import pytest

from game import version as version_mod
from game.scenes.menus.credits import CreditsScene
from game.scenes.menus.title import TitleScene
from game.ui.kit import MIN_TEXT
from tests.menu_helpers import draw, make_ctx

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT_VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]


@pytest.fixture
def fresh_version():
    version_mod.version.cache_clear()
    yield version_mod.version
    version_mod.version.cache_clear()


def test_the_installed_metadata_gives_pyprojects_version(fresh_version):
    assert metadata.version("secret-salon") == PYPROJECT_VERSION == fresh_version()


def test_a_source_tree_reads_pyproject_without_the_metadata(monkeypatch):
    def not_installed(name):
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "version", not_installed)
    assert version_mod.version_at(ROOT) == PYPROJECT_VERSION


def test_a_source_tree_does_not_list_its_folder_for_a_dist_info(monkeypatch):
    """Start-up: pyproject.toml gives the version, so the folder is not globbed as well."""
    listed = []
    monkeypatch.setattr(version_mod, "dist_info_version", lambda root: listed.append(root) or version_mod.UNKNOWN)
    assert version_mod.version_at(ROOT) == PYPROJECT_VERSION and listed == []


def test_an_installed_package_reads_its_dist_info_then_the_metadata(tmp_path, monkeypatch):
    """A wheel or the frozen build: our dist-info beside the package; elsewhere
    importlib.metadata."""
    info = tmp_path / "secret_salon-1.2.3.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: secret-salon\nVersion: 1.2.3\n\nVersion: 9\n",
                                   encoding="utf-8")
    (tmp_path / "other_game-4.0.dist-info").mkdir()
    assert version_mod.version_at(tmp_path) == "1.2.3"
    (info / "METADATA").unlink()
    monkeypatch.setattr(metadata, "version", lambda name: "7.7" if name == "secret-salon" else None)
    assert version_mod.version_at(tmp_path) == "7.7"

    def not_installed(name):
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "version", not_installed)
    assert version_mod.version_at(tmp_path) == version_mod.UNKNOWN


def test_only_our_own_pyproject_counts(tmp_path):
    other = tmp_path / "pyproject.toml"
    other.write_text('[project]\nname = "someone-else"\nversion = "9.9"\n', encoding="utf-8")
    assert version_mod.source_tree_version(other) == version_mod.UNKNOWN
    other.write_text("not toml [", encoding="utf-8")
    assert version_mod.source_tree_version(other) == version_mod.UNKNOWN
    assert version_mod.source_tree_version(tmp_path / "missing.toml") == version_mod.UNKNOWN


@pytest.mark.parametrize("make_scene", [lambda ctx: TitleScene(ctx), lambda ctx: TitleScene(ctx, attract=False),
                                        CreditsScene], ids=["title", "title menu", "credits"])
def test_the_version_is_shown_readable_inside_the_safe_area(make_scene, monkeypatch):
    ctx = make_ctx()
    shown = []
    real = ctx.kit.blit_text

    def spy(surface, text, size, *args, **kwargs):
        rect = real(surface, text, size, *args, **kwargs)
        shown.append((text, size, rect))
        return rect

    monkeypatch.setattr(ctx.kit, "blit_text", spy)
    ctx.stack.push(make_scene(ctx))
    draw(ctx)
    labels = [(size, rect) for text, size, rect in shown if text == f"v{PYPROJECT_VERSION}"]
    assert len(labels) == 1
    size, rect = labels[0]
    assert size >= MIN_TEXT and ctx.kit.safe_rect.contains(rect)


@pytest.mark.parametrize("text, plain", [
    ('[project]\nname = "secret-salon"\nversion = "1.2"\n[tool.x]\nversion = "9"\n', {"name": "secret-salon", "version": "1.2"}),
    ('[build-system]\nversion = "9"\n\n[project]\n# the game\nversion = "1.2"\nname = "secret-salon"\n',
     {"name": "secret-salon", "version": "1.2"}),
    ('[project]\nname = "secret-salon"\nversion = "1.2"  # a comment\n', None),
    ("[project]\nname = 'secret-salon'\nversion = '1.2'\n", None),
    ('[project]\nname = "secret-salon"\n[project.urls]\nversion = "1.2"\n', None),
    ('project = {name = "secret-salon", version = "1.2"}\n', None),
    ('[project]\nname = "secret-salon"\nversion = "1.\\u0032"\n', None),
])
def test_plain_pyproject_lines_are_read_without_tomllib_and_the_rest_with_it(text, plain, tmp_path):
    assert version_mod.plain_project(text) == plain
    path = tmp_path / "pyproject.toml"
    path.write_text(text, encoding="utf-8")
    expected = tomllib.loads(text).get("project", {}).get("version", version_mod.UNKNOWN)
    assert version_mod.source_tree_version(path) == expected


def test_our_pyproject_is_written_plainly():
    assert version_mod.plain_project((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["version"] == PYPROJECT_VERSION


def test_a_pyproject_or_metadata_with_a_utf8_bom_gives_its_version(tmp_path):
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_bytes(b'\xef\xbb\xbf[project]\nname = "secret-salon"\nversion = "9.8.7"\n')
    assert version_mod.source_tree_version(pyproject) == "9.8.7"
    info = tmp_path / "site" / "secret_salon-9.8.6.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_bytes(b"\xef\xbb\xbfVersion: 9.8.6\nName: secret-salon\n")
    assert version_mod.dist_info_version(tmp_path / "site") == "9.8.6"


def test_the_build_is_named_by_a_frozen_builds_line_else_by_where_the_game_runs_from(tmp_path):
    assert version_mod.build_at(ROOT) == "source"  # a checkout: pyproject.toml beside the package
    assert version_mod.build_at(tmp_path) == "installed"
    shipped = tmp_path / "game" / "shipped"
    shipped.mkdir(parents=True)
    (shipped / version_mod.BUILD_FILE).write_text("linux-x86_64 a89e2ed0c1 2026-12-02\n", encoding="utf-8")
    assert version_mod.build_at(tmp_path) == "linux-x86_64 a89e2ed0c1 2026-12-02"
