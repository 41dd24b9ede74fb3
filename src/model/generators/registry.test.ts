import { describe, expect, it } from 'vitest';
import {
  GENERATORS,
  generatorFor,
  generatorForSource,
  generatorNameFromSource,
  hasGenerator,
} from './registry';

describe('registry', () => {
  it('holds every generator under its own name', () => {
    for (const [name, generator] of Object.entries(GENERATORS)) expect(generator.name).toBe(name);
    for (const name of [
      'alleven',
      'onelarge',
      'instagram',
      'mosaiccross',
      'mosaic1',
      'mosaiceven',
      'mosaicinsta',
      'single',
      'scrambled',
      'tiles',
    ]) {
      expect(hasGenerator(name)).toBe(true);
    }
  });

  it('drops the 4-character prefix of the source and maps numberdigit to number', () => {
    expect(generatorNameFromSource('gen:mosaiccross')).toBe('mosaiccross');
    expect(generatorNameFromSource('gen:numberdigit')).toBe('number');
    expect(generatorNameFromSource('gen:numberyear')).toBe('numberyear');
    expect(generatorNameFromSource(undefined)).toBe('');
    expect(generatorForSource('gen:tiles').name).toBe('tiles');
  });

  it('falls back to alleven for unknown, empty and prototype names', () => {
    expect(generatorFor('nonsense').name).toBe('alleven');
    expect(generatorFor('').name).toBe('alleven');
    expect(generatorFor('constructor').name).toBe('alleven');
    expect(generatorFor('__proto__').name).toBe('alleven');
    expect(generatorForSource(undefined).name).toBe('alleven');
  });
});
