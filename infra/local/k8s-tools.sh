#!/usr/bin/env bash
# The tools that check infra/k8s (infra/k8s/validate.sh): kustomize and kubeconform, built once with
# `go install` from the Go module proxy, and the Kubernetes JSON schemas kubeconform validates against,
# made from the OpenAPI document of the k8s.io/kubernetes module (`go mod download`, ~20 MB) by
# scripts/k8s-json-schemas.ts. Everything lives in infra/local/.cache/k8s-tools (GOPATH, GOCACHE, the
# binaries, the schemas; 1-3 min cold, then nothing). Not a server: nothing to start or stop.
# usage: infra/local/k8s-tools.sh build|path|env
#   build  build the tools if they are not cached yet, and the schemas once the workspace is installed
#          (the conversion runs with tsx from node_modules; otherwise `env` makes them, in ~2 s)
#   path   print `<kustomize> <kubeconform>` (exit 3 when they are not built)
#   env    print export lines for KUSTOMIZE_BIN, KUBECONFORM_BIN and K8S_SCHEMA_DIR (building first)
set -euo pipefail
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" k8s-tools

KUSTOMIZE_VERSION="${KUSTOMIZE_VERSION:-v5.8.1}"
KUBECONFORM_VERSION="${KUBECONFORM_VERSION:-v0.8.0}"
# The Kubernetes release whose API the manifests are checked against.
KUBERNETES_VERSION="${KUBERNETES_VERSION:-v1.36.3}"
KUSTOMIZE_BIN="$CACHE_DIR/kustomize/$KUSTOMIZE_VERSION/bin/kustomize"
KUBECONFORM_BIN="$CACHE_DIR/kubeconform/$KUBECONFORM_VERSION/bin/kubeconform"
SCHEMA_DIR="$CACHE_DIR/schemas/$KUBERNETES_VERSION"

ROOT="$(cd "$LOCAL_DIR/../.." && pwd)"

built() { [[ -x "$KUSTOMIZE_BIN" && -x "$KUBECONFORM_BIN" ]]; }

# Builds one tool: go_install (lib.sh) reads BIN and GOBIN_DIR.
build_tool() {
  BIN="$1" GOBIN_DIR="$(dirname "$1")"
  go_install "$2" "first run only, 1-3 min"
}

build_schemas() {
  [[ -s "$SCHEMA_DIR/_definitions.json" ]] && return 0
  local go dir
  go="$(go_bin)" || die "Go is needed to fetch the Kubernetes OpenAPI document (install it, or set GO=/path/to/go)"
  log "go mod download k8s.io/kubernetes@$KUBERNETES_VERSION (its api/openapi-spec/swagger.json)"
  dir="$(cd "$CACHE_DIR" && GOPATH="$CACHE_DIR/gopath" GOFLAGS=-modcacherw GO111MODULE=on \
    "$go" mod download -json "k8s.io/kubernetes@$KUBERNETES_VERSION" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
  [[ -s "$dir/api/openapi-spec/swagger.json" ]] || die "no api/openapi-spec/swagger.json in k8s.io/kubernetes@$KUBERNETES_VERSION"
  rm -rf "$SCHEMA_DIR.tmp"
  (cd "$ROOT" && npx --no-install tsx scripts/k8s-json-schemas.ts "$dir/api/openapi-spec/swagger.json" "$SCHEMA_DIR.tmp") ||
    die "could not convert the OpenAPI document"
  rm -rf "$SCHEMA_DIR"
  mv "$SCHEMA_DIR.tmp" "$SCHEMA_DIR"
}

# usage: ensure_built with-schemas|tools-only
ensure_built() {
  built && [[ "$1" == tools-only || -s "$SCHEMA_DIR/_definitions.json" ]] && return 0
  mkdir -p "$CACHE_DIR"
  exec 9>"$CACHE_ROOT/.k8s-tools.lock"
  flock -w 900 9 || die "could not take the k8s-tools build lock"
  build_tool "$KUSTOMIZE_BIN" "sigs.k8s.io/kustomize/kustomize/v5@$KUSTOMIZE_VERSION"
  build_tool "$KUBECONFORM_BIN" "github.com/yannh/kubeconform/cmd/kubeconform@$KUBECONFORM_VERSION"
  [[ "$1" == tools-only ]] || build_schemas
}

case "${1:-}" in
  build)
    if [[ -x "$ROOT/node_modules/.bin/tsx" ]]; then ensure_built with-schemas; else ensure_built tools-only; fi
    ;;
  path)
    built || exit 3
    echo "$KUSTOMIZE_BIN $KUBECONFORM_BIN"
    ;;
  env)
    ensure_built with-schemas
    print_env "KUSTOMIZE_BIN=$KUSTOMIZE_BIN" "KUBECONFORM_BIN=$KUBECONFORM_BIN" "K8S_SCHEMA_DIR=$SCHEMA_DIR"
    ;;
  *)
    echo "usage: $0 build|path|env" >&2
    exit 2
    ;;
esac
