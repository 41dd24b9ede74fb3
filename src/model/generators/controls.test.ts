import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { MaterialCode } from '../catalog/types';
import {
  applyHideRules,
  changeMaterial,
  clampAll,
  CONTROL_LABELS,
  controlsToSettings,
  filterDecimalInput,
  filterNumberValueInput,
  isFixedControl,
  isMarginControl,
  makeControl,
  materialChangeResetsMargin,
  numberValueMaxDigits,
  numberValueRange,
  stepControl,
  typeControlValue,
} from './controls';
import type { Control } from './types';
import { MATERIAL_CODES } from '../../../tests/support/model/generatorArbitraries';

function grid(overrides: Partial<Record<string, number>> = {}): Control[] {
  return [
    makeControl('numberVert', CONTROL_LABELS.columns, 'number', overrides.numberVert ?? 3, {
      min: 1,
      max: 10,
    }),
    makeControl('numberHor', CONTROL_LABELS.rows, 'number', overrides.numberHor ?? 4, {
      min: 1,
      max: 8,
    }),
    makeControl('borderCM', CONTROL_LABELS.spacing, 'arrow', overrides.borderCM ?? 0.5, {
      min: 0,
      max: 2,
      step: 0.1,
    }),
    makeControl('marginCM', CONTROL_LABELS.margin, 'arrow', overrides.marginCM ?? 0.5, {
      min: 0.5,
      max: 2,
      step: 0.1,
    }),
    makeControl('hasText', CONTROL_LABELS.text, 'arrow', overrides.hasText ?? 0, {
      min: 0,
      max: 4,
    }),
  ];
}

const current = (controls: readonly Control[], name: string) =>
  controls.find((control) => control.name === name)!.current;

describe('makeControl', () => {
  it('clamps its start value and defaults the step to 1', () => {
    expect(makeControl('a', 'x', 'number', 20, { min: 1, max: 12 })).toEqual({
      name: 'a',
      label: 'x',
      type: 'number',
      current: 12,
      min: 1,
      max: 12,
      step: 1,
      hidden: false,
    });
  });
});

describe('stepping', () => {
  it('moves by the step', () => {
    expect(current(stepControl(grid(), 'numberVert', 1), 'numberVert')).toBe(4);
    expect(current(stepControl(grid(), 'numberVert', -1), 'numberVert')).toBe(2);
    expect(current(stepControl(grid(), 'borderCM', 1), 'borderCM')).toBe(0.6);
  });

  it('keeps decimal steps exact (no 0.30000000000000004)', () => {
    let controls: readonly Control[] = grid({ borderCM: 0 });
    for (let i = 0; i < 20; i++) controls = stepControl(controls, 'borderCM', 1);
    expect(current(controls, 'borderCM')).toBe(2);
    const seen: number[] = [];
    for (let i = 0; i < 20; i++) {
      controls = stepControl(controls, 'borderCM', -1);
      seen.push(current(controls, 'borderCM'));
    }
    expect(seen).toEqual([
      1.9, 1.8, 1.7, 1.6, 1.5, 1.4, 1.3, 1.2, 1.1, 1, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2, 0.1,
      0,
    ]);
  });

  it('does nothing at a bound: the very same list comes back', () => {
    const atMax = grid({ numberVert: 10 });
    expect(stepControl(atMax, 'numberVert', 1)).toBe(atMax);
    const atMin = grid({ borderCM: 0 });
    expect(stepControl(atMin, 'borderCM', -1)).toBe(atMin);
    const controls = grid();
    expect(stepControl(controls, 'unknown', 1)).toBe(controls);
  });

  it('clamps a step that overshoots the bound', () => {
    const controls = [
      makeControl('margin', CONTROL_LABELS.margin, 'arrow', 4, { min: 0, max: 4.5, step: 0.5 }),
    ];
    const odd = [{ ...controls[0]!, current: 4.3 }];
    expect(current(stepControl(odd, 'margin', 1), 'margin')).toBe(4.5);
  });

  it('re-clamps every other control', () => {
    // The columns range shrank (a smaller size) while its value stayed: any change clamps it back.
    const stale = grid().map((control) =>
      control.name === 'numberVert' ? { ...control, current: 12 } : control,
    );
    const next = stepControl(stale, 'numberHor', 1);
    expect(current(next, 'numberVert')).toBe(10);
    expect(current(next, 'numberHor')).toBe(5);
  });

  it('always stays in range and returns the same list exactly at a bound', () => {
    const names = ['numberVert', 'numberHor', 'borderCM', 'marginCM', 'hasText'];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...names), fc.constantFrom<1 | -1>(1, -1)), {
          maxLength: 60,
        }),
        (moves) => {
          let controls: readonly Control[] = grid();
          for (const [name, direction] of moves) {
            const before = controls.find((control) => control.name === name)!;
            const atBound =
              direction === 1 ? before.current >= before.max : before.current <= before.min;
            const next = stepControl(controls, name, direction);
            if (atBound) expect(next).toBe(controls);
            else expect(Math.abs(current(next, name) - before.current)).toBeCloseTo(before.step, 9);
            controls = next;
            for (const control of controls) {
              expect(control.current).toBeGreaterThanOrEqual(control.min);
              expect(control.current).toBeLessThanOrEqual(control.max);
            }
          }
        },
      ),
    );
  });
});

