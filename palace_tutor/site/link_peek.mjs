// A shared link's first screen (page.py puts this in the page's <head> as a classic script,
// tutor/views/esm.py script_text): while Python starts, say which lesson and step the link
// opens on, from the build's index of the lessons' narration (first_screen.link_index, the
// file named by the script's data-index). Display only: Python opens the link and is the
// judge of it; anything this cannot read leaves the plain first screen.
import { fragmentText, isLink, readLink } from '../../tutor/views/link.mjs';

function peek(indexUrl) {
  const text = fragmentText(window.location.hash);
  if (!isLink(text) || typeof DecompressionStream === 'undefined') { return; }
  document.documentElement.classList.add('pt-link');
  const plain = () => document.documentElement.classList.remove('pt-link');
  // the card is further down the page: on a slow line the index can be read before it arrives
  const parsed = document.readyState !== 'loading' ? null
    : new Promise((ok) => document.addEventListener('DOMContentLoaded', ok, { once: true }));
  Promise.all([readLink(text), fetch(indexUrl).then((r) => r.json()), parsed]).then(([study, lessons]) => {
    const lesson = lessons[study.l];
    const card = document.getElementById('pt-link-card');
    const add = (tag, words, cls) => {
      const el = document.createElement(tag);
      el.textContent = words;
      if (cls) { el.className = cls; }
      card.appendChild(el);
      return el;
    };
    add('p', 'Opening a shared study', 'pt-link-kind');
    if (lesson) {
      add('h1', lesson.game + ': ' + lesson.title);
      const said = Number.isInteger(study.p) && lesson.steps[study.p] ? lesson.steps[study.p] : lesson.start;
      add('h2', said[0]);
      for (const para of String(said[1]).split('\n\n')) { if (para.trim()) { add('p', para); } }
    } else {
      add('h1', typeof study.n === 'string' && study.n ? study.n : 'Your own line of play');
    }
  }).catch(plain);
}

peek(document.currentScript.dataset.index);
