# zoobook: two commands for users, `make lab` and `make test`.
#
# Each bootstraps its own venv (python3.11, else python3) and installs the project there (without
# precompiling .pyc files: imports compile what they use, once): `make lab` a learner's .venv (the
# `lab` extra: JupyterLab, nothing of the teacher's or the maintainer's tools), `make teach` a
# teacher's .venv-teach (adds nbgrader and Voila), `make test` the maintainer's .venv-test (the test
# tools too). A stamp file makes the second run instant; editing pyproject.toml re-installs. Nothing
# here needs a global install.

SHELL := /bin/bash
.DEFAULT_GOAL := help

# Python keeps what it compiles (__pycache__, in .venv and the checkout; git ignores it). With
# PYTHONDONTWRITEBYTECODE set (some containers and CI images set it), every Python process of
# `make test` (each notebook's kernel, JupyterLab, nbgrader, each command a test runs) compiled
# networkx, matplotlib, IPython and zoobook from source again: 2-4 CPU-seconds a process.
unexport PYTHONDONTWRITEBYTECODE

# The maintainer's venv: the test tools, `lab` (JupyterLab, for the browser tests) and `classroom`
# (Voila: `make app`'s browser test and benchmark). Every target below but `lab` and `teach` uses it.
VENV := .venv-test
PY := $(VENV)/bin/python
STAMP := $(VENV)/.zoobook-maintainer
EXTRAS := test,lab,classroom
# The learner's venv (`make lab`, and `.venv/bin/zoobook` in the README) and the teacher's (`make teach`).
LEARNER_VENV := .venv
LEARNER_STAMP := $(LEARNER_VENV)/.zoobook-learner
TEACHER_VENV := .venv-teach
TEACHER_STAMP := $(TEACHER_VENV)/.zoobook-teacher
BOOT_PYTHON := $(shell command -v python3.11 2>/dev/null || command -v python3)
PIP := $(PY) -m pip --no-input --disable-pip-version-check
# $(call install,VENV,REQUIREMENTS): installs into VENV with uv (from PyPI, bootstrapped into the
# venv by its pip: it resolves and installs several times faster than pip, and compiles no .pyc
# files), else with pip where no uv wheel exists for this platform.
install = if $(1)/bin/python -m pip --no-input --disable-pip-version-check install --quiet --quiet uv; then \
    echo "uv pip install $(2)"; $(1)/bin/uv pip install --quiet --python $(1)/bin/python $(2); \
  else \
    echo "(no uv for this platform: pip instead)"; \
    $(1)/bin/python -m pip --no-input --disable-pip-version-check install --quiet --quiet --no-compile $(2); \
  fi
PYTEST := $(PY) -m pytest
CHROMIUM := /usr/bin/chromium

# `make lab`: extra arguments for JupyterLab, e.g. LAB_ARGS="--no-browser --port=8899".
LAB_ARGS ?=
# JupyterLab as root exits quietly unless told --allow-root.
LAB_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root)
# No display: print the URL instead of trying (and failing) to open a browser.
LAB_HEADLESS := $(if $(DISPLAY)$(WAYLAND_DISPLAY)$(filter Darwin,$(shell uname -s)),,--no-browser)

# Tests and notebooks run on every core (pytest-xdist); a file (a notebook too) stays whole on one
# worker, and files are handed out longest first (tests/startup.py, tests/costs.json), so the last
# ones are small: --no-loadscope-reorder keeps that order (xdist's own puts files of many tests first).
PARALLEL := -n auto --dist loadfile --no-loadscope-reorder
NBVAL := --nbval-lax --nbval-current-env --nbval-sanitize-with tests/nbval-sanitize.cfg

.PHONY: help venv constraints lab teach strip test lint test-py test-nbgrader test-hub hub-proxy test-notebooks test-puzzles test-bench test-browser chromium bench student app site test-site

