"""babel's files for the frozen game, in place of PyInstaller's own hook (which ships every
locale, 32 MB): the data of the two UI languages (game/i18n.py's ``LANGUAGES``, whose
plural rules the strings follow), the root locale they inherit from, babel's global
table (``Locale.parse`` needs it) and CLDR's licence."""

from PyInstaller.utils.hooks import collect_data_files

KEPT = ("fr", "en", "root")

datas = collect_data_files("babel", includes=[
    *(f"locale-data/{name}.dat" for name in KEPT), "locale-data/LICENSE.unicode", "global.dat",
])
# Unpickling root.dat needs classes from these modules (as PyInstaller's hook says).
hiddenimports = ["babel.dates", "babel.localedata", "babel.plural", "babel.numbers"]
