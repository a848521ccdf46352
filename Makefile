# The course's commands. Each one works on a fresh clone with Python 3.11 and pip:
# the first one that needs the environment creates .venv/ and installs the pinned packages.

# `make <target> USE_CONDA=1` uses the activated conda environment (environment.yml) instead.

PYTHON ?= python3
ifdef USE_CONDA
ifeq ($(strip $(CONDA_PREFIX)),)
$(error USE_CONDA=1 needs an activated conda environment: conda env create -f environment.yml && conda activate autograd-course)
endif
VENV := $(CONDA_PREFIX)
BIN := $(VENV)/bin
STAMP := $(VENV)/.autograd-course-installed
RUN := PATH="$(BIN):$$PATH" $(BIN)/python
else
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# nbgrader runs alembic by name, so the environment's bin/ goes first on PATH.
RUN := PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/python
endif

.PHONY: install demo test test-all lab hub build book book-student book-serve lint clean

install: $(STAMP)

# The course's JupyterLab extension (deploy/lab-extension), prebuilt and committed: copied where
# JupyterLab finds it, <environment>/share/jupyter/labextensions/, so no Node is needed. A copy (not
# pip's data-files, which setuptools leaves out of an editable install; not a link, which the hub's
# users may not be able to follow); a rebuilt extension makes the next `make install` copy it again.
LABEXT_SRC := deploy/lab-extension/labextension
LABEXT_DEST := $(VENV)/share/jupyter/labextensions/@autograd-course/assignment-list
LABEXT_FILES := $(LABEXT_SRC)/package.json $(wildcard $(LABEXT_SRC)/static/*)

# PYTHONWARNINGS=ignore: the build backend's notices (editable mode) are not for the reader;
# pip's own errors still show.
ifdef USE_CONDA
# conda installed the packages (environment.yml); only the project itself, editable, is added.
$(STAMP): pyproject.toml environment.yml $(LABEXT_FILES)
	PYTHONWARNINGS=ignore $(BIN)/python -m pip install --quiet --no-deps -e .
	rm -rf $(LABEXT_DEST) && mkdir -p $(dir $(LABEXT_DEST)) && cp -R $(LABEXT_SRC) $(LABEXT_DEST)
	touch $(STAMP)
else
$(STAMP): pyproject.toml requirements-lock.txt $(LABEXT_FILES)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	PYTHONWARNINGS=ignore $(BIN)/python -m pip install --quiet -c requirements-lock.txt -e '.[dev,book,browser,cluster,hub]'
	rm -rf $(LABEXT_DEST) && mkdir -p $(dir $(LABEXT_DEST)) && cp -R $(LABEXT_SRC) $(LABEXT_DEST)
	touch $(STAMP)
endif

## make demo: autograde the bundled example class into build/demo/
demo: install
	rm -rf build/demo
	$(RUN) -m grader autograde grader/examples/submissions --out build/demo --cell-timeout 5

## make test: every test but the exhaustive ones, each of which a cheaper test covers (about 17 min on an idle 2-core machine)
test: install
	$(RUN) -m pytest -n 2 --dist loadgroup --durations=30 -m "not exhaustive"

## make test-all: everything, also the exhaustive measurements (well over half an hour on 2 cores)
test-all: install
	$(RUN) -m pytest -n 2 --dist loadgroup --durations=30

## make lab: the built chapters released to a local exchange (build/lab/), and JupyterLab in student
## mode (Assignment List, Validate; no instructor tools) in your own work folder, ~/autograd-course
## (STUDENT_DIR=... for another): fetch a chapter there, work, validate, submit (deploy/local/lab.py).
## EDITION=zh releases the Chinese edition (assignments-zh/), EDITION=all both.
STUDENT_DIR ?=
EDITION ?= en
lab: install
	$(if $(STUDENT_DIR),COURSE_STUDENT_DIR="$(STUDENT_DIR)") $(RUN) deploy/local/lab.py --edition $(EDITION)

## make hub: the hosted course on this machine: JupyterHub on http://127.0.0.1:$(HUB_PORT)/ with a test
## student and instructor (as root: two system users), nbgrader's exchange, the grading service that
## grades each submission as it arrives (run by JupyterHub as the instructor), state in build/hub/
## (deploy/jupyterhub/README.md; remove the users with: sudo .venv/bin/python deploy/jupyterhub/hub.py
## remove-users); prints the URL and the accounts
HUB_PORT ?= 8765
hub: install
	COURSE_HUB_PORT=$(HUB_PORT) $(RUN) deploy/jupyterhub/hub.py setup
	COURSE_HUB_PORT=$(HUB_PORT) $(RUN) deploy/jupyterhub/hub.py start

## make book: the self-learner's website, every chapter solved, from solutions/ into build/book/_build/html
## (offline; quiet unless it fails), with the Chinese site (solutions-zh/) in its zh/ folder. make book-student: the student edition, the exercises without their
## solutions, from assignments/ into build/book-student/_build/html: the one to publish for a graded class.
book: install
	$(RUN) book/build.py

book-student: install
	$(RUN) book/build.py --edition student

## make book-serve: the website on http://127.0.0.1:$(BOOK_PORT)/ (its search needs a server, not file://);
## BOOK_EDITION=student serves the student edition
BOOK_PORT ?= 8000
BOOK_EDITION ?= self-learner
BOOK_HTML := $(if $(filter student,$(BOOK_EDITION)),build/book-student,build/book)/_build/html
book-serve: $(if $(filter student,$(BOOK_EDITION)),book-student,book)
	$(RUN) -m http.server $(BOOK_PORT) --bind 127.0.0.1 --directory $(BOOK_HTML)

## make build: regenerate assignments/ and solutions/ (and the Chinese edition's assignments-zh/,
## solutions-zh/) from course/
build: install
	$(RUN) -m grader build

lint: install
	$(BIN)/ruff check autograd_lib grader tests benchmarks deploy

clean:
	rm -rf build .pytest_cache
