"""Hypothesis strategies shared by the test suite, one section per subject.

Each section says what it generates and what a test may rely on. Import what you
need: ``from strategies import programs``.
"""

from __future__ import annotations

import functools

from hypothesis import strategies as st

# =============================================================================
# Grammar: ruleset text generated from mjdsl.lark
# =============================================================================
#
# ``programs()`` walks the compiled rules of the ruleset parser (Lark's BNF
# rules: optional parts and repetitions already expanded into alternatives)
# and writes one token per terminal. Every text it draws is syntactically
# valid; it need not pass the checks (names are made up, counts are random).
# Depth is bounded: past the budget only the alternatives that can finish in
# the depth left are drawn, so generation always ends. Alternatives are listed
# shortest first, so Hypothesis shrinks towards short programs.

#: Names a generated program uses; any lower-case word that is not a keyword would do.
_NAMES = ("a", "b", "standard", "jokerless", "kong_box", "x1", "_tmp", "charlestons", "mahjongg")
#: End-of-line forms, with indentation, blank lines and comments (all one _NL token).
_NEWLINES = ("\n", "\n    ", "\n\n", "  # why\n", "\r\n", "\n# a comment line\n    ", "\n\t")
#: Separators between two tokens that would run together without one.
_SPACES = (" ", "  ", "\t")


@functools.lru_cache(maxsize=None)
def _grammar():
    """(rules by origin with alternatives shortest first, literal terminal texts, keywords)."""
    from lark.grammar import Terminal

    from mjdsl.syntax.parse import parser

    p = parser()
    literals = {t.name: t.pattern.value for t in p.terminals if t.pattern.type == "str"}
    keywords = frozenset(v for v in literals.values() if v.isidentifier())
    alts: dict[str, list[tuple[tuple[str, bool], ...]]] = {}
    for r in p.rules:
        alts.setdefault(r.origin.name, []).append(tuple((s.name, isinstance(s, Terminal)) for s in r.expansion))
    # height: the fewest levels of rules a symbol needs to reach terminals
    height = {name: None for name in alts}

    def alt_height(alt):
        hs = [0 if term else height[name] for name, term in alt]
        return None if None in hs else max(hs, default=0)

    changed = True
    while changed:
        changed = False
        for name, options in alts.items():
            hs = [h for h in (alt_height(a) for a in options) if h is not None]
            if hs and (height[name] is None or 1 + min(hs) < height[name]):
                height[name] = 1 + min(hs)
                changed = True
    ordered = {
        name: tuple(sorted(((alt_height(a), a) for a in options), key=lambda t: (t[0], len(t[1]))))
        for name, options in alts.items()
    }
    return ordered, literals, keywords, height


def grammar_keywords() -> frozenset[str]:
    """Every fixed word of the grammar that looks like a name (`pass`, `limit`, ...)."""
    return _grammar()[2]


def names() -> st.SearchStrategy[str]:
    """A NAME that is not a keyword."""
    kw = grammar_keywords()
    return st.one_of(
        st.sampled_from(_NAMES),
        st.from_regex(r"[a-z_][a-z0-9_]{0,10}", fullmatch=True).filter(lambda s: s not in kw),
    )


def numbers() -> st.SearchStrategy[str]:
    return st.one_of(
        st.integers(0, 200).map(str),
        st.builds(lambda a, b: f"{a}.{b}", st.integers(0, 99), st.integers(0, 99)),
    )


def strings() -> st.SearchStrategy[str]:
    """A quoted string: any characters but a quote, a backslash or a line end, and escapes."""
    plain = st.characters(blacklist_categories=("Cs",), blacklist_characters='"\\\n\x00')
    part = st.one_of(plain, st.sampled_from(['\\"', "\\\\"]))
    return st.lists(part, max_size=12).map(lambda ps: '"' + "".join(ps) + '"')


_TERMINAL_VALUES = {"NAME": names, "NUMBER": numbers, "STRING": strings}


def _wordy(ch: str) -> bool:
    return ch.isalnum() or ch in '_"'


