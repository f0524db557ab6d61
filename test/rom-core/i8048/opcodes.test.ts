/**
 * Every one of the 256 opcodes, driven by the shared table: from several random CPU states, one
 * step must take the table's cycles, advance PC by the table's length (non-branches), and leave
 * exactly the state an independent, operand-driven model of the instruction predicts.
 */
import { describe, expect, it } from 'vitest';
import { OPCODES, rowText } from '../../../rom-core/i8048/opcodes.ts';
import type { OpcodeRow } from '../../../rom-core/i8048/opcodes.ts';
import type { I8048 } from '../../../rom-core/i8048/cpu.ts';
import type { RecordingPins } from '../../../rom-core/i8048/recording-pins.ts';
import { prngByte } from '../../harness/prng.ts';
import { rig } from './helpers.ts';

interface Snap {
  a: number;
  psw: number;
  pc: number;
  ram: number[];
  f1: boolean;
  mbf: number;
  timer: number;
  prescaler: number;
  timerMode: number;
  tf: boolean;
  timerOverflowPending: boolean;
  tcntIntEnabled: boolean;
  intEnabled: boolean;
  irqInProgress: boolean;
  t0ClockOut: boolean;
  p1: number;
  p2: number;
  bus: number;
  external: number[];
  writes: string[];
}

function snap(cpu: I8048, pins: RecordingPins): Snap {
  return {
    a: cpu.a,
    psw: cpu.psw,
    pc: cpu.pc,
    ram: [...cpu.ram],
    f1: cpu.f1,
    mbf: cpu.mbf,
    timer: cpu.timer,
    prescaler: cpu.prescaler,
    timerMode: cpu.timerMode,
    tf: cpu.tf,
    timerOverflowPending: cpu.timerOverflowPending,
    tcntIntEnabled: cpu.tcntIntEnabled,
    intEnabled: cpu.intEnabled,
    irqInProgress: cpu.irqInProgress,
    t0ClockOut: cpu.t0ClockOut,
    p1: cpu.p1,
    p2: cpu.p2,
    bus: cpu.bus,
    external: [...pins.external],
    writes: pins.writes.map((w) => `${w.kind}:${w.value.toString(16)}`),
  };
}

interface Inputs {
  port1: number;
  port2: number;
  bus: number;
  t0: number;
  t1: number;
  int: number;
  program: Uint8Array;
}

