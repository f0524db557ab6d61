/**
 * The page's machine for a turn's battles of the battle bots (MailSession's `refights`): each turn
 * opened gets a new machine in a small worker of its own (bot-battles.worker.ts), started at the
 * first such battle, so the console's worker and the page go on meanwhile. The ROMs are ours, asked
 * of the console's worker (its battleRoms call), whatever cartridge the console runs.
 */
import * as Comlink from 'comlink';
import type { AbsentBattlePort } from '../../board/index.ts';
import type { BattleRoms } from './bot-battles-run.ts';
import type { BotBattlesApi } from './bot-battles.worker.ts';

export class BotBattles {
  private api: Comlink.Remote<BotBattlesApi> | null = null;
  /** Rejects when the worker fails (its script did not load, it threw): a call would otherwise wait for ever. */
  private failed: Promise<never> | null = null;
  private roms: Promise<BattleRoms> | null = null;

  /** `roms`: our BIOS and battle cartridge (asked once, at the first battle). */
  constructor(private readonly getRoms: () => Promise<BattleRoms>) {}

  /** A port on a new machine: one for each turn opened. */
  readonly refights = (): AbsentBattlePort => {
    let first = true;
    return (battle) => ({
      fight: async () => {
        const roms = first ? await this.battleRoms() : null;
        first = false;
        const api = this.worker();
        return Promise.race([api.refight(battle, roms), this.failed!]);
      },
    });
  };

  private battleRoms(): Promise<BattleRoms> {
    this.roms ??= this.getRoms();
    // A failure is said for this turn; the next one asks again.
    this.roms.catch(() => (this.roms = null));
    return this.roms;
  }

  private worker(): Comlink.Remote<BotBattlesApi> {
    if (this.api) return this.api;
    const worker = new Worker(new URL('./bot-battles.worker.ts', import.meta.url), {
      type: 'module',
      name: 'o2-bot-battles',
    });
    this.failed = new Promise<never>((_, reject) => {
      worker.addEventListener('error', (e) => {
        e.preventDefault();
        // The next battle starts a new worker.
        this.api = null;
        reject(new Error(e.message || 'the machine for the battle bots stopped with an error'));
      });
    });
    this.failed.catch(() => undefined);
    this.api = Comlink.wrap<BotBattlesApi>(worker);
    return this.api;
  }
}
