"""The language server end to end: a client (pytest-lsp) starts `mjdsl lsp`
and speaks to it as an editor does: opens a ruleset with a mistake, gets the
diagnostic at its range, hovers, completes, jumps to included files, formats, fixes
the mistake and sees the diagnostic go; then does the same with a card, whose
overlap checks come on save."""

from __future__ import annotations

import asyncio
import shutil
import sys
from pathlib import Path

import pytest

pytest.importorskip("pygls")
pytest_lsp = pytest.importorskip("pytest_lsp")
from lsprotocol import types as T  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities  # noqa: E402

from mjdsl.commands.check import explain_text  # noqa: E402
from mjdsl.authoring.fmt import format_text  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
#: Seconds to wait for the server's diagnostics (it checks within a second; the machine may be busy)
WAIT = 60

HOUSE = '''extends "mine.mj"
ruleset "House"
include "extra.mj"

set limit = 1000
set no_such_limit = 3
'''


@pytest.fixture()
def folder(tmp_path):
    """A house rule over a copy of classical.mj, including a file of its own."""
    shutil.copy(ROOT / "rulesets" / "classical.mj", tmp_path / "mine.mj")
    (tmp_path / "extra.mj").write_text('option tea = on "Tea is served"\n', encoding="utf-8")
    (tmp_path / "house.mj").write_text(HOUSE, encoding="utf-8")
    (tmp_path / "cards").mkdir()
    card = (ROOT / "rulesets" / "cards" / "club-2026.card").read_text(encoding="utf-8")
    shutil.copy(ROOT / "rulesets" / "american.mj", tmp_path / "american.mj")
    (tmp_path / "cards" / "club-2026.card").write_text(card, encoding="utf-8")
    return tmp_path


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "mjdsl.cli", "lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(T.InitializeParams(capabilities=client_capabilities("visual-studio-code")))
    yield
    await lsp_client.shutdown_session()


async def _open(client: LanguageClient, path: Path, language: str = "mjdsl") -> str:
    uri = path.as_uri()
    client.text_document_did_open(T.DidOpenTextDocumentParams(
        T.TextDocumentItem(uri=uri, language_id=language, version=1, text=path.read_text(encoding="utf-8"))))
    await _published(client)
    return uri


async def _published(client: LanguageClient) -> None:
    """Wait for the next diagnostics (a server that publishes none fails the test, not hangs it)."""
    await asyncio.wait_for(client.wait_for_notification(T.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), WAIT)


def _doc(uri: str) -> T.TextDocumentIdentifier:
    return T.TextDocumentIdentifier(uri=uri)


async def _hover(client, uri: str, line: int, col: int) -> str:
    h = await client.text_document_hover_async(T.HoverParams(_doc(uri), T.Position(line, col)))
    return h.contents.value if h is not None else ""


async def _labels(client, uri: str, line: int, col: int) -> list[str]:
    result = await client.text_document_completion_async(T.CompletionParams(_doc(uri), T.Position(line, col)))
    items = result.items if isinstance(result, T.CompletionList) else result
    return [i.label for i in items]


