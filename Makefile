# Two commands on a fresh machine: `make lab` and `make test`. Both create .venv when missing
# and re-install when a requirements file or pyproject.toml changes.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
INSTRUCTOR := $(VENV)/.installed-instructor

.PHONY: lab test fuzz test-all test-core test-notebooks test-browser bench clean-venv student types lite lite-serve test-lite i18n test-fr test-data

# Speed: uv (https://docs.astral.sh/uv/, installed into the venv by pip) installs the same
# requirements as pip, to the same versions, from its cache in 4 s where pip takes 60 to 180 s
# (measured on the 2-core machine, 2026-11-28: the 145 packages of requirements-instructor.txt).
# --compile-bytecode: pip compiles every module at install, uv only when asked; without it, where
# PYTHONDONTWRITEBYTECODE is set (this machine), every process would compile jupyter from source.
# Where uv cannot be had or fails (an index only pip is configured for, offline), pip does it.
INSTALL = $(BIN)/python -m pip install --quiet uv && $(BIN)/uv pip install --python $(BIN)/python --quiet --compile-bytecode -r $(1) \
          || { echo "uv could not install $(1): pip does it instead"; $(BIN)/python -m pip install --quiet -r $(1); }

$(STAMP): requirements.txt requirements-student.txt pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(call INSTALL,requirements.txt)
	@touch $(STAMP)

# nbgrader, for `make student` and tests/test_student.py (requirements-instructor.txt).
$(INSTRUCTOR): $(STAMP) requirements-instructor.txt
	$(call INSTALL,requirements-instructor.txt)
	@touch $(INSTRUCTOR)

