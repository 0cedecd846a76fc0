# fivehundred: the Five Hundred (500) course.
#
#   make course   set up .venv and serve the course with Voila on 127.0.0.1
#   make test     set up .venv (and Chromium if missing), then run every check CI runs
#   make fast     unit tests only (no notebooks, no browser): the inner loop
#   make bench    run every bench/*.py that has a main() (or BENCH="bench/x.py ...")
#   make mypy     type-check fivehundred and widgets
#   make nav      regenerate the lesson navigation and the contents list
#   make classroom serve the course to a class with JupyterHub on 127.0.0.1 (docs/classroom.md)
#   make i18n     refresh the lessons' translation catalogues in locale/ (tools/i18n.py)

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PORT ?= 8866
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: help course test fast bench soak mypy nav i18n venv chromium cc nbstripout-verify classroom classroom-proxy

help:
	@sed -n '3,11p' Makefile | sed 's/^# *//'

# The venv: created if missing; the project is (re)installed editable only when
# pyproject.toml is newer than the stamp.
$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The install also compiles the search core (fivehundred/analysis/_search.py) and the play core
# (fivehundred/_playcore.py) with mypyc via setup.py, so it reruns when either file changes; if
# compiling fails the pure-Python cores run.
$(STAMP): pyproject.toml setup.py fivehundred/analysis/_search.py fivehundred/_playcore.py | $(BIN)/python cc
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e ".[dev]"
	touch $(STAMP)

# A C compiler for the compiled search core: Debian's gcc with apt if there is no cc (as for Chromium).
cc:
	@if command -v cc >/dev/null 2>&1 || command -v gcc >/dev/null 2>&1; then :; else \
	  SUDO=; if [ "$$(id -u)" != 0 ]; then SUDO=sudo; fi; \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq; \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends gcc libc6-dev python3-dev || \
	  echo "cc: no C compiler; the search core will run uncompiled"; \
	fi

venv: $(STAMP)

# The translated lessons (lessons/<lang>/, tools/i18n.py) are built from the catalogues before Voila starts.
course: venv
	$(BIN)/python tools/i18n.py build --all >/dev/null
	PATH="$(abspath $(BIN)):$$PATH" $(BIN)/python tools/serve.py $(PORT)

# Install Debian's Chromium if neither chromium nor chromium-headless-shell is on
# PATH (never `playwright install`: its CDN is unreachable here). The install
# time is recorded in artifacts/chromium-install-seconds.txt and printed.
chromium:
	@if command -v chromium >/dev/null 2>&1 || command -v chromium-headless-shell >/dev/null 2>&1; then \
	  echo "chromium: found $$(command -v chromium || command -v chromium-headless-shell)"; \
	else \
	  SUDO=; if [ "$$(id -u)" != 0 ]; then SUDO=sudo; fi; \
	  start=$$(date +%s%N); \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq; \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core; \
	  ms=$$(( ($$(date +%s%N) - start) / 1000000 )); secs=$$(printf '%d.%03d' $$((ms / 1000)) $$((ms % 1000))); \
	  mkdir -p artifacts; echo "$$secs" > artifacts/chromium-install-seconds.txt; \
	  echo "chromium: installed with apt-get in $$secs s"; \
	fi

# The classroom (docs/classroom.md): configurable-http-proxy from npm, installed in
# classroom/node_modules from classroom/package-lock.json; node and npm come from apt
# if missing.  jupyterhub and the idle culler come with the venv (the "classroom" extra).
CHP := classroom/node_modules/.bin/configurable-http-proxy
CLASSROOM_PORT ?= 8000

$(CHP): classroom/package.json classroom/package-lock.json
	@if ! command -v npm >/dev/null 2>&1; then \
	  SUDO=; if [ "$$(id -u)" != 0 ]; then SUDO=sudo; fi; \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -qq; \
	  $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nodejs npm; \
	fi
	npm ci --prefix classroom --no-audit --no-fund --loglevel=error
	touch $(CHP)

classroom-proxy: $(CHP)

