#!/usr/bin/env bash
# Rebuilds the codec from a copy of its sources in a temporary directory (another path, an
# empty target dir) and fails when the result differs from the committed SHA256SUMS.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/photo-codec-check.XXXXXX")"
trap 'rm -rf "$work"' EXIT

cp -r "$here/Cargo.toml" "$here/Cargo.lock" "$here/.cargo" "$here/src" "$here/build.sh" "$work/"
CARGO_TARGET_DIR="$work/target" "$work/build.sh" "$work/out" >/dev/null

expected="$(cut -d' ' -f1 "$here/SHA256SUMS")"
actual="$(cut -d' ' -f1 "$work/out/SHA256SUMS")"
committed="$(sha256sum "$here/photo_codec.wasm" | cut -d' ' -f1)"
if [[ "$expected" != "$committed" ]]; then
  echo "photo-codec: photo_codec.wasm ($committed) does not match SHA256SUMS ($expected)" >&2
  exit 1
fi
if [[ "$expected" != "$actual" ]]; then
  echo "photo-codec: rebuild gives $actual, SHA256SUMS says $expected" >&2
  exit 1
fi
echo "photo-codec: rebuild matches SHA256SUMS ($actual)"
