"""Card text to card AST: the only code that knows the Lark trees of ``card.lark``.

:func:`parse_card` parses a ``.card`` text and returns ``(card, diagnostics)``; a
syntax error becomes one diagnostic whose code is found by example
(``card_messages.py`` lists the examples). :func:`card_from_body` builds a card from a
``card_body`` subtree, for the ruleset grammar that imports it: rule and terminal
names there carry Lark's import namespace (``card__card_line``), so every name is
read through :func:`_local`.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import lark
from lark import Token, Tree

from ..diagnostics import Diagnostic, MjError, error
from ..source import Source, Span
from ..cards import ast
from .card_messages import syntax_diagnostic
from .numbers import MAX_CARD_NUMBER, too_large, too_large_message

GRAMMAR = Path(__file__).resolve().parent / "card.lark"


@lru_cache(maxsize=1)
def parser() -> lark.Lark:
    """The card parser, built once (LALR with positions; cached on disk by Lark).

    The tests build the same grammar with ``strict=True`` (no shift/reduce conflicts,
    no terminal collisions); here that check is skipped, as it costs 200 ms a start.
    """
    return lark.Lark(
        GRAMMAR.read_text(encoding="utf-8"),
        parser="lalr",
        propagate_positions=True,
        maybe_placeholders=False,
        cache=True,
    )


def parse_card(text: str, path: str = "<string>") -> tuple[ast.Card | None, list[Diagnostic]]:
    """Parse card text; on a syntax error the card is None and one diagnostic says why."""
    if not text.endswith("\n"):
        text += "\n"  # the last statement ends with a newline like every other
    try:
        tree = parser().parse(text)
    except lark.exceptions.UnexpectedInput as e:
        found = syntax_diagnostic(e, text, path, parser().parse)
        if not looks_like_card(text):
            # not a card at all (a card path that names some other file): say so without
            # quoting it, so no line of a file that is not a card is echoed (its callers
            # leave its text out of the sources a report quotes from)
            found = error("MJ158", "this is not a card file: it does not start with a `card \"Title\"` line",
                          Span.point(path, 1, 1), "name a .card file; a card's first line is its title")
        return None, [found]
    try:
        return card_from_tree(tree, path), []
    except MjError as e:  # a number past what a card takes (MJ162), negative points (MJ163)
        return None, e.diagnostics


def looks_like_card(text: str) -> bool:
    """Whether some line begins with the word ``card`` (a card with its title misplaced),
    or the text is empty; /etc/passwd, a ruleset or a binary file is not a card."""
    lines = [ln.strip() for ln in text.splitlines()]
    significant = [ln for ln in lines if ln and not ln.startswith("#")]
    return not significant or any(ln.split(None, 1)[0].startswith("card") for ln in significant)


def read_card(path: str | Path) -> ast.Card:
    """Parse a ``.card`` file; MjError carrying the syntax diagnostic when it does not parse
    (or MJ112/MJ113/MJ206 when it cannot be read as text)."""
    source, problem = read_card_source(path)
    if source is None:
        raise MjError([problem])
    card, diags = parse_card(source.text, source.path)
    if card is None:
        raise MjError(diags)
    return card


def read_card_source(path: str | Path) -> tuple[Source | None, Diagnostic | None]:
    """A card file's text, or the diagnostic that names the file and why it cannot be read."""
    from ..source import MAX_BYTES, FileTooLarge

    # a problem of the whole file is placed at its start, as a ruleset's is (1:1, not 0:0);
    # a byte that is not UTF-8 at its own line and column, as the ruleset loader places it
    where = Span.point(str(path), 1, 1)
    try:
        return Source.from_file(path), None
    except FileTooLarge:
        return None, error("MJ113", f"file is larger than {MAX_BYTES // 1000} kB", where,
                           "a card is a few kilobytes")
    except UnicodeDecodeError as e:
        line = e.object.count(b"\n", 0, e.start) + 1
        col = e.start - e.object.rfind(b"\n", 0, e.start)
        return None, error("MJ112", f"file is not UTF-8 text (byte {e.start}): not a card",
                           Span.point(str(path), line, col), "save the card as UTF-8 text")
    except OSError as e:
        return None, error("MJ206", f"cannot read the card: {e.strerror or e}", where, "check the path")


def card_from_tree(tree: Tree, path: str) -> ast.Card:
    """A ``start`` or ``card_file`` tree to a :class:`~mjdsl.cards.ast.Card`."""
    if _local(tree.data) == "start":
        tree = tree.children[0]
    title_tree = _subtrees(tree, "card_title")[0]
    body = _subtrees(tree, "card_body")
    return card_from_body(
        body[0] if body else None,
        path,
        title=_string(title_tree.children[0]),
        span=_span(path, title_tree),
    )


