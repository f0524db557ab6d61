/**
 * Stored values a page reads at start (issue 37): each reader never throws; a value it cannot read is
 * set aside under `KEY.unreadable-N` with a sentence the pages show, and the default is used.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flag, jsonSetting, setting } from '../../../src/platform/settings.ts';
import { storedNotices, storedRecord } from '../../../src/platform/stored.ts';
import { BindingStore } from '../../../src/input/bindings.ts';
import { DEFAULT_KEY_BINDINGS } from '../../../src/input/keymap.ts';
import { SessionLog } from '../../../src/resolver/session-log.ts';

const DAMAGED = [
  '{"half": ',
  '['.repeat(100_000) + ']'.repeat(100_000),
  '{"toString":5}',
  '{"__proto__":{"x":1}}',
  '5',
];

function memory(entries: Record<string, string> = {}) {
  const m = new Map<string, string>(Object.entries(entries));
  return {
    m,
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    clear: () => m.clear(),
  };
}

let store = memory();
beforeEach(() => {
  store = memory();
  vi.stubGlobal('localStorage', store);
});
afterEach(() => vi.unstubAllGlobals());

describe('settings kept in this browser', () => {
  it('set a damaged value aside with a sentence and give the default', () => {
    const isList = (v: unknown) =>
      Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined;
    const s = jsonSetting<string[]>('o2conquest.test.list', ['a'], isList);
    for (const text of DAMAGED) {
      store.clear();
      store.setItem('o2conquest.test.list', text);
      expect(s.get()).toEqual(['a']);
      expect(store.m.get('o2conquest.test.list.unreadable-1')).toBe(text);
      expect(store.m.has('o2conquest.test.list')).toBe(false);
      expect(storedNotices().at(-1)).toBe(
        'The value kept in this browser as "o2conquest.test.list" is not a setting this page can read: it was set aside as "o2conquest.test.list.unreadable-1", and the default is used.',
      ); // Offered for download beside the sentence, as the very text set aside.
      expect(storedRecord(storedNotices().at(-1)!)).toMatchObject({ name: 'o2conquest.test.list.unreadable-1.json' });
      expect(storedRecord(storedNotices().at(-1)!)?.text()).toBe(text);
    }
    const f = flag('o2conquest.test.flag', true);
    store.setItem('o2conquest.test.flag', '{"toString":5}');
    expect(f.get()).toBe(true);
    expect(store.m.get('o2conquest.test.flag.unreadable-1')).toBe('{"toString":5}');
  });

  it('leave the default as set writes it, and a parser that throws, or a storage that refuses, throws nothing', () => {
    const code = setting<string>('o2conquest.test.code', '', (t) => (/^[A-Z]{6}$/.test(t) ? t : undefined));
    code.set('');
    const before = storedNotices().length;
    expect(code.get()).toBe('');
    expect(storedNotices().length).toBe(before);
    const throwing = setting<number>('o2conquest.test.n', 1, () => {
      throw new RangeError('Maximum call stack size exceeded');
    });
    store.setItem('o2conquest.test.n', '7');
    expect(throwing.get()).toBe(1);
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    expect(code.get()).toBe('');
  });
});

describe('stick bindings kept in this browser', () => {
  it('take only known switches bound to key codes; a value that is no object is set aside', () => {
    const s = memory({
      'o2conquest.console.bindings.keyboard':
        '{"toString":5,"J0_UP":5,"J0_FIRE":"KeyF","__proto__":{"J0_DOWN":"KeyX"}}',
    });
    const b = new BindingStore(s);
    expect(b.keyboard()).toEqual({ ...DEFAULT_KEY_BINDINGS, J0_FIRE: 'KeyF' });
    for (const text of ['"UP"', '{not json', '[1,2]']) {
      s.clear();
      s.setItem('o2conquest.console.bindings.keyboard', text);
      expect(b.keyboard()).toEqual(DEFAULT_KEY_BINDINGS);
      expect(s.m.get('o2conquest.console.bindings.keyboard.unreadable-1')).toBe(text);
    }
    s.setItem('o2conquest.console.bindings.pad.x', '{"UP":{"toString":5},"FIRE":["b3",5]}');
    expect(b.pad('x').FIRE).toEqual(['b3']);
  });
});

describe("the resolver's session log", () => {
  it('sets an unreadable log aside instead of writing over it, and drops entries the export cannot read', () => {
    const s = memory({ 'o2conquest.resolver.log': '{"toString":5}' });
    const log = new SessionLog(s as unknown as Storage);
    expect(log.entries).toEqual([]);
    expect(log.problem).toMatch(
      /set aside as "o2conquest\.resolver\.log\.unreadable-1".* The session log starts afresh\.$/,
    );
    expect(s.m.get('o2conquest.resolver.log.unreadable-1')).toBe('{"toString":5}');
    const half = { at: 'x', game: 'g', text: 't', energy: { attacker: 1 }, left: { attacker: 1 } };
    s.setItem('o2conquest.resolver.log', JSON.stringify([half]));
    const again = new SessionLog(s as unknown as Storage);
    expect(again.entries).toEqual([]);
    expect(() => again.toCsv()).not.toThrow();
  });
});
