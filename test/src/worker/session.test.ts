import { describe, expect, it } from 'vitest';
import { ConsoleSession } from '../../../src/worker/session.ts';
import { SNAPSHOT_LENGTH } from '../../../src/worker/protocol.ts';
import { buildSnapshot } from '../../../src/input/keymap.ts';
import { KEY_MATRIX, keyCodeOf } from '../../../rom-core/machine/input.ts';
import { nodeBuiltins } from './builtins.ts';

const builtins = nodeBuiltins();
const none = new Uint8Array(SNAPSHOT_LENGTH);

function run(s: ConsoleSession, frames: number, snapshot: Uint8Array = none): void {
  for (let i = 0; i < frames; i++) {
    s.applyInput(snapshot);
    s.runFrame();
  }
}

describe('ConsoleSession', () => {
  it('boots our BIOS and the test cartridge and names them', () => {
    const s = new ConsoleSession({}, builtins, 48_000);
    expect(s.info()).toMatchObject({ width: 360, height: 243, timing: 'NTSC' });
    expect(s.info().frameRate).toBeCloseTo(59.83, 2);
    expect(s.roms.map((r) => r.note)).toEqual([
      'BIOS: o2conquest open BIOS (built from source)',
      'cartridge: console test cartridge (built from source)',
    ]);
    run(s, 10);
    expect(s.machine.frameNumber).toBe(10);
    expect(s.machine.cpu.ram[0x20]).toBeGreaterThan(0); // the VBLANK interrupt reached the cartridge
  });

  it('applies a held-input snapshot: the test cart sees the key and the stick', () => {
    const s = new ConsoleSession({}, builtins, 48_000);
    run(s, 5);
    run(s, 3, buildSnapshot(['Q', 'J1_LEFT'].map(keyCodeOf), [0, 0], false, false));
    expect(s.machine.cpu.ram[0x2b]).toBe(KEY_MATRIX.Q);
    expect(s.machine.cpu.ram[0x29]).toBe(0xff & ~0x08);
    run(s, 2);
    expect(s.machine.cpu.ram[0x2b]).toBe(0xff);
    expect(s.machine.cpu.ram[0x2a]).toBe(KEY_MATRIX.Q);
  });

  it('swap exchanges the sticks', () => {
    const s = new ConsoleSession({}, builtins, 48_000);
    run(s, 3, buildSnapshot(['J0_UP'].map(keyCodeOf), [0, 0], false, true));
    expect(s.machine.cpu.ram[0x28]).toBe(0xff);
    expect(s.machine.cpu.ram[0x29]).toBe(0xff & ~0x01);
  });

  it('refuses a snapshot of the wrong length', () => {
    const s = new ConsoleSession({}, builtins, 48_000);
    expect(() => s.applyInput(new Uint8Array(3))).toThrow(`an input snapshot is ${SNAPSHOT_LENGTH} bytes; got 3`);
  });

  it('stops at a breakpoint inside the frame and the frame, resumed, ends where it would have', () => {
    const plain = new ConsoleSession({}, builtins, 48_000);
    const debug = new ConsoleSession({}, builtins, 48_000);
    run(plain, 3);
    run(debug, 3);
    const vbl = [...builtins.carts[0].lineMap].find((e) =>
      builtins.carts[0].sources.get(e.file)?.split('\n')[e.line - 1].startsWith('vbl:'),
    );
    expect(vbl).toBeDefined();
    debug.setBreakpoints([vbl!.address]);
    plain.runFrame();
    const where = `PC ${vbl!.address.toString(16).toUpperCase().padStart(3, '0')}h, frame 4`;
    const stop = { kind: 'breakpoint', pc: vbl!.address, frame: 4, text: `breakpoint: ${where}` };
    expect(debug.runFrame()).toEqual({ stop });
    // Stopped before the instruction, inside frame 4: the PC is there and the frame has not ended.
    expect(debug.machine.cpu.pc).toBe(vbl!.address);
    expect(debug.machine.frameNumber).toBe(3);
    // One stopped state: the debugger's frame is the stop's (it said 3 beside "reached in frame 4").
    expect(debug.debugInfo()).toMatchObject({ frame: 4, pc: vbl!.address, stop });
    expect(debug.debugInfo().disasm.find((l) => l.current)?.address).toBe(vbl!.address);
    // A step runs the instruction at the breakpoint; clearing the breakpoints and running ends frame 4.
    const before = debug.machine.cpu.cycles;
    expect(debug.stepInstruction()).toBe('instruction');
    expect(debug.machine.cpu.cycles).toBeGreaterThan(before);
    debug.setBreakpoints([]);
    expect(debug.runFrame()).toEqual({});
    expect(debug.machine.frameNumber).toBe(4);
    expect(Array.from(debug.machine.saveState())).toEqual(Array.from(plain.machine.saveState()));
    expect(Array.from(debug.machine.frame)).toEqual(Array.from(plain.machine.frame));
  });

  it('disassembles around the PC with source lines of our own cartridge', () => {
    const s = new ConsoleSession({}, builtins, 48_000);
    run(s, 2);
    const info = s.debugInfo();
    const current = info.disasm.filter((l) => l.current);
    expect(current).toHaveLength(1);
    expect(current[0].address).toBe(info.pc);
    expect(info.disasm.some((l) => l.source?.startsWith('console-test.a48:'))).toBe(true);
    // Addresses follow each other by instruction length.
    for (let i = 1; i < info.disasm.length; i++) {
      expect(info.disasm[i].address).toBe(info.disasm[i - 1].address + info.disasm[i - 1].bytes.length);
    }
  });

  it('save state then load continues identically', () => {
    const a = new ConsoleSession({}, builtins, 48_000);
    run(a, 20, buildSnapshot(['J0_RIGHT'].map(keyCodeOf), [0, 0], false, false));
    const state = a.machine.saveState();
    run(a, 15);
    const b = new ConsoleSession({}, builtins, 48_000);
    b.machine.loadState(state);
    run(b, 15);
    expect(Array.from(b.machine.saveState())).toEqual(Array.from(a.machine.saveState()));
    expect(Array.from(b.machine.frame)).toEqual(Array.from(a.machine.frame));
  });
});

