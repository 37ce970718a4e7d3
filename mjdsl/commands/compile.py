"""``mjdsl compile RULESET``: build the automaton; dump it as JSON or draw it."""

from __future__ import annotations

import click

from ..frontend.compile import compile_ruleset
from ..ir.dump import dot, ir_json
from ..output import write_file
from .common import allow_outside_option, cli_sets, ruleset_path, set_option


@click.command("compile")
@click.argument("ruleset")
@click.option("--emit", type=click.Choice(["ir", "dot", "hash"]), default="hash", show_default=True,
              help="What to print: the automaton as JSON, as a Graphviz graph, or just its hash.")
@click.option("-o", "--output", metavar="FILE", help="Write to FILE instead of stdout (all or nothing).")
@set_option
@allow_outside_option
def compile_cmd(ruleset, emit, output, sets, allow_outside):
    """Check RULESET and lower it to its automaton. Prints the ruleset's hash on stderr."""
    ruleset_path(ruleset)
    auto = compile_ruleset(ruleset, cli_sets(sets), allow_outside=allow_outside)
    text = ir_json(auto) + "\n" if emit == "ir" else dot(auto) if emit == "dot" else auto.hash + "\n"
    if output:
        write_file(output, text, inputs=_inputs(ruleset, allow_outside))
    else:
        click.echo(text, nl=False)
    states = len(auto.states)
    click.echo(f"{auto.name}: {states} states, hash {auto.hash}", err=True)
    return 0


def _inputs(ruleset: str, allow_outside: bool) -> list[str]:
    """Every file the ruleset reads (itself, its includes, its base, its card): not outputs."""
    from ..frontend.load import load

    loaded = load(ruleset, allow_outside=allow_outside)
    files = [s.path for s in loaded.ruleset.files] if loaded.ruleset is not None else []
    return [ruleset, *files, *(str(p) for p in auto_cards(loaded.ruleset))]


def auto_cards(ruleset) -> list:
    """The card files a loaded ruleset plays."""
    from .. import ast as A
    from ..check.winning import card_path

    win = ruleset.block(A.WinningBlock) if ruleset is not None else None
    found = [card_path(c, ruleset) for c in win.all(A.CardRef)] if win is not None else []
    return [p for p in found if p is not None]


COMMANDS = [compile_cmd]
