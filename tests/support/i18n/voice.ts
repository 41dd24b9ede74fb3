import type { Locale } from '../../../src/i18n/localePaths';

/**
 * One voice per language (issue 25): every text of a locale addresses the customer in one form, the
 * one src/i18n/locales/README.md names. This module knows, per language, the words that give each
 * form away; the voice tests run every text of a locale through wrongVoiceMarks.
 *
 * Markers are words, never substrings: JavaScript's \b only knows ASCII letters, so 'côte' would hold
 * the word 'te'; the boundaries here are Unicode letters. Imperatives carry no pronoun, so a list of
 * the imperatives a shop writes counts where a clause starts (the start of the text or of a sentence,
 * after a comma or colon, or after 'and', 'then', 'or'), where a present-tense verb rarely stands.
 */

export type Address = 'informal' | 'formal';

/** The address each locale holds to; English has one 'you' and nothing to hold. */
export const LOCALE_VOICE: Record<Locale, Address | null> = {
  nl: 'informal',
  en: null,
  de: 'informal',
  fr: 'formal',
  it: 'informal',
  es: 'informal',
};

type Language = Exclude<Locale, 'en'>;

const NOT_A_LETTER_BEFORE = String.raw`(?<![\p{L}\p{M}])`;
const NOT_A_LETTER_AFTER = String.raw`(?![\p{L}\p{M}])`;

/** The words of a list written with spaces between. */
function wordList(list: string): string[] {
  return list.split(/\s+/).filter((word) => word !== '');
}

/** Any of words as a whole word. */
function words(list: string[], caseSensitive = false): RegExp {
  const flags = caseSensitive ? 'gu' : 'giu';
  return new RegExp(`${NOT_A_LETTER_BEFORE}(?:${list.join('|')})${NOT_A_LETTER_AFTER}`, flags);
}

/** Any of words where a sentence or clause starts, or after one of the joining words. */
function atClauseStart(list: string[], joiners: string[], punctuation = ',:;'): RegExp {
  const before = String.raw`(?<=(?:^|[.!?¿¡(\n${punctuation}"“«]|\s[-–])\s*|${NOT_A_LETTER_BEFORE}(?:${joiners.join('|')})\s+)`;
  return new RegExp(`${before}(?:${list.join('|')})${NOT_A_LETTER_AFTER}`, 'giu');
}

/** Capitalised words after another word of the sentence: not where a sentence starts. */
function midSentence(list: string[]): RegExp {
  return new RegExp(
    String.raw`(?<=[\p{L}\p{N},][^\S\n]+)(?:${list.join('|')})${NOT_A_LETTER_AFTER}`,
    'gu',
  );
}

