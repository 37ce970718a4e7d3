"""``mjdsl arena``: bots against each other on the same walls, every bot in every seat."""

from __future__ import annotations

import sys

import click

from ..bots import make_bot
from ..bots.arena import run_arena, table_lines
from ..frontend.compile import compile_ruleset
from ..diagnostics import InputError
from ..engine.parallel import Job, capped_workers
from .common import (BOT_CHOICES, allow_outside_option, bot_names, cli_sets, echo_report, ruleset_path,
                     seed_text, set_option, warn, workers_options)


def arena_names(spec: str, seats: int) -> list[str]:
    """The line-up: at least one bot a seat, each named once."""
    names = bot_names(spec)
    if len(set(names)) != len(names):
        raise InputError("--bots: name each bot once (the arena rotates them through the seats)")
    if len(names) < seats:
        raise InputError(f"--bots: the arena needs at least {seats} bots for {seats} seats, not {len(names)}")
    return names


@click.command("arena")
@click.argument("ruleset")
@click.option("--bots", "bots", default="mei,auntie-rose,rafi,greedy,random", show_default=True,
              help=f"The line-up, at least one bot a seat, separated by commas; {BOT_CHOICES}.")
@click.option("--hands", type=click.IntRange(1, 10_000_000), default=400, show_default=True,
              help="Hands to play: walls times rotations (rounded up to whole walls).")
@click.option("--seed", default="1", show_default=True, help="The seed of the walls.", callback=seed_text)
@workers_options
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@set_option
@allow_outside_option
def arena_cmd(ruleset, bots, hands, seed, workers, backend, scheduler, as_json, sets, allow_outside):
    """Play RULESET's walls with the bots rotated through every seat; per style: win
    rate, average points, mean turn of going out, deal-in rate, with 95% intervals."""
    ruleset_path(ruleset)
    parsed = cli_sets(sets)
    auto = compile_ruleset(ruleset, parsed, allow_outside=allow_outside)
    names = arena_names(bots, auto.seats)
    workers = capped_workers(workers, backend, scheduler, warn)
    job = Job.of(ruleset, parsed, names, allow_outside)
    progress = sys.stderr.isatty()

    def on_hand(i, total):
        if progress and (i % 20 == 0 or i == total):
            click.echo(f"\r{i}/{total} hands", err=True, nl=False)

    report = run_arena(auto, names, hands, seed, make_bot, on_hand, job=job, workers=workers, backend=backend,
                       scheduler=scheduler)
    if progress:
        click.echo("", err=True)
    echo_report(report, as_json, table_lines)
    return 0


COMMANDS = [arena_cmd]
