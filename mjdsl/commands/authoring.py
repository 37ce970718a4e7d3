"""Commands for writing rulesets: ``mjdsl options``, ``mjdsl diff`` and ``mjdsl fmt``.

(``mjdsl render RULESET`` is the card command's ``render``, which hands ``.mj``
files to :func:`mjdsl.render.rulebook.render_rulebook`.)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from ..diagnostics import InputError
from ..output import write_file
from ..source import BUILTIN, MAX_BYTES, FileTooLarge, read_text_marked
from .common import CARD_SUFFIX, allow_outside_option, cli_sets, existing_path, ruleset_path, set_option

RULESET_SUFFIX = ".mj"


# -- options ------------------------------------------------------------------------


@click.command("options")
@click.argument("ruleset")
@click.option("--json", "as_json", is_flag=True, help="Print the options as JSON.")
@set_option
@allow_outside_option
def options_cmd(ruleset, as_json, sets, allow_outside):
    """List RULESET's options: type, default, the value in force and where it was set,
    what each means, and where the rules use it."""
    from ..frontend.checked import require

    ruleset_path(ruleset)
    checked = require(ruleset, cli_sets(sets), allow_outside=allow_outside)
    opts = list(checked.ctx.options)
    if as_json:
        click.echo(json.dumps({"version": 1, "ruleset": checked.loaded.ruleset.name, "options": [
            {"name": o.name, "type": o.type, "default": o.default, "value": o.value, "meaning": o.meaning,
             "set_at": _where(o.set_at), "declared_at": str(o.span), "used_at": [str(s) for s in o.used_at],
             **({"choices": list(o.choices)} if o.choices else {}), **({"range": list(o.range)} if o.range else {})}
            for o in opts]}, indent=1))
        return 0
    click.echo(f"{checked.loaded.ruleset.name or ruleset}: {len(opts)} option(s)")
    rows = [(o.name, o.describe_value(), o.describe_value(o.default), o.type, _where(o.set_at) or "default")
            for o in opts]
    heads = ("option", "value", "default", "type", "set at")
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(heads)]
    click.echo("  ".join(h.ljust(w) for h, w in zip(heads, widths)).rstrip())
    for o, row in zip(opts, rows):
        click.echo("  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip())
        extra = (f"one of {', '.join(o.choices)}" if o.choices
                 else f"range {o.range[0]:g}..{o.range[1]:g}" if o.range else "")
        click.echo(f"    {o.meaning}" + (f" ({extra})" if extra else ""))
        used = ", ".join(str(s) for s in o.used_at) or "nowhere (see MJ304)"
        click.echo(f"    used at: {used}")
    return 0


def _where(span) -> str:
    if span is None:
        return ""
    return "--set" if span == BUILTIN else str(span)


# -- diff ---------------------------------------------------------------------------


@click.command("diff")
@click.argument("a")
@click.argument("b")
@click.option("--json", "as_json", is_flag=True, help="Print the differences as JSON.")
@click.option("--exit-code", is_flag=True, help="Exit 1 when the rulesets differ (like `git diff --exit-code`).")
@set_option
def diff_cmd(a, b, as_json, exit_code, sets):
    """What differs between rulesets A and B, in words a player understands, with the
    hash of each compiled ruleset. --set applies to both. Two cards (.card) are compared
    line by line: hands added, removed, re-pointed and changed."""
    from ..authoring.diff import diff_rulesets

    existing_path(a)
    existing_path(b)
    cards = [str(p).endswith(CARD_SUFFIX) for p in (a, b)]
    if any(cards):
        if not all(cards):
            raise InputError(f"diff compares two rulesets or two cards, not a ruleset and a card ({a}, {b})")
        if sets:
            raise InputError("--set: cards have no options; give --set with two rulesets")
        from ..cards.diff import diff_card_files

        result = diff_card_files(a, b)
    else:
        result = diff_rulesets(ruleset_path(a), ruleset_path(b), cli_sets(sets))
    if as_json:
        click.echo(json.dumps(result.to_json(), indent=1))
    else:
        click.echo(result.text(), nl=False)
    return 1 if exit_code and not result.same else 0


# -- fmt ----------------------------------------------------------------------------


def _ruleset_files(paths) -> list[Path]:
    out: list[Path] = []
    for p in paths:
        path = existing_path(p)
        if path.is_dir():
            found = sorted(q for q in path.rglob(f"*{RULESET_SUFFIX}")
                           if q.is_file() and not any(part.startswith(".") for part in q.relative_to(path).parts))
            if not found:  # as `check` says of a folder with nothing to check
                raise InputError(f"{p}: no {RULESET_SUFFIX} files in this folder: nothing to format")
            out.extend(found)
        elif path.suffix != RULESET_SUFFIX:
            raise InputError(f"{p}: fmt formats {RULESET_SUFFIX} rulesets, not {path.suffix or 'extensionless'} files")
        else:
            out.append(path)
    return out


def _read(path: Path) -> tuple[str, bool]:
    """(the file's text, whether it starts with a byte-order mark), read as ``check`` reads
    it (:func:`mjdsl.source.read_text`: the mark dropped, the size limit, regular files only)."""
    try:
        return read_text_marked(path)
    except FileTooLarge:
        raise InputError(f"{path}: larger than {MAX_BYTES // 1000} kB: not a ruleset to format") from None
    except UnicodeDecodeError:
        raise InputError(f"{path}: not UTF-8 text") from None
    except OSError as e:
        raise InputError(f"{path}: cannot read it: {e.strerror or e}") from None


@click.command("fmt")
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option("--check", "check_only", is_flag=True,
              help="Write nothing; list the files that would change and exit 1 if any would.")
def fmt_cmd(paths, check_only):
    """Give rulesets (.mj files, or folders of them) their canonical layout, in place.

    One statement a line, four spaces per brace, single spaces, comments kept; a
    byte-order mark is dropped. `-` formats standard input to standard output. A file that does not parse is an
    input error (exit 2) and nothing is written.
    """
    from ..authoring.fmt import FormatError, format_text

    if paths == ("-",):
        try:
            click.echo(format_text(sys.stdin.read(), "<stdin>"), nl=False)
        except FormatError as e:
            raise InputError(str(e)) from None
        return 0
    changed: list[tuple[Path, str]] = []
    files = _ruleset_files(paths)
    for f in files:
        text, bom = _read(f)
        try:
            new = format_text(text, str(f))
        except FormatError as e:
            raise InputError(f"cannot format: {e}") from None
        if new != text or bom:  # the canonical layout has no byte-order mark
            changed.append((f, new))
    if check_only:
        for f, _ in changed:
            click.echo(str(f))
        click.echo(f"{len(changed)} of {len(files)} file(s) would be reformatted", err=True)
        return 1 if changed else 0
    for f, new in changed:
        write_file(f, new)  # fmt rewrites its input: that is what it is for
    click.echo(f"reformatted {len(changed)} of {len(files)} file(s)", err=True)
    return 0


COMMANDS = [options_cmd, diff_cmd, fmt_cmd]
