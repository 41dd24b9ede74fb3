import { action, computed, makeObservable, observable } from 'mobx';
import type { Analytics } from '../../services/analytics';
import {
  CLOSABLE_STATES,
  LEAVING_STATES,
  NavState,
  PAGE_TITLE_KEYS,
  PAGE_VIEW_NAMES,
} from './navigationStates';
import { redirectsToChoice, screenOfPath, type Screen } from '../../i18n/routeWords';

export interface NavigationServices {
  analytics: Analytics;
  /** Moves inside the app (the router). */
  navigate(path: string): void;
  /** Leaves the app for a shop page (full page load). */
  leaveTo(url: string): void;
  /** Paths of the current locale. */
  paths: {
    choice(filter?: string): string;
    design(templateId: string, generated: boolean): string;
    error(message: string): string;
    shopBack(): string;
  };
  now(): Date;
}

export interface TemplateRef {
  id: string;
  generated: boolean;
}

const STATE_OF_SCREEN: Record<Screen, NavState> = {
  choice: NavState.TemplateList,
  basic: NavState.Template,
  design: NavState.Template,
  editor: NavState.EditorLoading,
  error: NavState.EditorError,
};

/** The spec's navigation states and every transition between them, with page titles and page views. */
export class NavigationStore {
  state: NavState = NavState.TemplateList;
  /** A save runs: leaving is blocked and the quit button hidden. */
  saving = false;
  /** The collage changed since its last save. */
  hasUnsavedChanges = false;
  /** Set when the user chose to leave: no save is needed before quitting. */
  noSaveNeeded = false;
  /** The current filter of the choice screen, for the way back. */
  filter = '';
  /** The route's path; every navigation end changes it (the save dialog cancels saving then). */
  pathname = '';

  constructor(private readonly services: NavigationServices) {
    makeObservable(this, {
      state: observable,
      saving: observable,
      hasUnsavedChanges: observable,
      noSaveNeeded: observable,
      filter: observable,
      pathname: observable,
      pageTitleKey: computed,
      canClose: computed,
      leaveGuardActive: computed,
      setState: action,
      routeChanged: action,
      layoutReady: action,
      close: action,
      quit: action,
      back: action,
      setSaving: action,
      setFilter: action,
      markChanged: action,
      markSaved: action,
      leaveWithoutSaving: action,
    });
  }

  /**
   * The page title's key. The format screen has titles of its own ('Pas je ontwerp aan' for a
   * generated design, 'Kies je formaat' for a static one), told by its route word, so the one
   * title the route listener writes is right from the first paint and never overwritten.
   */
  get pageTitleKey(): string {
    if (this.state === NavState.Template) {
      const screen = screenOfPath(this.pathname);
      if (screen === 'basic') return 'design.titleAdjust';
      if (screen === 'design') return 'design.titleFormat';
    }
    return PAGE_TITLE_KEYS[this.state] ?? '';
  }

  /** The close (cross) action is shown in the dialog states only. */
  get canClose(): boolean {
    return CLOSABLE_STATES.has(this.state);
  }

  /**
   * The browser's leave-page warning: on while the working collage has unsaved changes, on every
   * screen of the app but the error screen. The working collage outlives the editor: the steps
   * inside the app (back arrow, 'Wijzig', the step links, the browser's Back to the design or the
   * design list) keep it, and the design screen changes it ('Wijzig huidige ontwerp'), so none of
   * them asks. What loses it is the page going: a reload, a closed tab, or an exit to the shop
   * from the design list or the design screen, which is why the warning must not end at the
   * editor's edge. The error screen stays unguarded: the app failed there, and the draft keeps
   * the work for the next start.
   */
  get leaveGuardActive(): boolean {
    return this.hasUnsavedChanges && !this.noSaveNeeded && this.state !== NavState.EditorError;
  }

  setState(state: NavState): void {
    if (state === this.state) return;
    this.state = state;
    const pageView = PAGE_VIEW_NAMES[state];
    if (pageView) this.services.analytics.pageView(pageView);
  }

  /**
   * Route words set the navigation state. One page view per screen: the choice and design screens
   * count by their path, the editor and the error screen by their states (PAGE_VIEW_NAMES), and a
   * path that only redirects counts nothing (it counted twice with its target before).
   */
  routeChanged(pathname: string): void {
    this.pathname = pathname;
    const screen = screenOfPath(pathname);
    if (
      screen === 'basic' ||
      screen === 'design' ||
      (screen === 'choice' && !redirectsToChoice(pathname))
    )
      this.services.analytics.pageView(pathname);
    const target = STATE_OF_SCREEN[screen];
    const alreadyInEditor =
      screen === 'editor' &&
      this.state >= NavState.EditorNormal &&
      this.state !== NavState.EditorError;
    if (!alreadyInEditor) this.setState(target);
  }

  /** Loading becomes normal once the layout has layers. */
  layoutReady(hasLayers: boolean): void {
    if (this.state === NavState.EditorLoading && hasLayers) this.setState(NavState.EditorNormal);
  }

  /** Close of the file, edit, order, save, want-to-quit and title dialogs returns to normal. */
  close(): void {
    if (this.saving) return;
    if (CLOSABLE_STATES.has(this.state)) this.setState(NavState.EditorNormal);
  }

  /** The quit button: back to normal from dialogs, out to the shop from the outer screens, else ask. */
  quit(): void {
    if (this.saving) return;
    if (CLOSABLE_STATES.has(this.state)) this.setState(NavState.EditorNormal);
    else if (LEAVING_STATES.has(this.state)) this.services.leaveTo(this.services.paths.shopBack());
    else this.setState(NavState.EditorWantToQuit);
  }

  /** The header's back action by state; other states do nothing. */
  back(template: TemplateRef | null): void {
    if (this.saving) return;
    if (this.state === NavState.TemplateList) this.services.leaveTo(this.services.paths.shopBack());
    else if (this.state === NavState.Template)
      this.services.navigate(this.services.paths.choice(this.filter));
    else if (this.state === NavState.EditorNormal && template)
      this.services.navigate(this.services.paths.design(template.id, template.generated));
  }

  /** Any uncaught error, a mismatching saved id or a failed load: the error screen with a time-stamped message. */
  fail(message: string): void {
    this.services.navigate(
      this.services.paths.error(`${this.services.now().toISOString()} ${message}`),
    );
  }

  setSaving(saving: boolean): void {
    this.saving = saving;
  }

  setFilter(filter: string): void {
    this.filter = filter;
  }

  markChanged(): void {
    this.hasUnsavedChanges = true;
    this.noSaveNeeded = false;
  }

  markSaved(): void {
    this.hasUnsavedChanges = false;
  }

  /** Quit without saving: the leave guard stands down. */
  leaveWithoutSaving(): void {
    this.noSaveNeeded = true;
  }
}
