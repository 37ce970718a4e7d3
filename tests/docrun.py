"""Run the documentation as written: every fenced example of README.md and docs/*.md.

Sybil (the doc-testing tool of Python projects) lexes the Markdown; this module gives
it one evaluator per kind of fenced block, by the block's info string:

    ```mj                 a ruleset snippet: it parses; if its first line says
                          "checks clean", it loads and checks with no error
    ```mj-wrong           its first comment names a code (``# MJ110: ...``) that the
                          parser or the checks report
    ```card               a card, or hand lines of one (a ``card "Example"`` title is
                          put above lines that have none): checked with no error
    ```card-wrong         as mj-wrong, for a card
    ```console            a shell transcript: ``$ command`` lines (``\\`` continues a
                          line), each followed by the output it prints (stdout and
                          stderr as they come); ``[exit N]`` as the last output line
                          when the status is not 0
    ```sh                 commands only: each line runs and exits 0

Any block may add ``file=PATH`` to its info string (```` ```card file=my-cards/spring.card ````):
its text is written to PATH in the document's workspace before it is checked, so later
transcripts can use the file. ``code=MJxxx`` on a ```console block makes it
the wrong and the right example of that code: some command reports it and the last
one does not. ``...`` in shown output matches any text (timings, paths),
as doctest's ELLIPSIS does. ``<!-- skip: next "why" -->`` skips the next block (Sybil's
skip directive): say why.

Each document runs in its own workspace, a fresh copy of the shipped files
(``rulesets/``, ``examples/``), so its examples can write files and read each other's.
``mjdsl`` commands that only read files (check, match, ...) and use no shell syntax
run in-process (fast); anything else runs in ``bash`` with the project's ``mjdsl`` on
the PATH. Either way the workspace's ``rulesets/`` is the ruleset library (``$MJDSL_PATH``).

:func:`run_document` runs one document and returns a :class:`Outcome` per block;
``tests/test_docs_run.py`` asserts they all pass, and ``tools/refresh_docs.py`` rewrites
the shown output of the transcripts that no longer match.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

import attrs
from sybil import Document, Example, Region
from sybil.parsers.markdown import SkipParser
from sybil.parsers.markdown.lexers import RawFencedCodeBlockLexer

ROOT = Path(__file__).resolve().parent.parent
#: What a user has after a checkout: the files the documentation's commands read.
SHIPPED = ("rulesets", "examples")
#: The documents that are run.
DOCUMENTS = ("README.md", *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "docs").glob("*.md")))
#: Info strings this module runs; any other fenced block (```text, ```lark...) is prose.
KINDS = ("mj", "mj-wrong", "card", "card-wrong", "console", "sh")

INFO = re.compile(r"(?P<kind>[\w-]+)(?P<attrs>(?:[ \t]+\w+=\S+)*)[ \t]*$\n", re.M)
CODE = re.compile(r"#\s*(MJ\d{3})\b")
EXIT = re.compile(r"^\[exit (\d+)\]$")
#: Shell syntax that needs a real shell (pipes, redirections, variables, globs, &&).
SHELL = re.compile(r"[|&;<>$`*?(){}]")
CARD_TITLE = 'card "Example"\n'
#: Commands run in this process (a fresh ``mjdsl`` costs a second of imports); the
#: ones that start worker processes or play hands run as a user runs them.
IN_PROCESS = frozenset({"check", "explain", "compile", "match", "hint", "score", "render", "options", "diff", "fmt"})


@attrs.frozen
class Command:
    """One ``$ command`` of a transcript and the output shown for it."""

    text: str
    expected: str
    status: int
    #: where the shown output starts and ends in the block's source (for refreshing)
    out_start: int
    out_end: int


@attrs.frozen
class Ran:
    """What a command did."""

    output: str
    status: int


@attrs.define
class Outcome:
    """One block of a document: its line, kind, and what went wrong ("" when nothing)."""

    line: int
    kind: str
    problem: str = ""
    skipped: str = ""
    region: Region | None = None
    #: for a console block: (command, what it did), in order
    ran: list[tuple[Command, Ran]] = attrs.Factory(list)


# ------------------------------------------------------------------ the workspace


class Workspace:
    """A fresh copy of the shipped files in a temporary folder, for one document."""

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="mjdsl-docs-"))
        for name in SHIPPED:
            shutil.copytree(ROOT / name, self.root / name)

    def close(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)

    def write(self, rel: str, text: str) -> Path:
        path = self.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return path

    def run(self, command: str, stdin: str = "") -> Ran:
        """Run a command line in the workspace; stdout and stderr in the order written."""
        words = shlex.split(command, comments=True) if not SHELL.search(_strip_comment(command)) else None
        if words and words[0] == "mjdsl" and len(words) > 1 and words[1] in IN_PROCESS:
            return self._in_process(words[1:])
        env = {**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "80", "MJDSL_PATH": self.library,
               "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
        done = subprocess.run(["bash", "-c", command], cwd=self.root, env=env, input=stdin, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=300)
        return Ran(done.stdout, done.returncode)

    def _in_process(self, argv: list[str]) -> Ran:
        from mjdsl.cli import main

        buf = io.StringIO()
        with self.inside(), contextlib.redirect_stdout(buf), contextlib.redirect_stderr(buf):
            status = main(argv)
        return Ran(buf.getvalue(), status)

    @property
    def library(self) -> str:
        """The ruleset library the workspace's commands search: its own copy of rulesets/."""
        return str(self.root / "rulesets")

    @contextlib.contextmanager
    def inside(self):
        """Run in the workspace, with its rulesets/ as the ruleset library."""
        old, saved = Path.cwd(), os.environ.get("MJDSL_PATH")
        os.chdir(self.root)
        os.environ["MJDSL_PATH"] = self.library
        try:
            yield
        finally:
            os.chdir(old)
            if saved is None:
                os.environ.pop("MJDSL_PATH", None)
            else:
                os.environ["MJDSL_PATH"] = saved


