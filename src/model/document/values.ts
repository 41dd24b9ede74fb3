import type { XmlElement } from './xmlTree';

/**
 * Reading and writing attribute values. Saved data is never trusted: every value is checked and
 * a bad one raises an InvalidXmlData naming the element path and attribute, which the readers turn
 * into "Couldn't parse the xml data" with that detail.
 */
export class InvalidXmlData extends Error {}

const DECIMAL = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const HEX_COLOR = /^(?:0x|#)([0-9a-fA-F]{1,6})$/;
const CANONICAL_COLOR = /^#[0-9a-f]{6}$/;
// Attribute values are single-line: no control characters (another XML reader would turn a line
// break into a space).
const CONTROL = /\p{Cc}/u;

/** Numbers as JavaScript prints them (shortest exact form); -0 is written as 0. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`cannot write ${value} as a number`);
  return Object.is(value, -0) ? '0' : String(value);
}

export function formatBoolean(value: boolean): string {
  return value ? 'true' : 'false';
}

/** '#rrggbb' (or 0x…, 1–6 hex digits) to the XML's 0x-prefixed 6-digit form. Kept private here:
 * the catalog's colour helpers cover the palette and RGB conversions. */
export function toXmlColor(color: string): string {
  const match = HEX_COLOR.exec(color);
  if (!match) throw new RangeError(`not a colour: ${color}`);
  return `0x${match[1]!.toLowerCase().padStart(6, '0')}`;
}

/** 0x-prefixed (or #) hex with 1–6 digits, zero-padded, to '#rrggbb'; null when not a colour. */
export function fromXmlColor(value: string): string | null {
  const match = HEX_COLOR.exec(value.trim());
  return match ? `#${match[1]!.toLowerCase().padStart(6, '0')}` : null;
}

export function isCanonicalColor(value: string): boolean {
  return CANONICAL_COLOR.test(value);
}

export interface StringRule {
  maxLength?: number;
  pattern?: RegExp;
  /** May be empty (default false). */
  allowEmpty?: boolean;
}

export interface NumberRule {
  min?: number;
  max?: number;
  /** The minimum itself is not allowed (e.g. a font size must be above 0). */
  exclusiveMin?: boolean;
}

/** Reads one element's attributes with validation. */
export class AttributeReader {
  constructor(
    readonly node: XmlElement,
    readonly path: string,
  ) {}

  fail(name: string, problem: string): never {
    throw new InvalidXmlData(`${this.path}@${name}: ${problem}`);
  }

  has(name: string): boolean {
    return Object.hasOwn(this.node.attrs, name);
  }

  private raw(name: string, fallback: string | undefined): string {
    if (this.has(name)) return this.node.attrs[name]!;
    if (fallback === undefined) this.fail(name, 'missing');
    return fallback;
  }

  string(name: string, rule: StringRule = {}, fallback?: string): string {
    const value = this.raw(name, fallback);
    return checkString(value, rule, (problem) => this.fail(name, problem));
  }

  optionalString(name: string, rule: StringRule = {}): string | undefined {
    return this.has(name) ? this.string(name, rule) : undefined;
  }

  number(name: string, rule: NumberRule = {}, fallback?: number): number {
    if (!this.has(name) && fallback !== undefined) return fallback;
    const text = this.raw(name, undefined).trim();
    if (!DECIMAL.test(text)) this.fail(name, `not a number: '${text.slice(0, 40)}'`);
    const value = Number(text) + 0; // + 0 turns -0 into 0
    if (!Number.isFinite(value)) this.fail(name, 'not a finite number');
    if (rule.min !== undefined && (value < rule.min || (rule.exclusiveMin && value === rule.min)))
      this.fail(name, `${value} is below ${rule.min}`);
    if (rule.max !== undefined && value > rule.max)
      this.fail(name, `${value} is above ${rule.max}`);
    return value;
  }

  optionalNumber(name: string, rule: NumberRule = {}): number | undefined {
    return this.has(name) ? this.number(name, rule) : undefined;
  }

  boolean(name: string, fallback?: boolean): boolean {
    const value = this.raw(name, fallback === undefined ? undefined : formatBoolean(fallback))
      .trim()
      .toLowerCase();
    if (value !== 'true' && value !== 'false')
      this.fail(name, `not 'true' or 'false': '${value.slice(0, 40)}'`);
    return value === 'true';
  }

  oneOf<T extends string>(name: string, values: readonly T[], fallback?: T): T {
    const value = this.raw(name, fallback);
    if (!(values as readonly string[]).includes(value))
      this.fail(name, `unknown value '${value.slice(0, 40)}'`);
    return value as T;
  }

  color(name: string, fallback?: string): string {
    const value = this.raw(name, fallback === undefined ? undefined : toXmlColor(fallback));
    return fromXmlColor(value) ?? this.fail(name, `not a colour: '${value.slice(0, 40)}'`);
  }
}

export function checkString(
  value: string,
  rule: StringRule,
  fail: (problem: string) => never,
): string {
  if (!rule.allowEmpty && value === '') fail('empty');
  if (value.length > (rule.maxLength ?? 200))
    fail(`longer than ${rule.maxLength ?? 200} characters`);
  if (CONTROL.test(value)) fail('contains control characters');
  if (rule.pattern && !rule.pattern.test(value)) fail(`not allowed: '${value.slice(0, 40)}'`);
  return value;
}

/** Slot and setting names: an identifier, so they work as keys everywhere. */
export const NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
/** Template and photo ids: no spaces at the ends. */
export const ID_RULE: StringRule = { maxLength: 200, pattern: /^\S(.*\S)?$/ };
export const FREE_TEXT_RULE: StringRule = { maxLength: 200, allowEmpty: true };
