/**
 * npm run analytics:report [-- FROM [TO]]: the editor's events counted per day, read from the
 * running server's GET /api/admin/analytics (the server holds PGlite's data folder, so the report
 * asks the server rather than opening the database itself). Needs ANALYTICS_TOKEN, the same as
 * the server's; the server is ANALYTICS_URL, else http://127.0.0.1:$PORT (8080). Days are YYYY-MM-DD.
 */
export {};

const token = process.env.ANALYTICS_TOKEN;
if (!token) {
  console.error('Set ANALYTICS_TOKEN to the token the server was started with.');
  process.exit(2);
}
const base = process.env.ANALYTICS_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;
const [from, to] = process.argv.slice(2);
const query = new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) });
const response = await fetch(`${base}/api/admin/analytics?${query}`, {
  headers: { authorization: `Bearer ${token}` },
});
if (!response.ok) {
  console.error(`The server answered ${response.status}: ${await response.text()}`);
  process.exit(1);
}
const report = (await response.json()) as {
  from: string;
  to: string;
  timeZone: string;
  rows: Array<{ day: string; event: string; count: number }>;
};
console.log(`Events per day, ${report.from} to ${report.to} (${report.timeZone})`);
const width = Math.max(5, ...report.rows.map((row) => row.event.length));
for (const row of report.rows)
  console.log(`${row.day}  ${row.event.padEnd(width)}  ${String(row.count).padStart(7)}`);
if (report.rows.length === 0) console.log('(no events)');
