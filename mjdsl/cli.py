"""The ``mjdsl`` command line.

Each command lives in ``mjdsl/commands/<topic>.py`` and is listed in
``commands.TABLE``; the group imports a command's module only when that command runs,
so ``mjdsl --version`` and ``--help`` load click and nothing else of weight
(docs/performance.md, "Start-up"). Every command follows docs/cli.md: exit 0 on
success, 1 when it ran and found problems, 2 for usage or input errors, and never a
traceback for anything a user can type.
"""

from __future__ import annotations

import sys

import click

from . import __version__
from .commands import TABLE, load


class MjGroup(click.Group):
    """A click group that turns input errors into one-line messages and exit 2, and
    whose commands are the entries of ``commands.TABLE``, each imported when it runs."""

    def list_commands(self, ctx):
        return [e.name for e in TABLE]

    def get_command(self, ctx, name):
        for e in TABLE:
            if e.name == name:
                if e.brief:
                    _no_collection_at_exit()
                return load(e)
        return None

    def resolve_command(self, ctx, args):
        # click suggests from the commands it holds, and this group holds none until asked
        name = click.utils.make_str(args[0])
        if not name.startswith("-") and not ctx.resilient_parsing and self.get_command(ctx, name) is None:
            import difflib

            close = difflib.get_close_matches(name, [e.name for e in TABLE if not e.hidden])
            hint = ""
            if len(close) == 1:
                hint = f" Did you mean {close[0]!r}?"
            elif close:
                hint = f" (Did you mean one of: {', '.join(repr(c) for c in sorted(close))}?)"
            raise click.UsageError(f"No such command {name!r}.{hint}", ctx)
        return super().resolve_command(ctx, args)

    def format_commands(self, ctx, formatter):
        # the table's own lines, so that --help imports no command module
        rows = [(e.name, e.help) for e in TABLE if not e.hidden]
        limit = formatter.width - 6 - max(len(n) for n, _ in rows)
        with formatter.section("Commands"):
            formatter.write_dl([(n, _short(h, limit)) for n, h in rows])

    def invoke(self, ctx):
        from .diagnostics import InputError, MjError

        try:
            return super().invoke(ctx)
        except InputError as e:
            click.echo(f"mjdsl: error: {e}", err=True)
            ctx.exit(2)
        except MjError as e:
            for d in e.diagnostics:
                click.echo(f"mjdsl: {d.span}: {d.severity.value}[{d.code}]: {d.message}", err=True)
            ctx.exit(2)
        except BrokenPipeError:
            raise
        except OSError as e:
            where = f"{e.filename}: " if getattr(e, "filename", None) else ""
            click.echo(f"mjdsl: error: {where}{e.strerror or e}", err=True)
            ctx.exit(2)
        except UnicodeDecodeError as e:
            click.echo(f"mjdsl: error: not UTF-8 text ({e.reason} at byte {e.start})", err=True)
            ctx.exit(2)
        except (RecursionError, MemoryError, ArithmeticError) as e:
            # a bound the checks did not foresee: still a message, not a traceback
            click.echo(f"mjdsl: error: the input is too large or deep to compute ({type(e).__name__})", err=True)
            ctx.exit(2)


def _version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    from .native import build

    # which build of the hot path runs: compiled by mypyc (make compiled) or pure Python
    click.echo(f"mjdsl, version {__version__} (engine: {build()})")
    ctx.exit()


@click.group(cls=MjGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_version,
              help="Show the version, and whether the engine is compiled, and exit.")
def cli() -> None:
    """mjdsl: write a mahjong variant as text, check it, and play it.

    Exit status, JSON shapes and every option: docs/cli.md. What mjdsl promises
    about rule files, cards and logs from others: docs/security.md.
    """


def _no_collection_at_exit() -> None:
    """At exit, move every object out of the cyclic collector's sight (``gc.freeze``).

    A process that ends after a brief command has no use for its cycles being found,
    yet the interpreter's shutdown runs full collections over every object the run
    made: about 0.08 s of CPU after a check of ``classical.mj`` (docs/performance.md,
    "Start-up"). The objects are still freed by reference counting as the modules are
    cleared, and the atexit handlers registered after this one (by modules imported
    later) run before it."""
    import atexit
    import gc

    atexit.unregister(gc.freeze)  # once, however often a process (a test) runs a command
    atexit.register(gc.freeze)


def _short(text: str, limit: int) -> str:
    """A command's line cut to ``limit`` as click cuts a short help."""
    return click.Command(None, help=text).get_short_help_str(max(limit, 45))


def main(argv: list[str] | None = None) -> int:
    try:
        rv = cli.main(args=argv, prog_name="mjdsl", standalone_mode=False)
    except click.exceptions.Exit as e:
        return e.exit_code
    except click.UsageError as e:
        # one line, as every other input error: what is wrong, and where the usage is
        where = e.ctx.command_path if e.ctx is not None else "mjdsl"
        click.echo(f"mjdsl: error: {e.format_message()} (see `{where} --help`)", err=True)
        return 2
    except click.ClickException as e:
        click.echo(f"mjdsl: error: {e.format_message()}", err=True)
        return 2
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        return 2
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        return 130
    except BrokenPipeError:
        # the reader went away (`mjdsl ... | head`): stop quietly
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    return rv if isinstance(rv, int) else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
