"""Check a bundle's ``.itch.toml`` the way butler and the itch app read it.

    python tools/check_itch.py dist/secret-salon

The manifest is TOML with an array of ``[[actions]]`` (each a ``name`` and a ``path``
relative to the folder, optionally ``args``, ``platform``, ``console``, ``sandbox``,
``scope``, ``icon``, ``locales``) and an optional array of ``[[prereqs]]`` (each a
``name``). butler rejects an unparsable manifest, unknown fields, an action without a
name or path and an unknown platform; the itch app then launches the ``play`` action,
so this checker also wants that one and every local path to exist in the folder.
Exits 1 with one line per problem.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path, PurePosixPath

MANIFEST = ".itch.toml"
TOP_KEYS = {"actions", "prereqs"}
ACTION_KEYS = {"name", "path", "icon", "args", "sandbox", "scope", "console", "platform", "locales"}
PREREQ_KEYS = {"name"}
PLATFORMS = {"windows", "linux", "osx"}
#: Action paths that are not files in the folder: web pages and itch's own URLs.
URL_SCHEMES = ("http://", "https://", "itch://", "mailto:")


def problems(folder: Path) -> list[str]:
    """Everything wrong with ``folder``'s manifest (empty when it is fine)."""
    path = folder / MANIFEST
    if not path.is_file():
        return [f"{path}: missing"]
    try:
        manifest = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        return [f"{path}: not TOML ({exc})"]
    found = [f"unknown top-level field {key!r}" for key in sorted(set(manifest) - TOP_KEYS)]
    actions = manifest.get("actions", [])
    if not _is_tables(actions) or not actions:
        return [*found, "'actions' must be a non-empty array of [[actions]] tables"]
    for index, action in enumerate(actions):
        found += [f"action {index + 1}: {problem}" for problem in _action_problems(action, folder)]
    if not any(action.get("name") == "play" for action in actions):
        found.append("no action named 'play' (the one the itch app launches)")
    prereqs = manifest.get("prereqs", [])
    if not _is_tables(prereqs):
        found.append("'prereqs' must be an array of [[prereqs]] tables")
    else:
        for index, prereq in enumerate(prereqs):
            found += [f"prereq {index + 1}: unknown field {key!r}" for key in sorted(set(prereq) - PREREQ_KEYS)]
            if not _text(prereq.get("name")):
                found.append(f"prereq {index + 1}: needs a 'name'")
    return found


def _is_tables(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(item, dict) for item in value)


def _text(value: object) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _action_problems(action: dict, folder: Path) -> list[str]:
    found = [f"unknown field {key!r}" for key in sorted(set(action) - ACTION_KEYS)]
    if not _text(action.get("name")):
        found.append("needs a 'name'")
    target = action.get("path")
    if not _text(target):
        return [*found, "needs a 'path'"]
    if "platform" in action and action["platform"] not in PLATFORMS:
        found.append(f"platform {action['platform']!r} is not one of {sorted(PLATFORMS)}")
    if "args" in action and not (isinstance(action["args"], list) and all(isinstance(a, str) for a in action["args"])):
        found.append("'args' must be a list of strings")
    for flag in ("console", "sandbox"):
        if flag in action and not isinstance(action[flag], bool):
            found.append(f"'{flag}' must be true or false")
    if target.startswith(URL_SCHEMES):
        return found
    relative = PurePosixPath(target)
    if "\\" in target or relative.is_absolute() or ".." in relative.parts:
        found.append(f"path {target!r} must be relative to the folder, with forward slashes")
    elif not (folder / relative).exists():
        found.append(f"path {target!r} does not exist in {folder}")
    return found


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    found = problems(Path(args[0]))
    for problem in found:
        print(f"{MANIFEST}: {problem}", file=sys.stderr)
    if not found:
        print(f"{Path(args[0]) / MANIFEST}: ok")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
