"""Reading a ruleset from disk: includes, ``extends`` overlays, and the merged result.

``include "part.mj"`` inlines another file's statements in place. ``extends
"base.mj"`` makes this file an overlay: the base is loaded first, then this file's
statements are merged over it (:func:`merge`). Paths are resolved relative to the
file that names them and may not leave the top-level file's folder tree unless the
caller allows it; ``extends`` and ``include`` also look in the ruleset library (the
shipped ``rulesets/`` folder and ``$MJDSL_PATH``), so a house rule can say
``extends "american.mj"``. Every problem is a diagnostic; nothing here raises.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Iterable, Mapping

import attrs

from .. import ast as A
from ..ast.same import same_node
from ..diagnostics import Diagnostic, error
from .paths import Refused, display, library_paths, resolve_named  # noqa: F401 (library_paths: re-exported)
from ..source import MAX_BYTES, FileTooLarge, Source, Span, read_text
from ..syntax.parse import parse_source

#: How deep includes and extends may nest (MJ207).
MAX_DEPTH = 16


@attrs.frozen
class Ruleset:
    """A ruleset with its includes inlined and its overlays merged: what the checks read.

    name: the ``ruleset "..."`` name (of the last file that gave one).
    path: the top-level file.
    options: declared options by name, in declaration order.
    settings: ``set NAME = VALUE`` statements in force, by option name (last wins).
    blocks: one block per kind (``tiles``, ``wall``...), merged.
    flow: the ``flow`` statement, if any.
    removes: the ``remove`` statements applied (kept for lint).
    statements: every top-level statement read, in order, for checks that need all
        of them (duplicates across includes).
    files: every file read, in order, with its text (for messages and the hash).
    allow_outside: whether the files it names (its card) may be outside its folder tree.
    """

    name: str
    path: str
    options: dict
    settings: dict
    blocks: dict
    flow: A.Flow | None
    removes: tuple
    statements: tuple
    files: tuple
    base: "Ruleset | None" = None
    allow_outside: bool = False

    def block(self, cls: type) -> A.Block | None:
        return self.blocks.get(cls.KIND)

    @property
    def base_missing(self) -> bool:
        """The file extends a base that could not be loaded (already reported: MJ205/MJ206)."""
        return self.base is None and any(isinstance(s, A.Extends) for s in self.statements)

    @property
    def sources(self) -> dict[str, str]:
        return {s.path: s.text for s in self.files}

    def source_hash(self) -> str:
        h = hashlib.sha256()
        for s in self.files:
            h.update(s.path.encode() + b"\0" + s.text.encode() + b"\0")
        return h.hexdigest()[:16]


@attrs.frozen
class Loaded:
    """A load's result: the ruleset (None if a file did not parse) and every diagnostic."""

    ruleset: Ruleset | None
    diagnostics: tuple[Diagnostic, ...]
    sources: dict

    @property
    def ok(self) -> bool:
        return self.ruleset is not None and not any(d.is_error for d in self.diagnostics)


