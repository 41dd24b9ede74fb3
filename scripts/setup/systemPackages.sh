#!/usr/bin/env bash
# The Debian packages the tests and benchmarks use, installed when missing: `npm test` runs this first
# (its pretest), so that on a fresh machine of this kind the README's test line needs nothing by hand.
#   chromium            the end-to-end tests and the browser benchmarks (CHROMIUM_PATH points elsewhere)
#   imagemagick         with lcms: the colour-managed test photos of scripts/photoPreview.test.ts
#   icc-profiles-free   the ICC profiles those photos and server/print/iccProfile.test.ts convert into
#   libjpeg-turbo-progs djpeg and jpegtran, the codec benchmarks' native reference
#   valgrind            bench:ci's instruction counts
# As root it installs them with apt-get; otherwise it names them and stops.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

echo "Node.js $(node -v) ($(command -v node))"

has() { command -v "$1" >/dev/null 2>&1; }
missing=()
{ [ -n "${CHROMIUM_PATH:-}" ] || has chromium; } || missing+=(chromium)
[ -x /usr/bin/convert ] || [ -x /usr/bin/magick ] || missing+=(imagemagick)
[ -f /usr/share/color/icc/compatibleWithAdobeRGB1998.icc ] || missing+=(icc-profiles-free)
{ has djpeg && has jpegtran; } || missing+=(libjpeg-turbo-progs)
has valgrind || missing+=(valgrind)

if ((${#missing[@]} == 0)); then
  exit 0
fi
if [ "$(id -u)" != 0 ]; then
  echo "Missing Debian packages: ${missing[*]}. Install them with: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "Installing Debian packages: ${missing[*]}"
apt-get update -qq
apt-get install -y -qq "${missing[@]}" >/dev/null
