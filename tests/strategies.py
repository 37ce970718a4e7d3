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
    from mjdsl.syntax.parse import parser

    p = parser()
    literals = {t.name: t.pattern.value for t in p.terminals if t.pattern.type == "str"}
    keywords = frozenset(v for v in literals.values() if v.isidentifier())
    alts: dict[str, list[tuple[tuple[str, bool], ...]]] = {}
    for r in p.rules:
        alts.setdefault(r.origin.name, []).append(tuple((s.name, s.is_term) for s in r.expansion))
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
        elif kind == 2 and isinstance(out.get("actions"), list) and out["actions"]:  # not one a draw replaced
            actions = list(out["actions"])
            i = draw(st.integers(0, len(actions) - 1))
            actions[i] = draw(st.integers(-5, 2**40))
            out["actions"] = actions
        elif isinstance(out.get(key), (int, float)) and not isinstance(out.get(key), bool):
            out[key] = out[key] + draw(st.sampled_from([-1, 1, 99, 10**9]))
    return out


# =============================================================================
# Rulesets: whole plausible rulesets, for "checked means plays"
# =============================================================================
#
# ``rulesets()`` draws the text of a whole ruleset, every statement of
# docs/language.md now and then: a tile set (one to three suits of 3-9 ranks, maybe
# a suit's dragon, winds, dragons, a zero, flowers and seasons, jokers, a class),
# 2-4 seats (and more players, sitting out in turn), a wall sized to the set (its
# breaks, loose tiles, a dead wall), a deal, maybe a Charleston (passes, blind
# passes and their conditions, an optional round, a courtesy pass), a replacement
# phase for flowers and kongs, play (draws, announcements with table conditions,
# original hands), claims (sources, widenings, table conditions), kongs (either kind
# robbable), jokers, winning patterns (sets and pairs, and the special shapes:
# thirteen orphans, nine gates, knitting, pairs of a class) or now and then a card
# of hands (``card "FILE"``, with the American tile set: ``ruleset_files()`` below
# writes the card), a dead hand block, scoring (value, limit, roof, lets, rules per set, pair
# or bonus with conditions over facts, functions and set relations, exclusions, a
# minimum to go out), payments (by seat, deposits, a wall game's and a kong's
# instant payments, penalties, responsibility) and a session (hands, rounds, the first dealer,
# counters). Numbers are mostly consistent (the deal fits the patterns, the wall
# holds the set) and now and then not (`rounds 0`, a fraction where a count
# stands, a pair claim): a test may rely only on the text being syntactically
# valid, never on it checking clean. The point is what `check` accepts: each such
# ruleset must play (tests/test_checked_plays.py).

_SUITS = (("bam", "b"), ("crak", "c"), ("dot", "d"))
#: Special winning shapes of 14 tiles (docs/language.md, winning): their statements.
_SPECIAL_PATTERNS = (
    ("orphans", ("each of terminal + honour", "one more of terminal + honour", "concealed")),
    ("gates", ("counts 3 1 1 1 1 1 1 1 3 in one suit", "one more of that suit", "concealed")),
    ("heaven", ("counts 3 1 1 1 1 1 1 1 3 in one suit", "one more of that suit ranked 2..8", "concealed")),
    ("snake", ("counts 1 1 1 1 1 1 1 1 1 in one suit", "each of wind", "one more of that suit + wind")),
    ("seven_pairs", ("pairs 7", "concealed")),
    ("honour_pairs", ("pairs 7 of terminal + honour distinct",)),
    ("knitting", ("knitted 7 pairs",)),
    ("triple_knitting", ("knitted 4 triples distinct", "knitted 1 pair")),
    ("low_pairs", ("pairs 7 of low",)),
    # Chinese Official's knitted hands: rank groups tied to suits, singles, parts beside sets
    ("knitted_straight", ("each of knitted 147 258 369", "sets 1", "pairs 1")),
    ("lesser_knitted", ("singles 14 of knitted 147 258 369 + honour",)),
    ("greater_knitted", ("each of honour", "singles 7 of knitted 147 258 369")),
    ("knitted_in_two", ("each of knitted 1479 258", "sets 1", "pairs 1", "chows at most 0")),
)
_DIRECTIONS = ("right", "left", "across")
#: The American tile set (american.mj's), which a card of hands is written against.
_CARD_TILES = ('    suit bam "b" 1..9 x4 dragon "G"', '    suit crak "c" 1..9 x4 dragon "R"',
               '    suit dot "d" 1..9 x4 dragon "0"', '    wind "N" "E" "W" "S" x4', '    dragon "R" "G" "0" x4',
               '    zero "0"', '    flower "F" x8 interchangeable', '    joker "J" x8')
#: Where a generated ruleset's card is: the file ``ruleset_files()`` writes beside it,
#: or one it never writes (MJ206), or one outside the folder tree (MJ208).
_CARD_PATHS = ("hands.card", "hands.card", "hands.card", "hands.card", "missing.card", "../outside.card")


def _rarely(draw, n: int = 12) -> bool:
    """True about one time in ``n`` (the middle value: Hypothesis favours the ends)."""
    return draw(st.integers(0, n - 1)) == n // 2


