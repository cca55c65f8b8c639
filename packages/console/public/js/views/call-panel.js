import { ApiError, api } from '../api.js';
import { announce, errorNotice, h, replace } from '../dom.js';

/** A call's status and its result (or error), as text. */
export function outcome(result) {
  return h(
    'div',
    { class: 'call-outcome' },
    h('p', { class: `status status-${result.status}` }, `Status: ${result.status}`),
    h(
      'pre',
      { class: 'code', tabindex: '0' },
      JSON.stringify(result.result ?? result.error ?? null, null, 2),
    ),
  );
}

/** Settle a call that waits for confirmation: run it once, or refuse it. */
function confirmation(result, output) {
  const { id, reason } = result.confirmation;
  const settle = async (action, buttons) => {
    for (const button of buttons) button.disabled = true;
    try {
      const settled = await api(`/confirmations/${encodeURIComponent(id)}/${action}`, {
        method: 'POST',
      });
      replace(output, outcome(settled));
      announce(action === 'confirm' ? 'Call confirmed' : 'Call rejected');
    } catch (error) {
      // A rejected call answers with a problem that still describes the call.
      replace(output, errorNotice(error));
    }
  };
  const confirmButton = h('button', { type: 'button', class: 'confirm' }, 'Confirm call');
  const rejectButton = h('button', { type: 'button', class: 'secondary' }, 'Reject');
  const buttons = [confirmButton, rejectButton];
  confirmButton.addEventListener('click', () => void settle('confirm', buttons));
  rejectButton.addEventListener('click', () => void settle('reject', buttons));
  return h(
    'div',
    { class: 'confirmation', role: 'group', 'aria-label': 'Confirmation' },
    h('p', {}, `This call waits for confirmation: ${reason}`),
    confirmButton,
    ' ',
    rejectButton,
  );
}

/**
 * Call a tool with JSON arguments; a call the policy wants confirmed offers Confirm and Reject.
 * Shown only to principals the server lets the console act for.
 */
export function callPanel(tool) {
  const id = 'call-arguments';
  const textarea = h('textarea', { id, name: 'arguments', rows: '4', spellcheck: 'false' });
  textarea.value = '{}';
  const output = h('div', { class: 'call-output', 'aria-live': 'polite' });
  const form = h(
    'form',
    {
      class: 'call',
      onsubmit: async (event) => {
        event.preventDefault();
        let args;
        try {
          args = JSON.parse(textarea.value || '{}');
        } catch (error) {
          replace(output, errorNotice(`The arguments are not valid JSON: ${error.message}`));
          return;
        }
        try {
          const result = await api('/execute', {
            method: 'POST',
            body: { tool: tool.qualifiedName, arguments: args },
          });
          replace(
            output,
            result.status === 'pending_confirmation' && result.confirmation
              ? confirmation(result, output)
              : outcome(result),
          );
        } catch (error) {
          replace(output, errorNotice(error instanceof ApiError ? error.message : error));
        }
      },
    },
    h('label', { for: id }, 'Arguments (JSON)'),
    textarea,
    h('button', { type: 'submit' }, 'Call'),
  );
  return h(
    'section',
    { class: 'call-panel', 'aria-label': `Call ${tool.name}` },
    h('h3', {}, 'Call it'),
    form,
    output,
  );
}
