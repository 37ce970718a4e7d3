"""``mjdsl check PATH...``: parse, check and lint rulesets and cards."""

from __future__ import annotations

import os
from pathlib import Path

import click

from .. import diagnostics as D
from ..diagnostics import InputError
from ..frontend.checked import check_file
from .common import allow_outside_option, cli_sets, existing_path, set_option

RULESET_SUFFIXES = (".mj",)
CARD_SUFFIXES = (".card",)


def _expand(paths) -> list[Path]:
    out: list[Path] = []
    for p in paths:
        path = existing_path(p)
        if path.is_dir():
            found = sorted(q for q in path.rglob("*") if q.suffix in RULESET_SUFFIXES + CARD_SUFFIXES and q.is_file())
            if not found:
                raise InputError(f"{p}: no .mj or .card files in this folder: nothing to check")
            out.extend(found)
        else:
            out.append(path)
    return out


def _check_one(path: Path, sets, allow_outside: bool, want_stats: bool):
    """(diagnostics, sources, stats rows) for one file; a ruleset's card is counted only for ``--stats``."""
    if path.suffix in CARD_SUFFIXES:
        from ..cards.api import check_card_file

        return check_card_file(path, allow_outside=allow_outside)
    checked = check_file(path, sets, allow_outside=allow_outside)
    stats = []
    if want_stats and checked.ctx is not None:
        try:
            from .check_stats import ruleset_stats
        except ImportError:
            stats = []
        else:
            stats = ruleset_stats(checked.ctx)
    return list(checked.diagnostics), checked.sources, stats


def _once(diags: list) -> list:
    """Each diagnostic once, however the file it points into was named (relative, absolute)."""
    seen: dict = {}
    for d in diags:
        key = (d.code, os.path.realpath(d.span.path), d.span.line, d.span.column, d.message)
        seen.setdefault(key, d)
    return list(seen.values())


@click.command("check")
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option("--format", "fmt", type=click.Choice(["full", "concise", "json", "sarif"]), default="full",
              show_default=True, help="How to print the diagnostics.")
@click.option("--stats", is_flag=True,
              help="Also print the variant count of each card line (with --format json or sarif: in the "
                   "document, under \"stats\").")
@set_option
@allow_outside_option
def check_cmd(paths, fmt, stats, sets, allow_outside):
    """Parse, check and lint rulesets (.mj) and cards (.card).

    A folder is searched for .mj and .card files. Exit status: 0 no errors,
    1 errors found, 2 bad usage or a path that does not exist.
    """
    files = _expand(paths)
    parsed_sets = cli_sets(sets)
    all_diags: list[D.Diagnostic] = []
    sources: dict = {}
    stat_rows = []
    for f in files:
        diags, srcs, rows = _check_one(f, parsed_sets, allow_outside, stats)
        all_diags.extend(diags)
        sources.update(srcs)
        stat_rows.extend(r if len(r) == 4 else (str(f), *r) for r in rows)
    # a card is checked on its own and again by each ruleset that plays it: report once
    all_diags = sorted(_once(all_diags), key=D.sort_key)
    # the stats are data: in the document for the machine formats (stdout stays one
    # JSON document), a line each after the diagnostics for the text formats
    stats_json = [{"path": path, "line": line, "hand": text, "variants": count}
                  for path, line, text, count in stat_rows] if stats else None
    if fmt == "json":
        click.echo(D.to_json(all_diags, stats_json))
    elif fmt == "sarif":
        from ..codes import titles

        click.echo(D.to_sarif(all_diags, titles(), stats_json))
    else:
        for d in all_diags:
            click.echo(D.format_full(d, sources) if fmt == "full" else D.format_concise(d))
            if fmt == "full":
                click.echo("")
        for path, line, text, count in stat_rows if stats else ():
            click.echo(f"{path}:{line}: {count:4d} variants  {text}")
    errors = sum(d.is_error for d in all_diags)
    warnings = sum(d.severity is D.Severity.WARNING for d in all_diags)
    click.echo(f"checked {len(files)} file(s): {errors} error(s), {warnings} warning(s)", err=True)
    return 1 if errors else 0


@click.command("explain")
@click.argument("code")
def explain_cmd(code):
    """Print the long explanation of a diagnostic code, with a wrong and a right example."""
    from ..diagnostics import InputError

    text = explain_text(code)
    if text is None:
        raise InputError(f"unknown code {code!r}; codes are MJ1xx syntax, MJ2xx checks, MJ3xx lint, MJ4xx engine "
                         f"(see docs/diagnostics.md)")
    click.echo(text)
    return 0


def explain_text(code: str) -> str | None:
    """What ``mjdsl explain CODE`` prints (the language server's hover shows it too); None if unknown."""
    from ..codes import CODES

    c = CODES.get(code.upper())
    if c is None:
        return None
    parts = [f"{c.code}: {c.title}\n", c.explanation]
    if c.wrong:
        parts.append("\nWrong:\n" + "".join("    " + ln + "\n" for ln in c.wrong.splitlines()))
    if c.right:
        parts.append("Right:\n" + "".join("    " + ln + "\n" for ln in c.right.splitlines()))
    return "\n".join(parts)


COMMANDS = [check_cmd, explain_cmd]
