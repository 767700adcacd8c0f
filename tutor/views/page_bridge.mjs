// PageBridge (tutor/views/components.py): the page's address and keyboard, as seen from Python.
import { fragmentText } from './link.mjs';
import { isPresenting, stepFor } from './present.mjs';

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
  const local = () => window.location.pathname + window.location.search +
    (model.fragment ? '#' + model.fragment : '');
  const write = () => {
    // a game in progress: no link in the address (it would carry the deal)
    if (model.game_on) {
      if (window.location.hash) {
        window.history.replaceState(null, '', window.location.pathname + window.location.search);
      }
      return;
    }
    // never before a study is open: the address may hold the link to open
    // (or a malformed one, which is replaced by the study that stayed open)
    if (model.fragment && current() !== model.fragment) {
      window.history.replaceState(null, '', local());
    }
  };
  // the address bar is written when the steps pause: history.replaceState costs a
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
  const onHash = () => { drop(); model.send_msg({kind: 'hash', value: current()}); };
  document.addEventListener('keydown', onKey);
  window.addEventListener('hashchange', onHash);
  window.addEventListener('pagehide', flush);
  model.on('remove', () => {
    flush();
    document.removeEventListener('keydown', onKey);
    window.removeEventListener('hashchange', onHash);
    window.removeEventListener('pagehide', flush);
  });
  model.on('fragment', writeSoon);
  model.on('game_on', write);
  // a link in the address bar that could not be opened: the study that stayed
  // open goes back there, or with none open the page's own address
  model.on('msg:custom', (msg) => {
    if (!msg || msg.kind !== 'restore') { return; }
    if (!model.fragment && window.location.hash) {
      window.history.replaceState(null, '', window.location.pathname + window.location.search);
    }
    writeSoon();
  });
  writeSoon();
  // Report the address until Python confirms: in the compiled app, events
  // sent while the page is still being linked to the Python worker are lost.
  const ping = () => {
    if (model.started) { return; }
    model.send_msg({kind: 'start', value: current()});
    setTimeout(ping, 300);
  };
  ping();
  return el;
}
