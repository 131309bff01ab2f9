# One place for the project's commands: `make run` (install and start the app), `make test` (install and test all).
VENV ?= .venv
PY := $(VENV)/bin/python

.PHONY: run test lint system bench

$(VENV)/.installed: requirements.txt requirements-dev.txt
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@

run: $(VENV)/.installed
	$(PY) -m streamlit run tutorial_app.py

# Debian packages the tests need, installed only where missing: Chromium for the browser tests, PostgreSQL
# for the storage tests, hunspell and its dictionaries for the spelling test (apt-get needs root, as on CI and the
# project's machines).
system:
	@missing=""; \
	command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql"; \
	command -v hunspell >/dev/null 2>&1 || missing="$$missing hunspell"; \
	for dict in es_ES:hunspell-es en_US:hunspell-en-us el_GR:hunspell-el eo:myspell-eo; do \
		[ -e /usr/share/hunspell/$${dict%%:*}.dic ] || missing="$$missing $${dict#*:}"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q $$missing; \
	fi

lint: $(VENV)/.installed
	$(PY) -m ruff check .
	$(PY) -m mypy

test: lint system
	$(PY) -m pytest

bench: $(VENV)/.installed
	$(PY) benchmarks/engine_speed.py
	$(PY) benchmarks/render_speed.py
	$(PY) benchmarks/practice_speed.py
	$(PY) benchmarks/progress_speed.py
	$(PY) benchmarks/class_load.py