class _Loader:
    def __init__(self, root: Path, allow_outside: bool, texts: Mapping[Path, str] | None = None):
        self.root = root.resolve()
        self.allow_outside = allow_outside
        #: texts to read instead of the files at these (resolved) paths: an editor's unsaved buffers
        self.texts = dict(texts or {})
        self.diags: list[Diagnostic] = []
        self.files: list[Source] = []

    # -- files --------------------------------------------------------------
    def read(self, path: Path, span: Span | None) -> Source | None:
        try:
            text = self.texts[path] if path in self.texts else read_text(path)
        except FileTooLarge:
            self.diags.append(error("MJ113", f"file is larger than {MAX_BYTES // 1000} kB: {_display(path)}",
                                    span or Span.point(_display(path), 1, 1),
                                    "a rules file is a few kilobytes; split it with `include`"))
            return None
        except FileNotFoundError:
            self.diags.append(error("MJ206", f"file not found: {path}", span or Span.point(str(path), 1, 1),
                                    "check the path; it is relative to the file that names it"))
            return None
        except UnicodeDecodeError as e:
            # point at the line of the first bad byte, named as every other span names the file
            line = e.object.count(b"\n", 0, e.start) + 1
            col = e.start - e.object.rfind(b"\n", 0, e.start)
            self.diags.append(error("MJ112", f"file is not UTF-8 text (byte {e.start})", Span.point(_display(path), line, col),
                                    "save the file as UTF-8"))
            return None
        except OSError as e:
            self.diags.append(error("MJ206", f"cannot read {path}: {e.strerror}", span or Span.point(str(path), 1, 1),
                                    "check the path and its permissions"))
            return None
        src = Source(_display(path), text)
        self.files.append(src)
        return src

    def resolve(self, name: str, including: Path, span: Span) -> Path | None:
        """A path named in `including`; None (with a diagnostic) if not allowed or absent
        (the one path policy: ``mjdsl/paths.py``)."""
        found = resolve_named(name, including, self.root, allow_outside=self.allow_outside)
        if isinstance(found, Refused):
            self.diags.append(error(found.code, found.message, span, found.hint))
            return None
        return found

    # -- programs -------------------------------------------------------------
    def program(self, path: Path, chain: tuple[Path, ...], span: Span | None) -> list | None:
        """The statements of a file with its includes inlined (extends left in place)."""
        if len(chain) > MAX_DEPTH:
            self.diags.append(error("MJ207", f"includes nested more than {MAX_DEPTH} deep", span,
                                    "flatten the chain of includes"))
            return None
        src = self.read(path, span)
        if src is None:
            return None
        parsed = parse_source(src)
        self.diags.extend(parsed.diagnostics)
        if parsed.program is None:
            return None
        self.diags.extend(parsed.program.counts)
        out: list = []
        for stmt in parsed.program.stmts:
            if isinstance(stmt, A.Include):
                target = self.resolve(stmt.path, path, stmt.span)
                if target is None:
                    continue
                if target in chain or target == path:
                    cycle = " -> ".join(_display(p) for p in (*chain, path, target))
                    self.diags.append(error("MJ205", f"include cycle: {cycle}", stmt.span,
                                            "remove one of the includes in the cycle"))
                    continue
                inner = self.program(target, (*chain, path), stmt.span)
                if inner:
                    out.extend(inner)
            else:
                out.append(stmt)
        return out

    def ruleset(self, path: Path, chain: tuple[Path, ...], span: Span | None) -> Ruleset | None:
        stmts = self.program(path, chain, span)
        if stmts is None:
            return None
        base = None
        extends = [s for s in stmts if isinstance(s, A.Extends)]
        for ext in extends[1:]:
            self.diags.append(error("MJ209", "a ruleset extends one base only", ext.span,
                                    "keep one `extends`; put shared parts in a file and `include` it"))
        if extends:
            ext = extends[0]
            target = self.resolve(ext.path, path, ext.span)
            if target is not None:
                if target in chain or target == path:
                    cycle = " -> ".join(_display(p) for p in (*chain, path, target))
                    self.diags.append(error("MJ205", f"extends cycle: {cycle}", ext.span,
                                            "a ruleset cannot extend itself, directly or through others"))
                else:
                    base = self.ruleset(target, (*chain, path), ext.span)
        return merge(base, stmts, _display(path), tuple(self.files))


def load(path: str | Path, *, allow_outside: bool = False, texts: Mapping[Path, str] | None = None) -> Loaded:
    """Load a ruleset file, its includes and its base; never raises for bad input.

    ``texts`` maps resolved paths to text read in place of those files (a language
    server's open, unsaved documents)."""
    p = Path(path)
    loader = _Loader(p.resolve().parent, allow_outside, texts)
    exists = p.exists() or p.resolve() in loader.texts  # a new document not saved yet
    rs = loader.ruleset(p.resolve(), (), None) if exists else None
    if not exists:
        loader.diags.append(error("MJ206", f"file not found: {path}", Span.point(str(path), 0, 0), "check the path"))
    if rs is not None:
        rs = attrs.evolve(rs, path=str(path), files=tuple(loader.files), allow_outside=allow_outside)
    sources = {s.path: s.text for s in loader.files}
    return Loaded(rs, tuple(loader.diags), sources)


