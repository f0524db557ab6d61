import type { Chips } from '../../board/model/chips.ts';
import type { GameState } from '../../board/model/game.ts';
import type { ChipCount, ViewCountry, ViewState, ViewZone } from './types.ts';

const chipCount = (c: Chips): ChipCount => ({ blue: c[1000], red: c[500], white: c[100] });
const chipValue = (c: Chips): number => c[1000] * 1000 + c[500] * 500 + c[100] * 100;

/** Reads the engine's game state into what the view draws. Pure: no rule is applied here. */
export function toView(s: GameState): ViewState {
  const countries: Record<string, ViewCountry> = {};
  const zones: ViewZone[] = s.scenario.zones.map((z) => ({
    name: z.name,
    countries: z.countries.map((c) => {
      const live = s.countries[c.name];
      const country: ViewCountry = {
        name: c.name,
        zone: z.name,
        pbu: live?.pbu ?? c.pbu,
        owners: live ? [...live.owners] : [],
        status: live?.status ?? null,
      };
      countries[c.name] = country;
      return country;
    }),
  }));
  const w = s.war;
  const m = s.endgame?.match ?? null;
  return {
    scenarioName: s.scenario.name,
    phase: s.phase,
    turn: s.turn,
    warChest: chipValue(s.warChest),
    warChestCount: chipCount(s.warChest),
    players: s.players.map((p) => ({
      name: p.name,
      color: p.color,
      homeland: p.homeland,
      record: p.recordHalves / 2,
      chips: chipValue(p.chips),
      chipCount: chipCount(p.chips),
      eliminated: p.eliminated,
    })),
    zones,
    countries,
    war: w
      ? {
          attacker: w.attacker, attackers: [...w.attackers], defender: w.defender, defenders: [...w.defenders],
          country: w.country, kind: w.kind, cost: w.cost,
          battles: w.battles.map((b) => ({ winner: b.winner, weapons: { ...b.weapons }, energy: { ...b.energy } })),
          weapons: { ...w.weapons }, lost: { attacker: [...w.lost.attacker], defender: [...w.lost.defender] },
          energy: { ...w.energy },
        }
      : null,
    endgameMatch: m
      ? { a: m.a, b: m.b, attacker: m.attacker, energy: { ...m.energy }, weapons: { ...m.weapons }, barred: { ...m.barred }, battles: m.battles }
      : null,
    winner: s.winner,
    winners: [...s.winners],
    target: s.variations.targetRecord,
    clockMinutes: s.variations.clockMinutes,
    banker: s.banker,
    alliances: s.alliances.map((a) => [...a]),
    firstCalls: { ...s.firstCalls },
    firstPlayer: s.firstPlayer,
    buysLeft: s.buysLeft,
    log: [...s.log],
    transfers: s.lastTransfers.map((t) => ({ from: t.from, to: t.to, amount: t.amount, give: chipCount(t.give), change: chipCount(t.change), undo: t.undo === true })),
  };
}
