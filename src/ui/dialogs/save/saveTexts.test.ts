import { describe, expect, it } from 'vitest';
import nl from '../../../i18n/locales/nl.json';
import { ALERT_KEYS, MESSAGE_KEYS } from '../../../stores/forms/accountValidation';
import { SaveDialogState } from '../../../stores/saving/SaveDialog';

function lookup(key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], nl);
}

/** editor-core §2, §5 and §8: the Dutch texts of the save dialog, verbatim. */
const SPEC_TEXTS: Record<string, string> = {
  'saveDialog.checking.text': 'Je account status wordt gecheckt. Een ogenblik.',
  'saveDialog.checking.cancel': 'Annuleer',
  'saveDialog.signIn.registerLink': 'Registreer je gratis',
  'saveDialog.register.loginLink': 'Heb je al een account?',
  'saveDialog.saving.photos': "Nog {{remaining}} van de {{total}} foto's moeten worden opgeslagen.",
  'saveDialog.saving.collage': 'Je collage wordt opgeslagen.',
  'saveDialog.saving.cancel': 'Annuleer het opslaan',
  'saveDialog.saved.text': 'Opgeslagen',
  'saveDialog.saved.order': 'Bestel je collage',
  'saveDialog.saved.quit': 'stoppen',
  'saveDialog.saved.backToCollage': 'Terug naar je collage',
  'saveDialog.saved.checkout': 'Naar kassa >',
  'saveDialog.wantToQuit.text': 'Wil je stoppen?',
  'saveDialog.canNotOrder.text': "Niet alle foto's geplaatst",
  'saveDialog.canNotOrder.continue': 'Ga verder',
  'saveDialog.error.text': 'Niet gelukt',
  'saveDialog.error.collage': 'Je collage kon helaas niet worden opgeslagen. Probeer het nogmaals.',
  'saveDialog.error.photos': "De onderstaande foto's konden niet worden verzonden.",
  [MESSAGE_KEYS.usernameRequired]: 'Gebruikersnaam is verplicht.',
  [MESSAGE_KEYS.passwordRequired]: 'Wachtwoord is verplicht.',
  [MESSAGE_KEYS.wrongCredentials]: 'Gebruikersnaam of wachtwoord is niet correct.',
  [MESSAGE_KEYS.usernameInvalid]: 'Gebruikersnaam is verplicht en 2-20 tekens lang.',
  [MESSAGE_KEYS.emailInvalid]: 'E-mailadres is verplicht en 2-120 tekens lang',
  [MESSAGE_KEYS.passwordInvalid]: 'Wachtwoord is verplicht en 2-20 tekens',
  [MESSAGE_KEYS.registerGeneric]: 'Gebruikersnaam of wachtwoord is niet correct',
  // The link markup is the terms page; the words read as the spec's.
  'saveDialog.register.terms': 'Ik ga akkoord met de <terms>algemene voorwaarden</terms>',
};

describe('save dialog texts', () => {
  it.each(Object.entries(SPEC_TEXTS))('%s is the spec text', (key, text) => {
    expect(lookup(key)).toBe(text);
  });

  it('every state has a title, every alert and message key a text', () => {
    const keys = [
      ...Object.values(SaveDialogState).map((state) => `saveDialog.titles.${state}`),
      ...Object.values(ALERT_KEYS),
      ...Object.values(MESSAGE_KEYS),
    ];
    for (const key of keys) expect(typeof lookup(key), key).toBe('string');
  });
});