# Student versions (nbgrader's ClearSolutions, ClearHiddenTests, ClearOutput) in build/student/,
# the French edition's in build/student/fr/ (each folder complete: notebooks, abcore, README).
student: $(INSTRUCTOR)
	$(BIN)/python tools/student.py --out build/student
	$(BIN)/python tools/student.py --out build/student/fr $(sort $(wildcard notebooks/fr/*.ipynb))

# --allow-root only where make runs as root (a container, CI): Jupyter refuses root otherwise.
# `make lab EDITION=fr` opens the French edition, notebooks/fr/, its kernels with ABCORE_EDITION=fr.
EDITION ?= en
lab: $(STAMP)
	$(if $(filter-out en fr,$(EDITION)),$(error EDITION=$(EDITION): write EDITION=en (the default) or EDITION=fr))
	$(if $(filter fr,$(EDITION)),ABCORE_EDITION=fr )$(BIN)/jupyter lab notebooks/$(if $(filter fr,$(EDITION)),fr/) $(if $(filter 0,$(shell id -u)),--allow-root)

# One pytest run for the unit, property and doctests, the notebooks (nbval, which compares every
# stored output), the nbgrader course and the browser test, WORKERS at a time (pytest-xdist; 3 by
# default, one more than the cores, for the time the notebooks' kernels, the course's processes
# and the browser spend waiting; `make test WORKERS=2` to change it). Each file, and each notebook's cells, stay together on one worker
# (--dist loadfile), and the files start in conftest.py's order, the longest first
# (--no-loadscope-reorder keeps it), so that no worker is left with a long file at the end.
# The hypothesis profile `ci` draws the same examples on every run (tests/conftest.py); `make fuzz`
# draws new ones. Without /usr/bin/chromium the browser test is skipped, and -rs says how to enable it.
# --durations=20: the slowest items, to keep conftest.py's list of the longest files right.
WORKERS ?= 3
NBVAL   := --nbval --nbval-current-env --nbval-sanitize-with notebooks/sanitize.cfg
PYTEST  := HYPOTHESIS_PROFILE=ci $(BIN)/python -m pytest -n $(WORKERS) --dist loadfile --no-loadscope-reorder -rs --durations=20
# The type check runs beside the tests (make -j2): one process beside pytest's workers, ~15 s of
# CPU that no longer waits in line before them.
test:
	@$(MAKE) --no-print-directory -j2 types test-all

# Speed: the kit compiled once (python -m compileall, 2 s) instead of in each of the ~60 processes
# and kernels that import it, where PYTHONDONTWRITEBYTECODE is set: 1.5 s of CPU each (2.8 -> 1.3 s
# to import abcore's checks, exercises, grading and tournament).
test-all: $(STAMP) $(INSTRUCTOR)
	$(BIN)/python -m compileall -q abcore tests tools bench
	$(PYTEST) -m "not lite and not recompute" $(NBVAL) tests abcore notebooks

test-core: $(STAMP) $(INSTRUCTOR)
	$(PYTEST) -m "not browser and not lite and not recompute" tests abcore

test-notebooks: $(STAMP)
	$(PYTEST) $(NBVAL) notebooks

# JupyterLab driven in headless Chromium (tests/test_browser.py), alone; skipped, saying so, without Chromium.
test-browser: $(STAMP)
	HYPOTHESIS_PROFILE=ci $(BIN)/python -m pytest -m browser -rs -s tests/test_browser.py

# The random exploration: every property test, FUZZ_EXAMPLES (tests/profiles.py) new random
# examples each; a failure prints the @reproduce_failure line that replays it.
fuzz: $(STAMP)
	HYPOTHESIS_PROFILE=fuzz $(BIN)/python -m pytest -n $(WORKERS) --dist loadfile -m hypothesis tests

# The type check, with the settings in pyproject.toml ([tool.mypy]).
types: $(STAMP)
	$(BIN)/python -m mypy abcore

# The course as a JupyterLite site (JupyterLab and Python in the browser, nothing to install) in
# build/lite/: tools/lite/build.py, pinned in tools/lite/sources.toml and requirements.txt;
# downloads cached in build/lite-cache/. Needs Python >= 3.11 and npm, not .venv.
lite:
	$(PYTHON) tools/lite/build.py

# Serves build/lite/ on http://127.0.0.1:8000 (any static web server will do).
lite-serve:
	@test -f build/lite/index.html || { echo "no site in build/lite/: run make lite first"; exit 1; }
	$(PYTHON) -m http.server --bind 127.0.0.1 --directory build/lite 8000

# Builds the site from a fresh clone of HEAD, opens every notebook in headless Chromium offline
# (tests/test_lite.py). Not part of `make test`; CI runs it after.
test-lite: $(STAMP)
	$(BIN)/python -m pytest -m lite -s tests/test_lite.py

# The French edition (issue 27): notebooks/fr/ is generated from the English notebooks and the
# per-notebook gettext catalogues notebooks/i18n/fr/NN.po (tools/i18n.py). `make i18n` after
# changing or re-executing an English notebook: changed cells come out stale (fuzzy) until
# translated again; the same for README.md and notebooks/INSTRUCTORS.md (tools/i18n_docs.py,
# docs/i18n/fr/*.po). `make test-fr`: the catalogues are complete and current, the generated
# notebooks are what they make, and nbval runs the French notebooks (CI runs it after make test).
i18n: $(STAMP)
	$(BIN)/python tools/i18n.py extract
	$(BIN)/python tools/i18n.py build
	$(BIN)/python tools/i18n_docs.py extract
	$(BIN)/python tools/i18n_docs.py build

test-fr: $(STAMP)
	$(BIN)/python tools/i18n.py check
	ABCORE_EDITION=fr $(PYTEST) $(NBVAL) notebooks/fr

# Every result the notebooks read from abcore/data/ instead of computing it (long searches,
# tournaments, bandit curves: issue 26) recomputed in full by the tool that made it and compared
# with the shipped file (tests marked `recompute`; `make test` recomputes a cheaper part of each).
# CI runs it after `make test`.
test-data: $(STAMP)
	$(PYTEST) -m recompute tests

bench: $(STAMP)
	$(BIN)/python -m bench

clean-venv:
	rm -rf $(VENV)
