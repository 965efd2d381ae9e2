#!/usr/bin/env bash
# Debian's Chromium for the browser journeys (web/e2e), driven headless by playwright-core from
# /usr/bin/chromium, and xmllint (libxml2-utils), with which they validate the sitemap against its
# schema. Idempotent: installs only when missing.
# usage: infra/local/chromium.sh [up]
set -euo pipefail
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" chromium

if command -v chromium >/dev/null 2>&1; then
  log "already installed: $(command -v chromium)"
else
  apt_install chromium
fi

if command -v xmllint >/dev/null 2>&1; then
  log "already installed: $(command -v xmllint)"
else
  apt_install libxml2-utils
fi
