import { describe, expect, it } from 'vitest';
import { describeTarget, toHistoryStoreError, withoutSecrets } from './history-errors.js';
import { quoteTable, selectStatement } from './history-sql.js';
import { checkedOptions } from './options.js';

const URL_WITH_PASSWORD = 'postgres://audit:p%40ss-w0rd@db.internal:5432/arsenal?sslmode=require';

describe('history-postgres errors and options', () => {
  it('describes a target without its password or query parameters', () => {
    expect(describeTarget(URL_WITH_PASSWORD)).toBe('postgres://audit@db.internal:5432/arsenal');
    expect(describeTarget(undefined)).toBe('the configured Postgres pool');
    expect(describeTarget('host=db password=x')).toBe('the configured Postgres connection string');
  });

  it('scrubs passwords from driver messages', () => {
    const message = `could not connect to ${URL_WITH_PASSWORD}: password p@ss-w0rd rejected; also postgresql://u:other@h/db`;
    const cleaned = withoutSecrets(message, URL_WITH_PASSWORD);
    expect(cleaned).not.toContain('p@ss-w0rd');
    expect(cleaned).not.toContain('other@');
    expect(cleaned).toContain('postgres://audit@db.internal:5432/arsenal');
  });

  it('maps connection failures to retryable errors and data errors to final ones', () => {
    const down = toHistoryStoreError(
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      'write',
      URL_WITH_PASSWORD,
      3,
    );
    expect(down).toMatchObject({
      code: 'history_store_unavailable',
      retryable: true,
      unwrittenRecords: 3,
    });
    const refused = toHistoryStoreError(
      Object.assign(new Error('value too long'), { code: '22001' }),
      'write',
      URL_WITH_PASSWORD,
    );
    expect(refused).toMatchObject({ code: 'history_store_error', retryable: false });
  });

  it('refuses bad options, naming the option and a fix', () => {
    expect(() => checkedOptions({})).toThrow(/connectionString/);
    expect(() =>
      checkedOptions({ connectionString: 'postgres://h/db', retentionDays: -1 }),
    ).toThrow(/retentionDays must be a positive number/);
    expect(() => checkedOptions({ connectionString: 'postgres://h/db', maxRecords: 1.5 })).toThrow(
      /maxRecords must be an integer/,
    );
    expect(() =>
      checkedOptions({ connectionString: 'postgres://h/db', batchSize: 10_000 }),
    ).toThrow(/batchSize/);
    expect(() => quoteTable('audit; DROP TABLE x')).toThrow(/not a plain Postgres name/);
    expect(quoteTable('audit.calls')).toBe('"audit"."calls"');
  });

  it('builds parameterised queries: filters never become SQL text', () => {
    const statement = selectStatement('audit', {
      tool: "x' OR 1=1 --",
      principalId: 'p',
      status: 'success',
      since: '2025-01-01T00:00:00Z',
      until: '2025-02-01T00:00:00Z',
      limit: 5,
    });
    expect(statement.text).not.toContain('OR 1=1');
    expect(statement.values).toEqual([
      "x' OR 1=1 --",
      'p',
      'success',
      '2025-01-01T00:00:00Z',
      '2025-02-01T00:00:00Z',
      5,
    ]);
  });
});
