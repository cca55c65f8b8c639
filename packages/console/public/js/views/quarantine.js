import { api } from '../api.js';
import { announce, errorNotice, h, replace, table } from '../dom.js';

function findingsList(findings) {
  return h(
    'ul',
    { class: 'findings' },
    ...findings.map((finding) =>
      h('li', {}, h('code', {}, finding.rule), ` at ${finding.path}: `, finding.message),
    ),
  );
}

async function approve(qualifiedName, button, refresh) {
  button.disabled = true;
  try {
    await api(`/quarantine/${encodeURIComponent(qualifiedName)}/approve`, { method: 'POST' });
    announce(`Approved ${qualifiedName}`);
    await refresh();
  } catch (error) {
    button.disabled = false;
    button.after(errorNotice(error));
  }
}

function quarantineSection(held, refresh) {
  if (held.tools.length === 0) {
    return h('p', { class: 'notice' }, 'No tool is quarantined.');
  }
  const headers = ['Tool', 'Source', 'Held since', 'Description', 'Findings'];
  if (held.canApprove) headers.push('Action');
  const rows = held.tools.map(({ tool, findings, quarantinedAt }) => {
    const cells = [
      h('span', { class: 'tool-name' }, tool.qualifiedName),
      tool.source,
      h('time', { datetime: quarantinedAt }, new Date(quarantinedAt).toLocaleString()),
      h('span', { class: 'description' }, tool.description),
      findingsList(findings),
    ];
    if (held.canApprove) {
      const button = h(
        'button',
        { type: 'button', class: 'approve', 'aria-label': `Approve ${tool.qualifiedName}` },
        'Approve',
      );
      button.addEventListener('click', () => void approve(tool.qualifiedName, button, refresh));
      cells.push(button);
    }
    return cells;
  });
  return table('Quarantined tools', headers, rows, { class: 'quarantine' });
}

function pinsSection(pinned) {
  if (pinned.pins.length === 0) {
    return h(
      'p',
      { class: 'notice' },
      'No MCP tool is pinned (approve them with `arsenal approve`).',
    );
  }
  return h(
    'div',
    {},
    pinned.lockFile ? h('p', { class: 'help' }, `From ${pinned.lockFile}`) : null,
    table(
      'Pinned tools',
      ['Server', 'Tool', 'Approved', 'Pinning hash'],
      pinned.pins.map((pin) => [
        pin.server,
        h('span', { class: 'tool-name' }, pin.tool),
        h('time', { datetime: pin.approvedAt }, new Date(pin.approvedAt).toLocaleString()),
        h('code', { class: 'hash' }, pin.hash),
      ]),
      { class: 'pins' },
    ),
  );
}

/** Quarantined tools (approve them, if allowed) and the approved pins of the MCP servers. */
export async function renderQuarantine(container, { refresh }) {
  const [held, pinned] = await Promise.all([
    api('/quarantine'),
    api('/pins').catch((error) => ({ error })),
  ]);
  replace(
    container,
    h(
      'section',
      { 'aria-labelledby': 'quarantine-heading' },
      h('h2', { id: 'quarantine-heading' }, 'Quarantined'),
      h(
        'p',
        { class: 'help' },
        held.canApprove
          ? 'Imported tools the poisoning detector flagged. Read each finding before approving: an approved tool reaches models.'
          : 'Imported tools the poisoning detector flagged. You may look, not approve (read-only).',
      ),
      quarantineSection(held, refresh),
    ),
    h(
      'section',
      { 'aria-labelledby': 'pins-heading' },
      h('h2', { id: 'pins-heading' }, 'Pinned'),
      pinned.error ? errorNotice(pinned.error) : pinsSection(pinned),
    ),
  );
}
