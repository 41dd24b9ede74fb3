/** node-postgres' parameter conversion (not covered by @types/pg): JS value → PostgreSQL text. */
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): string | Buffer | null };
  export default utils;
}
