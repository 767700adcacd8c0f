// LibraryStore (tutor/views/library.py): the device's list of saved studies (localStorage).
export function render({ model }) {
  const el = document.createElement('span');
  el.className = 'library-store';
  let read = null;
  try { read = window.localStorage.getItem(model.key) || ''; }
  catch (err) { read = null; model.send_msg({kind: 'error', value: String(err && err.message || err)}); }
  const report = () => {
    if (model.started || read === null) { return; }
    model.send_msg({kind: 'loaded', value: read});
    setTimeout(report, 300);
  };
  report();
  model.on('stored', () => {
    if (!model.started) { return; }   // never write before the device's list was read
    try {
      if (model.stored) { window.localStorage.setItem(model.key, model.stored); }
      else { window.localStorage.removeItem(model.key); }
    } catch (err) {
      model.send_msg({kind: 'error', value: String(err && err.message || err)});
    }
  });
  return el;
}
