/** The bot battles worker's entry (bot-battles.ts starts it): one BotBattlesRunner, through comlink. */
import * as Comlink from 'comlink';
import { BotBattlesRunner } from './bot-battles-run.ts';

const runner = new BotBattlesRunner();

export const botBattlesApi = {
  refight: (...args: Parameters<BotBattlesRunner['refight']>) => runner.refight(...args),
};
export type BotBattlesApi = typeof botBattlesApi;

Comlink.expose(botBattlesApi);