def _strip_comment(command: str) -> str:
    """The command without a trailing ``# comment`` (outside quotes)."""
    lex = shlex.shlex(command, posix=True)
    lex.whitespace_split = True
    lex.commenters = "#"
    try:
        return " ".join(lex)
    except ValueError:
        return command


# ------------------------------------------------------------------ matching shown output


def matches(expected: str, got: str) -> bool:
    """True when ``got`` is the shown output; ``...`` matches any text, trailing spaces aside."""
    want = _tidy(expected)
    have = _tidy(got)
    if "..." not in want:
        return want == have
    pattern = ".*?".join(re.escape(part) for part in want.split("..."))
    return re.fullmatch(pattern, have, re.S) is not None


def _tidy(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.strip("\n").splitlines())


# ------------------------------------------------------------------ transcripts


def parse_transcript(source: str) -> list[Command]:
    """The commands of a ```console block, each with its shown output and status."""
    out: list[Command] = []
    lines = source.splitlines(keepends=True)
    offsets = [0]
    for ln in lines:
        offsets.append(offsets[-1] + len(ln))
    i = 0
    while i < len(lines):
        if not lines[i].startswith("$ "):
            raise ValueError(f"a transcript line that is neither a command (`$ ...`) nor its output: {lines[i]!r}")
        cmd = lines[i][2:].rstrip("\n")
        i += 1
        while cmd.endswith("\\") and i < len(lines):
            cmd = cmd[:-1] + " " + lines[i].strip()
            i += 1
        start = i
        while i < len(lines) and not lines[i].startswith("$ "):
            i += 1
        shown = lines[start:i]
        status = 0
        if shown and EXIT.match(shown[-1].strip()):
            status = int(EXIT.match(shown[-1].strip()).group(1))
            shown = shown[:-1]
        out.append(Command(" ".join(cmd.split()) if "\n" not in cmd else cmd, "".join(shown), status,
                           offsets[start], offsets[i]))
    return out


def show(ran: Ran) -> str:
    """The output of a command as a transcript shows it."""
    text = ran.output if ran.output.endswith("\n") or not ran.output else ran.output + "\n"
    return text + (f"[exit {ran.status}]\n" if ran.status else "")


