import { describe, expect, it } from 'vitest';
import type { AbsentBattle, BattleOutcome, BattlePort, Turn } from '../../../board/index.ts';
import { decodeTurnText, encodeTurnText, openTurn, sendTurn, turnHash } from '../../../board/index.ts';
import { machineAbsentBattles } from '../../../board/cli/mail-battles.ts';
import type { MachineBattles } from '../../../board/cli/machine-battles.ts';
import { warGame } from '../mail/kit.ts';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serializeMailGame } from '../../../board/index.ts';
import { mailMain } from '../../../board/cli/mail.ts';

/** `board mail ARGV`: its exit code and what it wrote. */
async function mail(...argv: string[]) {
  const out = { stdout: '', stderr: '' };
  const io = { stdout: (t: string) => void (out.stdout += t), stderr: (t: string) => void (out.stderr += t) };
  return { code: await mailMain(argv, io, 'USAGE'), ...out };
}

/** Ann's turn in the war on B1 with Bob away, his standing orders "bot" at `level`; the battle on the machine. */
async function annTurn(level: 'easy' | 'hard', stick?: 'medium') {
  const g = await warGame({ Bob: { absent: 'bot', level } });
  let machine: MachineBattles | null = null;
  const signals: (AbortSignal | undefined)[] = [];
  const onMachine = machineAbsentBattles('medium', (_b, m) => {
    machine = m;
  });
  // The port as the battle chart sees it: every call it makes is noted.
  const battles = async (b: AbsentBattle): Promise<BattlePort> => {
    const port = await onMachine(b);
    return {
      fight: (request, signal) => {
        signals.push(signal);
        return port.fight(request, signal);
      },
    };
  };
  const r = await sendTurn(g, 'Ann', [{ type: 'weapon', player: 'Ann', weapon: 'tank' }], {
    battles,
    ...(stick ? { stick } : {}),
  });
  if (!r.ok) throw new Error(r.error);
  return { g, r, machine: machine as MachineBattles | null, signals };
}

describe(
  'standing orders "bot": the battle is fought on the emulated machine by battle bots',
  { timeout: 120_000 },
  () => {
    it('gives a result through the battle chart, the same for the same turn', async () => {
      const first = await annTurn('hard');
      expect(first.signals).toHaveLength(1);
      expect(first.signals[0]).toBeInstanceOf(AbortSignal); // invoked by the chart, which aborts a stopped fight
      const last = first.machine!.port.last!;
      // Nobody moves a stick without the bots: a tank battle would run its energy out. Here a weapon was destroyed.
      expect(last.mailbox!.end).toBe('destroyed');
      const battle = first.r.turn.events.find((e) => e.type === 'battle');
      expect(battle).toEqual({ type: 'battle', ...last.outcome });
      const again = await annTurn('hard');
      expect(again.r.turn.events).toEqual(first.r.turn.events);
      expect(again.r.turn.hash).toBe(first.r.turn.hash);
      // Bob's copy takes the turn: his weapon and his battle were his standing orders' doing.
      const bob = await openTurn(first.r.text, first.g);
      expect(bob.ok ? bob.game : bob.error).toEqual(first.r.game);
    });

    it('is fought again on opening, on a new machine, and a result edited after it is refused', async () => {
      const { g, r, machine } = await annTurn('hard', 'medium');
      expect(r.turn.botBattles).toHaveLength(1);
      const bob = await openTurn(r.text, g, { refight: machineAbsentBattles(null) });
      expect(bob.ok ? bob.refought : bob.error).toBe(1);
      expect(bob.ok && bob.game).toEqual(r.game);
      // Ann's result edited and the turn hashed again (an unsigned game): the battle fought again ends otherwise.
      const at = r.turn.botBattles![0].event;
      const won = machine!.port.last!.outcome;
      const edited = structuredClone(r.turn) as Turn;
      // The winner kept (the turn's later events still follow), with one unit of energy less.
      const side = won.winner === 'defender' ? 'defender' : 'attacker';
      const flipped: BattleOutcome = { ...won, energy: { ...won.energy, [side]: won.energy[side] - 1 } };
      edited.events[at] = { type: 'battle', ...flipped };
      const { hash: _h, ...body } = edited;
      const text = await encodeTurnText(JSON.stringify({ ...body, hash: await turnHash(body) }));
      const forged = await openTurn(text, g, { refight: machineAbsentBattles(null) });
      expect(forged.ok ? 'opened' : forged.error).toMatch(
        /^turn 1: the battle Ann tank \d+ v Bob \w+ \d+ \(event \d+, fought by the battle bots under Bob's standing orders, Ann's at medium\) was fought again here and ended ".+", not ".+" as the turn says; the turn was refused$/,
      );
    });

    it('through the command line: mail send --stick records the battle, mail open fights it again', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'board-mail-bots-'));
      const at = (n: string) => join(dir, n);
      const g = await warGame({ Bob: { absent: 'bot', level: 'hard' } });
      for (const copy of ['ann.json', 'bob.json', 'bob2.json']) writeFileSync(at(copy), serializeMailGame(g) + '\n');
      writeFileSync(at('moves.json'), '[{"type":"weapon","player":"Ann","weapon":"tank"}]');
      const sent = await mail(
        ...['send', '--game', at('ann.json'), '--events', at('moves.json'), '--player', 'Ann'],
        ...['--out', at('t1.o2turn'), '--stick', 'medium'],
      );
      expect(sent).toMatchObject({ code: 0 });
      const opened = await mail('open', '--game', at('bob.json'), '--turn', at('t1.o2turn'), '--out', at('bob.json'));
      expect(opened.code).toBe(0);
      expect(opened.stdout).toMatch(/, 1 battle\(s\) of the battle bots fought again here with the same results;/);
      expect(readFileSync(at('bob.json'), 'utf8')).toBe(readFileSync(at('ann.json'), 'utf8'));
      // The result edited and the turn hashed again: refused on opening, and Bob's other copy is left as it was.
      const decoded = await decodeTurnText(readFileSync(at('t1.o2turn'), 'utf8'));
      if (!decoded.ok) throw new Error(decoded.error);
      const t = decoded.value as Turn;
      const e = t.events[t.botBattles![0].event] as Extract<Turn['events'][number], { type: 'battle' }>;
      const side = e.winner === 'defender' ? 'defender' : 'attacker';
      e.energy[side] -= 1;
      const { hash: _h, ...body } = t;
      writeFileSync(
        at('t1-edited.o2turn'),
        await encodeTurnText(JSON.stringify({ ...body, hash: await turnHash(body) })),
      );
      const forged = await mail(
        'open',
        '--game',
        at('bob2.json'),
        '--turn',
        at('t1-edited.o2turn'),
        '--out',
        at('bob2.json'),
      );
      expect(forged.code).toBe(1);
      expect(forged.stderr).toMatch(
        /t1-edited\.o2turn: turn 1: the battle Ann tank \d+ v Bob .* was fought again here and ended/,
      );
      expect(readFileSync(at('bob2.json'), 'utf8')).toBe(serializeMailGame(g) + '\n');
    });

    it("needs the level of the present player's stick", async () => {
      const g = await warGame({ Bob: { absent: 'bot', level: 'easy' } });
      const r = await sendTurn(g, 'Ann', [{ type: 'weapon', player: 'Ann', weapon: 'tank' }], {
        battles: machineAbsentBattles(null),
      });
      expect(r.ok ? 'sent' : r.error).toMatch(
        /give --stick LEVEL \(easy, medium or hard\) for the bot that holds Ann's control; nothing was sent$/,
      );
    });
  },
);
