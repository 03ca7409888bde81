"""pygame_gui's files for the frozen game, in place of the hook pygame_gui ships (hooks
given with ``--additional-hooks-dir`` take priority).

Its theme and translations, and only the two fonts it loads by itself: Noto Sans Regular
(its default face) and Fira Code (its symbols). Our theme renders every widget in
Fredoka One, so the bold and italic Noto faces and the CJK, Arabic, Hebrew and Georgian
ones (12 MB) are never opened.
"""

from PyInstaller.utils.hooks import collect_data_files

KEPT_FONTS = ("NotoSans-Regular.ttf", "FiraCode-Regular.ttf")

datas = collect_data_files("pygame_gui", includes=[
    "data/__init__.py", "data/default_theme.json", *(f"data/{font}" for font in KEPT_FONTS),
    "data/translations/__init__.py", "data/translations/*.json",
])
