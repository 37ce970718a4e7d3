"""``mjdsl compile RULESET``: build the automaton; dump it as JSON or draw it."""

from __future__ import annotations

import click

from ..compile import compile_ruleset
from ..ir.dump import dot, ir_json
from .common import allow_outside_option, cli_sets, existing_path, set_option, write_atomically


@click.command("compile")
@click.argument("ruleset")
@click.option("--emit", type=click.Choice(["ir", "dot", "hash"]), default="hash", show_default=True,
              help="What to print: the automaton as JSON, as a Graphviz graph, or just its hash.")
@click.option("-o", "--output", metavar="FILE", help="Write to FILE instead of stdout (all or nothing).")
@set_option
@allow_outside_option
def compile_cmd(ruleset, emit, output, sets, allow_outside):
    """Check RULESET and lower it to its automaton. Prints the ruleset's hash on stderr."""
    existing_path(ruleset)
    auto = compile_ruleset(ruleset, cli_sets(sets), allow_outside=allow_outside)
    text = ir_json(auto) + "\n" if emit == "ir" else dot(auto) if emit == "dot" else auto.hash + "\n"
    if output:
        write_atomically(output, text)
    else:
        click.echo(text, nl=False)
    states = len(auto.states)
    click.echo(f"{auto.name}: {states} states, hash {auto.hash}", err=True)
    return 0


COMMANDS = [compile_cmd]
