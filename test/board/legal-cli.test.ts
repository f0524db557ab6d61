import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyEvent, legalActions, newGame, world1982 } from '../../board/index.ts';
import { play, seated, threeOpening } from './helpers.ts';
import { LAUNCHER } from '../harness/cli.ts';

describe('legalActions', () => {
  it('lists what each player may do now, and every listed choice is accepted', () => {
    const s = threeOpening({ Cy: ['Taiwan', 'South Korea'] });
    const acts = legalActions(s);
    const buy = acts.find((a) => a.type === 'ally.buy')!;
    expect(buy.player).toBe('Cy');
    expect(buy.choices).toContain('Pakistan');
    expect(buy.choices).not.toContain('India'); // 3000, Cy holds 2000
    expect(buy.choices).not.toContain('Canada'); // Ann's home zone
    expect(acts.find((a) => a.type === 'attack')!.choices).toHaveLength(43 - 3 - 2);
    expect(acts.map((a) => a.type)).toEqual(expect.arrayContaining(['pass', 'alliance.form']));
    for (const a of acts) {
      for (const c of a.choices) {
        const e =
          a.type === 'ally.buy'
            ? { type: a.type, player: a.player!, country: String(c) }
            : a.type === 'attack'
              ? { type: a.type, player: a.player!, country: String(c) }
              : null;
        if (e) expect(applyEvent(s, e).ok).toBe(true);
      }
    }
  });
  it('follows the phases', () => {
    expect(legalActions(newGame(world1982()))).toEqual([{ type: 'setup', player: null, choices: [] }]);
    const first = seated(['Ann', 'Bob']);
    expect(legalActions(first)).toEqual([{ type: 'homeland', player: 'Ann', choices: Object.keys(first.countries) }]);
    const war = play(
      [
        { type: 'attack', player: 'Cy', country: 'India' },
        { type: 'weapon', player: 'Cy', weapon: 'sub' },
      ],
      threeOpening(),
    );
    expect(legalActions(war)).toEqual([
      { type: 'weapon', player: 'Cy', choices: ['tank', 'sub', 'plane'] },
      { type: 'weapon', player: 'Ann', choices: ['tank', 'sub', 'plane'] },
    ]);
  });
});

describe('the headless player (npm run board -- play)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'board-cli-'));
  const run = (lines: object[], extra: string[] = []) => {
    const f = join(dir, `s${Math.random().toString(36).slice(2)}.jsonl`);
    writeFileSync(f, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    return spawnSync(process.execPath, [LAUNCHER, 'board', 'play', f, ...extra], {
      encoding: 'utf8',
    });
  };
  const opening = [
    {
      type: 'setup',
      players: [
        { name: 'Ann', color: 'blue' },
        { name: 'Bob', color: 'red' },
      ],
    },
    { type: 'first.call', player: 'Ann', digit: 3 },
    { type: 'first.call', player: 'Bob', digit: 7 },
    { type: 'first.readout', digit: 5 },
    { type: 'homeland', player: 'Bob', country: 'United States' },
  ];

  it('prints the final state as JSON', () => {
    const r = run(opening);
    expect(r.status).toBe(0);
    const state = JSON.parse(r.stdout);
    expect(state).toMatchObject({ phase: 'homelands', turn: 'Ann', warChest: 67000 });
    expect(state.countries['United States']).toMatchObject({
      zone: 'Zone 1',
      pbu: 30,
      owner: 'Bob',
      status: 'homeland',
    });
    expect(state.players[1]).toMatchObject({
      name: 'Bob',
      homeland: 'United States',
      record: 0,
      chips: 0,
      eliminated: false,
    });
  });

  it('an illegal event prints its reason with the rule on stderr and exits 1', () => {
    const r = run([...opening, { type: 'homeland', player: 'Ann', country: 'United States' }]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/:6: homeland refused by rule 3: United States is already Bob's homeland/);
  });

  it('plays on a scenario file, and reports a bad one clearly', () => {
    const sc = join(dir, 'tiny.json');
    writeFileSync(
      sc,
      JSON.stringify({
        name: 'tiny',
        zones: [
          {
            name: 'Z',
            countries: [
              { name: 'United States', pbu: 3 },
              { name: 'Elba', pbu: 1 },
            ],
          },
        ],
      }),
    );
    const r = run(opening, ['--scenario', sc]);
    expect(r.status).toBe(0);
    expect(Object.keys(JSON.parse(r.stdout).countries)).toEqual(['United States', 'Elba']);
    writeFileSync(sc, '{"name":"x","zones":[]}');
    const bad = run(opening, ['--scenario', sc]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/invalid scenario: the scenario needs a non-empty "zones" list/);
    expect(bad.stderr).not.toMatch(/at .*\.ts/); // no stack trace
    const missing = run(opening, ['--scenario', join(dir, 'nowhere.json')]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/cannot read the scenario ".*nowhere\.json": there is no such file/);
  });

  it('plays the documented example game to the end', () => {
    const r = spawnSync(
      process.execPath,
      [
        LAUNCHER,
        'board',
        'play',
        'board/examples/tiny-game.jsonl',
        '--scenario',
        'board/examples/tiny-scenario.json',
        '--log',
      ],
      { encoding: 'utf8' },
    );
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      phase: 'over',
      winner: 'Ann',
      warChest: 67000,
      players: [
        { name: 'Ann', record: 6 },
        { name: 'Bob', record: 1 },
      ],
    });
    expect(r.stderr.trim().split('\n')).toHaveLength(23); // one log line per event (23 events)
  });

  it('runs through npm as documented', () => {
    const f = join(dir, 'npm.jsonl');
    writeFileSync(f, opening.map((l) => JSON.stringify(l)).join('\n'));
    const out = execFileSync('npm', ['run', '-s', 'board', '--', 'play', f], { encoding: 'utf8' });
    expect(JSON.parse(out).turn).toBe('Ann');
  });
});