describe('built-in cartridges', () => {
  it('a battle cartridge that does not build is reported and the test cartridge runs', async () => {
    const { buildBuiltins } = await import('../../../src/worker/builtin-roms.ts');
    const base = nodeBuiltins();
    const files = new Map([...base.bios.sources]);
    const cartText = base.carts[0].sources.get('console-test.a48')!;
    const b = buildBuiltins(files, cartText, () => {
      throw new Error('bank0.a48:3: error: nope');
    });
    expect(b.carts.map((c) => c.id)).toEqual(['console-test']);
    expect(b.problems).toEqual([
      'our battle cartridge did not build (bank0.a48:3: error: nope); the console test cartridge runs instead',
    ]);
  });

  it('a banked cartridge shows the source of the bank that is mapped', async () => {
    const { buildBuiltins } = await import('../../../src/worker/builtin-roms.ts');
    const base = nodeBuiltins();
    // Four 2 KB banks whose reset code differs: bank 3 (active at reset) jumps to 500h, bank 0 to 600h.
    const image = new Uint8Array(0x2000).fill(0);
    for (let bank = 0; bank < 4; bank++) {
      image[bank * 0x800] = 0xa4; // JMP 5xxh
      image[bank * 0x800 + 1] = bank;
    }
    const lineMap = [0, 1, 2, 3].map((bank) => ({ address: 0x400, file: `bank${bank}.a48`, line: 1, bank }));
    const files = new Map([
      ...base.bios.sources,
      ...[0, 1, 2, 3].map((n) => [`carts/bank${n}.a48`, `jmp bank${n}`] as [string, string]),
    ]);
    const b = buildBuiltins(files, base.carts[0].sources.get('console-test.a48')!, () => ({ image, lineMap }));
    expect(b.carts.map((c) => c.id)).toEqual(['battle', 'console-test']);
    const s = new ConsoleSession({}, b, 48_000);
    expect(s.info().builtinCart).toBe('battle');
    const line = s.disassembleAround(0x400).find((l) => l.address === 0x400)!;
    const bank = s.machine.p1 & 3;
    expect(line.source).toBe(`bank${bank}.a48:1  jmp bank${bank}`);
    const test = new ConsoleSession({ builtinCart: 'console-test' }, b, 48_000);
    expect(test.info().builtinCart).toBe('console-test');
  });
});
