// The mjdsl extension: the TextMate grammars (package.json) colour .mj and .card files;
// this starts the language server, `mjdsl lsp`, for both (setting: mjdsl.server.command).
"use strict";
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const [command, ...args] = vscode.workspace.getConfiguration("mjdsl").get("server.command", ["mjdsl", "lsp"]);
  client = new LanguageClient(
    "mjdsl",
    "mjdsl language server",
    { command, args, transport: TransportKind.stdio },
    {
      documentSelector: [
        { scheme: "file", language: "mjdsl" },
        { scheme: "file", language: "mjcard" },
      ],
    },
  );
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
