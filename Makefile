# One command each on a fresh checkout: `make demo` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test lint typecheck unit bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/stepgraph run offers examples/offers.json

lint: $(STAMP)
	$(BIN)/ruff check src tests bench evals
	$(BIN)/ruff format --check src tests bench evals

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest

test: lint typecheck unit

bench: $(STAMP)
	$(BIN)/python bench/offer_runs.py

clean:
	rm -rf $(VENV) .stepgraph .mypy_cache .pytest_cache .ruff_cache
