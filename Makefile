# Rebelote: the two set-up commands are `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install run test lint format bench messages clean

# A failed venv step must not leave a half-made .venv that later runs trust.
$(BIN)/python:
	$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); exit 1; }
	$(BIN)/python -m pip install --quiet --upgrade pip || { rm -rf $(VENV); exit 1; }

$(STAMP): $(BIN)/python requirements.txt requirements-dev.txt
	$(BIN)/python -m pip install --quiet -r requirements-dev.txt
	touch $(STAMP)

install: $(STAMP)

run: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py runserver 127.0.0.1:8000

# The suite runs on SQLite, then again on PostgreSQL when one answers at
# PG_URL (CI starts it); without PostgreSQL it says so and SQLite alone counts.
PG_URL ?= postgres://postgres@127.0.0.1:5432/rebelote

test: install
	$(BIN)/python manage.py makemigrations --check --dry-run >/dev/null
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	@echo "== tests on SQLite"
	env -u DATABASE_URL $(BIN)/python -m pytest
	@if $(BIN)/python scripts/pg_available.py "$(PG_URL)"; then \
		echo "== tests on PostgreSQL ($(PG_URL))"; \
		DATABASE_URL="$(PG_URL)" $(BIN)/python -m pytest; \
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

# French is the source language; English is the catalog to translate. The
# French catalog only carries French plurals (0 partie, 2 parties), filled in
# by scripts/french_plurals.py. Both are committed, .mo files too.
messages: install
	$(BIN)/python manage.py makemessages -l en -l fr --no-obsolete --add-location=file --ignore=$(VENV) --ignore=tests --ignore=bench --ignore=staticfiles --ignore=docs
	$(BIN)/python scripts/french_plurals.py scoresheets/locale/fr/LC_MESSAGES/django.po
	$(BIN)/python manage.py compilemessages --ignore=$(VENV)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis staticfiles
