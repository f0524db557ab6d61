import { describe, expect, it } from 'vitest';
import { chipLine, describeChips, formatPbu } from '../../../src/board-view/chips.ts';
import { inkOn, markerCss, MARKER_COLOURS } from '../../../src/board-view/colors.ts';
import { formatRecord, trackLabelStep, trackLength, trackMarkers } from '../../../src/board-view/record-track.ts';
import { commandFor, SHORTCUTS } from '../../../src/board-view/shortcuts.ts';
import { newSetupDraft, setupEvent } from '../../../src/board-view/view-setup.ts';
import { encodeEnvelope, newGameChart, parseEnvelope, SAVE_VERSION, refusalFromText } from '../../../board/index.ts';

describe('Power Base Record track', () => {
  it('shows half values (Rule 6) and stacks markers that share a space', () => {
    expect(formatRecord(4.5)).toBe('4½');
    expect(formatRecord(12)).toBe('12');
    expect(formatRecord(0)).toBe('0');
    expect(trackMarkers([6, 4.5, 6, 0])).toEqual([
      { player: 0, record: 6, slot: 0 },
      { player: 1, record: 4.5, slot: 0 },
      { player: 2, record: 6, slot: 1 },
      { player: 3, record: 0, slot: 0 },
    ]);
    // 7 and 7½ are half a space apart, less than a marker's width: they stack instead of hiding each other.
    expect(trackMarkers([7, 7.5, 9]).map((m) => m.slot)).toEqual([0, 1, 0]);
  });

  it('runs at least to 60, past the leader and to the target, in tens', () => {
    expect(trackLength([0, 3])).toBe(60);
    expect(trackLength([58])).toBe(70);
    expect(trackLength([10], 75)).toBe(80);
  });

  it('writes about a dozen numbers under the track however long it gets (a leader at 158½ made 34 run together)', () => {
    expect(trackLabelStep(60)).toBe(5);
    expect(trackLabelStep(70)).toBe(10);
    expect(trackLabelStep(170)).toBe(20);
    expect(trackLabelStep(300)).toBe(25);
    expect(trackLabelStep(600)).toBe(50);
    expect(trackLabelStep(5000)).toBe(500);
    for (let length = 60; length <= 5000; length += 10) expect(length / trackLabelStep(length)).toBeLessThanOrEqual(12);
  });
});

describe('chips', () => {
  it('names amounts and handfuls of chips the way the table counts them', () => {
    expect(formatPbu(6200)).toBe('6,200 PBU');
    expect(describeChips({ 1000: 2, 500: 0, 100: 1 })).toBe('2 blue, 1 white');
    expect(describeChips({ 1000: 0, 500: 0, 100: 0 })).toBe('no chips');
    expect(chipLine({ 1000: 1, 500: 0, 100: 12 })).toBe('1 blue · 0 red · 12 white');
  });
});

describe('marker colours', () => {
  it('picks the readable ink for each marker', () => {
    expect(inkOn(markerCss('yellow'))).toBe('#000');
    expect(inkOn(markerCss('white'))).toBe('#000');
    expect(inkOn('#1a1a80')).toBe('#fff');
    expect(new Set(MARKER_COLOURS.map((c) => c.css)).size).toBe(6);
  });
});

describe('keyboard shortcuts', () => {
  it('maps keys to commands, and ignores typing in text fields except Esc', () => {
    expect(commandFor({ key: 'a' }, false)).toBe('mode-attack');
    expect(commandFor({ key: 'B' }, false)).toBe('mode-buy');
    expect(commandFor({ key: '7' }, false)).toEqual({ digit: 7 });
    expect(commandFor({ key: 'z', ctrlKey: true }, false)).toBe('undo');
    expect(commandFor({ key: 'a', ctrlKey: true }, false)).toBeNull();
    expect(commandFor({ key: 'a' }, true)).toBeNull();
    expect(commandFor({ key: 'Escape' }, true)).toBe('cancel');
  });

  it('lists every command it handles on screen', () => {
    const listed = new Set(SHORTCUTS.map((s) => JSON.stringify(typeof s.command === 'object' ? 'digit' : s.command)));
    for (const key of ['a', 'b', 'p', 'u', 'l', 'e', 'i', '/', 'Enter', 'Escape', '3']) {
      const cmd = commandFor({ key }, false);
      expect(cmd, key).not.toBeNull();
      expect(listed.has(JSON.stringify(typeof cmd === 'object' ? 'digit' : cmd)), key).toBe(true);
    }
  });
});

