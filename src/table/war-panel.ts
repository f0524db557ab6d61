/**
 * The table's part of the board's war (and end-game) panel: who holds the left (red) and right
 * (blue) hand control, "Program the battle", what the console waits for (ENTER, from the person
 * named: the attacker, or a person not in the war with three or more players, rule 11D), the result
 * in words, and "Next battle" while the war goes on. The result comes from the machine; there is no
 * field to type it. On a foreign cartridge the players confirm the outcome in a small form.
 */
import { button, h } from '../platform/h.ts';
import { enterPresser, outcomeProblem, screenNote } from '../../board/index.ts';
import type { BattleWinner } from '../board-view/types.ts';
import type { BattleDriver } from './battle-driver.ts';

export interface WarPanelActions {
  program(): void;
  enter(): void;
  next(): void;
}

/** The battle the panel is about: its two sides, the energy to program, and the table around it. */
export interface WarPanelFight {
  /** A touch screen: the on-screen sticks steer (the words say so instead of "the keys"). */
  touch?: boolean;
  attacker: string;
  defender: string;
  energy: { attacker: number; defender: number };
  /** Players still in the game, in seating order (rule 11D: with three or more, a player not in the war presses ENTER). */
  seated: string[];
  /** Whether the driver's stage and words belong to this battle (not to the war before it). */
  current: boolean;
  /** How the driver's last battle is named when it is not the one the panel is about (null: another war's, not shown). */
  lastLabel: string | null;
  /** The war (or match) is decided: only its last battle's words and "Next battle" are left to show. */
  decided: boolean;
  /** The game is over (rule 22): that battle was its last, so there is no next one to go on to. */
  over: boolean;
  /** Who still chooses a weapon for this battle (on the board), in the order they fight it. */
  choosing: string[];
  /** A remote table: the battle waits for a fighter's browser (away), in words, or null. */
  waits?: string | null;
  /** Whether the computer plays this seat (it chooses and programs by itself). */
  computer(name: string): boolean;
  /** The keys of each control, in the seats' colours (controls-legend.ts), with `extra` on its hint line. */
  legend(red: string, blue: string, ...extra: HTMLElement[]): HTMLElement;
}

export function renderBattle(driver: BattleDriver, actions: WarPanelActions, fight: WarPanelFight): HTMLElement {
  const { attacker, defender, energy } = fight;
  // The last war's result is not this war's: its panel starts ready, the old words below as the last battle's.
  const st = fight.current
    ? driver.state
    : { ...driver.state, stage: driver.busy ? driver.state.stage : ('ready' as const) };
  const left = driver.port.controlOf(attacker, defender) === 'left' ? attacker : defender;
  const right = left === attacker ? defender : attacker;
  // The keys matter from the choice of weapons to the battle's end; a result leaves the room to its words.
  const keysShown = !fight.decided && ['ready', 'programming', 'enter', 'fighting'].includes(st.stage);
  const parts: (HTMLElement | string | null)[] = fight.decided
    ? []
    : [
        h(
          'div',
          { class: 'tb-seats', 'data-seats': `${left}|${right}` },
          keysShown
            ? fight.legend(
                left,
                right,
                button('Swap controls', 'swap-controls', () => driver.swap(attacker, defender), {
                  class: 'bv-link',
                  disabled: driver.busy,
                  title:
                    'Each drives the tank of their markers’ colour (red left, blue right); the attacker may choose the other control (remembered for this player)',
                }),
              )
            : null,
        ),
        h(
          'p',
          {},
          // After a result the war's energy is what is left for its next battle, not what was programmed.
          `${st.stage === 'ready' ? 'To program' : st.stage === 'result' ? 'Left for the next battle' : 'Programmed'}: ${attacker} ${energy.attacker}, ${defender} ${energy.defender} energy units.`,
        ),
      ];
  const divided = screenNote({
    attacker: { player: attacker, energy: energy.attacker },
    defender: { player: defender, energy: energy.defender },
  });
  if (divided) parts.push(h('p', { class: 'tb-hint', 'data-screen-note': '' }, divided));
  // Said before what the console waits for: while a fighter's browser is away nothing else moves.
  if (fight.waits) parts.push(h('p', { class: 'tb-waits', 'data-battle-waits': '', role: 'status' }, fight.waits));
  parts.push(...stageLines(driver, st, actions, fight, left, right));
  if (st.stage !== 'result' && st.words && fight.current)
    parts.push(h('p', { class: 'tb-words tb-last', 'data-words': '' }, `Last battle: ${st.words}`));
  // The battle just fought belonged to another war (or match): its words stay until the next battle is programmed, said as such.
  if (!fight.current && fight.lastLabel && driver.state.stage === 'result' && driver.state.words)
    parts.unshift(h('p', { class: 'tb-words tb-last', 'data-words': '' }, `${fight.lastLabel}: ${driver.state.words}`));
  if (st.error) parts.push(h('p', { class: 'bv-error', role: 'alert', 'data-table-error': '' }, st.error));
  return h('div', { class: 'tb-battle', 'data-stage': driver.state.stage }, parts);
}

