/**
 * "Practise against the computer" (issue 10): the player picks a weapon and energy for each side,
 * which hand control they hold and how well the computer plays; the panel hands the other control to
 * a battle bot in the worker (rom-core/bot), types the entry on our battle cartridge as the manual's
 * players do, and says who won when the battle ends. Another battle carries on from the result
 * screen; "Stop" gives the control back.
 */
import { el, button } from '../platform/dom.ts';
import { readMailbox } from '../../rom-core/roms/index.ts';
import type { CartMailbox } from '../../rom-core/roms/index.ts';
import { WorkerBattleConsole } from '../machine/battle-console.ts';
import type { MachineHost } from '../machine/machine-host.ts';

type Level = 'easy' | 'medium' | 'hard';
const WEAPONS: [string, string][] = [
  ['T', 'tank'],
  ['S', 'submarine'],
  ['P', 'jet'],
];
const NAMES: Record<string, string> = { T: 'tank', S: 'submarine', P: 'jet' };

function select(id: string, options: [string, string][], value: string): HTMLSelectElement {
  const s = el('select', { id });
  for (const [v, text] of options) s.append(el('option', { value: v, text }));
  s.value = value;
  return s;
}

export class PracticePanel {
  readonly element: HTMLElement;
  private readonly side = select(
    'practice-side',
    [
      ['0', 'left (red)'],
      ['1', 'right (blue)'],
    ],
    '0',
  );
  private readonly mine = select('practice-weapon', WEAPONS, 'T');
  private readonly theirs = select('practice-bot-weapon', WEAPONS, 'T');
  private readonly level = select(
    'practice-level',
    [
      ['easy', 'easy'],
      ['medium', 'medium'],
      ['hard', 'hard'],
    ],
    'easy',
  );
  private readonly myEnergy = el('input', {
    id: 'practice-energy',
    type: 'number',
    min: '1',
    max: '9999',
    value: '2500',
    inputmode: 'numeric',
  });
  private readonly botEnergy = el('input', {
    id: 'practice-bot-energy',
    type: 'number',
    min: '1',
    max: '9999',
    value: '2500',
    inputmode: 'numeric',
  });
  private readonly status = el('p', { class: 'practice-status', id: 'practice-status', role: 'status' });
  private readonly start = button(
    'practice-start',
    'Start the battle',
    'Hand the other control to the computer and program this battle',
    () => void this.begin(),
  );
  private readonly stop = button('practice-stop', 'Stop', 'Give the control back to a player', () => void this.end());
  private readonly sessionButton = button(
    'practice-session',
    'Practice session',
    "The cartridge's own practice session: the nine pairings in turn, random energies, first to ten wins; the computer holds the other control",
    () => void this.beginSession(),
  );
  /** The cartridge's practice session is on: the panel goes on from each result by itself. */
  private session = false;
  private readonly console: WorkerBattleConsole;
  private botStick: 0 | 1 | null = null;
  private lastPhase = '';
  private readonly off: () => void;

  constructor(
    private readonly host: MachineHost,
    private readonly focusScreen: () => void,
  ) {
    this.console = new WorkerBattleConsole(host);
    this.stop.disabled = true;
    this.element = el(
      'details',
      { class: 'console-practice', id: 'console-practice' },
      el('summary', { text: 'Practise against the computer' }),
      el('label', {}, 'You hold the ', this.side, ' control'),
      el('label', {}, 'Your weapon ', this.mine, ' energy ', this.myEnergy),
      el('label', {}, 'Computer ', this.theirs, ' energy ', this.botEnergy),
      el('label', {}, 'Computer plays ', this.level),
      el('div', { class: 'practice-buttons' }, this.start, this.sessionButton, this.stop),
      this.status,
    );
    this.off = host.on({ frame: (_p, eram) => this.watch(readMailbox(eram)) });
  }

  /**
   * The computer takes `bot`'s control; only that one is driven: the player's own is let go (a bot
   * from the last battle on the other side, or from a page before).
   */
  private async handOver(you: 0 | 1, bot: 0 | 1, level: Level): Promise<void> {
    const api = this.host.runtime?.api;
    await api?.setBot(you, null);
    await api?.setBot(bot, level, (Date.now() & 0xffff) + 1);
    this.botStick = bot;
  }

  /** The page goes away: the computer's control is given back (no bot is left steering on another page). */
  destroy(): void {
    this.off();
    if (this.botStick !== null) void this.host.runtime?.api.setBot(this.botStick, null);
    this.botStick = null;
  }

  private say(text: string): void {
    this.status.textContent = text;
  }

  private energy(input: HTMLInputElement, whose: string): number | string {
    const text = input.value.trim();
    const n = Number(text);
    if (!/^[0-9]{1,4}$/.test(text) || n < 1)
      return `${whose} energy must be a whole number from 1 to 9999 (the readout has four digits); got "${text}".`;
    return n;
  }

