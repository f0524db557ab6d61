/** A war's panel (rules 12-17, 19C/D): the weapons, the battle's result (typed, or fought on the console). */
import { h } from '../platform/h.ts';
import type { BattleWinner, Weapon } from './types.ts';
import { WEAPONS } from './types.ts';
import { marker } from './view-world.ts';
import type { PanelContext } from './panel-context.ts';
import { actionButton, isLegal, playerByName } from './panel-context.ts';

export function weaponPicker(
  ctx: PanelContext,
  side: string,
  player: string,
  chosen: Weapon | null,
  lost: Weapon[],
  keyPrefix: string,
): HTMLElement {
  // While the battle runs on the console its weapons are fixed: the buttons say so and look it (issue 35).
  const fixed = ctx.table?.weaponsFixed?.() ?? null;
  return h(
    'div',
    { class: 'bv-weapons', role: 'group', 'aria-label': `${player}'s weapon` },
    h('span', { class: 'bv-weapon-label' }, `${side} ${player}:`),
    // At the table only the weapons rule 12F still allows are offered.
    WEAPONS.filter((w) => !(ctx.table && lost.includes(w))).map((w) => {
      const b = actionButton(
        ctx,
        `${w}${lost.includes(w) ? ' (lost)' : ''}`,
        `${keyPrefix}-${w}`,
        'weapon',
        () => ctx.act({ type: 'weapon', player, weapon: w }),
        player,
        {},
        w,
      );
      b.setAttribute('aria-pressed', String(chosen === w));
      if (fixed !== null) {
        b.className = 'bv-not-legal';
        b.dataset.legal = 'false';
        b.setAttribute('aria-disabled', 'true');
        b.title = fixed;
      }
      return b;
    }),
  );
}

type BattleDraft = PanelContext['battle'];

/** One choice of the battle's winner. */
function winnerRadio(d: BattleDraft, w: BattleWinner, label: string): HTMLElement {
  const r = h('input', {
    type: 'radio',
    name: 'bv-winner',
    id: `bv-winner-${w}`,
    'data-key': `winner-${w}`,
    checked: d.winner === w,
  });
  r.addEventListener('change', () => {
    d.winner = w;
  });
  return h('span', { class: 'bv-radio' }, r, h('label', { for: `bv-winner-${w}` }, label));
}

/** One side's energy left, out of the `had` it went in with, starting at `value`. */
function energyField(
  d: BattleDraft,
  side: 'attacker' | 'defender',
  name: string,
  had: number,
  value: string,
): HTMLElement {
  const input = h('input', {
    type: 'number',
    id: `bv-energy-${side}`,
    'data-key': `energy-${side}`,
    min: 0,
    step: 1,
    inputmode: 'numeric',
    value,
  });
  input.addEventListener('input', () => {
    d[side] = input.value;
  });
  return h('span', { class: 'bv-field' }, h('label', { for: `bv-energy-${side}` }, `${name} (of ${had})`), input);
}

export function battleForm(
  ctx: PanelContext,
  attacker: string,
  defender: string,
  now: { attacker: number; defender: number },
): HTMLElement {
  const d = ctx.battle;
  // Energy carries over between battles (Rule 12), so the fields start at what each side has now.
  const value = (side: 'attacker' | 'defender'): string => (d[side] !== '' ? d[side] : String(now[side]));
  const form = h(
    'form',
    { class: 'bv-battle', 'aria-label': 'Battle result' },
    h(
      'fieldset',
      {},
      h('legend', {}, 'Who won this battle?'),
      winnerRadio(d, 'attacker', `${attacker} (attacker)`),
      winnerRadio(d, 'defender', `${defender} (defender)`),
      winnerRadio(d, 'both-destroyed', 'Both destroyed'),
    ),
    h(
      'fieldset',
      {},
      h('legend', {}, 'Energy left on the screen'),
      h(
        'div',
        { class: 'bv-row bv-energy-row' },
        energyField(d, 'attacker', attacker, now.attacker, value('attacker')),
        energyField(d, 'defender', defender, now.defender, value('defender')),
        h(
          'button',
          {
            type: 'submit',
            'data-key': 'record-battle',
            class: isLegal(ctx, 'battle') ? 'bv-legal bv-primary' : 'bv-not-legal',
          },
          'Record battle',
        ),
      ),
    ),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    ctx.submitBattle({
      // An unticked winner is sent as given; the engine names the rule if it refuses.
      winner: (d.winner ?? '') as BattleWinner,
      energy: { attacker: Number(value('attacker')), defender: Number(value('defender')) },
    });
  });
  return form;
}

export function warPanel(ctx: PanelContext): HTMLElement {
  const w = ctx.state.war!;
  const s = ctx.state;
  const wins = (side: BattleWinner) => w.battles.filter((b) => b.winner === side).length;
  return h(
    'section',
    { class: 'bv-panel bv-war', 'aria-labelledby': 'bv-panel-title' },
    h('h2', { id: 'bv-panel-title' }, `War for ${w.country} (Rule 12)`),
    h(
      'p',
      { class: 'bv-big' },
      marker(playerByName(s, w.attacker), w.attacker),
      ` ${w.attackers.join(' + ')} attacks; `,
      marker(playerByName(s, w.defender), w.defender),
      ` ${w.defenders.join(' + ')} defends.`,
    ),
    h(
      'p',
      {},
      `Best of three battles, 2500 energy units each side (Rule 10B). Score: ${w.attacker} ${wins('attacker')} – ${wins('defender')} ${w.defender}.`,
    ),
    h(
      'table',
      { class: 'bv-battles' },
      h('caption', {}, 'Battles'),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, '#'),
          h('th', { scope: 'col' }, 'Weapons'),
          h('th', { scope: 'col' }, 'Winner'),
          h('th', { scope: 'col' }, 'Energy left'),
        ),
      ),
      h(
        'tbody',
        {},
        [0, 1, 2].map((i) => {
          const b = w.battles[i];
          return h(
            'tr',
            { 'data-battle': i + 1 },
            h('th', { scope: 'row' }, String(i + 1)),
            h('td', {}, b ? `${b.weapons.attacker} v ${b.weapons.defender}` : '—'),
            h(
              'td',
              {},
              b
                ? b.winner === 'both-destroyed'
                  ? 'both destroyed'
                  : b.winner === 'attacker'
                    ? w.attacker
                    : w.defender
                : '—',
            ),
            h('td', {}, b ? `${b.energy.attacker} / ${b.energy.defender}` : '—'),
          );
        }),
      ),
    ),
    h(
      'h3',
      {},
      `Battle ${w.battles.length + 1}: weapons (a weapon destroyed in this war can't be used again, Rule 12F)`,
    ),
    weaponPicker(ctx, 'Attacker', w.attacker, w.weapons.attacker, w.lostWeapons.attacker, 'weapon-attacker'),
    weaponPicker(ctx, 'Defender', w.defender, w.weapons.defender, w.lostWeapons.defender, 'weapon-defender'),
    ctx.table ? ctx.table.battle(w.attacker, w.defender, w.energy) : battleForm(ctx, w.attacker, w.defender, w.energy),
  );
}
