import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { temporaryDirectory } from '@arsenal/testkit';
import { describe, expect, it } from 'vitest';
import { createArsenalFromConfig } from './create-arsenal.js';
import { loadConfig, parseConfig } from './load-config.js';

describe('cli: command-line programs from arsenal.yaml', () => {
  it('registers each program as a tool in the cli namespace and runs it with its cwd', async () => {
    const dir = temporaryDirectory('arsenal-cli-config-');
    await writeFile(join(dir, 'greeting.txt'), 'hello from a file\n');
    await writeFile(
      join(dir, 'arsenal.yaml'),
      [
        'cli:',
        '  - name: read_greeting',
        '    description: Print the greeting file.',
        '    command: cat',
        '    args: ["{{file}}"]',
        '    cwd: .',
        '    annotations: { readOnlyHint: true }',
      ].join('\n'),
    );
    const { arsenal, close } = await createArsenalFromConfig(
      await loadConfig(join(dir, 'arsenal.yaml')),
    );
    try {
      const [tool] = arsenal.registry.list();
      expect(tool?.qualifiedName.startsWith('cli.read_greeting')).toBe(true);
      const result = await arsenal.execute({
        tool: 'read_greeting',
        arguments: { file: 'greeting.txt' },
      });
      expect(result.result).toMatchObject({ stdout: 'hello from a file\n' });
    } finally {
      await close();
    }
  });

  it('rejects a mistyped key with its line, and a shell line as a command at start-up', async () => {
    expect(() =>
      parseConfig(['cli:', '  - name: x', '    description: y', '    comand: ls'].join('\n')),
    ).toThrow(/comand/);
    const config = parseConfig(
      ['cli:', '  - name: list_all', '    description: List.', '    command: ls -la | wc'].join(
        '\n',
      ),
    );
    await expect(createArsenalFromConfig(config)).rejects.toThrow(/put its arguments in "args"/);
  });
});