help:
	@echo "make lab    open the workbook in JupyterLab (LAB_ARGS=... for extra options)"
	@echo "make teach  the same with the teacher's tools: nbgrader's menus, Voila"
	@echo "make test   run every test: pytest, notebooks (nbval), puzzle answers, real browser"
	@echo "make bench  run the solver benchmarks in benchmarks/"
	@echo "make student  write the classroom notebooks' student editions to student/"
	@echo "make test-hub a class on a real JupyterHub on loopback: release, fetch, submit, collect, autograde"
	@echo "make app      serve classroom notebooks as a Voila app (APP=..., APP_ARGS=...)"
	@echo "make site     build the zero-install site (JupyterLite) into build/site"
	@echo "make strip    store notebooks without widget state, run times and random cell ids (NOTEBOOKS=...)"

# -- the environment ---------------------------------------------------------------
COMMA := ,

venv: $(STAMP)

# $(call make_venv,VENV,EXTRAS,WHAT,STAMP): creates VENV if missing and installs zoobook with EXTRAS into
# it, then JupyterLab's administrator defaults (comm messages one after another, no news toast:
# zoobook/widgets/lab_settings.py says why). A VENV made for another role (a stamp of another name:
# .venv held the test tools before the learner's venv was split off) is made anew, since
# installing fewer extras removes nothing.
define make_venv
	@if ls $(1)/.zoobook-* 2>/dev/null | grep -qv '^$(4)$$'; then \
	  echo "$(1) was made for another use: making it anew"; rm -rf $(1); \
	fi
	@if ! $(1)/bin/python -c "" 2>/dev/null; then \
	  echo "creating $(1) with $(BOOT_PYTHON)"; \
	  rm -rf $(1) && $(BOOT_PYTHON) -m venv $(1); \
	fi
	@$(1)/bin/python -c 'import sys; assert sys.version_info >= (3, 11), "zoobook needs Python 3.11 or newer"' \
	  || { echo "$(1) runs Python older than 3.11: delete it and install python3.11" >&2; exit 1; }
	@echo "installing zoobook and $(3) into $(1) (under a minute the first time)"
	@$(call install,$(1),-e '.[$(2)]' -c constraints.txt)
	@$(1)/bin/python -m zoobook.widgets.lab_settings
	@touch $(4)
endef

$(STAMP): pyproject.toml constraints.txt setup.py zoobook/widgets/lab_settings.py
	$(call make_venv,$(VENV),$(EXTRAS),its test tools,$@)

$(LEARNER_STAMP): pyproject.toml constraints.txt setup.py zoobook/widgets/lab_settings.py
	$(call make_venv,$(LEARNER_VENV),lab,JupyterLab,$@)

$(TEACHER_STAMP): pyproject.toml constraints.txt setup.py zoobook/widgets/lab_settings.py
	$(call make_venv,$(TEACHER_VENV),lab$(COMMA)teach,JupyterLab$(COMMA) nbgrader and Voila,$@)


# `make constraints`: the versions of the runtime, lab, teach and parallel extras every venv here installs
# (constraints.txt, which a class pins with pip's -c), resolved again from PyPI. Run it to move to
# newer versions, then `make test`.
constraints: $(STAMP)
	$(VENV)/bin/uv pip compile pyproject.toml --extra lab --extra teach --extra parallel --python-version 3.11 \
	  --quiet --no-header --annotation-style line -o constraints.txt.new
	@{ sed -n '1,3p' constraints.txt; cat constraints.txt.new; } > constraints.txt.tmp && rm constraints.txt.new \
	  && mv constraints.txt.tmp constraints.txt && echo "constraints.txt: $$(grep -c '==' constraints.txt) pins"

# -- using the workbook ------------------------------------------------------------
lab: $(LEARNER_STAMP)
	@echo "Starting JupyterLab on notebooks/; open the http://127.0.0.1:... URL it prints below. Ctrl-C stops it."
	$(LEARNER_VENV)/bin/jupyter lab --ServerApp.root_dir=notebooks $(LAB_ROOT) $(LAB_HEADLESS) $(LAB_ARGS)

# `make teach`: the workbook with the teacher's tools (nbgrader's menus and its Formgrader, Voila
# for `make app`), in a venv of their own so that a learner's `make lab` shows none of them.
teach: $(TEACHER_STAMP)
	@echo "Starting JupyterLab with nbgrader on notebooks/; open the http://127.0.0.1:... URL it prints below."
	$(TEACHER_VENV)/bin/jupyter lab --ServerApp.root_dir=notebooks $(LAB_ROOT) $(LAB_HEADLESS) $(LAB_ARGS)

