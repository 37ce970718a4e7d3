"""``mjdsl lsp``: the language server for editors, over stdin and stdout."""

from __future__ import annotations

import click

from ..diagnostics import InputError


@click.command("lsp")
@click.option("--stdio", is_flag=True, help="Talk over stdin/stdout (the default and only transport).")
def lsp_cmd(stdio):
    """Run the language server for .mj and .card files (editors start it; see docs/integrations.md)."""
    try:
        from ..lsp.server import main
    except ImportError as e:
        raise InputError(f"the language server needs pygls ({e.name} is missing): pip install 'mjdsl[lsp]'") from None
    main()
    return 0


COMMANDS = [lsp_cmd]