/** The stage's sentence (a live region) and what may be pressed at it. */
function stageLines(
  driver: BattleDriver,
  st: BattleDriver['state'],
  actions: WarPanelActions,
  fight: WarPanelFight,
  left: string,
  right: string,
): HTMLElement[] {
  const { attacker, defender, energy } = fight;
  const parts: HTMLElement[] = [];
  const stage = h('p', { class: 'tb-stage', 'data-stage': st.stage, role: 'status', 'aria-live': 'polite' });
  switch (st.stage) {
    case 'ready':
      stage.textContent = readyText(fight);
      stage.classList.add('tb-hint');
      parts.push(
        h(
          'p',
          { class: 'bv-row' },
          button('Program the battle', 'program-battle', actions.program, {
            class: 'bv-primary',
            disabled: fight.choosing.length > 0,
            title:
              fight.choosing.length > 0
                ? 'Both weapons are chosen first (rule 12F)'
                : 'Types the entry into the console',
          }),
          ' ',
          stage,
        ),
      );
      break;
    case 'programming':
      stage.textContent = 'Typing the entry into the console…';
      parts.push(stage);
      break;
    case 'enter':
      parts.push(...enterLines(stage, fight, left, right, actions));
      break;
    case 'fighting':
      stage.textContent = `The battle is on: steer with ${fight.touch ? 'the on-screen sticks' : 'the keys above'}. The result is read from the machine when it ends.`;
      parts.push(stage);
      break;
    case 'confirm':
      stage.textContent =
        'This cartridge is not ours, so its result cannot be read: confirm who won and the energy left.';
      parts.push(stage, confirmForm(driver, attacker, defender, energy));
      break;
    case 'result':
      // A war's last battle (or the game's) has no next battle to go on to: the board goes on.
      stage.textContent = fight.over
        ? 'Recorded: that was the game’s last battle.'
        : fight.decided
          ? 'Recorded: that was the war’s last battle. The game goes on at the board.'
          : 'Recorded. SPACE on the console or “Next battle” goes on.';
      parts.push(h('p', { class: 'tb-words', 'data-words': '' }, st.words ?? 'Recorded.'), stage);
      if (!fight.decided)
        parts.push(
          h('p', { class: 'bv-row' }, button('Next battle', 'next-battle', actions.next, { class: 'bv-primary' })),
        );
      break;
    case 'readout':
      stage.textContent = 'The readout runs.';
      parts.push(stage);
      break;
  }
  return parts;
}

/** Programmed: who presses ENTER (named, with the control they hold), and the button that does it. */
function enterLines(
  stage: HTMLElement,
  fight: WarPanelFight,
  left: string,
  right: string,
  actions: WarPanelActions,
): HTMLElement[] {
  const { attacker, defender } = fight;
  // Named, with the control they hold: people at one keyboard see at once whose key starts the battle.
  const by = enterPresser(attacker, defender, fight.seated, fight.computer);
  const side = by.person === left ? 'left (red)' : by.person === right ? 'right (blue)' : null;
  const who = by.words[0].toUpperCase() + by.words.slice(1);
  stage.dataset.enterBy = by.person ?? '';
  stage.textContent = by.person
    ? `Programmed. ${who}${side ? `, on the ${side} control,` : ''} presses ENTER to start the battle: the Enter key, the gamepad's Start button, or the button below.`
    : `Programmed. ${who} presses ENTER in a moment; anyone may press it here first.`;
  return [stage, h('p', { class: 'bv-row' }, button('ENTER', 'press-enter', actions.enter, { class: 'bv-primary' }))];
}

