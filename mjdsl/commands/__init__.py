"""The CLI's commands, one module per topic.

``TABLE`` names every command, the module it lives in and the line ``mjdsl --help``
shows for it, so that ``cli.py`` can list the commands and run one while importing
only that one's module (``mjdsl --version`` and ``--help`` import none: start-up,
docs/performance.md). ``ALL`` imports every module and gives the click commands
themselves (the docs' coverage test reads their options); a test keeps the two in step.
"""

from __future__ import annotations

import importlib
from typing import NamedTuple


class Entry(NamedTuple):
    """A command as ``--help`` lists it: its name, its module under ``commands/``, its
    attribute there, the short help (the first sentence of its docstring), hidden or not;
    ``brief``: it reads its input, answers and ends (no server, no pool of processes), so
    its process skips the collector's passes at exit (``cli.py``; docs/performance.md)."""

    name: str
    module: str
    attr: str
    help: str
    hidden: bool = False
    brief: bool = False


TABLE: tuple[Entry, ...] = (
    Entry("check", "check", "check_cmd", "Parse, check and lint rulesets (.mj) and cards (.card).", brief=True),
    Entry("explain", "check", "explain_cmd", "Print the long explanation of a diagnostic code, with a wrong and a right example.", brief=True),
    Entry("match", "cards", "match_cmd", "Which card hands these 14 tiles (exposures included) make.", brief=True),
    Entry("hint", "cards", "hint_cmd", "The nearest card hands and the tiles still needed; for 14 tiles, what to discard.", brief=True),
    Entry("render", "cards", "render_cmd", "A printable card (.card), or a ruleset's rule book (.mj) with its card "
          "attached: HTML to print, or Markdown.", brief=True),
    Entry("compile", "compile", "compile_cmd", "Check RULESET and lower it to its automaton.", brief=True),
    Entry("simulate", "play", "simulate_cmd", "Play seeded hands of RULESET with bots and print what happened."),
    Entry("replay", "play", "replay_cmd", "Re-run a recorded hand and check every step."),
    Entry("run-demo", "play", "run_demo_cmd", "What `make run` shows: every shipped ruleset plays seeded hands with bots.",
          hidden=True),
    Entry("score", "score", "score_cmd", "Score a finished hand with RULESET's scoring and payments blocks.", brief=True),
    Entry("options", "authoring", "options_cmd", "List RULESET's options: type, default, the value in force "
          "and where it was set, what each means, and where the rules use it.", brief=True),
    Entry("diff", "authoring", "diff_cmd", "What differs between rulesets A and B, in words a player understands, "
          "with the hash of each compiled ruleset.", brief=True),
    Entry("fmt", "authoring", "fmt_cmd", "Give rulesets (.mj files, or folders of them) their canonical "
          "layout, in place.", brief=True),
    Entry("lsp", "lsp", "lsp_cmd", "Run the language server for .mj and .card files (editors start it; "
          "see docs/integrations.md)."),
    Entry("arena", "arena", "arena_cmd", "Play RULESET's walls with the bots rotated through every seat; per "
          "style: win rate, average points, mean turn of going out, deal-in rate, with 95% intervals."),
    Entry("analyze", "analyze", "analyze_cmd", "How often every line of RULESET's card is won, and what it might be worth."),
    Entry("play", "table", "play_cmd", "Play a session at the table."),
    Entry("serve", "serve", "serve_cmd", "Open the club: solo tables, friends' tables, accounts and saved games, in the browser."),
)


def load(entry: Entry):
    """The click command of a table entry (importing its module)."""
    return getattr(importlib.import_module(f"{__name__}.{entry.module}"), entry.attr)


def __getattr__(name: str):
    if name == "ALL":
        return [load(e) for e in TABLE]
    raise AttributeError(name)
