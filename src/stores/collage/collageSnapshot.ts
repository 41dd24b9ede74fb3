import type { SlotData } from '../../model/layout/slotData';
import type { Layout } from '../../model/layout/types';
import type { FormatSnapshot } from './formatTypes';

/** Everything an undo step restores. Immutable: edits replace the parts they change. */
export interface CollageSnapshot {
  format: FormatSnapshot | undefined;
  slots: SlotData;
  archive: SlotData;
  restored: SlotData | undefined;
  slotsLayoutKey: string;
  backgroundColor: string;
  photoBorderAutomatic: boolean;
  photoBorderColor: string;
}

/** The overlay colour a generated layout brings: its background shape's fill. */
export function layoutBackgroundFill(layout: Layout | undefined): string | undefined {
  const shape = layout?.layers.find(
    (layer) => layer.kind === 'shape' && layer.role === 'background',
  );
  return shape?.kind === 'shape' ? shape.fill : undefined;
}

/** Whether two snapshots show the same collage (an edit that changed nothing is no undo step). */
export function sameSnapshot(a: CollageSnapshot, b: CollageSnapshot): boolean {
  const formatSame =
    a.format === b.format ||
    (a.format !== undefined &&
      b.format !== undefined &&
      a.format.template === b.format.template &&
      a.format.sizeId === b.format.sizeId &&
      a.format.material === b.format.material &&
      a.format.settings === b.format.settings &&
      a.format.seed === b.format.seed);
  return (
    formatSame &&
    a.slots === b.slots &&
    a.backgroundColor === b.backgroundColor &&
    a.photoBorderAutomatic === b.photoBorderAutomatic &&
    a.photoBorderColor === b.photoBorderColor
  );
}
