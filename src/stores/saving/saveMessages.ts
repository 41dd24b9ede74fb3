import { SAVE_FAILED_PREFIX } from '../../api/client';
import { ApiError } from '../../api/http';
import { PARSE_ERROR } from '../../model/document/collageTypes';

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

/**
 * The server's own words to the customer when it refused the save, or null. Its limit answers (the
 * save quota of the hour, too many orders waiting, a material not offered: issue 26) carry a `key`
 * and an `error` already in the customer's language (server/i18n/limitMessages.ts), which the error
 * view shows. Any other failure (network, 500, a refusal without a key) keeps the generic text, and
 * so does the catalogue's parse error, which two order refusals answer with a key but in English.
 */
export function refusalReason(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return null;
  const { key, error: text } = error.body as { key?: unknown; error?: unknown };
  if (typeof key !== 'string' || typeof text !== 'string' || !text.trim()) return null;
  return text === PARSE_ERROR ? null : text;
}
