"""Start-up (issue 12): ``mjdsl --version`` and ``--help`` import no command module, and
the command table the group lists is the commands themselves. Timing is in bench/, not here."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from mjdsl.commands import ALL, TABLE

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("numpy", "lark", "textual", "jinja2", "mjdsl.commands.check", "mjdsl.engine")


def _modules_after(code: str) -> set[str]:
    out = subprocess.run([sys.executable, "-c", code + "\nimport json, sys; print(json.dumps(sorted(sys.modules)))"],
                         capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


@pytest.mark.parametrize("argv", [["--version"], ["--help"]])
def test_version_and_help_import_nothing_heavy(argv):
    code = ("import contextlib, io\nfrom mjdsl.cli import main\n"
            f"with contextlib.redirect_stdout(io.StringIO()):\n    assert main({argv!r}) == 0")
    loaded = _modules_after(code)
    assert not [m for m in loaded if m.split(".")[0] in HEAVY or m in HEAVY or m.startswith("mjdsl.engine")]


def test_importing_the_cli_imports_no_numpy_lark_or_textual():
    loaded = _modules_after("import mjdsl.cli")
    assert not {"numpy", "lark", "textual"} & loaded


def test_a_ruleset_check_without_a_card_needs_no_card_matcher():
    path = str(ROOT / "rulesets" / "classical.mj")
    loaded = _modules_after(f"from mjdsl.frontend.checked import check_file\ncheck_file({path!r}, [])")
    assert "mjdsl.cards.match" not in loaded and "textual" not in loaded


def test_mjdsl_check_of_a_ruleset_without_a_card_loads_no_numpy_and_no_card_grammar():
    """numpy and the card library cost a third of a check's start-up; a ruleset that plays
    no card needs neither (the hand library uses numpy only in its annotations). Nor Lark:
    the ruleset parser is Lark's standalone one (mjdsl/syntax/standalone.py)."""
    path = str(ROOT / "rulesets" / "classical.mj")
    code = ("import contextlib, io\nfrom mjdsl.cli import main\n"
            f"with contextlib.redirect_stdout(io.StringIO()):\n    assert main(['check', {path!r}]) == 0")
    loaded = _modules_after(code)
    assert "mjdsl.check" in loaded  # it did check
    assert not {"numpy", "mjdsl.syntax.card_build", "mjdsl.cards.compiled", "lark"} & loaded


def test_the_table_is_the_commands():
    assert [e.name for e in TABLE] == [c.name for c in ALL]
    for e, c in zip(TABLE, ALL):
        assert e.help == c.get_short_help_str(limit=1000), e.name
        assert e.hidden == c.hidden, e.name


def test_help_lists_every_visible_command(capsys):
    from mjdsl.cli import main

    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for e in TABLE:
        assert (f"  {e.name} " in out) != e.hidden, e.name


def _at_exit_after(argv: list[str]) -> list:
    code = ("import atexit, contextlib, io\nseen = []\nreal = atexit.register\n"
            "atexit.register = lambda f, *a, **k: (seen.append(getattr(f, '__qualname__', repr(f))), real(f, *a, **k))[1]\n"
            "from mjdsl.cli import main\n"
            f"with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):\n    main({argv!r})\n"
            "import json; print(json.dumps(seen))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_a_brief_command_skips_the_collections_at_exit_and_a_long_one_does_not():
    """The shutdown's full collections cost a check about 0.08 s; gc.freeze at exit skips them."""
    assert "freeze" in _at_exit_after(["check", str(ROOT / "rulesets" / "classical.mj")])
    assert "freeze" not in _at_exit_after(["simulate", str(ROOT / "rulesets" / "classical.mj"), "--games", "1"])
    assert "freeze" not in _at_exit_after(["--version"])
    assert {e.name for e in TABLE if e.brief} >= {"check", "score", "match", "hint", "compile"}
    assert not {e.name for e in TABLE if e.brief} & {"serve", "lsp", "play", "simulate", "analyze", "arena"}


def test_the_freeze_at_exit_is_registered_once_however_often_commands_run(monkeypatch):
    import atexit
    import gc

    from mjdsl import cli

    calls = []
    monkeypatch.setattr(atexit, "register", lambda f: calls.append(("register", f)))
    monkeypatch.setattr(atexit, "unregister", lambda f: calls.append(("unregister", f)))
    cli._no_collection_at_exit()
    cli._no_collection_at_exit()
    assert calls == [("unregister", gc.freeze), ("register", gc.freeze)] * 2
