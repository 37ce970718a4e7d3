"""``python -m mjdsl.lsp``: the language server over stdio (what ``mjdsl lsp`` runs)."""

from .server import main

main()
