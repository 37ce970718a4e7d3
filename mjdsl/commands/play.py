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
from ..engine.simulate import run, summarize
from ..output import write_file
from ..frontend.paths import Refused, resolve_log_ruleset
from .common import allow_outside_option, cli_sets, ruleset_path, seat_bots, set_option


@click.command("simulate")
@click.argument("ruleset")
@click.option("--games", type=click.IntRange(1, 10_000_000), default=100, show_default=True, help="Hands to play.")
@click.option("--seed", default="1", show_default=True, help="The seed: the same seed plays the same hands.")
@click.option("--bots", "bots", default="greedy", show_default=True,
              help="A bot for every seat, or one per seat separated by commas (random, greedy).")
@click.option("--workers", type=click.IntRange(1, 256), default=1, show_default=True,
              help="Processes to play in; the results do not depend on it.")
@click.option("--backend", type=click.Choice(["process"]), default="process", show_default=True,
              help="Where the workers run.")
@click.option("--json", "as_json", is_flag=True, help="Print the statistics as JSON.")
@click.option("--logs", metavar="DIR", help="Write one log file per hand into DIR.")
@set_option
@allow_outside_option
def simulate_cmd(ruleset, games, seed, bots, workers, backend, as_json, logs, sets, allow_outside):
    """Play seeded hands of RULESET with bots and print what happened."""
    ruleset_path(ruleset)
    parsed = cli_sets(sets)
    auto = compile_ruleset(ruleset, parsed, allow_outside=allow_outside)
    names = seat_bots(bots, auto.session_players)
    if logs:
        Path(logs).mkdir(parents=True, exist_ok=True)
    progress = sys.stderr.isatty() and games >= 50
    started = time.perf_counter()
    count = [0]

    def on_hand(rec):
        count[0] += 1
        if logs:
            doc = hand_log(auto, rec, ruleset, dict(parsed))
            write_file(Path(logs) / f"hand-{count[0]:06d}.json", json.dumps(doc) + "\n", inputs=[ruleset])
        if progress and (count[0] % 10 == 0 or count[0] == games):
            width = 30
            done = int(width * count[0] / games)
            click.echo(f"\r[{'#' * done}{'.' * (width - done)}] {count[0]}/{games} hands", err=True, nl=False)

    records = run(auto, ruleset, parsed, names, seed, games, workers, on_hand)
    if progress:
        click.echo("", err=True)
    elapsed = time.perf_counter() - started
    stats = summarize(auto, records)
    if as_json:
        click.echo(json.dumps(stats, indent=1))
    else:
        click.echo(f"{stats['ruleset']} (hash {stats['hash']}): {stats['hands']} hands, seed {seed}, bots {bots}")
        click.echo(f"  won {stats['won']}, wall games {stats['wall_games']}, dead hands {stats['dead_hands']}, "
                   f"average turns {stats['average_turns']}")
        click.echo(f"  average winning value {stats['payments']['average_value']}, "
                   f"settled to zero: {'yes' if stats['payments']['zero_sum'] else 'NO'}")
        for hand, n in list(stats["by_hand"].items())[:15]:
            click.echo(f"  {n:5d}  {hand}")
    click.echo(f"{len(records)} hands in {elapsed:.2f} s ({len(records) / max(elapsed, 1e-9):.0f} hands/s, "
               f"{stats['decisions'] / max(elapsed, 1e-9):.0f} decisions/s)", err=True)
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
    parsed = list(data["set"].items()) + cli_sets(sets)
    auto = compile_ruleset(ruleset, parsed, allow_outside=allow_outside)
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
