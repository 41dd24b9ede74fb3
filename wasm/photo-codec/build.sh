#!/usr/bin/env bash
# Builds photo_codec.wasm (wasm SIMD) and photo_codec_scalar.wasm (no SIMD) reproducibly with Debian's Rust toolchain and Debian's packaged
# crates (no crates.io, no rustup), then optimises it with binaryen's wasm-opt.
#   wasm/photo-codec/build.sh            -> writes both modules and SHA256SUMS here
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
target_root="${CARGO_TARGET_DIR:-$here/target}"
export CARGO_HOME="$target_root/cargo-home"
export SOURCE_DATE_EPOCH=0
unset CARGO_BUILD_RUSTFLAGS CARGO_ENCODED_RUSTFLAGS RUSTC_WRAPPER
common_flags="--remap-path-prefix=$here=/photo-codec --remap-path-prefix=/usr/share/cargo/registry=/registry --remap-path-prefix=$CARGO_HOME=/cargo-home"

echo "photo-codec: $(rustc --version), $(cargo --version), $(wasm-opt --version 2>/dev/null || echo 'no wasm-opt')" >&2

# build_module OUTPUT_NAME TARGET_SUBDIR "EXTRA_RUSTFLAGS" WASM_OPT_FEATURES...
# Each module has its own target dir: cargo would otherwise rebuild everything whenever the
# RUSTFLAGS change between the two builds.
build_module() {
  local name="$1" subdir="$2" extra_flags="$3"
  shift 3
  local built="$target_root/$subdir/wasm32-unknown-unknown/release/photo_codec.wasm"
  local tmp="$out_dir/.$name.tmp"
  (cd "$here" && CARGO_TARGET_DIR="$target_root/$subdir" RUSTFLAGS="$extra_flags $common_flags" \
    cargo build --release --locked --offline --target wasm32-unknown-unknown)
  if command -v wasm-opt >/dev/null; then
    # The feature flags also validate: wasm-opt refuses a SIMD instruction in the scalar module.
    BINARYEN_CORES=1 wasm-opt -O3 "$@" --strip-debug --strip-producers "$built" -o "$tmp"
  else
    echo "photo-codec: wasm-opt not found, $name will not match SHA256SUMS" >&2
    cp "$built" "$tmp"
  fi
  mv "$tmp" "$out_dir/$name"
}

# wasm SIMD (Chrome 91, Firefox 89, Safari 16.4, Node 16.4): the resampler's explicit SIMD
# loops in src/resample.rs. Browsers without wasm SIMD (iOS before 16.4) cannot even compile
# that module, so the same sources are built a second time without +simd128: the scalar
# loops, same pixels, slower. workers/codec/codecWasm.ts picks one per runtime.
build_module photo_codec.wasm simd "-C target-feature=+simd128" --enable-simd
build_module photo_codec_scalar.wasm scalar "" --mvp-features

(cd "$out_dir" && sha256sum photo_codec.wasm photo_codec_scalar.wasm > SHA256SUMS.tmp && mv SHA256SUMS.tmp SHA256SUMS)
cat "$out_dir/SHA256SUMS"
