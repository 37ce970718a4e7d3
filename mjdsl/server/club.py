"""The club's tables, read from a TOML file (``tables.toml`` beside this module by
default): each a key, a title, a ruleset file, the options it is played with and the
regulars who sit at a fresh table. Each table's ruleset is compiled once, when the
club opens; a table that does not compile is an input error naming it."""

from __future__ import annotations

import tomllib
from pathlib import Path

import attrs

from ..diagnostics import InputError, MjError

DEFAULT_TABLES = Path(__file__).resolve().parent / "tables.toml"


@attrs.frozen
class ClubTable:
    """One table of the club.

    key: its name in addresses; title: what the lobby shows; ruleset: the ruleset file;
    sets: the options as (name, value) pairs; regulars: the bots at a fresh table, in
    seat order after the person's; auto: the compiled automaton; claim_seconds: how long
    a claim window waits for a person before their claim is "no claim" (None: the
    club's default; 0: no limit).
    """

    key: str
    title: str
    ruleset: str
    sets: tuple[tuple[str, str], ...]
    regulars: tuple[str, ...]
    auto: object = attrs.field(eq=False, repr=False)
    claim_seconds: float | None = None

    @property
    def seats(self) -> int:
        return self.auto.seats


def _find(name: str, folder: Path) -> Path:
    from ..frontend.paths import library_paths

    for root in [folder, *library_paths()]:
        p = (root / name).resolve()
        if p.is_file():
            return p
    raise InputError(f"no ruleset {name!r} beside the tables file or in the ruleset library")


def load_tables(path: str | Path = DEFAULT_TABLES) -> dict[str, ClubTable]:
    """The club's tables by key, compiled; InputError naming the first one that is wrong."""
    from ..bots import BOTS
    from ..frontend.compile import compile_ruleset

    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise InputError(f"{path}: {e.strerror}") from None
    except tomllib.TOMLDecodeError as e:
        raise InputError(f"{path}: not a tables file: {e}") from None
    out: dict[str, ClubTable] = {}
    for i, t in enumerate(data.get("table", []), 1):
        where = f"{path}: table {i}"
        if not isinstance(t, dict) or not isinstance(t.get("key"), str) or not isinstance(t.get("ruleset"), str):
            raise InputError(f"{where}: every table needs a key and a ruleset")
        key = t["key"]
        if not key.replace("-", "").isalnum() or key in out:
            raise InputError(f"{where}: key {key!r} must be letters, digits and dashes, once each")
        ruleset = _find(t["ruleset"], path.parent)
        sets = tuple((str(k), str(v)) for k, v in dict(t.get("options", {})).items())
        regulars = tuple(t.get("regulars", ()))
        for r in regulars:
            if r not in BOTS:
                raise InputError(f"{where}: unknown regular {r!r}; bots are: {', '.join(sorted(BOTS))}")
        try:
            auto = compile_ruleset(str(ruleset), list(sets))
        except MjError as e:
            first = e.diagnostics[0].message if e.diagnostics else str(e)
            raise InputError(f"{where} ({key}): {first}") from None
        if len(regulars) != auto.seats - 1:
            raise InputError(f"{where} ({key}): name {auto.seats - 1} regulars, one for every other seat")
        out[key] = ClubTable(key, str(t.get("title", key)), str(ruleset), sets, regulars, auto,
                             _claim_seconds(t, where))
    if not out:
        raise InputError(f"{path}: no tables")
    return out


def _claim_seconds(t: dict, where: str) -> float | None:
    """The table's ``claim_seconds``: a number of seconds, 0 for no limit; absent, the club's default."""
    x = t.get("claim_seconds")
    if x is None:
        return None
    if isinstance(x, bool) or not isinstance(x, (int, float)) or not 0 <= x <= 3600:
        raise InputError(f"{where}: claim_seconds is a number of seconds from 0 (no limit) to 3600, not {x!r}")
    return float(x)