# ------------------------------------------------------------------ the evaluators


def _attrs(region_info: str) -> dict[str, str]:
    return dict(kv.split("=", 1) for kv in region_info.split())


def _codes_of_ruleset(ws: Workspace, text: str, rel: str) -> tuple[list[str], list[str]]:
    """(codes of every diagnostic, codes of the errors) for ruleset text read at ``rel``."""
    from mjdsl.check import run_checks
    from mjdsl.frontend.load import load_text

    with ws.inside():
        loaded = load_text(text, str(ws.root / rel))
        diags = list(loaded.diagnostics)
        if loaded.ruleset is not None:
            diags += run_checks(loaded.ruleset)[1]
    return [d.code for d in diags], [f"{d.code} {d.message}" for d in diags if d.is_error]


def _wrong(text: str, opts: dict[str, str], codes_found) -> str:
    """A wrong example gives its code: ``code=`` in its info string, or its first comment."""
    m = CODE.match(text)
    code = opts.get("code") or (m.group(1) if m else None)
    if not code:
        return "a wrong example starts with a comment naming its code: # MJ250: ..."
    found = codes_found()
    return "" if code in found else f"does not give {code} (it gives {found or 'nothing'})"


def _card_diagnostics(ws: Workspace, path: Path) -> list:
    from mjdsl.cards.api import check_card_file

    with ws.inside():
        return check_card_file(path)[0]


class Evaluators:
    """The evaluator of each kind of block; each returns a problem ("" when none)."""

    def __init__(self, ws: Workspace) -> None:
        self.ws = ws

    def mj(self, text: str, line: int, opts: dict[str, str]) -> str:
        from mjdsl.syntax.parse import parse_text

        parsed = parse_text(text, "example.mj")
        if parsed.diagnostics:
            return "does not parse: " + "; ".join(f"{d.code} {d.message}" for d in parsed.diagnostics)
        if "checks clean" in text.split("\n", 1)[0]:
            _, errors = _codes_of_ruleset(self.ws, text, opts.get("file", "rulesets/example.mj"))
            if errors:
                return "is said to check clean, and has errors: " + "; ".join(errors)
        if "code" in opts:
            found, _ = _codes_of_ruleset(self.ws, text, opts.get("file", "rulesets/example.mj"))
            if opts["code"] in found:
                return f"the right example of {opts['code']} gives it"
        return ""

    def mj_wrong(self, text: str, line: int, opts: dict[str, str]) -> str:
        return _wrong(text, opts, lambda: _codes_of_ruleset(self.ws, text, opts.get("file", "rulesets/example.mj"))[0])

    def card(self, text: str, line: int, opts: dict[str, str]) -> str:
        diags = _card_diagnostics(self.ws, self._card_file(text, line, opts.get("file")))
        errors = [f"{d.code} {d.message}" for d in diags if d.is_error]
        if errors:
            return "has errors: " + "; ".join(errors)
        if "code" in opts and opts["code"] in [d.code for d in diags]:
            return f"the right example of {opts['code']} gives it"
        return ""

    def card_wrong(self, text: str, line: int, opts: dict[str, str]) -> str:
        return _wrong(text, opts, lambda: [d.code for d in _card_diagnostics(
            self.ws, self._card_file(text, line, opts.get("file")))])

    def _card_file(self, text: str, line: int, file: str | None) -> Path:
        if not re.search(r'^card "', text, re.M):
            first = re.search(r"^\s*[^#\s]", text, re.M)
            at = first.start() if first else len(text)
            text = text[:at] + CARD_TITLE + text[at:]
        # a card block with no file sits beside the Club card, so `tiles "../american.mj"` reads
        return self.ws.write(file or f"rulesets/cards/example-{line}.card", text)

    def sh(self, text: str, line: int, opts: dict[str, str]) -> str:
        for cmd in (c for c in text.splitlines() if c.strip() and not c.lstrip().startswith("#")):
            ran = self.ws.run(cmd)
            if ran.status != 0:
                return f"`{cmd}` exited {ran.status}:\n{ran.output}"
        return ""


