/**
 * The path a request names, as the router reads it (find-my-way): the request target up to its
 * first `?` or `#`. Fragments never come from a browser, but a raw client may send one, and the
 * router cuts there too: the served-files guard and the not-found handler must judge the path the
 * router routes (issue 26 item 9: `/assets/x.js.map#x` was routed to the source map while the
 * guard saw the extension `.map#x`).
 */
export function rawRequestPath(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/** The same path percent-decoded (`%2e` is a dot to the router and the file system); null when the escapes do not decode. */
export function requestPathname(url: string): string | null {
  try {
    return decodeURIComponent(rawRequestPath(url));
  } catch {
    return null;
  }
}
