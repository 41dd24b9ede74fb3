import { describe, expect, it } from 'vitest';
import { RecordingAnalytics, PAGE_VIEW_PREFIX } from '../../services/analytics';
import { NavigationStore } from './NavigationStore';
import { NavState } from './navigationStates';

function setup() {
  const analytics = new RecordingAnalytics();
  const moves: string[] = [];
  const leaves: string[] = [];
  const store = new NavigationStore({
    analytics,
    navigate: (path) => moves.push(path),
    leaveTo: (url) => leaves.push(url),
    paths: {
      choice: (filter) => `/keuze${filter ? `/${filter}` : ''}`,
      design: (id, generated) => `/ontwerp/${generated ? 'basic' : 'design'}/${id}`,
      error: (message) => `/fout?error=${encodeURIComponent(message)}`,
      shopBack: () => '/winkel',
    },
    now: () => new Date('2026-11-22T10:00:00Z'),
  });
  return { store, analytics, moves, leaves };
}

function inEditor(store: NavigationStore, state: NavState) {
  store.routeChanged('/edit');
  store.layoutReady(true);
  store.setState(state);
}

describe('NavigationStore', () => {
  it('route words set the state and log a page view with the /htmlapp prefix', () => {
    const { store, analytics } = setup();
    store.routeChanged('/wahlen');
    expect(store.state).toBe(NavState.TemplateList);
    store.routeChanged('/collage/basic/3');
    expect(store.state).toBe(NavState.Template);
    store.routeChanged('/fehler');
    expect(store.state).toBe(NavState.EditorError);
    expect(analytics.pageViews).toContain(`${PAGE_VIEW_PREFIX}/wahlen`);
    expect(analytics.pageViews).toContain(`${PAGE_VIEW_PREFIX}/editor/error`);
  });

  it("titles the format screen by its route: 'Pas je ontwerp aan' or 'Kies je formaat'", () => {
    const { store } = setup();
    store.routeChanged('/ontwerp/basic/101');
    expect(store.state).toBe(NavState.Template);
    expect(store.pageTitleKey).toBe('design.titleAdjust');
    store.routeChanged('/collage/diseno/201');
    expect(store.pageTitleKey).toBe('design.titleFormat');
    store.routeChanged('/keuze');
    expect(store.pageTitleKey).toBe('titles.chooseDesign');
  });

  it('the editor loads until the layout has layers', () => {
    const { store } = setup();
    store.routeChanged('/edit');
    expect(store.state).toBe(NavState.EditorLoading);
    expect(store.pageTitleKey).toBe('');
    store.layoutReady(false);
    expect(store.state).toBe(NavState.EditorLoading);
    store.layoutReady(true);
    expect(store.state).toBe(NavState.EditorNormal);
    expect(store.pageTitleKey).toBe('titles.fillCollage');
  });

  it.each([
    NavState.EditorOrder,
    NavState.EditorSave,
    NavState.EditorWantToQuit,
    NavState.EditorFile,
    NavState.EditorEdit,
    NavState.EditorTitleEdit,
  ])('close and quit return to normal from dialog state %i', (state) => {
    const { store } = setup();
    inEditor(store, state);
    expect(store.canClose).toBe(true);
    store.close();
    expect(store.state).toBe(NavState.EditorNormal);
    store.setState(state);
    store.quit();
    expect(store.state).toBe(NavState.EditorNormal);
  });

  it.each([NavState.TemplateList, NavState.Template, NavState.EditorError])(
    'quit from state %i leaves to the shop',
    (state) => {
      const { store, leaves } = setup();
      store.setState(state);
      store.quit();
      expect(leaves).toEqual(['/winkel']);
    },
  );

  it.each([NavState.EditorNormal, NavState.EditorLoading, NavState.EditorLoginForCollage])(
    'quit from state %i asks first',
    (state) => {
      const { store, leaves } = setup();
      store.setState(state);
      store.quit();
      expect(store.state).toBe(NavState.EditorWantToQuit);
      expect(leaves).toEqual([]);
    },
  );

  it('blocks leaving while saving', () => {
    const { store, leaves } = setup();
    inEditor(store, NavState.EditorSave);
    store.setSaving(true);
    store.quit();
    store.close();
    expect(store.state).toBe(NavState.EditorSave);
    store.setState(NavState.TemplateList);
    store.quit();
    expect(leaves).toEqual([]);
  });

  it('back by state: list leaves, template goes to the choice with the filter, normal goes to the design page', () => {
    const { store, moves, leaves } = setup();
    store.setState(NavState.TemplateList);
    store.back(null);
    expect(leaves).toEqual(['/winkel']);
    store.setFilter('modern');
    store.setState(NavState.Template);
    store.back(null);
    expect(moves).toEqual(['/keuze/modern']);
    inEditor(store, NavState.EditorNormal);
    store.back({ id: '12', generated: true });
    store.back({ id: '12', generated: false });
    expect(moves.slice(1)).toEqual(['/ontwerp/basic/12', '/ontwerp/design/12']);
    store.setState(NavState.EditorFile);
    store.back({ id: '12', generated: true });
    expect(moves).toHaveLength(3);
  });

  it('guards leaving with unsaved changes until the user chose to leave', () => {
    const { store } = setup();
    inEditor(store, NavState.EditorNormal);
    expect(store.leaveGuardActive).toBe(false);
    store.markChanged();
    expect(store.leaveGuardActive).toBe(true);
    store.leaveWithoutSaving();
    expect(store.leaveGuardActive).toBe(false);
    store.markChanged();
    store.markSaved();
    expect(store.leaveGuardActive).toBe(false);
  });

  it('keeps guarding unsaved changes after the customer steps out of the editor inside the app, not on the error screen', () => {
    const { store } = setup();
    inEditor(store, NavState.EditorNormal);
    store.markChanged();
    // The back arrow, 'Wijzig', step 2: the design screen; step 1 and its back: the design list.
    for (const path of ['/ontwerp/basic/101', '/keuze', '/keuze/modern', '/ontwerp/design/7']) {
      store.routeChanged(path);
      expect(store.leaveGuardActive, path).toBe(true);
    }
    store.routeChanged('/edit');
    expect(store.leaveGuardActive).toBe(true);
    store.routeChanged('/fout');
    expect(store.leaveGuardActive).toBe(false);
  });

  it('does not guard the outer screens without unsaved changes, after a save, or once the customer chose to leave', () => {
    const { store } = setup();
    store.routeChanged('/keuze');
    expect(store.leaveGuardActive).toBe(false);
    inEditor(store, NavState.EditorNormal);
    store.markChanged();
    store.markSaved();
    store.routeChanged('/keuze');
    expect(store.leaveGuardActive).toBe(false);
    store.markChanged();
    store.leaveWithoutSaving();
    expect(store.leaveGuardActive).toBe(false);
  });

  it('reports page views only for the listed states, once per change', () => {
    const { store, analytics } = setup();
    inEditor(store, NavState.EditorNormal);
    store.setState(NavState.EditorNormal);
    store.setState(NavState.EditorTitleEdit);
    store.setState(NavState.EditorLoginForCollage);
    const editorViews = analytics.pageViews.filter((view) =>
      view.startsWith(`${PAGE_VIEW_PREFIX}/editor`),
    );
    expect(editorViews).toEqual([`${PAGE_VIEW_PREFIX}/editor`]);
  });

  it('reports one page view per screen: a redirecting path counts nothing, the editor and the error screen count by their state', () => {
    const { store, analytics } = setup();
    store.routeChanged('/');
    store.routeChanged('/keuze');
    store.routeChanged('/onbekend');
    store.routeChanged('/keuze');
    store.routeChanged('/ontwerp/basic/101');
    store.routeChanged('/edit');
    store.layoutReady(true);
    store.routeChanged('/fout');
    expect(analytics.pageViews).toEqual([
      '/htmlapp/keuze',
      '/htmlapp/keuze',
      '/htmlapp/ontwerp/basic/101',
      '/htmlapp/editor',
      '/htmlapp/editor/error',
    ]);
  });

  it('fails to the error screen with a time-stamped message', () => {
    const { store, moves } = setup();
    store.fail('boom');
    expect(moves).toEqual([`/fout?error=${encodeURIComponent('2026-11-22T10:00:00.000Z boom')}`]);
  });
});
