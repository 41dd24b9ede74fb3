import { describe, expect, it } from 'vitest';
import nl from '../../../i18n/locales/nl.json';
import { photoErrorText } from './photoErrorText';

function nlText(message: string): string {
  const result = photoErrorText(message);
  if ('text' in result) return result.text;
  const template = result.key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], nl) as string;
  return template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => result.values?.[name] ?? '');
}

describe('photoErrorText', () => {
  it('puts the catalogue messages in the customer language', () => {
    expect(nlText('Could not find file on disk')).toBe(
      'De foto is niet meer te vinden op je computer.',
    );
    expect(nlText('Could not upload photo. server responded with: 502')).toBe(
      'De foto kon niet worden verstuurd (de server antwoordde met 502).',
    );
    expect(nlText('The server could not process the file.')).toBe(
      'De server kon het bestand niet verwerken.',
    );
    expect(nlText('Failed to fetch')).toBe('Er was geen verbinding met de server.');
    expect(nlText('ERROR_CMYK_PHOTO')).toBe('CMYK-foto: sla hem op als RGB');
  });

  it("passes the server's own (translated) messages through", () => {
    expect(nlText('Dit is geen geldige JPEG-foto.')).toBe('Dit is geen geldige JPEG-foto.');
    expect(nlText('Could not upload photo. server responded with: 50')).toBe(
      'Could not upload photo. server responded with: 50',
    );
  });
});
