import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  breakpoints,
  deleteButtonFits,
  DELETE_BUTTON_MARGIN_PX,
  DELETE_BUTTON_PX,
  editorRoute,
  isDragMove,
  shortTemplateName,
  viewportHeight,
} from './editorRules';

describe('editor rules', () => {
  it('shortens names over 14 characters to 11 plus ...', () => {
    expect(shortTemplateName('Raster')).toBe('Raster');
    expect(shortTemplateName('Mozaïek kruis!')).toBe('Mozaïek kruis!');
    expect(shortTemplateName('Hoofdfoto met rand')).toBe('Hoofdfoto m...');
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (name) => {
        const short = shortTemplateName(name);
        const length = [...name].length;
        if (length <= 14) return short === name;
        return (
          [...short].length === 14 && short.endsWith('...') && name.startsWith(short.slice(0, -3))
        );
      }),
    );
  });

  it('measures the viewport by width: minus 136 under 550, else minus 70', () => {
    expect(viewportHeight(549, 700)).toBe(564);
    expect(viewportHeight(550, 700)).toBe(630);
    expect(viewportHeight(320, 100)).toBe(0);
    expect(breakpoints(399)).toEqual({ narrow: true, mobile: true, tablet: true });
    expect(breakpoints(829)).toEqual({ narrow: false, mobile: false, tablet: true });
    expect(breakpoints(830)).toEqual({ narrow: false, mobile: false, tablet: false });
  });

  it('ignores moves under 300 ms and under 15 px', () => {
    expect(isDragMove(299, 10, 10)).toBe(false);
    expect(isDragMove(299, 15, 0)).toBe(true);
    expect(isDragMove(300, 0, 1)).toBe(true);
    fc.assert(
      fc.property(
        fc.nat(299),
        fc.double({ min: -10, max: 10, noNaN: true }),
        fc.double({ min: -10, max: 10, noNaN: true }),
        (ms, dx, dy) => !isDragMove(ms, dx, dy),
      ),
    );
  });

  it('routes the editor: no template to the design list, a foreign saved id to the error screen', () => {
    expect(editorRoute(false, undefined, null)).toBe('designList');
    expect(editorRoute(false, '12', '12')).toBe('designList');
    expect(editorRoute(true, undefined, null)).toBe('show');
    expect(editorRoute(true, '12', '12')).toBe('show');
    expect(editorRoute(true, '12', null)).toBe('error');
    expect(editorRoute(true, '12', '13')).toBe('error');
  });

  it('puts the delete button only on slots where it and its margins fit twice each way', () => {
    const room = 2 * (DELETE_BUTTON_PX + DELETE_BUTTON_MARGIN_PX);
    expect(deleteButtonFits(room, room)).toBe(true);
    expect(deleteButtonFits(room - 1, 400)).toBe(false);
    expect(deleteButtonFits(400, room - 1)).toBe(false);
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 2000, noNaN: true }),
        fc.double({ min: 0, max: 2000, noNaN: true }),
        (w, h) => deleteButtonFits(w, h) === Math.min(w, h) >= room,
      ),
    );
  });
});
