// Starts `rbgtool lsp` for .rbg, .sbg, .kif and .gdl files (docs/lsp.md).
"use strict";
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("rbgtool").get("path") || "rbgtool";
  const server = { command, args: ["lsp"] };
  client = new LanguageClient(
    "rbgtool",
    "rbgtool",
    { run: server, debug: server },
    {
      documentSelector: ["rbg", "sbg", "gdl"].map((language) => ({ scheme: "file", language })),
    },
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
