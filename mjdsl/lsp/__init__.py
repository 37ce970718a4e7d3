"""The language server for ``.mj`` rulesets and ``.card`` cards (``mjdsl lsp``).

It speaks the Language Server Protocol over stdio through pygls and answers with
the project's own front end: diagnostics are ``mjdsl check``'s (``frontend``,
``cards.api``), hovers on a diagnostic are ``mjdsl explain``'s text, formatting is
``mjdsl fmt``'s. ``analysis`` checks an open document; ``hover``, ``complete`` and
``navigate`` answer the requests from it; ``server`` wires them to the protocol.

Needs the optional extra ``mjdsl[lsp]`` (pygls).
"""
