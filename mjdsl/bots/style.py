"""Playing styles as data: a TOML file read into a frozen :class:`Style`.

A style says how the generic engine (``engine.py``) plays, never which ruleset it
plays: how it ranks hands, how eagerly it calls, how much a dangerous discard costs
it, its Charleston plan, its joker swaps, its mistakes, and the lines it says at
the table. The format is documented in docs/bots.md; the shipped styles live in
``styles/`` (the club's regulars, club-american-table.txt); a user's may be anywhere
(``--bots ./mystyle.toml``). A bad style file is an :class:`InputError` naming the
file and the field, in its table; a field no table has is refused, never read as its
default unseen.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import attrs

from ..diagnostics import InputError

STYLES_DIR = Path(__file__).resolve().parent / "styles"

#: the kinds of target a style may choose, with the (spread, points) they default to
TARGETS = {"fastest": (0.15, 0.0), "flexible": (0.5, 0.0), "points": (0.3, 1.0)}
SWAPS = ("always", "when_better", "never")
#: how the worth of a hand is reckoned (docs/bots.md, "How the engine decides")
MODELS = ("distance", "chance")
#: the mistakes a newcomer makes (docs/bots.md, "Mistakes")
MISTAKES = ("discard_needed", "miss_call", "discard_joker", "miss_swap")
#: the moments a style may have lines for
LINES = ("greet", "charleston", "call", "swap", "win", "lose")
#: the tables in ``[lines]`` of what is said instead at a table that plays no card, and
#: at one that plays no Charleston
WITHOUT_CARD = "without_card"
WITHOUT_CHARLESTON = "without_charleston"


@attrs.frozen
class Style:
    """How one bot plays.

    key: the name used on the command line (the file's stem). name, tagline: as the
    table shows them. spread: how much a hand one tile further counts against the
    nearest (0: only the nearest, 1: all alike). points: the exponent on a hand's
    printed points (0: points do not matter). model: how a hand's worth is reckoned
    (``distance``: the soft minimum of its hands' distances; ``chance``: the chance of
    completing one of them within the draws left, from the live tiles; with a card).
    read_table: hands whose natural tiles
    are all out in the discards and exposures count as dead. naturals: what each empty
    natural slot (a pair, a single: only that tile fills it) adds to a hand's distance.
    live: expected turns rather than tiles: every tile a hand still needs counts as many
    times slower as its live copies (unseen, jokers where they may stand) fall short of
    an ordinary tile's, to this power (0: tiles only). ways: the ways the hand can
    still improve: each doubling of the live copies of the tiles that would bring one of
    its nearest hands a tile closer is worth this many tiles (0: not counted).
    lookahead: a discard is judged by the hand's expected worth after the next draw
    (every live tile, a joker too, drawn as often as its live copies) as much as this
    (0..1: 0 the worth as it stands, 1 the expected worth alone), among the ``look_at``
    best discards by the worth as it stands.
    last_called: the last tile a hand needs may be called from any discard, so a
    natural slot left for last costs no more than a joker's place (``naturals`` counts
    the others).
    concealed: each tile but the last that a concealed line (one that takes no exposures)
    still needs adds this much to its distance: only the seat's own draws bring it.
    release: the live copies of a tile count as many more or fewer as the other seats
    are likely to let it go (to this power; 0: every live copy alike): a tile a seat's
    likely hands do not need (read from its exposures and discards) is thrown, and a
    pung's tile or the last tile may be called; one they all need stays in their racks.
    eagerness: the chance of
    making a call that brings the hand closer; within: call only when the hand is then
    at most this many tiles from ready; call_jokers: most jokers put in one exposure;
    call_gain: a call is judged by what it gains (None: by the distance alone): made when
    the hand's worth after it and its best discard is at least this many tiles above its
    worth now, the form worth most chosen (fewest jokers at a tie). fill: with the
    ``chance`` model, how many times as fast as by its own draws alone a joker's place
    fills (the other seats' discards it may call fill them too; a pair or single only
    its own draws fill).
    safety: how many tiles of its own progress a discard that could feed a win is
    worth; fold_at, fold: further than this from ready, safety counts ``fold`` times
    as much (she gives up her hand before she feeds a win). deny: how many tiles of her
    own progress feeding the seat nearest to winning (the most tiles exposed, at least
    ``deny_shown``) costs, on top of ``safety``: only that seat's likely hands count.
    stop_at: vote to stop an optional Charleston round when this close (0: never);
    pass_spread: the spread the tiles of a Charleston pass are chosen with (None: the
    target's; a larger one keeps the tiles of more hands through the passes, a smaller
    one commits to the nearest before play). blind: most tiles forwarded blind; courtesy: most tiles offered across.
    abort_beyond: an abortive draw a player may declare (``abort ... by choice``: nine
    terminals) is taken when the hand is more than this many tiles from ready (99: never). swap:
    joker swaps (``always``, ``when_better``, ``never``). mistake_rate and mistakes:
    how often and which newcomer's mistakes. lines: what it says, by moment.
    lines_without_card: what it says instead at a table that plays no card (a line
    about "the card" is wrong at a classical table), by moment; a moment it has none
    for there takes its ``lines``. lines_without_charleston: the same at a table that
    plays no Charleston ("Charleston! Pass me something good." is wrong there); where both
    apply, a moment's lines without a card come first.
    """

    key: str
    name: str
    tagline: str = ""
    target: str = "fastest"
    spread: float = 0.15
    points: float = 0.0
    model: str = "distance"
    read_table: bool = True
    naturals: float = 0.0
    live: float = 0.0
    ways: float = 0.0
    lookahead: float = 0.0
    look_at: int = 4
    release: float = 0.0
    last_called: bool = False
    concealed: float = 0.0
    eagerness: float = 1.0
    within: int = 14
    call_jokers: int = 8
    call_gain: float | None = None
    fill: float = 1.0
    safety: float = 0.0
    fold_at: int = 99
    fold: float = 2.0
    deny: float = 0.0
    deny_shown: int = 6
    stop_at: int = 4
    pass_spread: float | None = None
    blind: int = 0
    courtesy: int = 3
    abort_beyond: int = 4
    swap: str = "when_better"
    mistake_rate: float = 0.0
    mistakes: tuple[str, ...] = ()
    lines: tuple[tuple[str, tuple[str, ...]], ...] = ()
    lines_without_card: tuple[tuple[str, tuple[str, ...]], ...] = ()
    lines_without_charleston: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def line(self, moment: str, rng, card: bool = True, charleston: bool = True) -> str | None:
        """One of the style's lines for a moment, chosen with ``rng``; None if it has
        none. ``card``, ``charleston``: whether the table plays a card, a Charleston
        (without one, the moment's ``lines_without_card`` or ``lines_without_charleston``
        are said where the style has them)."""
        tables = ((() if card else (self.lines_without_card,))
                  + (() if charleston else (self.lines_without_charleston,)) + (self.lines,))
        for table in tables:
            for m, said in table:
                if m == moment and said:
                    return said[rng.randrange(len(said))]
        return None


def style_names() -> list[str]:
    """The shipped styles, by command-line name."""
    return sorted(p.stem for p in STYLES_DIR.glob("*.toml"))


def load_style(path: str | Path) -> Style:
    """Read one style file; InputError naming the file and field for anything wrong."""
    return style_from_text(read_style_text(path), Path(path).stem, str(path))


def read_style_text(path: str | Path) -> str:
    """A style file's text; InputError naming the file if it cannot be read as one."""
    from ..source import MAX_BYTES, FileTooLarge, read_text

    if not Path(path).exists():
        raise InputError(f"{path}: no such style file")
    try:
        return read_text(path)
    except FileTooLarge:
        raise InputError(f"{path}: larger than {MAX_BYTES // 1000} kB: not a style file") from None
    except UnicodeDecodeError as e:
        raise InputError(f"{path}: not a style file ({e})") from None
    except OSError as e:
        what = "is a folder" if Path(path).is_dir() else e.strerror or str(e)
        raise InputError(f"{path}: {what}, not a style file") from None


