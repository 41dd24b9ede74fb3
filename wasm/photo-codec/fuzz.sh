#!/usr/bin/env bash
# Fuzzes with libFuzzer from Debian's clang runtime and Debian's rustc (SanitizerCoverage through
# stable -C flags, as cargo-fuzz does it on nightly), one of two targets:
#   colour    the colour parsers (APP2 ICC chunks, ICC profiles, the sRGB transform); seeds:
#             Debian's ICC profiles and JPEG headers carrying them
#   baseline  the baseline decoder (src/baseline) against jpeg-decoder: the same pixels or None;
#             seeds: small JPEGs made with ImageMagick (grey, 4:4:4, 4:2:2, 4:4:0, 4:2:0,
#             restart intervals, progressive) and the codec's test files
#   progressive  the progressive decoder (src/progressive) against jpeg-decoder, the same way;
#             seeds: the same small files made progressive by ImageMagick and by jpegtran
#             (its default script, restart intervals, a script with more refinement passes)
#   region    the region decode (src/baseline/region.rs) against the whole baseline decode: the
#             same pixels of the region, decoded whenever the whole is; seeds: the baseline ones
#             behind four bytes placing the region (the first byte still picks the scale)
#   wasm/photo-codec/fuzz.sh [SECONDS=600] [colour|baseline|progressive|region]   -> prints libFuzzer's summary (runs, crashes)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
seconds="${1:-600}"
target_name="${2:-colour}"
runtime=/usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.fuzzer-x86_64.a
if [[ ! -f $runtime ]]; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libclang-rt-14-dev icc-profiles-free >/dev/null
fi
export PATH="/usr/bin:/bin" RUSTC=/usr/bin/rustc
target="$here/target/fuzz"
export CARGO_HOME="$target/cargo-home"
coverage="-C passes=sancov-module -C llvm-args=-sanitizer-coverage-level=4 -C llvm-args=-sanitizer-coverage-inline-8bit-counters -C llvm-args=-sanitizer-coverage-pc-table -C llvm-args=-sanitizer-coverage-trace-compares"
(cd "$here/fuzz" && CARGO_TARGET_DIR="$target" RUSTFLAGS="$coverage -C link-arg=$runtime -C link-arg=-lstdc++ -C link-arg=-lc -C link-arg=-lm -C link-arg=-lpthread" \
  cargo build --release --offline --target x86_64-unknown-linux-gnu --bin "fuzz_$target_name")
corpus="$target/corpus-$target_name"
mkdir -p "$corpus"
if [[ $target_name == baseline || $target_name == progressive || $target_name == region ]]; then
  source_photo="$here/../../workers/codec/test/rgb-48x32.jpg"
  cp "$source_photo" "$corpus/rgb-48x32.jpg"
  n=0
  for sampling in 1x1 2x1 1x2 2x2; do
    for size in 8x8 17x9 40x27; do
      n=$((n + 1))
      convert "$source_photo" -resize "$size!" -sampling-factor "$sampling" -quality 85 "$corpus/s$n.jpg"
      convert "$source_photo" -resize "$size!" -sampling-factor "$sampling" -define jpeg:restart-interval=1 "$corpus/r$n.jpg"
    done
  done
  convert "$source_photo" -colorspace Gray "$corpus/grey.jpg"
  convert "$source_photo" -interlace JPEG "$corpus/progressive.jpg"
  if [[ $target_name == progressive ]]; then
    echo '0: 0 0 0 1; 1 2: 0 0 0 1; 0: 1 5 0 2; 2: 1 63 0 1; 1: 1 63 0 1; 0: 6 63 0 2; 0: 1 63 2 1; 0 1 2: 0 0 1 0; 2: 1 63 1 0; 1: 1 63 1 0; 0: 1 63 1 0;' > "$target/script.txt"
    for seed in "$corpus"/[sr][0-9]*.jpg; do
      jpegtran -progressive "$seed" > "${seed%.jpg}-p.jpg"
      jpegtran -scans "$target/script.txt" "$seed" > "${seed%.jpg}-q.jpg"
      jpegtran -progressive -restart 2B "$seed" > "${seed%.jpg}-t.jpg"
      rm "$seed"
    done
    jpegtran -progressive "$corpus/grey.jpg" > "$corpus/grey-p.jpg"
    rm "$corpus/grey.jpg" "$corpus/rgb-48x32.jpg"
  fi
  # The first byte picks the DCT scale: every seed once per scale (for region, then four bytes
  # placing the region: a corner pixel, an inner part, the whole).
  places=('' )
  [[ $target_name == region ]] && places=('\x00\x00\x00\x00' '\x40\x50\x80\x80' '\x00\x00\xff\xff')
  for seed in "$corpus"/*.jpg; do
    for choice in 0 1 2 3; do
      for n in "${!places[@]}"; do { printf "\\x0$choice${places[$n]}"; cat "$seed"; } > "$seed.$choice.$n"; done
    done
    rm "$seed"
  done
  "$target/x86_64-unknown-linux-gnu/release/fuzz_$target_name" "$corpus" -max_total_time="$seconds" -timeout=10 -max_len=20000 -rss_limit_mb=2048 -print_final_stats=1 2>&1 | tail -25
  exit 0
fi
# Seeds: each profile as mode 0 (a profile), and as mode 1 inside a JPEG header's APP2 chunks.
for profile in /usr/share/color/icc/*.icc /usr/share/color/icc/ghostscript/*.icc; do
  name="$(basename "$profile")"
  { printf '\x00'; cat "$profile"; } > "$corpus/icc-$name"
  python3 - "$profile" "$corpus/jpeg-$name" <<'PY'
import sys
data = open(sys.argv[1], 'rb').read()
pieces = [data[i:i + 60000] for i in range(0, len(data), 60000)] or [b'']
out = b'\x01\xff\xd8'
for n, piece in enumerate(pieces, 1):
    payload = b'ICC_PROFILE\x00' + bytes([n, len(pieces)]) + piece
    out += b'\xff\xe2' + (len(payload) + 2).to_bytes(2, 'big') + payload
open(sys.argv[2], 'wb').write(out + b'\xff\xda\x00\x08\x01\x01\x00\x00\x3f\x00')
PY
done
"$target/x86_64-unknown-linux-gnu/release/fuzz_colour" "$corpus" -max_total_time="$seconds" -timeout=10 -max_len=400000 -rss_limit_mb=2048 -print_final_stats=1 2>&1 | tail -25