/** What the datasheet (as MAME implements it) says one instruction does to the state. */
function model(row: OpcodeRow, before: Snap, imm: number, io: Inputs): Snap {
  const e: Snap = structuredClone(before);
  const bank = e.psw & 0x10 ? 24 : 0;
  const next = before.pc + row.bytes;
  e.pc = next;
  const [dst = '', src = ''] = row.operands;
  const reg = (operand: string): number => {
    const m = /^(@?)R([0-7])$/.exec(operand);
    if (!m) throw new Error(`not a register operand: ${operand}`);
    const r = bank + Number(m[2]);
    return m[1] ? e.ram[r] & 0x3f : r;
  };
  const get = (operand: string): number => {
    switch (operand) {
      case 'A':
        return e.a;
      case '#imm':
        return imm;
      case 'T':
        return e.timer;
      case 'PSW':
        return e.psw | 0x08;
      case 'P1':
        return io.port1 & e.p1;
      case 'P2':
        return io.port2 & e.p2;
      case 'BUS':
        return io.bus;
      default:
        return e.ram[reg(operand)];
    }
  };
  const set = (operand: string, value: number): void => {
    value &= 0xff;
    if (operand === 'A') e.a = value;
    else if (operand === 'T') e.timer = value;
    else if (operand === 'PSW') e.psw = value & 0xf7;
    else e.ram[reg(operand)] = value;
  };
  const carry = (e.psw >> 7) & 1;
  const setCy = (on: boolean): void => {
    e.psw = on ? e.psw | 0x80 : e.psw & 0x7f;
  };
  const branch = (taken: boolean): void => {
    if (taken) e.pc = (before.pc & 0xf00) | imm;
  };
  const jump = (target: number): void => {
    e.pc = target | (e.mbf << 11);
  };
  const push = (): void => {
    const sp = e.psw & 7;
    e.ram[8 + 2 * sp] = next & 0xff;
    e.ram[9 + 2 * sp] = ((next >> 8) & 0x0f) | (e.psw & 0xf0);
    e.psw = (e.psw & 0xf8) | ((sp + 1) & 7);
  };
  const pull = (restorePsw: boolean): void => {
    const sp = (e.psw - 1) & 7;
    e.pc = e.ram[8 + 2 * sp] | ((e.ram[9 + 2 * sp] & 0x0f) << 8);
    e.psw = ((restorePsw ? e.ram[9 + 2 * sp] : e.psw) & 0xf0) | sp;
  };
  const port = (operand: string, value: number): void => {
    if (operand === 'P1') {
      e.p1 = value;
      e.writes.push(`port1:${value.toString(16)}`);
    } else if (operand === 'P2') {
      e.p2 = value;
      e.writes.push(`port2:${value.toString(16)}`);
    } else {
      e.bus = value;
      e.writes.push(`bus:${value.toString(16)}`);
    }
  };
  const p2Write = (value: number): void => {
    e.p2 = value;
    e.writes.push(`port2:${value.toString(16)}`);
  };
  const op = row.opcode;

  switch (row.mnemonic) {
    case '':
    case 'NOP':
      break;
    case 'ADD':
    case 'ADDC': {
      const v = get(src);
      const cin = row.mnemonic === 'ADDC' ? carry : 0;
      const ac = (e.a & 15) + (v & 15) + cin > 15;
      setCy(e.a + v + cin > 255);
      e.psw = ac ? e.psw | 0x40 : e.psw & ~0x40;
      e.a = (e.a + v + cin) & 0xff;
      break;
    }
    case 'ANL':
    case 'ORL':
    case 'XRL': {
      const f =
        row.mnemonic === 'ANL'
          ? (x: number, y: number) => x & y
          : row.mnemonic === 'ORL'
            ? (x: number, y: number) => x | y
            : (x: number, y: number) => x ^ y;
      if (dst === 'A') e.a = f(e.a, get(src));
      else if (dst === 'BUS') port('BUS', f(io.bus, imm));
      else port(dst, f(dst === 'P1' ? e.p1 : e.p2, imm));
      break;
    }
    case 'INC':
      set(dst, get(dst) + 1);
      break;
    case 'DEC':
      set(dst, get(dst) - 1);
      break;
    case 'CLR':
    case 'CPL': {
      const bit = { C: 0x80, F0: 0x20 }[dst as 'C' | 'F0'];
      if (dst === 'A') e.a = row.mnemonic === 'CLR' ? 0 : e.a ^ 0xff;
      else if (dst === 'F1') e.f1 = row.mnemonic === 'CLR' ? false : !e.f1;
      else e.psw = row.mnemonic === 'CLR' ? e.psw & ~bit : e.psw ^ bit;
      break;
    }
    case 'DA': {
      let a = e.a;
      if ((a & 15) > 9 || e.psw & 0x40) {
        a = (a + 6) & 0xff;
        if (a < 0x10) setCy(true);
      }
      if (a > 0x9f || e.psw & 0x80) {
        a = (a + 0x60) & 0xff;
        setCy(true);
      }
      e.a = a;
      break;
    }
    case 'SWAP':
      e.a = ((e.a & 15) << 4) | (e.a >> 4);
      break;
    case 'RL':
      e.a = ((e.a << 1) & 0xff) | (e.a >> 7);
      break;
    case 'RR':
      e.a = (e.a >> 1) | ((e.a & 1) << 7);
      break;
    case 'RLC': {
      const out = e.a >> 7;
      e.a = ((e.a << 1) & 0xff) | carry;
      setCy(out === 1);
      break;
    }
    case 'RRC': {
      const out = e.a & 1;
      e.a = (e.a >> 1) | (carry << 7);
      setCy(out === 1);
      break;
    }
    case 'MOV':
      set(dst, get(src));
      break;
    case 'XCH': {
      const t = e.a;
      e.a = get(src);
      set(src, t);
      break;
    }
    case 'XCHD': {
      const m = get(src);
      set(src, (m & 0xf0) | (e.a & 15));
      e.a = (e.a & 0xf0) | (m & 15);
      break;
    }
    case 'MOVX': {
      const address = e.ram[bank + (op & 1)];
      if (dst === 'A') e.a = e.external[address];
      else {
        e.external[address] = e.a;
        e.writes.push(`external:${e.a.toString(16)}`);
      }
      break;
    }
    case 'MOVP':
      e.a = io.program[(next & 0xf00) | e.a];
      break;
    case 'MOVP3':
      e.a = io.program[0x300 | e.a];
      break;
    case 'JMP':
      jump(((op >> 5) << 8) | imm);
      break;
    case 'CALL':
      push();
      jump(((op >> 5) << 8) | imm);
      break;
    case 'JMPP':
      e.pc = (next & 0xf00) | io.program[(next & 0xf00) | e.a];
      break;
    case 'DJNZ':
      set(dst, get(dst) - 1);
      branch(get(dst) !== 0);
      break;
    case 'JC':
      branch(carry === 1);
      break;
    case 'JNC':
      branch(carry === 0);
      break;
    case 'JZ':
      branch(e.a === 0);
      break;
    case 'JNZ':
      branch(e.a !== 0);
      break;
    case 'JT0':
      branch(io.t0 === 1);
      break;
    case 'JNT0':
      branch(io.t0 === 0);
      break;
    case 'JT1':
      branch(io.t1 === 1);
      break;
    case 'JNT1':
      branch(io.t1 === 0);
      break;
    case 'JF0':
      branch((e.psw & 0x20) !== 0);
      break;
    case 'JF1':
      branch(e.f1);
      break;
    case 'JTF':
      branch(e.tf);
      e.tf = false;
      break;
    case 'JNI':
      branch(io.int === 1);
      break;
    case 'RET':
      pull(false);
      break;
    case 'RETR':
      pull(true);
      e.irqInProgress = false;
      break;
    case 'IN':
    case 'INS':
      e.a = get(src);
      break;
    case 'OUTL':
      port(dst, e.a);
      break;
    case 'MOVD':
    case 'ANLD':
    case 'ORLD': {
      const command = { MOVD: dst === 'A' ? 0 : 1, ORLD: 2, ANLD: 3 }[row.mnemonic as 'MOVD' | 'ORLD' | 'ANLD'];
      p2Write((e.p2 & 0xf0) | (command << 2) | (op & 3));
      if (command === 0) {
        p2Write(e.p2 | 0x0f);
        e.a = io.port2 & 0x0f;
      } else p2Write((e.p2 & 0xf0) | (e.a & 0x0f));
      break;
    }
    case 'STRT':
      e.timerMode = dst === 'T' ? 1 : 2;
      if (dst === 'T') e.prescaler = 0;
      break;
    case 'STOP':
      e.timerMode = 0;
      break;
    case 'EN':
    case 'DIS':
      if (dst === 'I') e.intEnabled = row.mnemonic === 'EN';
      else {
        e.tcntIntEnabled = row.mnemonic === 'EN';
        if (row.mnemonic === 'DIS') e.timerOverflowPending = false;
      }
      break;
    case 'ENT0':
      e.t0ClockOut = true;
      break;
    case 'SEL':
      if (dst.startsWith('RB')) e.psw = dst === 'RB1' ? e.psw | 0x10 : e.psw & ~0x10;
      else e.mbf = dst === 'MB1' ? 1 : 0;
      break;
    default:
      if (/^JB[0-7]$/.test(row.mnemonic)) {
        branch(((e.a >> Number(row.mnemonic[2])) & 1) === 1);
        break;
      }
      throw new Error(`no model for ${row.mnemonic}`);
  }
  return e;
}

