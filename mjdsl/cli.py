"""The ``mjdsl`` command line.

Each command lives in ``mjdsl/commands/<topic>.py`` and is registered here. Every
command follows docs/cli.md: exit 0 on success, 1 when it ran and found problems,
2 for usage or input errors, and never a traceback for anything a user can type.
"""

from __future__ import annotations

import sys

import click

from . import __version__
from .diagnostics import InputError, MjError


class MjGroup(click.Group):
    """A click group that turns input errors into one-line messages and exit 2."""

    def invoke(self, ctx):
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


@click.group(cls=MjGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="mjdsl")
def cli() -> None:
    """mjdsl: write a mahjong variant as text, check it, and play it."""


def _register() -> None:
    from .commands import ALL

    for cmd in ALL:
        cli.add_command(cmd)


def main(argv: list[str] | None = None) -> int:
    _register()
    try:
        rv = cli.main(args=argv, prog_name="mjdsl", standalone_mode=False)
    except click.exceptions.Exit as e:
        return e.exit_code
    except click.ClickException as e:
        e.show()
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