# -- notebook hygiene ------------------------------------------------------------------
# `make strip`: what the pre-commit hook (.pre-commit-config.yaml) does, by hand: outputs and
# execution counts stay (nbval compares them), and cell ids (the rules indexes link lesson cells by id);
# saved widget state and run times go.
# NOTEBOOKS=... for some only.
STRIP_ARGS := --keep-output --keep-count --keep-id
NOTEBOOKS ?= $(shell git ls-files '*.ipynb')

strip: $(STAMP)
	$(PY) -m nbstripout $(STRIP_ARGS) $(NOTEBOOKS)

# -- testing -----------------------------------------------------------------------
# Each step is its own pytest run; pytest's exit 5 (nothing collected) fails the build.
# `make test` packs them on two cores: the two venvs install side by side (mostly downloads), the
# zero-install site is built then, beside the linter and the teacher's venv (its wheel
# before any test builds one in the same tree), and
# the rest runs in two lanes (each lane's output printed whole when it ends): pytest, the doctests
# and nbval in one pytest-xdist run on both cores (one run, so no core idles while the other ends
# a step's last file), and beside it what mostly waits on a kernel or Chromium: the real-browser
# tests, the nbgrader round trip, the puzzle answers, the quick benchmarks and the site's offline test.
test:
	@$(MAKE) --no-print-directory -j2 --output-sync=recurse $(STAMP) $(SITE_STAMP) $(LEARNER_STAMP)
	@$(MAKE) --no-print-directory -j2 --output-sync=recurse test-compile lint $(TEACHER_STAMP) chromium hub-proxy site
	@$(MAKE) --no-print-directory -j2 --output-sync=recurse test-lane-units test-lane-checks
	@echo "make test: all passed"

.PHONY: test-lane-units test-lane-checks test-units test-compile
test-lane-units:
	@$(MAKE) --no-print-directory test-units
test-lane-checks:
	@$(MAKE) --no-print-directory test-browser
	@$(MAKE) --no-print-directory test-nbgrader
	@$(MAKE) --no-print-directory test-hub
	@$(MAKE) --no-print-directory test-bench
	@$(MAKE) --no-print-directory test-site

# test-py and test-notebooks in one run: what `make test` runs. The browser tests and the nbgrader
# round trip have their own steps; not collecting them here spares every worker importing
# Playwright and nbgrader (2-3 CPU-s each).
test-units: $(STAMP)
	$(PYTEST) -q $(PARALLEL) $(NBVAL) --durations=15 -m "not browser and not nbgrader and not hub" \
	  --ignore=tests/browser --ignore=tests/classroom/test_nbgrader.py --ignore=$(HUB_TEST) tests zoobook notebooks || { status=$$?; \
	  [ $$status -eq 5 ] && echo "make: pytest collected no tests: that is a failure" >&2; exit $$status; }

# What test-units collects, collected once beforehand (beside the site's build, which leaves a core
# free): Python compiles the modules it imports (.venv's were installed without .pyc files) and pytest
# rewrites the test modules' asserts, both kept on disk. Otherwise both xdist workers start cold and
# do it twice at once: 29 CPU-s each instead of 11.
test-compile: $(STAMP)
	@out=$$($(PYTEST) -q --collect-only $(NBVAL) -m "not browser and not nbgrader and not hub" \
	  --ignore=tests/browser --ignore=tests/classroom/test_nbgrader.py --ignore=$(HUB_TEST) tests zoobook notebooks 2>&1) \
	  || { echo "$$out" | tail -n 60; echo "make: collecting the tests failed" >&2; exit 1; }; \
	echo "test-compile: the modules test-units imports are compiled ($${out##*$$'\n'})"

# The linter (pyproject's [tool.ruff]); `$(VENV)/bin/ruff check --fix .` mends most of what it finds.
lint: $(STAMP)
	$(VENV)/bin/ruff check .

# Unit tests and the library's doctests (pyproject's testpaths: tests/ and zoobook/); the
# nbgrader round trip (one test module, two minutes of CPU running notebooks) has its own step.
test-py: $(STAMP)
	$(PYTEST) -q $(PARALLEL) -m "not browser and not nbgrader and not hub" --ignore=$(HUB_TEST) tests zoobook || { status=$$?; \
	  [ $$status -eq 5 ] && echo "make: pytest collected no tests: that is a failure" >&2; exit $$status; }

