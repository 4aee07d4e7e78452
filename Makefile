# Rebelote: the two set-up commands are `make run` and `make test`.
PYTHON ?= python3
# Python writes its bytecode (__pycache__, ignored by git) even where the
# machine's environment says not to: without it every test process compiled
# and rewrote every module again (pytest's collection 7.3 s, 3.1 s with it).
unexport PYTHONDONTWRITEBYTECODE
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install run hall test test-fast lint format bench messages clean

# A failed venv step must not leave a half-made .venv that later runs trust.
$(BIN)/python:
	$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); exit 1; }
	$(BIN)/python -m pip install --quiet --upgrade pip || { rm -rf $(VENV); exit 1; }

$(STAMP): $(BIN)/python requirements.txt requirements-dev.txt
	$(BIN)/python -m pip install --quiet -r requirements-dev.txt
	touch $(STAMP)

install: $(STAMP)

# `PORT=8001 make run` serves on another port (a second app beside one on 8000).
PORT ?= 8000

run: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

# A concours in a hall without internet (README, "No internet in the hall"):
# the production server (belote_site/serve.py) on every address of this laptop, port
# HALL_PORT (8000), SQLite in db.sqlite3; it prints the phones' address.
hall: install
	$(BIN)/python scripts/hall.py

# The tests are in three tiers (tests/conftest.py): engine (pure, no
# database), web (test client, services) and browser (Chromium, live servers).
# `make test-fast` is the edit loop: engine + web on SQLite. `make test` is the
# whole suite, CI's: the engine once (it never touches a database), web and
# browser on SQLite (the embedded default), then, when PostgreSQL answers at
# PG_URL (CI starts it), web again and the browser tests whose outcome depends
# on the database (marker every_database: simultaneous writes, one-time keys)
# plus the two app servers on PostgreSQL and Redis (marker cluster). Without
# PostgreSQL it says so and SQLite alone counts.
# Tests run in parallel (pytest-xdist): JOBS processes, BROWSER_JOBS for the
# browser tier, whose tests mostly wait on pages.
PG_URL ?= postgres://postgres@127.0.0.1:5432/rebelote
JOBS ?= auto
BROWSER_JOBS ?= 4
PYTEST := $(BIN)/python -m pytest
# The browser tier of two checkouts on one machine takes turns (flock, where
# util-linux has it): each runs BROWSER_JOBS Chromiums, and eight on two
# cores stretched pages past the tests' 20 s waits (seen: two `make test` at
# once, load average 27, five waits failed). The engine and web tiers, and
# the databases (one per checkout), still run at the same time.
BROWSER_LOCK ?= $(if $(shell command -v flock),flock $${TMPDIR:-/tmp}/rebelote-browser-tier.lock,)

test-fast: install
	env -u DATABASE_URL REBELOTE_TEST_FAST=1 $(PYTEST) -n $(JOBS) tests/engine tests/web

test: install
	$(BIN)/python manage.py makemigrations --check --dry-run >/dev/null
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	@echo "== engine tier (no database)"
	env -u DATABASE_URL $(PYTEST) -n $(JOBS) tests/engine
	@echo "== web and browser tiers on SQLite"
	env -u DATABASE_URL $(PYTEST) -n $(JOBS) tests/web
	env -u DATABASE_URL $(BROWSER_LOCK) $(PYTEST) -n $(BROWSER_JOBS) -m "not cluster" tests/browser
	@if $(BIN)/python scripts/pg_available.py "$(PG_URL)"; then \
		echo "== web tier, the browser tests that depend on the database, two app servers: PostgreSQL ($(PG_URL))"; \
		DATABASE_URL="$(PG_URL)" $(PYTEST) -n $(JOBS) tests/web && \
		DATABASE_URL="$(PG_URL)" $(BROWSER_LOCK) $(PYTEST) -n $(BROWSER_JOBS) -m "every_database or cluster" tests/browser; \
	else \
		echo "== PostgreSQL not reachable at $(PG_URL): tests ran on SQLite only"; \
	fi

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: install
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: install
	$(BIN)/python bench/bench_scoring.py

# French is the source language; English, Dutch, German and Arabic are the catalogs
# to translate. The French catalog only carries French plurals (0 partie,
# 2 parties), filled in by scripts/french_plurals.py. All are committed, .mo
# files too.
messages: install
	$(BIN)/python manage.py makemessages -l en -l fr -l nl -l de -l ar --no-obsolete --add-location=file --ignore=$(VENV) --ignore=tests --ignore=bench --ignore=staticfiles --ignore=docs
	$(BIN)/python scripts/french_plurals.py scoresheets/locale/fr/LC_MESSAGES/django.po
	$(BIN)/python manage.py compilemessages --ignore=$(VENV)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis staticfiles
