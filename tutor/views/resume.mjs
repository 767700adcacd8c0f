// The first screen's Continue (issue 35, point 4): the last study this device showed, kept
// by the page bridge (page_bridge.mjs) whenever it writes the address, offered by the Shell
// (shell.mjs) on the first screen. Storage is the person's, but any text may be there: it is
// read bounded and checked, and anything else is no Continue.
export const CONTINUE_KEY = 'pt-continue';
const MAX_CHARS = 250000;  // a study link is at most 200,000 characters (tutor.model.share)

export function readContinue(storage) {
  const text = (() => { try { return storage.getItem(CONTINUE_KEY); } catch (e) { return null; } })();
  if (typeof text !== 'string' || text.length > MAX_CHARS) { return null; }
  const value = (() => { try { return JSON.parse(text); } catch (e) { return null; } })();
  if (!value || typeof value !== 'object' || typeof value.link !== 'string' || !value.link ||
      typeof value.label !== 'string') { return null; }
  const course = typeof value.course === 'string' ? value.course.slice(0, 200) : '';
  return {link: value.link, label: value.label.slice(0, 300), course: course};
}

// ``course``: the course whose chapter the study is ('' for none)
export function writeContinue(storage, link, label, course) {
  if (!link) { return; }
  try {
    storage.setItem(CONTINUE_KEY, JSON.stringify({link: link, label: label || '', course: course || ''}));
  } catch (e) { /* storage full or private mode: Continue is only a convenience */ }
}

// show the Continue card of the first screen with what it opens (hidden without one). A
// course's chapter is not offered here: the Learn card's Continue the course opens it, saying
// the chapter and the tasks answered, so the first screen has one entry for it, not two.
export function showContinue(app, found) {
  const card = app.querySelector('.continue-card');
  if (!card) { return; }
  card.hidden = !found || Boolean(found.course);
  if (card.hidden) { return; }
  card.querySelector('.continue-what').textContent = found.label || 'Your last study';
  card.querySelector('[data-act="continue"]').dataset.value = found.link;
}