# The classroom notebooks released and autograded by the real nbgrader (tests/classroom/test_nbgrader.py).
test-nbgrader: $(STAMP)
	$(PYTEST) -q -m nbgrader tests/classroom || { status=$$?; \
	  [ $$status -eq 5 ] && echo "make: no nbgrader tests collected: that is a failure" >&2; exit $$status; }

# A class on a real JupyterHub on loopback (tests/classroom/test_hub.py, docs/teachers-guide.md): a
# teacher and three students through release, fetch, submit, collect and autograde with nbgrader's
# exchange; JupyterHub is one of the test tools, its proxy comes from npm (hub-proxy below).
HUB_TEST := tests/classroom/test_hub.py
test-hub: $(STAMP) hub-proxy
	$(PYTEST) -q -m hub $(HUB_TEST) || { status=$$?; \
	  [ $$status -eq 5 ] && echo "make: no hub test collected: that is a failure" >&2; exit $$status; }

# npm's configurable-http-proxy, JupyterHub's proxy: the global one if npm installed it there, else
# installed into build/hub-proxy (where the test looks). Node.js and npm come from Debian's packages.
HUB_PROXY := build/hub-proxy/node_modules/.bin/configurable-http-proxy
hub-proxy:
	@if ! command -v configurable-http-proxy >/dev/null && [ ! -x $(HUB_PROXY) ]; then \
	  if ! command -v npm >/dev/null; then \
	    if [ "$$(id -u)" -eq 0 ]; then \
	      echo "installing Debian's nodejs and npm for JupyterHub's proxy"; \
	      apt-get -o DPkg::Lock::Timeout=600 update -q && DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -q nodejs npm; \
	    else \
	      echo "make: JupyterHub's proxy needs npm; as root run: apt-get update && apt-get install -y nodejs npm" >&2; \
	      exit 1; \
	    fi; \
	  fi; \
	  echo "installing configurable-http-proxy with npm into build/hub-proxy"; \
	  npm install --silent --no-audit --no-fund --prefix build/hub-proxy configurable-http-proxy; \
	fi

# Every notebook, run top to bottom in this interpreter; outputs of marked cells compared.
test-notebooks: $(STAMP)
	$(PYTEST) -q $(PARALLEL) $(NBVAL) notebooks || { status=$$?; \
	  [ $$status -eq 5 ] && echo "make: nbval found no notebooks: that is a failure" >&2; exit $$status; }

# The certified answers stored in the puzzle files. `make test` runs the same check inside its
# pytest-xdist run instead (tests/puzzles/test_verify_shipped*.py), where its 70-odd CPU-seconds
# share both cores rather than wait behind the browser tests in the other lane.
test-puzzles: $(STAMP)
	$(VENV)/bin/zoobook verify puzzles/

# Every benchmark's quick mode: imports, one small case, answers checked (benchmarks/README.md);
# all in one Python process (benchmarks/quick.py), each run even after one fails.
test-bench: $(STAMP)
	$(PY) -m benchmarks.quick

# The browser checks start `make lab` (the learner's venv) and `make app` (the teacher's) as a user would,
# so both venvs are installed first.
# The zero-install site has its own target below (test-site: minutes of Pyodide starting).
test-browser: $(STAMP) $(LEARNER_STAMP) $(TEACHER_STAMP) chromium
	$(PYTEST) -q -m browser --ignore=$(SITE_TEST) tests/browser || { status=$$?; \
	  [ $$status -eq 5 ] && echo "make: no browser tests collected: that is a failure" >&2; exit $$status; }

# Debian's chromium for Playwright (which cannot download browsers here).
chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
	  if [ "$$(id -u)" -eq 0 ]; then \
	    echo "installing Debian's chromium for the browser tests"; \
	    apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; \
	  else \
	    echo "make: the browser tests need $(CHROMIUM); as root run: apt-get update && apt-get install -y chromium" >&2; \
	    exit 1; \
	  fi; \
	fi

