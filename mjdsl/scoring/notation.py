"""The ``mjdsl score`` input: tile codes a person can type, checked, to a HandInput.

Every part is a list of tile codes (docs/cli.md, "Tile codes") separated by spaces; a
variant's code (riichi's red fives, ``0m``) says that copy of its kind::

    --hand "5c 5c"                 the concealed tiles, the winning tile among them
    --exposed "1c 1c 1c"           a set on the table: three alike (pung), four
                                   alike (kong), or a run of three (chow); repeat
                                   the flag or separate sets with commas
    --exposed "R R R from W"       the set claimed from West's discard (who fed
                                   it, for ``feeder ... pays``); sets in the order
                                   they were claimed
    --kong "1d N"                  kongs declared from the hand (concealed), one code each
    --bonus "f1 s2"                flowers and seasons set aside
    --win 5c --from discard        the last tile and where it came from
                                   (last-discard: the end of the wall, discarded)
    --seat S --round E             the player's wind and the round's
    --partial                      part of a hand that did not win (fewer tiles):
                                   its sets and bonus tiles are scored
    --claimed-kong 1c              a kong made by claiming the fourth tile of a
                                   concealed pung (scored as the ruleset says)

Leaving out ``--win`` scores a hand that did not win. Anything wrong (an unknown
code, too many copies of a tile, a set that is not a set, the wrong number of
tiles) raises :class:`~mjdsl.diagnostics.InputError` with a one-line message that
names the problem.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Sequence

from ..diagnostics import InputError
from ..hands import Meld
from .model import NO_WIND, SOURCES, CardWin, HandInput

if TYPE_CHECKING:
    from ..ir.model import Automaton
    from ..tiles import TileSet

#: ``--from`` spellings, to the sources of :data:`mjdsl.scoring.model.SOURCES`.
SOURCE_NAMES = {s.replace("_", "-"): s for s in SOURCES}


def _codes(tiles, text: str, what: str) -> list[int]:
    """Tile codes to kind indices; a variant's code (``0m``) is of its base kind."""
    out = []
    for code in text.replace(",", " ").split():
        if code in tiles.by_code:
            out.append(tiles.by_code[code].index)
        elif code in tiles.by_variant_code:
            out.append(tiles.by_variant_code[code].base)
        else:
            raise InputError(f"{what}: unknown tile code {code!r}; this ruleset's codes are {tiles.codes_summary()}")
    return out


def read_variants(tiles: TileSet, texts: Iterable[str], seen: Sequence[int]) -> tuple[int, ...]:
    """How many copies of each variant a hand holds: those written with the variant's
    code (``0m``), and those it must hold because it has more copies of the kind than
    the set's plain copies (four 5m are the three plain ones and the red one; a kong
    of 5m holds the red one). ``seen``: the hand's count of each kind, sets included.
    InputError for more copies of a variant than the set holds."""
    if not tiles.variants:
        return ()
    out = [0] * len(tiles.variants)
    for text in texts:
        for code in text.replace(",", " ").split():
            v = tiles.by_variant_code.get(code)
            if v is not None:
                out[v.index - tiles.size] += 1
    for j, v in enumerate(tiles.variants):
        if out[j] > v.copies:
            raise InputError(f"too many {v.code}: {out[j]} given, the set holds {v.copies}")
    for base in sorted({v.base for v in tiles.variants}):
        mine = [j for j, v in enumerate(tiles.variants) if v.base == base]
        missing = seen[base] - tiles.plain_copies(base) - sum(out[j] for j in mine)
        for j in mine:  # the copies past the plain ones are variants, the first variants first
            more = min(max(missing, 0), tiles.variants[j].copies - out[j])
            out[j] += more
            missing -= more
    return tuple(out)


def read_set(tiles: TileSet, text: str) -> Meld:
    """One exposed set from its tiles: ``"7c 7c 7c"`` a pung, four alike a kong, a run a chow."""
    idx = sorted(_codes(tiles, text, f"--exposed {text.strip()!r}"))
    kinds = [tiles.kinds[i] for i in idx]
    if any(k.cls not in ("suit", "wind", "dragon") for k in kinds):
        bad = next(k for k in kinds if k.cls not in ("suit", "wind", "dragon"))
        raise InputError(f"--exposed {text.strip()!r}: {bad.code} cannot be part of a set")
    if len(idx) in (3, 4) and len(set(idx)) == 1:
        return Meld("pung" if len(idx) == 3 else "kong", idx[0], False)
    if (len(idx) == 3 and len(set(idx)) == 3 and kinds[0].cls == "suit"
            and all(k.suit == kinds[0].suit for k in kinds)
            # (a suit tile has a rank: mypy cannot tell from its cls)
            and [k.rank for k in kinds] == [kinds[0].rank, kinds[0].rank + 1, kinds[0].rank + 2]):  # type: ignore[operator]
        return Meld("chow", idx[0], False)
    raise InputError(f"--exposed {text.strip()!r} is not a set: give three alike (pung), four alike (kong) "
                     "or a run of three in one suit (chow)")


