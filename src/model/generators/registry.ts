/**
 * Generator name → Generator. A plain map: each family adds its entries to GENERATORS.
 * Unknown names fall back to alleven, as the spec wants.
 */
import { alleven, instagram, onelarge } from './grid';
import { mosaicinsta } from './insta';
import { mosaic1, mosaiceven } from './mosaic';
import { mosaiccross } from './mosaic-cross';
import { heartGenerator } from './heart';
import { numberGenerators } from './number';
import type { NumberShapes } from './numberShapes';
import { pilealleven, pileonelarge } from './pile';
import { bordersplit, normalsplit } from './split';
import { scrambled } from './scrambled';
import { single } from './single';
import { tiles } from './tiles';
import type { Generator } from './types';

export const FALLBACK_GENERATOR = 'alleven';

export const GENERATORS: Record<string, Generator> = {
  alleven,
  onelarge,
  instagram,
  mosaiccross,
  mosaic1,
  mosaiceven,
  mosaicinsta,
  heart: heartGenerator,
  pilealleven,
  pileonelarge,
  normalsplit,
  bordersplit,
  single,
  scrambled,
  tiles,
};

/** The number designs draw from the shapes file, which the caller loads: add them once it is parsed. */
export function registerNumberGenerators(shapes: NumberShapes): void {
  Object.assign(GENERATORS, numberGenerators(shapes));
}

/** Source names that differ from the generator's name. */
export const SOURCE_ALIASES: Record<string, string> = {
  numberdigit: 'number',
};

/** 'gen:alleven' → 'alleven': the spec drops a 4-character prefix; aliases map source names. */
export function generatorNameFromSource(source: string | undefined): string {
  const name = (source ?? '').slice(4).trim();
  return SOURCE_ALIASES[name] ?? name;
}

export function hasGenerator(name: string): boolean {
  return Object.hasOwn(GENERATORS, name);
}

export function generatorFor(name: string): Generator {
  return (hasGenerator(name) ? GENERATORS[name] : undefined) ?? GENERATORS[FALLBACK_GENERATOR]!;
}

export function generatorForSource(source: string | undefined): Generator {
  return generatorFor(generatorNameFromSource(source));
}
