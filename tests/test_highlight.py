"""The Pygments lexer and the TextMate grammars colour every shipped file right.

Every token the real parsers read in every shipped ruleset and card (and every
comment they skip) must get its category's token type or scope
(tests/highlight_tokens.py). The TextMate half runs the grammars in the real
engine (vscode-textmate with vscode-oniguruma, through node): it runs when node
and those npm packages are installed (`.ci/run` installs them into
editors/test/node_modules with `npm ci`).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from highlight_tokens import ROOT, expected, shipped_files

pygments = pytest.importorskip("pygments")
from pygments.token import Comment, Keyword, Name, Number, Operator, String  # noqa: E402

FILES = shipped_files(".mj") + shipped_files(".card")
IDS = [str(p.relative_to(ROOT)) for p in FILES]

#: category -> is this Pygments token type right for it
PYGMENTS = {
    "keyword": lambda t: (t in Keyword and t not in Keyword.Constant) or t in Operator.Word,
    "boolean": lambda t: t in Keyword.Constant,
    "string": lambda t: t in String,
    "tile": lambda t: t in Name.Constant,
    "number": lambda t: t in Number,
    "suit": lambda t: t in Name.Variable,
    "annotation": lambda t: t in Name.Attribute,
    "comment": lambda t: t in Comment,
    "name": lambda t: t in Name and t not in (Name.Constant, Name.Variable),
}


def _lexer(path: Path):
    from mjdsl.highlight.pygments_lexer import MjCardLexer, MjdslLexer

    return (MjCardLexer if path.suffix == ".card" else MjdslLexer)(stripnl=False)


def _line_starts(text: str) -> list[int]:
    starts = [0]
    for i, ch in enumerate(text):
        if ch == "\n":
            starts.append(i + 1)
    return starts


@pytest.mark.parametrize("path", FILES, ids=IDS)
def test_pygments_lexer_gives_every_token_its_type(path):
    text = path.read_text(encoding="utf-8")
    at = {}
    for offset, ttype, value in _lexer(path).get_tokens_unprocessed(text):
        for i in range(offset, offset + len(value)):
            at[i] = ttype
    starts = _line_starts(text)
    wrong = []
    for e in expected(path):
        offset = starts[e.line] + e.column
        ttype = at.get(offset)
        if ttype is None or not PYGMENTS[e.category](ttype):
            wrong.append(f"{path.name}:{e.line + 1}:{e.column + 1}: {e.text!r} should be {e.category}, got {ttype}")
    assert not wrong, "\n".join(wrong[:20])


def test_pygments_finds_the_lexers_by_entry_point():
    from pygments.lexers import get_lexer_by_name, get_lexer_for_filename

    assert get_lexer_by_name("mjdsl").name == "mjdsl"
    assert get_lexer_for_filename("club-2026.card").name == "mjdsl card"


def test_pygments_lexer_marks_what_the_language_does_not_allow():
    from pygments.token import Error

    text = 'tiles {\n    suit bam "b" 1..9 x4 @\n}\n'
    tokens = list(_lexer(Path("x.mj")).get_tokens(text))
    assert [v for t, v in tokens if t is Error] == ["@"]
    assert "".join(v for _, v in tokens) == text  # nothing lost


def _doc_fences():
    import re

    for doc in sorted((ROOT / "docs").glob("*.md")):
        text = doc.read_text(encoding="utf-8")
        # the info string's first word names the language; `file=`, `code=` may follow
        for m in re.finditer(r"^```(mj|card)(?:[ \t][^\n]*)?\n(.*?)^```", text, re.M | re.S):
            yield doc.name, text.count("\n", 0, m.start()) + 1, m.group(1), m.group(2)


def test_the_docs_code_fences_lex_without_errors():
    from pygments.lexers import get_lexer_by_name
    from pygments.token import Error

    fences = list(_doc_fences())
    assert len(fences) > 50
    for doc, line, info, code in fences:
        bad = [v for t, v in get_lexer_by_name(info, stripnl=False).get_tokens(code) if t is Error]
        assert not bad, f"{doc}:{line}: ```{info} block: {bad}"


def test_textmate_grammars_are_in_step_with_the_patterns():
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "gen_textmate.py"), "--check"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


# -- the TextMate grammars in the real engine ----------------------------------------

ENGINE = ROOT / "editors" / "test"
MODULES = ENGINE / "node_modules"
SCOPES = {
    "keyword": ("keyword.control", "keyword.other", "keyword.operator"),
    "boolean": ("constant.language.boolean",),
    "string": ("string.quoted.double",),
    "tile": ("constant.other.tile",),
    "number": ("constant.numeric",),
    "suit": ("variable.parameter.suit",),
    "annotation": ("entity.other.attribute-name",),
    "comment": ("comment.line.number-sign",),
    "name": ("variable.other", "entity.name"),
}


def _textmate_tokens(paths: list[Path]) -> dict:
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    if not all((MODULES / m).is_dir() for m in ("vscode-textmate", "vscode-oniguruma")):
        pytest.skip("vscode-textmate and vscode-oniguruma are not installed (npm ci in editors/test)")
    result = subprocess.run(["node", str(ENGINE / "tokenize.js"), *map(str, paths)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_textmate_grammars_give_every_token_its_scope():
    found = _textmate_tokens(FILES)
    wrong = []
    for path in FILES:
        lines = found[str(path)]
        for e in expected(path):
            scopes = next((t["scopes"] for t in lines[e.line] if t["start"] <= e.column < t["end"]), [])
            if not any(s.startswith(p) for s in scopes for p in SCOPES[e.category]):
                wrong.append(f"{path.name}:{e.line + 1}:{e.column + 1}: {e.text!r} should be {e.category}, "
                             f"got {scopes}")
            if e.category == "name" and any(s.startswith("keyword") for s in scopes):
                wrong.append(f"{path.name}:{e.line + 1}:{e.column + 1}: the name {e.text!r} is shown as a keyword")
    assert not wrong, "\n".join(wrong[:20])


def test_the_vscode_extension_uses_the_generated_grammars():
    from mjdsl.highlight.textmate import GRAMMARS

    manifest = json.loads((ROOT / "editors" / "vscode" / "package.json").read_text(encoding="utf-8"))
    grammars = manifest["contributes"]["grammars"]
    languages = {lang["id"]: lang["extensions"] for lang in manifest["contributes"]["languages"]}
    assert languages == {"mjdsl": [".mj"], "mjcard": [".card"]}
    for g in grammars:
        path = ROOT / "editors" / "vscode" / g["path"]
        assert path.name in GRAMMARS
        assert json.loads(path.read_text(encoding="utf-8"))["scopeName"] == g["scopeName"]
    assert (ROOT / "editors" / "vscode" / manifest["main"]).is_file()
