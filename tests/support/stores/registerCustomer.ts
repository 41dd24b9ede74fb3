import { expect } from 'vitest';
import type { RootStore } from '../../../src/stores/RootStore';

/** Registers a new customer through the session store (a fresh name each call) and expects it signed in. */
export async function registerCustomer(root: RootStore, prefix: string): Promise<void> {
  const username = `${prefix}${Math.random().toString(36).slice(2, 9)}`;
  const outcome = await root.session.register({
    username,
    email: `${username}@example.nl`,
    password: 'geheim12',
    passwordAgain: 'geheim12',
    newsletter: false,
    terms: true,
  });
  expect(outcome.authenticated).toBe(true);
}
