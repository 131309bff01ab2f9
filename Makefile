# One place for the project's commands: `make run` (install and start the app), `make test` (install and test all).
VENV ?= .venv
PY := $(VENV)/bin/python

.PHONY: run test lint bench

$(VENV)/.installed: requirements.txt requirements-dev.txt
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@

lint: $(VENV)/.installed
	$(PY) -m ruff check .

test: lint
	$(PY) -m pytest

bench: $(VENV)/.installed
	$(PY) benchmarks/engine_speed.py
