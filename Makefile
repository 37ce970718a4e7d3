# Everything a fresh machine needs: `make run` and `make test` create .venv themselves.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TESTSTAMP := $(VENV)/.installed-test

.PHONY: run test typecheck bench mutate clean compiled pure

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e .
	touch $@

$(TESTSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[test]'
	touch $@ $(STAMP)

run: $(STAMP)
	$(BIN)/mjdsl check rulesets
	$(BIN)/mjdsl run-demo

# each test file whole in one worker (its module fixtures made once), a worker per core
test: $(TESTSTAMP)
	$(BIN)/python -m pytest -n auto --dist loadfile

# the engine, the scorer and the card library ([tool.mypy] in pyproject.toml); CI runs it
typecheck: $(TESTSTAMP)
	$(BIN)/mypy

bench: $(TESTSTAMP)
	$(BIN)/python bench/run.py

# The hot path compiled by mypyc (setup.py, mjdsl/native.py): opt-in, 1.3-1.6x whole hands
# (docs/performance.md). A failed build installs pure Python; `mjdsl --version` says which
# engine runs. Rerun after editing a compiled module (until then its .py runs). `make pure`
# removes the compiled modules.
compiled: $(TESTSTAMP)
	MJDSL_COMPILE=1 nice -n 10 $(BIN)/pip install -q -e .
	$(BIN)/mjdsl --version

pure:
	find mjdsl -name '*.so' -delete
	rm -f mjdsl/_mypyc_sources.json

# Mutation testing (not part of CI): every module of engine/, scoring/, cards/ and
# check/, or MODULES="mjdsl/cards/distance.py ..."; verdicts kept in
# tools/mutation-record.json (a re-run runs only what changed), the table in
# docs/testing.md. CPU-heavy: it runs under nice, one mutant at a time.
mutate: $(TESTSTAMP)
	$(BIN)/pip install -q 'coverage>=7.4'
	nice -n 15 $(BIN)/python tools/mutate.py $(MODULES)
	$(BIN)/python tools/mutate.py --table

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
