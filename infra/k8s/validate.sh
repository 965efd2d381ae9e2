#!/usr/bin/env bash
# Renders every kustomization under infra/k8s (the base and each overlay) and validates the result
# with kubeconform -strict against the Kubernetes API's JSON schemas: an unknown or misplaced field, a
# wrong type, a missing required field or an unknown kind fails. No cluster and no network needed (the
# tools and the schemas come from infra/local/k8s-tools.sh, built on first use). Run by
# packages/embedded/test/deploy/k8s.unit.test.ts in CI.
# usage: infra/k8s/validate.sh [kustomization dir...]   (default: base and every overlay)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
eval "$(bash "$here/../local/k8s-tools.sh" env)"
dirs=("$@")
if ((${#dirs[@]} == 0)); then
  dirs=("$here/base")
  for d in "$here"/overlays/*/; do dirs+=("${d%/}"); done
fi
status=0
for dir in "${dirs[@]}"; do
  echo "== ${dir#"$here"/}"
  rendered="$("$KUSTOMIZE_BIN" build "$dir")" || { status=1; continue; }
  "$KUBECONFORM_BIN" -strict -summary -output text \
    -schema-location "$K8S_SCHEMA_DIR/{{ .ResourceKind }}{{ .KindSuffix }}.json" - <<<"$rendered" || status=1
done
exit "$status"