def hand_size(auto: Automaton) -> int:
    """Tiles a player holds between turns (kongs counting three): the deal to a non-dealer."""
    size = sum(count * times for who, count, times in auto.deal if who in ("all", "others"))
    return size or 13


def read_hand_input(
    auto: Automaton,
    *,
    hand: str = "",
    exposed: Iterable[str] = (),
    kongs: Iterable[str] = (),
    bonus: str = "",
    win: str | None = None,
    source: str | None = None,
    seat: str | None = None,
    round_wind: str | None = None,
    dealer: bool | None = None,
    discarder: str | None = None,
    announced: Sequence[str] = (),
    original_hand: bool = False,
    earthly_hand: bool = False,
    dealer_streak: int = 0,
    card: CardWin | None = None,
    partial: bool = False,
    claimed_kongs: Iterable[str] = (),
    table: Iterable[str] = (),
) -> HandInput:
    """A checked :class:`HandInput` from tile codes (the module docstring has the syntax)."""
    tiles = auto.tiles
    concealed_idx = _codes(tiles, hand, "--hand")
    for i in concealed_idx:
        k = tiles.kinds[i]
        if card is None and k.is_bonus:  # a card's hands hold flowers
            raise InputError(f"--hand: {k.code} is a bonus tile; give it with --bonus")
    seat_wind, round_ = _wind(auto, seat, "--seat"), _wind(auto, round_wind, "--round")
    melds: list[Meld] = []
    fed: list[int | None] = []
    for text in exposed:
        for part in text.split(","):
            if part.strip():
                tiles_text, _, by = part.partition(" from ")
                melds.append(read_set(tiles, tiles_text))
                fed.append(_feeder(auto, by, seat_wind, part) if by.strip() else None)
    for flag, texts, concealed in (("--kong", kongs, True),
                                   ("--claimed-kong", claimed_kongs, auto.scoring.claimed_kongs_concealed)):
        for text in texts:
            for i in _codes(tiles, text, flag):
                if tiles.kinds[i].cls not in ("suit", "wind", "dragon"):
                    raise InputError(f"{flag}: {tiles.kinds[i].code} cannot be a kong")
                melds.append(Meld("kong", i, concealed))
    bonus_idx = _codes(tiles, bonus, "--bonus")
    for i in bonus_idx:
        if not tiles.kinds[i].is_bonus:
            raise InputError(f"--bonus: {tiles.kinds[i].code} is not a bonus tile (a flower, a season...)")
    counts = [0] * tiles.size
    for i in concealed_idx:
        counts[i] += 1
    seen = list(counts)
    for m in melds:
        n = {"chow": 1, "pung": 3, "kong": 4}[m.kind]
        for i in ((m.tile, m.tile + 1, m.tile + 2) if m.kind == "chow" else (m.tile,) * n):
            seen[i] += 1
    for i in bonus_idx:
        seen[i] += 1
    for i, c in enumerate(seen):
        if c > tiles.kinds[i].copies:
            k = tiles.kinds[i]
            raise InputError(f"too many {k.code}: {c} given, the set holds {k.copies}")
    variants = read_variants(tiles, [hand, *exposed, *kongs, *claimed_kongs], seen)
    winning = None
    if win is not None:
        winning = _one(tiles, win, "--win")
        if counts[winning] == 0 or win in tiles.by_variant_code and win not in hand.replace(",", " ").split():
            raise InputError(f"--win {win}: the winning tile must be one of the --hand tiles")
        if source is None:
            raise InputError("--win needs --from: wall, discard, kong-box, last-of-wall, last-discard or robbed-kong")
    elif source is not None:
        raise InputError("--from goes with --win (a hand without --win did not win)")
    src = "wall"
    if source is not None:
        named = SOURCE_NAMES.get(source.replace("_", "-"))
        if named is None:
            raise InputError(f"--from {source}: say one of {', '.join(SOURCE_NAMES)}")
        src = named
    if src == "robbed_kong" and winning is not None and seen[winning] > tiles.kinds[winning].copies - 3:
        k = tiles.kinds[winning]
        raise InputError(f"--from robbed-kong: the kong robbed holds three {k.code}, so this hand can hold only "
                         f"{k.copies - 3}, not {seen[winning]}")
    if discarder and src not in ("discard", "last_discard", "robbed_kong"):
        raise InputError(f"--discarder goes with a tile won from a discard or a robbed kong, not from --from {source}")
    held = len(concealed_idx) + 3 * len(melds)
    need = hand_size(auto) + (1 if winning is not None else 0)
    if partial and winning is not None:
        raise InputError("--partial scores part of a hand that did not win: leave out --win")
    if partial and held > need:
        raise InputError(f"the partial hand has {held} tiles (kongs counting three); a hand has at most {need}")
    if held != need and not partial:
        what = "a winning hand" if winning is not None else "a hand that did not win"
        raise InputError(f"the hand has {held} tiles (kongs counting three); {what} has {need}")
    names = {a.name for a in auto.announcements}
    for a in announced:
        if a not in names:
            known = ", ".join(sorted(names)) or "none"
            raise InputError(f"--announced {a}: this ruleset's announcements are {known}")
    return HandInput(
        concealed=counts,
        seat_wind=seat_wind,
        round_wind=round_,
        melds=tuple(melds),
        bonus=tuple(bonus_idx),
        winning_tile=winning,
        source=src,
        dealer=dealer,
        discarder=_wind(auto, discarder, "--discarder") if discarder else None,
        announcements=frozenset(announced),
        original_hand=original_hand,
        earthly_hand=earthly_hand,
        dealer_streak=dealer_streak,
        card=card,
        variants=variants,
        fed=tuple(fed) + (None,) * (len(melds) - len(fed)) if any(w is not None for w in fed) else (),
        table=read_table(auto, table, announced) if table else None,
    )


