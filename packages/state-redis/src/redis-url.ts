/** `redis://user:secret@host:6379/0` → `redis://user:***@host:6379/0`, for messages and logs. */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    else if (parsed.username && !parsed.password) parsed.username = '***';
    return parsed.toString();
  } catch {
    // Not a URL we can parse: hide anything between "//" and "@".
    return url.replace(/\/\/[^@/]*@/, '//***@');
  }
}