@st.composite
def programs(draw, max_depth: int = 22, start: str = "start") -> str:
    """A syntactically valid ruleset text (from the rule ``start`` of mjdsl.lark)."""
    rules, literals, _, _ = _grammar()
    tokens: list[str] = []

    def expand(symbol: str, budget: int) -> None:
        choices = [alt for h, alt in rules[symbol] if h <= budget - 1]
        alt = choices[draw(st.integers(0, len(choices) - 1))] if len(choices) > 1 else choices[0]
        for name, is_terminal in alt:
            if not is_terminal:
                expand(name, budget - 1)
            elif name == "_NL":
                if not (tokens and tokens[-1] in _NEWLINES):  # two newlines lex as one
                    tokens.append(draw(st.sampled_from(_NEWLINES)))
            elif name in _TERMINAL_VALUES:
                tokens.append(draw(_TERMINAL_VALUES[name]()))
            elif name == "MINUS":
                tokens.append("-")
            else:
                tokens.append(literals[name])

    height = _grammar()[3][start]
    expand(start, max(max_depth, height))
    out: list[str] = []
    for tok in tokens:
        if out and out[-1] not in _NEWLINES and tok not in _NEWLINES:
            # a space is needed only between two word-like tokens; elsewhere try none
            need = _wordy(out[-1][-1]) and _wordy(tok[0])
            out.append(draw(st.sampled_from(_SPACES)) if need else draw(st.sampled_from(("", " "))))
        out.append(tok)
    return "".join(out)


def statement_kinds() -> tuple[str, ...]:
    """The grammar rules a top-level statement can be (``tiles_block``, ``option_decl``...)."""
    rules = _grammar()[0]
    return tuple(sorted(alt[0][0] for _, alt in rules["statement"]))


def statements(max_depth: int = 16) -> st.SearchStrategy[str]:
    """One top-level statement of a kind drawn evenly, so rare blocks are drawn as often as
    common ones (whole programs are mostly expressions)."""
    return st.sampled_from(statement_kinds()).flatmap(lambda k: programs(max_depth=max_depth, start=k))


_PLAIN = {"NAME": "a", "NUMBER": "1", "STRING": '"s"', "MINUS": "-", "_NL": "\n"}


def every_alternative() -> list[tuple[str, str]]:
    """One short program per alternative of every rule: (label, text), no randomness.

    The label is ``rule:index``. Each text reaches that alternative from ``start`` along
    a shortest path, with every other symbol written as briefly as it can be.
    """
    rules, literals, _, _ = _grammar()
    # the fewest tokens each rule can be written in, and how
    short: dict[str, tuple[str, ...] | None] = {name: None for name in rules}

    def alt_tokens(alt):
        out: list[str] = []
        for name, term in alt:
            if term:
                out.append(_PLAIN.get(name) or literals[name])
            elif short[name] is None:
                return None
            else:
                out.extend(short[name])
        return tuple(out)

    changed = True
    while changed:
        changed = False
        for name, options in rules.items():
            for _, alt in options:
                toks = alt_tokens(alt)
                if toks is not None and (short[name] is None or len(toks) < len(short[name])):
                    short[name], changed = toks, True
    # how each rule is first reached from start: (parent, alternative, position)
    reached: dict[str, tuple[str, tuple, int] | None] = {"start": None}
    queue = ["start"]
    while queue:
        parent = queue.pop(0)
        for _, alt in rules[parent]:
            for i, (name, term) in enumerate(alt):
                if not term and name not in reached:
                    reached[name] = (parent, alt, i)
                    queue.append(name)

    def around(name: str, inner: tuple[str, ...]) -> tuple[str, ...]:
        # the program with `inner` standing for `name`, everything else written briefly
        while reached[name] is not None:
            parent, alt, i = reached[name]
            inner = alt_tokens(alt[:i]) + inner + alt_tokens(alt[i + 1:])
            name = parent
        return inner

    out = []
    for name, options in sorted(rules.items()):
        if name not in reached:
            continue
        for k, (_, alt) in enumerate(options):
            out.append((f"{name}:{k}", _join_plain(around(name, alt_tokens(alt)))))
    return out


