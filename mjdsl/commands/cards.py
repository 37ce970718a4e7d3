"""``mjdsl match``, ``mjdsl hint`` and ``mjdsl render``: the card of hands at the command line.

Output follows docs/cli.md: ``--json`` prints one document with ``"version": 1``;
``match`` exits 1 when the hand makes no card hand; bad input (a tile code, a count,
a missing file) is one line on stderr and exit 2 (``cli.MjGroup`` turns InputError
and MjError into that).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Iterable

import click

from ..cards.api import load_compiled
from ..cards.compiled import CompiledCard
from ..cards.hands import Hand, read_hand
from ..cards.hint import discards, hints, hints_json
from ..cards.match import match_batch, match_json
from ..cards.render import FORMATS, render_card
from ..frontend.compile import compile_ruleset
from ..diagnostics import InputError
from ..output import write_file
from ..tiles import TileSet
from .common import CARD_OR_RULESET, cli_sets, input_file, set_option


def _validate_sets(path: str, sets) -> None:
    """``--set`` on a card command: the options must exist and take the values given
    (the card and tiles do not depend on options, so nothing else changes)."""
    if not sets:
        return
    from ..frontend.load import load
    from ..options import option_table
    from .common import cli_sets

    if not str(path).endswith(".mj"):
        raise InputError(f"--set: {path} is a card, not a ruleset; options belong to rulesets")
    loaded = load(path)
    if loaded.ruleset is not None:
        option_table(loaded.ruleset, cli_sets(sets))


def _compiled(path: str) -> CompiledCard:
    """The card of a ``.card`` file or ``.mj`` ruleset, compiled (the seam: ``cards.api``)."""
    input_file(path, CARD_OR_RULESET)
    return load_compiled(path)


# -- match ------------------------------------------------------------------------
@click.command("match")
@click.argument("ruleset")
@click.option("--hand", "hand_text", help="the tiles on the rack, as codes separated by spaces")
@click.option("--exposed", multiple=True, help="one exposure (repeat for each), e.g. '1b 1b J'")
@click.option("--hands-file", help="many hands, one a line ('-' for stdin); prints one JSON object a line")
@click.option("--json", "as_json", is_flag=True, help="print JSON (docs/cli.md)")
@set_option
@click.pass_context
def match_cmd(ctx, ruleset, hand_text, exposed, hands_file, as_json, sets):
    """Which card hands these 14 tiles (exposures included) make."""
    _validate_sets(ruleset, sets)
    if (hand_text is None) == (hands_file is None):
        raise click.UsageError("give either --hand or --hands-file")
    if hands_file is not None and exposed:
        raise click.UsageError("--exposed goes with --hand; in --hands-file put exposures in each line")
    compiled = _compiled(ruleset)
    if hands_file is not None:
        _match_file(compiled, hands_file)
        return
    hand = read_hand(compiled.tiles, hand_text, exposed)
    found = match_batch(compiled, [hand])[0]
    if as_json:
        click.echo(json.dumps(match_json(compiled, hand, found, _typed(hand_text, exposed))))
    else:
        auto = compile_ruleset(ruleset, cli_sets(sets)) if str(ruleset).endswith(".mj") else None
        click.echo(" ".join(compiled.tiles.expand(hand.histogram(compiled.joker))))
        for m in found:
            kind = "concealed" if m.line.concealed else "exposed"
            jokers = f"{m.jokers} joker{'s' if m.jokers != 1 else ''}" if m.jokers else _jokerless(auto, compiled,
                                                                                                  hand, m)
            where = f"{m.line.section}, line {m.line.line}" if m.line.section else f"line {m.line.line}"
            click.echo(f"  {m.hand}   [{where}]  {m.line.points} points, {kind}, {jokers}")
        if not found:
            click.echo("  no hand on the card")
    ctx.exit(0 if found else 1)


def _jokerless(auto, compiled: CompiledCard, hand, m) -> str:
    """A hand without jokers, and what the ruleset's scoring makes of that (a card
    alone has no scoring: nothing is said)."""
    if auto is None:
        return "no jokers"
    from .score import card_doubles

    doubles = card_doubles(auto, compiled, hand, m)
    if not doubles:
        return "no jokers"
    return "no jokers (counts double)" if doubles == 1 else f"no jokers (counts {2 ** doubles:g} times)"


def _match_file(compiled: CompiledCard, name: str) -> None:
    """Batch form: one JSON object per input line, in order; a bad line gets an error object."""
    stream = sys.stdin if name == "-" else _open(name)
    try:
        lines = stream.read().removeprefix("\ufeff").splitlines()  # (a byte-order mark, as `check` reads)
    finally:
        if stream is not sys.stdin:
            stream.close()
    hands: list[Hand | str] = [_hand_of_line(compiled.tiles, text) for text in lines]
    good = [h for h in hands if isinstance(h, Hand)]
    results = iter(match_batch(compiled, good))
    out = []
    for text, h in zip(lines, hands):
        typed = None if text.lstrip().startswith("{") else _typed(text, ())
        doc = {"version": 1, "error": h} if isinstance(h, str) else match_json(compiled, h, next(results), typed)
        out.append(json.dumps(doc))
    if out:
        click.echo("\n".join(out))


def _typed(rack: str, exposed) -> list[str]:
    """The tiles as the user typed them: the rack, then any exposure not already in it."""
    codes = rack.split()
    return codes if len(codes) >= 14 else codes + [c for e in exposed for c in e.replace(",", " ").split()]


#: A hands file larger than this is refused (a million hands is about 50 MB).
MAX_HANDS_BYTES = 100_000_000


def _open(name: str):
    """A hands file: a regular file of bounded size (never /dev/zero or a FIFO left open)."""
    try:
        if not Path(name).exists():
            raise InputError(f"--hands-file {name}: no such file")
        if not Path(name).is_file():
            raise InputError(f"--hands-file {name}: not a regular file (use `-` for standard input)")
        if Path(name).stat().st_size > MAX_HANDS_BYTES:
            raise InputError(f"--hands-file {name}: larger than {MAX_HANDS_BYTES // 1_000_000} MB")
        return open(name, encoding="utf-8")
    except OSError as e:
        raise InputError(f"cannot read {name}: {e.strerror}") from None


def _hand_of_line(tiles: TileSet, text: str) -> Hand | str:
    """A batch line: tile codes, or a JSON object {"hand": ..., "exposed": [...]}; else the error."""
    try:
        if text.lstrip().startswith("{"):
            obj = json.loads(text)
            if not isinstance(obj, dict) or "hand" not in obj:
                raise InputError('a JSON line needs a "hand" field')
            exposed = obj.get("exposed", [])
            if not isinstance(obj["hand"], str):
                raise InputError(f'"hand" must be the tiles as text ("F F 2b ..."), not {json.dumps(obj["hand"])}')
            if not isinstance(exposed, list) or not all(isinstance(e, str) for e in exposed):
                raise InputError('"exposed" must be a list of exposures, each the tiles as text')
            return read_hand(tiles, obj["hand"], exposed)
        if not text.strip():
            raise InputError("empty line: no tiles")
        return read_hand(tiles, text)
    except InputError as e:
        return str(e)
    except (ValueError, TypeError) as e:
        return f"not a hand: {e}"


# -- hint -------------------------------------------------------------------------
@click.command("hint")
@click.argument("ruleset")
@click.option("--hand", "hand_text", required=True, help="13 or 14 tiles on the rack")
@click.option("--exposed", multiple=True, help="one exposure (repeat for each)")
@click.option("--top", default=5, show_default=True, type=click.IntRange(1, 1000), help="how many hands")
@click.option("--json", "as_json", is_flag=True, help="print JSON (docs/cli.md)")
@set_option
def hint_cmd(ruleset, hand_text, exposed, top, as_json, sets):
    """The nearest card hands and the tiles still needed; for 14 tiles, what to discard."""
    _validate_sets(ruleset, sets)
    compiled = _compiled(ruleset)
    hand = read_hand(compiled.tiles, hand_text, exposed, sizes=(13, 14))
    found = hints(compiled, hand, top)
    advice = discards(compiled, hand, top=3) if hand.size == 14 else None
    if as_json:
        click.echo(json.dumps(hints_json(found, advice)))
        return
    for h in found:
        missing = " ".join(h.missing) if h.missing else "nothing: mah jongg!"
        click.echo(f"need {h.need:>2}  {h.hand}   [{h.line.points} points, line {h.line.line}]  missing: {missing}")
    if not found:
        click.echo("no hand on the card fits these exposures")
    for d in advice or ():
        click.echo(f"discard {d.tile}: keeps {d.keeps} hand{'s' if d.keeps != 1 else ''} within reach "
                   f"(nearest then needs {d.nearest})")


# -- render -----------------------------------------------------------------------
@click.command("render")
@click.argument("file")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="html", show_default=True)
@click.option("-o", "--output", help="write to this file (atomically) instead of stdout")
@set_option
def render_cmd(file, fmt, output, sets):
    """A printable card (.card), or a ruleset's rule book (.mj) with its card attached:
    HTML to print, or Markdown. --set gives the rule book's options other values."""
    input_file(file, "a card file (.card) or a ruleset (.mj)")
    if file.endswith(".mj"):  # the rule book: mjdsl/render/rulebook.py
        from ..render.rulebook import render_rulebook

        text = render_rulebook(file, fmt, cli_sets(sets))
    else:
        # what check refuses is not printed: a 13-tile line, a bad `tiles` path (cards.api)
        text = render_card(_checked_card(file), fmt)
    if output is None:
        click.echo(text, nl=False)
    else:
        write_file(output, text, inputs=[file])
        click.echo(f"wrote {output}", err=True)


def _checked_card(path: str):
    """The card of ``path`` if it checks without errors; MjError (exit 2) naming them if not."""
    return load_compiled(path).card


COMMANDS: Iterable[click.Command] = [match_cmd, hint_cmd, render_cmd]
