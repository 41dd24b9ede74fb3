import crypto from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Locale } from './texts.js';

/** Markup that is already safe; everything else put into a template is escaped. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

type Part = SafeHtml | string | number | null | undefined | false | Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof SafeHtml) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
}

/** Tagged template: `html\`<p>${text}</p>\`` escapes text; nested html results and arrays pass through. */
export function html(strings: TemplateStringsArray, ...parts: Part[]): SafeHtml {
  let out = strings[0] ?? '';
  parts.forEach((part, index) => {
    out += render(part) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** A JSON value inside <script>: '<' is escaped so no text can close the script element. */
export function scriptJson(value: unknown): SafeHtml {
  return new SafeHtml(
    JSON.stringify(value)
      .replace(/</g, '\\u003c')
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029'),
  );
}

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#222;background:#f6f6f4}
header,main,footer{max-width:960px;margin:0 auto;padding:16px}
header{display:flex;gap:16px;align-items:center;flex-wrap:wrap;border-bottom:1px solid #ddd}
header .brand{font-weight:700;font-size:1.2em;color:#222;text-decoration:none;margin-right:auto}
a{color:#0b6e4f}
.collages{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:16px}
.collages li,.card{background:#fff;border:1px solid #ddd;border-radius:6px;padding:12px}
.collages img,.card img{width:100%;height:auto;aspect-ratio:1;object-fit:contain;display:block;background:#eee}
.card{display:grid;grid-template-columns:minmax(0,360px) 1fr;gap:24px;align-items:start}
@media (max-width:600px){.card{grid-template-columns:1fr}}
.placeholder{aspect-ratio:1;display:flex;align-items:center;justify-content:center;background:#eee;color:#777}
dl{display:grid;grid-template-columns:fit-content(50%) 1fr;gap:4px 16px}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
form.signin{display:grid;gap:8px;max-width:320px}form.signin input{padding:6px;font-size:1em}
.error{color:#b00020;min-height:1.2em}button{font:inherit;cursor:pointer;border:0}.button{display:inline-block;padding:8px 16px;background:#0b6e4f;color:#fff;border-radius:4px;text-decoration:none}
nav.languages a{margin-right:8px}
.terms{max-width:72ch;line-height:1.5}.terms h2{font-size:1.15em;margin-top:1.5em}.terms-note{font-size:.9em;color:#555}
[hidden]{display:none!important}
`;

export interface PageOptions {
  locale: Locale;
  title: string;
  /** Header links (shop home, overview, app); built by the caller so the layout stays dumb. */
  header: SafeHtml;
  body: SafeHtml;
  footer?: SafeHtml;
  /** Inline script; runs only with the page's CSP nonce. */
  script?: SafeHtml;
}

/** Sends a complete page: no caching (pages show a user's own data) and a strict CSP with a nonce. */
export function sendPage(reply: FastifyReply, options: PageOptions, status = 200): FastifyReply {
  const nonce = crypto.randomBytes(16).toString('base64');
  const page = html`<!doctype html>
<html lang="${options.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${options.title}</title>
<style nonce="${nonce}">${new SafeHtml(STYLE)}</style>
</head>
<body>
<header>${options.header}</header>
<main>
<h1>${options.title}</h1>
${options.body}
</main>
<footer>${options.footer}</footer>
${options.script ? html`<script nonce="${nonce}">${options.script}</script>` : ''}
</body>
</html>
`;
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-security-policy',
      `default-src 'none'; script-src 'self' 'nonce-${nonce}'; style-src 'nonce-${nonce}'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
    )
    .send(page.value);
}