def resolve_path(name: str, including: str | Path) -> Path | None:
    """Where ``include``/``extends "name"`` written in ``including`` leads (next to it, or
    in the ruleset library), as the loader finds it; None if nowhere (editors' go to definition)."""
    here = Path(including).resolve()
    return _Loader(here.parent, True).resolve(name, here, Span.point(str(including), 1, 1))


def load_text(text: str, path: str = "<string>") -> Loaded:
    """Load a ruleset from text (tests, docs); includes resolve against the current folder."""
    src = Source(path, text)
    parsed = parse_source(src)
    if parsed.program is None:
        return Loaded(None, parsed.diagnostics, {path: text})
    loader = _Loader(Path.cwd(), False)
    stmts: list = []
    for stmt in parsed.program.stmts:
        if isinstance(stmt, A.Include):
            target = loader.resolve(stmt.path, Path.cwd() / "x", stmt.span)
            inner = loader.program(target, (), stmt.span) if target else None
            stmts.extend(inner or [])
        else:
            stmts.append(stmt)
    base = None
    extends = [s for s in stmts if isinstance(s, A.Extends)]
    for extra in extends[1:]:
        loader.diags.append(error("MJ209", "a ruleset extends one base only", extra.span,
                                  "keep one `extends`; put shared parts in a file and `include` it"))
    ext = extends[0] if extends else None
    if ext is not None:
        target = loader.resolve(ext.path, Path.cwd() / "x", ext.span)
        base = loader.ruleset(target, (), ext.span) if target else None
    files = (src, *loader.files)
    rs = merge(base, stmts, path, files)
    return Loaded(rs, tuple(parsed.diagnostics) + parsed.program.counts + tuple(loader.diags),
                  {s.path: s.text for s in files})


# -----------------------------------------------------------------------------
# Merging an overlay over its base
# -----------------------------------------------------------------------------


def statement_key(stmt) -> tuple:
    """What a statement in an overlay replaces in the base block.

    Named statements (claims, patterns, score rules, optional rounds, announcements,
    penalties; aborts by their title) replace the base statement of the same name; a wall setting replaces
    the same setting, a wall break the same break, a kong rule the same kind of kong,
    a dead-hand cause the same cause, a wind/dragon/flower/season line the line of
    the same class; any other statement replaces all base statements of its type.
    """
    if isinstance(stmt, A.VariantDecl):  # `variant red "0m" ...`, `variant red "0p" ...`: one per code
        return ("VariantDecl", stmt.code.text)
    if isinstance(stmt, A.Abort):  # an abort is named by its title: an overlay's new one adds to the base's
        return ("Abort", stmt.title)
    for attr in ("name",):
        w = getattr(stmt, attr, None)
        if isinstance(w, A.Word):
            return (type(stmt).__name__, w.text)
    if isinstance(stmt, A.WallSetting):
        return ("WallSetting", stmt.key)
    if isinstance(stmt, A.WallBreak):
        return ("WallBreak", stmt.part)
    if isinstance(stmt, A.KongAllowed):
        return ("KongAllowed", stmt.kind)
    if isinstance(stmt, A.DeadCause):
        return ("DeadCause", stmt.cause)
    if isinstance(stmt, (A.HonourDecl, A.BonusDecl)):
        return (type(stmt).__name__, stmt.cls)  # a dragon line leaves the winds alone
    return (type(stmt).__name__,)


def merge_block(base: A.Block, over: A.Block) -> A.Block:
    over_keys = {statement_key(s) for s in over.stmts}
    kept = [s for s in base.stmts if statement_key(s) not in over_keys]
    # keep the base order for what stays, and put overriding statements where the
    # base had them when they replace one, else at the end
    base_pos = {statement_key(s): i for i, s in enumerate(base.stmts)}
    placed: list[tuple[float, object]] = [(i, s) for i, s in enumerate(base.stmts) if s in kept]
    for j, s in enumerate(over.stmts):
        k = statement_key(s)
        placed.append((base_pos[k] + j / 1000.0 if k in base_pos else len(base.stmts) + j, s))
    placed.sort(key=lambda t: t[0])
    # what the overlay writes on the block's own line wins: `seats 3`, `jokers "J"`,
    # `charleston when ...` (a block line with no condition keeps the base's)
    changes = {f.name: getattr(over, f.name) for f in attrs.fields(type(over))
               if f.name not in ("span", "stmts") and getattr(over, f.name) is not None}
    return attrs.evolve(base, span=over.span, stmts=tuple(s for _, s in placed), **changes)


