# Two commands on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test test-slow test-all lint schema bench readme clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/python demo/walkthrough.py

# the fast suite; the tests marked `slow` (100,000-event logs, concurrency and crash stress, real
# histories, anything over a few seconds) run in `make test-slow`; `make test-all` runs both
test: $(STAMP)
	$(BIN)/python -m pytest -m "not slow"

test-slow: $(STAMP)
	$(BIN)/python -m pytest -m slow

test-all: $(STAMP)
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check src tests bench demo scripts
	$(BIN)/mypy

# the committed JSON Schema files (docs/ and src/kenning/schema/), generated again from the
# fields core/events.py declares; a test fails while either differs
schema: $(STAMP)
	$(BIN)/python -m pytest tests/core/test_schema.py -k committed_schema --update-golden -q

bench: $(STAMP)
	$(BIN)/python bench/run.py

# the README's command table, generated from the commands' declarations (src/kenning/spec);
# tests/test_docs.py fails until this is run after a declaration changes
readme: $(STAMP)
	$(BIN)/python -m kenning.spec.readme < README.md > README.md.new
	mv README.md.new README.md

clean:
	rm -rf $(VENV) build dist src/*.egg-info
