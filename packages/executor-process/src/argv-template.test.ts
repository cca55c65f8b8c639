import { expectArsenalError } from '@arsenal/testkit';
import { describe, expect, it } from 'vitest';
import { renderArgv } from './argv-template.js';

const opts = { toolName: 'grep_logs' };

describe('argv templates', () => {
  it('keeps every value inside its own slot, shell syntax included', () => {
    const hostile = '; rm -rf / && $(curl evil) `id` | cat > /etc/passwd';
    expect(renderArgv(['-n', '{{pattern}}', 'file.log'], { pattern: hostile }, opts)).toEqual([
      '-n',
      hostile,
      'file.log',
    ]);
    expect(renderArgv(['--pattern={{pattern}}'], { pattern: 'a b c' }, opts)).toEqual([
      '--pattern=a b c',
    ]);
  });

  it('expands an array parameter into one slot per element and drops absent optional groups', () => {
    const template = ['-c', ['--max-count', '{{limit}}'], '{{files}}'];
    expect(renderArgv(template, { files: ['a.txt', 'b c.txt'] }, opts)).toEqual([
      '-c',
      'a.txt',
      'b c.txt',
    ]);
    expect(renderArgv(template, { files: ['a.txt'], limit: 5 }, opts)).toEqual([
      '-c',
      '--max-count',
      '5',
      'a.txt',
    ]);
  });

  it('refuses a value that would turn itself into an option, unless allowed', async () => {
    const error = await expectArsenalError(
      () => renderArgv(['{{pattern}}', 'file.log'], { pattern: '--output=/etc/passwd' }, opts),
      'invalid_argument',
    );
    expect(error.message).toContain('"pattern" starts with "-"');
    await expectArsenalError(
      () => renderArgv(['{{files}}'], { files: ['ok.txt', '-rf'] }, opts),
      'invalid_argument',
    );
    expect(
      renderArgv(['{{flags}}'], { flags: '-v' }, { ...opts, allowLeadingDash: ['flags'] }),
    ).toEqual(['-v']);
    // Inside a slot that already started, a dash is just text.
    expect(renderArgv(['--pattern={{pattern}}'], { pattern: '-x' }, opts)).toEqual([
      '--pattern=-x',
    ]);
  });

  it('refuses a dash wherever the placeholder sits when it would start the slot', async () => {
    // `sort "{{name}}.csv"` with name "-o/some/path" would write an arbitrary file.
    const suffixed = await expectArsenalError(
      () => renderArgv(['{{name}}.csv'], { name: '-o/some/path' }, opts),
      'invalid_argument',
    );
    expect(suffixed.message).toContain('"name" makes its argument start with "-"');
    // Two placeholders: an empty first one hands the front of the slot to the second.
    const second = await expectArsenalError(
      () => renderArgv(['{{a}}{{b}}'], { a: '', b: '-rf' }, opts),
      'invalid_argument',
    );
    expect(second.message).toContain('"b"');
    const first = await expectArsenalError(
      () => renderArgv(['{{a}}{{b}}'], { a: '-', b: 'o/etc/x' }, opts),
      'invalid_argument',
    );
    expect(first.message).toContain('"a"');
    // An empty value that moves the template's own dash to the front is refused too.
    await expectArsenalError(
      () => renderArgv(['{{prefix}}-x'], { prefix: '' }, opts),
      'invalid_argument',
    );
    await expectArsenalError(() => renderArgv(['{{n}}.txt'], { n: -5 }, opts), 'invalid_argument');
    // Not at the front, or allowed, or not a dash: the slot renders as written.
    expect(renderArgv(['in-{{name}}.csv'], { name: '-o' }, opts)).toEqual(['in--o.csv']);
    expect(renderArgv(['{{a}}{{b}}'], { a: 'x', b: '-y' }, opts)).toEqual(['x-y']);
    expect(renderArgv(['{{name}}.csv'], { name: 'report' }, opts)).toEqual(['report.csv']);
    expect(
      renderArgv(['{{a}}{{b}}'], { a: '', b: '-v' }, { ...opts, allowLeadingDash: ['b'] }),
    ).toEqual(['-v']);
  });

  it('refuses NUL bytes and objects, naming the parameter', async () => {
    const nul = await expectArsenalError(
      () => renderArgv(['{{name}}'], { name: 'a\u0000b' }, opts),
      'invalid_argument',
    );
    expect(nul.message).toContain('"name"');
    await expectArsenalError(
      () => renderArgv(['{{name}}'], { name: { nested: true } }, opts),
      'invalid_argument',
    );
  });
});
