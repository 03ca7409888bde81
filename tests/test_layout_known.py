"""``python -m game layout --known``: the KNOWN / KNOWN_WIDE / KNOWN_WIDE_TEXT / KNOWN_VIEWS dicts of
tests/test_layout.py for the current failures, printed in the file's own form."""

from __future__ import annotations

from game.ui import layout_probe
from game.ui.layout_probe import Violation


def test_known_prints_the_failing_rules_and_wide_margins_as_test_layout_keeps_them(capsys, monkeypatch):
    from game.__main__ import main

    def check(self, shot, lang, build=None):
        found = {("title", "en", 0.05): ["contrast", "margin", "contrast"],
                 ("title", "fr", 0.05): ["margin"],
                 ("settings", "en", 0.05): ["box"],
                 ("title", "en", 0.10): ["margin"],
                 ("settings", "fr", 0.10): ["margin", "box"],
                 ("title", "fr", 0.05, "demo"): ["small"]}.get((shot, lang, self.safe_area, *(("demo",) if self.names == "demo" else ())), [])
        return [Violation(shot, lang, rule, "word", (0, 0, 1, 1)) for rule in found]

    def check_then_last(self, shot, lang):
        last = [Violation(shot, lang, "cut", "Konstanti…", (0, 0, 1, 1))] if (shot, lang) == ("settings", "fr") else []
        return check(self, shot, lang), last

    monkeypatch.setattr(layout_probe.Probe, "check", check)
    monkeypatch.setattr(layout_probe.Probe, "check_then_last", check_then_last)
    assert main(["layout", "title", "settings", "--known"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines() == [
        "KNOWN: dict[tuple[str, str], tuple[str, ...]] = {",
        """    ("settings", "box"): ('en',),""",
        """    ("title", "margin"): ('fr', 'en'),""",
        """    ("title", "contrast"): ('en',),""",
        "}",
        "KNOWN_WIDE: dict[str, tuple[str, ...]] = {",
        """    "settings": ('fr',),""",
        """    "title": ('en',),""",
        "}",
        "KNOWN_WIDE_TEXT: dict[tuple[str, str], tuple[str, ...]] = {",
        """    ("settings", "box"): ('fr',),""",
        "}",
        "KNOWN_VIEWS: dict[tuple[str, str, str], tuple[str, ...]] = {",
        """    ("last", "settings", "cut"): ('fr',),""",
        """    ("default", "title", "small"): ('fr',),""",
        "}",
    ]
    namespace: dict = {}
    exec(out, namespace)  # pastes as it prints
    assert namespace["KNOWN"][("title", "margin")] == ("fr", "en") and namespace["KNOWN_WIDE"] == {
        "settings": ("fr",), "title": ("en",)} and namespace["KNOWN_WIDE_TEXT"] == {("settings", "box"): ("fr",)}
    assert namespace["KNOWN_VIEWS"] == {("last", "settings", "cut"): ("fr",), ("default", "title", "small"): ("fr",)}


def test_known_prints_empty_dicts_when_every_shot_passes(capsys, monkeypatch):
    from game.__main__ import main

    monkeypatch.setattr(layout_probe.Probe, "check", lambda self, shot, lang, build=None: [])
    monkeypatch.setattr(layout_probe.Probe, "check_then_last", lambda self, shot, lang: ([], []))
    assert main(["layout", "title", "--known"]) == 0
    namespace: dict = {}
    exec(capsys.readouterr().out, namespace)
    assert namespace["KNOWN"] == {} and namespace["KNOWN_WIDE"] == {} and namespace["KNOWN_WIDE_TEXT"] == {}
    assert namespace["KNOWN_VIEWS"] == {}
