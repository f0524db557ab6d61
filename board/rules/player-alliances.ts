import type { GameState } from '../model/game.ts';
import type { GameEvent } from '../model/events.ts';
import { refuse } from './refuse.ts';
import { activePlayers, allianceOf, player } from './board.ts';
import { log } from './ledger.ts';

export const pairKey = (a: string, b: string): string => [a, b].sort().join('|');

/** Rule 18A/F: player alliances in games of 3 or more, until the board is filled, never renewed. */
export function formAlliance(s: GameState, e: Extract<GameEvent, { type: 'alliance.form' }>): void {
  if (s.players.length < 3) refuse('18', 'player alliances are for games of 3 or more players');
  if (!['homelands', 'home-alliances', 'play'].includes(s.phase)) {
    refuse(
      s.phase === 'endgame' || s.phase === 'awaiting-endgame' ? '21A' : '18A',
      'player alliances are formed only until the board is filled',
    );
  }
  if (s.war) refuse('18A', `finish the war for ${s.war.country} first`);
  if (!Array.isArray(e.players)) refuse('18A', 'name the players who ally');
  const names = [...new Set(e.players)];
  if (names.length < 2) refuse('18A', 'an alliance needs two or more different players');
  for (const n of names) {
    if (player(s, n, '18A').eliminated) refuse('19C', `${n} is out of the game`);
    // Joining players bring their existing alliance along; it is not silently split.
    const mine = allianceOf(s, n);
    const missing = mine.filter((m) => !names.includes(m));
    if (missing.length)
      refuse('18A', `${n} is allied with ${missing.join(', ')}, who must be part of the new alliance too`);
  }
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      if (s.brokenPairs.includes(pairKey(names[i], names[j]))) {
        refuse('18F', `the alliance between ${names[i]} and ${names[j]} was broken and cannot be renewed`);
      }
    }
  }
  if (activePlayers(s).every((p) => names.includes(p.name)))
    refuse('18', 'an alliance of every player left leaves nobody to fight');
  s.alliances = s.alliances.filter((a) => !a.some((n) => names.includes(n)));
  s.alliances.push(s.players.map((p) => p.name).filter((n) => names.includes(n)));
  log(s, `Player alliance formed: ${names.join(', ')} (rule 18)`);
}

export function breakAlliance(s: GameState, e: Extract<GameEvent, { type: 'alliance.break' }>): void {
  player(s, e.player, '18F');
  const mine = allianceOf(s, e.player);
  if (mine.length === 1) refuse('18F', `${e.player} is in no player alliance`);
  if (s.war) refuse('18F', `finish the war for ${s.war.country} first`);
  if (s.endgame?.match) refuse('18F', 'finish the end-game confrontation first');
  for (const n of mine) if (n !== e.player) s.brokenPairs.push(pairKey(e.player, n));
  s.alliances = s.alliances.map((a) => a.filter((n) => n !== e.player)).filter((a) => a.length > 1);
  log(
    s,
    `${e.player} breaks the alliance with ${mine.filter((n) => n !== e.player).join(', ')}; it can never be renewed (rule 18F)`,
  );
}

/**
 * Rule 18 is for games of three or more: when an elimination leaves one alliance holding every player
 * still in the game, nobody could attack anybody (rule 11A) and the game would stall, so the alliance
 * dissolves at once (board/README.md, interpretation 16). It is dissolved by the rules, not broken by a
 * player, so rule 18F's "cannot be renewed" does not bar its pairs.
 */
export function dissolveAllianceOfEveryone(s: GameState): void {
  const left = activePlayers(s).map((p) => p.name);
  if (left.length < 2) return;
  const all = s.alliances.find((a) => left.every((n) => a.includes(n)));
  if (!all) return;
  s.alliances = s.alliances.filter((a) => a !== all);
  log(
    s,
    `The alliance of ${all.join(', ')} holds every player still in the game: it dissolves, and they fight each other from now on (rule 18)`,
  );
}
