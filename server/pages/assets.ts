import fs from 'node:fs';
import path from 'node:path';

const CIPHER_ENTRY = 'src/shop/passwordCipherEntry.ts';
const cache = new Map<string, string | null>();

/**
 * URL of the built password cipher module (vite build writes its hashed name into the manifest);
 * null when the SPA is not built (API-only servers), and the sign-in form then says it failed.
 */
export function shopCipherUrl(staticDir: string | undefined): string | null {
  if (!staticDir) return null;
  if (!cache.has(staticDir)) {
    let url: string | null;
    try {
      const manifest = JSON.parse(
        fs.readFileSync(path.join(staticDir, '.vite', 'manifest.json'), 'utf8'),
      ) as Record<string, { file?: string }>;
      const file = manifest[CIPHER_ENTRY]?.file;
      url = file ? `/${file}` : null;
    } catch {
      url = null;
    }
    cache.set(staticDir, url);
  }
  return cache.get(staticDir) ?? null;
}