const BRANCHES = /^(J|CALL|RET|DJNZ)/;
const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];

describe('every opcode against the table and the model', () => {
  it('the table has 256 rows, 26 of them unused', () => {
    expect(OPCODES).toHaveLength(256);
    expect(OPCODES.filter((r) => r.illegal)).toHaveLength(26);
  });

  it.each(OPCODES.map((row) => [row.opcode.toString(16).padStart(2, '0'), rowText(row), row] as const))(
    '%s %s',
    (_hex, _text, row) => {
      for (const seed of SEEDS) {
        const r = prngByte(row.opcode * 31 + seed);
        const { cpu, pins, program } = rig();
        for (let i = 0; i < program.length; i++) program[i] = r();
        for (let i = 0; i < 256; i++) pins.external[i] = r();
        for (let i = 0; i < 64; i++) cpu.ram[i] = r();
        cpu.a = r();
        cpu.psw = r() & 0xf7;
        cpu.mbf = r() & 1;
        cpu.timer = r();
        cpu.prescaler = r() & 0x1f;
        cpu.f1 = (r() & 1) === 1;
        cpu.tf = (r() & 1) === 1;
        cpu.p1 = r();
        cpu.p2 = r();
        cpu.bus = r();
        const io = { port1: r(), port2: r(), bus: r(), t0: r() & 1, t1: r() & 1, int: r() & 1, program };
        Object.assign(pins, { port1In: io.port1, port2In: io.port2, busIn: io.bus, t0: io.t0, t1: io.t1, int: io.int });
        // Keep the instruction away from the page end (page crossing has its own tests).
        const start = ((r() & 0x0f) << 8) | (0x20 + (r() & 0x7f));
        const imm = r();
        program[start] = row.opcode;
        program[start + 1] = imm;
        cpu.pc = start;
        pins.writes.length = 0;

        const before = snap(cpu, pins);
        const cycles0 = cpu.cycles;
        const used = cpu.step();
        const after = snap(cpu, pins);

        expect(used, `seed ${seed}: step() result`).toBe(row.cycles);
        expect(cpu.cycles - cycles0, `seed ${seed}: cycle counter`).toBe(row.cycles);
        if (!BRANCHES.test(row.mnemonic) && row.mnemonic !== 'JMPP') {
          expect(after.pc, `seed ${seed}: PC advance`).toBe(start + row.bytes);
        }
        expect(after, `seed ${seed}`).toEqual(model(row, before, imm, io));
      }
    },
  );
});