def _join_plain(tokens) -> str:
    text = ""
    for tok in tokens:
        if tok == "\n":
            if not text.endswith("\n"):
                text += "\n"
        else:
            text += (" " if text and not text.endswith("\n") else "") + tok
    return text


# =============================================================================
# Cards: hands dealt from a compiled card of American mah jongg
# =============================================================================
#
# Every strategy takes the compiled card (or its tile set) and draws histograms:
# numpy int16 vectors over the tile set, jokers in the joker column.
#
# ``card_racks(tiles, size)``: ``size`` tiles drawn from the whole set (so never more
#     copies of a tile than it holds); usually no card hand at all.
# ``card_dealt(compiled)``: ``(variant index, hand)``, the tiles of one variant with
#     jokers in some of its joker slots (groups of three or more identical tiles): at
#     least where the set lacks natural copies, at most the set's jokers. The hand
#     makes that variant.
# ``card_near(compiled)``: a dealt hand with one to three tiles swapped for others of
#     the set: near misses, and now and then another hand of the card.
# ``card_hands(compiled)``: any of the three, 14 tiles, for properties over hands.


@st.composite
def card_racks(draw, tiles, size: int = 14):
    import numpy as np

    wall = np.repeat(np.arange(tiles.size), tiles.copies_vector())
    picks = draw(st.lists(st.integers(0, len(wall) - 1), min_size=size, max_size=size, unique=True))
    return np.bincount(wall[picks], minlength=tiles.size).astype(np.int16)


@st.composite
def card_dealt(draw, compiled):
    import numpy as np

    tiles, joker = compiled.tiles, compiled.joker
    v = draw(st.integers(0, len(compiled.variants) - 1))
    var = compiled.variants[v]
    hand = var.need.copy()
    slots = var.need - var.natural  # joker slots per tile
    forced = np.maximum(var.need - tiles.copies_vector(), 0)
    budget = tiles.kinds[joker].copies - int(forced.sum())
    jokers = forced.copy()
    for t in np.nonzero(slots)[0]:
        extra = draw(st.integers(0, min(int(slots[t] - forced[t]), budget)))
        jokers[t] += extra
        budget -= extra
    hand -= jokers
    hand[joker] += int(jokers.sum())
    return v, hand.astype(np.int16)


@st.composite
def card_near(draw, compiled):
    import numpy as np

    tiles = compiled.tiles
    _, hand = draw(card_dealt(compiled))
    hand = hand.copy()
    copies = tiles.copies_vector()
    for _ in range(draw(st.integers(1, 3))):
        out = draw(st.sampled_from([int(t) for t in np.nonzero(hand)[0]]))
        into = draw(st.sampled_from([int(t) for t in np.nonzero(hand < copies)[0]]))
        hand[out] -= 1
        hand[into] += 1
    return hand


def card_hands(compiled):
    return st.one_of(
        card_dealt(compiled).map(lambda vh: vh[1]),
        card_near(compiled),
        card_racks(compiled.tiles),
    )


# ``card_texts()``: a card of one to four random hand lines, syntactically valid:
#     groups of one tile repeated (any size 1-6) or of different tiles, suit letters
#     that may or may not fit (a wrong count, a letter on a wind, `-` on a number),
#     annotations (some unknown), any points. Lines need not be 14 tiles: the point
#     is that checks and expansion meet every kind of line.

_CARD_TILE_LETTERS = "F123456789D0NEWSRG"


@st.composite
def _card_group(draw) -> str:
    if draw(st.booleans()):
        return draw(st.sampled_from(_CARD_TILE_LETTERS)) * draw(st.integers(1, 6))
    pool = draw(st.sampled_from(["123456789", "NEWS", "2026", "0DRG", "13579"]))
    chars = draw(st.lists(st.sampled_from(pool), min_size=2, max_size=5))
    return "".join(chars) if len(set(chars)) > 1 else chars[0] * 2


