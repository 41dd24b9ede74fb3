import { SAVE_FAILED_PREFIX } from '../../api/client';

export { SAVE_FAILED_PREFIX };

/**
 * The save flow's entries of the error catalogue (editor-core §8). These are the technical messages
 * for logs and analytics; the dialog shows the Dutch texts of the locale files.
 */
export const ALREADY_BUSY_SAVING = 'Already busy saving.';
export const FILE_NOT_READABLE = 'Could not find file on disk';

/** 'Error uploading with reason …' plus counts: the distinct reasons, how many failed of how many. */
export function uploadErrorMessage(
  reasons: readonly string[],
  failed: number,
  total: number,
): string {
  const distinct = [...new Set(reasons)].join('; ');
  return `Error uploading with reason ${distinct} (${failed} of ${total} photos failed)`;
}

/** "Couldn't save: …", added once. */
export function saveFailedMessage(error: unknown): string {
  const reason = errorText(error);
  return reason.startsWith(SAVE_FAILED_PREFIX) ? reason : SAVE_FAILED_PREFIX + reason;
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
