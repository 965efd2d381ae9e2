# LimoDirectory: the two commands a new machine needs are `make start` and `make test`.
SHELL := bash
.DEFAULT_GOAL := help
NPM ?= npm
STAMP := node_modules/.install-stamp

.PHONY: help install build start test test-unit start-distributed stop-distributed engines-up engines-down bench clean

help:
	@echo "make start              install, build and serve everything (embedded profile) at http://127.0.0.1:$${PORT:-8080}"
	@echo "make test               install, build (type-check) and run every test"
	@echo "make start-distributed  start Kafka, MongoDB-compatible server and Redis from infra/local, then each service as its own process"
	@echo "make engines-up|engines-down  start or stop the real engines of infra/local"

$(STAMP): package.json package-lock.json $(wildcard */*/package.json) web/package.json
	$(NPM) install --no-audit --no-fund
	@touch $(STAMP)

install: $(STAMP)

build: install
	npx tsc -b
	npx tsc -p scripts/tsconfig.json
	$(NPM) run build -w web

start: build
	node packages/embedded/dist/main.js

test: build
	npx tsc -p tsconfig.test.json
	npx eslint .
	npx prettier --check .
	npx vitest run

start-distributed: build
	bash infra/local/run-distributed.sh

engines-up:
	bash infra/local/all.sh up

engines-down:
	bash infra/local/all.sh down

clean:
	rm -rf packages/*/dist services/*/dist web/dist
