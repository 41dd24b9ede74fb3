/**
 * The router's navigate function, handed to the stores' services once the router exists.
 * Stores are built before React renders, so they call through this late-bound reference.
 */
export interface NavigateOptions {
  /** Replace the current history entry instead of adding one (the same screen under a new address). */
  replace?: boolean;
}

type Navigate = (path: string, options?: NavigateOptions) => void;

let current: Navigate = (path, options) =>
  options?.replace
    ? window.history.replaceState(null, '', path)
    : window.history.pushState(null, '', path);

export function setNavigator(navigate: Navigate): void {
  current = navigate;
}

export function navigateTo(path: string, options?: NavigateOptions): void {
  current(path, options);
}
