"""``mjdsl simulate``, ``mjdsl replay`` and ``mjdsl run-demo``: playing hands with bots."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import click

from ..frontend.compile import compile_ruleset
from ..diagnostics import InputError
from ..engine.log import hand_log, read_log, replay
from ..engine.log_check import check_against
from ..engine.parallel import Job, capped_workers
from ..engine.simulate import logged_session, run, session_batches, unlogged_session
from ..engine.tally import Tally, card_lines, report_lines
from ..options import OptionRefused
from ..output import write_file
from ..frontend.paths import Refused, resolve_log_ruleset
from .common import (BOT_CHOICES, allow_outside_option, cli_sets, output_folder, ruleset_path, seat_bots,
                     seed_text, set_option, warn, workers_options)


@click.command("simulate")
@click.argument("ruleset")
@click.option("--games", "--hands", "games", type=click.IntRange(1, 10_000_000), default=100, show_default=True,
              help="Hands to play (--hands, as arena and analyze spell it, is the same).")
@click.option("--seed", default="1", show_default=True, help="The seed: the same seed plays the same hands.",
              callback=seed_text)
@click.option("--bots", "bots", default="greedy", show_default=True,
              help=f"A bot for every seat, or one per seat, separated by commas; {BOT_CHOICES}.")
@workers_options
@click.option("--json", "as_json", is_flag=True, help="Print the statistics as JSON.")
@click.option("--all", "all_rows", is_flag=True, help="Show every row of every table (the text report shows 15).")
@click.option("--logs", metavar="DIR", help="Write one log file per hand into DIR.")
@set_option
@allow_outside_option
def simulate_cmd(ruleset, games, seed, bots, workers, backend, scheduler, as_json, all_rows, logs, sets,
                 allow_outside):
    """Play seeded hands of RULESET with bots and print what happened."""
    ruleset_path(ruleset)
    parsed = cli_sets(sets)
    auto = compile_ruleset(ruleset, parsed, allow_outside=allow_outside)
    names = seat_bots(bots, auto.session_players)
    workers = capped_workers(workers, backend, scheduler, warn)
    if logs:
        output_folder(logs, "--logs")
    progress = sys.stderr.isatty() and games >= 50
    started = time.perf_counter()
    tally = Tally(auto, card_lines(auto))
    job = Job.of(ruleset, parsed, names, allow_outside)
    interrupted = False
    try:
        for _, recs in session_batches(auto, job, seed, games, workers=workers, backend=backend,
                                       scheduler=scheduler, task=logged_session if logs else unlogged_session):
            for rec in recs:
                tally.add(rec, names)
                if logs:
                    doc = hand_log(auto, rec, ruleset, dict(parsed))
                    write_file(Path(logs) / f"hand-{tally.hands:06d}.json", json.dumps(doc) + "\n", inputs=[ruleset])
                if progress and (tally.hands % 10 == 0 or tally.hands == games):
                    width = 30
                    done = int(width * tally.hands / games)
                    click.echo(f"\r[{'#' * done}{'.' * (width - done)}] {tally.hands}/{games} hands", err=True,
                               nl=False)
    except KeyboardInterrupt:
        # Ctrl-C: the finished hands' figures (and their logs) are kept
        interrupted = True
    if progress:
        click.echo("", err=True)
    elapsed = time.perf_counter() - started
    stats = tally.summary()
    if as_json:
        click.echo(json.dumps(stats, indent=1))
    else:
        for line in report_lines(stats, seed, bots, all_rows):
            click.echo(line)
    click.echo(f"{tally.hands} hands in {elapsed:.2f} s ({tally.hands / max(elapsed, 1e-9):.0f} hands/s, "
               f"{stats['decisions'] / max(elapsed, 1e-9):.0f} decisions/s)", err=True)
    if interrupted:
        click.echo(f"interrupted: the figures are of the {tally.hands} hands finished", err=True)
        return 130
    return 0


@click.command("replay")
@click.argument("log")
@click.option("--steps", is_flag=True, help="Print every step as it is replayed.")
@set_option
@allow_outside_option
def replay_cmd(log, steps, sets, allow_outside):
    """Re-run a recorded hand and check every step. Exit 1 at the first step that does not check."""
    data = read_log(log)
    # the ruleset by the one path policy: next to the log, here, where it was, the library
    found = resolve_log_ruleset(data["ruleset"], data.get("ruleset_abs"), Path(log), allow_outside=allow_outside)
    if isinstance(found, Refused):
        raise InputError(f"{log}: {found.message}")
    ruleset = str(found)
    logged, given = list(data["set"].items()), cli_sets(sets)
    try:
        auto = compile_ruleset(ruleset, logged + given, allow_outside=allow_outside)
    except OptionRefused as e:  # an option the log was played with, not one given here: the log's
        if e.option in {name for name, _ in given} or e.option not in data["set"]:
            raise
        raise InputError(f"{log}: the log was played with the option {e.option}={data['set'][e.option]}, "
                         f"which {ruleset} refuses: {e.reason}") from None
    check_against(data, auto, log)

    def show(i, who, a, game):
        actor = "chance" if who < 0 else f"seat {who}"
        name = f"outcome {a}" if who < 0 else game.action_name(a)
        click.echo(f"{i:5d}  {actor:8s} {name}")

    ok, message = replay(auto, data, show if steps else None)
    click.echo(("ok: " if ok else "FAILED: ") + message)
    return 0 if ok else 1


@click.command("run-demo", hidden=True)
@click.option("--hands", type=click.IntRange(1, 1000), default=4)
def run_demo_cmd(hands):
    """What `make run` shows: every shipped ruleset plays seeded hands with bots."""
    root = Path(__file__).resolve().parents[2] / "rulesets"
    for path in sorted(root.glob("*.mj")):
        auto = compile_ruleset(path)
        bots = "greedy"
        records = run(auto, str(path), [], seat_bots(bots, auto.session_players), "demo", hands)
        click.echo(f"== {auto.name} ({path.name}, hash {auto.hash}), {hands} hands, {bots} bots")
        for i, rec in enumerate(records, 1):
            res = rec.result
            if res.get("winner") is not None:
                how = "self-drawn" if res.get("self_drawn") else f"on seat {res.get('discarder')}'s discard"
                click.echo(f"  hand {i}: seat {res['winner']} wins with {res.get('hand')} {how}, "
                           f"value {res.get('value')}; returns {list(rec.returns)}")
            else:
                dead = [s for s, d in enumerate(rec.dead) if d]
                click.echo(f"  hand {i}: wall game after {rec.turns} turns" + (f", dead hands {dead}" if dead else ""))
    return 0


COMMANDS = [simulate_cmd, replay_cmd, run_demo_cmd]
