import { promises as fs } from 'node:fs';
import path from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Marked } from 'marked';
import { TERMS_PATHS } from '../../src/i18n/localePaths.js';
import { languageLinks, pageHeader } from './chrome.js';
import { html, SafeHtml, sendPage } from './html.js';
import { chooseLocale, pathsByLocale } from './paths.js';
import { TERMS_TEXTS } from './termsTexts.js';
import type { Locale } from './texts.js';

/**
 * The shop's terms and conditions, one page per locale (/voorwaarden, /terms, /agb, …), in the
 * chrome of the shop's other pages. The text is the shop's own: Markdown in
 * `catalog/terms/<locale>.md`, read again when the file changes, Dutch when a locale has none.
 */

const Query = Type.Object({ lang: Type.Optional(Type.String({ maxLength: 16 })) });
type TermsRequest = FastifyRequest<{ Querystring: Static<typeof Query> }>;

/** The shop writes these files, so their HTML is trusted; the page's CSP still allows no script. */
const markdown = new Marked({ async: false, gfm: true });

interface CachedTerms {
  mtimeMs: number;
  size: number;
  body: string;
}

/** Reads and renders the terms of a locale, falling back to Dutch; null when neither file exists. */
export class TermsFiles {
  private readonly cache = new Map<string, CachedTerms>();

  constructor(private readonly folder: string) {}

  async render(locale: Locale): Promise<string | null> {
    return (await this.renderFile(locale)) ?? (locale === 'nl' ? null : this.renderFile('nl'));
  }

  private async renderFile(locale: Locale): Promise<string | null> {
    const file = path.join(this.folder, `${locale}.md`);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile()) return null;
    const cached = this.cache.get(file);
    if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached.body;
    const body = markdown.parse(await fs.readFile(file, 'utf8')) as string;
    this.cache.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, body });
    return body;
  }
}

export async function termsPageRoutes(app: FastifyInstance): Promise<void> {
  const files = new TermsFiles(path.join(app.config.catalogDir, 'terms'));
  const schema = { schema: { querystring: Query }, attachValidation: true };
  for (const [locale, route] of pathsByLocale(TERMS_PATHS)) {
    app.get(route, schema, async (request: TermsRequest, reply) => {
      const lang = request.validationError ? undefined : request.query.lang;
      return termsPage(reply, files, chooseLocale(locale, lang));
    });
  }
}

async function termsPage(
  reply: FastifyReply,
  files: TermsFiles,
  locale: Locale,
): Promise<FastifyReply> {
  const texts = TERMS_TEXTS[locale];
  const body = await files.render(locale);
  return sendPage(
    reply,
    {
      locale,
      title: texts.title,
      header: pageHeader(locale),
      body:
        body === null
          ? html`<p>${texts.missing}</p>`
          : html`<article class="terms">${new SafeHtml(body)}</article>`,
      footer: languageLinks(locale, (other) => TERMS_PATHS[other]),
    },
    body === null ? 404 : 200,
  );
}

/** 'Met je bestelling ga je akkoord met onze algemene voorwaarden.' with the link, for the order path. */
export function termsNote(locale: Locale): SafeHtml {
  const texts = TERMS_TEXTS[locale];
  return html`<p class="terms-note">
    ${texts.orderBefore}<a href="${TERMS_PATHS[locale]}">${texts.link}</a>${texts.orderAfter}
  </p>`;
}
