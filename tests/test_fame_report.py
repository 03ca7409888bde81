"""tools/fame_report.py (issue 27 item 4): Secret Identity's fame grades against an outside
measure, the written frequency of each name in its language (wordfreq)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from game import paths
from game.games.secret_identity.rules.catalogue import load_catalogue

TOOL = Path(__file__).resolve().parent.parent / "tools" / "fame_report.py"
_spec = importlib.util.spec_from_file_location("fame_report", TOOL)
fame_report = sys.modules["fame_report"] = importlib.util.module_from_spec(_spec)  # its dataclass looks itself up
_spec.loader.exec_module(fame_report)

#: A made-up frequency table (Zipf), so the measure's rules are tested without wordfreq.
ZIPF = {"the": 7.5, "master": 4.5, "fox": 4.1, "nurse": 4.2, "ibn": 3.8, "battuta": 2.0, "arsène": 2.4,
        "lupin": 2.9, "toutankhamon": 2.3, "argan": 1.2, "imaginary": 3.5, "invalid": 3.4, "zeus": 3.6}


def zipf(word: str, _lang: str) -> float:
    return ZIPF.get(word, 0.0)


def tokens(text: str, _lang: str) -> list[str]:
    return [word.strip(".,()'").lower() for word in text.split() if word.strip(".,()'")]


def measure(name: str) -> float | None:
    return fame_report.measure(name, "en", zipf, tokens)


def test_a_name_is_measured_by_its_rarest_distinctive_word():
    assert measure("Ibn Battuta") == 2.0 and measure("Arsène Lupin") == 2.4  # the rarest word counts
    assert measure("The Zeus") == 3.6                                         # articles are everyday words
    assert measure("Master Fox") is None and measure("The Nurse") is None     # everyday words say nothing
    assert measure("Argan, the Imaginary Invalid") == 1.2                     # the epithet left out
    assert measure("Toutânkhamon") == 2.3                                     # its accent-free spelling


def test_the_report_lists_the_two_step_disagreements_and_the_judged_apart():
    characters = [SimpleNamespace(id=i, name=lambda lang, n=n: n, fame=lambda lang, g=g: g)
                  for i, n, g in (("zeus", "Zeus", 1), ("argan", "Argan", 3), ("nurse", "The Nurse", 3),
                                  ("lupin", "Arsène Lupin", 3), ("bagheera", "Argan", 3))]
    table = fame_report.rows(characters, ("fr",), zipf, tokens)
    text = fame_report.report(table)
    assert "under-graded?): 1" in text and "1 vs 3 (Zipf 3.60)  Zeus  [zeus]" in text
    assert "over-graded?): 1" in text and "3 vs 1 (Zipf 1.20)  Argan  [argan]" in text
    assert "Lupin" not in text                          # one step apart: listed with --all only
    assert "Lupin" in fame_report.report(table, every=True)
    assert "[bagheera]: Disney's Jungle Book" in text   # kept famous by judgement, with its reason
    assert "4 measured" in text and "1 not measured" in text
    assert [row.id for row in fame_report.unjudged_over_grades(table)] == ["argan"]


def test_every_fame_3_character_the_measure_puts_at_1_is_judged_famous():
    """With wordfreq installed (``pip install -e '.[tools]'``): the grades and the measure
    agree, or the judgement is written down with its reason; and every judgement is of a
    character still graded 3."""
    wordfreq = pytest.importorskip("wordfreq")
    catalogue, _warnings = load_catalogue(paths.data_dir(), None)
    table = fame_report.rows(catalogue.characters, fame_report.LANGS, wordfreq.zipf_frequency, wordfreq.tokenize)
    assert [(row.id, row.lang, row.zipf) for row in fame_report.unjudged_over_grades(table)] == []
    graded = {(row.id, row.lang): row.grade for row in table}
    assert [key for key in fame_report.JUDGED_FAMOUS if graded.get(key) != 3] == []
