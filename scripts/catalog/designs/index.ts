/** Every static designer template of the catalog, in themes.xml order. */
import { botanical } from './botanical';
import { retroSun } from './retroSun';
import { modernGold } from './modernGold';
import { polaroids } from './polaroids';
import { party } from './party';
import { brushStrokes } from './brushStrokes';
import { chalkboard } from './chalkboard';
import { passePartout } from './passePartout';
import type { Design } from './types';
import { vintagePaper } from './vintagePaper';
import { watercolour } from './watercolour';

export const DESIGNS: Design[] = [
  watercolour,
  botanical,
  vintagePaper,
  retroSun,
  modernGold,
  polaroids,
  party,
  brushStrokes,
  chalkboard,
  passePartout,
];
