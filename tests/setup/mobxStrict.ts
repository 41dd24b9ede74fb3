import { configure } from 'mobx';

// DESIGN.md: MobX strict mode in dev and tests; every state change goes through an action.
configure({
  enforceActions: 'always',
  computedRequiresReaction: false,
  observableRequiresReaction: false,
});
