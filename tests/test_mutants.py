"""The faults ``make mutate`` plants (tools/mutants.py) and how a run finds a function.

The mutation score in docs/testing.md is only as good as its faults: each one must be
the one change it says, in the function it names, and never touch what is not run
(docstrings, annotations, asserts, strings).
"""

from __future__ import annotations

import json
import sys
import types
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import mutants  # noqa: E402
import mutate  # noqa: E402

SOURCE = '''\
from __future__ import annotations


def pays(points: int, limit: int = 500) -> int:
    """Capped points."""
    assert points >= 0, "points"
    if points > limit and not False:
        return limit
    log("capped")
    return points + 1


class Table:
    def seats(self, n: int) -> list[int]:
        out = []
        for i in range(n):
            if i == 2:
                break
            out.append(i)
        return out
'''


def _descs(qualname: str) -> list[str]:
    return [m.desc for m in mutants.mutants(SOURCE) if m.qualname == qualname]


def test_each_operator_gives_the_change_it_names_and_nothing_else():
    assert _descs("pays") == [
        "`and` -> `or`", "`>` -> `>=`", "`not` dropped", "`False` -> `True`", "`return ...` -> `return None`",
        "call dropped", "`return ...` -> `return None`", "`+` -> `-`", "`1` -> `2`"]
    assert _descs("Table.seats") == [
        "`x = ...` -> `x = None`", "`==` -> `!=`", "`2` -> `3`", "`break` -> `continue`", "call dropped",
        "`return ...` -> `return None`"]


def test_docstrings_annotations_defaults_asserts_and_strings_stay_as_they_are():
    for m in mutants.mutants(SOURCE):
        text = mutants.mutated_source(SOURCE, m)
        assert '"""Capped points."""' in text or "'Capped points.'" in text
        assert "limit: int=500" in text and "assert points >= 0, 'points'" in text
        assert "log('capped')" in text or m.desc == "call dropped"


def test_a_mutant_changes_one_place_of_its_own_function():
    by_key = {m.key: m for m in mutants.mutants(SOURCE)}
    plain = mutants.mutated_source(SOURCE, by_key["Table.seats#2"]).replace("i == 3", "i == 2")
    assert plain == mutants.mutated_source(SOURCE, by_key["Table.seats#3"]).replace("continue", "break")
    boundary = mutants.mutated_source(SOURCE, by_key["pays#1"])
    assert "points >= limit and (not False)" in boundary


def test_a_changed_function_refuses_the_mutants_listed_before():
    old = mutants.mutants(SOURCE)[0]
    with pytest.raises(ValueError, match="has changed"):
        mutants.mutated_tree(SOURCE.replace("return limit", "return limit - 1"), old)
    assert [m.fn_hash for m in mutants.mutants(SOURCE) if m.qualname == "Table.seats"] == \
        [m.fn_hash for m in mutants.mutants(SOURCE.replace("return limit", "return 0"))
         if m.qualname == "Table.seats"]


def _hashes(source: str) -> dict[str, str]:
    return {m.qualname: m.fn_hash for m in mutants.mutants(source)}


def test_typing_a_function_or_rewording_a_comment_keeps_its_verdicts():
    """A verdict rests on what the function does: a type added to its signature or a
    comment changed keeps its hash (and so its verdicts), while a change to its code, or
    to the lines it leaves alone, makes them lapse."""
    base = _hashes(SOURCE)
    typed = SOURCE.replace("def seats(self, n: int) -> list[int]:", "def seats(self, n) -> list:")
    assert typed != SOURCE and _hashes(typed) == base
    untyped = SOURCE.replace("def pays(points: int, limit: int = 500) -> int:", "def pays(points, limit=500):")
    assert _hashes(untyped) == base
    commented = SOURCE.replace("        out = []", "        out = []  # the seats so far")
    assert _hashes(commented) == base
    assert _hashes(SOURCE.replace("if i == 2:", "if i == 3:"))["Table.seats"] != base["Table.seats"]
    assert _hashes(SOURCE.replace("limit: int = 500", "limit: int = 600"))["pays"] != base["pays"]
    marked = SOURCE.replace("            if i == 2:", "            if i == 2:  # pragma: no mutate")
    assert _hashes(marked)["Table.seats"] != base["Table.seats"]
    assert _hashes(marked)["pays"] == base["pays"]