  private async begin(): Promise<void> {
    const api = this.host.runtime?.api;
    if (!api) return this.say('The console is not running yet.');
    const mine = this.energy(this.myEnergy, 'Your');
    const theirs = this.energy(this.botEnergy, "The computer's");
    if (typeof mine === 'string') return this.say(mine);
    if (typeof theirs === 'string') return this.say(theirs);
    this.start.disabled = true;
    try {
      const m = await this.toEntry();
      if (typeof m === 'string') return this.say(m);
      const you = Number(this.side.value) as 0 | 1;
      const bot = (1 - you) as 0 | 1;
      const level = this.level.value as Level;
      await this.handOver(you, bot, level);
      this.stop.disabled = false;
      const red = you === 0 ? [this.mine.value, mine] : [this.theirs.value, theirs];
      const blue = you === 0 ? [this.theirs.value, theirs] : [this.mine.value, mine];
      const keys = [
        'R',
        String(red[0]),
        ...String(red[1]).split(''),
        'B',
        String(blue[0]),
        ...String(blue[1]).split(''),
        'ENTER',
      ];
      this.say('Programming the battle…');
      await this.console.type(keys);
      const steer =
        you === 0
          ? 'arrows and Right Ctrl (type mode), or a gamepad'
          : 'W A S D and Left Shift (steer mode, Caps Lock), or the second gamepad';
      this.say(
        `Battle on: your ${NAMES[this.mine.value]} (${mine}) against the computer's ${NAMES[this.theirs.value]} (${theirs}, ${level}). Steer with ${steer}.`,
      );
      this.focusScreen();
    } catch (e) {
      this.say(`The battle could not be programmed: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      this.start.disabled = false;
    }
  }

  /**
   * The cartridge's practice session (manual, "Practice Sessions": RESET, a key other than SPACE):
   * RESET, a key at SELECT GAME and another on the readout, as the cartridge reads the manual; the
   * computer takes the other control; the cartridge starts each battle by itself and goes on from each
   * result after three seconds, so the session runs through its cycle until a side has ten wins.
   */
  private async beginSession(): Promise<void> {
    const api = this.host.runtime?.api;
    if (!api) return this.say('The console is not running yet.');
    this.sessionButton.disabled = true;
    try {
      await this.console.type(['RESET', '1']);
      // Up to 180 frames, counted by number: the page is not shown every frame (BattleConsole.waitFor).
      let from: number | undefined;
      const m = await this.console.waitFor(
        (n, frame) => (n.ours && n.phase === 'readout') || frame - (from ??= frame) >= 180,
        'the WAR GAME readout',
      );
      if (!(m.ours && m.phase === 'readout'))
        return this.say('Practice needs our battle cartridge: choose it under "our cartridge", then try again.');
      await this.console.type(['A']);
      from = undefined;
      const p = await this.console.waitFor(
        (n, frame) => n.practice || frame - (from ??= frame) >= 180,
        'the practice session',
      );
      if (!p.practice) return this.say('The cartridge did not start its practice session; press RESET and try again.');
      const you = Number(this.side.value) as 0 | 1;
      const bot = (1 - you) as 0 | 1;
      const level = this.level.value as Level;
      await this.handOver(you, bot, level);
      this.session = true;
      this.stop.disabled = false;
      this.say(
        `Practice session: the cartridge chooses both weapons (the nine pairings in turn) and random energies; each battle starts by itself. You hold the ${you === 0 ? 'left (red)' : 'right (blue)'} control, the computer (${level}) the other. First to ten wins.`,
      );
      this.focusScreen();
    } catch (e) {
      this.say(`The practice session could not be started: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      this.sessionButton.disabled = false;
    }
  }

  /** From wherever the cartridge is (SELECT GAME, the readout, a result) to program entry. */
  private async toEntry(): Promise<CartMailbox | string> {
    for (let i = 0; i < 4; i++) {
      const m = await this.console.read();
      if (m.ours && m.phase === 'entry') return m;
      if (m.ours && m.phase === 'battle')
        return 'A battle is being fought: wait for its end (or press Stop to take the control back).';
      await this.console.type(['SPACE']);
    }
    const m = await this.console.read();
    if (m.ours && m.phase === 'entry') return m;
    return m.ours
      ? 'The cartridge did not open program entry; press RESET and try again.'
      : 'Practice needs our battle cartridge: choose it under "our cartridge", then try again.';
  }

  private async end(): Promise<void> {
    if (this.botStick === null) return;
    await this.host.runtime?.api.setBot(this.botStick, null);
    this.botStick = null;
    this.session = false;
    this.stop.disabled = true;
    this.say('The computer gave the control back.');
  }

  /** Says how a practice battle ended, once, when the result screen comes. */
  private watch(m: CartMailbox): void {
    const phase = m.ours ? m.phase : '';
    if (phase === this.lastPhase) return;
    this.lastPhase = phase;
    if (phase !== 'result' || this.botStick === null) return;
    if (this.session) {
      const you = this.botStick === 0 ? 'blue' : 'red';
      const mine = you === 'red' ? m.practiceWins.red : m.practiceWins.blue;
      const its = you === 'red' ? m.practiceWins.blue : m.practiceWins.red;
      const won =
        m.winner === you ? 'You win this one' : m.winner === 'both' ? 'Both destroyed' : 'The computer wins this one';
      this.say(
        m.practiceOver
          ? `${mine > its ? 'You win the practice war' : 'The computer wins the practice war'}, ${mine} to ${its}. SPACE starts a new session; Stop gives the control back.`
          : `${won}: you ${mine}, the computer ${its}. The next pairing follows by itself.`,
      );
      return;
    }
    const you = this.botStick === 0 ? 'blue' : 'red';
    const verdict =
      m.winner === 'both'
        ? 'Both weapons were destroyed.'
        : m.winner === you
          ? 'You win!'
          : m.winner === 'none'
            ? 'Nobody won.'
            : 'The computer wins.';
    const how = m.end === 'out-of-energy' ? ' (out of energy)' : '';
    const left = you === 'red' ? [m.red.energy, m.blue.energy] : [m.blue.energy, m.red.energy];
    this.say(
      `${verdict}${how} Energy left: you ${left[0]}, the computer ${left[1]}. "Start the battle" fights another on the next battlefield.`,
    );
  }
}
