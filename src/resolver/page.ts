/**
 * The combat resolver (#/resolver): another war game's battle fought on the console, as the manual
 * suggests. The player picks the game, enters the forces in its terms and sees the energy units each
 * side gets; the companion programs the battle into our cartridge (the table's bridge), the players
 * fight it, and the outcome read from the machine is turned into that game's result, in its own
 * words, and kept in the session log.
 */
import { readMailbox } from '../../rom-core/roms/index.ts';
import { resolveBattle, type Resolution } from '../../board/index.ts';
import { button, h } from '../platform/h.ts';
import { BUILTIN_CART, errorText, type MachineHost } from '../machine/machine-host.ts';
import { ScreenView } from '../machine/screen-view.ts';
import { InputRouter } from '../machine/input-router.ts';
import { WorkerBattleConsole } from '../machine/battle-console.ts';
import { ResolverFight } from './fight.ts';
import { OwnTableEditor } from './own-table.ts';
import { SetupForm, type Prepared } from './setup-form.ts';
import { SessionLog } from './session-log.ts';
import { renderLog } from './log-view.ts';
import { PENDING, restoreMachine, saveMachine } from './pending.ts';

export class ResolverPage {
  private readonly root: HTMLElement;
  private readonly message: HTMLElement;
  private readonly screen: ScreenView;
  private readonly input: InputRouter;
  private readonly own: OwnTableEditor;
  private readonly form: SetupForm;
  private readonly fight: ResolverFight;
  private readonly log = new SessionLog();
  private readonly battleBox = h('section', { class: 'rs-battle', id: 'rs-battle' });
  private readonly ownBox = h('div', { class: 'rs-own-box' });
  private readonly logBox = h('div', {});
  private last: Resolution | null = null;
  private readonly shown = { battle: '', log: '' };
  private readonly cleanups: (() => void)[] = [];

  constructor(
    private readonly host: MachineHost,
    container: HTMLElement,
  ) {
    this.message = h('p', { class: 'console-message', id: 'resolver-message', role: 'status', 'aria-live': 'polite' });
    this.screen = new ScreenView(host);
    this.own = new OwnTableEditor(() => this.update());
    this.form = new SetupForm(this.own, () => this.update());
    this.fight = new ResolverFight(new WorkerBattleConsole(host), () => this.update());
    this.ownBox.append(this.own.element);
    const intro = h(
      'p',
      { class: 'rs-intro' },
      'Fight another war game’s battle on the console, as the manual suggests: each side gets energy units in proportion to its strength, ',
      'and the energy left when the battle ends is applied to that game’s combat results.',
    );
    const panel = h(
      'div',
      { class: 'rs-panel' },
      h('h2', {}, 'Combat resolver'),
      intro,
      this.form.element,
      this.ownBox,
      this.logBox,
    );
    // The battle's buttons and result sit under the picture, in view while the battle is fought.
    const consoleBox = h('div', { class: 'rs-console' }, this.screen.element, this.message, this.battleBox);
    this.root = h('section', { class: 'resolver', id: 'resolver' }, panel, consoleBox);
    container.append(this.root);
    this.input = new InputRouter(host, {
      screen: this.screen.box,
      ownsKey: (e) => e.target instanceof Node && panel.contains(e.target),
    });
    this.cleanups.push(
      host.on({
        message: (text, kind) => this.say(text, kind),
        frame: (_pixels, eram) => {
          // SPACE pressed on the console's result screen: back at entry, ready for the next battle.
          if (this.fight.stage === 'result' && readMailbox(eram).phase === 'entry') {
            this.fight.stage = 'ready';
            this.update();
          }
        },
        booted: () => this.update(),
        autosave: (state, frame) => {
          if (this.fight.busy) void saveMachine(host, state, frame);
        },
      }),
      host.addSwitchGuard(() =>
        this.fight.busy ? 'a battle is under way on the resolver page; it ends first.' : null,
      ),
    );
    this.update();
  }

  async start(): Promise<void> {
    const fresh = !this.host.probe.ready;
    this.host.attach('resolver');
    await this.host.start();
    const pending = PENDING.get();
    let resume = false;
    if (pending && fresh) {
      const restored = await restoreMachine(this.host);
      this.say(restored.text, restored.ok ? 'info' : 'error');
      resume = restored.ok;
    }
    await this.screen.start();
    this.host.probe.ready = true;
    this.update();
    if (pending && resume) void this.resume(pending);
    else if (pending) PENDING.set(null);
  }

  /** After a reload: the battle running on the restored machine is the one kept; its end is awaited. */
  private async resume(p: Prepared): Promise<void> {
    const m = await new WorkerBattleConsole(this.host).waitFor(() => true, 'a frame of the console');
    if (!(m.ours && m.phase === 'battle')) {
      PENDING.set(null);
      this.say('The battle programmed before the reload had not started; program it again.');
      return;
    }
    await this.run(p, 'fighting');
  }

  private say(text: string, kind: 'info' | 'error' = 'info'): void {
    this.message.textContent = text;
    this.message.dataset.kind = kind;
  }

  private ourCartridge(): boolean {
    return this.host.runtime?.info.builtinCart === 'battle';
  }

  private update(): void {
    const prepared = this.form.refresh();
    this.form.lock(this.fight.busy);
    this.root.dataset.game = this.form.game;
    this.root.dataset.stage = this.fight.stage;
    this.ownBox.hidden = this.form.game !== 'own';
    // Rebuilt only when what they show changes: a field's change event (on blur) must not replace
    // the button the same click is landing on.
    const battleKey = JSON.stringify([
      this.fight.stage,
      this.fight.error,
      this.last,
      'error' in prepared,
      this.ourCartridge(),
      !!this.host.runtime,
    ]);
    if (battleKey !== this.shown.battle) {
      this.shown.battle = battleKey;
      this.battleBox.replaceChildren(...this.battleParts(prepared));
    }
    const logKey = JSON.stringify([this.log.entries.length, this.log.problem]);
    if (logKey !== this.shown.log) {
      this.shown.log = logKey;
      this.logBox.replaceChildren(
        renderLog(this.log, () => {
          this.log.clear();
          this.update();
        }),
      );
    }
  }

