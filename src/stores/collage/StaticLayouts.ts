import { action, makeObservable, observableRef } from 'mobx';
import { readTemplateXml } from '../../model/document/templateXml';
import type { StaticLayoutState } from './formatTypes';

export interface StaticLayoutServices {
  /** The static template file of a source (GET of its definition file). */
  loadTemplateXml(source: string): Promise<string>;
  reportError(message: string): void;
}

/**
 * Layouts of static templates, read once per source with readTemplateXml and cached. A file that
 * cannot be read or parsed fails with the spec's "Couldn't parse the xml data" (logged); asking
 * again tries again.
 */
export class StaticLayouts {
  states: Readonly<Record<string, StaticLayoutState>> = {};

  constructor(private readonly services: StaticLayoutServices) {
    makeObservable<StaticLayouts, 'setState'>(this, {
      states: observableRef,
      request: action,
      setState: action,
    });
  }

  state(source: string): StaticLayoutState | undefined {
    return Object.hasOwn(this.states, source) ? this.states[source] : undefined;
  }

  request(source: string): void {
    const known = this.state(source);
    if (known && known.status !== 'failed') return;
    this.setState(source, { status: 'loading' });
    this.services.loadTemplateXml(source).then(
      (xml) => {
        const result = readTemplateXml(xml);
        if (result.ok) this.setState(source, { status: 'ready', layout: result.template.layout });
        else this.fail(source, `${result.error}: ${result.detail}`);
      },
      (error: unknown) => this.fail(source, error instanceof Error ? error.message : String(error)),
    );
  }

  private fail(source: string, error: string): void {
    this.services.reportError(`static template ${source}: ${error}`);
    this.setState(source, { status: 'failed', error });
  }

  private setState(source: string, state: StaticLayoutState): void {
    this.states = { ...this.states, [source]: state };
  }
}
