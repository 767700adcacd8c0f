// The page frame (tutor/views/shell.py, Shell): the markup of tutor/views/frame.py in one
// shadow root, the Panel children placed in its [data-child] slots, presses sent to Python.
import { isPresenting, setPresenting } from './present.mjs';
import { readContinue, showContinue } from './resume.mjs';
import { applyUi, fillPart, showTab } from './shell_ui.mjs';

export function render({ model, view }) {
  const PARTS = model.esm_constants.parts;  // data-part name -> the model's parameter (Shell._constants)
  const holder = document.createElement('div');
  holder.innerHTML = model.frame;
  const app = holder.firstElementChild;
  const one = (s) => app.querySelector(s);
  const all = (s) => [...app.querySelectorAll(s)];
  // -- the Panel children in their slots ---------------------------------------------------
  // Each child view is put in its slot by hand (not model.get_child, which makes Panel
  // draw this whole frame again when a child changes): a child given later (a drawer
  // tab, another job: Python sends it when its slot is first shown) is placed and drawn
  // on its own. Panel takes every child out of the page when one changes, so all go back.
  const wideScreen = window.matchMedia('(min-width: 900px)');
  const wide = () => wideScreen.matches;
  const childView = (name) => { const m = view.model.data[name]; return m ? view.get_child_view(m) : null; };
  const place = () => {
    for (const slot of all('[data-child]')) {
      const v = childView(slot.dataset.child);
      if (v && v.el.parentNode !== slot) { slot.replaceChildren(v.el); }
      else if (!v && slot.firstChild) { slot.replaceChildren(); }
    }
  };
  // a child that had the focus loses it when Panel takes it out: it gets it back
  let focused = null;
  app.addEventListener('focusin', (e) => { focused = e.composedPath()[0]; });
  const refocus = () => {
    if (focused && focused.isConnected && focused !== document.activeElement &&
        document.activeElement === document.body) { focused.focus({preventScroll: true}); }
  };
  place();
  // Panel calls every child name's callbacks at each change of children: one is enough
  view.on_child_render(view.model.children[0], () => { place(); view.render_children(); refocus(); askShown(); });
  const pending = () => model.pending || [];
  app.classList.toggle('has-saved', Boolean(childView('saved')) || pending().includes('saved'));
  // ask Python for a later child once its slot shows (in the next frame: the job, the
  // tab or the drawer has changed by then); a slot in a closed drawer or a folded
  // <details> does not show (both still have boxes). Asked again if no answer came in
  // 2 s (a message sent while the page is still being linked to Python is lost), up to
  // five times; each time a person shows something (a tab, the drawer, a job) counts anew.
  const asked = new Map();
  let asking = null;
  const askShown = (shownAnew) => {
    if (shownAnew === true) { asked.clear(); }
    if (asking !== null || pending().length === 0) { return; }
    asking = requestAnimationFrame(() => {
      asking = null;
      const drawerShown = wide() || app.classList.contains('drawer-open');
      for (const slot of all('[data-child]')) {
        const name = slot.dataset.child;
        const last = asked.get(name) || {at: -1e9, n: 0};
        if (!pending().includes(name) || performance.now() - last.at < 2000 || last.n >= 5) { continue; }
        // the slot is still empty, and an empty slot may be hidden for that alone (:empty): its parent
        // shows or not (a parent drawn as its children only, display: contents, shows as its own parent)
        let parent = slot.parentElement;
        while (parent && getComputedStyle(parent).display === 'contents') { parent = parent.parentElement; }
        if (!parent || parent.getClientRects().length === 0) { continue; }
        if ((!drawerShown && slot.closest('.drawer')) || slot.closest('details:not([open])')) { continue; }
        asked.set(name, {at: performance.now(), n: last.n + 1});
        send('show', name);
        setTimeout(askShown, 2100);
      }
    });
  };
  model.on('pending', () => askShown());
  app.addEventListener('toggle', () => askShown(true), true);  // a <details> opened (the table setup)
  const turned = () => askShown(true);  // a tablet turned: the drawer becomes a column, or stops being one
  wideScreen.addEventListener('change', turned);
  model.on('remove', () => wideScreen.removeEventListener('change', turned));
  const fill = (name) => {
    if (!fillPart(app, name, model[PARTS[name]])) { return; }
    // a new step's words start at the top of the bar (it kept the last scroll, so
    // after a long narration or a quiz verdict the next one opened half-way down).
    // In the next frame: a scroll position set now forces a layout of the whole page
    // while the rest of the step's updates are still arriving.
    if (name === 'narration') { scrollBarTop(); }
  };
  let barScroll = null;
  const scrollBarTop = () => {
    if (barScroll !== null) { return; }
    barScroll = requestAnimationFrame(() => {
      barScroll = null;
      const sc = one('.bar-scroll');
      if (sc && sc.scrollTop !== 0) { sc.scrollTop = 0; }
    });
  };
  for (const name in PARTS) { fill(name); model.on(PARTS[name], () => fill(name)); }

  // -- the drawer (a side panel on a wide screen) ----------------------------------------
  let opener = null;
  const pickTab = (name) => {
    showTab(app, name);
    askShown(true);
  };
  const openDrawer = (tab, from) => {
    pickTab(tab === 'steps' && app.dataset.steps === 'no' ? 'lines' : tab);
    if (wide()) { return; }
    opener = from || null;
    app.classList.add('drawer-open');
    askShown(true);
    const first = one('.drawer .tab[aria-current="true"]') || one('.drawer-close');
    if (first) { first.focus(); }
  };
  const closeDrawer = () => {
    if (!app.classList.contains('drawer-open')) { return; }
    app.classList.remove('drawer-open');
    if (opener && opener.isConnected) { opener.focus(); }
    opener = null;
  };
  pickTab('steps');

  // -- present mode (present.mjs): full screen where the browser allows it; leaving full
  // screen (Esc in most browsers) leaves present mode too
  let fullByUs = false;
  const present = (on) => {
    if (on === app.classList.contains('presenting')) { return; }
    closeDrawer();
    setPresenting(app, document, on);
    const root = document.documentElement;
    if (on && !document.fullscreenElement && document.fullscreenEnabled && root.requestFullscreen) {
      root.requestFullscreen().then(() => { fullByUs = true; }, () => { fullByUs = false; });
    } else if (!on && fullByUs && document.fullscreenElement) {
      fullByUs = false;
      document.exitFullscreen().catch(() => {});
    }
    const next = one(on ? '.present-leave' : '.present-open');
    if (next) { next.focus({preventScroll: true}); }
  };
  const onFullscreen = () => { if (!document.fullscreenElement && fullByUs) { fullByUs = false; present(false); } };
  const onEscape = (e) => { if (e.key === 'Escape' && isPresenting(document)) { e.preventDefault(); present(false); } };
  document.addEventListener('fullscreenchange', onFullscreen);
  document.addEventListener('keydown', onEscape);
  model.on('remove', () => {
    document.removeEventListener('fullscreenchange', onFullscreen);
    document.removeEventListener('keydown', onEscape);
    setPresenting(app, document, false);
  });

  // -- the four-colour deck, remembered on this device -----------------------------------
  const colours = one('.deck-colours');
  const setColours = (on) => {
    app.classList.toggle('four-colour', on);
    colours.setAttribute('aria-pressed', String(on));
    try { localStorage.setItem('pt-four-colour', on ? '1' : ''); } catch (e) { /* private mode */ }
  };
  try { setColours(localStorage.getItem('pt-four-colour') === '1'); } catch (e) { setColours(false); }

  if (new URLSearchParams(window.location.search).has('debug')) {
    app.classList.add('debug');
    one('.view-debug').hidden = false;
  }
  // a link that did not open, with no study open: take it out of the address bar
  model.on('msg:custom', (msg) => {
    if (msg && msg.kind === 'clear-address' && window.location.hash) {
      window.history.replaceState(null, '', window.location.pathname + window.location.search);
    }
  });

  // -- presses go to Python --------------------------------------------------------------
  const send = (act, value) => model.send_msg({act: act, value: value == null ? '' : String(value)});
  const field = (name) => one('[name="' + name + '"]');
  app.addEventListener('click', (e) => {
    const el = e.target.closest('button');
    if (!el || !app.contains(el) || el.disabled) { return; }
    if (el.dataset.present) { present(el.dataset.present === 'on'); return; }
    if (el.dataset.open) { openDrawer(el.dataset.open, el); return; }
    if (el.dataset.tab) { pickTab(el.dataset.tab); return; }
    if (el.classList.contains('drawer-close')) { closeDrawer(); return; }
    if (el.classList.contains('deck-colours')) { setColours(!app.classList.contains('four-colour')); return; }
    const act = el.dataset.act;
    if (!act) { return; }
    if (act === 'setup') {
      send(act, JSON.stringify({variant: one('.free-variant select').value, players: field('players').value,
                                seed: field('seed').value, json: field('json').value}));
      one('.table-setup').open = false;
      return;
    }
    if (act === 'typed') { send(act, field('typed').value); return; }
    if (act === 'job' || act === 'learn-game' || act === 'learn-course' || act === 'play-game' || act === 'chapter') { closeDrawer(); }
    send(act, el.dataset.value);
  });
  app.addEventListener('click', (e) => { if (e.target.classList && e.target.classList.contains('scrim')) { closeDrawer(); } });
  app.addEventListener('change', (e) => {
    const el = e.target;
    if (el.tagName === 'SELECT' && el.dataset.act) { send(el.dataset.act, el.value); }
  });
  app.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') { closeDrawer(); }
    if (e.key === 'Enter' && e.target.name === 'typed') { e.preventDefault(); send('typed', e.target.value); }
  });

  // -- the first screen's Continue: the last study shown on this device (resume.mjs)
  const offerContinue = () => {
    const storage = (() => { try { return window.localStorage; } catch (e) { return null; } })();
    showContinue(app, storage ? readContinue(storage) : null);
  };

  // -- the small UI state from Python (shell_ui.mjs: the pre-rendered first screen runs it too)
  let last = {};
  const update = () => {
    const ui = JSON.parse(model.ui || '{}');
    const changed = applyUi(app, ui, last);
    if (changed.handover) { one('.handover button').focus(); }
    if (changed.job && ui.job === 'home') { offerContinue(); }
    if (changed.job) {
      present(false);
      closeDrawer();
      const main = one('.pt-main');
      if (main) { main.scrollTop = 0; }
    }
    last = ui;
  };
  model.on('ui', () => { update(); askShown(true); });
  update();
  askShown();
  // the page frame (palace_tutor/site/page.py) shows the app in place of its first
  // screen only once this has drawn: Panel draws the slotted children after render
  model.on('after_layout', () => { if (window.__ptDrawn) { window.__ptDrawn(); } });
  return app;
}