def card_from_body(body: Tree | None, path: str, title: str, span: Span) -> ast.Card:
    """A ``card_body`` tree (possibly namespaced by an importing grammar) to a Card;
    MjError carrying MJ162 for each number past :data:`MAX_CARD_NUMBER` and MJ163 for
    each line whose points are written negative."""
    return _Builder(path).card(body, title, span)


class _Builder:
    """Walks one card body; each ``card_*`` rule has a method of the same local name."""

    def __init__(self, path: str):
        self.path = path
        #: MJ162 for each number past :data:`MAX_CARD_NUMBER`, MJ163 for points written
        #: negative: the card is refused
        self.refused: list[Diagnostic] = []

    def card(self, body: Tree | None, title: str, span: Span) -> ast.Card:
        header: dict[str, object] = {}
        repeated: list[Span] = []
        sections: list[ast.Section] = []
        current: tuple[str, Span] | None = None
        lines: list[ast.HandLine] = []

        def close_section() -> None:
            if current is not None:
                sections.append(ast.Section(current[0], tuple(lines), current[1]))

        for stmt in body.children if body is not None else ():
            kind = _local(stmt.data)
            if kind == "card_section":
                close_section()
                current, lines = (_string(stmt.children[0]), self.span(stmt)), []
            elif kind == "card_line":
                if current is None:  # lines before any section: an untitled one
                    current = ("", self.span(stmt))
                lines.append(self.card_line(stmt, current[0]))
            else:
                node = getattr(self, kind)(stmt)
                if kind in header:
                    repeated.append(node.span)
                else:
                    header[kind] = node
        close_section()
        if self.refused:
            raise MjError(self.refused)
        return ast.Card(
            title=title,
            span=span,
            year=header.get("card_year"),
            points=header.get("card_points"),
            tiles=header.get("card_tiles"),
            sections=tuple(sections),
            repeated=tuple(repeated),
        )

    # -- header --------------------------------------------------------------
    def card_year(self, t: Tree) -> ast.Year:
        return ast.Year(self.number(t.children[0]), self.span(t))

    def card_points(self, t: Tree) -> ast.PointsRange:
        low, high = t.children
        return ast.PointsRange(self.number(low), self.number(high), self.span(t))

    def card_tiles(self, t: Tree) -> ast.TilesRef:
        return ast.TilesRef(_string(t.children[0]), self.span(t))

    # -- hand lines ----------------------------------------------------------
    def card_line(self, t: Tree, section: str) -> ast.HandLine:
        patterns: list[ast.Pattern] = []
        groups: list[ast.Group] = []
        suits: tuple[ast.SuitMark, ...] = ()
        annotations: list[ast.Annotation] = []
        description: str | None = None
        value: Token | None = None

        def close_pattern() -> None:
            nonlocal groups, suits
            first = groups[0].span
            last = suits[-1].span if suits else groups[-1].span
            span = Span(self.path, first.line, first.column, last.end_line, last.end_column)
            patterns.append(ast.Pattern(tuple(groups), suits, span))
            groups, suits = [], ()

        last_suit: Token | None = None  # the last suit letter written on the line
        for child in t.children:
            if isinstance(child, Token):  # CARD_OR: the next pattern begins
                close_pattern()
                continue
            kind = _local(child.data)
            if kind == "card_group":
                groups.append(self.card_group(child))
            elif kind == "card_suits":
                suits = tuple(self.card_suit(s) for s in child.children)
                last_suit = child.children[-1].children[0]
            elif kind == "card_annotation":
                annotations.append(self.card_annotation(child))
            elif kind == "card_description":
                description = _string(child.children[0])
            elif kind == "card_value":
                value = child.children[0]
        close_pattern()
        assert value is not None  # the grammar ends every line with its points
        if last_suit is not None and str(last_suit) == "-" and last_suit.end_pos == value.start_pos:
            self.negative_points(last_suit, value)
        return ast.HandLine(
            patterns=tuple(patterns),
            annotations=tuple(annotations),
            description=description,
            points=self.number(value),
            points_span=_token_span(self.path, value),
            section=section,
            span=self.span(t),
        )

    def card_suit(self, t: Tree) -> ast.SuitMark:
        tok = t.children[0]
        return ast.SuitMark(None if str(tok) == "-" else str(tok), self.span(t))

    def card_group(self, t: Tree) -> ast.Group:
        tok = t.children[0]
        choices = tuple(str(tok).split("/")) if _local(tok.type) == "CARD_CHOICE" else ()
        return ast.Group(str(tok), self.span(t), choices)

    def card_annotation(self, t: Tree) -> ast.Annotation:
        tokens = [w.children[0] for w in t.children[1:]]
        words = tuple(str(w) for w in tokens)
        kind = ast.ANNOTATIONS.get(" ".join(words))
        if kind is not None:
            return ast.Annotation(kind, words, self.span(t))
        kind, choices = _choice(tokens)
        return ast.Annotation(kind, words, self.span(t), choices)

    def number(self, tok: Token) -> int:
        """A number as written; one past :data:`MAX_CARD_NUMBER` is MJ162 (never capped unseen)."""
        text = str(tok)
        if too_large(text, MAX_CARD_NUMBER):
            self.refused.append(error("MJ162", too_large_message(text, MAX_CARD_NUMBER, "a card"),
                                      _token_span(self.path, tok), "points, a year and a points range are "
                                      f"at most {MAX_CARD_NUMBER}"))
            return MAX_CARD_NUMBER
        return int(text)

    def negative_points(self, minus: Token, value: Token) -> None:
        """MJ163: ``-25``, the points written with a sign. The lexer reads its ``-`` as a
        suit letter (no suit) and would report one suit letter too many."""
        span = Span(self.path, minus.line, minus.column, value.end_line, value.end_column)
        self.refused.append(error("MJ163", f"points cannot be negative: `-{value}`", span,
                                  f"points are a whole number, 0 or more: write `{value}` (if the `-` is the "
                                  "last group's suit letter, put a space between it and the points)"))

    def span(self, t: Tree) -> Span:
        return _span(self.path, t)


