/**
 * The router's navigate function, handed to the stores' services once the router exists.
 * Stores are built before React renders, so they call through this late-bound reference.
 */
type Navigate = (path: string) => void;

let current: Navigate = (path) => window.history.pushState(null, '', path);

export function setNavigator(navigate: Navigate): void {
  current = navigate;
}

export function navigateTo(path: string): void {
  current(path);
}