@pytest.mark.asyncio
async def test_an_editor_session_on_a_ruleset(client: LanguageClient, folder: Path):
    uri = await _open(client, folder / "house.mj")

    # the mistake, at the range of the unknown name (line 6, `no_such_limit`)
    diags = client.diagnostics[uri]
    assert [(d.code, d.severity) for d in diags] == [("MJ210", T.DiagnosticSeverity.Error)]
    assert diags[0].range == T.Range(T.Position(5, 4), T.Position(5, 17))
    assert diags[0].source == "mjdsl"

    # hover on the mistake: its explanation, as `mjdsl explain MJ210` prints it
    text = await _hover(client, uri, 5, 8)
    assert "unknown option `no_such_limit`" in text
    assert explain_text("MJ210").splitlines()[0] in text
    # hover on an option: type, default, meaning, where it is used
    text = await _hover(client, uri, 4, 6)
    assert "option limit" in text and "(int" in text and "default `500`" in text and "in force `1000`" in text
    assert "used at:" in text and "mine.mj" in text

    # completion: block words at the top level, options by prefix, tile codes in a string
    assert {"tiles", "scoring", "extends"} <= set(await _labels(client, uri, 3, 0))
    client.text_document_did_change(T.DidChangeTextDocumentParams(
        T.VersionedTextDocumentIdentifier(uri=uri, version=2),
        [T.TextDocumentContentChangePartial(range=T.Range(T.Position(3, 0), T.Position(3, 0)),
                                            text='set roo\nclaims {\n    dead discard "\n}\n')]))
    assert "roof_off" in await _labels(client, uri, 3, 7)
    codes = await _labels(client, uri, 5, 18)
    assert {"1b", "9d", "E", "R"} <= set(codes) and "J" not in codes  # classical has no jokers
    client.text_document_did_change(T.DidChangeTextDocumentParams(
        T.VersionedTextDocumentIdentifier(uri=uri, version=3),
        [T.TextDocumentContentChangePartial(range=T.Range(T.Position(3, 0), T.Position(7, 0)), text="")]))

    # go to definition: the included file, the base, an option's declaration
    loc = await client.text_document_definition_async(T.DefinitionParams(_doc(uri), T.Position(2, 10)))
    assert loc.uri == (folder / "extra.mj").as_uri()
    loc = await client.text_document_definition_async(T.DefinitionParams(_doc(uri), T.Position(0, 3)))
    assert loc.uri == (folder / "mine.mj").as_uri()
    loc = await client.text_document_definition_async(T.DefinitionParams(_doc(uri), T.Position(4, 6)))
    mine = (folder / "mine.mj").read_text(encoding="utf-8").splitlines()
    assert loc.uri == (folder / "mine.mj").as_uri() and mine[loc.range.start.line].startswith("option limit")

    # document symbols: the file's statements
    syms = await client.text_document_document_symbol_async(T.DocumentSymbolParams(_doc(uri)))
    assert [s.name for s in syms] == ["extends mine.mj", "ruleset House", "include extra.mj",
                                      "set limit", "set no_such_limit"]

    # fix the mistake: after the pause the diagnostic is gone
    client.text_document_did_change(T.DidChangeTextDocumentParams(
        T.VersionedTextDocumentIdentifier(uri=uri, version=4),
        [T.TextDocumentContentChangePartial(range=T.Range(T.Position(5, 4), T.Position(5, 17)), text="max_chows")]))
    await _published(client)
    assert list(client.diagnostics[uri]) == []

    # formatting: the canonical layout of `mjdsl fmt`
    messy = "ruleset   \"House\"\nextends \"mine.mj\"\n\n\n\nset limit=1000   # the roof\n"
    client.text_document_did_change(T.DidChangeTextDocumentParams(
        T.VersionedTextDocumentIdentifier(uri=uri, version=5), [T.TextDocumentContentChangeWholeDocument(messy)]))
    edits = await client.text_document_formatting_async(
        T.DocumentFormattingParams(_doc(uri), T.FormattingOptions(tab_size=4, insert_spaces=True)))
    assert len(edits) == 1 and edits[0].new_text == format_text(messy)
    assert edits[0].range.start == T.Position(0, 0)


@pytest.mark.asyncio
async def test_an_editor_session_on_a_card(client: LanguageClient, folder: Path):
    card = folder / "cards" / "club-2026.card"
    text = card.read_text(encoding="utf-8")
    uri = await _open(client, card, "mjcard")
    assert {d.code for d in client.diagnostics[uri]} == {"MJ258", "MJ269"}  # the club card's own findings

    lines = text.splitlines()
    first = next(i for i, ln in enumerate(lines) if ln.startswith("FF 2026"))
    hover = await _hover(client, uri, first, 3)
    assert "FF 2026 1111 1111 - a b c" in hover and "25 points" in hover and "variants" in hover
    assert "for example: `" in hover

    syms = await client.text_document_document_symbol_async(T.DocumentSymbolParams(_doc(uri)))
    assert syms[0].name == "2026" and syms[0].children[0].name == "FF 2026 1111 1111 - a b c"

    tiles_line = next(i for i, ln in enumerate(lines) if ln.startswith("tiles "))
    loc = await client.text_document_definition_async(T.DefinitionParams(_doc(uri), T.Position(tiles_line, 8)))
    # `tiles "american.mj"`: not beside the card, so the ruleset library's
    assert loc.uri == (ROOT / "rulesets" / "american.mj").resolve().as_uri()

    # a line of 13 tiles: the size check, as you type
    client.text_document_did_change(T.DidChangeTextDocumentParams(
        T.VersionedTextDocumentIdentifier(uri=uri, version=2),
        [T.TextDocumentContentChangePartial(range=T.Range(T.Position(first, 0), T.Position(first, 2)), text="F")]))
    await _published(client)
    bad = [d for d in client.diagnostics[uri] if d.code == "MJ250"]
    assert bad and bad[0].range.start.line == first
    # the overlap checks (every pair of lines) wait for the save
    assert not {"MJ258", "MJ269"} & {d.code for d in client.diagnostics[uri]}
    client.text_document_did_save(T.DidSaveTextDocumentParams(_doc(uri)))
    await _published(client)
    assert {"MJ250", "MJ258"} <= {d.code for d in client.diagnostics[uri]}
