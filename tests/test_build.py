"""The itch.io build: a PyInstaller bundle that starts, headless, from its unpacked archive.

Slow by nature (PyInstaller analyses the whole import graph, ~20 s warm), so the tests
share one build. With ``SECRET_SALON_BUILD`` set to the ``--dist`` folder of a
``python tools/build.py`` run, they check that build instead of making one (CI builds
once, then runs the whole suite); without it, they build on Linux only.
"""

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXISTING = os.environ.get("SECRET_SALON_BUILD")
LINUX = sys.platform.startswith("linux")
if not EXISTING:
    pytest.importorskip("PyInstaller")
pytestmark = pytest.mark.skipif(not (EXISTING or LINUX), reason="builds here on Linux only; set SECRET_SALON_BUILD")

#: The Linux archive's size budget and how far docs/releasing.md's figure may drift from
#: the real size (its "Size" section says why these margins).
MAX_LINUX_ARCHIVE = 18 * 2**20
DOC_DRIFT = 0.25 * 2**20
RELEASING = ROOT / "docs" / "releasing.md"


def _tool(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = _tool("build")
smoke_tool = _tool("smoke")
licences = _tool("licences")
glibc_needs = _tool("glibc_needs")


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Path:
    if EXISTING:
        return Path(EXISTING).resolve()
    folder = tmp_path_factory.mktemp("build") / "dist"
    build.build(folder, clean=False)
    return folder


@pytest.fixture(scope="module")
def archive(dist) -> Path:
    suffix = ".tar.gz" if LINUX else ".zip"
    return dist / f"{build.NAME}-{build.version()}-{build.platform_tag()}{suffix}"


@pytest.fixture(scope="module")
def unpacked(archive, tmp_path_factory) -> Path:
    """The archive unpacked as a player would (``ditto`` on macOS keeps its symlinks)."""
    into = tmp_path_factory.mktemp("unpacked")
    if archive.name.endswith(".tar.gz"):
        with tarfile.open(archive) as tar:
            tar.extractall(into, filter="tar")
    elif sys.platform == "darwin":
        subprocess.run(["ditto", "-x", "-k", str(archive), str(into)], check=True)
    else:
        with zipfile.ZipFile(archive) as zf:
            zf.extractall(into)
    return into / build.NAME


def _run(exe: Path, *args: str, cwd: Path, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run([str(exe), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def empty_env_home(tmp_path_factory) -> Path:
    """HOME for the runs under ``env -i`` that two tests share (below)."""
    return tmp_path_factory.mktemp("empty_env")


@pytest.fixture(scope="module")
def empty_env_smoke(unpacked, empty_env_home) -> subprocess.CompletedProcess:
    """``--smoke`` under ``env -i`` with HOME alone: run once, for the two tests that need
    it (``play``'s smallest run among the tools, and the empty environment's)."""
    return _run(build.executable(unpacked), "--smoke", cwd=empty_env_home, env={"HOME": str(empty_env_home)})


@pytest.fixture(scope="module")
def ring_shot(unpacked, empty_env_home, tmp_path_factory) -> tuple[subprocess.CompletedProcess, Path]:
    """The frozen ``shot ring`` and the picture it wrote, run once for the two tests that
    need it: on Linux under ``env -i`` (HOME alone: ``shot``'s run among the tools),
    elsewhere in tools/smoke.py's headless environment."""
    home = empty_env_home if LINUX else tmp_path_factory.mktemp("shot")
    env = {"HOME": str(home)} if LINUX else smoke_tool.headless_env(home)
    out = home / "ring.png"
    return _run(build.executable(unpacked), "shot", "ring", "--out", str(out), cwd=home, env=env), out


def test_archive_is_named_and_has_a_valid_itch_manifest_and_the_players_readme(archive, unpacked):
    assert archive.is_file(), archive
    assert _tool("check_itch").problems(unpacked) == []
    assert os.access(build.executable(unpacked), os.X_OK)
    readme = (unpacked / "README.txt").read_text(encoding="utf-8")
    assert readme == build.PLAYER_README.read_text(encoding="utf-8")


@pytest.mark.skipif(not LINUX, reason="the budget is the Linux archive's")
def test_the_linux_archive_keeps_to_its_budget_and_the_release_notes_give_its_size(archive):
    size = archive.stat().st_size
    assert size <= MAX_LINUX_ARCHIVE, f"{size / 2**20:.2f} MiB"
    documented = re.search(r"The Linux archive is ([0-9.]+) MiB", RELEASING.read_text(encoding="utf-8"))
    assert documented, "docs/releasing.md gives no size for the Linux archive"
    assert abs(float(documented.group(1)) * 2**20 - size) <= DOC_DRIFT, \
        f"docs/releasing.md says {documented.group(1)} MiB, the archive is {size / 2**20:.2f} MiB"
    assert f"budget {MAX_LINUX_ARCHIVE / 2**20:g} MiB" in RELEASING.read_text(encoding="utf-8")


def test_licences_sit_at_the_top_of_the_archive(unpacked):
    assert (unpacked / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert "OpenMoji" in (unpacked / "CREDITS.md").read_text(encoding="utf-8")
    shipped = {path.name for path in (unpacked / "licenses").iterdir()}
    assert {path.name for path in (ROOT / "licenses").iterdir()} <= shipped


def test_every_work_the_game_runs_on_is_credited_and_ships_its_licence_texts(unpacked, tmp_path):
    """The game's run-time closure (from the installed metadata) and every binary in the
    bundle: each is a work with a licence and texts that ship, CREDITS.md names it with
    its licence, and constraints.txt pins each distribution."""
    closure = licences.runtime_closure()
    scratch = tmp_path / "bundle"
    shutil.copytree(ROOT / "licenses", scratch / "licenses")
    works, problems = licences.gather(scratch, build.binaries_folder(unpacked), closure)
    assert problems == []
    shipped_index = (unpacked / "licenses" / licences.INDEX).read_text(encoding="utf-8")
    assert shipped_index == (scratch / "licenses" / licences.INDEX).read_text(encoding="utf-8")
    for work in works:
        assert work.texts or work.licence == "redistributable", work
        for text in work.texts:
            assert (unpacked / "licenses" / text).is_file(), f"{work.name}: {text}"
    credits = (ROOT / "CREDITS.md").read_text(encoding="utf-8")
    for name, dist in closure.items():
        named = re.search(rf"`{re.escape(name)}`([^`]*)", credits)
        assert named and licences.licence_of(dist) in named.group(1), f"CREDITS.md: `{name}` with its licence"
    natives = [work for work in works if work.name not in closure]
    assert {"Python", "SDL 2 (SDL2, SDL2_image, SDL2_mixer, SDL2_ttf)"} <= {work.name for work in natives}
    for work in natives:
        assert all(f"`{text}`" in credits for text in work.texts), f"CREDITS.md: {work.name}'s {work.texts}"
    pinned = {licences.canonical(line.partition("==")[0]) for line in
              (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines() if "==" in line}
    assert set(closure) <= pinned


def test_what_the_game_never_uses_is_left_out(unpacked):
    files = [path.name for path in unpacked.rglob("*")]
    assert not [name for name in files if name.startswith(("libcrypto", "libssl", "_ssl", "_hashlib"))]
    # (Unicode tables are shipped: idna and attrs, under the phone companion's aiohttp, import them.)
    assert not [name for name in files if name.startswith(("_codecs_", "_multibytecodec"))]
    fonts = sorted({name for name in files if name.endswith((".ttf", ".otf"))})
    assert fonts == ["FiraCode-Regular.ttf", "FredokaOne-Regular.ttf", "NotoSans-Regular.ttf", "freesansbold.ttf"]
    if LINUX:
        assert not [name for name in files if name.startswith(("libstdc++", "libgcc_s"))]


def test_frozen_game_starts_and_draws_like_the_source_tree(unpacked, tmp_path, ring_shot):
    exe = build.executable(unpacked)
    env = smoke_tool.headless_env(tmp_path)
    smoke, log, problems = smoke_tool.smoke(unpacked, tmp_path)
    # Judged by the exit status and the log, not stdout (a windowed Windows build may
    # have none). Its header names the game's version and this build (BUILD.txt:
    # platform, commit, day).
    assert problems == [], smoke.stdout + smoke.stderr + log
    assert log.startswith(f"Secret Salon {build.version()} (build {build.platform_tag()} "), log[:200]
    # The bundle carries the dist-info (--copy-metadata), so the frozen game knows its version.
    shown = _run(exe, "--version", cwd=tmp_path, env=env)
    assert shown.returncode == 0, shown.stdout + shown.stderr
    assert shown.stdout.split()[-1] == build.version()

    # The ring shot draws the font and OpenMoji icons: frozen, it matches the source tree.
    shot, picture = ring_shot
    assert shot.returncode == 0, shot.stdout + shot.stderr
    import pygame

    from game.shots import ShotRequest, render

    here = render("ring", ShotRequest(lang="fr", seats=4, seed=1, ticks=60))
    frozen = pygame.image.load(str(picture))
    assert frozen.get_size() == here.get_size()
    assert pygame.image.tobytes(frozen, "RGB") == pygame.image.tobytes(here, "RGB")


def _listed_commands(exe: Path, cwd: Path, env: dict) -> list[str]:
    shown = _run(exe, "--help", cwd=cwd, env=env)
    assert shown.returncode == 0, shown.stderr
    listed = shown.stdout.split("commands (", 1)[1].splitlines()[1:]
    return [line.split()[0] for line in listed if line.startswith("  ") and line.split()]


@pytest.mark.skipif(not LINUX, reason="env -i: a Linux launch with no environment at all")
def test_every_tool_that_help_lists_runs_in_the_frozen_linux_build(unpacked, tmp_path, empty_env_smoke, ring_shot):
    """Each command ``--help`` lists, in the frozen build under ``env -i`` (HOME alone),
    with the smallest arguments: the bench's children (scenes, menus, phones, start-up
    through ``-c``, the present step, bots) and ``sim``'s worker processes included
    (``play --smoke`` and ``shot ring``: the runs two other tests check too)."""
    exe = build.executable(unpacked)
    env = {"HOME": str(tmp_path)}
    from game import paths
    from game.catalogue import data_version
    from game.core.rng import Rng
    from game.core.session import Session
    from game.games import all_games

    entry = all_games()["mission_secrete"]  # a save of two bot moves, made from the sources
    catalogue, _ = entry.load_catalogue(paths.data_dir(), None)
    save = tmp_path / "autosave.json"
    session = Session(entry.make_definition(catalogue), entry.default_config(3), 8, save_path=save,
                      catalogue_version=data_version(paths.data_dir()))
    bots = {seat: entry.make_bot(catalogue, seat, Rng(seat)) for seat in range(3)}
    for _ in range(2):
        moves = (bots[seat].act(session.view(seat), session.legal(seat)) for seat in sorted(session.current()))
        session.submit(next(move for move in moves if move is not None))
    runs = {
        "play": None,  # empty_env_smoke
        "shot": None,  # ring_shot
        "layout": ["ring", "--lang", "fr"],
        "sim": ["mission_secrete", "--matches", "2", "--jobs", "2", "--json"],
        "replay": [str(save), "--json"],
        "soak": ["--frames", "60", "--game", "mission_secrete"],
        "pictures": ["secret_identity.2", "--lang", "fr", "--folder", str(tmp_path / "pictures")],
        "bench": ["--quick", "--frames", "5", "--games", "mission_secrete", "--sim-matches", "2", "--json"],
    }
    assert sorted(_listed_commands(exe, tmp_path, env)) == sorted(runs)
    bench = subprocess.Popen([str(exe), "bench", *runs.pop("bench")], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)  # mostly waits: the others run meanwhile
    try:
        for command, args in runs.items():
            shared = {"play": empty_env_smoke, "shot": ring_shot[0]}
            done = shared[command] if args is None else _run(exe, command, *args, cwd=tmp_path, env=env)
            assert done.returncode == 0, f"{command}: {done.stdout[-2000:]}{done.stderr[-2000:]}"
        out, err = bench.communicate(timeout=600)
    finally:
        bench.kill()
    assert bench.returncode == 0, err[-3000:]
    report = json.loads(out)
    parts = [*report["scenes"], report["menus"], report["phones"], report["startup"], report["present"],
             *report["sims"].values()]
    assert not [part for part in parts if "error" in part]
    assert list((tmp_path / "pictures").iterdir())
    # sim's workers spawned afresh, as on Windows and macOS: each is the game again, and
    # multiprocessing.freeze_support() must catch it before the game's own arguments.
    spawned = _run(exe, "-c", "import multiprocessing; multiprocessing.set_start_method('spawn'); "
                   "from game.__main__ import main; raise SystemExit(main(['sim', 'mission_secrete', "
                   "'--matches', '2', '--jobs', '2', '--json']))", cwd=tmp_path, env=env)
    assert spawned.returncode == 0, spawned.stderr[-2000:]
    assert json.loads(spawned.stdout)["summary"]["matches"] == 2


def test_no_test_code_ships_in_the_build(unpacked):
    inside = [path for path in unpacked.rglob("*") if "tests" in path.relative_to(unpacked).parts[:-1]
              or path.name.startswith("tests.")]
    pyz = _pyz_names(unpacked)
    assert not inside and not [name for name in pyz if name == "tests" or name.startswith("tests.")]


def _pyz_names(unpacked: Path) -> list[str]:
    """The module names in the PYZ archive inside the executable (PyInstaller's reader)."""
    readers = pytest.importorskip("PyInstaller.archive.readers")
    executable = readers.CArchiveReader(str(build.executable(unpacked)))
    return list(executable.open_embedded_archive("PYZ.pyz").toc)


@pytest.mark.skipif(not LINUX, reason="env -i: a Linux launch with no environment at all")
def test_frozen_linux_game_starts_with_an_empty_environment(empty_env_smoke):
    """As ``env -i`` runs it: no DISPLAY, PATH, locale, XDG or SDL variable (SDL falls
    back to its offscreen driver). HOME alone is set, so the run writes its settings and
    caches in the test's folder and not in the real home."""
    smoke = empty_env_smoke
    assert smoke.returncode == 0, smoke.stdout + smoke.stderr
    assert "smoke ok" in smoke.stdout


def test_the_mac_app_names_its_version_identifier_and_why_it_uses_the_local_network(unpacked):
    """PyInstaller alone writes version 0.0.0, the identifier "secret-salon" and no
    local-network reason: tools/build.py completes the Info.plist (checked in the .app
    itself on macOS)."""
    info = build.mac_info(build.version())
    assert info["CFBundleShortVersionString"] == info["CFBundleVersion"] == build.version()
    assert info["CFBundleIdentifier"] == "io.itch.secret-salon"
    reasons = build.mac_reasons()
    assert info["NSLocalNetworkUsageDescription"] == reasons["en"] and reasons["fr"] != reasons["en"]
    assert all("phone" in reason.lower() or "téléphone" in reason.lower() for reason in reasons.values())
    if sys.platform == "darwin":
        import plistlib

        contents = unpacked / f"{build.NAME}.app" / "Contents"
        shipped = plistlib.loads((contents / "Info.plist").read_bytes())
        assert {key: shipped.get(key) for key in info} == info
        assert (contents / "Resources" / shipped["CFBundleIconFile"]).is_file()
        french = (contents / "Resources" / "fr.lproj" / "InfoPlist.strings").read_text(encoding="utf-8")
        assert reasons["fr"] in french


@pytest.mark.skipif(not LINUX, reason="glibc: Linux")
def test_the_glibc_checker_reads_what_the_loader_will_ask_for(unpacked):
    """tools/glibc_needs.py reads each ELF file's version needs: the same newest GLIBC_
    version as ``objdump -T`` over every file, never newer than this machine's glibc
    (the build ran here), and ``--max`` fails a bundle that needs a newer one."""
    top, files = glibc_needs.highest(unpacked)
    here = tuple(int(part) for part in os.confstr("CS_GNU_LIBC_VERSION").split()[1].split("."))
    assert (2, 17) <= top <= here and files
    if shutil.which("objdump"):
        dumped = subprocess.run(["objdump", "-T", str(files[0])], capture_output=True, text=True).stdout
        newest = max(tuple(map(int, v.split("."))) for v in re.findall(r"GLIBC_(\d+(?:\.\d+)+)", dumped))
        assert newest == top
    below = glibc_needs.dotted((top[0], top[1] - 1))
    assert glibc_needs.main([str(unpacked), "--max", glibc_needs.dotted(top)]) == 0
    assert glibc_needs.main([str(unpacked), "--max", below]) == 1


def test_the_release_builds_linux_on_debian_11_and_says_what_glibc_it_needs():
    """The release's Linux archive comes from tools/build_oldlinux.sh (Debian 11, glibc
    2.31), which fails above 2.31; docs/releasing.md gives the figure it measured."""
    workflow = (ROOT / ".github" / "workflows" / "build.yml").read_text(encoding="utf-8")
    assert "tools/build_oldlinux.sh" in workflow
    script = (ROOT / "tools" / "build_oldlinux.sh").read_text(encoding="utf-8")
    assert "bullseye" in script and "MAX_GLIBC=2.31" in script and "glibc_needs.py" in script
    figure = re.search(r"needs at most GLIBC_(\d+)\.(\d+)", RELEASING.read_text(encoding="utf-8"))
    assert figure and (int(figure.group(1)), int(figure.group(2))) <= (2, 31)


def test_a_release_build_refuses_versions_other_than_the_pinned_ones(tmp_path, monkeypatch):
    """tools/build.py checks the installed run-time distributions and PyInstaller against
    constraints.txt, which the CI workflow installs with."""
    from importlib import metadata

    installed = metadata.version("pyyaml")
    pins = tmp_path / "constraints.txt"
    pins.write_text(f"# a comment\nPyYAML=={installed}\npytweening==0.0.1\n", encoding="utf-8")
    monkeypatch.setattr(build, "CONSTRAINTS", pins)
    assert build.pin_problems(["pyyaml", "PyYAML"]) == []
    assert build.pin_problems(["pytweening", "segno"]) == [
        f"pytweening {metadata.version('pytweening')} is installed, constraints.txt pins 0.0.1",
        f"segno {metadata.version('segno')} is installed, constraints.txt pins nothing"]
    workflow = (ROOT / ".github" / "workflows" / "build.yml").read_text(encoding="utf-8")
    assert workflow.count("-c constraints.txt") == 2
    assert "-c constraints.txt" in (ROOT / "tools" / "build_oldlinux.sh").read_text(encoding="utf-8")


def test_each_os_builds_smokes_and_keeps_its_archive_in_a_job_of_its_own():
    """The CI workflow: every job builds, smoke-tests by exit status and log
    (tools/smoke.py), uploads the archive, and only then runs the build tests; none
    waits on the whole suite."""
    import yaml

    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "build.yml").read_text(encoding="utf-8"))
    jobs = workflow["jobs"]
    oses = [jobs["linux"]["runs-on"], *(row["os"] for row in jobs["desktop"]["strategy"]["matrix"]["include"])]
    assert [os_name.split("-")[0] for os_name in oses] == ["ubuntu", "windows", "macos", "macos"]
    for name, job in jobs.items():
        steps = [step.get("run", "") or step.get("uses", "") for step in job["steps"]]
        where = {what: next(i for i, step in enumerate(steps) if what in step)
                 for what in ("tools/smoke.py", "actions/upload-artifact", "pytest")}
        assert where["tools/smoke.py"] < where["actions/upload-artifact"] < where["pytest"], name
        assert all(step.strip().endswith("tests/test_build.py") for step in steps if "pytest" in step), name
        assert "needs" not in job, name
