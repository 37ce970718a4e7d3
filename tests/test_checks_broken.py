"""Broken rulesets, each one real author's mistake, checked through `mjdsl check`.

Every tests/broken/*.mj opens with the diagnostics it must give::

    # expect: MJ203 6:20
    # expect: MJ107 5:8, MJ102 6:1
    # expect: MJ205 includes/friday-options.mj:2:9

(a code and ``[FILE:]LINE:COLUMN``, FILE relative to tests/broken/ when the error is
in a file the broken one includes). The errors `mjdsl check` reports in files under
tests/broken/ must be exactly these: the mistake, found where it was made, and no
noise; errors reported in the shipped rulesets a file extends are consequences
there and not compared. Exit status 1, and never a traceback.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mjdsl.cli import main

BROKEN = Path(__file__).resolve().parent / "broken"
FILES = sorted(BROKEN.glob("*.mj"))
EXPECT = re.compile(r"(MJ\d{3})\s+(?:(\S+?):)?(\d+):(\d+)")
REPORTED = re.compile(r"^(.+?):(\d+):(\d+): error\[(MJ\d{3})\]:", re.M)


def expectations(path: Path) -> list[tuple[str, Path, int, int]]:
    """The diagnostics the first line expects, each once (a list: a code reported twice
    at one place is a bug the comparison must see)."""
    first = path.read_bytes().split(b"\n", 1)[0].decode("ascii")
    assert first.startswith("# expect:"), f"{path.name}: the first line must be '# expect: CODE LINE:COL'"
    found = sorted(
        (code, (BROKEN / file).resolve() if file else path, int(line), int(col))
        for code, file, line, col in EXPECT.findall(first)
    )
    assert found, f"{path.name}: no expectation on the first line"
    return found


def test_there_are_at_least_thirty_broken_files():
    assert len(FILES) >= 30


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_broken_file_gives_its_diagnostics(path, capsys):
    status = main(["check", str(path)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert status == 1, out + err
    reported = [
        (code, Path(file).resolve(), int(line), int(col))
        for file, line, col, code in REPORTED.findall(out)
    ]
    ours = sorted(r for r in reported if r[1].is_relative_to(BROKEN))
    assert ours == expectations(path), out
    # every code in the file name is among those reported
    named = re.match(r"(mj\d{3})", path.name).group(1).upper()
    assert named in {r[0] for r in ours}


def test_a_mistake_in_the_card_a_ruleset_plays_is_shown_on_the_cards_own_line(capsys):
    main(["check", str(BROKEN / "mj250-a-card-line-a-tile-short.mj")])
    out = capsys.readouterr().out
    line = (BROKEN / "includes" / "friday-card.card").read_text(encoding="utf-8").splitlines()[6]
    assert f"   7 | {line}\n" in out
