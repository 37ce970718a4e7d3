"""The codes the front end reports for a ruleset's text, as if it sat in rulesets/ (so an
overlay's ``extends "riichi.mj"`` finds its base): the loader's diagnostics and, when the
text loads, the checks'."""

from __future__ import annotations

from pathlib import Path

from mjdsl.check import run_checks
from mjdsl.frontend.load import load_text

RULESETS = Path(__file__).resolve().parent.parent / "rulesets"


def codes_of(text: str) -> list[str]:
    loaded = load_text(text, str(RULESETS / "snippet.mj"))
    found = [d.code for d in loaded.diagnostics]
    if loaded.ruleset is not None:
        found += [d.code for d in run_checks(loaded.ruleset)[1]]
    return found
