"""``mjdsl fmt``: the canonical layout is idempotent, keeps every comment, and never
changes what a file means (the formatted text parses to the same tree, spans aside)."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings

from mjdsl.cli import main
from mjdsl.authoring.fmt import FormatError, format_text
from mjdsl.syntax.parse import parse_text
from strategies import programs, statements

ROOT = Path(__file__).resolve().parent.parent
#: Every ruleset in the repository: shipped, examples, and the lint test files.
SHIPPED = [*sorted(ROOT.glob("rulesets/*.mj")), *sorted(ROOT.glob("examples/**/*.mj")),
           *sorted(ROOT.glob("tests/lint/*.mj"))]
IDS = [str(p.relative_to(ROOT)) for p in SHIPPED]


def shape(node):
    """A node as plain data without spans (or a program's file name): what a file means, not where."""
    if attrs.has(type(node)):
        program = type(node).__name__ == "Program"
        return (type(node).__name__,) + tuple(
            (f.name, shape(getattr(node, f.name))) for f in attrs.fields(type(node))
            if f.name != "span" and not (f.name == "path" and program)
        )
    if isinstance(node, (tuple, list)):
        return tuple(shape(x) for x in node)
    if isinstance(node, str):
        return str(node)  # keyword words carry a span as an attribute
    return node


def tree(text: str):
    parsed = parse_text(text)
    assert parsed.program is not None, parsed.diagnostics
    return shape(parsed.program)


@pytest.mark.parametrize("path", SHIPPED, ids=IDS)
def test_shipped_file_formats_to_the_same_tree_and_twice_to_the_same_bytes(path):
    text = path.read_text(encoding="utf-8")
    once = format_text(text)
    assert format_text(once).encode() == once.encode()
    assert tree(once) == tree(text)
    # every comment survives, in order
    comments = [ln.strip()[ln.strip().index("#"):] for ln in text.splitlines() if "#" in ln and _comment_start(ln)]
    kept = [ln.strip()[ln.strip().index("#"):] for ln in once.splitlines() if "#" in ln and _comment_start(ln)]
    assert kept == comments


def _comment_start(line: str) -> bool:
    """Whether a line has a comment (a # outside a string)."""
    inside = False
    for ch in line:
        if ch == '"':
            inside = not inside
        elif ch == "#" and not inside:
            return True
    return False


FMT = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FMT
@given(programs())
def test_random_programs_format_to_the_same_tree(text):
    once = format_text(text)
    assert tree(once) == tree(text)
    assert format_text(once) == once


@FMT
@given(statements())
def test_random_statements_format_to_the_same_tree(text):
    once = format_text(text)
    assert tree(once) == tree(text)
    assert format_text(once) == once


LAYOUT = [
    # indentation by brace depth, single spaces, tight ranges, copies and calls
    ('tiles   {\n  suit bam "b" 1 .. 9 x 4\n      joker "J"   x8\n}\n',
     'tiles {\n    suit bam "b" 1..9 x4\n    joker "J" x8\n}\n'),
    ("scoring {\nrule a \"A\" : - 5 points when sets( pung ) >= 1\n}\n",
     'scoring {\n    rule a "A": -5 points when sets(pung) >= 1\n}\n'),
    ("session {\n    hands (4)\n}\n", "session {\n    hands (4)\n}\n"),
    # blank lines: one at most, none at the ends or inside braces
    ('\n\nruleset "A"\n\n\n\noption a = on "A"\n\n', 'ruleset "A"\n\noption a = on "A"\n'),
    ('play {\n\n    draw from wall\n\n}\n', 'play {\n    draw from wall\n}\n'),
    # comments kept in place; trailing comments aligned within a block; CRLF to LF
    ('# head\r\nplay {   # the turn\r\n  # inside\r\n    draw from wall # d\r\n    wall game when 0 left    # w\r\n}\r\n',
     '# head\nplay {  # the turn\n    # inside\n    draw from wall         # d\n    wall game when 0 left  # w\n}\n'),
    ("play {\n    draw from wall\n    # last words\n}\n", "play {\n    draw from wall\n    # last words\n}\n"),
    # a line with a brace keeps its trailing comment to itself
    ('tiles {   # c\n    joker "J" x8 # j\n}       # d\n', 'tiles {  # c\n    joker "J" x8  # j\n}  # d\n'),
    ('ruleset "A"  # no newline at the end', 'ruleset "A"  # no newline at the end\n'),
]


@pytest.mark.parametrize("text,expected", LAYOUT)
def test_layout(text, expected):
    assert format_text(text) == expected
    assert format_text(expected) == expected


def test_text_that_does_not_parse_is_not_formatted():
    with pytest.raises(FormatError) as e:
        format_text("tiles {\n    suit bam\n}\n", "x.mj")
    assert "x.mj:2" in str(e.value) and "MJ1" in str(e.value)


# -- the command ------------------------------------------------------------------


def test_fmt_check_passes_on_the_shipped_files(capsys):
    folders = [ROOT / "rulesets", ROOT / "examples", ROOT / "tests" / "lint"]
    assert main(["fmt", "--check", *map(str, folders)]) == 0


def test_fmt_writes_in_place_and_check_lists_what_would_change(tmp_path, capsys):
    good = tmp_path / "good.mj"
    bad = tmp_path / "sub" / "bad.mj"
    bad.parent.mkdir()
    good.write_text('ruleset "A"\n')
    bad.write_text('ruleset   "B"\n\n\n')
    (tmp_path / "sub" / "card.card").write_text("not a ruleset\n")
    assert main(["fmt", "--check", str(tmp_path)]) == 1
    out = capsys.readouterr()
    assert str(bad) in out.out and str(good) not in out.out
    assert bad.read_text() == 'ruleset   "B"\n\n\n'  # --check writes nothing
    assert main(["fmt", str(tmp_path)]) == 0
    assert bad.read_text() == 'ruleset "B"\n'
    assert main(["fmt", "--check", str(tmp_path)]) == 0
    assert not [p for p in tmp_path.rglob(".*") if p.is_file()], "no temporary files left behind"


@pytest.mark.parametrize("args,words", [
    (["fmt", "no/such/file.mj"], "no such file"),
    (["fmt", "BROKEN"], "MJ1"),
    (["fmt", "CARD"], ".card"),
    (["fmt"], "Missing argument"),
    (["fmt", "EMPTY"], "no .mj files in this folder"),  # as `check` of an empty folder: was exit 0
])
def test_fmt_bad_input_is_one_line_and_exit_2(tmp_path, capsys, args, words):
    broken = tmp_path / "broken.mj"
    broken.write_text("tiles {\n    suit\n}\n")
    card = tmp_path / "x.card"
    card.write_text('card "X"\n')
    (tmp_path / "empty").mkdir()
    named = {"BROKEN": broken, "CARD": card, "EMPTY": tmp_path / "empty"}
    args = [str(named.get(a, a)) for a in args]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err
    assert broken.read_text() == "tiles {\n    suit\n}\n"


def test_fmt_stdin_to_stdout(monkeypatch, capsys):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO('ruleset    "A"\n'))
    assert main(["fmt", "-"]) == 0
    assert capsys.readouterr().out == 'ruleset "A"\n'


def test_fmt_reads_a_file_with_a_byte_order_mark_as_check_does_and_drops_the_mark(tmp_path, capsys):
    # fmt read the mark as a character (MJ101 unexpected character '\ufeff') where check reads past it
    f = tmp_path / "bom.mj"
    f.write_bytes(b'\xef\xbb\xbfruleset "A"\n')
    main(["check", "--format", "concise", str(f)])
    assert "MJ101" not in capsys.readouterr().out
    assert main(["fmt", "--check", str(f)]) == 1  # the mark is all that changes
    assert str(f) in capsys.readouterr().out
    assert main(["fmt", str(f)]) == 0
    assert f.read_bytes() == b'ruleset "A"\n'


def test_fmt_of_standard_input_drops_a_byte_order_mark(monkeypatch, capsys):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO('\ufeffruleset    "A"\n'))
    assert main(["fmt", "-"]) == 0
    assert capsys.readouterr().out == 'ruleset "A"\n'
