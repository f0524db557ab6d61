/**
 * `npm run bench -- board-save`: what the board's autosave writes after each move (issue 38). A seeded
 * computer game on the 1982 world (three seats) is played through a GameSession, which autosaves after
 * every move as the board page does; at its end, and again after ten undos (redo steps saved too), the
 * bytes of one save, the time to write one (`exportText`) and to load it back (`importText`).
 */
import { performance } from 'node:perf_hooks';
import { GameSession, memoryStore } from '../../board/index.ts';
import { worldGame } from '../board/ai/world-game.ts';

const SEED = Number(process.env.BENCH_BOARD_SEED ?? 7);

/** Milliseconds per call of `fn`: the median of `n` calls after a warm-up (the machine may be shared). */
function median(n: number, fn: () => void): number {
  for (let i = 0; i < 3; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[Math.floor(n / 2)];
}

function line(what: string, session: GameSession): void {
  const text = session.exportText();
  const save = median(15, () => session.exportText());
  const load = median(5, () => new GameSession(memoryStore()).importText(text));
  console.log(
    `  ${what.padEnd(26)} ${(text.length / 1024).toFixed(0).padStart(6)} kB  save ${save.toFixed(2).padStart(7)} ms  load ${load.toFixed(1).padStart(7)} ms`,
  );
}

export async function benchBoardSave(): Promise<void> {
  const { events } = await worldGame(SEED);
  const session = new GameSession(memoryStore());
  const t0 = performance.now();
  for (const e of events) if (!session.act(e)) throw new Error(`the session refused ${e.type}`);
  await session.settled();
  const perMove = (performance.now() - t0) / events.length;
  console.log(`board autosave (seed ${SEED}, three seats on the 1982 world, ${events.length} moves):`);
  console.log(`  a move with its autosave, mean over the game: ${perMove.toFixed(2)} ms`);
  line('at the end of the game', session);
  for (let i = 0; i < 10; i++) session.undo();
  line('after ten undos', session);
}
