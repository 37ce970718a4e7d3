"""The language server (``mjdsl lsp``): pygls over stdio, for ``.mj`` and ``.card`` files.

Each handler is a few lines that turn the protocol's parameters into a call of the
feature modules (``hover``, ``complete``, ``navigate``) on the document's latest
:class:`~mjdsl.lsp.analysis.Analysis`. Documents are checked when opened, again
:data:`DEBOUNCE` seconds after the last change (each keystroke restarts the wait;
a card's overlap checks wait for the save), and every open document again on save
(a saved file may be included by the others).
A bug in a check never stops the server: it is logged and the document keeps its
last diagnostics.
"""

from __future__ import annotations

import asyncio
import traceback
from pathlib import Path

import attrs
from lsprotocol import types as T
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from .. import __version__
from ..diagnostics import Severity
from .analysis import CARD, Analysis, analyze
from .complete import completions
from .hover import hover_text
from .navigate import definition, formatting, symbols
from .text import span_range

#: Seconds of quiet after a change before the document is checked again.
DEBOUNCE = 0.3

_SEVERITY = {Severity.ERROR: T.DiagnosticSeverity.Error, Severity.WARNING: T.DiagnosticSeverity.Warning,
             Severity.NOTE: T.DiagnosticSeverity.Information}


class MjdslServer(LanguageServer):
    """A pygls server that keeps each open document's analysis and a debounce timer."""

    def __init__(self):
        super().__init__("mjdsl", __version__, text_document_sync_kind=T.TextDocumentSyncKind.Incremental)
        self.analyses: dict[str, Analysis] = {}
        self.timers: dict[str, asyncio.TimerHandle] = {}

    def path_of(self, uri: str) -> Path:
        fs = to_fs_path(uri)
        return Path(fs) if fs else Path.cwd() / "untitled.mj"

    def refresh(self, uri: str, full: bool = True) -> None:
        """Check the document now and publish its diagnostics (``full=False``: as you type)."""
        self.timers.pop(uri, None)
        doc = self.workspace.text_documents.get(uri)
        if doc is None:
            return
        others = {self.path_of(u).resolve(): d.source for u, d in self.workspace.text_documents.items() if u != uri}
        try:
            a = analyze(self.path_of(uri), doc.source, others, full=full)
        except Exception:  # a bug in a check must not stop the server
            self.window_log_message(T.LogMessageParams(T.MessageType.Error, traceback.format_exc()))
            return
        self.analyses[uri] = keep_names(self.analyses.get(uri), a)
        self.text_document_publish_diagnostics(
            T.PublishDiagnosticsParams(uri=uri, version=doc.version, diagnostics=[to_lsp(d) for d in a.diagnostics]))

    def later(self, uri: str) -> None:
        old = self.timers.pop(uri, None)
        if old is not None:
            old.cancel()
        self.timers[uri] = asyncio.get_running_loop().call_later(DEBOUNCE, self.refresh, uri, False)

    def analysis(self, uri: str) -> Analysis | None:
        """The document's analysis, brought up to date if a check is still waiting."""
        if uri in self.timers or uri not in self.analyses:
            timer = self.timers.get(uri)
            if timer is not None:
                timer.cancel()
            self.refresh(uri, full=False)
        return self.analyses.get(uri)


def keep_names(old: Analysis | None, new: Analysis) -> Analysis:
    """While the text does not parse (mid-word), completion and hover read the names
    (options, tiles, card lines) of the last version that did."""
    if old is None:
        return new
    if new.ctx is None and old.ctx is not None:
        new = attrs.evolve(new, checked=old.checked)
    if new.kind == CARD and new.compiled is None and old.compiled is not None:
        new = attrs.evolve(new, compiled=old.compiled)
    return new


def to_lsp(d) -> T.Diagnostic:
    message = d.message + (f"\nhint: {d.hint}" if d.hint else "")
    return T.Diagnostic(range=span_range(d.span), message=message, severity=_SEVERITY[d.severity], code=d.code,
                        source="mjdsl")


server = MjdslServer()


@server.feature(T.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: MjdslServer, params: T.DidOpenTextDocumentParams):
    ls.refresh(params.text_document.uri)


@server.feature(T.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: MjdslServer, params: T.DidChangeTextDocumentParams):
    ls.later(params.text_document.uri)


@server.feature(T.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: MjdslServer, params: T.DidSaveTextDocumentParams):
    for uri in list(ls.workspace.text_documents):
        ls.refresh(uri)


@server.feature(T.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: MjdslServer, params: T.DidCloseTextDocumentParams):
    uri = params.text_document.uri
    timer = ls.timers.pop(uri, None)
    if timer is not None:
        timer.cancel()
    ls.analyses.pop(uri, None)
    ls.text_document_publish_diagnostics(T.PublishDiagnosticsParams(uri=uri, diagnostics=[]))


@server.feature(T.TEXT_DOCUMENT_HOVER)
def hover(ls: MjdslServer, params: T.HoverParams):
    a = ls.analysis(params.text_document.uri)
    text = hover_text(a, params.position.line, params.position.character) if a is not None else None
    return T.Hover(T.MarkupContent(T.MarkupKind.Markdown, text)) if text else None


@server.feature(T.TEXT_DOCUMENT_COMPLETION, T.CompletionOptions(trigger_characters=['"']))
def completion(ls: MjdslServer, params: T.CompletionParams):
    a = ls.analysis(params.text_document.uri)
    items = completions(a, params.position.line, params.position.character) if a is not None else []
    return T.CompletionList(is_incomplete=False, items=items)


@server.feature(T.TEXT_DOCUMENT_DEFINITION)
def goto_definition(ls: MjdslServer, params: T.DefinitionParams):
    a = ls.analysis(params.text_document.uri)
    return definition(a, params.position.line, params.position.character) if a is not None else None


@server.feature(T.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def document_symbol(ls: MjdslServer, params: T.DocumentSymbolParams):
    a = ls.analysis(params.text_document.uri)
    return symbols(a) if a is not None else []


@server.feature(T.TEXT_DOCUMENT_FORMATTING)
def format_document(ls: MjdslServer, params: T.DocumentFormattingParams):
    a = ls.analysis(params.text_document.uri)
    return formatting(a) if a is not None else None


def main() -> None:
    """Serve over stdin/stdout until the client says exit."""
    server.start_io()
