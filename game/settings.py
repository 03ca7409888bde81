"""Player settings: language, screen, volumes, readability, timers, rumble, phones,
accessibility, and the streaming settings (the room code hidden on the TV, a room
password, a seat limit, matches started only from the TV, the audience on or off).

Stored as JSON in the user's config folder (``paths.user_config_dir()/settings.json``),
written atomically, read as every player's file is (``core.files.read_text``: a BOM is
fine; a pipe, a device, a link that leads nowhere or a file over :data:`MAX_BYTES` is
not read). A file that cannot be read gives the defaults, a notice key for the
screen, and is kept beside itself as ``.bak``; a readable file with bad fields only
loses those (they fall back to their defaults): the player is told, the file as it was is
copied to ``.bak`` and the repaired settings are written, so the notice shows once.
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, TypeGuard

from .core.files import quarantine, read_text, write_atomic

FILE_NAME = "settings.json"
#: The largest settings file read (ours is ~300 bytes).
MAX_BYTES = 64 * 1024
LANGS = ("fr", "en")
TIMER_PRESETS = {"normal": 1.0, "extended": 1.5, "off": 0.0}
SAFE_AREAS = (0.05, 0.10)
TEXT_SCALES = (1.0, 1.15, 1.3)
#: The phone companion's port: a fixed one in the dynamic range (49152–65535), so the
#: address phones open stays the same from one evening to the next; the settings screen
#: offers these, a settings file may hold any port from 1024.
COMPANION_PORTS = (50505, 50515, 50525, 50535, 8080)
#: The accessibility settings that are on or off.
TOGGLES = ("high_contrast", "narration", "captions", "hold_toggle", "reduce_motion")
#: The stick dead zones the accessibility page offers (a settings file may hold any from 0.05 to 0.6).
DEAD_ZONES = (0.1, 0.18, 0.25, 0.35, 0.5)
#: The seat limits the streaming settings offer (the table's most seats, 8, is no limit).
SEAT_LIMITS = (2, 3, 4, 5, 6, 7, 8)
#: A room password: what a seated player reads out, at most this long, printable; the
#: settings screen makes one of :data:`PASSWORD_DIGITS` digits, a settings file may hold any.
MAX_PASSWORD = 32
PASSWORD_DIGITS = 4
#: Notice string keys the title screen shows (see data/i18n/*/core.yaml).
NOTICE_CORRUPT = "notices.settings_corrupt"
NOTICE_REPAIRED = "notices.settings_repaired"


#: Where the system's language is read first, in gettext's order (the first one set wins;
#: LANGUAGE is a list, "fr:en").
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def system_lang(environ: Mapping[str, str] | None = None,
                preferred_locales: Callable[[], Iterable[Mapping[str, object]]] | None = None) -> str:
    """"fr" when the system's language is French ("fr_CA.UTF-8", "fr-FR"…), else "en":
    the language of the first launch.

    The locale variables first (Linux, or a game started from a terminal); when none is
    set (Windows, a game opened from macOS's Finder) the user's preferred languages as
    SDL reads them from the system (``pygame.system.get_pref_locales``)."""
    environ = os.environ if environ is None else environ
    name = next((environ[var] for var in LOCALE_VARIABLES if environ.get(var)), None)
    if name is None:
        if preferred_locales is None:
            from pygame.system import get_pref_locales

            preferred_locales = get_pref_locales
        name = next((str(entry["language"]) for entry in preferred_locales()), "")
    language = name.split(":")[0].replace("-", "_").split("_")[0].split(".")[0].lower()
    return "fr" if language == "fr" else "en"


@dataclass
class Settings:
    #: First launch (no settings yet): the system's language, full screen (a TV game).
    lang: str = field(default_factory=system_lang)
    fullscreen: bool = True
    music_volume: float = 0.6
    sound_volume: float = 0.8
    text_scale: float = 1.0
    safe_area: float = 0.05
    timer_preset: str = "normal"  # normal | extended | off
    rumble: bool = True
    #: Serve the phone companion (game/companion) while the game runs, on this port.
    companion: bool = True
    companion_port: int = COMPANION_PORTS[0]
    #: Accessibility (the settings' own page, game/scenes/menus/access.py): the UI kit's
    #: high-contrast theme; the public prompts, phase changes and results read aloud; the
    #: sound cues written on the TV.
    high_contrast: bool = False
    narration: bool = False
    captions: bool = False
    #: A tap for every hold (input/holds.py); the left stick's dead zone (its radius,
    #: 0..1); no confetti, shakes, swells or moving backgrounds (the UI kit's ``motion``).
    hold_toggle: bool = False
    stick_dead_zone: float = 0.25
    reduce_motion: bool = False
    #: Streaming (issue 30 item 3): the lobby shows no room code nor QR code (a seated
    #: player sees it on their phone, or holds PEEK on the lobby); a password every new
    #: phone must give ("" none); the most seats the table takes (a phone past it may
    #: watch); only the TV starts, ends or leaves a match; phones may join as the audience.
    hide_room_code: bool = False
    room_password: str = ""
    seat_limit: int = SEAT_LIMITS[-1]
    tv_starts: bool = False
    audience: bool = True

    @property
    def timer_scale(self) -> float:
        """Multiplier handed to games' configs: 1.0, 1.5, or 0.0 (timers off)."""
        return TIMER_PRESETS.get(self.timer_preset, 1.0)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _valid(name: str, value: object) -> bool:
    """Whether ``value`` is acceptable for the field ``name``."""
    if name == "lang":
        return value in LANGS
    if name in ("fullscreen", "rumble", "companion", "hide_room_code", "tv_starts", "audience", *TOGGLES):
        return isinstance(value, bool)
    if name == "room_password":
        return isinstance(value, str) and len(value) <= MAX_PASSWORD and value.isprintable() and value == value.strip()
    if name == "seat_limit":
        return type(value) is int and value in SEAT_LIMITS
    if name in ("music_volume", "sound_volume"):
        return _is_number(value) and 0.0 <= value <= 1.0
    if name == "text_scale":
        return _is_number(value) and 0.8 <= value <= 1.5
    if name == "safe_area":
        return _is_number(value) and any(abs(value - s) < 1e-6 for s in SAFE_AREAS)
    if name == "timer_preset":
        return isinstance(value, str) and value in TIMER_PRESETS
    if name == "stick_dead_zone":
        return _is_number(value) and 0.05 <= value <= 0.6
    if name == "companion_port":
        return type(value) is int and 1024 <= value <= 65535
    return False


def _is_number(value: object) -> TypeGuard[int | float]:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value == value


def from_json(raw: object) -> Settings:
    """Settings from parsed JSON: unknown keys ignored, each bad field -> its default."""
    defaults = Settings()
    if not isinstance(raw, dict):
        return defaults
    values: dict[str, Any] = {}
    for spec in fields(Settings):
        value = raw.get(spec.name, getattr(defaults, spec.name))
        if not _valid(spec.name, value):
            value = getattr(defaults, spec.name)
        if spec.name in ("music_volume", "sound_volume", "text_scale", "safe_area", "stick_dead_zone"):
            value = float(value)
        values[spec.name] = value
    return Settings(**values)


def bad_fields(raw: Mapping[str, object]) -> list[str]:
    """The settings ``raw`` holds with a value that is not acceptable (missing and
    unknown keys are not bad: older and newer files)."""
    return [spec.name for spec in fields(Settings) if spec.name in raw and not _valid(spec.name, raw[spec.name])]


def default_path() -> Path:
    from . import paths

    return paths.user_config_dir() / FILE_NAME


def load_settings(path: Path | str | None = None) -> tuple[Settings, str | None]:
    """``(settings, notice)``: notice is an i18n key when the file was unreadable or
    held bad values.

    A missing file is not an error (first start). An unreadable or non-JSON file (even
    one nested too deep for the parser; a pipe, a device, a link that leads nowhere) is
    moved to ``<name>.bak`` so the player (or we) can look at it, and defaults are used.
    Bad values: see the module docstring.
    """
    path = Path(path) if path is not None else default_path()
    try:
        raw = json.loads(read_text(path, MAX_BYTES))
        if not isinstance(raw, dict):
            raise ValueError("settings must be a JSON object")
    except FileNotFoundError:
        return Settings(), None
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        with contextlib.suppress(OSError):
            quarantine(path)
        return Settings(), NOTICE_CORRUPT
    settings = from_json(raw)
    if not bad_fields(raw):
        return settings, None
    import shutil  # not needed before the first frame

    with contextlib.suppress(OSError):
        shutil.copyfile(path, path.with_name(path.name + ".bak"))
        save_settings(settings, path)
    return settings, NOTICE_REPAIRED


def save_settings(settings: Settings, path: Path | str | None = None) -> None:
    """Write atomically (temp file + rename), so a crash never leaves half a file."""
    path = Path(path) if path is not None else default_path()
    write_atomic(path, json.dumps(settings.to_json(), indent=2, ensure_ascii=False) + "\n")