describe('typed input', () => {
  it('takes a whole number within range', () => {
    expect(current(typeControlValue(grid(), 'numberVert', '7'), 'numberVert')).toBe(7);
    expect(current(typeControlValue(grid(), 'numberVert', ' 10 '), 'numberVert')).toBe(10);
    expect(current(typeControlValue(grid(), 'numberVert', '1'), 'numberVert')).toBe(1);
  });

  it('restores the old value for anything else: the same list comes back', () => {
    const controls = grid();
    for (const typed of ['0', '11', '3.5', '3,5', '-2', '', 'abc', '1e1', '0x5', '3'])
      expect(typeControlValue(controls, 'numberVert', typed)).toBe(controls);
    expect(typeControlValue(controls, 'unknown', '3')).toBe(controls);
  });

  it('accepts exactly the whole numbers in [min, max]', () => {
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 50 }), (value) => {
        const controls = grid();
        const next = typeControlValue(controls, 'numberHor', String(value));
        const acceptable = value >= 1 && value <= 8 && value !== 4;
        if (acceptable) expect(current(next, 'numberHor')).toBe(value);
        else expect(next).toBe(controls);
      }),
    );
  });
});

describe('hide rules', () => {
  it('hides the margin while a text is shown', () => {
    const withText = typeControlValue(grid(), 'hasText', '2');
    expect(withText.find((control) => control.name === 'marginCM')!.hidden).toBe(true);
    const without = stepControl(stepControl(withText, 'hasText', -1), 'hasText', -1);
    expect(without.find((control) => control.name === 'marginCM')!.hidden).toBe(false);
  });

  it('hides playful with fontset 3 (the shape set)', () => {
    const number = [
      makeControl('fontset', CONTROL_LABELS.fontset, 'arrow', 2, { min: 0, max: 3 }),
      makeControl('playfull', CONTROL_LABELS.playful, 'arrow', 1, { min: 0, max: 1 }),
    ];
    const shape = stepControl(number, 'fontset', 1);
    expect(shape.find((control) => control.name === 'playfull')!.hidden).toBe(true);
    expect(
      stepControl(shape, 'fontset', -1).find((control) => control.name === 'playfull')!.hidden,
    ).toBe(false);
  });

  it('reads the saved settings when the control itself is absent, and returns the same list when nothing changes', () => {
    const single = [
      makeControl('margin', CONTROL_LABELS.margin, 'arrow', 1, { min: 0.5, max: 2, step: 0.5 }),
    ];
    expect(applyHideRules(single, { hasText: '1' })[0]!.hidden).toBe(true);
    expect(applyHideRules(single, { hasText: '0' })).toBe(single);
    expect(applyHideRules(single)).toBe(single);
    const playful = [
      makeControl('playfull', CONTROL_LABELS.playful, 'arrow', 1, { min: 0, max: 1 }),
    ];
    expect(applyHideRules(playful, { fontset: '3' })[0]!.hidden).toBe(true);
  });

  it('hides a control whose minimum reaches its maximum, never the date input', () => {
    const rows = makeControl('numberHor', CONTROL_LABELS.rows, 'number', 4, { min: 4, max: 4 });
    const squeezed = makeControl('numberVert', CONTROL_LABELS.columns, 'number', 3, {
      min: 3,
      max: 2,
    });
    const free = makeControl('borderCM', CONTROL_LABELS.spacing, 'arrow', 1, {
      min: 0,
      max: 2,
      step: 0.1,
    });
    const date: Control = {
      name: 'numberValue',
      label: 'controls.date',
      type: 'input',
      current: 0,
      min: 0,
      max: 0,
      step: 1,
      hidden: false,
      text: '24-12-2025',
    };
    const shown = applyHideRules([rows, squeezed, free, date]);
    expect(shown.map((control) => control.hidden)).toEqual([true, true, false, false]);
    expect(isFixedControl(date)).toBe(false);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 12 }), (min, max) => {
        const [control] = applyHideRules([{ ...free, min, max, current: min }]);
        expect(control!.hidden).toBe(min >= max);
      }),
    );
  });

  it('treats the pile border, labelled margin, as the margin', () => {
    const pileBorder = makeControl('borderCM', CONTROL_LABELS.margin, 'arrow', 1, {
      min: 0.5,
      max: 2,
      step: 0.1,
    });
    expect(isMarginControl(pileBorder)).toBe(true);
    expect(
      isMarginControl(
        makeControl('borderCM', CONTROL_LABELS.spacing, 'arrow', 1, { min: 0, max: 2 }),
      ),
    ).toBe(false);
  });
});