# -- speed ---------------------------------------------------------------------------
# Every benchmark in full, even after one fails; exit 1 names those that missed (benchmarks/README.md).
bench: $(STAMP)
	@shopt -s nullglob; failed=(); \
	for bench in benchmarks/bench_*.py; do name=$$(basename $$bench .py); \
	  echo "== $$name"; $(PY) -m benchmarks.$$name || failed+=($$name); done; \
	if [ $${#failed[@]} -gt 0 ]; then echo "make: benchmarks that failed or missed a target: $${failed[*]}" >&2; exit 1; fi

# -- the classroom track (docs/teachers-guide.md) -----------------------------------------
# `make student`: each master notebook of notebooks/classroom/ without its solutions, with
# nbgrader metadata, into student/ (git-ignored); the masters with the same metadata, for
# nbgrader's source/ folder, into student/nbgrader-source/.
student: $(TEACHER_STAMP)
	$(TEACHER_VENV)/bin/python -m zoobook.classroom.editions notebooks/classroom --out student --nbgrader-source student/nbgrader-source

# `make app`: notebooks (APP, a notebook or a folder) as a Voila app for a class; Voila comes with the
# teacher's venv (.venv-teach, the `teach` extra). E.g. make app APP=notebooks/classroom/01-hex-grids-as-graphs.ipynb
APP ?= notebooks/classroom
APP_ARGS ?=
# Voila runs each notebook in a spare kernel before anyone asks, so a visitor's first page is
# at once (benchmarks/bench_voila.py); APP_POOL spare kernels per notebook (one per expected
# simultaneous arrival; each holds a running notebook).
APP_POOL ?= 1
APP_VOILA := --preheat_kernel=True --pool_size=$(APP_POOL)

app: $(TEACHER_STAMP)
	@echo "Serving $(APP) with Voila; open the http://... URL it prints below. Ctrl-C stops it."
	$(TEACHER_VENV)/bin/python -m voila $(APP) $(if $(LAB_HEADLESS),--no-browser) $(APP_VOILA) $(APP_ARGS)

# -- the zero-install site (README, "A zero-install site") --------------------------------
# `make site`: the workbook in JupyterLite (Python in the browser, Pyodide) as static files in
# build/site: zoobook's wheel, the notebooks and the puzzles. Its build tools live in their own
# venv, .venv-site (site/requirements-build.txt), bootstrapped here; site/build.py does the rest.
# Serve it with any static web server, e.g. `python3 -m http.server -d build/site`, and open /lab/.
SITE_VENV := .venv-site
SITE_STAMP := $(SITE_VENV)/.zoobook-site-tools
SITE_OUT := build/site
# e.g. SITE_ARGS="--classroom masters": the classroom notebooks with their solutions (site/build.py --help)
SITE_ARGS ?=
SITE_SOURCES := pyproject.toml setup.py README.md LICENSE $(wildcard site/*.json site/*.txt site/*.py site/*.html) \
  $(shell find zoobook puzzles notebooks -type f ! -path '*/.ipynb_checkpoints/*' ! -path '*/__pycache__/*' 2>/dev/null)

$(SITE_STAMP): site/requirements-build.txt
	@if ! $(SITE_VENV)/bin/python -c "" 2>/dev/null; then \
	  echo "creating $(SITE_VENV) with $(BOOT_PYTHON) for the site's build tools"; \
	  rm -rf $(SITE_VENV) && $(BOOT_PYTHON) -m venv $(SITE_VENV); \
	fi
	@$(call install,$(SITE_VENV),-r site/requirements-build.txt)
	@touch $@

site: $(SITE_OUT)/jupyter-lite.json

$(SITE_OUT)/jupyter-lite.json: $(SITE_STAMP) $(SITE_SOURCES)
	$(SITE_VENV)/bin/python site/build.py --out $(SITE_OUT) $(SITE_ARGS)

# The site in a real Chromium with no network (Pyodide's core from the npm registry, its
# pure-Python packages from PyPI, kept in build/pyodide-offline/): the kernel starts, the install
# cell, `zoobook list`, a classroom check and a widget's click. Minutes on a busy machine.
SITE_TEST := tests/browser/test_jupyterlite.py
test-site: $(STAMP) chromium site
	$(PYTEST) -q -m browser $(SITE_TEST)
