import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { shopCipherUrl } from './assets.js';
import { Type, type Static } from '@sinclair/typebox';
import { catalogText } from '../../src/model/catalog/catalogTexts.js';
import { currentUserId } from '../auth/currentUser.js';
import { parseId, screenshotUrl } from '../collages/collageFormat.js';
import { findCollageSummary, latestOrder, listCollages } from '../db/collages.js';
import { cartFormat } from './cartFormat.js';
import {
  formatDate,
  formatPrice,
  formatSize,
  languageLinks,
  pageHeader,
  signInForm,
} from './chrome.js';
import { html, sendPage } from './html.js';
import {
  appChoiceUrl,
  cartUrl,
  chooseLocale,
  DONE_PATHS,
  editCollageUrl,
  OVERVIEW_PATHS,
  pathsByLocale,
  SHOP_HOME_PATHS,
} from './paths.js';
import { PAGE_TEXTS, type Locale } from './texts.js';
import { materialLabel } from './materialTexts.js';
import { PRINT_TEXTS, printDownloadUrl, printStatusText } from './printTexts.js';
import { printDownloadRoute } from './printDownload.js';
import { termsNote } from './termsPage.js';
import { DONE_VISIT_TEXTS, doneKindOf, QUIT_TEXTS, type DoneKind } from './doneTexts.js';

const PageQuery = Type.Object({
  lang: Type.Optional(Type.String({ maxLength: 16 })),
  collageid: Type.Optional(Type.String({ maxLength: 64 })),
  /** The done page after quitting without saving (doneTexts.ts). */
  quit: Type.Optional(Type.String({ maxLength: 16 })),
});
type PageRequest = FastifyRequest<{ Querystring: Static<typeof PageQuery> }>;
const pageSchema = { schema: { querystring: PageQuery }, attachValidation: true };

/** A saved collage's design by its name in the page's locale; its saved name when the catalogue lost it. */
async function designName(
  app: FastifyInstance,
  locale: Locale,
  collage: { templateId: string; name: string },
): Promise<string> {
  const template = await app.catalog.template(collage.templateId);
  return template ? catalogText(template, locale).name : collage.name || collage.templateId;
}

/** A bad query string is not worth an error page: the page shows as if it had none. */
function query(request: PageRequest): Static<typeof PageQuery> {
  return request.validationError ? {} : request.query;
}

/** The shop-side pages the editor leaves to: cart, collage overview, done-with-app and the shop home. */
export async function shopPageRoutes(app: FastifyInstance): Promise<void> {
  for (const [locale, path] of pathsByLocale(SHOP_HOME_PATHS)) {
    app.get(path, pageSchema, async (request: PageRequest, reply) =>
      shopHomePage(reply, chooseLocale(locale, query(request).lang)),
    );
  }
  for (const [locale, path] of pathsByLocale(OVERVIEW_PATHS)) {
    app.get(path, pageSchema, async (request: PageRequest, reply) =>
      overviewPage(app, request, reply, chooseLocale(locale, query(request).lang)),
    );
  }
  for (const [locale, path] of pathsByLocale(DONE_PATHS)) {
    app.get(path, pageSchema, async (request: PageRequest, reply) =>
      donePage(reply, chooseLocale(locale, query(request).lang), doneKindOf(query(request).quit)),
    );
  }
  printDownloadRoute(app);
  app.get('/cart/fromApp', pageSchema, async (request: PageRequest, reply) =>
    cartPage(app, request, reply, chooseLocale(null, query(request).lang)),
  );
}

function shopHomePage(reply: FastifyReply, locale: Locale): FastifyReply {
  const texts = PAGE_TEXTS[locale];
  return sendPage(reply, {
    locale,
    title: texts.homeTitle,
    header: pageHeader(locale),
    body: html`<p>${texts.homeIntro}</p>
<p><a class="button" href="${appChoiceUrl(locale)}">${texts.startApp}</a></p>
<p><a href="${OVERVIEW_PATHS[locale]}">${texts.overviewTitle}</a></p>`,
    footer: languageLinks(locale, (other) => SHOP_HOME_PATHS[other]),
  });
}

/**
 * 'Je collage is bewaard…' only when the editor says it was; after quitting without saving the page
 * says what was lost, and reached without a word from the editor it says neither.
 */
function donePage(reply: FastifyReply, locale: Locale, kind: DoneKind | null): FastifyReply {
  const texts = PAGE_TEXTS[locale];
  const quit = kind === 'unsaved' || kind === 'changes' ? kind : null;
  const text = quit
    ? QUIT_TEXTS[locale][quit]
    : kind === 'saved'
      ? texts.doneText
      : DONE_VISIT_TEXTS[locale];
  return sendPage(reply, {
    locale,
    title: quit ? QUIT_TEXTS[locale].title : texts.doneTitle,
    header: pageHeader(locale),
    body: html`<p>${text}</p>
<p><a class="button" href="${SHOP_HOME_PATHS[locale]}">${texts.backToShop}</a></p>
<p><a href="${OVERVIEW_PATHS[locale]}">${texts.overviewTitle}</a></p>`,
    footer: languageLinks(locale, (other) =>
      kind ? `${DONE_PATHS[other]}?quit=${kind}` : DONE_PATHS[other],
    ),
  });
}

