import { ConfigurationError } from '@arsenal/core';

// Classic BPF, as the kernel's seccomp reads it: { u16 code; u8 jt; u8 jf; u32 k } per instruction.
const LOAD_WORD = 0x20; // BPF_LD | BPF_W | BPF_ABS
const JUMP_EQUAL = 0x15; // BPF_JMP | BPF_JEQ | BPF_K
const JUMP_AT_LEAST = 0x35; // BPF_JMP | BPF_JGE | BPF_K
const RETURN = 0x06; // BPF_RET | BPF_K
const ALLOW = 0x7fff0000;
const REFUSE = 0x00050000 | 1; // SECCOMP_RET_ERRNO | EPERM
const X32_BIT = 0x40000000;

/** seccomp's view of a system call: the number at offset 0, the architecture at offset 4. */
const ARCHITECTURES: Record<string, { audit: number; calls: Record<string, number> }> = {
  x64: {
    audit: 0xc000003e,
    calls: {
      link: 86,
      symlink: 88,
      linkat: 265,
      symlinkat: 266,
      io_uring_setup: 425,
      io_uring_enter: 426,
      io_uring_register: 427,
    },
  },
  arm64: {
    audit: 0xc00000b7,
    calls: {
      symlinkat: 36,
      linkat: 37,
      io_uring_setup: 425,
      io_uring_enter: 426,
      io_uring_register: 427,
    },
  },
};

/**
 * A seccomp program (for `bwrap --seccomp`) that refuses, with EPERM, every system call that
 * creates a link: a sandboxed program cannot plant in a writable folder a symlink (or hard link)
 * the host would later follow out of it. io_uring is refused too, since it can create links
 * without those calls; so are other ABIs (x32, 32-bit), which would bypass the numbers checked.
 */
export function linkRefusingFilter(arch: string = process.arch): Uint8Array {
  const target = ARCHITECTURES[arch];
  if (!target) {
    throw new ConfigurationError(
      `The process sandbox supports x64 and arm64 Linux, not ${arch}: it cannot refuse link creation here. Run the tool unsandboxed on purpose (sandbox: false) or on a supported machine.`,
    );
  }
  const calls = Object.values(target.calls);
  // Layout: arch check, load nr, x32 check (x64), one test per call, allow, refuse.
  const program: [number, number, number, number][] = [];
  const refuseAt = 3 + (arch === 'x64' ? 1 : 0) + calls.length + 1;
  // Jump offsets count from the next instruction.
  const toRefuse = () => refuseAt - program.length - 1;
  program.push([LOAD_WORD, 0, 0, 4]);
  program.push([JUMP_EQUAL, 0, toRefuse(), target.audit]);
  program.push([LOAD_WORD, 0, 0, 0]);
  if (arch === 'x64') program.push([JUMP_AT_LEAST, toRefuse(), 0, X32_BIT]);
  for (const call of calls) program.push([JUMP_EQUAL, toRefuse(), 0, call]);
  program.push([RETURN, 0, 0, ALLOW]);
  program.push([RETURN, 0, 0, REFUSE]);
  const bytes = new Uint8Array(program.length * 8);
  const view = new DataView(bytes.buffer);
  program.forEach(([code, jt, jf, k], index) => {
    view.setUint16(index * 8, code, true);
    view.setUint8(index * 8 + 2, jt);
    view.setUint8(index * 8 + 3, jf);
    view.setUint32(index * 8 + 4, k, true);
  });
  return bytes;
}
