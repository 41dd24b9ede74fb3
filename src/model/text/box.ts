/** The area a text may use inside its slot. */

export interface TextBox {
  widthCm: number;
  heightCm: number;
}

/** The spec's text margin: 16 % of the slot's smaller side, on every side. */
export const TEXT_MARGIN_FRACTION = 0.16;

export function textMarginCm(box: TextBox): number {
  return TEXT_MARGIN_FRACTION * Math.max(0, Math.min(box.widthCm, box.heightCm));
}

/** The slot minus the text margin and the style's padding on every side (never negative). */
export function innerTextBox(box: TextBox, paddingCm: number): TextBox {
  const inset = textMarginCm(box) + Math.max(0, paddingCm);
  return {
    widthCm: Math.max(0, box.widthCm - 2 * inset),
    heightCm: Math.max(0, box.heightCm - 2 * inset),
  };
}

export const TITLE_SLOT = 'txt1';
export const SUBTITLE_SLOT = 'txt2';

/**
 * The box a slot's text is fitted in. The title (txt1) may use twice its layer's height when the
 * layout also has a subtitle (txt2): the spec's rule, which lets a title grow over the subtitle's
 * band instead of shrinking to the subtitle's size.
 */
export function fitBoxForSlot(slot: string, box: TextBox, hasSubtitle: boolean): TextBox {
  return slot === TITLE_SLOT && hasSubtitle
    ? { widthCm: box.widthCm, heightCm: box.heightCm * 2 }
    : { ...box };
}