def _maybe_wrong(draw, right: int, low: int = 0, high: int = 20) -> int:
    """Usually ``right``; rarely any number in low..high."""
    return draw(st.integers(low, high)) if _rarely(draw, 40) else right


@st.composite
def _condition(draw, facts, options, depth: int = 2) -> str:
    """A condition over ``facts`` (bool facts) and the bool ``options``."""
    atoms = list(facts) + list(options)
    if depth <= 0 or draw(st.integers(0, 2)) == 0:
        atom = draw(st.sampled_from(atoms))
        return f"not {atom}" if draw(st.integers(0, 4)) == 0 else atom
    op = draw(st.sampled_from(["and", "or"]))
    return f"({draw(_condition(facts, options, depth - 1))} {op} {draw(_condition(facts, options, depth - 1))})"


#: Facts of the table (a claim's `when`, an announcement's `if`), as comparisons or truths.
_TABLE_CONDITIONS = ("concealed_hand", "dealer", "wall_left >= 4", "discards >= 4", "claims == 0",
                     "not discarded_a_wait", "not passed_a_win", "not own_discard", "tile_visible < 3",
                     "wall_left > 20", "discards < 2")


@st.composite
def _table_condition(draw) -> str:
    parts = draw(st.lists(st.sampled_from(_TABLE_CONDITIONS), min_size=1, max_size=2, unique=True))
    return " and ".join(parts)


#: Score conditions over the hand's functions, relations and history (score context).
_SCORE_TESTS = ("sets(chow) == 0", "sets((pung or kong) and dragon) >= 1", "pairs(dragon) == 1",
                "tiles(honour) == 0", "tiles(terminal or honour) == 0", "bonus(flower) >= 1", "last_in(pair)",
                "related(3 chow, same suit, ranks step 3) > 0", "related(3 chow, different suits, same rank) > 0",
                "related(2 chow, same suit, same rank) >= 1", "related(3 pung or kong, different suits, same rank) > 0",
                "related(2 chow, any suits, any ranks) > 0", "suits == 1", "waits == 1", "jokers == 0",
                "wall_left == 0", "discards < 4 and claims == 0", "points >= 10", "min(points, 5) == 5",
                "max(doubles, 1) > 1", "round_up(points, 10) > 20", "dealer_streak > 0", "set_points > 4",
                "last_from_kong_box", "robbed_kong", "last_discard", "original_hand", "earthly_hand",
                "not concealed_hand", "winning_tile(\"1b\")")


@st.composite
def _number_expr(draw, names, depth: int = 2) -> str:
    """An arithmetic expression over number ``names`` and small constants (0 included)."""
    if depth <= 0 or draw(st.integers(0, 2)) == 0:
        return draw(st.one_of(st.sampled_from(list(names)), st.integers(0, 12).map(str)))
    op = draw(st.sampled_from(["+", "-", "*", "/", "^"]))
    return f"({draw(_number_expr(names, depth - 1))} {op} {draw(_number_expr(names, depth - 1))})"


