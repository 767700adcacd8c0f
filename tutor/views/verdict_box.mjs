// VerdictBox (tutor/views/checker.py): the checker's verdict, HTML from Python (escaped by
// construction). The verdict comes when the last card is typed or tapped, under the fields
// and buttons: on a desktop (1280x900) it landed below the fold, where nobody saw it. A new
// verdict whose lead sentence lands below what shows is brought up, just far enough to show
// it ('nearest'); one above what shows (the person is at the card picker, under it) stays
// where it is, so nothing moves under a finger.
export function render({ model }) {
  const box = document.createElement('div');
  box.className = 'verdict-box';
  let said = '';
  // the box that scrolls the verdict (the page's main area), else the window
  const seen = (el) => {
    for (let n = el.parentElement || el.getRootNode().host; n; n = n.parentElement || n.getRootNode().host) {
      const y = getComputedStyle(n).overflowY;
      if ((y === 'auto' || y === 'scroll') && n.scrollHeight > n.clientHeight) { return n.getBoundingClientRect(); }
    }
    return {top: 0, bottom: window.innerHeight};
  };
  const bringUp = (headline) => {
    if (!headline.isConnected) { return; }
    const want = headline.getBoundingClientRect(), have = seen(headline);
    if (want.bottom > have.bottom && want.top >= have.top) { headline.scrollIntoView({block: 'nearest'}); }
  };
  const draw = () => {
    box.innerHTML = model.html;
    const headline = box.querySelector('.headline');
    const text = headline ? headline.textContent : '';
    if (headline && text !== said) {
      // after the page has laid the verdict out, and once more when late layout has settled
      requestAnimationFrame(() => bringUp(headline));
      setTimeout(() => bringUp(headline), 300);
    }
    said = text;
  };
  model.on('html', draw);
  draw();
  return box;
}
