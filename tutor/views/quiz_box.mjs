// QuizBox (tutor/views/quiz.py): the question asked at a lesson step.
export function render({ model }) {
  const box = document.createElement('section');
  box.className = 'quiz';
  box.setAttribute('aria-labelledby', 'quiz-q');
  // h2, as the narration's heading: the question comes first in the step bar
  const question = document.createElement('h2');
  question.className = 'quiz-question';
  question.id = 'quiz-q';
  const hint = document.createElement('p');
  hint.className = 'quiz-hint';
  // the mover's cards (tap_table's HTML, our own escaped markup): a tap answers as the option does
  const table = document.createElement('div');
  table.className = 'quiz-table';
  table.addEventListener('click', (e) => {
    const card = e.target.closest('button[data-value]');
    if (card && !card.disabled) { send({kind: 'tap', key: card.dataset.value}); }
  });
  const options = document.createElement('div');
  options.className = 'quiz-options';
  options.setAttribute('role', 'group');
  options.setAttribute('aria-labelledby', 'quiz-q');
  const row = document.createElement('div');
  row.className = 'quiz-row';
  const typed = document.createElement('input');
  typed.type = 'text';
  typed.id = 'quiz-typed';
  typed.className = 'quiz-typed';
  typed.autocomplete = 'off';
  const typedLabel = document.createElement('label');
  typedLabel.htmlFor = 'quiz-typed';
  typedLabel.className = 'quiz-typed-label';
  typedLabel.textContent = 'Your answer';
  const mk = (cls, text) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'quiz-btn ' + cls;
    b.textContent = text;
    return b;
  };
  const submit = mk('quiz-submit primary', 'Answer');
  const check = mk('quiz-check primary', 'Check my picks');
  const show = mk('quiz-show', 'Show the answer and why');
  const again = mk('quiz-again', 'Ask me again');
  row.append(typedLabel, typed, submit);
  const buttons = document.createElement('div');
  buttons.className = 'quiz-buttons';
  buttons.append(check, show, again);
  const verdict = document.createElement('div');
  verdict.className = 'quiz-verdict';
  verdict.setAttribute('role', 'status');
  const why = document.createElement('ul');
  why.className = 'quiz-why';
  const score = document.createElement('div');
  score.className = 'quiz-score';
  box.append(question, hint, table, options, row, buttons, verdict, why, score);
  const send = (msg) => model.send_msg(msg);
  submit.addEventListener('click', () => send({kind: 'answer', value: typed.value}));
  typed.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') { e.preventDefault(); send({kind: 'answer', value: typed.value}); }
  });
  check.addEventListener('click', () => send({kind: 'check'}));
  show.addEventListener('click', () => send({kind: 'show'}));
  again.addEventListener('click', () => send({kind: 'again'}));
  const buttonsByKey = new Map();
  function draw() {
    box.style.display = model.shown ? '' : 'none';
    question.textContent = model.question;
    hint.textContent = hintText();
    buttonsByKey.clear();
    options.replaceChildren(...model.options.map((o) => {
      const b = mk('quiz-option', o.label);
      b.dataset.key = o.key;
      b.addEventListener('click', () => send(model.multiple ? {kind: 'toggle', key: o.key}
                                                            : {kind: 'answer', value: o.key}));
      buttonsByKey.set(o.key, b);
      return b;
    }));
    options.style.display = model.options.length ? '' : 'none';
    row.style.display = model.options.length ? 'none' : '';
    mark();
  }
  function mark() {
    for (const [key, b] of buttonsByKey) {
      const on = model.picked.includes(key);
      if (model.multiple) { b.setAttribute('aria-pressed', on ? 'true' : 'false'); }
      b.disabled = model.done;
    }
    check.style.display = model.multiple && !model.done ? '' : 'none';
    submit.disabled = typed.disabled = model.done;
    show.style.display = model.done ? 'none' : '';
    again.style.display = model.done ? '' : 'none';
  }
  function judge(initial) {
    verdict.textContent = model.verdict;
    verdict.className = 'quiz-verdict' + (model.correct === true ? ' right' : model.correct === false ? ' wrong' : '');
    why.replaceChildren(...model.why.map((t) => { const li = document.createElement('li'); li.textContent = t; return li; }));
    score.textContent = model.score;
    mark();
    // the verdict may sit below the fold of the step bar's scroll area: bring it in view
    if (initial !== true && model.verdict && verdict.isConnected) {
      requestAnimationFrame(() => verdict.scrollIntoView({block: 'nearest'}));
    }
  }
  model.on(['shown', 'options', 'multiple'], draw);
  model.on('question', () => { typed.value = ''; draw(); });
  function hintText() {
    return model.table_hint || (model.multiple ? 'Pick every move that is allowed, then check.' :
      (model.options.length ? 'Pick one answer.' : ''));
  }
  function drawTable() {
    table.innerHTML = model.table;
    hint.textContent = hintText();
  }
  model.on(['picked', 'done'], mark);
  model.on(['table', 'table_hint'], drawTable);
  model.on(['verdict', 'correct', 'why', 'score'], () => judge(false));
  draw();
  drawTable();
  judge(true);
  return box;
}
