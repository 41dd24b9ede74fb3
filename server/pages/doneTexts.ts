import type { Locale } from './texts.js';

/**
 * The done-with-app page after 'Stoppen zonder opslaan' (not in the spec: our own wording): the page
 * must not say the collage was kept. 'unsaved': it was never saved; 'changes': an earlier version was
 * saved, the latest changes were not.
 */
export type QuitKind = 'unsaved' | 'changes';

export const QUIT_TEXTS: Record<Locale, { title: string } & Record<QuitKind, string>> = {
  nl: {
    title: 'Tot ziens!',
    unsaved: 'Je collage is niet opgeslagen.',
    changes:
      'Je laatste wijzigingen zijn niet opgeslagen. De eerder opgeslagen versie vind je in je collage overzicht.',
  },
  en: {
    title: 'Goodbye!',
    unsaved: 'Your collage has not been saved.',
    changes:
      'Your latest changes have not been saved. You find the version you saved earlier in your collage overview.',
  },
  de: {
    title: 'Auf Wiedersehen!',
    unsaved: 'Deine Collage wurde nicht gespeichert.',
    changes:
      'Deine letzten Änderungen wurden nicht gespeichert. Die früher gespeicherte Version findest du in deiner Collagenübersicht.',
  },
  fr: {
    title: 'Au revoir !',
    unsaved: "Votre collage n'a pas été enregistré.",
    changes:
      "Vos dernières modifications n'ont pas été enregistrées. Vous retrouvez la version enregistrée plus tôt dans votre aperçu de collages.",
  },
  it: {
    title: 'Arrivederci!',
    unsaved: 'Il tuo collage non è stato salvato.',
    changes:
      'Le tue ultime modifiche non sono state salvate. La versione salvata prima la trovi nella panoramica dei tuoi collage.',
  },
  es: {
    title: '¡Hasta pronto!',
    unsaved: 'Tu collage no se ha guardado.',
    changes:
      'Tus últimos cambios no se han guardado. La versión guardada antes la encontrarás en el resumen de tus collages.',
  },
};

/** What the editor tells the done page (src/stores/saving/types.ts): 'saved' keeps the shop's own 'Je collage is bewaard.'. */
export type DoneKind = QuitKind | 'saved';

export function doneKindOf(value: unknown): DoneKind | null {
  return value === 'unsaved' || value === 'changes' || value === 'saved' ? value : null;
}

/**
 * The done page reached without the editor's word (a bookmark, a shared link): it cannot know
 * whether anything was saved, so it says neither.
 */
export const DONE_VISIT_TEXTS: Record<Locale, string> = {
  nl: 'Bedankt voor je bezoek. Je opgeslagen collages vind je altijd terug in je collage overzicht.',
  en: 'Thank you for your visit. You can always find your saved collages in your collage overview.',
  de: 'Vielen Dank für deinen Besuch. Deine gespeicherten Collagen findest du jederzeit in deiner Collagenübersicht.',
  fr: 'Merci de votre visite. Vous retrouverez toujours vos collages enregistrés dans votre aperçu de collages.',
  it: 'Grazie per la visita. I tuoi collage salvati li ritrovi sempre nella panoramica dei collage.',
  es: 'Gracias por tu visita. Siempre encontrarás tus collages guardados en el resumen de tus collages.',
};