def _evaluator(kind: str, info: str, outcomes: list[Outcome], ws: Workspace):
    evals = Evaluators(ws)

    def evaluate(example: Example) -> str | None:
        source = str(example.parsed)
        file = _attrs(info).get("file")
        outcome = Outcome(example.line, kind, region=example.region)
        outcomes.append(outcome)
        if kind == "console":
            if file:
                ws.write(file, source)
            problems = []
            for cmd in parse_transcript(source):
                ran = ws.run(cmd.text)
                outcome.ran.append((cmd, ran))
                if not (matches(cmd.expected, ran.output) and ran.status == cmd.status):
                    problems.append(_difference(cmd, ran))
            code = _attrs(info).get("code")
            if code and not problems:
                problems += _shows_code(code, outcome.ran)
            outcome.problem = "\n".join(problems)
        else:
            if file and kind in ("mj", "mj-wrong", "sh"):
                ws.write(file, source)
            outcome.problem = getattr(evals, kind.replace("-", "_"))(source, example.line, _attrs(info))
        return outcome.problem or None

    return evaluate


def _shows_code(code: str, ran: list[tuple[Command, Ran]]) -> list[str]:
    """A ```console code=MJxxx block is the wrong and the right example of that code: some
    command reports it, and the last command (the mistake fixed) does not."""
    mark = f"[{code}]"
    if not any(mark in r.output for _, r in ran):
        return [f"no command of the transcript reports {code}"]
    if mark in ran[-1][1].output:
        return [f"the last command still reports {code}: end the transcript with the fix"]
    return []


def _difference(cmd: Command, ran: Ran) -> str:
    import difflib

    diff = difflib.unified_diff(_tidy(cmd.expected + (f"\n[exit {cmd.status}]" if cmd.status else "")).splitlines(),
                                _tidy(show(ran)).splitlines(), "shown", "printed", lineterm="")
    return f"$ {cmd.text}\n" + "\n".join(diff)


class _BlockParser:
    """Sybil parser: every fenced block whose info string is one of :data:`KINDS`."""

    def __init__(self, outcomes: list[Outcome], ws: Workspace) -> None:
        self.lexer = RawFencedCodeBlockLexer(INFO, mapping={"kind": "kind", "attrs": "attrs", "source": "source"})
        self.outcomes = outcomes
        self.ws = ws

    def __call__(self, document: Document):
        for region in self.lexer(document):
            kind = region.lexemes["kind"]
            if kind not in KINDS:
                continue
            region.parsed = region.lexemes["source"]
            region.evaluator = _evaluator(kind, region.lexemes["attrs"] or "", self.outcomes, self.ws)
            yield region


def run_document(name: str, text: str | None = None) -> list[Outcome]:
    """Run every block of the document ``name`` (or of ``text``, read as that document), in order."""
    outcomes: list[Outcome] = []
    ws = Workspace()
    try:
        path = ROOT / name
        document = Document(path.read_text(encoding="utf-8") if text is None else text, str(path))
        for parser in (_BlockParser(outcomes, ws), SkipParser()):
            for region in parser(document):
                document.add(region)
        for example in document.examples():
            before = len(outcomes)
            try:
                example.evaluate()
            except unittest.SkipTest as e:
                outcomes.append(Outcome(example.line, "skipped", skipped=str(e) or "skipped", region=example.region))
            except AssertionError:
                pass  # the outcome holds the problem
            except Exception as e:  # a block that crashes the runner is a problem of that block
                if len(outcomes) == before:
                    outcomes.append(Outcome(example.line, "?", region=example.region))
                outcomes[-1].problem = f"{type(e).__name__}: {e}"
    finally:
        ws.close()
    return outcomes


def report(name: str, outcomes: list[Outcome]) -> str:
    """The problems of a document, one paragraph a block."""
    return "\n\n".join(f"{name}:{o.line}: ```{o.kind}: {o.problem}" for o in outcomes if o.problem)