@st.composite
def _card_line(draw) -> str:
    groups = draw(st.lists(_card_group(), min_size=1, max_size=6))
    parts = list(groups)
    if draw(st.integers(0, 4)):  # usually suit letters, fitting or not
        count = len(groups) if draw(st.integers(0, 5)) else draw(st.integers(1, len(groups) + 1))
        for i in range(count):
            needs = i < len(groups) and any(c in "123456789D" for c in groups[i])
            fit = draw(st.integers(0, 6))
            parts.append(draw(st.sampled_from("abc")) if (needs and fit) or (not needs and not fit) else "-")
            if fit == 0 and needs:
                parts[-1] = "d"
    for _ in range(draw(st.integers(0, 2))):
        words = draw(st.sampled_from(["any run or number", "concealed", "any wind", "any dragon", "no jokers", "jokerless"]))
        parts.append("· " + words)
    if draw(st.booleans()):
        parts.append('"a description"')
    parts.append(str(draw(st.integers(0, 100))))
    return " ".join(parts)


@st.composite
def card_texts(draw) -> str:
    lines = draw(st.lists(_card_line(), min_size=1, max_size=4))
    return 'card "Random"\npoints 25..75\nsection "S"\n' + "\n".join(lines) + "\n"


# =============================================================================
# Hostile input: mutated files and logs
# =============================================================================
#
# ``mutated(text)``: a text (a card, a ruleset) with a few edits of the kinds a careless
# user or an attacker makes: a span deleted or doubled, characters put in from an
# alphabet of the notation's own letters and of others' (``|``, ``(``, ``Z``, quotes,
# NUL, a byte-order mark, non-ASCII), lines swapped or repeated many times. The result
# need not parse. ``mutated_logs(log)``: a game log (a dict) with fields dropped or
# given values of another type or range, or one action changed. Tests rely only on the
# result being a str / a dict.

_HOSTILE_ALPHABET = ('F', '1', '9', 'D', 'N', 'W', '0', 'a', 'b', '-', ' ', '·', '"', '\n', '|', '(', ')',
                     '/', 'Z', 'ff', 'or', '\0', '\ufeff', 'é', '#', '..', '/etc/passwd', 'any wind', '99999')


@st.composite
def mutated(draw, text: str) -> str:
    for _ in range(draw(st.integers(1, 4))):
        if not text:
            text = draw(st.sampled_from(_HOSTILE_ALPHABET))
        i = draw(st.integers(0, len(text)))
        j = min(len(text), i + draw(st.integers(0, 40)))
        kind = draw(st.integers(0, 4))
        if kind == 0:
            text = text[:i] + text[j:]
        elif kind == 1:
            text = text[:j] + text[i:j] + text[j:]
        elif kind == 2:
            text = text[:i] + "".join(draw(st.lists(st.sampled_from(_HOSTILE_ALPHABET), max_size=6))) + text[i:]
        elif kind == 3:
            lines = text.splitlines(keepends=True)
            if len(lines) > 1:
                a, b = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
                lines[a], lines[b] = lines[b], lines[a]
            text = "".join(lines)
        else:
            lines = text.splitlines(keepends=True) or [text]
            k = draw(st.integers(0, len(lines) - 1))
            lines.insert(k, lines[k] * draw(st.integers(2, 40)))
            text = "".join(lines)
    return text


_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=True) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=8,
)


@st.composite
def mutated_logs(draw, log: dict) -> dict:
    out = dict(log)
    keys = sorted(out)
    for _ in range(draw(st.integers(1, 3))):
        key = draw(st.sampled_from(keys))
        kind = draw(st.integers(0, 3))
        if kind == 0:
            out.pop(key, None)
        elif kind == 1:
            out[key] = draw(_JSON_VALUES)
        elif kind == 2 and out.get("actions"):
            actions = list(out["actions"])
            i = draw(st.integers(0, len(actions) - 1))
            actions[i] = draw(st.integers(-5, 2**40))
            out["actions"] = actions
        elif isinstance(out.get(key), (int, float)) and not isinstance(out.get(key), bool):
            out[key] = out[key] + draw(st.sampled_from([-1, 1, 99, 10**9]))
    return out
