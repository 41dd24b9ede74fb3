/**
 * Catalog files are named relative to the catalog folder (themes.xml: thumb="thumbs/101.webp");
 * the server serves that folder under /catalog/. Absolute paths, full URLs and data URLs stay.
 */
export function catalogUrl(url: string): string {
  if (url === '' || /^(?:[a-z]+:|\/)/i.test(url)) return url;
  return `/catalog/${url}`;
}
