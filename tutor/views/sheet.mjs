// SheetLink (tutor/views/sheet.py): open the rules sheet, a whole page made by Python, in a new tab.
export function render({ model }) {
  const link = document.createElement('a');
  link.className = 'sheet-link';
  link.target = '_blank';
  link.rel = 'noopener';
  let url = null;
  const draw = () => {
    link.textContent = model.label;
    if (url) { URL.revokeObjectURL(url); url = null; }
    if (model.html) {
      url = URL.createObjectURL(new Blob([model.html], {type: 'text/html'}));
      link.href = url;
      link.removeAttribute('aria-disabled');
    } else {
      link.removeAttribute('href');
      link.setAttribute('aria-disabled', 'true');
    }
  };
  model.on('html', draw);
  model.on('label', draw);
  model.on('remove', () => { if (url) { URL.revokeObjectURL(url); } });
  draw();
  return link;
}