# Learners log in with the class list (python tools/teacher.py add-learners NAME...);
# DEMO=1: one shared password for any name instead (it says so when it starts).
DEMO ?=
classroom: venv classroom-proxy
	$(BIN)/python tools/i18n.py build --all >/dev/null
	$(BIN)/python -m classroom.hub --port $(CLASSROOM_PORT) $(if $(filter 1,$(DEMO)),--demo)

nbstripout-verify: venv
	$(BIN)/nbstripout --verify lessons/*.ipynb lessons/extras/*.ipynb

mypy: venv
	$(BIN)/mypy fivehundred widgets

nav: venv
	$(BIN)/python tools/nav.py

# The lessons' catalogues: templates from the English notebooks, each language's .po updated
# (a changed English block marks its translation fuzzy), the pseudo-language rebuilt.
i18n: venv
	$(BIN)/python tools/i18n.py extract >/dev/null
	$(BIN)/python tools/i18n.py update
	$(BIN)/python tools/i18n.py pseudo
	$(BIN)/python tools/i18n.py status

# Everything CI checks: stripped notebooks, types, unit tests, doctests, the
# lessons run top to bottom (nbval), and the browser tests (Voila + Chromium); ruff lints the Python
# (the rule set in pyproject.toml).
# pytest runs on PYTEST_WORKERS processes (pytest-xdist; a whole file per process, so a notebook's
# cells and a browser test file's steps stay together, and each process has its own Voila server);
# nbstripout --verify, mypy and ruff run beside it and their output is printed after pytest's.
PYTEST_WORKERS ?= 2
test: venv chromium classroom-proxy
	@start=$$(date +%s); rc=0; checks_rc=0; mkdir -p artifacts; rm -f artifacts/incidents.txt; \
	( c=0; $(BIN)/nbstripout --verify lessons/*.ipynb lessons/extras/*.ipynb && echo "nbstripout --verify: ok" || c=1; \
	  $(BIN)/mypy fivehundred widgets || c=1; $(BIN)/ruff check . && echo "ruff: ok" || c=1; exit $$c ) > artifacts/static-checks.log 2>&1 & checks=$$!; \
	$(BIN)/python -m pytest tests lessons --doctest-modules fivehundred widgets \
	  --nbval-lax --nbval-current-env -q -rfEsR \
	  -n $(PYTEST_WORKERS) --dist loadfile --no-loadscope-reorder || rc=$$?; \
	echo "pytest took $$(( $$(date +%s) - start )) s (exit code $$rc)"; \
	wait $$checks || checks_rc=$$?; \
	echo "== nbstripout --verify, mypy and ruff (exit code $$checks_rc)"; cat artifacts/static-checks.log; \
	if [ -f artifacts/chromium-install-seconds.txt ]; then \
	  echo "chromium install took $$(cat artifacts/chromium-install-seconds.txt) s"; fi; \
	if [ -f artifacts/incidents.txt ]; then echo "incidents a test recovered from:"; cat artifacts/incidents.txt; fi; \
	if [ $$rc = 0 ]; then rc=$$checks_rc; fi; \
	exit $$rc

fast: venv
	$(BIN)/python -m pytest tests -m "not e2e" -q

# Every bench/*.py that defines main() except the soak run (make soak), the classroom load
# test (30 learners on a hub: make classroom-proxy, then make bench BENCH=bench/classroom.py) and the
# widget soak (pages under load for about 20 min: make bench BENCH=bench/widget_soak.py BENCH_ARGS="--busy 3");
# pick some with `make bench BENCH="bench/a.py bench/b.py"`, pass options with BENCH_ARGS=--quick.
BENCH ?= $(filter-out bench/soak.py bench/classroom.py bench/widget_soak.py,$(wildcard bench/*.py))
BENCH_ARGS ?=
bench: venv
	@found=0; for f in $(BENCH); do \
	  if grep -qE '^def main\(' "$$f"; then \
	    found=1; echo "== $$f"; $(BIN)/python "$$f" $(BENCH_ARGS); \
	  fi; \
	done; \
	if [ $$found = 0 ]; then echo "no bench/*.py with a main()" >&2; exit 1; fi

# The soak run: a million random hands over every preset and player count, checking invariants (not CI).
soak: venv
	$(BIN)/python bench/soak.py --hands 1000000 --workers 2
