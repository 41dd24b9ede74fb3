/**
 * The Debian tools and files some tests call. A test asks for one here before using it, so that a
 * machine without it fails with the package to install, not with a missing file or a stand-in's
 * answer (npm test's pretest, scripts/setup/systemPackages.sh, installs them all as root).
 */
import { existsSync } from 'node:fs';

/** `path`, or an error naming the Debian package that brings it. */
export function systemFile(path: string, debianPackage: string, exists = existsSync): string {
  if (exists(path)) return path;
  throw new Error(
    `${path} is missing: install Debian's ${debianPackage} (apt-get install -y ${debianPackage}), ` +
      'as npm test does first when run as root (scripts/setup/systemPackages.sh)',
  );
}

/** ImageMagick's command: `magick` (7) where there is one, else `convert` (6). Never the PATH's first
 * `convert`, which may be something else. */
export function imageMagick(): string {
  if (existsSync('/usr/bin/magick')) return '/usr/bin/magick';
  return systemFile('/usr/bin/convert', 'imagemagick');
}

/** ImageMagick's `identify`. */
export function imageMagickIdentify(): string {
  return systemFile('/usr/bin/identify', 'imagemagick');
}

/** The folder of Debian's free ICC profiles (sRGB.icc, compatibleWithAdobeRGB1998.icc, …). */
export function iccProfileFolder(): string {
  systemFile('/usr/share/color/icc/compatibleWithAdobeRGB1998.icc', 'icc-profiles-free');
  return '/usr/share/color/icc';
}