def test_the_mutated_code_is_swapped_into_the_live_function():
    module = types.ModuleType("mutant_probe")
    module.log = lambda text: None
    exec(compile(SOURCE, "<probe>", "exec"), module.__dict__)
    seats = module.Table().seats
    assert mutate._live_function(module, "Table.seats") is module.Table.__dict__["seats"]
    target = next(m for m in mutants.mutants(SOURCE) if m.key == "Table.seats#3")  # break -> continue
    live = mutate._live_function(module, "Table.seats")
    live.__code__ = mutate._find_code(compile(mutants.mutated_tree(SOURCE, target), "<probe>", "exec"),
                                      "Table.seats")
    assert seats(5) == [0, 1, 3, 4]  # the bound method taken before the swap sees it too


SPANS = '''\
def settle(points, seats):
    total = (points
             + 1)
    if (total > 10
            and seats):
        total -= 1
    try:
        pay(total)
    except (ValueError
            if seats > 1 else KeyError):
        return 0
    for s in range(seats
                   + 2):
        pay(s)
    return total
'''


def test_a_mutant_knows_the_lines_of_its_statement_which_a_test_must_run_to_see_it():
    """tools/mutate.py runs only the tests that execute a mutant's statement: a simple
    statement's every line (an expression over several), a compound one's header, an
    ``except`` clause's own lines, never the body under a header."""
    spans = {m.desc + "@" + str(m.line): m.span for m in mutants.mutants(SPANS)}
    assert spans["`+` -> `-`@2"] == (2, 3) and spans["`1` -> `2`@3"] == (2, 3)
    assert spans["`>` -> `>=`@4"] == (4, 5) and spans["`and` -> `or`@4"] == (4, 5)
    assert spans["`-=` -> `+=`@6"] == (6, 6)
    assert spans["call dropped@8"] == (8, 8) and spans["`>` -> `>=`@10"] == (9, 10)
    assert spans["`return ...` -> `return None`@11"] == (11, 11)
    assert spans["`0` -> `1`@11"] == (11, 11)
    assert spans["`+` -> `-`@12"] == (12, 13) and spans["`2` -> `3`@13"] == (12, 13)
    assert spans["call dropped@14"] == (14, 14)
    assert all(m.span[0] <= m.line <= m.span[1] for m in mutants.mutants(SOURCE))


def test_reused_coverage_runs_again_only_the_test_files_changed_since(tmp_path, monkeypatch):
    """``--reuse-stats`` keeps an older coverage run, but a test file changed or added
    since then runs under coverage again, and its tests' entries replace the old ones
    (so a test written after the run is chosen for the mutants it reaches)."""
    same, changed = "tests/test_a.py", "tests/test_b.py"
    hashes = {same: "h-a", changed: "h-b-now"}
    monkeypatch.setattr(mutate, "file_hash", lambda f: hashes[f])
    monkeypatch.setattr(mutate, "_data_hashes", lambda: {})
    old = {"tests": {f"{same}::t1": {"duration": 1.0}, f"{changed}::gone": {"duration": 2.0}},
           "lines": {"m.py": {"3": [f"{changed}::gone", f"{same}::t1"], "4": [f"{changed}::gone"]}},
           "exit": 0, "files": {same: "h-a", changed: "h-b-then"}, "data": {}}
    ran: list[list[str]] = []

    def coverage_run(path, files, targets):
        ran.append(files)
        path.write_text(json.dumps({"tests": {f"{changed}::new": {"duration": 0.5}},
                                    "lines": {"m.py": {"4": [f"{changed}::new"], "5": [f"{changed}::new"]}},
                                    "exit": 1, "files": {changed: "h-b-now"}, "data": {}}))

    monkeypatch.setattr(mutate, "_coverage_run", coverage_run)
    out = mutate._refreshed(old, [same, changed], ["m.py"], tmp_path / "stats-now.json")
    assert ran == [[changed]]
    assert set(out["tests"]) == {f"{same}::t1", f"{changed}::new"}
    assert out["lines"]["m.py"] == {"3": [f"{same}::t1"], "4": [f"{changed}::new"], "5": [f"{changed}::new"]}
    assert out["exit"] == 1 and out["files"] == hashes
    assert json.loads((tmp_path / "stats-now.json").read_text()) == out
    assert not (tmp_path / "stats-now.part.json").exists()
    # nothing changed since: the old run as it is, and no coverage run
    assert mutate._refreshed(out, [same, changed], ["m.py"], tmp_path / "again.json") is out
    assert ran == [[changed]]


