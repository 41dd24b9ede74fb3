import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from './db.js';
import {
  accountKey,
  findTakenFields,
  findUserById,
  findUserByUsername,
  insertUser,
} from './users.js';

const targets = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

describe.each(targets)('users table on %s', (kind) => {
  let db: Db;
  const schema = `t_users_${process.pid}_${Date.now().toString(36)}`;
  beforeAll(async () => {
    db = await openDb(kind === 'postgres' ? { databaseUrl: process.env.DATABASE_URL, schema } : {});
  });
  afterAll(async () => {
    if (kind === 'postgres') await db.query(`DROP SCHEMA ${schema} CASCADE`);
    await db.close();
  });

  it('stores a user and finds it by any casing of the username', async () => {
    const result = await insertUser(db, {
      username: ' Anna ',
      email: 'Anna@Example.nl',
      passwordHash: 'h',
      newsletter: true,
    });
    if (!('id' in result)) throw new Error('expected an id');
    const found = await findUserByUsername(db, 'ANNA');
    expect(found).toEqual({
      id: result.id,
      username: 'Anna',
      email: 'Anna@Example.nl',
      newsletter: true,
      passwordHash: 'h',
    });
    expect(await findUserById(db, result.id)).toEqual({
      id: result.id,
      username: 'Anna',
      email: 'Anna@Example.nl',
      newsletter: true,
    });
    expect(await findUserByUsername(db, 'anne')).toBeNull();
  });

  it('reports taken usernames and emails ignoring case', async () => {
    expect(await findTakenFields(db, 'anna', 'someone@else.nl')).toEqual(['username']);
    expect(await findTakenFields(db, 'bob', 'ANNA@example.NL')).toEqual(['email']);
    expect(await findTakenFields(db, 'aNNa', ' anna@example.nl ')).toEqual(['username', 'email']);
    expect(await findTakenFields(db, 'bob', 'bob@example.nl')).toEqual([]);
  });

  it('answers the taken field when a unique key settles a race', async () => {
    expect(
      await insertUser(db, {
        username: 'ANNA',
        email: 'x@example.nl',
        passwordHash: 'h',
        newsletter: false,
      }),
    ).toEqual({ taken: 'username' });
    expect(
      await insertUser(db, {
        username: 'bob',
        email: 'anna@EXAMPLE.nl',
        passwordHash: 'h',
        newsletter: false,
      }),
    ).toEqual({ taken: 'email' });
  });

  it('keys are trimmed and lower-cased', () => {
    expect(accountKey('  MiXeD@Case.NL ')).toBe('mixed@case.nl');
  });
});
