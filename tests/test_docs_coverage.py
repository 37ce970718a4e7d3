"""The docs cover what a user can reach (issue 16, findings 4-7).

Every option ``--help`` shows is in docs/cli.md, in its command's section; every
statement of the grammars is explained in prose (a table row or a sentence, not only
an example) in docs/language.md or docs/card-notation.md; every diagnostic a user can
hit has a wrong and a right example; the docs name only files the project has; and
architecture.md's claims about the code hold.
"""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest

from mjdsl.codes import CODES
from mjdsl.commands import ALL

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
FENCE = re.compile(r"^[ \t]*```.*?^[ \t]*```[ \t]*$", re.M | re.S)


def _read(name: str) -> str:
    return (ROOT / name).read_text(encoding="utf-8")


def _prose(text: str) -> str:
    """The text of a page without its fenced blocks: what explains rather than shows."""
    return FENCE.sub("", text)


# ------------------------------------------------------------------ every --help option in docs/cli.md

CLI = _read("docs/cli.md")


def _section(command: str) -> str:
    m = re.search(rf"^## `mjdsl {command}`\n(.*?)(?=^## |\Z)", CLI, re.M | re.S)
    assert m, f"docs/cli.md has no section ## `mjdsl {command}`"
    return m.group(1)


CONVENTIONS = re.search(r"^## Conventions\n(.*?)(?=^## )", CLI, re.M | re.S).group(1)


def _options(cmd: click.Command) -> list[str]:
    return [o for p in cmd.params if isinstance(p, click.Option) for o in (*p.opts, *p.secondary_opts)]


COMMANDS = [c for c in ALL if not c.hidden]


@pytest.mark.parametrize("cmd", COMMANDS, ids=[c.name for c in COMMANDS])
def test_every_help_option_is_in_cli_md(cmd):
    section = _section(cmd.name)
    missing = [o for o in _options(cmd) if f"`{o}" not in section and f"`{o}" not in CONVENTIONS
               and not re.search(rf"\[{re.escape(o)}\b|\|{re.escape(o)}\b", section)]
    assert not missing, f"docs/cli.md, `mjdsl {cmd.name}`: options not documented: {missing}"


@pytest.mark.parametrize("cmd", COMMANDS, ids=[c.name for c in COMMANDS])
def test_every_command_has_a_transcript_that_runs(cmd):
    """Each section shows the command run (the transcripts are run by test_docs_run)."""
    assert re.search(rf"^```console\n(?:.*\n)*?\$ [^\n]*mjdsl {cmd.name}\b", _section(cmd.name), re.M), cmd.name


def test_the_groups_own_options_are_documented():
    from mjdsl.cli import cli

    for option in _options(cli) + ["--help"]:
        assert f"`mjdsl {option}`" in CONVENTIONS or f"`{option}`" in CONVENTIONS, option


# ------------------------------------------------------------------ every grammar statement explained


def _literal_alternatives(parser, name: str) -> list[list[str]] | None:
    """The keyword sequences a rule made only of keywords can be (``payer``: discarder, ...)."""
    terms = {t.name: t.pattern for t in parser.terminals}
    out = []
    for r in parser.rules:
        if r.origin.name != name:
            continue
        words = []
        for s in r.expansion:
            if not (s.is_term and terms[s.name].type == "str"):
                return None
            words.append(terms[s.name].value)
        out.append(words)
    return out or None


#: Rules that are values of a statement (a direction, a seat), not part of its keywords.
VALUES = ("direction", "seat_ref")


def _lead(parser, rule) -> list[str]:
    """The keywords a statement starts with, through keyword-only rules (``concealed on turn``)."""
    terms = {t.name: t.pattern for t in parser.terminals}
    words: list[str] = []
    for s in rule.expansion:
        if s.is_term and terms[s.name].type == "str" and re.fullmatch(r"[a-z]+", terms[s.name].value):
            words.append(terms[s.name].value)
            continue
        alts = None if s.is_term or s.name in VALUES else _literal_alternatives(parser, s.name)
        if alts and len(words) <= 1:  # `concealed on turn`, `on wrong tile count`, `discarder pays winner`
            words.extend(alts[0])
            continue
        break
    return words


def _statements():
    from mjdsl.syntax import card_build
    from mjdsl.syntax.parse import parser as ruleset_parser

    out = {}
    rp = ruleset_parser()
    for r in rp.rules:
        if r.origin.name.endswith(("_stmt", "_decl")) and r.origin.name not in ("tile_stmt",):
            lead = _lead(rp, r)
            if lead:
                out.setdefault(" ".join(lead), r.alias or r.origin.name)
    cp = card_build.parser()
    for r in cp.rules:
        if r.origin.name in ("card_title", "card_year", "card_points", "card_tiles", "card_section"):
            out.setdefault(" ".join(_lead(cp, r)), r.origin.name)
    return sorted(out.items())


STATEMENTS = _statements()
EXPLAINED = [span for name in ("docs/language.md", "docs/card-notation.md")
             for span in re.findall(r"`([^`\n]+)`", _prose(_read(name)))]


def test_the_statements_are_found():
    assert len(STATEMENTS) >= 60
    assert ("stand in groups of", "joker_stand") in STATEMENTS
    assert ("discarder pays winner", "pay") in STATEMENTS


