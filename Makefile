# Napoleon & Durak, card games in the browser: the two commands of the README's
# quick start are `make play` and `make test`.
# Every target is idempotent and quick once things are installed.

PYTHON ?= python3
PORT ?= 8000
# pytest-xdist workers: one per core (`make test JOBS=1` runs in one process).
JOBS ?= auto
# `make e2e K=friends`: the browser tests whose names match (pytest's -k).
K ?=
CHROMIUM ?= /usr/bin/chromium
STAMPS := build/stamps
# Python may write its bytecode (and pytest its rewritten test modules) into
# __pycache__: with PYTHONDONTWRITEBYTECODE set, every run's collection rewrote and
# compiled all ~800 modules again (10 s a process instead of 3).
unexport PYTHONDONTWRITEBYTECODE
# The machine-wide installs (apt, pip) of two checkouts' `make test` run one at a time.
INSTALL_LOCK := flock /tmp/napoleon-install.lock

.DEFAULT_GOAL := help
.PHONY: help play test check e2e coverage site bench-page bench-table deps chromium japanese-font \
	coturn nftables hatchling clean

help:
	@echo "make play        build the site and serve it at http://127.0.0.1:$(PORT)/napoleon/"
	@echo "make test        install what the tests need, then ruff, mypy and the whole pytest suite"
	@echo "make check       the development loop: ruff, mypy and every test without a browser (sweeps quick)"
	@echo "make e2e K=word  the browser tests whose names match 'word' (all without K)"
	@echo "make coverage    the whole suite under coverage: napoleon/, durak/, cardkit/ lines and branches"
	@echo "make site        build the static site into site/ (publish this folder)"
	@echo "make bench-page  time navigation -> playable screen in headless Chromium (cold and warm)"
	@echo "make bench-table the table vs a bare PyScript page, side by side (target: ratio <= 1.1)"

play: site
	$(PYTHON) -m scripts.serve --port $(PORT)

# The site tests and the e2e tests run against site/, the very folder that gets published.
# The 20 slowest tests are listed at the end: where the suite's time goes. Worksteal
# (as in `check`) hands a worker's queued tests to the other when it runs dry, so the
# long browser tests do not leave one core idle at the end.
test: deps site
	$(PYTHON) -m ruff check .
	$(PYTHON) -m mypy
	NAPOLEON_SWEEPS=full NAPOLEON_TEST_SITE=site $(PYTHON) -m pytest -n $(JOBS) --dist worksteal --durations=20

# The development loop: no browser (the site's build tests read site/). The heaviest
# random-game sweeps run their fixed quick part (tests/sweep.py; `make test` runs them
# whole); worksteal hands a worker's queued tests to the other when it runs dry, so a
# few long tests do not hold up the end. The plugins only the browser tests use (Playwright's
# fixtures, the reruns for the browser's faults) and two no unit test uses (benchmark,
# log capture) stay unloaded: each costs every process its import and every test its hooks.
check: $(STAMPS)/pip site
	$(PYTHON) -m ruff check .
	$(PYTHON) -m mypy
	NAPOLEON_SWEEPS=quick NAPOLEON_TEST_SITE=site $(PYTHON) -m pytest -n $(JOBS) \
	  -p no:playwright -p no:rerunfailures -p no:benchmark -p no:logging \
	  --dist worksteal napoleon durak cardkit lab tests

e2e: deps site
	NAPOLEON_TEST_SITE=site $(PYTHON) -m pytest -n $(JOBS) e2e $(if $(K),-k '$(K)')

# Line and branch coverage of the product packages under the whole suite.
coverage: deps site
	NAPOLEON_SWEEPS=full NAPOLEON_TEST_SITE=site $(PYTHON) -m pytest -n $(JOBS) --cov=napoleon --cov=durak \
	  --cov=cardkit --cov-branch --cov-report=term:skip-covered --cov-report=json:build/coverage.json

# Built again only when a file it is made from changed (the service worker, written
# last, stands for the whole build): a second `make test` or `make check` skips it.
SITE_SOURCES := $(shell find napoleon durak cardkit web scripts -type f \
	-not -path '*/__pycache__/*' -not -name '*.pyc' 2>/dev/null) pyproject.toml package-lock.json

site: site/sw.js

site/sw.js: $(SITE_SOURCES) $(STAMPS)/npm | hatchling
	$(PYTHON) -m scripts.build_site site

bench-page: deps site
	$(PYTHON) -m bench.page_load

# The table against a bare PyScript page (one-function wheel), alternated, cold and warm.
bench-table: deps site
	$(PYTHON) -m bench.table_vs_bare

deps: chromium japanese-font coturn nftables $(STAMPS)/pip $(STAMPS)/npm

# Debian's Chromium (Playwright's own browser download does not work here).
chromium:
	@test -x $(CHROMIUM) || $(INSTALL_LOCK) sh -c 'test -x $(CHROMIUM) || { \
	  echo "installing chromium (the Debian package)"; \
	  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; }'

# Debian's TURN server, for the browser tests of a table with friends connected through
# one (e2e/test_friends_turn.py, e2e/test_friends_netns.py; they skip without it). Its
# service stays off.
coturn:
	@command -v turnserver >/dev/null || $(INSTALL_LOCK) sh -c 'command -v turnserver >/dev/null || { \
	  echo "installing coturn (the Debian package)"; \
	  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q coturn; }'

# nftables, for the routers' NAT of the browser test of friends behind strict NATs in
# network namespaces (e2e/test_friends_netns.py, which also needs root; it skips without).
nftables:
	@command -v nft >/dev/null || $(INSTALL_LOCK) sh -c 'command -v nft >/dev/null || { \
	  echo "installing nftables (the Debian package)"; \
	  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q nftables; }'

# A Japanese font, as on a player's machine: without one every Japanese character is
# an empty box in the e2e screenshots, and the benchmarks would skip the font's cost.
japanese-font:
	@fc-list :lang=ja family | grep -q . || $(INSTALL_LOCK) sh -c 'fc-list :lang=ja family | grep -q . || { \
	  echo "installing a Japanese font (fonts-noto-cjk)"; \
	  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q fonts-noto-cjk; }'

# The Python dev dependencies (pytest, playwright, mypy, ruff, hatchling, ...).
$(STAMPS)/pip: pyproject.toml
	$(INSTALL_LOCK) $(PYTHON) -m pip install -q --disable-pip-version-check --root-user-action=ignore -e '.[dev]'
	@mkdir -p $(STAMPS) && touch $@

# Pyodide and PyScript, pinned by package-lock.json.
$(STAMPS)/npm: package.json package-lock.json
	npm ci --no-audit --no-fund
	@mkdir -p $(STAMPS) && touch $@

# `make play` needs only hatchling (to build the wheel), not the test tools.
hatchling:
	@$(PYTHON) -c 'import hatchling' 2>/dev/null || \
	  $(INSTALL_LOCK) $(PYTHON) -m pip install -q --disable-pip-version-check --root-user-action=ignore hatchling

clean:
	rm -rf site build
