# LimoDirectory: the two commands a new machine needs are `make start` and `make test`.
SHELL := bash
.DEFAULT_GOAL := help
# Node 24 LTS: the machine's own when it is recent enough, otherwise Node from the npm registry,
# cached in infra/local/.cache/node (infra/local/node.sh says so in one line).
NODE_BIN := $(shell bash infra/local/node.sh bin)
export PATH := $(if $(NODE_BIN),$(NODE_BIN):,)$(PATH)
NPM ?= npm
STAMP := node_modules/.install-stamp
# The web app is built again only when one of its inputs (or the contracts it imports) changed.
WEB_BUILT := web/dist/.ssr/entry-server.js
WEB_INPUTS := $(shell find web/src web/index.html web/vite.config.ts web/tsconfig.json web/package.json packages/contracts/src -type f 2>/dev/null)

.PHONY: help install typescript build check start test start-distributed stop-distributed engines-up engines-down bench clean

help:
	@echo "make start              install, build and serve everything (embedded profile) at http://127.0.0.1:$${PORT:-8080}"
	@echo "make test               install, build (type-check) and run every test"
	@echo "make start-distributed  start Kafka, MongoDB-compatible server and Redis from infra/local, then each service as its own process"
	@echo "make engines-up|engines-down  start or stop the real engines of infra/local"

# `npm ci`: exactly the committed lockfile, which it never rewrites (a clean clone stays clean).
$(STAMP): package.json package-lock.json $(wildcard */*/package.json) web/package.json
	$(NPM) ci --no-audit --no-fund
	@touch $(STAMP)

install: $(STAMP)

# tsc -b is incremental (under a second when nothing changed).
typescript: install
	npx tsc -b

$(WEB_BUILT): $(STAMP) $(WEB_INPUTS) | typescript
	$(NPM) run build -w web

build: typescript $(WEB_BUILT)

start: build
	node packages/embedded/dist/main.js

# Every file git knows (tracked or new, not ignored) and still present: `make test` after a green `make check`
# with nothing changed since goes straight to the tests.
CHECK_STAMP := node_modules/.check-stamp
CHECK_INPUTS := $(wildcard $(shell git ls-files -co --exclude-standard 2>/dev/null))
ifeq ($(CHECK_INPUTS),)
.PHONY: $(CHECK_STAMP)
endif

$(CHECK_STAMP): $(CHECK_INPUTS) | build
	npx tsc -p tsconfig.test.json
	npx tsc -p scripts/tsconfig.json
	# Undeclared or unused dependencies, unused files and exports (knip.jsonc): ~10 s, so before the lint.
	$(NPM) run knip
	# ESLint holds the whole tree's results (~5 GB on this tree): more than Node's default heap.
	NODE_OPTIONS=--max-old-space-size=8192 npx eslint .
	npx prettier --check .
	@touch $(CHECK_STAMP)

# Type-check (tests and scripts too), knip, lint and format: everything `make test` runs before the tests.
check: build $(CHECK_STAMP)

# Two vitest runs: the jsdom components and the unit tests (no engine, no shared state) on every core, then
# the engine-backed suites and the browser journeys one file at a time (they share the engines, and some
# stop them or measure time). Both run even when the first fails; make fails if either did.
test: check
	status=0; \
	npx vitest run --project web --project unit --maxWorkers=100% || status=$$?; \
	npx vitest run --project node --project e2e || status=$$?; \
	exit $$status
	# Stryker on the domain/ and use-cases/ files changed since main (MUTATION=all: every one; README "Tests").
	bash scripts/mutation-changed.sh

start-distributed: build
	bash infra/local/run-distributed.sh

engines-up:
	bash infra/local/all.sh up

engines-down:
	bash infra/local/all.sh down

clean:
	rm -rf packages/*/dist packages/engines/*/dist services/*/dist web/dist
