import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isTicked, isValidEmail, isValidPassword, isValidUsername } from './accountRules';

describe('accountRules', () => {
  it.each([
    ['a', false],
    ['ab', true],
    ['x'.repeat(20), true],
    ['x'.repeat(21), false],
    [' anna', false],
    ['an\u0000na', false],
    ['😀😀', true],
    ['😀'.repeat(20), true],
    ['😀'.repeat(21), false],
  ])('username %j valid: %s', (username, valid) => {
    expect(isValidUsername(username)).toBe(valid);
  });

  it('accepts exactly the trimmed usernames of 2-20 characters without control characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (text) => {
        const length = [...text].length;
        const expected =
          length >= 2 && length <= 20 && text === text.trim() && !/\p{Cc}/u.test(text);
        expect(isValidUsername(text)).toBe(expected);
      }),
    );
  });

  it.each([
    ['a', false],
    ['ab', true],
    ['a b', true],
    [' ab', false],
    ['y'.repeat(20), true],
    ['y'.repeat(21), false],
  ])('password %j valid: %s', (password, valid) => {
    expect(isValidPassword(password)).toBe(valid);
  });

  it.each([
    ['anna@example.nl', true],
    ['a@b.nl', true],
    ['a@b.n', false],
    ['anna@localhost', false],
    ['anna.example.nl', false],
    ['anna@@example.nl', false],
    ['anna@example..nl', false],
    [' anna@example.nl', false],
    [`${'a'.repeat(109)}@example.nl`, true],
    [`${'a'.repeat(110)}@example.nl`, false],
  ])('email %j valid: %s', (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
  });

  it.each([
    [true, true],
    ['true', true],
    ['on', true],
    ['false', false],
    ['', false],
    [undefined, false],
    ['1', false],
  ])('checkbox %j ticked: %s', (value, ticked) => {
    expect(isTicked(value)).toBe(ticked);
  });
});