  private battleParts(prepared: Prepared | { error: string }): HTMLElement[] {
    const f = this.fight;
    const stage = h('p', { class: 'rs-stage', 'data-stage': f.stage, role: 'status', 'aria-live': 'polite' });
    const parts: HTMLElement[] = [stage];
    if (this.host.runtime && !this.ourCartridge()) {
      parts.push(
        h(
          'p',
          { class: 'rs-error', role: 'alert' },
          'The console runs another cartridge: the resolver needs our battle cartridge to program the battle and read its result.',
        ),
        h(
          'p',
          {},
          button('Switch to the battle cartridge', 'use-battle-cart', () => void this.useBattleCart(), {
            class: 'rs-primary',
          }),
        ),
      );
    }
    switch (f.stage) {
      case 'ready':
      case 'result':
        stage.textContent =
          f.stage === 'ready'
            ? 'Choose each side’s weapon, then program the battle: the companion types the entry into the console.'
            : 'Resolved and logged. Change the forces and program the next battle (SPACE on the console returns to its entry too).';
        parts.push(
          h(
            'p',
            { class: 'rs-row' },
            button(
              f.stage === 'ready' ? 'Program the battle on the console' : 'Program the next battle',
              'program-battle',
              () => void this.program(),
              { class: 'rs-primary', disabled: 'error' in prepared || !this.ourCartridge() },
            ),
          ),
        );
        break;
      case 'programming':
        stage.textContent = 'Typing the entry into the console…';
        break;
      case 'enter':
        stage.textContent =
          'Programmed: the entry is on the console. The attacker presses ENTER (the keyboard now goes to the console) or the button here to start the battle.';
        parts.push(
          h(
            'p',
            { class: 'rs-row' },
            button('ENTER: start the battle', 'press-enter', () => void this.enter(), { class: 'rs-primary' }),
          ),
        );
        break;
      case 'fighting':
        stage.textContent =
          'The battle is on: fight it on the console (attacker on the left control, defender on the right). The result is read from the machine when it ends.';
        break;
    }
    // A fresh result comes first; an older one stays below as "the last battle".
    if (this.last) {
      if (f.stage === 'result') parts.unshift(resultView(this.last, true));
      else parts.push(resultView(this.last, false));
    }
    if (f.error) parts.push(h('p', { class: 'rs-error', role: 'alert', 'data-fight-error': '' }, f.error));
    return parts;
  }

  private async program(): Promise<void> {
    if (this.fight.stage === 'result') await this.fight.next();
    const p = this.form.refresh();
    if ('error' in p) return;
    this.screen.focus();
    await this.run(p, 'programming');
  }

  /** Fights `p` on the console (kept until its result is logged, so a reload comes back to it) and logs its result. */
  private async run(p: Prepared, from: 'programming' | 'fighting'): Promise<void> {
    this.last = null;
    PENDING.set(p);
    const outcome = await this.fight.fight(p, from);
    PENDING.set(null);
    if (!outcome) return;
    try {
      const r = resolveBattle(p.setup, { winner: outcome.winner, left: outcome.energy });
      this.last = r;
      this.log.add({ ...r, at: new Date().toISOString(), area: p.area, weapons: p.weapons });
    } catch (e) {
      this.fight.error = `The battle's outcome could not be resolved: ${errorText(e)}`;
    }
    this.update();
  }

  /** ENTER from the page's button: the battle chart presses it while it waits for it. */
  private enter(): void {
    this.screen.focus();
    this.fight.enter();
  }

  private async useBattleCart(): Promise<void> {
    const why = this.host.switchRefusal();
    if (why) {
      this.say(`The cartridge was not switched: ${why}`, 'error');
      return;
    }
    // As choosing it among our cartridges on the console page does: remembered for the next visit.
    BUILTIN_CART.set('battle');
    this.host.images = { builtinCart: 'battle' };
    this.host.active = {};
    try {
      await this.host.store?.setActive({});
      await this.host.boot(this.host.images, undefined);
      this.say('The console runs our battle cartridge.');
    } catch (e) {
      this.say(`The battle cartridge did not start: ${errorText(e)}.`, 'error');
    }
    this.update();
  }

  destroy(): void {
    this.fight.cancel();
    for (const c of this.cleanups) c();
    this.input.destroy();
    this.screen.destroy();
    this.root.remove();
    this.host.detach();
  }
}

/** The battle's result in the game's own words, with the figures it came from. */
function resultView(r: Resolution, fresh: boolean): HTMLElement {
  const winner = r.winner === 'both-destroyed' ? 'both sides were destroyed' : `the ${r.winner} won`;
  return h(
    'div',
    { class: `rs-result${fresh ? '' : ' rs-last'}`, id: 'rs-result', 'data-result': r.result },
    h('p', { class: 'rs-result-text' }, r.text),
    h(
      'p',
      { class: 'rs-result-how' },
      `On the console ${winner} with ${r.left.attacker} (attacker) and ${r.left.defender} (defender) energy units left of ${r.energy.attacker} and ${r.energy.defender}; ` +
        `column ${r.column}${r.die ? `, the battle stands for a die roll of ${r.die}` : ''}${r.losses ? `; losses: attacker ${r.losses.attacker}, defender ${r.losses.defender}` : ''}.`,
    ),
  );
}