/** Who acts now while the battle is not yet programmed, in a sentence. */
function readyText(fight: WarPanelFight): string {
  const people = fight.choosing.filter((n) => !fight.computer(n));
  const role = (n: string): string => `${n} (${n === fight.attacker ? 'attacker' : 'defender'})`;
  if (people.length === 2)
    return `Now: ${role(people[0])} and ${role(people[1])} choose their weapons on the board; the companion then types the entry into the console.`;
  if (people.length === 1)
    return `Now: ${role(people[0])} chooses a weapon on the board; the companion then types the entry into the console.`;
  if (fight.choosing.length > 0)
    return `The computer chooses ${fight.choosing.length === 2 ? 'both weapons' : `${fight.choosing[0]}'s weapon`}.`;
  return fight.computer(fight.attacker)
    ? 'Both weapons are chosen: the computer programs the battle.'
    : 'Both weapons are chosen: “Program the battle” types the entry into the console.';
}

function confirmForm(
  driver: BattleDriver,
  attacker: string,
  defender: string,
  energy: { attacker: number; defender: number },
): HTMLElement {
  const pre = driver.state.ask?.prefill;
  // The players confirm what the screen shows: energies divided to fit its four digits are asked as typed.
  const typed = driver.state.ask?.request;
  if (typed) energy = { attacker: typed.attacker.energy, defender: typed.defender.energy };
  const winner = h(
    'select',
    { 'data-key': 'confirm-winner', 'aria-label': 'Who won' },
    h('option', { value: '' }, 'who won?'),
    h('option', { value: 'attacker' }, `${attacker} (attacker)`),
    h('option', { value: 'defender' }, `${defender} (defender)`),
    h('option', { value: 'both-destroyed' }, 'both destroyed'),
  );
  if (pre?.winner) winner.value = pre.winner;
  const field = (side: 'attacker' | 'defender', name: string): HTMLInputElement =>
    h('input', {
      type: 'number',
      min: 0,
      max: energy[side],
      step: 1,
      'data-key': `confirm-${side}`,
      'aria-label': `${name}'s energy left`,
      value: String(pre?.energy?.[side] ?? energy[side]),
    });
  const a = field('attacker', attacker);
  const d = field('defender', defender);
  const problem = h('p', { class: 'bv-error', role: 'alert' });
  problem.hidden = true;
  const form = h(
    'form',
    { class: 'tb-confirm' },
    winner,
    ' ',
    h('label', {}, `${attacker} left `, a),
    ' ',
    h('label', {}, `${defender} left `, d),
    ' ',
    h('button', { type: 'submit', 'data-key': 'confirm-result' }, 'Confirm the result'),
    problem,
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const outcome = {
      winner: winner.value as BattleWinner,
      energy: { attacker: Number(a.value), defender: Number(d.value) },
    };
    const request = driver.state.ask?.request;
    const why = request ? outcomeProblem(request, outcome) : null;
    // A result that cannot be right is not sent: the form stays as it is, with the reason.
    problem.hidden = !why;
    problem.textContent = why ? `Not recorded: ${why}.` : '';
    if (!why) driver.confirmed(outcome);
  });
  return form;
}

export function renderReadout(driver: BattleDriver, start: () => void): HTMLElement {
  const reading = driver.state.stage === 'readout';
  return h(
    'div',
    { class: 'tb-readout', 'data-stage': driver.state.stage },
    h('h3', {}, 'Readout on the console'),
    reading
      ? h(
          'p',
          { class: 'tb-stage', role: 'status' },
          'The WAR GAME readout runs on the console: one player stops it with SPACE without looking, within 20 seconds (left running, the cartridge takes it for its practice session). Its digit is read from the machine.',
        )
      : h('p', {}, button('Start the readout', 'start-readout', start, { class: 'bv-primary' })),
    driver.state.error ? h('p', { class: 'bv-error', role: 'alert' }, driver.state.error) : null,
  );
}
