#!/usr/bin/env bash
# Builds photo_codec.wasm reproducibly with Debian's Rust toolchain and Debian's packaged
# crates (no crates.io, no rustup), then optimises it with binaryen's wasm-opt.
#   wasm/photo-codec/build.sh            -> writes photo_codec.wasm and SHA256SUMS here
#   wasm/photo-codec/build.sh OUT_DIR    -> writes them to OUT_DIR instead (check.sh)
# Same Debian packages in, same bytes out: paths are remapped, there are no timestamps,
# one codegen unit, and wasm-opt runs single-threaded.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out_dir="$(mkdir -p "${1:-$here}" && cd "${1:-$here}" && pwd)"
packages=(rustc cargo libstd-rust-dev-wasm32 librust-jpeg-decoder-dev binaryen)

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if ((${#missing[@]})); then
  echo "photo-codec: installing ${missing[*]}" >&2
  sudo_cmd=()
  [[ $(id -u) -eq 0 ]] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}"
fi

# Debian's binaries only: a rustup toolchain earlier in PATH must not take over.
export PATH="/usr/bin:/bin"
export RUSTC=/usr/bin/rustc
export CARGO_HOME="${CARGO_TARGET_DIR:-$here/target}/cargo-home"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$here/target}"
# wasm SIMD (Chrome 91, Firefox 89, Safari 16.4, Node 16.4): the resampler's explicit SIMD
# loops in src/resample.rs; without it the scalar loops are built (same pixels, slower).
export RUSTFLAGS="-C target-feature=+simd128 --remap-path-prefix=$here=/photo-codec --remap-path-prefix=/usr/share/cargo/registry=/registry --remap-path-prefix=$CARGO_HOME=/cargo-home"
export SOURCE_DATE_EPOCH=0
unset CARGO_BUILD_RUSTFLAGS CARGO_ENCODED_RUSTFLAGS RUSTC_WRAPPER

echo "photo-codec: $(rustc --version), $(cargo --version), $(wasm-opt --version 2>/dev/null || echo 'no wasm-opt')" >&2
(cd "$here" && cargo build --release --locked --offline --target wasm32-unknown-unknown)

built="$CARGO_TARGET_DIR/wasm32-unknown-unknown/release/photo_codec.wasm"
tmp="$out_dir/.photo_codec.wasm.tmp"
if command -v wasm-opt >/dev/null; then
  BINARYEN_CORES=1 wasm-opt -O3 --enable-simd --strip-debug --strip-producers "$built" -o "$tmp"
else
  echo "photo-codec: wasm-opt not found, the output will not match SHA256SUMS" >&2
  cp "$built" "$tmp"
fi
mv "$tmp" "$out_dir/photo_codec.wasm"
(cd "$out_dir" && sha256sum photo_codec.wasm > SHA256SUMS.tmp && mv SHA256SUMS.tmp SHA256SUMS)
cat "$out_dir/SHA256SUMS"
