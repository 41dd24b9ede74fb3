/** Every static designer template of the catalog, in themes.xml order. */
import { botanical } from './botanical';
import { retroSun } from './retroSun';
import type { Design } from './types';
import { vintagePaper } from './vintagePaper';
import { watercolour } from './watercolour';

export const DESIGNS: Design[] = [watercolour, botanical, vintagePaper, retroSun];
