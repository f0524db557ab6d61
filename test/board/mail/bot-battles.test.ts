import { describe, expect, it } from 'vitest';
import type { AbsentBattle, AbsentBattlePort, BattleOutcome, MailGame, Turn } from '../../../board/index.ts';
import { encodeTurnText, openTurn, sendTurn, turnHash } from '../../../board/index.ts';
import { battleSeed } from '../../../board/mail/standing.ts';
import { craft, warGame } from './kit.ts';

const annWins: BattleOutcome = { winner: 'attacker', energy: { attacker: 1500, defender: 0 } };
const bobWins: BattleOutcome = { winner: 'defender', energy: { attacker: 0, defender: 900 } };

/** A machine that ends every battle with `outcome`, and keeps what it was asked to fight. */
function machine(outcome: BattleOutcome): { port: AbsentBattlePort; asked: AbsentBattle[] } {
  const asked: AbsentBattle[] = [];
  return {
    asked,
    port: (b) => {
      asked.push(b);
      return { fight: () => Promise.resolve(outcome) };
    },
  };
}

/** Ann's turn in the war on B1, Bob away with orders "bot": her tank, his weapon and the battle by the bots. */
async function annTurn(stick?: 'easy' | 'medium' | 'hard', orders: MailGame['orders'] = {}) {
  const g = await warGame({ Bob: { absent: 'bot', level: 'hard' }, ...orders });
  const sent = await sendTurn(g, 'Ann', [{ type: 'weapon', player: 'Ann', weapon: 'tank' }], {
    battles: machine(annWins).port,
    ...(stick ? { stick } : {}),
  });
  if (!sent.ok) throw new Error(sent.error);
  return { g, sent };
}

/** `turn` edited by `edit` and hashed again (an unsigned game: only the re-fight can tell). */
async function edited(turn: Turn, edit: (t: Turn) => void): Promise<string> {
  const t = structuredClone(turn);
  edit(t);
  const { hash: _old, ...body } = t;
  return encodeTurnText(JSON.stringify({ ...body, hash: await turnHash(body) }));
}

describe('battles the battle bots fought alone are fought again by every player opening the turn', () => {
  it('records each with the sender stick level and the seed the chain draws', async () => {
    const { g, sent } = await annTurn('medium');
    const at = sent.turn.events.findIndex((e) => e.type === 'battle');
    expect(at).toBeGreaterThan(0);
    expect(sent.turn.botBattles).toEqual([{ event: at, stick: 'medium', seed: battleSeed(g.chain.hash, at) }]);
    // A battle the sender steered (no stick level: the table) is not recorded: it cannot be fought again.
    expect((await annTurn()).sent.turn.botBattles).toBeUndefined();
  });

  it('takes the turn when the battle fought again ends the same; the machine is given the record', async () => {
    const { g, sent } = await annTurn('easy');
    const { port, asked } = machine(annWins);
    const bob = await openTurn(sent.text, g, { refight: port });
    expect(bob.ok ? bob.refought : bob.error).toBe(1);
    expect(bob.ok && bob.game).toEqual(sent.game);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ absent: 'Bob', level: 'hard', present: 'Ann', stick: 'easy' });
    expect(asked[0].seed).toBe(sent.turn.botBattles![0].seed);
    // Without a machine (the browser's panel), the record is checked and the result taken as sent.
    const panel = await openTurn(sent.text, g);
    expect(panel.ok ? panel.refought : panel.error).toBe(0);
  });

  it('refuses the turn, naming the battle, when the battle fought again ends otherwise', async () => {
    const { g, sent } = await annTurn('medium');
    const bob = await openTurn(sent.text, g, { refight: machine(bobWins).port });
    expect(bob.ok ? 'opened' : bob.error).toMatch(
      /^turn 1: the battle Ann tank \d+ v Bob \w+ \d+ \(event \d+, fought by the battle bots under Bob's standing orders, Ann's at medium\) was fought again here and ended "defender wins, energy left 0 \/ 900", not "attacker wins, energy left 1500 \/ 0" as the turn says; the turn was refused$/,
    );
  });

  it('refuses a record that names no bot battle, or a seed the chain did not draw', async () => {
    const { g, sent } = await annTurn('medium');
    const at = sent.turn.botBattles![0].event;
    const open = async (edit: (t: Turn) => void) => {
      const r = await openTurn(await edited(sent.turn, edit), g, { refight: machine(annWins).port });
      return r.ok ? 'opened' : r.error;
    };
    expect(await open((t) => (t.botBattles![0].seed ^= 1))).toMatch(
      new RegExp(
        `^turn 1: event ${at + 1} \\(battle\\) is recorded as a battle the battle bots fought alone, but its seed \\d+ is not the one the chain draws for it; the turn was refused$`,
      ),
    );
    expect(await open((t) => (t.botBattles![0].event = 0))).toMatch(
      /^turn 1: event 1 \(weapon\) is recorded as a battle the battle bots fought alone, but it is no battle; the turn was refused$/,
    );
    expect(await open((t) => (t.botBattles![0].stick = 'expert' as 'easy'))).toMatch(
      /^this is not a valid turn: "botBattles" must be a list of/,
    );
    expect(await open((t) => (t.botBattles = []))).toMatch(/^this is not a valid turn: "botBattles" must be a list/);
    expect(await open((t) => t.botBattles!.push({ ...t.botBattles![0] }))).toMatch(/"botBattles" must be a list/);
  });

  it('refuses a record of a battle against a player whose orders do not have the bot fight it', async () => {
    // Bob chose his weapon himself and waits for his battles; Ann fought it and says the bots did.
    const g = await warGame({ Bob: { absent: 'wait' } });
    const bob = await sendTurn(g, 'Bob', [{ type: 'weapon', player: 'Bob', weapon: 'tank' }]);
    if (!bob.ok) throw new Error(bob.error);
    const events = [
      { type: 'weapon' as const, player: 'Ann', weapon: 'tank' as const },
      { type: 'battle' as const, ...annWins },
    ];
    const record = { event: 1, stick: 'medium' as const, seed: battleSeed(bob.game.chain.hash, 1) };
    const ann = await craft(bob.game, 'Ann', events, { botBattles: [record] });
    const r = await openTurn(ann.text, bob.game, { refight: machine(annWins).port });
    expect(r.ok ? 'opened' : r.error).toBe(
      "turn 2: event 2 (battle) is recorded as a battle the battle bots fought alone, but the battle Ann tank 2500 v Bob tank 2500: Bob's standing orders do not have the battle bot fight it; the turn was refused",
    );
    // The same turn without the record is taken: a battle steered by its players stays as they fought it.
    const steered = await craft(bob.game, 'Ann', events);
    const taken = await openTurn(steered.text, bob.game, { refight: machine(bobWins).port });
    expect(taken.ok ? taken.refought : taken.error).toBe(0);
  });
});
