/**
 * End-to-end tests set localStorage 'fotocollage:testHooks' to reach the stores (to put photos in
 * slots while the file dialog is not there) and the screenshot service's timings; an ordinary
 * visit never has it.
 */
export function exposeForTests(hooks: Record<string, unknown>): void {
  try {
    if (window.localStorage.getItem('fotocollage:testHooks') === '1') Object.assign(window, hooks);
  } catch {
    // Storage blocked: no hooks.
  }
}
