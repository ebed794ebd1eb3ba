# Two commands on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test test-slow test-all mutants lint schema bench readme plugins dist clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/python demo/walkthrough.py

# the fast suite; the tests marked `slow` (100,000-event logs, concurrency and crash stress, real
# histories, anything over a few seconds) run in `make test-slow`; `make test-all` runs both.
# Each runs on every core (pytest-xdist): a test file stays on one worker, so a module's shared
# scenario is built once. `make test WORKERS=1` runs in one process.
WORKERS ?= auto
PARALLEL := -n $(WORKERS) --dist loadscope

test: $(STAMP)
	$(BIN)/python -m pytest $(PARALLEL) -m "not slow"

test-slow: $(STAMP)
	$(BIN)/python -m pytest $(PARALLEL) -m slow

test-all: $(STAMP)
	$(BIN)/python -m pytest $(PARALLEL)

# how much the tests catch: mutmut changes MUTATE one mutant at a time (in place: an interrupted
# run is undone with `git checkout src`) and runs MUTANT_TESTS on each; a survivor is a change no
# test noticed. mutmut is installed here, not a dev dependency: few runs need it.
MUTATE ?= src/kenning/core/views/heat.py
MUTANT_TESTS ?= tests/core/test_heat.py tests/page/test_page_data.py

mutants: $(STAMP)
	$(BIN)/python -m pip install -q 'mutmut==2.5.1'
	rm -f .mutmut-cache
	-$(BIN)/mutmut run --paths-to-mutate $(MUTATE) --tests-dir tests \
		--runner "$(BIN)/python -m pytest -x -q -p no:cacheprovider -o addopts= $(MUTANT_TESTS)"
	$(BIN)/mutmut results

lint: $(STAMP)
	$(BIN)/ruff check src tests bench demo scripts
	$(BIN)/mypy

# the committed JSON Schema files (docs/ and src/kenning/schema/), generated again from the
# fields core/events.py declares; a test fails while either differs
schema: $(STAMP)
	$(BIN)/python -m pytest tests/core/test_schema.py -k committed_schema --update-golden -q

bench: $(STAMP)
	$(BIN)/python bench/run.py

# the README's command table, generated from the commands' declarations (src/kenning/cli/spec);
# tests/test_docs.py fails until this is run after a declaration changes
readme: $(STAMP)
	$(BIN)/python -m kenning.cli.spec.readme < README.md > README.md.new
	mv README.md.new README.md

# the agents' packages (plugins/, the marketplace files, server.json), generated from the one
# declaration of the hook commands (kenning.app.setup.agents); tests/release fails while they differ
plugins: $(STAMP)
	$(BIN)/python scripts/plugins.py

# the release archives: an sdist and a wheel in dist/, their metadata checked as PyPI will
dist: $(STAMP)
	rm -rf dist
	$(BIN)/python -m build --outdir dist .
	$(BIN)/python -m twine check --strict dist/*

clean:
	rm -rf $(VENV) build dist src/*.egg-info .mutmut-cache
