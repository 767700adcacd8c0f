// Present mode (issue 35, point 1): the study on a TV or projector. The table large, the
// narration in big type, the header, the setup row, the drawer (the lines and the teacher's
// notes) and a step's note kept off the big screen (frame.py's .presenting rules). A
// presentation clicker sends PageDown / PageUp (some send the arrows, or space): each one
// steps; Escape, or leaving full screen, leaves. Outside present mode only the arrows step
// (PageUp / PageDown scroll and space presses the focused button, as everywhere).
export const STEP_KEYS = {ArrowRight: 'next', ArrowLeft: 'prev'};
export const PRESENT_KEYS = {ArrowRight: 'next', ArrowLeft: 'prev', PageDown: 'next', PageUp: 'prev',
                             ' ': 'next', Spacebar: 'next'};

// the step a key asks for ('next', 'prev'), or null
export function stepFor(key, presenting) {
  const keys = presenting ? PRESENT_KEYS : STEP_KEYS;
  return Object.prototype.hasOwnProperty.call(keys, key) ? keys[key] : null;
}

// the page is presenting (the flag is on <html>: the keys are read by the page bridge,
// another component, outside the Shell's shadow root)
export function isPresenting(doc) {
  return doc.documentElement.dataset.ptPresent === '1';
}

export function setPresenting(app, doc, on) {
  app.classList.toggle('presenting', on);
  if (on) { doc.documentElement.dataset.ptPresent = '1'; } else { delete doc.documentElement.dataset.ptPresent; }
  for (const b of app.querySelectorAll('.present-open')) { b.setAttribute('aria-pressed', String(on)); }
}
