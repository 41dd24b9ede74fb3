/** Node only: reads and parses catalog/shapes.xml once per process, for the print server, the contact sheet, the catalog scripts and tests. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseNumberShapes, type NumberShapes } from '../../src/model/generators/numberShapes';

export const SHAPES_FILE = fileURLToPath(new URL('../../catalog/shapes.xml', import.meta.url));

let cached: NumberShapes | undefined;

/** The shop's shapes file, parsed once per process. */
export function loadNumberShapes(): NumberShapes {
  cached ??= parseNumberShapes(readFileSync(SHAPES_FILE, 'utf8'));
  return cached;
}
