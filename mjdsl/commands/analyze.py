"""``mjdsl analyze``: how often every line of a ruleset's card is won, by which styles,
how soon, how often without jokers, and what its win frequency suggests it is worth."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..diagnostics import InputError
from ..frontend.compile import compile_ruleset
from ..output import write_file
from .common import (BOT_CHOICES, allow_outside_option, cli_sets, echo_report, ruleset_path, seat_bots, seed_text,
                     set_option, warn, workers_options)


@click.command("analyze")
@click.argument("ruleset")
@click.option("--hands", type=click.IntRange(1, 100_000_000), default=1000, show_default=True, help="Hands to play.")
@click.option("--seed", default="1", show_default=True, help="The seed: the same seed plays the same hands.",
              callback=seed_text)
@click.option("--bots", "bots", default="mei,auntie-rose,rafi,greedy", show_default=True,
              help=f"A bot for every seat, or one per seat, separated by commas; {BOT_CHOICES}.")
@workers_options
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option("--html", "html_file", metavar="FILE", help="Write the report, with plots, as an HTML page.")
@click.option("--checkpoint", metavar="FILE",
              help="Save progress to FILE (every 30 s) and resume from it: the result is the same as one run's.")
@set_option
@allow_outside_option
def analyze_cmd(ruleset, hands, seed, bots, workers, backend, scheduler, as_json, html_file, checkpoint, sets,
                allow_outside):
    """How often every line of RULESET's card is won, and what it might be worth.

    Per line: wins, by which styles, the mean turn, the share won without jokers, and
    the points its win frequency suggests; the lines never won; the lines that the
    same winning hands make (near-duplicates in play). Method: docs/analyze.md.
    """
    from ..analyze.figures import report, table_lines
    from ..analyze.run import analyze
    from ..engine.parallel import Job, capped_workers

    ruleset_path(ruleset)
    parsed = cli_sets(sets)
    auto = compile_ruleset(ruleset, parsed, allow_outside=allow_outside)
    if auto.winning.card is None:
        raise InputError(f"{ruleset}: plays no card; `mjdsl simulate` reports its winning hands")
    names = seat_bots(bots, auto.seats)
    workers = capped_workers(workers, backend, scheduler, warn)
    job = Job.of(ruleset, parsed, names, allow_outside)
    with _progress(hands) as on_hands:
        result = analyze(auto, job, seed, hands, workers=workers, backend=backend, scheduler=scheduler,
                         checkpoint=Path(checkpoint) if checkpoint else None, on_hands=on_hands)
    rep = report(result, seed, names)
    if html_file:
        from ..analyze.html import page

        write_file(Path(html_file), page(rep), inputs=[ruleset])
    echo_report(rep, as_json, table_lines)
    return 0


class _progress:
    """A progress bar with the rate and the time left (rich), on a terminal only."""

    def __init__(self, total: int):
        self.total = total
        self.bar = None

    def __enter__(self):
        if not sys.stderr.isatty() or self.total < 200:
            return None
        try:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TimeRemainingColumn
            from rich.text import Text
        except ImportError:
            return None

        class Rate(ProgressColumn):
            def render(self, task):
                return Text(f"{task.speed:,.0f} hands/s" if task.speed else "- hands/s")

        self.bar = Progress(BarColumn(), MofNCompleteColumn(), Rate(), TimeRemainingColumn(), transient=True)
        self.bar.start()
        task = self.bar.add_task("hands", total=self.total)
        return lambda done: self.bar.update(task, completed=done)

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.stop()
        return False


COMMANDS = [analyze_cmd]