describe('save envelope', () => {
  it('round-trips and refuses foreign, newer or damaged saves with a clear reason', () => {
    const text = encodeEnvelope({ engine: { x: 1 } }, new Date('2026-01-01T00:00:00Z'));
    expect(parseEnvelope(text)).toMatchObject({
      version: SAVE_VERSION,
      engine: { x: 1 },
      savedAt: '2026-01-01T00:00:00.000Z',
    });
    expect(() => parseEnvelope('{not json')).toThrow('the save is not valid JSON');
    expect(() => parseEnvelope('{"format":"other"}')).toThrow(/not a Conquest of the World save/);
    expect(() => parseEnvelope(JSON.stringify({ ...JSON.parse(text), version: SAVE_VERSION + 1 }))).toThrow(
      /newer than this app/,
    );
    expect(() => parseEnvelope(JSON.stringify({ ...JSON.parse(text), engine: '' }))).toThrow(/no game snapshot/);
    expect(() => parseEnvelope(JSON.stringify({ ...JSON.parse(text), engine: [1] }))).toThrow(/no game snapshot/);
    // Version 1 held the session as text: still read, and its damage still named.
    const v1 = { ...JSON.parse(text), version: 1 };
    expect(parseEnvelope(JSON.stringify({ ...v1, engine: '{"x":1}' })).engine).toEqual({ x: 1 });
    expect(() => parseEnvelope(JSON.stringify({ ...v1, engine: '{x' }))).toThrow('the game snapshot is not valid JSON');
    expect(() => parseEnvelope(JSON.stringify({ ...v1, engine: { x: 1 } }))).toThrow(/no game snapshot/);
  });
});

describe('setup form', () => {
  it('builds the setup event, filling empty names and passing the variation and chips', () => {
    const d = newSetupDraft();
    d.players[0].name = ' Ann ';
    d.variation = 'target';
    d.target = '25';
    d.chips = { blue: '10', red: '', white: '5' };
    expect(setupEvent(d)).toEqual({
      type: 'setup',
      players: [
        { name: 'Ann', color: 'red' },
        { name: 'Player 2', color: 'blue' },
      ],
      banker: 'Ann',
      targetRecord: 25,
      chips: { '1000': 10, '500': 0, '100': 5 },
    });
    d.chips.red = '1.5';
    expect(setupEvent(d)).toMatch(/whole numbers/);
  });
});

describe('battle port wording', () => {
  it('splits "rule N: reason" into rule and reason', () => {
    expect(refusalFromText("rule 12: the attacker's energy left must be a whole number from 0 to 2500")).toEqual({
      rule: '12',
      reason: "the attacker's energy left must be a whole number from 0 to 2500",
    });
    expect(refusalFromText('no battle is waiting for a result')).toEqual({
      rule: '-',
      reason: 'no battle is waiting for a result',
    });
  });
});

describe('save envelope: the clock', () => {
  it('keeps the clock start and refuses a damaged one', () => {
    const text = encodeEnvelope({ engine: {}, clockStartedAt: '2026-01-01T12:00:00.000Z' });
    expect(parseEnvelope(text).clockStartedAt).toBe('2026-01-01T12:00:00.000Z');
    expect(() => parseEnvelope(JSON.stringify({ ...JSON.parse(text), clockStartedAt: 'soon' }))).toThrow(
      'the clock start time is damaged',
    );
  });
});

describe('the homeland marker', () => {
  it('goes with its owner: a conquered homeland shows the conquerors only (rule 19C)', async () => {
    const { homelandOwner } = await import('../../../src/board-view/view-world.ts');
    const players = [
      { name: 'Ann', homeland: 'China', eliminated: false },
      { name: 'Bob', homeland: 'West Germany', eliminated: true },
    ] as Parameters<typeof homelandOwner>[1]['players'];
    expect(homelandOwner('China', { players })?.name).toBe('Ann');
    expect(homelandOwner('West Germany', { players })).toBeUndefined();
  });
});

describe('players named like a property of a plain object', () => {
  it('a digit key calls for "constructor" (it was taken for a call already made, and the readout digit was sent)', async () => {
    const { runCommand } = await import('../../../src/board-view/board-keys.ts');
    const game = newGameChart();
    expect(
      game.send({
        type: 'setup',
        players: [
          { name: 'constructor', color: 'red' },
          { name: 'toString', color: 'blue' },
        ],
      }).ok,
    ).toBe(true);
    const sent: unknown[] = [];
    const ctx = { state: game.view(), act: (e: unknown) => sent.push(e) } as never;
    expect(runCommand({ digit: 4 }, null, ctx)).toBe(true);
    expect(sent).toEqual([{ type: 'first.call', player: 'constructor', digit: 4 }]);
  });
});
