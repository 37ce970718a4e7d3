// Tokenize files with the grammars of ../vscode/syntaxes in the real TextMate engine
// (vscode-textmate, with Oniguruma compiled to WebAssembly), as VS Code does.
//
//     node tokenize.js FILE.mj FILE.card ...
//
// Prints one JSON object: for each file, its lines, each a list of
// {"start", "end", "scopes"} tokens (columns count UTF-16 units, 0-based).
"use strict";
const fs = require("fs");
const path = require("path");
const vsctm = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");

const SYNTAXES = path.join(__dirname, "..", "vscode", "syntaxes");
const GRAMMARS = {
  "source.mjdsl": path.join(SYNTAXES, "mjdsl.tmLanguage.json"),
  "source.mjcard": path.join(SYNTAXES, "mjcard.tmLanguage.json"),
};
const SCOPE_OF = { ".mj": "source.mjdsl", ".card": "source.mjcard" };

async function main(files) {
  const wasm = fs.readFileSync(path.join(path.dirname(require.resolve("vscode-oniguruma")), "onig.wasm"));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scopeName) => {
      const file = GRAMMARS[scopeName];
      return file ? vsctm.parseRawGrammar(fs.readFileSync(file, "utf8"), file) : null;
    },
  });
  const out = {};
  for (const file of files) {
    const scope = SCOPE_OF[path.extname(file)];
    if (!scope) throw new Error(`${file}: not a .mj or .card file`);
    const grammar = await registry.loadGrammar(scope);
    let stack = vsctm.INITIAL;
    out[file] = fs.readFileSync(file, "utf8").split("\n").map((line) => {
      const r = grammar.tokenizeLine(line.replace(/\r$/, ""), stack);
      stack = r.ruleStack;
      return r.tokens.map((t) => ({ start: t.startIndex, end: t.endIndex, scopes: t.scopes }));
    });
  }
  process.stdout.write(JSON.stringify(out));
}

main(process.argv.slice(2)).catch((e) => {
  process.stderr.write(`tokenize.js: ${e.stack || e}\n`);
  process.exit(1);
});
