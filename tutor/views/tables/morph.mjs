// The table's DOM morph (Board, board.mjs): make an element's children look like new markup
// while keeping the elements that stay.
//
// A step changes a few cards and lines of the table. Swapping all of its HTML made the
// browser restyle and lay out every element of it again (most of a Next's main-thread time
// on a slow phone); a walk that keeps the elements that stay and changes only what differs
// does a fraction of that, and keeps what the person set: the keyboard focus, an open list
// (<details>), an amount being typed. Tested under Node: tests/js/morph.test.mjs.

const ELEMENT = 1;  // Node.ELEMENT_NODE

/** An attribute the person sets, which new markup never takes back: a <details> they opened. */
const theirs = (el, name) => name === 'open' && el.tagName === 'DETAILS';

/** `have` takes the attributes of `want` (and an input not being typed in, its value). */
export function morphAttributes(have, want) {
  for (const {name} of [...have.attributes]) {
    if (!want.hasAttribute(name) && !theirs(have, name)) { have.removeAttribute(name); }
  }
  for (const {name, value} of [...want.attributes]) {
    if (!theirs(have, name) && have.getAttribute(name) !== value) { have.setAttribute(name, value); }
  }
  if (have.tagName === 'INPUT' && have !== have.getRootNode().activeElement) {
    const value = want.getAttribute('value') || '';
    if (have.value !== value) { have.value = value; }
  }
}

/** The children of `into` made like those of `from` (a node or a template's content), node by
 * node in order: a node of another kind or tag is replaced, an equal one is left alone, an
 * element that differs is walked; `from` gives up the nodes that are moved in. */
export function morph(into, from) {
  const have = [...into.childNodes];
  const want = [...from.childNodes];
  want.forEach((node, i) => {
    const old = have[i];
    if (!old) { into.appendChild(node); }
    else if (old.nodeType !== node.nodeType || old.nodeName !== node.nodeName) { into.replaceChild(node, old); }
    else if (old.nodeType === ELEMENT) {
      // most of the table is the same as before: one native comparison skips it
      if (!old.isEqualNode(node)) { morphAttributes(old, node); morph(old, node); }
    }
    else if (old.nodeValue !== node.nodeValue) { old.nodeValue = node.nodeValue; }
  });
  for (const old of have.slice(want.length)) { old.remove(); }
}
