import { loadCanvasKit, makeSurface, saveSurface, color } from './ck';
import { Fonts, FONT_PACKAGES } from './fonts';
import { makeFont, drawLine } from './text';
const ck = await loadCanvasKit();
const fonts = new Fonts(ck);
const s = makeSurface(ck, 700, 420); const c = s.getCanvas(); c.clear(color(ck, '#ffffff'));
const p = new ck.Paint(); p.setColor(color(ck, '#222222')); p.setAntiAlias(true);
let y = 45;
for (const fam of Object.keys(FONT_PACKAGES)) { const f = makeFont(ck, fonts.typeface(fam), 34); drawLine(c, { font: f, spacingEm: fam === 'Montserrat' ? 0.2 : 0 }, `${fam}: Geniet van de kleine dingen é ë`, 10, y, p); y += 50; }
saveSurface(ck, s, '/tmp/cd/fonts.png');
