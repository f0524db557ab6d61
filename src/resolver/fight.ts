/**
 * The resolver's battle on the console: the battle chart (board's runBattle, through the port's fight) on the port the table
 * uses (MachineBattlePort over the worker): the entry typed into the cartridge (the attacker on the left control, red), ENTER
 * left to a player, the outcome read from the mailbox when the result screen comes, and the next
 * battle opened with SPACE (rule 12E) before it is programmed.
 */
import {
  BUSY_STAGES,
  MachineBattlePort,
  chartStage,
  type BattleChartActor,
  type BattleConsole,
  type BattleOutcome,
  type BattleStage,
} from '../../board/index.ts';
import type { Prepared } from './setup-form.ts';

export class ResolverFight {
  stage: BattleStage = 'ready';
  error: string | null = null;
  /** The battle programmed (or just fought). */
  battle: Prepared | null = null;
  readonly port: MachineBattlePort;
  /** The battle chart under way (sent ENTER), or null. */
  private chart: BattleChartActor | null = null;

  constructor(
    private readonly console: BattleConsole,
    private readonly changed: () => void,
  ) {
    // The battle chart says where the fight is (the same stages the table shows).
    this.port = new MachineBattlePort(console, { enter: 'human' });
    // No confirm callback: on a cartridge that is not ours the port fails with a sentence (the page
    // offers to switch to the battle cartridge before it comes to that).
  }

  get busy(): boolean {
    return BUSY_STAGES.has(this.stage);
  }

  /** ENTER from the page's button: the battle chart presses it while it waits for it. */
  enter(): boolean {
    if (!this.chart || this.stage !== 'enter') return false;
    this.chart.send({ type: 'enter' });
    return true;
  }

  private set(stage: BattleStage, error: string | null = this.error): void {
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
      const outcome = await this.port.fight(
        {
          country: battle.area,
          attacker: { player: 'attacker', weapon: battle.weapons.attacker, energy: battle.energy.attacker },
          defender: { player: 'defender', weapon: battle.weapons.defender, energy: battle.energy.defender },
        },
        undefined,
        { from, watch: (chart) => this.watch(chart) },
      );
      this.chart = null;
      this.set('result');
      return outcome;
    } catch (e) {
      this.chart = null;
      this.set('ready', `The battle was not fought: ${e instanceof Error ? e.message : String(e)}.`);
      return null;
    }
  }

  /** The page shows the chart's stage while it runs. */
  private watch(chart: BattleChartActor): void {
    this.chart = chart;
    const show = (): void => {
      const stage = chartStage(chart);
      if (this.chart === chart && stage !== null && stage !== this.stage) this.set(stage);
    };
    chart.subscribe({ next: show, error: () => undefined });
    show();
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
