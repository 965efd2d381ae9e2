#!/usr/bin/env bash
# Mutation testing as `make test` runs it: Stryker (stryker.config.json) on the services' domain/ and
# use-cases/ files changed since this branch left main (MUTATION_BASE), on all of them with
# MUTATION=all, or not at all with MUTATION=off. Nothing changed there: says so and passes. The score is
# printed per file and in total; under 80% it fails (thresholds.break). The whole run (`npm run
# mutation`) is too long for every CI run.
set -euo pipefail
cd "$(dirname "$0")/.."
case "${MUTATION:-changed}" in
  all) exec npx stryker run ;;
  off) echo "mutation: skipped (MUTATION=off)"; exit 0 ;;
  changed) ;;
  *) echo "mutation: MUTATION is changed (the default), all or off, not '$MUTATION'" >&2; exit 2 ;;
esac
base_ref=${MUTATION_BASE:-main}
if ! base=$(git merge-base HEAD "$base_ref" 2>/dev/null); then
  echo "mutation: skipped: no '$base_ref' to compare with (MUTATION_BASE names a ref; MUTATION=all runs every file)"
  exit 0
fi
mapfile -t files < <(
  { git diff --name-only --diff-filter=AMR "$base" -- 'services/*/src/domain/*.ts' 'services/*/src/use-cases/*.ts'
    git ls-files --others --exclude-standard -- 'services/*/src/domain/*.ts' 'services/*/src/use-cases/*.ts'; } |
    grep -v '\.test\.ts$' | sort -u || true
)
if [[ ${#files[@]} -eq 0 ]]; then
  echo "mutation: no domain/ or use-cases/ file changed since $(git rev-parse --short "$base") ($base_ref); nothing to mutate (MUTATION=all runs them all)"
  exit 0
fi
echo "mutation: ${#files[@]} changed file(s) since $(git rev-parse --short "$base") ($base_ref): ${files[*]}"
exec npx stryker run --mutate "$(IFS=,; echo "${files[*]}")"
