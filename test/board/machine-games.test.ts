/**
 * Whole games where every battle is fought on the emulated console from scripted inputs
 * (board/examples/tiny-machine-game*.jsonl, battles/*.txt), played through the CLI's own loop
 * in-process so each recorded battle can be checked against the cartridge's mailbox, and once
 * through the command line itself.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario, publicState } from '../../board/index.ts';
import type { GameState } from '../../board/index.ts';
import { MachineBattles } from '../../board/cli/machine-battles.ts';
import { PlayError, playScript } from '../../board/cli/play-script.ts';
import type { MachineBattleLine } from '../../board/cli/play-script.ts';
import type { CartMailbox } from '../../rom-core/roms/carts/mailbox.ts';
import { LAUNCHER } from '../harness/cli.ts';

/** Whole games run thousands of emulated frames: room for a loaded machine (2 CPUs, several suites). */
const SLOW = 120_000;

const SCENARIO = parseScenario(readFileSync('board/examples/tiny-scenario.json', 'utf8'));

interface Fought extends MachineBattleLine {
  mailbox: CartMailbox;
  attackerColour: 'red' | 'blue';
}

async function playOnMachine(
  script: string,
): Promise<{ state: GameState; fought: Fought[]; frames: number; ms: number }> {
  const machine = new MachineBattles();
  const fought: Fought[] = [];
  const t0 = performance.now();
  const state = await playScript(readFileSync(script, 'utf8'), script, SCENARIO, {
    machine,
    onMachineBattle: (b) =>
      fought.push({ ...b, mailbox: machine.port.last!.mailbox!, attackerColour: machine.port.last!.seating.attacker }),
  });
  return { state, fought, frames: machine.console.machine.frameNumber, ms: performance.now() - t0 };
}

/** Each recorded battle is what the mailbox showed on the result screen, red/blue mapped by the seating. */
function expectReadFromMailbox(fought: Fought[]): void {
  fought.forEach((b, i) => {
    const m = b.mailbox;
    expect(m, `battle ${i + 1}`).toMatchObject({ ours: true, phase: 'result', battles: i + 1 });
    const att = b.attackerColour === 'red' ? m.red : m.blue;
    const def = b.attackerColour === 'red' ? m.blue : m.red;
    expect(b.event.energy).toEqual({ attacker: att.energy, defender: def.energy });
    const winner = m.winner === 'both' ? 'both-destroyed' : m.winner === b.attackerColour ? 'attacker' : 'defender';
    expect(b.event.winner).toBe(winner);
  });
}

