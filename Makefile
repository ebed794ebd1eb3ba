# Two commands on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test test-slow test-all lint bench clean

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

lint: $(STAMP)
	$(BIN)/ruff check src tests bench demo
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) build dist src/*.egg-info
