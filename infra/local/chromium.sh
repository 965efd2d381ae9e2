#!/usr/bin/env bash
# Debian's Chromium for the browser journeys (web/e2e), driven headless by playwright-core from
# /usr/bin/chromium. Idempotent: installs only when missing.
# usage: infra/local/chromium.sh [up]
set -euo pipefail
ENGINE=chromium
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

if command -v chromium >/dev/null 2>&1; then
  log "already installed: $(command -v chromium)"
else
  apt_install chromium
fi
