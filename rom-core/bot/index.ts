export { BattleBot, BOT_LEVELS, LEVEL_TRAITS } from './bot.ts';
export type { BotLevel, LevelTraits } from './bot.ts';
export { RandomStick } from './random-stick.ts';
export { parseBotSpec } from './spec.ts';
export type { BotSpec } from './spec.ts';
export { PersonModel, PERSON_TRAITS } from './person.ts';
export { BotConsole } from './bot-console.ts';
