// QuizMaker (tutor/views/mastery.py): a teacher picks rules, a shuffle number and a length, and
// asks for a quiz link. The rules come from Python (`rules`: [{id, about}]); the form's choice is
// sent as one message {clauses, seed, length}; the link is shown by the QrBox beside it (show_link).
export function render({ model }) {
  const form = document.createElement('form');
  form.className = 'quiz-maker';
  const set = document.createElement('fieldset');
  const legend = document.createElement('legend');
  legend.textContent = 'Rules to ask about';
  set.append(legend);
  const list = document.createElement('div');
  list.className = 'quiz-rules';
  set.append(list);
  const field = (label, name, value) => {
    const wrap = document.createElement('label');
    wrap.className = 'quiz-field';
    const words = document.createElement('span');
    words.textContent = label;
    const input = document.createElement('input');
    input.type = 'number';
    input.min = '1';
    input.name = name;
    input.value = value;
    input.inputMode = 'numeric';
    wrap.append(words, input);
    return [wrap, input];
  };
  const [seedWrap, seed] = field('Shuffle number', 'seed', String(1 + Math.floor(Math.random() * 9999)));
  const [lengthWrap, length] = field('Questions', 'length', '10');
  const make = document.createElement('button');
  make.type = 'submit';
  make.className = 'quiz-make';
  make.textContent = 'Make the quiz link';
  const show = () => {
    list.replaceChildren(...model.rules.map((rule, i) => {
      const row = document.createElement('label');
      row.className = 'quiz-rule';
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.value = rule.id;
      box.checked = i < 5;
      const words = document.createElement('span');
      words.textContent = rule.about;
      row.append(box, words);
      return row;
    }));
  };
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const clauses = [...list.querySelectorAll('input:checked')].map((b) => b.value);
    model.send_msg({clauses: clauses, seed: seed.value, length: length.value});
  });
  model.on('rules', show);
  show();
  form.append(set, seedWrap, lengthWrap, make);
  return form;
}
