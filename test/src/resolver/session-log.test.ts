import { describe, expect, it } from 'vitest';
import { resolveBattle } from '../../../board/resolver/index.ts';
import { csvCell, SessionLog, type LogEntry } from '../../../src/resolver/session-log.ts';

/** A Storage kept in a Map (Node has no localStorage). */
class MemoryStorage implements Storage {
  readonly map = new Map<string, string>();
  get length(): number {
    return this.map.size;
  }
  clear(): void {
    this.map.clear();
  }
  getItem(k: string): string | null {
    return this.map.get(k) ?? null;
  }
  key(i: number): string | null {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(k: string): void {
    this.map.delete(k);
  }
  setItem(k: string, v: string): void {
    this.map.set(k, v);
  }
}

function entry(): LogEntry {
  const r = resolveBattle(
    { game: 'origins', attacker: 10, defender: 4, area: 'Austria' },
    { winner: 'attacker', left: { attacker: 3000, defender: 0 } },
  );
  return { ...r, at: '2026-11-24T12:00:00.000Z', area: 'Austria', weapons: { attacker: 'tank', defender: 'sub' } };
}

describe("the resolver page's session log", () => {
  it('is kept in storage and read back by the next page (a reload)', () => {
    const store = new MemoryStorage();
    new SessionLog(store).add(entry());
    const again = new SessionLog(store);
    expect(again.entries).toEqual([entry()]);
    again.clear();
    expect(new SessionLog(store).entries).toEqual([]);
  });
  it('exports CSV with a header and one quoted-where-needed row a battle', () => {
    const log = new SessionLog(new MemoryStorage());
    log.add(entry());
    const lines = log.toCsv().split('\r\n');
    expect(lines[0]).toBe(
      'at,game,area,attacker force,defender force,attacker weapon,defender weapon,attacker energy,defender energy,attacker left,defender left,winner,column,die,result,attacker losses,defender losses,text',
    );
    // 3000 of 5000 left: the outcome line's 0.2, die face 2; column 2-1, row 2: Xd.
    expect(lines[1]).toBe(
      '2026-11-24T12:00:00.000Z,origins,Austria,10,4,tank,sub,5000,2000,3000,0,attacker,2-1,2,Xd,,,Xd: the defender removes all his PFs in Austria; the attacker removes 4',
    );
    expect(lines).toHaveLength(3);
    expect(JSON.parse(log.toJson())).toEqual([entry()]);
  });
  it('quotes cells with commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "no"')).toBe('"say ""no"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(7)).toBe('7');
  });
  it('starts afresh, saying so, when what is stored is not JSON; drops entries that are not log entries', () => {
    const store = new MemoryStorage();
    store.setItem('o2conquest.resolver.log', '{oops');
    const log = new SessionLog(store);
    expect(log.entries).toEqual([]);
    expect(log.problem).toBe(
      'The value kept in this browser as "o2conquest.resolver.log" is not a session log: it was set aside as "o2conquest.resolver.log.unreadable-1", and the default is used. The session log starts afresh.',
    );
    store.setItem('o2conquest.resolver.log', JSON.stringify([entry(), { game: 'x' }]));
    expect(new SessionLog(store).entries).toEqual([entry()]);
  });
});
