/**
 * A battle between two guests whose reporting guest stops reporting while its browser still answers the
 * table (issue 34: "a stalled report times out the same way"): after the presence time the battle waits for
 * that guest's fighter, said so, and after the away time-out the host is offered the seat, as an away
 * guest's; a report moving on clears it. The timing in ReportStall on its own, then a relay in Node
 * (test/harness/remote-table.ts: two guests' pages and the host's, each with its machine), on the
 * simulated clock.
 */
import { describe, expect, it } from 'vitest';
import {
  AWAY_OFFER_MS,
  REPORT_STALL_MS,
  ReportStall,
  awayOfferWords,
  battleWaitsWords,
  withStalled,
} from '../../../board/index.ts';
import { annAndBobTable, type RemoteTable, type GuestPage } from '../../harness/remote-table.ts';
import { CLEAN_LINE } from '../../harness/table-network.ts';

/** A relay under way: Ann and Bob each a person at a guest's page, the battle between them; the reporting (red) seat's page. */
async function relay(): Promise<{ table: RemoteTable; reporter: string; page: GuestPage }> {
  const table = annAndBobTable(CLEAN_LINE);
  const { host } = table;
  const ann = await table.join('Ann at home', 'ann-token-0123456789');
  const bob = await table.join('Bob at home', 'bob-token-0123456789');
  const pages = { Ann: ann, Bob: bob };
  for (const [player, page] of Object.entries(pages)) {
    await table.until(() => page.remote.you !== null && page.state !== null, `${player}'s page welcomed`, 600);
    page.remote.claim(player);
    await table.until(() => page.remote.mine().includes(player), `${player}'s seat taken`, 600);
  }
  ann.sit('Ann', 'easy', 3);
  bob.sit('Bob', 'easy', 7);
  await table.until(() => host.remote.battling && ann.node.inBattle && bob.node.inBattle, 'a relay battle', 60_000);
  await table.until(() => (host.battle.state.request ? true : false), 'the battle under way', 60);
  // The left (red) seat's guest reports the frames the host's machine runs.
  const reporter = host.battle.state.seating?.red ?? '';
  const page = pages[reporter as keyof typeof pages];
  await table.until(
    () => ann.node.netFrames > 40 && bob.node.netFrames > 40,
    'the battle under way at the guests',
    6_000,
  );
  return { table, reporter, page };
}

describe("a relay's stalled report", { timeout: 240_000 }, () => {
  it('counts the reporter stalled once its report stood still for the presence time, from then; a report moving on clears it', () => {
    let now = 1_000;
    const stall = new ReportStall(() => now);
    stall.begin();
    expect(stall.reported(30)).toBe(false);
    now += REPORT_STALL_MS - 1;
    expect(stall.check(false)).toBe(false);
    // The same frames reported again (each report repeats the unacknowledged ones) do not count as moving on.
    expect(stall.reported(30)).toBe(false);
    now += 1;
    expect(stall.check(false)).toBe(true);
    expect(stall.check(false)).toBe(false);
    now += 700;
    expect(stall.stalledMs()).toBe(700);
    expect(stall.reported(31)).toBe(true);
    expect(stall.stalledMs()).toBeNull();
    // A fighter's browser away holds the report too: the reporter is not blamed meanwhile.
    now += REPORT_STALL_MS * 3;
    expect(stall.check(true)).toBe(false);
    expect(stall.stalledMs()).toBeNull();
    // A new epoch counts from its start.
    now += REPORT_STALL_MS;
    stall.begin();
    expect(stall.check(false)).toBe(false);
  });

  it('says the battle waits for the stalled reporter, and how long it stopped reporting', () => {
    const away = withStalled(
      [{ player: 'Ann', name: 'Ann at home' }],
      [{ player: 'Bob', name: "Bob's phone", awayMs: 2_000, stalled: true }],
    );
    expect(battleWaitsWords(away, true)).toBe(
      "The battle waits for Ann (Ann at home's browser is away) and Bob (Bob's phone's browser stopped reporting the battle): it goes on once Ann and Bob are back.",
    );
    expect(withStalled(away, [{ player: 'Ann', name: 'Ann at home', awayMs: 1, stalled: true }])).toEqual(away);
    expect(awayOfferWords(31_400, true, true)).toBe('(stopped reporting 31 s ago; the battle waits meanwhile, or:)');
  });

  it('a relay whose reporting guest answers but stops reporting: waited for after 5 s, offered after the away time-out, cleared when it reports again', async () => {
    const { table, reporter, page } = await relay();
    const { host } = table;
    const before = host.state().log.length;

    page.silent = true;
    const waited = await table.until(() => host.remote.awayFighters().length > 0, 'the reporter counted stalled', 420);
    // Not before the presence time (reports already under way when it went silent may still arrive a frame or two).
    expect(waited).toBeGreaterThan(((REPORT_STALL_MS - 500) * 60) / 1000);
    expect(host.remote.awayFighters()).toEqual([{ player: reporter, name: page.name, stalled: true }]);
    expect(host.remote.guests().every((g) => g.online)).toBe(true);
    expect(host.battle.state.stage).toBe('fighting');
    // Offered as an away guest's seat once it has stopped reporting for the away time-out.
    await table.until(
      () => host.remote.stalledSeats().some((s) => s.awayMs >= AWAY_OFFER_MS),
      "the host's offer of the reporter's seat",
      ((AWAY_OFFER_MS + 2_000) * 60) / 1000,
    );
    expect(host.remote.stalledSeats()).toEqual([
      { player: reporter, name: page.name, awayMs: expect.any(Number), stalled: true },
    ]);
    expect(host.state().log).toHaveLength(before);

    // It reports again: no longer waited for, the battle goes on to its end and is recorded once.
    page.silent = false;
    await table.until(() => host.remote.awayFighters().length === 0, 'the report moving on', 600);
    expect(host.remote.stalledSeats()).toEqual([]);
    await table.until(() => host.state().log.length > before, 'the battle to be recorded', 60_000);
    expect(host.state().log).toHaveLength(before + 1);
    host.close();
  });

  it('the host fights a stalled relay again: dropped on every machine, nothing recorded, programmed again', async () => {
    const { table, reporter, page } = await relay();
    const { host } = table;
    const before = host.state().log.length;
    page.silent = true;
    await table.until(() => host.remote.awayFighters().length > 0, 'the reporter counted stalled', 420);
    let dropped: boolean | null = null;
    void host.remote.fightAgain().then((ok) => (dropped = ok));
    await table.until(() => dropped !== null, 'the battle to be dropped', 600);
    expect(dropped).toBe(true);
    expect(host.state().log).toHaveLength(before);
    expect(host.remote.awayFighters()).toEqual([]);
    // Its browser answers: the battle is programmed again at once and fought from its start, reported this time.
    page.silent = false;
    await table.until(() => host.state().log.length > before, 'the battle fought again and recorded', 60_000);
    expect(host.state().log).toHaveLength(before + 1);
    expect(host.remote.awayFighters().some((a) => a.player === reporter)).toBe(false);
    host.close();
  });
});
