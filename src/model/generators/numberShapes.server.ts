/** Node only (excluded from the browser build's typecheck): read and parse catalog/shapes.xml for tests, the contact sheet and the print server. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseNumberShapes, type NumberShapes } from './numberShapes';

export const SHAPES_FILE = fileURLToPath(new URL('../../../catalog/shapes.xml', import.meta.url));

let cached: NumberShapes | undefined;

/** The shop's shapes file, parsed once per process. */
export function loadNumberShapes(): NumberShapes {
  cached ??= parseNumberShapes(readFileSync(SHAPES_FILE, 'utf8'));
  return cached;
}
