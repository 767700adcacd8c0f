// PageBridge (tutor/views/components.py): the page's address and keyboard, as seen from Python.
import { fragmentText } from './link.mjs';
import { isPresenting, stepFor } from './present.mjs';
import { writeContinue } from './resume.mjs';

export function render({ model }) {
  const el = document.createElement('span');
  el.className = 'page-bridge';
  const typing = (t) => t && (t.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));
  const onKey = (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) { return; }
    const target = e.composedPath ? e.composedPath()[0] : e.target;
    if (typing(target)) { return; }
    // the arrows; in present mode a clicker's Page Up / Page Down and space too (present.mjs)
    const step = stepFor(e.key, isPresenting(document));
    if (step !== null) {
      e.preventDefault();
      model.send_msg({kind: 'key', value: step});
    }
  };
  // a malformed escape ('#pt1.abc%') reaches Python as it is, and is refused with a notice
  const current = () => fragmentText(window.location.hash);
  // the open study: its link (after '#') and its words for Continue, one value from Python
  const link = () => model.open_study[0];
  const local = () => window.location.pathname + window.location.search +
    (link() ? '#' + link() : '');
  // Each view (model.job) and each step written is a history entry of ours ({pt: 1, job}):
  // the browser's Back and Forward move through the app (onPop). The page's first entry
  // becomes ours in place; before a study is open the address is left as it is (it may
  // hold the link to open, or a malformed one, which is replaced by the study that stayed open).
  const ours = () => { const s = window.history.state; return s && s.pt === 1 ? s : null; };
  const write = () => {
    // a game in progress: no link in the address (it would carry the deal), nor kept for
    // Continue; the view's history entry stays ours
    if (model.game_on) {
      if (window.location.hash) {
        window.history.replaceState(ours(), '', window.location.pathname + window.location.search);
      }
      return;
    }
    const entry = ours();
    const sameAddress = !link() || current() === link();
    if (entry && entry.job === model.job && sameAddress) { return; }
    const state = {pt: 1, job: model.job};
    const url = link() ? local() : window.location.href;
    if (entry) { window.history.pushState(state, '', url); } else { window.history.replaceState(state, '', url); }
    remember();
  };
  // the last study shown, for the first screen's Continue (tutor/views/shell.mjs reads it)
  const remember = () => { writeContinue(window.localStorage, link(), model.open_study[1], model.open_study[2]); };
  // the address bar is written when the steps pause: history.pushState costs a
  // round trip to the browser (about a tenth of a Next on a slow phone) and nobody
  // reads the address bar while pressing Next
  let writing = null;
  const writeSoon = () => {
    clearTimeout(writing);
    writing = setTimeout(() => { writing = null; write(); }, 250);
  };
  // a reload or a closed tab still leaves the last step in the address; an address
  // the person typed or pasted since is theirs (the app opens it or puts this back)
  const drop = () => { clearTimeout(writing); writing = null; };
  const flush = () => { if (writing !== null) { drop(); write(); } };
  // The app owns the address. Panel's Location model (panel/models/location.ts, not used by
  // the app) answers every hashchange with history.pushState({}) of the very same address:
  // after Back, that entry cut off Forward. A push of the address already shown, with no
  // state, adds nothing but that harm: it is not made.
  const pushState = window.history.pushState;
  window.history.pushState = function (state, title, url) {
    const empty = state !== null && typeof state === 'object' && Object.keys(state).length === 0;
    if (empty && url != null && new URL(String(url), window.location.href).href === window.location.href) { return; }
    return pushState.call(window.history, state, title, url);
  };
  // Back or Forward to an entry of ours: its view and its address go to Python as one
  // report (the hashchange that follows a change of address is the same move: not a link)
  let popped = null;
  const onPop = (e) => {
    const entry = e.state && e.state.pt === 1 ? e.state : null;
    if (!entry) { return; }
    drop();
    popped = {link: current(), at: performance.now()};
    model.send_msg({kind: 'history', value: JSON.stringify({job: String(entry.job), link: current()})});
  };
  const onHash = () => {
    const same = popped !== null && popped.link === current() && performance.now() - popped.at < 2000;
    popped = null;
    if (same) { return; }
    drop();
    model.send_msg({kind: 'hash', value: current()});
  };
  document.addEventListener('keydown', onKey);
  window.addEventListener('hashchange', onHash);
  window.addEventListener('popstate', onPop);
  window.addEventListener('pagehide', flush);
  model.on('remove', () => {
    flush();
    document.removeEventListener('keydown', onKey);
    window.removeEventListener('hashchange', onHash);
    window.history.pushState = pushState;
    window.removeEventListener('popstate', onPop);
    window.removeEventListener('pagehide', flush);
  });
  model.on('open_study', writeSoon);
  model.on('game_on', write);
  model.on('job', writeSoon);
  // a link in the address bar that could not be opened: the study that stayed
  // open goes back there, or with none open the page's own address
  model.on('msg:custom', (msg) => {
    if (!msg || msg.kind !== 'restore') { return; }
    if (!link() && window.location.hash) {
      window.history.replaceState(ours(), '', window.location.pathname + window.location.search);
    }
    writeSoon();
  });
  writeSoon();
  // the page opened on this device's own address (a reload, or Back or Forward into the
  // page), not on a link someone sent: it opens without "Opened the shared link"
  const navigation = performance.getEntriesByType ? performance.getEntriesByType('navigation')[0] : null;
  const resumed = Boolean(navigation && (navigation.type === 'reload' || navigation.type === 'back_forward'));
  // Report the address until Python confirms: in the compiled app, events
  // sent while the page is still being linked to the Python worker are lost.
  const ping = () => {
    if (model.started) { return; }
    model.send_msg({kind: 'start', value: current(), resumed: resumed});
    setTimeout(ping, 300);
  };
  ping();
  return el;
}
