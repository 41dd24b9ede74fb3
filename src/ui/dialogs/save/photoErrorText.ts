import { CMYK_PHOTO } from '../../../stores/photos/PhotoStore';
import { FILE_NOT_READABLE } from '../../../stores/saving/saveMessages';

/**
 * The error catalogue's upload messages are English (they also go to logs and analytics); the
 * customer reads them in the dialog's language. Messages the server sent are already translated
 * and pass through unchanged.
 */
export type PhotoErrorText = { key: string; values?: Record<string, string> } | { text: string };

const SERVER_RESPONDED = /^Could not upload photo\. server responded with: (\d{3})$/;
/** What fetch rejects with when the network is gone, per browser engine. */
const NETWORK_FAILURES = [
  /^Failed to fetch$/,
  /^NetworkError when attempting to fetch resource\.?$/,
  /^Load failed$/,
  /^fetch failed$/,
];

export function photoErrorText(message: string): PhotoErrorText {
  if (message === FILE_NOT_READABLE) return { key: 'saveDialog.error.photo.fileMissing' };
  if (message === CMYK_PHOTO) return { key: 'fileDialog.cmykPhoto' };
  if (message === 'The server could not process the file.')
    return { key: 'saveDialog.error.photo.notProcessed' };
  const responded = SERVER_RESPONDED.exec(message);
  if (responded)
    return { key: 'saveDialog.error.photo.serverStatus', values: { status: responded[1]! } };
  if (NETWORK_FAILURES.some((pattern) => pattern.test(message)))
    return { key: 'saveDialog.error.photo.network' };
  return { text: message };
}