#: Token kinds a choice is made of, by what they name.
_NUMBERS = ("CARD_NUMWORD", "CARD_NUMBERS")
_WIND_LETTERS = frozenset("NEWS")


def _choice(tokens: list[Token]) -> tuple[ast.AnnotationKind | None, tuple[tuple[str, ...], ...]]:
    """An annotation that is not a fixed phrase, read as one of the choices a card prints:
    ``1-5 or 5-9`` (numbers), ``N and S or E and W`` (winds), ``9999 stays`` (groups);
    ``(None, ())`` when it is none of them (an unknown annotation, for the checks)."""
    kinds = [_local(t.type) for t in tokens]
    words = [str(t) for t in tokens]
    if words[-1] in ("stays", "stay") and len(words) > 1:
        named = [w for w, k in zip(words[:-1], kinds[:-1]) if w != "and"]
        if all(k in ("CARD_GROUP", "CARD_NUMWORD") for w, k in zip(words[:-1], kinds[:-1]) if w != "and"):
            return ast.AnnotationKind.STAYS, (tuple(named),)
        return None, ()
    alternatives: list[list[tuple[str, str]]] = [[]]
    for w, k in zip(words, kinds):
        if k == "CARD_OR":
            alternatives.append([])
        elif w != "and":
            alternatives[-1].append((w, k))
    if len(alternatives) < 2 or not all(alternatives):
        return None, ()
    if all(len(alt) == 1 and alt[0][1] in _NUMBERS for alt in alternatives):
        # 1-5 and 15 name the same numbers: the lowest and the highest (any between listed)
        return ast.AnnotationKind.NUMBER_CHOICE, tuple(
            tuple(ch for ch in alt[0][0] if ch != "-") for alt in alternatives)
    if all(k == "CARD_GROUP" and set(w) <= _WIND_LETTERS for alt in alternatives for w, k in alt):
        return ast.AnnotationKind.WIND_CHOICE, tuple(
            tuple(ch for w, _ in alt for ch in w) for alt in alternatives)
    return None, ()


# -- tree helpers -----------------------------------------------------------------
def _local(name: str) -> str:
    """A rule or terminal name without the namespace an importing grammar gave it."""
    return str(name).rsplit("__", 1)[-1]


def _subtrees(t: Tree, name: str) -> list[Tree]:
    return [c for c in t.children if isinstance(c, Tree) and _local(c.data) == name]


def _span(path: str, t: Tree) -> Span:
    m = t.meta
    return Span(path, m.line, m.column, m.end_line, m.end_column)


def _token_span(path: str, tok: Token) -> Span:
    return Span(path, tok.line, tok.column, tok.end_line, tok.end_column)


def _string(tok: Token) -> str:
    """The value of a STRING token: quotes removed, backslash escapes undone."""
    body = str(tok)[1:-1]
    out: list[str] = []
    chars = iter(body)
    for c in chars:
        out.append(next(chars, "\\") if c == "\\" else c)
    return "".join(out)
