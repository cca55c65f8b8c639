import { h } from '../dom.js';

/**
 * Accessible tabs (WAI-ARIA tabs pattern): arrow keys, Home and End move between tabs; the
 * selected tab's panel is shown.
 * @param {string} prefix ids start with it
 * @param {string} label the tab list's accessible name
 * @param {{ id: string, label: string, content: () => Node }[]} panes
 */
export function tabs(prefix, label, panes) {
  const list = h('div', { role: 'tablist', 'aria-label': label, class: 'tablist' });
  const panels = [];
  const buttons = panes.map((pane, index) => {
    const tabId = `${prefix}-tab-${pane.id}`;
    const panelId = `${prefix}-panel-${pane.id}`;
    const panel = h(
      'div',
      { role: 'tabpanel', id: panelId, 'aria-labelledby': tabId, class: 'tabpanel' },
      pane.content(),
    );
    panel.hidden = index !== 0;
    panels.push(panel);
    return h(
      'button',
      {
        type: 'button',
        role: 'tab',
        id: tabId,
        'aria-controls': panelId,
        'aria-selected': index === 0 ? 'true' : 'false',
        tabindex: index === 0 ? '0' : '-1',
        onclick: () => select(index),
      },
      pane.label,
    );
  });

  function select(index) {
    buttons.forEach((button, i) => {
      button.setAttribute('aria-selected', i === index ? 'true' : 'false');
      button.setAttribute('tabindex', i === index ? '0' : '-1');
      const panel = panels[i];
      if (panel) panel.hidden = i !== index;
    });
    buttons[index]?.focus();
  }

  list.addEventListener('keydown', (event) => {
    const current = buttons.findIndex((button) => button.getAttribute('aria-selected') === 'true');
    const moves = {
      ArrowRight: (current + 1) % buttons.length,
      ArrowLeft: (current - 1 + buttons.length) % buttons.length,
      Home: 0,
      End: buttons.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    select(moves[event.key]);
  });
  list.append(...buttons);
  return h('div', { class: 'tabs' }, list, ...panels);
}
