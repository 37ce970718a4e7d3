"""The compiled hot path (``make compiled``, mjdsl/native.py) is the same engine.

The suite runs against whichever build is installed. These tests check that the pure
Python modules are what runs when asked for (``MJDSL_PURE=1``: tools/mutate.py) and
whenever the compiled ones are missing or were built from other sources, and, when a
compiled build is present, that it really is the extension modules that run and that
they play the same seeded games as the .py files.
"""

from __future__ import annotations

import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mjdsl import native

ROOT = Path(__file__).resolve().parent.parent

# a few of tests/test_seeded_digests.py's sessions: both engines, cards and patterns
SESSIONS = [("classical", "random", "digest:1", 12), ("classical-bmja", "random", "digest:3", 8),
            ("american", "random", "digest:4", 8), ("american", "greedy", "digest:5", 4)]

_PROBE = """
import json, sys
sys.path.insert(0, "tests")
import importlib
from mjdsl import native
from test_seeded_digests import session_digest
files = {m: importlib.import_module(m).__file__ for m in native.MODULES}
digests = [session_digest(*s) for s in json.loads(sys.argv[1])]
print(json.dumps({"build": native.build(), "files": files, "digests": digests}))
"""


def _probe(pure: bool, sessions: list, probe: str = _PROBE) -> dict:
    env = dict(os.environ)
    env.pop("MJDSL_PURE", None)
    if pure:
        env["MJDSL_PURE"] = "1"
    out = subprocess.run([sys.executable, "-c", probe, json.dumps(sessions)], cwd=ROOT, env=env,
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


# the special hands' search (hands/search.py) asked directly, in a process of each build
_SEARCH_PROBE = """
import json, sys
sys.path.insert(0, "tests")
from mjdsl import native
from test_native import special_hand_answers
print(json.dumps({"build": native.build(), "answers": special_hand_answers(*json.loads(sys.argv[1]))}))
"""


def special_hand_answers(seed: int, hands: int) -> list:
    """For hands near every special hand of the shipped rulesets that play them (a
    binding's units, a tile or two gone, sometimes one changed or one more), and random
    hands of its tiles: whether it could be made (as it is, and with one more tile), the
    tiles that complete it, and every reading of it with the first of them."""
    import random

    from mjdsl.frontend.compile import compile_ruleset
    from mjdsl.hands.patterns import compiled, completing_tiles, could_be_made, pattern_splits
    from test_hands_patterns import _near  # (hands near a special hand, as the library's tests make them)

    rng = random.Random(seed)
    specs = {}  # each special hand once (the rulesets share some)
    for name in ("classical", "classical-bmja", "hong-kong", "mcr", "singapore"):
        auto = compile_ruleset(ROOT / "rulesets" / f"{name}.mj")
        for p in auto.winning.patterns:
            if p.special is not None:
                specs.setdefault(repr(p.special), compiled(p.special, auto.tiles))
    choices = list(specs.values())
    out = []
    for _ in range(hands):
        spec = rng.choice(choices)
        size = spec.tiles.size
        counts = _near(rng, spec)
        present = sum(1 << t for t, c in enumerate(counts) if c)
        waits = list(completing_tiles(spec, list(counts), (), [0] * size, [4] * size))
        readings = []
        if waits:
            counts[waits[0]] += 1
            readings = [repr(m) for m in pattern_splits(spec.pattern, counts, (), spec.tiles)]
        out.append([spec.pattern.name, could_be_made(spec, present), could_be_made(spec, present, 1), waits,
                    readings])
    return out


@pytest.mark.skipif(not native.compiled(), reason="no compiled build (make compiled)")
def test_the_compiled_special_hand_search_answers_as_the_pure_one():
    compiled = _probe(False, [5, 600], _SEARCH_PROBE)
    pure = _probe(True, [5, 600], _SEARCH_PROBE)
    assert compiled["build"] == "compiled" and pure["build"].startswith("pure")
    answers = compiled["answers"]
    assert answers == pure["answers"]
    # the probe reaches every kind of answer: hands that complete, and are read, or not
    assert any(a[3] for a in answers) and any(not a[3] for a in answers) and any(a[4] for a in answers)


def test_pure_when_asked():
    got = _probe(True, [])
    assert got["build"] == "pure (MJDSL_PURE is set)"
    assert all(f.endswith(".py") for f in got["files"].values()), got["files"]


@pytest.mark.skipif(not native.compiled(), reason="no compiled build (make compiled)")
def test_compiled_build_plays_the_same_games():
    compiled = _probe(False, SESSIONS)
    pure = _probe(True, SESSIONS)
    assert compiled["build"] == "compiled"
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    assert all(f.endswith(suffixes) for f in compiled["files"].values()), compiled["files"]
    assert all(f.endswith(".py") for f in pure["files"].values()), pure["files"]
    assert compiled["digests"] == pure["digests"]


def _fake_build(tmp_path: Path, monkeypatch) -> Path:
    """A package tree with an 'extension' (an empty file) and a source for every module."""
    monkeypatch.setattr(native, "PACKAGE", tmp_path)
    monkeypatch.setattr(native, "RECORD", tmp_path / "_mypyc_sources.json")
    monkeypatch.delenv("MJDSL_PURE", raising=False)
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    (tmp_path / ("_mypyc__mypyc" + suffix)).write_bytes(b"")
    every = (*native.MODULES, *native.C_MODULES)  # (the modules mypyc compiles, and those written in C)
    for m in every:
        src = native.source_path(m)
        src.parent.mkdir(parents=True, exist_ok=True)
        src.write_text(f"# {m}\n")
        src.with_name(src.stem + suffix).write_bytes(b"")
    native.RECORD.write_text(json.dumps({m: native.digest(native.source_path(m)) for m in every}))
    return tmp_path


def test_the_decision(tmp_path, monkeypatch):
    _fake_build(tmp_path, monkeypatch)
    assert native._decide() == "compiled"
    monkeypatch.setenv("MJDSL_PURE", "1")
    assert native._decide().startswith("pure (MJDSL_PURE")
    monkeypatch.setenv("MJDSL_PURE", "0")
    assert native._decide() == "compiled"
    # a source edited (or checked out) after the build: never a stale extension
    edited = native.source_path("mjdsl.engine.winning")
    edited.write_text(edited.read_text() + "x = 1\n")
    assert native._decide() == "pure (mjdsl.engine.winning changed since it was compiled: make compiled)"
    edited.write_text("# mjdsl.engine.winning\n")
    assert native._decide() == "compiled"
    # the same for a module written in C: its source, not a .py, is what the record names
    c_source = native.source_path("mjdsl.bots._soft")
    assert c_source.name == "_soft.c"
    c_source.write_text(c_source.read_text() + "/* edited */\n")
    assert native._decide() == "pure (mjdsl.bots._soft changed since it was compiled: make compiled)"


def test_a_missing_extension_or_record_is_pure(tmp_path, monkeypatch):
    _fake_build(tmp_path, monkeypatch)
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    native.source_path("mjdsl.cards.distance").with_name("distance" + suffix).unlink()
    assert native._decide() == "pure (mjdsl.cards.distance is not compiled)"
    native.source_path("mjdsl.cards.distance").with_name("distance" + suffix).write_bytes(b"")
    native.source_path("mjdsl.bots._soft").with_name("_soft" + suffix).unlink()
    assert native._decide() == "pure (mjdsl.bots._soft is not compiled)"
    native.source_path("mjdsl.bots._soft").with_name("_soft" + suffix).write_bytes(b"")
    native.source_path("mjdsl.bots._soft").unlink()  # (a wheel without the C source)
    assert native._decide() == "pure (mjdsl.bots._soft's source is missing: _soft.c)"
    native.RECORD.unlink()
    assert native._decide().startswith("pure (no record")
    (tmp_path / ("_mypyc__mypyc" + suffix)).unlink()
    assert native._decide() == "pure (not compiled: make compiled)"


def test_version_says_which_build():
    out = subprocess.run([sys.executable, "-m", "mjdsl.cli", "--version"], cwd=ROOT, capture_output=True,
                         text=True, check=True, env={**os.environ, "MJDSL_PURE": "1"})
    assert out.stdout.strip().endswith("(engine: pure (MJDSL_PURE is set))")


def test_the_build_asks_for_mypy_and_what_the_compiled_modules_import_unless_told_pure(monkeypatch):
    # mypyc type-checks what it compiles in pip's isolated build environment: without
    # attrs there, every attrs class took no arguments and the build fell back to pure
    # Python in every fresh clone (docs/performance.md, session 17)
    import runpy
    import tomllib

    backend = runpy.run_path(str(ROOT / "tools" / "build_backend.py"))
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    monkeypatch.delenv("MJDSL_COMPILE", raising=False)
    asked = backend["_extra"]()
    assert asked[0].startswith("mypy") and asked[1:] == project["dependencies"]
    assert any(d.startswith("attrs") for d in asked) and any(d.startswith("numpy") for d in asked)
    monkeypatch.setenv("MJDSL_COMPILE", "0")
    assert backend["_extra"]() == []
