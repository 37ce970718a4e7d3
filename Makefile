# Everything a fresh machine needs: `make run` and `make test` create .venv themselves.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TESTSTAMP := $(VENV)/.installed-test
# the modules pip compiles with mypyc (mjdsl/native.py MODULES): an edit to one reinstalls,
# so that the compiled build, not a silent pure-Python fallback, is what runs and is tested
NATIVE := $(shell sed -n 's/^    "\(mjdsl\.[a-z_.]*\)",$$/\1/p' mjdsl/native.py | tr . / | sed 's/$$/.py/')
# and the modules written in C (mjdsl/native.py C_MODULES)
NATIVE += $(wildcard mjdsl/*/*.c)

.PHONY: run test typecheck bench mutate clean compiled pure

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(STAMP): pyproject.toml setup.py mjdsl/native.py $(NATIVE) | $(BIN)/python
	$(BIN)/pip install -q -e .
	$(BIN)/mjdsl --version
	touch $@

$(TESTSTAMP): pyproject.toml setup.py mjdsl/native.py $(NATIVE) | $(BIN)/python
	$(BIN)/pip install -q -e '.[test]'
	$(BIN)/mjdsl --version
	touch $@ $(STAMP)

run: $(STAMP)
	$(BIN)/mjdsl check rulesets
	$(BIN)/mjdsl run-demo

# each test file whole in one worker (its module fixtures made once), a worker per core.
# The suite runs on the installed build (compiled, unless the compiler failed); then the
# tests marked pure_python (they read the pure-Python engine's insides) run again on the
# pure-Python engine, which they skip under the compiled one.
test: $(TESTSTAMP)
	$(BIN)/python -m pytest -n auto --dist loadfile
	if $(BIN)/mjdsl --version | grep -q 'engine: compiled'; then \
	    MJDSL_PURE=1 $(BIN)/python -m pytest -n auto --dist loadfile -q -m pure_python; fi

# the engine, the scorer and the card library ([tool.mypy] in pyproject.toml); CI runs it
typecheck: $(TESTSTAMP)
	$(BIN)/mypy

bench: $(TESTSTAMP)
	$(BIN)/python bench/run.py

# The hot path is compiled by mypyc when installed (setup.py, mjdsl/native.py): 1.3-1.6x
# whole hands (docs/performance.md). A failed build installs pure Python; `mjdsl --version`
# says which engine runs. `make compiled` builds again now; `make pure` removes the
# compiled modules (until the next install: MJDSL_COMPILE=0 installs pure Python).
compiled: $(TESTSTAMP)
	nice -n 10 $(BIN)/pip install -q -e .
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