def style_from_text(text: str, key: str, where: str) -> Style:
    """A :class:`Style` from a style file's text (:func:`style_from` checks it)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise InputError(f"{where}: not a style file ({e})") from None
    return style_from(data, key, where)


#: the fields of each table of a style file (docs/bots.md, "The style file"); the top
#: level's own fields are ``name`` and ``tagline``, and ``[lines]`` takes the moments (and
#: ``[lines.without_card]`` and ``[lines.without_charleston]``, the moments again)
FIELDS = {
    "target": ("choose", "spread", "points", "model", "read_table", "naturals", "live", "ways", "lookahead",
               "look_at", "release", "last_called", "concealed"),
    "calls": ("eagerness", "within", "jokers", "gain", "fill"),
    "safety": ("weight", "fold_at", "fold", "deny", "deny_shown"),
    "charleston": ("stop_at", "spread", "blind", "courtesy"),
    "aborts": ("beyond",),
    "jokers": ("swap",),
    "mistakes": ("rate", "kinds"),
    "lines": (*LINES, WITHOUT_CARD, WITHOUT_CHARLESTON),
}


def _unknown(where: str, field: str, section: str | None, known) -> InputError:
    """An unknown field, named with its file and its table (``target.spred``), with the
    nearest known name when one is close."""
    import difflib

    close = difflib.get_close_matches(field, list(known), n=1, cutoff=0.6)
    name = f"{section}.{field}" if section else repr(field)
    hint = f"did you mean {section + '.' if section else ''}{close[0]}? " if close else ""
    place = f"[{section}] takes" if section else "a style file takes"
    what = "the moments" if section == "lines" else ""
    return InputError(f"{where}: unknown field {name}; {hint}{place} {what}{' ' if what else ''}{', '.join(known)}")


def _field(data: dict, where: str, table: str, key: str, kind, default, lo=None, hi=None):
    value = data.get(table, {}).get(key, default) if table else data.get(key, default)
    name = f"{table}.{key}" if table else key
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise InputError(f"{where}: {name} should be {kind.__name__}, not {value!r}")
    if lo is not None and not lo <= value <= hi:
        raise InputError(f"{where}: {name} is {value}; it should be from {lo} to {hi}")
    return value


def style_from(data: dict, key: str, where: str) -> Style:
    """A :class:`Style` from parsed TOML (tables target, calls, safety, charleston,
    aborts, jokers, mistakes, lines); every field has a default but ``name``."""
    known = ("name", "tagline", *FIELDS)
    for k in data:
        if k not in known:
            raise _unknown(where, k, None, known)
    for section, fields in FIELDS.items():
        if section not in data:
            continue
        if not isinstance(data[section], dict):
            raise InputError(f"{where}: {section} should be a table ([{section}])")
        for k in data[section]:  # a misspelt field would be read as its default, unseen
            if k not in fields:
                raise _unknown(where, k, section, fields)
    name = _field(data, where, "", "name", str, None if "name" in data else key)
    target = _field(data, where, "target", "choose", str, "fastest")
    if target not in TARGETS:
        raise InputError(f"{where}: target.choose is {target!r}; it should be one of {', '.join(TARGETS)}")
    spread0, points0 = TARGETS[target]
    model = _field(data, where, "target", "model", str, "distance")
    if model not in MODELS:
        raise InputError(f"{where}: target.model is {model!r}; it should be one of {', '.join(MODELS)}")
    swap = _field(data, where, "jokers", "swap", str, "when_better")
    if swap not in SWAPS:
        raise InputError(f"{where}: jokers.swap is {swap!r}; it should be one of {', '.join(SWAPS)}")
    kinds = data.get("mistakes", {}).get("kinds", [])
    if not isinstance(kinds, list) or any(k not in MISTAKES for k in kinds):
        raise InputError(f"{where}: mistakes.kinds should list some of {', '.join(MISTAKES)}, not {kinds!r}")
    lines = dict(data.get("lines", {}))
    instead = {}
    for kind in (WITHOUT_CARD, WITHOUT_CHARLESTON):
        instead[kind] = lines.pop(kind, {})
        if not isinstance(instead[kind], dict):
            raise InputError(f"{where}: lines.{kind} should be a table ([lines.{kind}])")
    for table, said_at in (("lines", lines), *((f"lines.{k}", v) for k, v in instead.items())):
        for moment, said in said_at.items():
            if moment not in LINES:
                raise InputError(f"{where}: {table}.{moment} is not a moment; moments are {', '.join(LINES)}")
            if not isinstance(said, list) or not all(isinstance(s, str) for s in said):
                raise InputError(f"{where}: {table}.{moment} should be a list of strings")
    return Style(
        key=key,
        name=name,
        tagline=_field(data, where, "", "tagline", str, ""),
        target=target,
        spread=_field(data, where, "target", "spread", float, spread0, 0.0, 1.0),
        points=_field(data, where, "target", "points", float, points0, 0.0, 4.0),
        model=model,
        read_table=_field(data, where, "target", "read_table", bool, True),
        naturals=_field(data, where, "target", "naturals", float, 0.0, 0.0, 4.0),
        live=_field(data, where, "target", "live", float, 0.0, 0.0, 4.0),
        ways=_field(data, where, "target", "ways", float, 0.0, 0.0, 4.0),
        lookahead=_field(data, where, "target", "lookahead", float, 0.0, 0.0, 1.0),
        look_at=_field(data, where, "target", "look_at", int, 4, 1, 14),
        release=_field(data, where, "target", "release", float, 0.0, 0.0, 4.0),
        last_called=_field(data, where, "target", "last_called", bool, False),
        concealed=_field(data, where, "target", "concealed", float, 0.0, 0.0, 4.0),
        eagerness=_field(data, where, "calls", "eagerness", float, 1.0, 0.0, 1.0),
        within=_field(data, where, "calls", "within", int, 14, 0, 99),
        call_jokers=_field(data, where, "calls", "jokers", int, 8, 0, 8),
        call_gain=(_field(data, where, "calls", "gain", float, 0.0, 0.0, 4.0)
                   if "gain" in data.get("calls", {}) else None),
        fill=_field(data, where, "calls", "fill", float, 1.0, 1.0, 8.0),
        safety=_field(data, where, "safety", "weight", float, 0.0, 0.0, 100.0),
        fold_at=_field(data, where, "safety", "fold_at", int, 99, 0, 99),
        fold=_field(data, where, "safety", "fold", float, 2.0, 1.0, 100.0),
        deny=_field(data, where, "safety", "deny", float, 0.0, 0.0, 100.0),
        deny_shown=_field(data, where, "safety", "deny_shown", int, 6, 1, 14),
        stop_at=_field(data, where, "charleston", "stop_at", int, 4, 0, 14),
        pass_spread=(_field(data, where, "charleston", "spread", float, 0.0, 0.0, 1.0)
                     if "spread" in data.get("charleston", {}) else None),
        blind=_field(data, where, "charleston", "blind", int, 0, 0, 3),
        courtesy=_field(data, where, "charleston", "courtesy", int, 3, 0, 3),
        abort_beyond=_field(data, where, "aborts", "beyond", int, 4, 0, 99),
        swap=swap,
        mistake_rate=_field(data, where, "mistakes", "rate", float, 0.0, 0.0, 1.0),
        mistakes=tuple(kinds),
        lines=tuple((m, tuple(s)) for m, s in sorted(lines.items())),
        lines_without_card=tuple((m, tuple(s)) for m, s in sorted(instead[WITHOUT_CARD].items())),
        lines_without_charleston=tuple((m, tuple(s)) for m, s in sorted(instead[WITHOUT_CHARLESTON].items())),
    )
