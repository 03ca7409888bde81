"""pyphen's files for the frozen game, in place of the contrib hook (which ships its 84
dictionaries, 6 MB): only the two the UI languages hyphenate with (game/ui/fit.py's
``HYPHENATION``) and their licence notes."""

from PyInstaller.utils.hooks import collect_data_files

KEPT = ("hyph_fr", "hyph_en_GB")

datas = collect_data_files("pyphen", includes=[
    *(f"dictionaries/{name}.dic" for name in KEPT), *(f"dictionaries/README_{name}.txt" for name in KEPT),
])
