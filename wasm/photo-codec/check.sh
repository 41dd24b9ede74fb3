#!/usr/bin/env bash
# Rebuilds both codec modules from a copy of their sources in a temporary directory (another
# path, an empty target dir) and fails when either differs from the committed SHA256SUMS.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/photo-codec-check.XXXXXX")"
trap 'rm -rf "$work"' EXIT

cp -r "$here/Cargo.toml" "$here/Cargo.lock" "$here/.cargo" "$here/src" "$here/build.sh" "$work/"
CARGO_TARGET_DIR="$work/target" "$work/build.sh" "$work/out" >/dev/null

# The committed modules must match the committed list, and the rebuild must give the same list.
(cd "$here" && sha256sum --check --quiet SHA256SUMS) || {
  echo "photo-codec: the committed .wasm files do not match SHA256SUMS" >&2
  exit 1
}
if ! diff -u "$here/SHA256SUMS" "$work/out/SHA256SUMS" >&2; then
  echo "photo-codec: the rebuild differs from SHA256SUMS (above: - committed, + rebuilt)" >&2
  exit 1
fi
echo "photo-codec: rebuild matches SHA256SUMS:"
cat "$work/out/SHA256SUMS"
