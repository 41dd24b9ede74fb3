/**
 * Analytics through an interface: no third-party tracker. The editor batches its events to the
 * shop's own server (analyticsBatcher.ts) and also logs each to the console.
 */
export interface AnalyticsEvent {
  category: string;
  action: string;
  label?: string;
  value?: number;
}

export interface Analytics {
  pageView(path: string): void;
  event(event: AnalyticsEvent): void;
}

/** The spec's fixed application prefix of every page view. */
export const PAGE_VIEW_PREFIX = '/htmlapp';

export class ConsoleAnalytics implements Analytics {
  pageView(path: string): void {
    console.info('[analytics] page view', PAGE_VIEW_PREFIX + path);
  }
  event(event: AnalyticsEvent): void {
    console.info('[analytics] event', event);
  }
}

/** Keeps what was reported, for tests and for the e2e hooks. */
export class RecordingAnalytics implements Analytics {
  readonly pageViews: string[] = [];
  readonly events: AnalyticsEvent[] = [];
  pageView(path: string): void {
    this.pageViews.push(PAGE_VIEW_PREFIX + path);
  }
  event(event: AnalyticsEvent): void {
    this.events.push(event);
  }
}
