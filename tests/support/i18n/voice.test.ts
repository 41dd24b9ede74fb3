import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../../src/i18n/localePaths';
import { editorTexts } from './localeTexts';
import { serverTexts, termsTexts } from './serverTexts';
import { LOCALE_VOICE, addressMarks, wrongVoiceMarks } from './voice';

type VoicedLocale = Exclude<Locale, 'en'>;

/** Texts in the form the locale does not use: each must be caught on its own. */
const SLIPS: Record<VoicedLocale, string[]> = {
  nl: ['Wilt u uw collage opslaan?', 'Uw foto is te klein voor dit vak.'],
  de: [
    'Bitte warten Sie eine Minute und versuchen Sie es dann erneut.',
    'Ihre Collage bleibt im Editor erhalten.',
    'Wählen Sie ein Format.',
    'Vielen Dank für Ihren Besuch.',
    'Wir senden Ihnen einen Link.',
  ],
  fr: [
    'Choisis ton design',
    "Tu as utilisé une photo plus d'une fois.",
    'Remplace la photo.',
    "Va à l'aperçu et connecte-toi >",
    "Coche 'Afficher la qualité des photos' pour voir lesquelles.",
    'Choisissez la case et appuie sur Entrée.',
    "Nous t'avons envoyé un lien.",
    'ou fais glisser les photos ici',
  ],
  it: [
    'Il Suo collage è stato salvato.',
    'Attenda un minuto e riprovi.',
    'Scelga un altro formato.',
    "Riprovi tra un'ora.",
    'Noi Le inviamo una conferma.',
    'Con il Suo ordine accetta le nostre condizioni generali.',
  ],
  es: [
    'Gracias por su visita.',
    'Espere un minuto y vuelva a intentarlo.',
    'Elija un formato.',
    '¿Usted ya tiene una cuenta?',
    'Guarde sus fotos en RGB.',
  ],
};

/** Texts in the locale's own form that look like slips to a careless pattern: none may be caught. */
const LOOKALIKES: Record<VoicedLocale, string[]> = {
  nl: ['Kies een foto uit je account.', 'Upload je foto’s (max 25 MB).'],
  de: [
    // 'Sie' starting a sentence and lower-case 'sie', 'ihr' are 'they', 'she', 'her'.
    'Die Fotos sind zu klein. Sie werden unscharf gedruckt.',
    'Wir haben sie für dich aufbewahrt.',
    'Das Foto passt nicht in ihr Feld.',
  ],
  fr: [
    '2 côte à côte',
    'Vous êtes connecté.',
    'Toutes les photos ont été chargées.',
    "J'accepte les conditions générales",
    'Cette photo est utilisée plus d’une fois.',
    'Le serveur enregistre la photo, puis la modifie.',
  ],
  it: [
    'La foto è stata spostata.',
    'Le password non coincidono.',
    'Con il tuo ordine accetti le nostre condizioni generali.',
    "Se riprovi tra un'ora, funziona.",
    'Il collage e la sua cornice.',
  ],
  es: [
    'Tu foto en la casilla.',
    'Espera un momento.',
    'Ya has subido el máximo de fotos.',
    'Lo imprimiremos de nuevo gratis.',
  ],
};

const voiced = Object.keys(SLIPS) as VoicedLocale[];

describe('wrongVoiceMarks', () => {
  it.each(voiced.flatMap((locale) => SLIPS[locale].map((slip) => [locale, slip] as const)))(
    '%s catches %j',
    (locale, slip) => {
      expect(wrongVoiceMarks(locale, slip)).not.toEqual([]);
    },
  );

  it.each(voiced.flatMap((locale) => LOOKALIKES[locale].map((text) => [locale, text] as const)))(
    '%s lets %j pass',
    (locale, text) => {
      expect(wrongVoiceMarks(locale, text)).toEqual([]);
    },
  );

  it('holds English to nothing: it has one you', () => {
    expect(LOCALE_VOICE.en).toBeNull();
    expect(wrongVoiceMarks('en', 'Would you please choose your design?')).toEqual([]);
  });

  it('names the words that give the form away', () => {
    expect(wrongVoiceMarks('fr', 'Choisis ton design')).toEqual(['ton', 'Choisis']);
    expect(wrongVoiceMarks('de', 'Bitte warten Sie, Ihre Collage')).toEqual(['Sie', 'Ihre']);
    expect(addressMarks('fr', 'formal', 'Choisissez votre design')).toEqual([
      'votre',
      'Choisissez',
    ]);
  });

  // A single slip among a locale's real texts is found wherever it stands, whatever stands before
  // it: the markers do not lean on the text around the slip.
  it('finds one planted slip among the real texts of its locale', () => {
    const real = Object.fromEntries(
      voiced.map((locale) => [
        locale,
        [...editorTexts(locale), ...serverTexts(locale), ...termsTexts(locale)].map(
          ({ text }) => text,
        ),
      ]),
    ) as Record<VoicedLocale, string[]>;
    const planted = fc.constantFrom(...voiced).chain((locale) =>
      fc.record({
        locale: fc.constant(locale),
        before: fc.constantFrom(...real[locale]),
        slip: fc.constantFrom(...SLIPS[locale]),
        after: fc.constantFrom(...real[locale]),
        joint: fc.constantFrom('. ', '\n\n', '! '),
      }),
    );
    fc.assert(
      fc.property(planted, ({ locale, before, slip, after, joint }) => {
        expect(wrongVoiceMarks(locale, before + joint + after)).toEqual([]);
        const marks = wrongVoiceMarks(locale, before + joint + slip + joint + after);
        expect(marks).toEqual(expect.arrayContaining(wrongVoiceMarks(locale, slip)));
        expect(marks.length).toBe(wrongVoiceMarks(locale, slip).length);
      }),
      { numRuns: 300 },
    );
  });
});
