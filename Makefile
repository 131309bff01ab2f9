# One place for the project's commands: `make run` (install and start the app), `make test` (install and test all).
VENV ?= .venv
PY := $(VENV)/bin/python

.PHONY: run test lint system bench dictionaries

$(VENV)/.installed: requirements.txt requirements-dev.txt
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@

run: $(VENV)/.installed
	$(PY) -m streamlit run tutorial_app.py

# Debian packages the tests need, installed only where missing: Chromium for the browser tests, PostgreSQL
# for the storage tests, hunspell and the dictionaries lessons/languages.toml names for the spelling test (apt-get
# needs root, as on CI and the project's machines).
system:
	@missing=""; \
	command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql"; \
	command -v hunspell >/dev/null 2>&1 || missing="$$missing hunspell"; \
	[ -x /usr/sbin/nginx ] || command -v nginx >/dev/null 2>&1 || missing="$$missing nginx"; \
	for dict in $$($(MAKE) -s --no-print-directory dictionaries); do \
		[ -e /usr/share/hunspell/$${dict%%:*}.dic ] || missing="$$missing $${dict#*:}"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q $$missing; \
	fi

# Each language's hunspell dictionary and its Debian package, as lessons/languages.toml names them ("es_ES:hunspell-es";
# python3 is there before the venv).
dictionaries:
	@python3 -c 'import tomllib; print(*(l["dictionary"] + ":" + l["package"] for l in tomllib.load(open("lessons/languages.toml", "rb"))["languages"] if "dictionary" in l))'

# ruff, mypy (strict where pyproject.toml says) and the layering test (every import goes down the layers).
lint: $(VENV)/.installed
	$(PY) -m ruff check .
	$(PY) -m mypy
	$(PY) -m pytest -q tests/test_layering.py

test: lint system
	$(PY) -m pytest

bench: $(VENV)/.installed
	$(PY) benchmarks/engine_speed.py
	$(PY) benchmarks/render_speed.py
	$(PY) benchmarks/practice_speed.py
	$(PY) benchmarks/progress_speed.py
	$(PY) benchmarks/class_load.py