describe('whole games with every battle on the machine', () => {
  it(
    '2 players: a three-battle war, the end game to a winner',
    async () => {
      const { state, fought, frames, ms } = await playOnMachine('board/examples/tiny-machine-game.jsonl');
      console.log(`2-player game: ${fought.length} battles, ${frames} frames on the machine, ${ms.toFixed(0)} ms`);
      expect(state.phase).toBe('over');
      expect(state.winner).toBe('Ann');
      expect(fought).toHaveLength(5);
      expectReadFromMailbox(fought);
      // The war: a tank shell, a crashed jet, two submarines out of energy (rule 12G: the defender holds).
      expect(fought.slice(0, 3).map((b) => [b.event.winner, b.mailbox.end])).toEqual([
        ['attacker', 'destroyed'],
        ['defender', 'destroyed'],
        ['defender', 'out-of-energy'],
      ]);
      expect(fought[2].words).toMatch(/Bob wins the war for B1\.$/);
      // The end game (rule 21): record x 100 energy (Bob 1.5 -> 150, Ann 3.5 -> 350), attack alternating.
      expect(state.log.join('\n')).toContain('Bob challenges Ann: 150 against 350 energy units');
      expect(fought[3].words).toMatch(/^Red \(Bob\) wins: Ann's jet was destroyed\./);
      expect(fought[4].words).toMatch(/^Red \(Ann\) wins: Bob's tank ran out of energy\./);
      const ended = publicState(state);
      expect(ended.players.map((p) => [p.name, p.record])).toEqual([
        ['Ann', 3.5],
        ['Bob', 1.5],
      ]);
    },
    SLOW,
  );

  it(
    '3 players: a homeland war, a player out at once in the end game, alternating end-game battles, a controls line',
    async () => {
      const { state, fought, frames, ms } = await playOnMachine('board/examples/tiny-machine-game-3.jsonl');
      console.log(`3-player game: ${fought.length} battles, ${frames} frames on the machine, ${ms.toFixed(0)} ms`);
      expect(state.phase).toBe('over');
      expect(state.winner).toBe('Ann');
      expect(fought).toHaveLength(4);
      expectReadFromMailbox(fought);
      expect(fought[0].words).toMatch(/^Blue \(Cy\) wins: Ann's tank was destroyed\./);
      expect(fought[1].words).toMatch(/Cy wins the war for B1; Cy takes 2400 PBU in chips\.$/);
      expect(state.log.join('\n')).toContain('Bob challenges Cy: 0 against 250 energy units');
      // End game: Cy attacks on the left (red); then Ann attacks from the right because of {"controls","left":"Cy"},
      // with a submarine: her jet, lost in the battle before, is barred (rule 21F).
      expect([fought[2].attackerColour, fought[3].attackerColour]).toEqual(['red', 'blue']);
      expect(fought[3].mailbox).toMatchObject({ red: { weapon: 'P' }, blue: { weapon: 'S' } });
      expect(fought[3].words).toMatch(/^Blue \(Ann\) wins: Cy's jet ran out of energy\./);
    },
    SLOW,
  );

  it(
    'stops with the line when a battle is not ready or a controls line names nobody',
    async () => {
      const lines = readFileSync('board/examples/tiny-machine-game.jsonl', 'utf8').split('\n');
      const noWeapon = lines.filter((l) => !l.includes('"weapon":"tank"}')).join('\n');
      await expect(playScript(noWeapon, 'x.jsonl', SCENARIO, { machine: new MachineBattles() })).rejects.toThrow(
        /x\.jsonl:\d+: the battle on the machine failed: no battle is ready/,
      );
      const badControls = lines
        .join('\n')
        .replace('{"type":"pass"', '{"type":"controls","left":"Zed"}\n{"type":"pass"');
      const e = await playScript(badControls, 'x.jsonl', SCENARIO, { machine: new MachineBattles() }).catch(
        (x: unknown) => x,
      );
      expect(e).toBeInstanceOf(PlayError);
      expect((e as PlayError).message).toMatch(/controls: "left" must name a player \(Ann, Bob\), got "Zed"/);
      const missing = lines.join('\n').replace('battles/red-tank-shoots.txt', 'battles/nowhere.txt');
      await expect(
        playScript(missing, 'board/examples/x.jsonl', SCENARIO, { machine: new MachineBattles() }),
      ).rejects.toThrow(
        /x\.jsonl:15: the battle on the machine failed: cannot read the inputs ".*battles\/nowhere\.txt": ENOENT/,
      );
      await expect(
        playScript(
          lines
            .join('\n')
            .replace(
              '{"type":"battle","inputs":"battles/red-tank-shoots.txt"}',
              '{"type":"battle","inputs":"battles/no-input.txt","winner":"attacker"}',
            ),
          'x.jsonl',
          SCENARIO,
          { machine: new MachineBattles() },
        ),
      ).rejects.toThrow(/x\.jsonl:15: a battle line carries either "inputs" or "winner"\/"energy", not both/);
    },
    SLOW,
  );

  it(
    'the command line: --battles machine prints the final public state; without it the inputs line is refused',
    () => {
      const args = [
        LAUNCHER,
        'board',
        'play',
        'board/examples/tiny-machine-game.jsonl',
        '--scenario',
        'board/examples/tiny-scenario.json',
      ];
      const ok = spawnSync(process.execPath, [...args, '--battles', 'machine'], { encoding: 'utf8' });
      expect(ok.status, ok.stderr).toBe(0);
      expect(JSON.parse(ok.stdout)).toMatchObject({ phase: 'over', winner: 'Ann' });
      const refused = spawnSync(process.execPath, args, { encoding: 'utf8' });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(
        /tiny-machine-game\.jsonl:15: a battle with "inputs" is fought on the machine: add --battles machine/,
      );
      const bad = spawnSync(process.execPath, [...args, '--battles', 'hand'], { encoding: 'utf8' });
      expect(bad.status).toBe(2);
      expect(bad.stderr).toMatch(/--battles takes "machine" \(got "hand"\)/);
    },
    SLOW,
  );
});