@st.composite
def rulesets(draw) -> str:
    """The text of a whole plausible ruleset (see the section comment)."""
    out: list[str] = ['ruleset "Generated"']
    # -- options ----------------------------------------------------------------
    bool_opts = [f"o{i}" for i in range(draw(st.integers(0, 2)))]
    for o in bool_opts:
        out.append(f'option {o} = {draw(st.sampled_from(["on", "off"]))} "A switch"')
    num_opt = draw(st.integers(0, 6)) if draw(st.booleans()) else None
    if num_opt is not None:
        out.append(f'option n = {num_opt} "A number" range 0..{max(num_opt, 8)}')
    choice = draw(st.booleans())
    if choice:
        out.append('option style = fast "A style" one of fast slow')
    num_names = ["n"] if num_opt is not None else []
    # -- tiles ------------------------------------------------------------------
    card = _rarely(draw, 8)  # a card of hands (american.mj's tile set, so the card can fit)
    suits = draw(st.lists(st.sampled_from(_SUITS), min_size=1, max_size=3, unique=True)) if _rarely(draw, 3) \
        else list(draw(st.permutations(_SUITS)))
    ranks = draw(st.integers(3, 9)) if _rarely(draw, 3) else 9
    copies = draw(st.integers(1, 4)) if _rarely(draw, 3) else 4
    lines = [f'    suit {name} "{letter}" 1..{ranks} x{copies}' for name, letter in suits]
    total = len(suits) * ranks * copies
    winds = draw(st.booleans())
    dragons = draw(st.booleans())
    if dragons and _rarely(draw, 4):  # a suit's own dragon (the card's `D`)
        lines[0] += ' dragon "R"'
    if _rarely(draw, 40):  # a span with a fraction: MJ239
        lines[0] = lines[0].replace(f"1..{ranks}", f"1..{ranks}.5")
    if winds:
        lines.append(f'    wind "E" "S" "W" "N" x{copies}')
        total += 4 * copies
    if dragons:
        lines.append(f'    dragon "R" "G" "0" x{copies}')
        total += 3 * copies
        if draw(st.integers(0, 3)) == 0:
            lines.append('    zero "0"')
    flowers = draw(st.sampled_from(["", "linked", "alike"]))  # linked: one per seat of four
    seasons = bool(flowers) and draw(st.integers(0, 2)) == 0
    if flowers == "linked":
        lines.append('    flower "f1" "f2" "f3" "f4" x1 seat linked')
        total += 4
        if seasons:
            lines.append('    season "s1" "s2" "s3" "s4" x1 seat linked')
            total += 4
    elif flowers == "alike":
        lines.append('    flower "F" x4 interchangeable')
        total += 4
        if seasons:
            lines.append('    season "S1" x4 interchangeable')
            total += 4
    jokers = draw(st.integers(0, 8)) if draw(st.integers(0, 3)) == 0 else 0
    if jokers:
        lines.append(f'    joker "J" x{jokers}')
        total += jokers
    if card and not _rarely(draw, 10):
        suits, ranks, copies, winds, dragons, flowers, seasons, jokers = list(_SUITS), 9, 4, True, True, "alike", False, 8
        lines, total = list(_CARD_TILES), 152
    if draw(st.booleans()):
        lines.append(f'    class low "1{suits[0][1]}" "2{suits[0][1]}"')
    if draw(st.integers(0, 3)) == 0:  # copies told apart (red fives), rarely more than the kind has: MJ290
        told = draw(st.integers(1, copies)) if not _rarely(draw, 20) else copies + 1
        lines.append(f'    variant red "0{suits[0][1]}" x{told} of "{min(ranks, 5)}{suits[0][1]}"')
    out += ["tiles {", *lines, "}"]
    # -- seats --------------------------------------------------------------------
    seats = 4 if flowers == "linked" and not _rarely(draw, 40) else draw(st.sampled_from([3, 4, 2, 4]))
    out.append(f"seats {_maybe_wrong(draw, seats, 1, 9)} {{")
    if winds:
        names = ["E", "S", "W", "N"][:seats]
        if _rarely(draw, 40):
            names[-1] = names[0]
        out.append("    winds " + " ".join(f'"{w}"' for w in names))
    if draw(st.integers(0, 5)) == 0:  # more players than seats, sitting out in turn (rarely too few, too many)
        out.append(f"    players {_maybe_wrong(draw, draw(st.integers(seats, min(seats + 2, 8))), seats - 1, 9)}")
    out.append("}")
    # -- the patterns fix the hand: sets x 3 + pairs x 2 - 1 tiles -----------------
    sets_n = draw(st.integers(0, 4)) if _rarely(draw, 3) else 4
    pairs_n = (draw(st.integers(1, 2)) if sets_n else draw(st.integers(1, 7))) if _rarely(draw, 3) else 1
    hand = 3 * sets_n + 2 * pairs_n - 1
    # -- wall ----------------------------------------------------------------------
    height = 2 if total % 2 == 0 and draw(st.booleans()) else 1
    sides = 4 if (total // height) % 4 == 0 else 1
    length = total // (height * sides)
    dead = draw(st.integers(0, 16))
    out += ["wall {", f"    sides {sides}", f"    length {_maybe_wrong(draw, length, 1, 40)}", f"    height {height}"]
    loose = draw(st.integers(0, 2)) if draw(st.integers(0, 3)) == 0 else 0
    if sides == 4 and draw(st.integers(0, 3)) == 0:  # the side by the dealer's throw, the position by its owner's
        thrower = draw(st.sampled_from(["dealer", "dealer", "left", "right", "across", "side owner"]))
        out.append(f"    break side dice {_maybe_wrong(draw, 2, 0, 8)} thrown by {thrower}")
        counting = draw(st.sampled_from(["", " counting from left", " counting from left plus side"]))
        out.append(f"    break position dice 2 thrown by side owner{counting}")
    elif draw(st.booleans()):
        out.append("    break position dice 2 thrown by dealer")
    if loose:
        out.append(f"    loose tiles {loose} on wall")
    out += [f"    dead wall {dead}", "}"]
    # -- deal ------------------------------------------------------------------------
    deal = []
    groups = draw(st.integers(0, hand // 4)) if hand >= 4 else 0
    if groups:
        deal.append(f"    all 4 x{groups}")
    if hand - 4 * groups:
        deal.append(f"    all {hand - 4 * groups}")
    opener = "none" if _rarely(draw, 20) else draw(st.sampled_from(["dealer", "draws"]))
    if opener == "dealer" and deal and deal[-1] == "    all 1" and draw(st.booleans()):
        deal[-1:] = ["    dealer 2", "    others 1"]  # the American deal's last round
    elif opener == "dealer":
        deal.append(f"    dealer {_maybe_wrong(draw, 1, 0, 3)}")
    if _rarely(draw, 16):
        deal = deal[:draw(st.integers(0, len(deal)))]
    out += ["deal {", *deal, "}"]
    flow = ["deal"]
    # -- Charleston -------------------------------------------------------------------
    if draw(st.integers(0, 2)) == 0:
        when = f" when {bool_opts[0]}" if bool_opts and draw(st.booleans()) else ""
        ch = ['    never pass "J"'] if jokers and draw(st.booleans()) else []

        def direction() -> str:  # across only where a seat sits across (rarely not)
            odd = seats % 2 and not _rarely(draw, 40)
            return draw(st.sampled_from(_DIRECTIONS[:2] if odd else _DIRECTIONS))

        for _ in range(draw(st.integers(1, 3))):
            blind = " blind" if draw(st.integers(0, 3)) == 0 else ""
            if blind and bool_opts and draw(st.booleans()):
                blind += f" if {bool_opts[-1]}"
            cond = f" when {draw(_condition(['dealer'] if _rarely(draw, 20) else [], bool_opts, 1))}" \
                if bool_opts and draw(st.integers(0, 3)) == 0 else ""  # `dealer`: no such fact in a pass (MJ204)
            ch.append(f"    pass {_maybe_wrong(draw, draw(st.integers(1, 4)), 0, 16)} {direction()}{blind}{cond}")
        if draw(st.integers(0, 2)) == 0:
            ch += [f"    optional second stopped by {draw(st.sampled_from(['any', 'all', 'majority']))} {{",
                   f"        pass {draw(st.integers(1, 3))} {direction()}", "    }"]
        if draw(st.integers(0, 2)) == 0 and (seats % 2 == 0 or _rarely(draw, 40)):
            lo = draw(st.integers(0, 3))
            rule = draw(st.sampled_from(["smaller", "larger"]))
            ch.append(f"    courtesy across {lo}..{lo + draw(st.integers(0, 8))} {rule}")
        out += [f"charleston{when} {{", *ch, "}"]
        flow.append("charleston")
    # -- replacements ------------------------------------------------------------------
    kongs = draw(st.booleans())
    if (flowers or kongs) and draw(st.integers(0, 3)):
        kinds = (["flower"] if flowers else []) + (["kong"] if kongs else [])
        rep = ["    replace " + " ".join(kinds), "    order dealer first counter clockwise"]
        if draw(st.booleans()):
            rep.append("    again after everyone")
        out += ["replacement {", *rep, "}"]
        flow.append("replacement")
    # -- play --------------------------------------------------------------------------------
    play = []
    if opener == "draws":
        play.append(f"    dealer draws {_maybe_wrong(draw, 1, 0, 3)}")
    elif opener == "dealer" and draw(st.booleans()):
        play.append("    dealer opens with discard")
    play.append("    draw from dead wall" if _rarely(draw, 40) else "    draw from wall")
    if kongs or flowers:
        play.append(f"    replacement from {draw(st.sampled_from(['dead wall', 'dead wall', 'wall']))}")
    play.append(f"    discard live until next {draw(st.sampled_from(['turn', 'draw']))}")
    play.append(f"    wall game when {draw(st.integers(0, 14)) if not _rarely(draw, 30) else 300} left")
    announce = draw(st.integers(0, 3)) == 0
    if announce:
        effects = draw(st.sampled_from(["", " freezes hand", " required to win", " freezes hand required to win"]))
        time = draw(st.sampled_from(["after first discard", "after any discard", "on turn"]))
        if draw(st.integers(0, 2)) == 0:  # riichi-like: only while the table allows it
            effects += f" if {draw(_table_condition())}"
        play.append(f'    announce calling "Calling" {time}{effects}')
    if draw(st.integers(0, 3)) == 0:
        play.append("    original hand for dealer")
    out += ["play {", *play, "}"]
    flow.append("play")
    # -- claims --------------------------------------------------------------------------
    claims = ["mahjong"]
    # every source word, `any` most often; a claim may widen its source for mah jongg
    source = st.sampled_from(["any", "any", "left", "right", "across", "dealer"])
    decl = [f"    claim mahjong from {draw(st.sampled_from(['any', 'any', 'any', 'left', 'dealer']))}"]
    if draw(st.integers(0, 4)) == 0:  # furiten and the like: the table decides
        decl[0] += f" when {draw(_table_condition())}"

    def widened() -> str:
        return f" or from {draw(source)} for mahjong" if draw(st.integers(0, 3)) == 0 else ""

    if sets_n and draw(st.integers(0, 4)):
        size = 3 if not _rarely(draw, 30) else draw(st.sampled_from(["2", "2.5", "1"]))  # refused: no pair claims
        cond = f" when {draw(_table_condition())}" if draw(st.integers(0, 5)) == 0 else ""
        decl.append(f"    claim pung {size} same from {draw(source)}{widened()}{cond}")
        claims.append("pung")
    if sets_n and kongs and draw(st.booleans()):
        decl.append(f"    claim kong 4 same from {draw(source)}")
        claims.append("kong")
    if sets_n and ranks >= 3 and draw(st.booleans()):
        decl.append(f"    claim chow 3 run from {draw(st.sampled_from(['left', 'left', 'any', 'right']))}{widened()}")
        claims.append("chow")
    levels = ["mahjong"] + ([" ".join(claims[1:])] if len(claims) > 1 else [])
    decl.append("    priority " + " > ".join(levels))
    if draw(st.booleans()):
        decl.append("    ties go to next in turn")
    if jokers and draw(st.booleans()):
        decl.append('    dead discard "J"')
    out += ["claims {", *decl, "}"]
    if kongs:
        out += ["kongs {", f"    concealed on turn{' robbable' if draw(st.integers(0, 3)) == 0 else ''}",
                f"    added on turn{' robbable' if draw(st.booleans()) else ''}",
                "    replacement from dead wall", "}"]
    if jokers:
        jk = [f"    stand in groups of {draw(st.integers(2, 4))} or more"]
        if draw(st.booleans()):
            jk.append("    swap from any exposure on turn" + (f" when {bool_opts[0]}" if bool_opts and draw(st.booleans())
                                                             else ""))
        if draw(st.integers(0, 2)) == 0:
            jk.append("    dead when discarded")
        if draw(st.integers(0, 2)) == 0:
            jk.append("    never passed")
        out += ['jokers "J" {', *jk, "}"]
    # -- winning -------------------------------------------------------------------------
    pat = [f"        sets {sets_n}"] if sets_n else []
    pat.append(f"        pairs {pairs_n}")
    if "chow" in claims and draw(st.booleans()):
        pat.append(f"        chows at most {'n' if num_names and draw(st.booleans()) else draw(st.integers(0, 4))}")
    if _rarely(draw, 20):
        pat = []
    win = ["    pattern standard \"Sets and pairs\" {", *pat, "    }"]
    if card:
        win = [f'    card "{draw(st.sampled_from(_CARD_PATHS))}"'] + (win if _rarely(draw, 10) else [])
    if hand == 13 and winds and draw(st.integers(0, 2)) == 0:
        win += ["    pattern winds_pairs {", "        pairs 7", "        concealed", "    }"]
    patterns = ["standard"]
    if hand == 13 and draw(st.integers(0, 2)) == 0:
        for name, body in draw(st.lists(st.sampled_from(_SPECIAL_PATTERNS), max_size=3, unique_by=lambda s: s[0])):
            win += [f"    pattern {name} {{", *(f"        {line}" for line in body), "    }"]
            patterns.append(name)
    if draw(st.integers(0, 4)) == 0:
        win.append(f"    concealed hands call only for {'mahjong' if not _rarely(draw, 10) else claims[-1]}")
    out += ["winning {", *win, "}"]
    if draw(st.booleans()):
        dh = ["    on false mahjong"]
        dh += draw(st.lists(st.sampled_from(["    on wrong tile count", "    on impossible exposure", "    tiles stay racked",
                                             "    play continues"]), max_size=2, unique=True))
        out += ["dead hand {", *dh, "}"]
    # -- scoring -------------------------------------------------------------------------
    facts = ["won", "self_drawn", "by_discard", "dealer", "concealed_hand", "last_of_wall"]
    announced = ["announced(calling)", "discards_since(calling) < 4", "claims_since(calling) == 0"] if announce else []
    counter = draw(st.integers(0, 4)) == 0  # a session counter (honba), read by rules and payments
    if draw(st.integers(0, 4)):
        sc = []
        lets = []
        if draw(st.integers(0, 3)) == 0:  # a name for a sub-expression, maybe a name taken (MJ281)
            let_name = "won" if _rarely(draw, 20) else "capped"
            sc.append(f"    let {let_name} = min(doubles, {draw(st.integers(0, 13))})")
            lets.append(let_name)
        values = ['points * 2 ^ doubles', 'points', 'points + 10 * doubles',
                  'round_up(max(points, 20), 10) * 2 ^ min(doubles, 13)', '-points']
        if card and draw(st.integers(0, 4)):  # a card's hand is worth its printed points
            values = ['card_points * 2 ^ doubles', 'card_points']
        value = draw(st.sampled_from(values))
        if lets and draw(st.booleans()):
            value = f"points * 2 ^ {lets[0]}"
        sc.append(f"    value {value}")
        if draw(st.integers(0, 5)) == 0:
            sc[-1] = f"    value {draw(_number_expr(['points', 'doubles', *num_names]))}"
        if draw(st.booleans()):
            sc.append(f"    limit {draw(st.sampled_from(['500', '1000', 'n' if num_names else '300']))}")
            if bool_opts and draw(st.booleans()):
                sc.append(f"    roof off when {bool_opts[0]}")
        if draw(st.integers(0, 3)) == 0:
            sc.append("    best split")
        if kongs and draw(st.integers(0, 3)) == 0:
            sc.append("    claimed kongs count concealed")
        sc.append(f"    rule win \"Win\": {draw(st.integers(0, 30))} points when won")
        rules = ["win"]
        for i in range(draw(st.integers(0, 5))):
            unit = draw(st.sampled_from(["points", "double", "limit"]))
            n = draw(st.sampled_from([1, 2, 4, 8])) if unit != "limit" else draw(st.sampled_from([1, 1, 0.5]))
            if _rarely(draw, 8):
                n = -n  # a penalty rule
            scope = ""
            if unit == "points" and sets_n and draw(st.booleans()):
                scope = f" per set where {draw(st.sampled_from(['pung', 'pung and exposed', 'chow', 'kong or pung']))}"
            elif unit in ("points", "double") and draw(st.integers(0, 4)) == 0:
                scope = draw(st.sampled_from([" per pair where dragon", " per pair", " per bonus",
                                              " per bonus where own" if flowers == "linked" else " per bonus"]))
            cond = draw(_condition(facts, bool_opts))
            if draw(st.integers(0, 2)) == 0:  # the hand's functions, relations, history
                extra = list(_SCORE_TESTS) + [f"pattern({pn})" for pn in patterns] + announced + \
                    (["honba > 0"] if counter else []) + [f"{ln} > 1" for ln in lets]
                cond = f"won and {draw(st.sampled_from(extra))}"
            if choice and i == 0 and _rarely(draw, 10):
                cond = "style"  # refused: a choice is not a condition
            elif choice and draw(st.integers(0, 5)) == 0:
                cond += f" and style == {'quick' if _rarely(draw, 20) else draw(st.sampled_from(['fast', 'slow']))}"  # MJ282
            sc.append(f"    rule r{i}: {n} {unit}{scope} when {cond}")
            rules.append(f"r{i}")
        if len(rules) > 1 and draw(st.integers(0, 3)) == 0:  # an exclusion, now and then a circle (MJ285)
            a, b = rules[-1], rules[0]
            sc.append(f"    rule {a} excludes {b}")
            if _rarely(draw, 10):
                sc.append(f"    rule {b} excludes {a}")
        if draw(st.integers(0, 4)) == 0:  # a minimum to go out
            sc.append(f"    win only when {draw(st.sampled_from(['doubles >= 1', 'points >= 10 or limits > 0', 'value >= 8']))}")
        out += ["scoring {", *sc, "}"]
        pay = ["    discarder pays winner value when by_discard"]
        if draw(st.booleans()):
            divisor = draw(st.sampled_from(["2", "1", "n" if num_names else "4"]))
            pay.append(f"    others pay winner value / {divisor} when by_discard")
        if draw(st.integers(0, 3)) == 0:  # who pays by seat (riichi's self-draw)
            pay += ["    dealer pays winner 2 * value when self_drawn and not dealer",
                    "    non dealers pay winner value when self_drawn and not dealer",
                    "    others pay winner 2 * value when self_drawn and dealer"]
        else:
            pay.append("    everyone pays winner value when self_drawn")
        if draw(st.integers(0, 5)) == 0:
            pay.append("    losers pay winner 1" + (" + honba" if counter else ""))
        if draw(st.integers(0, 2)) == 0:
            pay.append("    losers settle among themselves")
        if draw(st.integers(0, 3)) == 0:
            pay.append("    dealer pays and receives double")
        if draw(st.integers(0, 2)) == 0:
            pay.append(f"    penalty false_mahjong: -{draw(st.integers(1, 50))} points")
        if draw(st.integers(0, 5)) == 0:
            pay.append(f"    penalty {draw(st.sampled_from(['false_claim', 'slow_play']))}: -0.5 limit")  # slow_play: MJ228
        if (announce or _rarely(draw, 20)) and draw(st.integers(0, 2)) == 0:  # a deposit on the announcement (MJ291)
            pay.append(f"    deposit {draw(st.integers(1, 1000))} points on announce "
                       f"{'calling' if not _rarely(draw, 10) else 'riichi'}")
        if draw(st.integers(0, 4)) == 0:
            pay.append(f"    wall game: not calling pay calling {draw(st.integers(0, 3000))} points shared")
        if (kongs or _rarely(draw, 20)) and draw(st.integers(0, 2)) == 0:  # instant payments on kongs allowed (MJ292)
            events = ["concealed", "added"] + (["claimed"] if "kong" in claims else [])
            for event in draw(st.lists(st.sampled_from(events), min_size=1, max_size=3, unique=True)):
                pay.append(f"    on {event} kong: others pay {draw(st.integers(1, 4))} points")
        if draw(st.integers(0, 4)) == 0:  # responsibility: the feeder of N sets (MJ276 past the sets a hand holds)
            n = 5 if _rarely(draw, 20) else draw(st.integers(1, 4))
            share = draw(st.sampled_from(["", " 0.5", " 1"]))
            group = draw(st.sampled_from(["losers", "discarder", "others"]))
            when = draw(st.sampled_from(["", " when self_drawn", " when by_discard"]))
            pay.append(f"    feeder of {n} sets where pung or kong pays{share} for {group}{when}")
        out += ["payments {", *pay, "}"]
    # -- session ---------------------------------------------------------------------------
    if draw(st.booleans()) or counter:
        ses = []
        if draw(st.integers(0, 3)):
            count = draw(st.sampled_from(['4', '8', 'n' if num_names else '2']))
            ses.append(f"    hands {draw(st.sampled_from(['0', '-1', '2.5'])) if _rarely(draw, 30) else count}")
        if winds and draw(st.integers(0, 2)) == 0:  # refused at check time when not 1 or more whole (MJ235)
            ses.append(f"    rounds {draw(st.sampled_from(['0', '-3', '1.5', 'n' if num_names else '0'])) if _rarely(draw, 20) else draw(st.integers(1, 2))}")
        if draw(st.integers(0, 3)) == 0:
            ses.append(f"    first dealer by dice {_maybe_wrong(draw, draw(st.integers(1, 2)), 0, 9)} thrown by each")
        ses.append(draw(st.sampled_from(["    dealer rotates every hand", "    dealer keeps deal when dealer_won",
                                          "    dealer keeps deal when dealer_won or wall_game",
                                          "    dealer keeps deal when dealer_won or dealer_calling",
                                          "    round wind rotates every round"])))
        if counter:
            ses.append(f"    counter {'honba' if not _rarely(draw, 20) else 'dealer'} \"Repeat\" counts hands in a row "
                       f"when {draw(st.sampled_from(['dealer_won or wall_game', 'wall_game', 'dealer_won']))}")
        out += ["session {", *ses, "}"]
    out.append("flow " + " -> ".join(flow))
    return "\n".join(out) + "\n"


# ``ruleset_files()`` draws a whole ruleset with the files it names: ``{MAIN: text,
# other name: text}``, written into one folder. ``card "hands.card"`` gets a card (the
# club's, or random lines from ``card_texts()``); now and then a block moves into an
# included file, or an include goes wrong: the block kept as well (MJ201), a file not
# written (MJ206), a file including itself or its includer (MJ205), a path out of the
# folder (MJ208). ``any_ruleset_files()``: either that or an overlay (``{MAIN: text}``).

MAIN = "generated.mj"
#: An include's target: the part written beside the ruleset, usually.
_INCLUDES = ("part.mj", "part.mj", "part.mj", "part.mj", "kept", "missing.mj", MAIN, "cycle", "../outside.mj")


def _club_card() -> str:
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "rulesets" / "cards" / "club-2026.card"
    return path.read_text(encoding="utf-8")


def _blocks(text: str) -> list[tuple[int, int]]:
    """(first line, line after the last) of each top-level block of a generated ruleset."""
    lines = text.split("\n")
    out, start = [], None
    for i, line in enumerate(lines):
        if start is None and line.endswith("{") and not line.startswith((" ", "ruleset")):
            start = i
        elif start is not None and line == "}":
            out.append((start, i + 1))
            start = None
    return out


@st.composite
def ruleset_files(draw) -> dict[str, str]:
    text = draw(rulesets())
    files = {}
    if 'card "hands.card"' in text:
        club = "\n".join(line for line in _club_card().split("\n") if not line.startswith("tiles "))
        files["hands.card"] = club if draw(st.integers(0, 3)) else draw(card_texts())
    blocks = _blocks(text)
    if blocks and draw(st.integers(0, 5)) == 0:
        a, b = draw(st.sampled_from(blocks))
        lines = text.split("\n")
        part = "\n".join(lines[a:b]) + "\n"
        target = draw(st.sampled_from(_INCLUDES))
        if target == "kept":  # the block both included and written here
            files["part.mj"] = part
            lines.insert(a, 'include "part.mj"')
        else:
            if target in ("part.mj", "cycle"):
                files["part.mj"] = part + (f'include "{MAIN}"\n' if target == "cycle" else "")
                target = "part.mj"
            lines[a:b] = [f'include "{target}"']
        text = "\n".join(lines)
    return {MAIN: text, **files}


def any_ruleset_files() -> st.SearchStrategy[dict[str, str]]:
    """A whole generated ruleset with its files, or an overlay on a shipped one."""
    return st.one_of(ruleset_files(), overlays().map(lambda text: {MAIN: text}))


# ``overlays()`` draws an overlay on a shipped ruleset (every file of rulesets/):
# options set to values in and out of their ranges, named statements removed
# (`remove NAME`, now and then one the base lacks) and statements removed by block
# (`remove payments { ... }`), more players or fewer seats, and blocks restated (a
# Charleston, score rules, payments, a session), so the card, the jokers and the
# classical, Hong Kong and riichi scoring meet generated rules too.
# ``any_rulesets()`` draws either kind.

_BASE_OPTIONS = {
    "american.mj": {"charleston": "bool", "blind_passes": "bool", "courtesy_pass": "bool",
                    "jokerless_double": "bool", "self_drawn_double": "bool", "joker_swaps": "bool",
                    "session_hands": (0, 70)},
    "classical.mj": {"limit": (0, 5000), "roof_off": "bool", "max_chows": (0, 5), "rounds": (0, 5)},
    "classical-bmja.mj": {"limit": (0, 5000), "roof_off": "bool", "max_chows": (0, 5), "rounds": (0, 5)},
    "hong-kong.mj": {"min_faan": (0, 11), "max_faan": (2, 14), "discarder_pays_all": "bool", "self_draw_double": "bool"},
    "riichi.mj": {},
}
_BASE_OPTIONS["american-3p.mj"] = _BASE_OPTIONS["american.mj"]

#: Named statements of each base an overlay may remove (`nonesuch`: none such, MJ323/MJ210-like refusals).
_BASE_NAMES = {
    "american.mj": ("second", "jokerless", "quint", "nonesuch"),
    "american-3p.mj": ("second", "jokerless"),
    "classical.mj": ("heavenly_hand earthly_hand", "standing_hand", "nine_gates", "chow", "no_points"),
    "classical-bmja.mj": ("calling", "original_call", "knitting triple_knitting", "standing"),
    "hong-kong.mj": ("great_dragons", "dragon_pung", "thirteen_orphans", "chow", "self_drawn"),
    "riichi.mj": ("ippatsu", "riichi", "chi", "honba", "fu_tsumo", "nonesuch"),
}
#: Statements of each base's blocks an overlay may remove with `remove KIND { ... }`.
_BASE_BLOCK_LINES = {
    "classical.mj": (("payments", "losers settle among themselves"), ("payments", "dealer pays and receives double"),
                     ("session", "round wind rotates every round"), ("session", "first dealer by dice 1 thrown by each"),
                     ("play", "original hand for dealer"), ("wall", "loose tiles 2 on wall")),
    "riichi.mj": (("payments", "deposit 1000 points on announce riichi"),
                  ("payments", "wall game: not calling pay calling 3000 points shared"),
                  ("payments", "feeder of 3 sets where (pung or kong) and dragon pays for losers when self_drawn"),
                  ("session", "round wind rotates every round")),
    "hong-kong.mj": (("session", "rounds 4"), ("session", "round wind rotates every round")),
    "american.mj": (("charleston", "courtesy across 0..3 smaller when courtesy_pass"), ("deal", "others 1"),
                    ("payments", "losers settle among themselves")),
}


@st.composite
def overlays(draw) -> str:
    base = draw(st.sampled_from(sorted(_BASE_OPTIONS)))
    options = _BASE_OPTIONS[base]
    out = [f'extends "{base}"']
    for name in draw(st.lists(st.sampled_from(sorted(options)), max_size=4, unique=True)) if options else ():
        kind = options[name]
        value = draw(st.sampled_from(["on", "off"])) if kind == "bool" else str(draw(st.integers(*kind)))
        out.append(f"set {name} = {value}")
    if draw(st.integers(0, 3)) == 0:
        out.append("remove " + " ".join(draw(st.lists(st.sampled_from(_BASE_NAMES[base]), min_size=1, max_size=2,
                                                       unique=True))))
    if base in _BASE_BLOCK_LINES and draw(st.integers(0, 3)) == 0:
        removed = draw(st.lists(st.sampled_from(_BASE_BLOCK_LINES[base]), min_size=1, max_size=2, unique=True))
        for kind in sorted({k for k, _ in removed}):
            out += [f"remove {kind} {{", *(f"    {line}" for k, line in removed if k == kind), "}"]
    if base == "american.mj" and draw(st.integers(0, 4)) == 0:  # five (or more) at a table of four
        out += ["seats 4 {", f"    players {_maybe_wrong(draw, draw(st.integers(5, 8)), 3, 9)}", "}"]
    american = base.startswith("american")
    if american and draw(st.integers(0, 2)) == 0:
        ch = ['    never pass "J"'] if draw(st.integers(0, 3)) else []
        for _ in range(draw(st.integers(1, 4))):
            blind = " blind if blind_passes" if draw(st.integers(0, 3)) == 0 else ""
            ch.append(f"    pass {_maybe_wrong(draw, draw(st.integers(1, 5)), 0, 14)} "
                      f"{draw(st.sampled_from(_DIRECTIONS if base == 'american.mj' or _rarely(draw, 20) else _DIRECTIONS[:2]))}{blind}")
        if draw(st.booleans()):
            lo = draw(st.integers(0, 3))
            ch.append(f"    courtesy across {lo}..{lo + draw(st.integers(0, 6))} "
                      f"{draw(st.sampled_from(['smaller', 'larger']))} when courtesy_pass")
        out += ["charleston when charleston {", *ch, "}"]
    facts = ["won", "self_drawn", "by_discard", "dealer", "concealed_hand", "last_of_wall"]
    if draw(st.booleans()):
        rules = []
        for i in range(draw(st.integers(1, 3))):
            unit = draw(st.sampled_from(["points", "double", "limit"]))
            n = draw(st.sampled_from([1, 2, 5])) if unit != "limit" else 1
            scope = ""
            if not american and unit == "points" and draw(st.booleans()):
                scope = f" per set where {draw(st.sampled_from(['pung', 'chow and exposed', 'kong or pung']))}"
            cond = draw(_condition(facts, []))
            if not american and draw(st.integers(0, 2)) == 0:
                cond = f"won and {draw(st.sampled_from(_SCORE_TESTS[:12]))}"
            rules.append(f"    rule extra{i}: {n} {unit}{scope} when {cond}")
        out += ["scoring {", *rules, "}"]
    if draw(st.integers(0, 2)) == 0:
        numeric = [name for name, kind in sorted(options.items()) if kind != "bool"]
        divisor = draw(st.sampled_from(["2", "1", "0", *numeric]))
        out += ["payments {", "    discarder pays winner value when by_discard",
                f"    others pay winner value / {divisor} when by_discard",
                "    everyone pays winner value when self_drawn", "}"]
    if draw(st.integers(0, 3)) == 0:
        ses = [f"    hands {draw(st.integers(0, 6))}"]
        if not american and draw(st.booleans()):
            ses.append(f"    rounds {draw(st.sampled_from(['0', '-3', '1', '2']))}")
        ses.append(draw(st.sampled_from(["    dealer keeps deal when dealer_won", "    dealer rotates every hand"])))
        out += ["session {", *ses, "}"]
    return "\n".join(out) + "\n"


def any_rulesets() -> st.SearchStrategy[str]:
    """A whole generated ruleset or an overlay on a shipped one."""
    return st.one_of(rulesets(), overlays())