def _explains(span: str, words: list[str]) -> bool:
    """The words of a statement appear in order in one code span of the prose."""
    tokens = re.findall(r"[a-z]+", span)
    it = iter(tokens)
    return all(w in it for w in words)


@pytest.mark.parametrize("lead,rule", STATEMENTS, ids=[r for _, r in STATEMENTS])
def test_every_grammar_statement_is_explained(lead, rule):
    words = lead.split()
    assert any(_explains(span, words) for span in EXPLAINED), (
        f"`{lead} ...` ({rule}) is only shown by example: explain it in a table or sentence of "
        "docs/language.md or docs/card-notation.md")


# ------------------------------------------------------------------ every diagnostic shown wrong and right

#: Codes no ruleset, card or command line can produce: bugs of mjdsl itself, or of a
#: program driving the engine's API. They have no wrong example to give.
NOT_REACHABLE = {
    "MJ199": "a bug in the tree builder",
    "MJ299": "a bug in a check",
    "MJ401": "the engine's API used after the hand is over",
    "MJ402": "the engine's API given a chance outcome it did not offer",
    "MJ403": "the engine's API given an action it did not offer (the CLI offers only legal ones)",
    "MJ404": "a bug in the lowering: a state with no way out",
    "MJ405": "a bug in the engine: a tile that is not there",
    "MJ410": "a bug in the engine: a broken invariant",
}

SHOWN_IN_DOCS = {
    code
    for p in sorted(DOCS.glob("*.md"))
    for code in re.findall(r"^[ \t]*```console[^\n]*\bcode=(MJ\d{3})", _read(str(p.relative_to(ROOT))), re.M)
}


@pytest.mark.parametrize("code", sorted(CODES))
def test_every_diagnostic_a_user_can_hit_has_a_wrong_and_a_right_example(code):
    entry = CODES[code]
    if code in NOT_REACHABLE:
        assert not entry.wrong, f"{code} has an example after all: take it out of NOT_REACHABLE"
        return
    assert (entry.wrong and entry.right) or code in SHOWN_IN_DOCS, (
        f"{code} has no wrong and right example: give it one in the registry, or a "
        "```console code=... transcript in docs/ that shows it and its fix")


# ------------------------------------------------------------------ the docs name only files that exist

PAGES = ["README.md", *sorted(str(p.relative_to(ROOT)) for p in DOCS.glob("*.md"))]


@pytest.mark.parametrize("name", PAGES)
def test_links_lead_to_files_of_the_project(name):
    text = _read(name)
    base = (ROOT / name).parent
    for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
        if "://" in target:
            continue
        assert (base / target).exists(), f"{name} links to {target}, which the project does not have"


@pytest.mark.parametrize("ref", ["contracts.md", "classical-scoring.md"])
def test_no_page_help_or_ruleset_cites_a_file_outside_the_project(ref):
    files = [ROOT / p for p in PAGES] + sorted((ROOT / "mjdsl").rglob("*.py")) + sorted((ROOT / "rulesets").rglob("*.mj"))
    citing = [str(f.relative_to(ROOT)) for f in files if ref in f.read_text(encoding="utf-8")]
    assert not citing, f"{ref} is not in the project, and these cite it: {citing}"


# ------------------------------------------------------------------ architecture.md holds


def test_lark_is_imported_where_architecture_md_says():
    """Lark stays in syntax/ (authoring/fmt.py reads the lexer's tokens through syntax/parse.py)."""
    users = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "mjdsl").rglob("*.py")
                   if re.search(r"^\s*(import lark|from lark)", p.read_text(encoding="utf-8"), re.M))
    assert users and all(u.startswith("mjdsl/syntax/") or u == "mjdsl/authoring/fmt.py" for u in users), users
    assert "`authoring/fmt.py`" in _read("docs/architecture.md")


def test_architecture_md_lists_every_command():
    text = _read("docs/architecture.md")
    line = re.search(r"commands/ \+ cli\.py: `mjdsl ([^`]*)`", text, re.S)
    assert line
    listed = {w.strip() for w in line.group(1).replace("\n", " ").split("|")}
    assert listed == {c.name for c in COMMANDS}


def test_a_card_check_that_breaks_is_reported_as_mj299(monkeypatch):
    from conftest import build_american_tiles

    from mjdsl.cards import check as card_check
    from mjdsl.cards import parse_card

    def broken(compiled):
        raise RuntimeError("boom")

    monkeypatch.setattr(card_check, "CHECKS", (broken, *card_check.CHECKS))
    card, _ = parse_card('card "T"\nFF 1111 1111 1111 - a b c 25\n', "t.card")
    diags = card_check.check_card(card, build_american_tiles())[1]
    assert [d.code for d in diags if d.is_error] == ["MJ299"] and "boom" in diags[0].message


def test_readme_lists_every_page_and_every_shipped_file():
    readme = _read("README.md")
    for page in DOCS.glob("*.md"):
        assert f"docs/{page.name}" in readme, f"README.md does not list docs/{page.name}"
    shipped = [*(ROOT / "rulesets").rglob("*.mj"), *(ROOT / "rulesets").rglob("*.card"), *(ROOT / "examples" / "cards").glob("*.card")]
    for f in shipped:
        assert str(f.relative_to(ROOT)) in readme, f"README.md does not list {f.relative_to(ROOT)}"
    assert '"..."' not in readme, "README.md has a placeholder a user would type literally"