def _feeder(auto, code: str, seat: int, part: str) -> int:
    """``--exposed "R R R from W"``: the seat wind whose discard was claimed for the set."""
    code = code.strip()
    wind = _wind(auto, code, f"--exposed {part.strip()!r}: from")
    if wind == seat:
        raise InputError(f"--exposed {part.strip()!r}: a set is claimed from another player's discard, not {code}'s own")
    return wind


class GivenTable(dict):
    """The facts of the table given for a hand scored on its own (``--table``); any
    other fact is as :func:`mjdsl.scoring.env.untold` says."""

    auto: Any = None
    announced: frozenset = frozenset()

    def __missing__(self, key):
        from .env import untold

        return untold(self.auto, key, self.announced)


def read_table(auto: Automaton, items: Iterable[str], announced: Sequence[str] = ()) -> GivenTable:
    """``--table`` items, ``NAME=NUMBER`` (or ``=true``/``=false``): a fact of the table
    (``discards=12``), a session counter (``honba=2``) or a function of an announcement
    (``discards_since(riichi)=5``)."""
    from ..facts import FACTS, FUNCTIONS, TABLE

    facts = {n for n, f in FACTS.items() if TABLE in f.contexts} | {c[0] for c in auto.session.counters}
    calls = {n for n, f in FUNCTIONS.items() if TABLE in f.contexts and n != "announced"}
    names = {a.name for a in auto.announcements}
    out = GivenTable()
    out.auto, out.announced = auto, frozenset(announced)
    for item in items:
        name, eq, text = item.partition("=")
        name = name.strip()
        try:
            value: float | bool = {"true": True, "false": False}[text.strip()] if text.strip() in ("true", "false") \
                else float(text)
        except ValueError:
            raise InputError(f"--table {item}: give NAME=NUMBER (or =true, =false)") from None
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        fn, paren, arg = name.partition("(")
        if paren and fn in calls and arg.endswith(")") and arg[:-1] in names:
            out[(fn, arg[:-1])] = value
        elif not eq or name not in facts:
            known = ", ".join(sorted(facts) + [f"{c}(NAME)" for c in sorted(calls)])
            raise InputError(f"--table {item}: not a fact of the table; they are {known}")
        else:
            out[name] = value
    return out


def _one(tiles, code: str, what: str) -> int:
    found = _codes(tiles, code, what)
    if len(found) != 1:
        raise InputError(f"{what} takes one tile code, not {code!r}")
    return found[0]


def _wind(auto, code: str | None, what: str) -> int:
    """A seat's or the round's wind; not given, the first seat's. NO_WIND: the seats
    have no winds (and none may be given)."""
    tiles = auto.tiles
    if not auto.seat_winds:
        if code is not None:
            raise InputError(f"{what} {code}: the seats of this ruleset have no winds")
        return NO_WIND
    if code is None:
        return auto.seat_winds[0]
    winds = [k for k in tiles.kinds if k.cls == "wind"]
    i = next((k.index for k in winds if k.code == code.strip()), None)
    if i is None:  # (not a tile's code at all, or another kind's: the winds are what is wanted)
        raise InputError(f"{what} {code}: not a wind; the winds are {' '.join(k.code for k in winds)}")
    return i