def test_reused_coverage_runs_again_the_test_files_that_read_a_changed_data_folder(tmp_path, monkeypatch):
    """A scenario added (tests/scenarios/*.txt) changes no test file, but the file that
    reads the folder must run again under coverage, or the scenario is never chosen."""
    reader, other = tmp_path / "tests/test_reads.py", tmp_path / "tests/test_other.py"
    reader.parent.mkdir()
    reader.write_text('FILES = sorted((Path(__file__).parent / "scenarios").glob("*.txt"))\n')
    other.write_text("def test_x(): pass\n")
    monkeypatch.setattr(mutate, "ROOT", tmp_path)
    data = {"tests/scenarios/old.txt": "h1", "tests/scenarios/new.txt": "h2"}
    monkeypatch.setattr(mutate, "_data_hashes", lambda: data)
    files = ["tests/test_reads.py", "tests/test_other.py"]
    monkeypatch.setattr(mutate, "file_hash", lambda f: "same")
    old = {"tests": {}, "lines": {}, "exit": 0,
           "files": {"tests/test_reads.py": "same", "tests/test_other.py": "same"},
           "data": {"tests/scenarios/old.txt": "h1"}}
    ran: list[list[str]] = []

    def coverage_run(path, files, targets):
        ran.append(files)
        path.write_text(json.dumps({"tests": {}, "lines": {}, "exit": 0, "files": {}, "data": data}))

    monkeypatch.setattr(mutate, "_coverage_run", coverage_run)
    mutate._refreshed(old, files, ["m.py"], tmp_path / "now.json")
    assert ran == [["tests/test_reads.py"]]


def test_a_run_writes_only_its_own_modules_verdicts(tmp_path, monkeypatch):
    """Two runs at once (of other modules), or a record merged while a run goes on:
    each save reads the file again and replaces only the module the run decided."""
    record_file = tmp_path / "mutation-record.json"
    monkeypatch.setattr(mutate, "RECORD", record_file)
    monkeypatch.setattr(mutate, "BUILD", tmp_path / "build")
    record_file.write_text(json.dumps({"modules": {"a.py": {"k#0": ["h", "killed", None, "t"]}}}))
    mine = {"modules": {"a.py": {}, "b.py": {"k#1": ["h", "survived", None, "t"]}}, "equivalent": {}}
    mutate.save_record(mine, "b.py")
    saved = json.loads(record_file.read_text())["modules"]
    assert saved == {"a.py": {"k#0": ["h", "killed", None, "t"]}, "b.py": {"k#1": ["h", "survived", None, "t"]}}


def test_the_coverage_run_writes_which_tests_reach_which_lines_and_the_hashes_it_started_from(tmp_path):
    """The coverage child end to end, in a process of its own as a run starts it: the
    test file's tests with their lines, the test file's hash and the data folders'."""
    import subprocess

    out = tmp_path / "stats.json"
    root = Path(__file__).resolve().parent.parent
    subprocess.run([sys.executable, str(root / "tools" / "mutate.py"), "--stats-to", str(out),
                    "mjdsl/engine/chance.py", "--", "tests/test_chance.py"], cwd=root, check=True,
                   capture_output=True, timeout=300)
    stats = json.loads(out.read_text())
    assert stats["exit"] == 0
    assert stats["files"] == {"tests/test_chance.py": mutate.file_hash("tests/test_chance.py")}
    assert stats["data"] == mutate._data_hashes()
    tests = {t.split("::")[-1] for t in stats["tests"]}
    reached = {t.split("::")[-1] for ts in stats["lines"]["mjdsl/engine/chance.py"].values() for t in ts}
    assert reached and reached <= tests


def test_a_module_is_named_as_the_table_names_it_or_by_its_path_and_a_wrong_name_is_a_message(capsys):
    # `--show scoring/compile.py` (as docs/testing.md writes it) once gave a traceback
    assert mutate._module_path("scoring/compile.py") == "mjdsl/scoring/compile.py"
    assert mutate._module_path("mjdsl/scoring/compile.py") == "mjdsl/scoring/compile.py"
    assert mutate.main(["--show", "scoring/nothing.py"]) == 2
    assert "no module scoring/nothing.py" in capsys.readouterr().err
    assert mutate.main(["--show", "cards/match.py", "nothing#0"]) == 2
    assert "mjdsl/cards/match.py has no mutant nothing#0" in capsys.readouterr().err
    with pytest.raises(SystemExit, match="has no mutant nothing#0"):
        mutate.main(["--equivalent", "cards/match.py", "nothing#0", "why"])
