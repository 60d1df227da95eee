// The --queue URL: redis://[user:password@]host:port[/db], or rediss:// for TLS. ioredis reads
// the URL itself (password, database, TLS); here it is only checked, so a typo fails at once with
// a clear message, and shown without its password.

export interface QueueUrl {
  url: string;
  host: string;
  port: number;
  db: number;
  tls: boolean;
  /** The URL with its password replaced by ***, for messages. */
  shown: string;
}

export function parseQueueUrl(text: string): QueueUrl {
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    throw new Error(`--queue expects redis://[user:password@]host:port[/db], got "${text}"`);
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') throw new Error(`--queue expects a redis:// or rediss:// URL, got "${u.protocol}"`);
  if (u.hostname === '') throw new Error(`--queue ${text}: no host`);
  const port = u.port === '' ? 6379 : Number(u.port);
  const path = u.pathname.replace(/^\//, '');
  if (path !== '' && !/^\d{1,2}$/.test(path)) throw new Error(`--queue ${text}: the path is the database number (0-15), got "${path}"`);
  const db = path === '' ? 0 : Number(path);
  const shownUrl = new URL(text);
  if (shownUrl.password !== '') shownUrl.password = '***';
  return { url: text, host: u.hostname, port, db, tls: u.protocol === 'rediss:', shown: shownUrl.toString() };
}
