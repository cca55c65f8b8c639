import { api } from '../api.js';
import { announce, errorNotice, h, replace, table } from '../dom.js';
import { outcome } from './call-panel.js';

function when(iso) {
  return h('time', { datetime: iso }, new Date(iso).toLocaleString());
}

function askedBy(entry) {
  const who = entry.principalId ?? 'anonymous';
  return entry.mine ? `${who} (you)` : who;
}

/** Confirm (run once) or reject a pending call; its row goes, its outcome shows below. */
async function settle(entry, action, row, buttons, output) {
  for (const button of buttons) button.disabled = true;
  try {
    const settled = await api(`/confirmations/${encodeURIComponent(entry.id)}/${action}`, {
      method: 'POST',
    });
    row.remove();
    replace(output, h('h3', {}, `${entry.tool}: confirmed`), outcome(settled));
    announce(`Call to ${entry.tool} confirmed`);
  } catch (error) {
    if (action === 'reject' && error.status === 409) {
      row.remove();
      replace(output, h('p', { class: 'notice' }, `The call to ${entry.tool} was rejected.`));
      announce(`Call to ${entry.tool} rejected`);
      return;
    }
    // Only an unreachable store leaves the call as it was; otherwise Refresh shows what remains.
    if (error.status === 503) for (const button of buttons) button.disabled = false;
    replace(output, errorNotice(error));
  }
}

function actions(entry, output) {
  const confirmButton = h(
    'button',
    { type: 'button', class: 'confirm', 'aria-label': `Confirm ${entry.tool} (${entry.id})` },
    'Confirm',
  );
  const rejectButton = h(
    'button',
    { type: 'button', class: 'secondary', 'aria-label': `Reject ${entry.tool} (${entry.id})` },
    'Reject',
  );
  const buttons = [confirmButton, rejectButton];
  const cell = h('span', { class: 'actions' }, confirmButton, ' ', rejectButton);
  for (const [button, action] of [
    [confirmButton, 'confirm'],
    [rejectButton, 'reject'],
  ]) {
    button.addEventListener(
      'click',
      () => void settle(entry, action, button.closest('tr'), buttons, output),
    );
  }
  return cell;
}

/**
 * Calls that wait for a human: the principal's own, and every caller's for those who may settle
 * or read them all. Confirm and Reject are offered only where the server allows them and to
 * principals the console acts for; read-only principals look.
 */
export async function renderConfirmations(container, { session, refresh }) {
  const listed = await api('/confirmations');
  const acting = listed.canSettleAll || session?.permissions.callTools === true;
  const offered = (entry) => acting && entry.canSettle;
  const withActions = listed.confirmations.some(offered);
  const output = h('div', { class: 'settle-output', 'aria-live': 'polite' });
  const headers = ['Tool', 'Arguments', 'Asked by', 'Requested', 'Expires', 'Why'];
  if (withActions) headers.push('Action');
  const rows = listed.confirmations.map((entry) => {
    const cells = [
      h('span', { class: 'tool-name' }, entry.tool),
      h(
        'pre',
        { class: 'code arguments', tabindex: '0' },
        JSON.stringify(entry.arguments, null, 2),
      ),
      h('span', { class: 'principal' }, askedBy(entry)),
      when(entry.requestedAt),
      when(entry.expiresAt),
      entry.reason,
    ];
    if (withActions) cells.push(offered(entry) ? actions(entry, output) : '');
    return cells;
  });
  const help = listed.canSettleAll
    ? "Calls waiting for a human, every caller's. Read the arguments before confirming: a confirmed call runs once, as the caller that made it."
    : acting
      ? 'Your calls that wait for a confirmation.'
      : 'Calls waiting for a confirmation that you may see. You may look, not confirm (read-only).';
  const refreshButton = h('button', { type: 'button', class: 'secondary' }, 'Refresh');
  refreshButton.addEventListener('click', () => void refresh());
  replace(
    container,
    h('p', { class: 'help' }, help),
    listed.confirmations.length === 0
      ? h('p', { class: 'notice' }, 'No call waits for a confirmation.')
      : table('Pending confirmations, soonest to expire first', headers, rows, {
          class: 'confirmations',
        }),
    refreshButton,
    output,
  );
}
