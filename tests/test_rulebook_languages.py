"""The rule book in three languages: English exactly as ``mjdsl render`` always printed it
(pinned in ``tests/golden/rulebook``; regenerate with ``--update-golden`` when the words
change on purpose), and the club's Chinese and Japanese pages with every sentence the
rule book makes from the ruleset said in the page's language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mjdsl.cli import main

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).resolve().parent / "golden" / "rulebook"


@pytest.mark.parametrize("name", ["classical", "american"])
def test_the_english_rule_book_is_unchanged(name, capsys, monkeypatch, request):
    monkeypatch.chdir(ROOT)
    assert main(["render", f"rulesets/{name}.mj", "--format", "md"]) == 0
    out = capsys.readouterr().out
    golden = GOLDEN / f"{name}.md"
    if request.config.getoption("--update-golden"):
        golden.write_text(out, encoding="utf-8")
    assert out == golden.read_text(encoding="utf-8")


def _render_messages() -> list[str]:
    """The rule book's catalog messages (``render/``), singular and plural."""
    pytest.importorskip("babel")
    from babel.messages.extract import extract_from_dir

    from mjdsl import render

    out = []
    for _, _, msg, _, _ in extract_from_dir(Path(render.__file__).parent, [("**.py", "python")]):
        out += [msg] if isinstance(msg, str) else list(msg)
    return out


def _english_fragments(messages) -> set[str]:
    """The English words of the messages between their places, those of three words or
    more (a shorter one such as "the card" may be a ruleset's own words, or a fact's)."""
    out = set()
    for m in messages:
        for part in re.split(r"\{\w+\}", m):
            part = part.strip(" ,;:()\"")
            if len(re.findall(r"[A-Za-z']+", part)) >= 3:
                out.add(part)
    return out


def _sentences(book) -> list[str]:
    """The sentences of a rule book the catalog says whole: all but the scoring rules and
    payments, whose conditions are :mod:`mjdsl.render.plain`'s English words."""
    out = [*book.tiles, *book.setup, *book.claims, *book.jokers, *book.winning, *book.dead_hands, *book.scoring,
           *book.session]
    for phase in book.phases:
        out += [*phase.steps, *phase.notes]
    return out


@pytest.mark.parametrize("lang", ["zh", "ja"])
@pytest.mark.parametrize("table", ["american", "classical"])
def test_no_rule_book_sentence_is_left_in_english(lang, table):
    from mjdsl.frontend.checked import require
    from mjdsl.ir.lower import lower
    from mjdsl.render.rulebook import rulebook_view
    from mjdsl.server import i18n
    from mjdsl.server.club import load_tables

    t = load_tables()[table]
    ctx = require(t.ruleset, t.sets).ctx
    english = _sentences(rulebook_view(ctx, lower(ctx), "book.mj"))
    translated = _sentences(rulebook_view(ctx, lower(ctx), "book.mj", i18n.translations(lang)))
    assert len(english) == len(translated) > 15
    assert [(e, s) for e, s in zip(english, translated) if e == s] == []
    fragments = _english_fragments(_render_messages())
    assert len({f for f in fragments if any(f in e for e in english)}) > 10, "the English book says these"
    assert sorted({f for f in fragments if any(f in s for s in translated)}) == []


class _Asked:
    """A catalog's translations that note every message asked of them."""

    def __init__(self, translations):
        self.translations = translations
        self.asked: dict[str, str] = {}  # message: its translation
        self.english: dict[str, tuple[str, ...]] = {}  # message: its English forms

    def info(self):
        return self.translations.info()

    def gettext(self, message):
        self.asked[message] = self.translations.gettext(message)
        self.english[message] = (message,)
        return self.asked[message]

    def ngettext(self, one, many, n):
        self.asked[one] = self.translations.ngettext(one, many, n)
        self.english[one] = (one, many)
        return self.asked[one]


@pytest.mark.parametrize("lang", ["zh", "ja"])
@pytest.mark.parametrize("table", ["american", "classical"])
def test_every_message_the_rule_book_asks_for_is_translated(lang, table):
    from mjdsl.render import rulebook
    from mjdsl.server import i18n
    from mjdsl.server.club import load_tables

    t = load_tables()[table]
    asked = _Asked(i18n.translations(lang))
    rulebook.render_rulebook(t.ruleset, "html", t.sets, asked)
    sentences = set(_render_messages())
    from_the_book = {m for m in asked.asked if m in sentences}
    assert len(from_the_book) > 20
    assert sorted(m for m in from_the_book if asked.asked[m] in asked.english[m]) == []
