"""``mjdsl play``: a session at the table against the club's regulars (or any bots)."""

from __future__ import annotations

import datetime
import os
import secrets
import shlex
import sys
from pathlib import Path

import click
from click.core import ParameterSource

from ..frontend.compile import compile_ruleset
from ..diagnostics import InputError
from ..output import check_writable
from .common import BOT_CHOICES, allow_outside_option, cli_sets, ruleset_path, seat_bots, seed_text, set_option

REGULARS = "mei,auntie-rose,rafi"


def save_dir() -> Path:
    """Where saved games live: $MJDSL_SAVES, else ~/.local/share/mjdsl/saves."""
    env = os.environ.get("MJDSL_SAVES")
    return Path(env) if env else Path.home() / ".local" / "share" / "mjdsl" / "saves"


def default_save(ruleset: str) -> str:
    folder = save_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise InputError(f"cannot keep saved games in {folder}: {e.strerror}") from None
    return str(folder / f"{Path(ruleset).stem}.json")


def resume_command(ruleset: str, save: str | None) -> str:
    """The command that goes on with a game saved in ``save`` (None: the default save)."""
    words = ["mjdsl", "play", ruleset, "--resume"] + (["--save", save] if save else [])
    return " ".join(shlex.quote(w) for w in words)


def first_hand_seed(auto, bots: list[str]) -> str:
    """The guided first hand's seed for this ruleset and these bots: found once by the
    guide's search (tui/guide.py), then kept beside the saved games (the club reads it too)."""
    from ..tui.guide import cached_guided_seed

    kept_for = "card" if auto.winning.card is not None else "ruleset"  # the search is kept by the ruleset's hash
    return cached_guided_seed(auto, bots, save_dir() / "guided.json", note=lambda: click.echo(
        f"(finding a first hand that shows every step; once for this {kept_for})", err=True))


#: the options that each choose a new session's walls: one of them at a time
WALLS = ("--seed", "--daily", "--guided")
#: the options that set up a new session: ``--resume`` goes on with the saved one as it was begun
NEW_SESSION = WALLS + ("--seat", "--bots", "--hands", "--set", "--new")


def refuse_alternatives(ctx: click.Context) -> None:
    """InputError naming two options given together where the docs give them as
    alternatives (one would be dropped without a word)."""
    flags = {p.name: p.opts[0] for p in ctx.command.params if isinstance(p, click.Option)}
    given = [flags[name] for name in flags
             if ctx.get_parameter_source(name) not in (None, ParameterSource.DEFAULT)]
    walls = [f for f in WALLS if f in given]
    if len(walls) > 1:
        raise InputError(f"{walls[0]} and {walls[1]}: each chooses the session's walls; give one of them")
    if "--resume" in given:
        other = next((f for f in NEW_SESSION if f in given), None)
        if other is not None:
            raise InputError(f"--resume and {other}: a resumed game goes on with the walls, seats, bots and options "
                             f"it was begun with; leave out {other}, or start a new game without --resume")


@click.command("play")
@click.argument("ruleset")
@click.option("--seed", default=None, help="Seed of the session's walls (default: a new one each time).",
              callback=seed_text)
@click.option("--daily", is_flag=True, help="Today's deal: the same walls for everyone today.")
@click.option("--seat", type=click.IntRange(0, 7), default=0, show_default=True, help="Your seat (0 is East).")
@click.option("--bots", "bots", default=REGULARS, show_default=True,
              help=f"The bots at the other seats, in seat order; {BOT_CHOICES}.")
@click.option("--hands", type=click.IntRange(1, 1000), default=None,
              help="Stop after this many hands (default: the ruleset's whole session).")
@click.option("--guided", is_flag=True, help="The guided first hand: every step explained, a move suggested.")
@click.option("--resume", is_flag=True, help="Resume the saved game (the session in progress) as it was begun: not with"
              " --seed, --daily, --guided, --seat, --bots, --hands or --set.")
@click.option("--new", "new", is_flag=True,
              help="Start a new game even though the save file holds an unfinished one, which is discarded.")
@click.option("--save", "save", metavar="FILE", help="The save file (default: one per ruleset in $MJDSL_SAVES).")
@click.option("--plain", is_flag=True, help="The plain-text table (also used when not on a terminal).")
@set_option
@allow_outside_option
def play_cmd(ruleset, seed, daily, seat, bots, hands, guided, resume, new, save, plain, sets, allow_outside):
    """Play a session at the table. Type tiles to pass or discard, a move's number, ? for
    your nearest hands, r for the rules, h for a hint, q to save and stop."""
    from ..tui.controller import Controller, run_text
    from ..tui.save import kept_game, read_save
    from ..tui.session import Session

    refuse_alternatives(click.get_current_context())
    ruleset_path(ruleset)
    parsed = cli_sets(sets)
    resume_with = resume_command(ruleset, save)
    save = save or default_save(ruleset)
    check_writable(save)  # a folder or a missing one is refused now, not after the table has begun
    if not resume:
        kept = kept_game(save)  # never a file that is not a save
        if kept is not None and kept.get("over") is not True and not new:
            raise InputError(f"{save}: holds an unfinished game; go on with it ({resume_with}), play a new one "
                             "in another file (--save FILE), or discard it and start over (--new)")
    if resume:
        data = read_save(save)
        auto = compile_ruleset(ruleset, list(data.get("set", {}).items()), allow_outside=allow_outside)
        session = Session.resume(auto, data, save)
        if session.over:
            raise InputError(f"{save}: that session is over; start a new one with mjdsl play {ruleset}")
        guided = session.guided
    else:
        auto = compile_ruleset(ruleset, parsed, allow_outside=allow_outside)
        if seat >= auto.seats:
            raise InputError(f"--seat {seat}: this ruleset has seats 0 to {auto.seats - 1}")
        if guided:
            seed, hands, seat = first_hand_seed(auto, seat_bots(bots, auto.seats - 1)), 1, 0
        elif daily:
            seed = "daily:" + datetime.date.today().isoformat()
        elif seed is None:
            seed = str(secrets.randbelow(10**9))
        session = Session(auto, ruleset, dict(parsed), seed, seat, seat_bots(bots, auto.seats - 1), save=save,
                          hands=hands, guided=guided)
    controller = Controller(session, guided=guided, resume_with=resume_with)
    if not plain and sys.stdin.isatty() and sys.stdout.isatty():
        try:
            from ..tui.app import run_app
        except ImportError:
            click.echo("(the Textual table is an extra: pip install 'mjdsl[tui]'; playing in plain text)", err=True)
        else:
            run_app(controller)
            return 0
    click.echo(f"{auto.name}: seed {session.seed}. You are seat {session.person}. Saved as you play in {save}.")

    def read():
        line = sys.stdin.readline()
        return line if line else None

    def write(text, end="\n"):
        click.echo(text, nl=end == "\n")

    run_text(controller, read, write)
    return 0


COMMANDS = [play_cmd]
