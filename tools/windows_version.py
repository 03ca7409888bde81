"""The Windows executable's version resource (Explorer: Properties → Details; the Task
Manager shows its description as the process name), written as the text PyInstaller's
``--version-file`` reads: a ``VSVersionInfo(...)`` expression of its
``PyInstaller.utils.win32.versioninfo`` classes."""

from __future__ import annotations

import re
from pathlib import Path

PRODUCT = "Secret Salon"
EXE = "secret-salon.exe"


def version_numbers(version: str) -> tuple[int, int, int, int]:
    """The four numbers Windows wants from a version such as ``1.2.3`` or ``1.2rc1``
    (missing parts are 0; a pre-release tag is not a number here)."""
    match = re.match(r"(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:\.(\d+))?", version)
    if match is None:
        raise ValueError(f"not a version: {version!r}")
    return tuple(int(part or 0) for part in match.groups())  # type: ignore[return-value]


def version_file_text(version: str) -> str:
    numbers = version_numbers(version)
    strings = [("FileDescription", PRODUCT), ("FileVersion", version), ("InternalName", EXE[:-4]),
               ("OriginalFilename", EXE), ("ProductName", PRODUCT), ("ProductVersion", version)]
    table = ",\n        ".join(f"StringStruct({key!r}, {value!r})" for key, value in strings)
    return f"""VSVersionInfo(
  ffi=FixedFileInfo(filevers={numbers}, prodvers={numbers}, mask=0x3f, flags=0x0, OS=0x40004,
                    fileType=0x1, subtype=0x0, date=(0, 0)),
  kids=[
    StringFileInfo([StringTable('040904B0', [
        {table}])]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])]),
  ],
)
"""


def write_version_file(path: Path, version: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(version_file_text(version), encoding="utf-8")
    return path
