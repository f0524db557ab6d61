/**
 * The resolver's battle on the console: the battle chart (board's runBattle) on the port the table
 * uses (MachineBattlePort over the worker): the entry typed into the cartridge (the attacker on the left control, red), ENTER
 * left to a player, the outcome read from the mailbox when the result screen comes, and the next
 * battle opened with SPACE (rule 12E) before it is programmed.
 */
import { MachineBattlePort, runBattle, type BattleConsole, type BattleOutcome } from '../../board/index.ts';
import type { Prepared } from './setup-form.ts';

export type FightStage = 'ready' | 'programming' | 'enter' | 'fighting' | 'result';

export class ResolverFight {
  stage: FightStage = 'ready';
  error: string | null = null;
  /** The battle programmed (or just fought). */
  battle: Prepared | null = null;
  readonly port: MachineBattlePort;

  constructor(
    private readonly console: BattleConsole,
    private readonly changed: () => void,
  ) {
    // The port says where the fight is (the same stages the table shows).
    this.port = new MachineBattlePort(console, { enter: 'human', stage: (stage) => this.set(stage) });
    // No confirm callback: on a cartridge that is not ours the port fails with a sentence (the page
    // offers to switch to the battle cartridge before it comes to that).
  }

  get busy(): boolean {
    return this.stage === 'programming' || this.stage === 'enter' || this.stage === 'fighting';
  }

  private set(stage: FightStage, error: string | null = this.error): void {
    this.stage = stage;
    this.error = error;
    this.changed();
  }

  /** Resolves with the battle's outcome, or null (the error says why). */
  /** Programs `battle` (or, with 'fighting', awaits the one already running after a reload). */
  async fight(battle: Prepared, from: 'programming' | 'fighting' = 'programming'): Promise<BattleOutcome | null> {
    if (this.busy) return null;
    this.battle = battle;
    this.set(from, null);
    try {
      // The battle chart, as every battle runs it (a battle of another war game: no Conquest step holds it).
      const outcome = await runBattle(this.port, {
        country: battle.area,
        attacker: { player: 'attacker', weapon: battle.weapons.attacker, energy: battle.energy.attacker },
        defender: { player: 'defender', weapon: battle.weapons.defender, energy: battle.energy.defender },
      });
      this.set('result');
      return outcome;
    } catch (e) {
      this.set('ready', `The battle was not fought: ${e instanceof Error ? e.message : String(e)}.`);
      return null;
    }
  }

  /** A player pressed SPACE on the result screen, or the page goes on to a new battle. */
  async next(): Promise<void> {
    if (this.stage !== 'result') return;
    try {
      await this.port.goOn();
    } finally {
      this.set('ready');
    }
  }

  cancel(): void {
    this.port.cancel('the resolver page was closed');
  }
}
