import { expect } from 'vitest';
import { encryptPassword, registerSalt, signInSalt } from '../../src/api/passwordCipher.js';
import type { TestClient } from './helper.js';

export interface TestAccount {
  username: string;
  email: string;
  password: string;
}

export interface AuthBody {
  authenticated: 'true' | 'false';
  errors?: Array<{ field: string; message: string }>;
  error?: string;
}

let counter = 0;

/** A fresh account's details, unique within the test run. */
export function newAccount(prefix = 'user'): TestAccount {
  counter += 1;
  const tag = `${prefix}${counter}${Math.random().toString(36).slice(2, 6)}`.slice(0, 20);
  return { username: tag, email: `${tag}@example.nl`, password: `pw-${tag}`.slice(0, 20) };
}

/** The register form as the editor posts it: passwords encrypted with username + email. */
export async function registerFields(
  account: TestAccount,
  extra: Record<string, string> = {},
): Promise<Record<string, string>> {
  const salt = registerSalt(account.username, account.email);
  return {
    username: account.username,
    email: account.email,
    newsletter: 'false',
    password: await encryptPassword(account.password, salt),
    password_again: await encryptPassword(account.password, salt),
    terms: 'true',
    ...extra,
  };
}

/** The sign-in form as the editor posts it: the password encrypted with the username. */
export async function signInFields(
  username: string,
  password: string,
): Promise<Record<string, string>> {
  return {
    username,
    password: await encryptPassword(password, signInSalt(username)),
    mode: 'signin',
  };
}

/** Registers through the real /api/register, which signs the client in; fails the test otherwise. */
export async function registerAndSignIn(
  client: TestClient,
  account: TestAccount = newAccount(),
): Promise<TestAccount> {
  const { status, body } = await client.postFormJson<AuthBody>(
    '/api/register?format=json',
    await registerFields(account),
  );
  expect(status).toBe(200);
  expect(body).toEqual({ authenticated: 'true', errors: [] });
  return account;
}

export async function signIn(
  client: TestClient,
  username: string,
  password: string,
): Promise<{ status: number; body: AuthBody }> {
  return client.postFormJson<AuthBody>(
    '/api/isAuthenticated?format=json',
    await signInFields(username, password),
  );
}

export async function isAuthenticated(client: TestClient): Promise<boolean> {
  const { body } = await client.postFormJson<AuthBody>('/api/isAuthenticated?format=json', {
    username: '',
    password: '',
  });
  return body.authenticated === 'true';
}