def merge(base: Ruleset | None, stmts: Iterable, path: str, files: tuple) -> Ruleset:
    stmts = list(stmts)
    name = base.name if base else ""
    options = dict(base.options) if base else {}
    settings = dict(base.settings) if base else {}
    blocks = dict(base.blocks) if base else {}
    flow = base.flow if base else None
    removes = list(base.removes) if base else []
    own_blocks: set[str] = set()
    if base is not None:
        # a removal names the base's statements, so it applies before this file's own
        # blocks are merged: an overlay may remove a statement and write another
        blocks = remove_statements(blocks, [s for s in stmts if isinstance(s, A.RemoveBlock)])
    for s in stmts:
        if isinstance(s, A.RulesetDecl):
            name = s.name
        elif isinstance(s, A.OptionDecl):
            options[s.name.text] = s
        elif isinstance(s, A.SetOption):
            settings[s.name.text] = s
        elif isinstance(s, A.Flow):
            flow = s
        elif isinstance(s, A.Remove):
            removes.append(s)
        elif isinstance(s, A.Block):
            kind = s.KIND
            if kind in blocks and base is not None and kind not in own_blocks and kind in base.blocks:
                blocks[kind] = merge_block(blocks[kind], s)
            elif kind in blocks and kind in own_blocks:
                blocks[kind] = merge_block(blocks[kind], s)  # a duplicate; the checks report it
            else:
                blocks[kind] = s
            own_blocks.add(kind)
    for r in removes[len(base.removes) if base else 0:]:
        for w in r.names:
            blocks = _remove_named(blocks, w.text)
    return Ruleset(name, path, options, settings, blocks, flow, tuple(removes), tuple(stmts), files, base)


def remove_statements(blocks: dict, removals: Iterable) -> dict:
    """``blocks`` without the statements each ``remove KIND { ... }`` writes (``same_node``:
    the statement as the base writes it, spans aside; a removal of nothing is MJ323)."""
    out = dict(blocks)
    for r in removals:
        kind = r.block.KIND
        if kind not in out:
            continue
        gone = r.block.stmts
        out[kind] = attrs.evolve(out[kind], stmts=tuple(s for s in out[kind].stmts
                                                       if not any(same_node(s, g) for g in gone)))
    return out


def _remove_named(blocks: dict, name: str) -> dict:
    out = {}
    for kind, b in blocks.items():
        out[kind] = attrs.evolve(b, stmts=tuple(s for s in b.stmts if not _named(s, name)))
    return out


def _named(stmt, name: str) -> bool:
    w = getattr(stmt, "name", None)
    return isinstance(w, A.Word) and w.text == name


_display = display


def load_tileset_and_card(path: str | Path):
    """(tile set, card AST or None) of a ruleset, for the card library's commands.

    InputError if the ruleset cannot be read or has no tiles block; MjError (with
    the diagnostics) if it does not parse or its card does not.
    """
    from ..check.tiles import build_tileset
    from ..check.winning import card_path
    from ..diagnostics import InputError, MjError

    loaded = load(path)
    errors = [d for d in loaded.diagnostics if d.is_error]
    if loaded.ruleset is None or errors:
        raise MjError(errors or loaded.diagnostics)
    block = loaded.ruleset.block(A.TilesBlock)
    if block is None:
        raise InputError(f"{path}: the ruleset has no tiles block")
    tiles, _, diags = build_tileset(block)
    if tiles is None or any(d.is_error for d in diags):
        raise MjError([d for d in diags if d.is_error])
    win = loaded.ruleset.block(A.WinningBlock)
    ref = win.one(A.CardRef) if win is not None else None
    if ref is None:
        return tiles, None
    from ..syntax.card_build import read_card

    found = card_path(ref, loaded.ruleset)
    if found is None:
        from ..check.winning import resolve_card

        why = resolve_card(ref, loaded.ruleset)
        raise MjError([error(why.code, why.message, ref.span, why.hint)])
    return tiles, read_card(found)
