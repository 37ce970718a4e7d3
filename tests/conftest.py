"""Shared fixtures: the American tile set built here, and the Club card 2026 compiled.

The tile set is constructed directly (codes as contracts.md: 1b..9b, 1c..9c, 1d..9d,
N E W S, R G 0, F, J; four copies each except eight F and eight J), so the card
tests do not depend on the ruleset pipeline.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mjdsl.tiles import Suit, TileKind, TileSet

ROOT = Path(__file__).resolve().parent.parent
CLUB_CARD = ROOT / "rulesets" / "cards" / "club-2026.card"


def build_american_tiles(winds: bool = True, ranks: tuple[range, range, range] = (range(1, 10),) * 3) -> TileSet:
    """The 152-tile American set (``winds=False``: without winds, for tile-letter checks;
    ``ranks``: the bams', craks' and dots' ranks, for a set of other suits)."""
    suits = (
        Suit("bam", "b", tuple(ranks[0]), "G"),
        Suit("crak", "c", tuple(ranks[1]), "R"),
        Suit("dot", "d", tuple(ranks[2]), "0"),
    )
    kinds: list[TileKind] = []

    def add(code, cls, copies=4, **kw):
        kinds.append(TileKind(code, len(kinds), cls, copies, name=code, **kw))

    for s in suits:
        for r in s.ranks:
            add(f"{r}{s.letter}", "suit", suit=s.name, rank=r)
    for code in "NEWS" if winds else "":
        add(code, "wind")
    for code in "RG0":
        add(code, "dragon")
    add("F", "flower", 8)
    add("J", "joker", 8)
    return TileSet(tuple(kinds), suits, zero="0")


@pytest.fixture(scope="session")
def american_tiles() -> TileSet:
    return build_american_tiles()


@pytest.fixture(scope="session")
def club_card():
    from mjdsl.cards import read_card

    return read_card(CLUB_CARD)


@pytest.fixture(scope="session")
def club(club_card, american_tiles):
    """The Club card 2026 compiled against the American tile set."""
    from mjdsl.cards import compile_card

    return compile_card(club_card, american_tiles)


def pytest_collection_modifyitems(config, items):
    """Under the compiled build the ``pure_python`` tests are skipped: `make test` runs them
    in a second pass with ``MJDSL_PURE=1``, so each test runs on the engine it reads."""
    from mjdsl import native

    if not native.compiled():
        return
    skip = pytest.mark.skip(reason="reads the pure-Python engine: `make test` runs it with MJDSL_PURE=1")
    for item in items:
        if item.get_closest_marker("pure_python") is not None:
            item.add_marker(skip)


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="Regenerate golden files (pinned perft counts, transcripts) instead of checking them.")