const MARKERS: Record<Language, Record<Address, RegExp[]>> = {
  nl: {
    informal: [words(['je', 'jij', 'jou', 'jouw', 'jullie'])],
    formal: [words(['u', 'uw'])],
  },
  de: {
    // 'du' and its forms are informal in any case; an informal imperative has no pronoun.
    informal: [
      words(['du', 'dich', 'dir', String.raw`dein\p{L}*`]),
      atClauseStart(
        wordList(
          'Wähle Gib Melde Ziehe Drücke Fülle Passe Bearbeite Setze Mach Verwende Warte Versuche Öffne Bestelle Schließe Fordere Erlaube Gestalte Prüfe Akzeptiere Ersetze Scrolle Verschiebe Erstelle Speichere Kontaktiere Registriere Lade',
        ),
        ['und', 'oder', 'dann', 'bitte'],
      ),
    ],
    // 'sie' is also 'she' and 'they': formal only when capitalised inside a sentence; 'Ihr...' and
    // 'Ihnen' capitalised anywhere ('ihr' is 'her', 'their').
    formal: [midSentence(['Sie']), words([String.raw`Ihr\p{L}*`, 'Ihnen'], true)],
  },
  fr: {
    informal: [
      words(['tu', 'toi', 'ton', 'ta', 'tes', 'te']),
      new RegExp(String.raw`${NOT_A_LETTER_BEFORE}t['’](?=\p{L})`, 'giu'),
      atClauseStart(
        wordList(
          'Choisis Remplis Modifie Va Fais Remplace Réduis Coche Ajuste Appuie Enregistre Termine Ajoute Connecte Clique Sélectionne Utilise Vérifie Saisis Crée Inscris Attends Réessaie Essaie Ouvre Rouvre Autorise Déplace Glisse Supprime Retire Recommence Accepte Patiente Contacte',
        ),
        ['et', 'ou', 'puis', 'alors'],
      ),
    ],
    formal: [
      words(['vous', 'votre', 'vos']),
      atClauseStart([String.raw`(?!chez|assez)\p{L}{2,}ez`], ['et', 'ou', 'puis', 'alors']),
    ],
  },
  it: {
    informal: [
      words(['tu', 'tuo', 'tua', 'tuoi', 'tue', 'ti', 'te', 'hai', 'vuoi', 'puoi', 'devi']),
      atClauseStart(
        wordList(
          'Scegli Riprova Attendi Inserisci Chiudi Riapri Trascina Premi Aggiungi Sostituisci Accedi Richiedi Riempi Spunta Rimpicciolisci Vai Consenti Scorri Pizzica Rimuovi Registrati Contattaci Utilizza Segnala Segnalacelo Controlla',
        ),
        ['e', 'o', 'poi', 'quindi'],
      ),
    ],
    // The courtesy form's pronouns are capitalised ('Lei', 'Suo', 'Le inviamo'); lower case they are
    // 'she', 'his', 'her'. Imperatives of -ere and -ire verbs are formal wherever a clause starts;
    // those of -are verbs ('riprovi') are also the informal present, so they count only where a
    // sentence starts or after 'e', 'poi'.
    formal: [
      words(['Lei', 'Suo', 'Sua', 'Suoi', 'Sue'], true),
      midSentence(['La', 'Le', String.raw`Gliel\p{L}*`]),
      atClauseStart(
        [
          ...wordList(
            'Scelga Attenda Inserisca Chiuda Riapra Prema Aggiunga Sostituisca Acceda Richieda Apra Vada Consenta Scorra Rimuova Ripeta Riempia',
          ),
          'Si registri',
          'Ci contatti',
        ],
        ['e', 'o', 'poi', 'quindi'],
      ),
      atClauseStart(
        [
          ...wordList(
            'Riprovi Utilizzi Segnali Usi Salvi Provi Accetti Sposti Trascini Verifichi Modifichi Elimini Spunti Crei',
          ),
          'Ce lo segnali',
        ],
        ['e', 'poi'],
        '',
      ),
    ],
  },
  es: {
    informal: [
      words(['tú', 'tu', 'tus', 'te', 'ti', 'contigo', 'has', 'eres', 'puedes', 'quieres']),
      atClauseStart(
        wordList(
          'Elige Espera Vuelve Inténtalo Utiliza Indica Introduce Pulsa Haz Selecciona Comprueba Cierra Abre Arrastra Solicita Acepta Añade Sustituye Marca Regístrate Inicia Rellena Ajusta Ve Revisa Permite Desplázate Mueve Pellizca Escribe Repite Ponte Comunícanoslo',
        ),
        ['y', 'e', 'o', 'luego'],
      ),
    ],
    // 'su' and 'sus' are also 'his', 'her', 'its', 'their': the informal locale writes around them
    // ('la casilla', not 'su casilla') so that each one left is a slip into 'usted'.
    formal: [
      words(['usted', 'ustedes', 'su', 'sus']),
      atClauseStart(
        wordList(
          'Elija Espere Vuelva Intente Inténtelo Utilice Indique Introduzca Pulse Haga Seleccione Compruebe Abra Arrastre Solicite Acepte Añada Sustituya Marque Regístrese Inicie Rellene Vaya Revise Permita Desplácese Mueva Escriba Repita Póngase Comuníquenoslo',
        ),
        ['y', 'e', 'o', 'luego'],
      ),
    ],
  },
};

function otherAddress(address: Address): Address {
  return address === 'formal' ? 'informal' : 'formal';
}

/** The words of text that address the customer in form (empty: none). */
export function addressMarks(locale: Locale, form: Address, text: string): string[] {
  if (locale === 'en') return [];
  return MARKERS[locale][form].flatMap((pattern) =>
    [...text.matchAll(pattern)].map((match) => match[0]),
  );
}

/** The words of text in the form its locale does not use (empty: the text holds the voice). */
export function wrongVoiceMarks(locale: Locale, text: string): string[] {
  const voice = LOCALE_VOICE[locale];
  return voice === null ? [] : addressMarks(locale, otherAddress(voice), text);
}