describe('material change', () => {
  const codes: MaterialCode[] = MATERIAL_CODES;
  const canvas = (code: MaterialCode) => code === 'CANVAS2CM' || code === 'CANVAS4CM';

  it('resets the margin from none to any, or to canvas from non-canvas', () => {
    for (const from of codes)
      for (const to of codes) {
        const expected = from !== to && (from === '' || (canvas(to) && !canvas(from)));
        expect(materialChangeResetsMargin(from, to), `${from} → ${to}`).toBe(expected);
      }
  });

  it('sets the margin to 0 and then clamps it to the new range', () => {
    // Single generator: canvas 2 cm allows 0 to 4.5, no material 0.5 to 2.
    const forCanvas = [
      makeControl('margin', CONTROL_LABELS.margin, 'arrow', 2, { min: 0, max: 4.5, step: 0.5 }),
    ];
    expect(current(changeMaterial(forCanvas, 'POSTER', 'CANVAS2CM'), 'margin')).toBe(0);
    const forPoster = grid({ marginCM: 1.5 });
    expect(current(changeMaterial(forPoster, '', 'POSTER'), 'marginCM')).toBe(0.5);
  });

  it('keeps the margin otherwise, clamping all', () => {
    const controls = grid({ marginCM: 1.5 });
    expect(changeMaterial(controls, 'CANVAS2CM', 'CANVAS4CM')).toBe(controls);
    expect(changeMaterial(controls, 'POSTER', '')).toBe(controls);
    const shrunk = controls.map((control) =>
      control.name === 'marginCM' ? { ...control, max: 1 } : control,
    );
    expect(current(changeMaterial(shrunk, 'CANVAS2CM', 'POSTER'), 'marginCM')).toBe(1);
  });

  it('returns the same list when the margin is already 0 and in range', () => {
    const controls = [
      makeControl('marginCM', CONTROL_LABELS.margin, 'arrow', 0, { min: 0, max: 2, step: 0.1 }),
    ];
    expect(changeMaterial(controls, '', 'CANVAS4CM')).toBe(controls);
  });
});

describe('clampAll and settings', () => {
  it('clamps out-of-range values and leaves good lists alone', () => {
    const controls = grid();
    expect(clampAll(controls)).toBe(controls);
    const broken = controls.map((control) => ({ ...control, current: -5 }));
    expect(clampAll(broken).map((control) => control.current)).toEqual([1, 1, 0, 0.5, 0]);
  });

  it('writes current values back as name/value strings, keeping other settings', () => {
    expect(controlsToSettings(grid({ borderCM: 1.2 }), { layout: '2' })).toEqual({
      layout: '2',
      numberVert: '3',
      numberHor: '4',
      borderCM: '1.2',
      marginCM: '0.5',
      hasText: '0',
    });
  });
});

describe('number inputs (§5)', () => {
  it('digit type: digits only, at most 3 (max 999); year and date: 4 (max 9999); minimum 0', () => {
    expect(numberValueMaxDigits('number')).toBe(3);
    expect(numberValueMaxDigits('numberdigit')).toBe(3);
    expect(numberValueMaxDigits('numberyear')).toBe(4);
    expect(numberValueMaxDigits('numberdate')).toBe(4);
    expect(numberValueRange('number')).toEqual({ min: 0, max: 999 });
    expect(numberValueRange('numberyear')).toEqual({ min: 0, max: 9999 });
    expect(filterNumberValueInput('12a34', 'number')).toBe('123');
    expect(filterNumberValueInput('-2025.5', 'numberyear')).toBe('2025');
    expect(filterNumberValueInput('20,25', 'numberdate')).toBe('2025');
  });

  it('the filtered value always parses within the range', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.constantFrom('number', 'numberyear', 'numberdate'),
        (typed, generator) => {
          const filtered = filterNumberValueInput(typed, generator);
          expect(filtered).toMatch(/^\d*$/);
          if (filtered) {
            const { min, max } = numberValueRange(generator);
            expect(Number(filtered)).toBeGreaterThanOrEqual(min);
            expect(Number(filtered)).toBeLessThanOrEqual(max);
          }
        },
      ),
    );
  });

  it('other number inputs keep digits, dot and comma', () => {
    expect(filterDecimalInput('45,5 cm')).toBe('45,5');
    expect(filterDecimalInput('-1.2e3')).toBe('1.23');
    fc.assert(
      fc.property(fc.string(), (typed) => {
        expect(filterDecimalInput(typed)).toMatch(/^[\d.,]*$/);
      }),
    );
  });
});