async function overviewPage(
  app: FastifyInstance,
  request: PageRequest,
  reply: FastifyReply,
  locale: Locale,
): Promise<FastifyReply> {
  const texts = PAGE_TEXTS[locale];
  const footer = languageLinks(locale, (other) => OVERVIEW_PATHS[other]);
  const userId = currentUserId(request);
  if (userId === null) {
    const form = signInForm(locale, texts.signInIntro, shopCipherUrl(app.config.staticDir));
    return sendPage(reply, {
      locale,
      title: texts.overviewTitle,
      header: pageHeader(locale),
      body: form.body,
      script: form.script,
      footer,
    });
  }
  const collages = await listCollages(app.db, userId);
  const names = await Promise.all(collages.map((collage) => designName(app, locale, collage)));
  const items = collages.map(
    (collage, index) => html`<li>
${collage.hasScreenshot ? html`<img src="${screenshotUrl(collage.id, collage.updatedAt)}" alt="${names[index]}" width="500" height="500" loading="lazy">` : html`<div class="placeholder">${texts.noScreenshot}</div>`}
<h2>${names[index]}</h2>
<p>${formatSize(locale, collage.size)}${collage.material ? ` · ${materialLabel(locale, collage.material)}` : ''}</p>
<p>${texts.savedOn} ${formatDate(locale, collage.updatedAt)}</p>
<p><a class="button" href="${editCollageUrl(locale, collage.id)}">${texts.open}</a></p>
</li>`,
  );
  const body = collages.length
    ? html`<p>${texts.overviewIntro}</p><ul class="collages">${items}</ul>`
    : html`<p>${texts.noCollages}</p><p><a class="button" href="${appChoiceUrl(locale)}">${texts.startApp}</a></p>`;
  return sendPage(reply, {
    locale,
    title: texts.overviewTitle,
    header: pageHeader(locale),
    body,
    footer,
  });
}

async function cartPage(
  app: FastifyInstance,
  request: PageRequest,
  reply: FastifyReply,
  locale: Locale,
): Promise<FastifyReply> {
  const texts = PAGE_TEXTS[locale];
  const collageId = parseId(query(request).collageid ?? '');
  const footer = languageLinks(locale, (other) =>
    collageId === null ? `/cart/fromApp?lang=${other}` : cartUrl(other, collageId),
  );
  const userId = currentUserId(request);
  if (userId === null) {
    const form = signInForm(locale, texts.cartSignIn, shopCipherUrl(app.config.staticDir));
    return sendPage(
      reply,
      {
        locale,
        title: texts.cartTitle,
        header: pageHeader(locale),
        body: form.body,
        script: form.script,
        footer,
      },
      401,
    );
  }
  const collage = collageId === null ? null : await findCollageSummary(app.db, userId, collageId);
  // Another user's collage is answered exactly like a missing one.
  if (!collage) {
    return sendPage(
      reply,
      {
        locale,
        title: texts.cartTitle,
        header: pageHeader(locale),
        body: html`<p>${texts.cartNotFound}</p>`,
        footer,
      },
      404,
    );
  }
  const [order, format, name] = await Promise.all([
    latestOrder(app.db, userId, collage.id),
    cartFormat(app, userId, collage),
    designName(app, locale, collage),
  ]);
  const { price } = format;
  const body = html`<div class="card">
${collage.hasScreenshot ? html`<img src="${screenshotUrl(collage.id, collage.updatedAt)}" alt="${name}" width="500" height="500">` : html`<div class="placeholder">${texts.noScreenshot}</div>`}
<div>
<dl>
${order ? html`<dt>${texts.orderNumber}</dt><dd>${order.id}</dd>` : ''}
${order ? printStatus(locale, order) : ''}
<dt>${texts.design}</dt><dd>${name}</dd>
<dt>${texts.size}</dt><dd>${formatSize(locale, format.size)}</dd>
<dt>${texts.material}</dt><dd>${materialLabel(locale, format.material)}</dd>
<dt>${texts.price}</dt><dd class="price">${price === null ? texts.priceUnknown : formatPrice(locale, price)}</dd>
</dl>
<p><a href="${editCollageUrl(locale, collage.id)}">${texts.backToCollage}</a></p>
${termsNote(locale)}
</div>
</div>`;
  return sendPage(reply, {
    locale,
    title: texts.cartTitle,
    header: pageHeader(locale),
    body,
    footer,
  });
}

/** The order's print file: its status, and the download once it is ready. */
function printStatus(
  locale: Locale,
  order: { id: number; status: string; printError: string | null },
) {
  const texts = PRINT_TEXTS[locale];
  const link =
    order.status === 'ready'
      ? html` <a href="${printDownloadUrl(order.id)}" download>${texts.download}</a>`
      : '';
  return html`<dt>${texts.printFile}</dt><dd class="print-${order.status === 'ready' || order.status === 'failed' ? order.status : 'preparing'}">${printStatusText(texts, order.status, order.printError)}${link}</dd>`;
}
