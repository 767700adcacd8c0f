// LibraryStore (tutor/views/library.py): one list kept in the device's storage (localStorage),
// for the saved studies and, under its own key, the table's rule sets.
//
// Python hands over the whole text to keep (`stored`); this writes it and answers:
//   loaded  the text stored when the page started (repeated until Python confirms: early
//           messages can be lost while the page links up to Python)
//   written the text now stored (read back after writing: a write that did not stick is an error)
//   changed the text another tab stored: sent instead of writing over it, so Python replays its
//           own edits on that list first (tutor/model/device_store.py); also on the `storage` event
//   error   the browser's refusal (storage full or switched off); nothing was written
export function render({ model }) {
  const el = document.createElement('span');
  el.className = 'library-store';
  const storage = () => window.localStorage;
  let read = null;
  try { read = storage().getItem(model.key) || ''; }
  catch (err) { read = null; model.send_msg({kind: 'error', value: String(err && err.message || err)}); }
  let known = read;  // the text this tab last read or wrote
  const report = () => {
    if (model.started || read === null) { return; }
    model.send_msg({kind: 'loaded', value: read});
    setTimeout(report, 300);
  };
  report();
  const write = () => {
    if (!model.started) { return; }   // never write before the device's list was read
    const text = model.stored;
    let disk;
    try {
      disk = storage().getItem(model.key) || '';
      if (disk !== known) {              // another tab wrote since: Python merges first
        known = disk;
        model.send_msg({kind: 'changed', value: disk});
        return;
      }
      if (disk !== text) {
        if (text) { storage().setItem(model.key, text); } else { storage().removeItem(model.key); }
        if ((storage().getItem(model.key) || '') !== text) { throw new Error('the text read back is not the text written'); }
      }
      known = text;
      model.send_msg({kind: 'written', value: text});
    } catch (err) {
      model.send_msg({kind: 'error', value: String(err && err.name === 'QuotaExceededError'
        ? "the browser's storage for this site is full" : (err && err.message) || err)});
    }
  };
  // 'stored' arrives in a patch from Python, and Panel's page (its pyodide_handler.js) drops
  // every message the page sends while it applies one: an answer sent from here went
  // nowhere, and Saved or Kept was never said. So the write, and its answer, are a task
  // of their own, after the patch.
  model.on('stored', () => setTimeout(write, 0));
  const onStorage = (e) => {
    if (e.storageArea !== storage() || (e.key !== model.key && e.key !== null)) { return; }
    const disk = e.key === null ? '' : (e.newValue || '');
    if (disk === known || !model.started) { return; }
    known = disk;
    model.send_msg({kind: 'changed', value: disk});
  };
  window.addEventListener('storage', onStorage);
  model.on('remove', () => window.removeEventListener('storage', onStorage));
  return el;
}
