import { ApiError, api } from '../api.js';
import { errorNotice, h, milliseconds, replace, table } from '../dom.js';
import { callsRequest } from '../view-requests.js';

/** What the view says when the server keeps no history: how things are, not an error. */
function noHistory() {
  return h(
    'div',
    { class: 'notice empty' },
    h('p', {}, 'This server keeps no call history, so there are no recent calls to list.'),
    h(
      'p',
      {},
      'Calls still run, are audited by the policy and count in Health. To list them here, add a ',
      h('code', {}, 'history:'),
      ' section to arsenal.yaml, for example ',
      h('code', {}, 'history: { use: "@arsenal/history-jsonl" }'),
      '.',
    ),
  );
}

function callRows(calls) {
  return calls.map((call) => [
    h('time', { datetime: call.completedAt }, new Date(call.completedAt).toLocaleString()),
    h('span', { class: 'tool-name' }, call.tool),
    call.principalId ?? '–',
    h('span', { class: `status status-${call.status}` }, call.status),
    milliseconds(call.durationMs),
    call.errorMessage ? h('span', { class: 'error-text' }, call.errorMessage) : '',
  ]);
}

/** Recent calls from the audit history, newest first, filtered by tool and principal. */
export async function renderCalls(container, { session }) {
  const filters = { tool: '', principal: '' };
  const results = h('div', { class: 'results' });
  const more = h('button', { type: 'button', hidden: true }, 'Older calls');
  let before;
  let shown = [];

  async function load(reset) {
    if (reset) {
      before = undefined;
      shown = [];
    }
    results.setAttribute('aria-busy', 'true');
    try {
      const page = await api(callsRequest(filters, before));
      shown = shown.concat(page.calls);
      before = page.nextBefore;
      more.hidden = before === undefined;
      replace(
        results,
        shown.length === 0
          ? h('p', { class: 'notice' }, 'No calls recorded yet.')
          : table(
              'Calls, newest first',
              ['When', 'Tool', 'Principal', 'Status', 'Duration', 'Error'],
              callRows(shown),
              {
                class: 'calls',
              },
            ),
      );
    } catch (error) {
      more.hidden = true;
      if (error instanceof ApiError && error.status === 501) {
        form.hidden = true;
        replace(results, noHistory());
        return;
      }
      replace(results, errorNotice(error));
    } finally {
      results.removeAttribute('aria-busy');
    }
  }

  const toolInput = h('input', { id: 'calls-tool', name: 'tool', type: 'text' });
  const principalInput = h('input', { id: 'calls-principal', name: 'principal', type: 'text' });
  const form = h(
    'form',
    {
      class: 'filters',
      'aria-label': 'Filter the calls',
      onsubmit: (event) => {
        event.preventDefault();
        filters.tool = toolInput.value.trim();
        filters.principal = principalInput.value.trim();
        void load(true);
      },
    },
    h('div', { class: 'field' }, h('label', { for: 'calls-tool' }, 'Tool'), toolInput),
    session?.permissions.readAllCalls
      ? h(
          'div',
          { class: 'field' },
          h('label', { for: 'calls-principal' }, 'Principal'),
          principalInput,
        )
      : h('p', { class: 'help' }, 'You see your own calls.'),
    h('button', { type: 'submit' }, 'Filter'),
  );
  more.addEventListener('click', () => void load(false));
  replace(container, form, results, more);
  await load(true);
}
