# The course's commands. Each one works on a fresh clone with Python 3.11 and pip:
# the first one that needs the environment creates .venv/ and installs the pinned packages.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# nbgrader runs alembic by name, so the environment's bin/ goes first on PATH.
RUN := PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/python

.PHONY: install demo test test-all lab hub build book book-serve lint clean

install: $(STAMP)

# PYTHONWARNINGS=ignore: the build backend's notices (editable mode) are not for the reader;
# pip's own errors still show.
$(STAMP): pyproject.toml requirements-lock.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	PYTHONWARNINGS=ignore $(BIN)/python -m pip install --quiet -c requirements-lock.txt -e '.[dev,book,browser,cluster,hub]'
	touch $(STAMP)

## make demo: autograde the bundled example class into build/demo/
demo: install
	rm -rf build/demo
	$(RUN) -m grader autograde grader/examples/submissions --out build/demo --cell-timeout 5

## make test: the whole test suite (installs first when needed)
## make test: every test but the exhaustive ones, each of which a cheaper test covers (about 17 min on 2 cores)
test: install
	$(RUN) -m pytest -n 2 --dist loadgroup --durations=30 -m "not exhaustive"

## make test-all: everything, also the exhaustive measurements (about half an hour on 2 cores)
test-all: install
	$(RUN) -m pytest -n 2 --dist loadgroup --durations=30

## make lab: the built chapters released to a local exchange (build/lab/), and JupyterLab in student
## mode (Assignment List, Validate; no instructor tools) in your own work folder, ~/autograd-course
## (STUDENT_DIR=... for another): fetch a chapter there, work, validate, submit (deploy/local/lab.py)
STUDENT_DIR ?=
lab: install
	$(if $(STUDENT_DIR),COURSE_STUDENT_DIR="$(STUDENT_DIR)") $(RUN) deploy/local/lab.py

## make hub: the hosted course on this machine: JupyterHub on http://127.0.0.1:$(HUB_PORT)/ with a test
## student and instructor (as root: two system users), nbgrader's exchange, the grading service that
## grades each submission as it arrives (run by JupyterHub as the instructor), state in build/hub/
## (deploy/jupyterhub/README.md; remove the users with: sudo .venv/bin/python deploy/jupyterhub/hub.py
## remove-users); prints the URL and the accounts
HUB_PORT ?= 8765
hub: install
	COURSE_HUB_PORT=$(HUB_PORT) $(RUN) deploy/jupyterhub/hub.py setup
	COURSE_HUB_PORT=$(HUB_PORT) $(RUN) deploy/jupyterhub/hub.py start

## make book: the course website from solutions/ into build/book/_build/html (offline; quiet unless it fails)
book: install
	$(RUN) book/build.py

## make book-serve: the website on http://127.0.0.1:$(BOOK_PORT)/ (its search needs a server, not file://)
BOOK_PORT ?= 8000
book-serve: book
	$(RUN) -m http.server $(BOOK_PORT) --bind 127.0.0.1 --directory build/book/_build/html

## make build: regenerate assignments/ and solutions/ from course/
build: install
	$(RUN) -m grader build

lint: install
	$(BIN)/ruff check autograd_lib grader tests benchmarks deploy

clean:
	rm -rf build .pytest_cache
