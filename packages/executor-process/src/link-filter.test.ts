import { expectArsenalError } from '@arsenal/testkit';
import { describe, expect, it } from 'vitest';
import { linkRefusingFilter } from './link-filter.js';

/** Decode the instructions: [code, jt, jf, k]. */
function instructions(bytes: Uint8Array): number[][] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: number[][] = [];
  for (let at = 0; at < bytes.byteLength; at += 8) {
    out.push([
      view.getUint16(at, true),
      view.getUint8(at + 2),
      view.getUint8(at + 3),
      view.getUint32(at + 4, true),
    ]);
  }
  return out;
}

describe('the link-refusing seccomp program', () => {
  it.each(['x64', 'arm64'])('on %s, every refusing jump lands on the EPERM return', (arch) => {
    const program = instructions(linkRefusingFilter(arch));
    const last = program.length - 1;
    expect(program[last]).toEqual([0x06, 0, 0, 0x00050001]);
    expect(program[last - 1]).toEqual([0x06, 0, 0, 0x7fff0000]);
    // The architecture check sends any other ABI to the refusal.
    expect(1 + 1 + (program[1]?.[2] ?? 0)).toBe(last);
    for (const [index, [code = 0, jt = 0]] of program.entries()) {
      if (index > 1 && (code === 0x15 || code === 0x35)) expect(index + 1 + jt).toBe(last);
    }
    const refused = program.filter(([code]) => code === 0x15).map(([, , , k]) => k);
    expect(refused).toContain(arch === 'x64' ? 88 : 36); // symlink / symlinkat
    expect(refused).toContain(425); // io_uring_setup
  });

  it('refuses an architecture it has no system call numbers for', async () => {
    const error = await expectArsenalError(
      () => linkRefusingFilter('ppc64'),
      'configuration_invalid',
    );
    expect(error.message).toContain('supports x64 and arm64');
  });
});
