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

/** The JSON Schema type a field is for: the first named one, or undefined. */
function typeOf(schema) {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  return typeof type === 'string' ? type : undefined;
}

/**
 * One form field for a property of the tool's input schema: text, number, a choice for an enum,
 * a checkbox for a boolean, JSON for arrays, objects and anything untyped. `read()` returns the
 * value to send, undefined to leave the argument out, or throws a message naming what is wrong.
 */
function schemaField(name, schema, required, index) {
  const id = `try-${index}`;
  const helpId = `${id}-help`;
  const type = typeOf(schema);
  const described = schema.description ? { 'aria-describedby': helpId } : {};
  const label = h(
    'label',
    { for: id },
    name,
    required ? h('span', { class: 'required' }, ' (required)') : null,
  );
  const help = schema.description
    ? h('p', { id: helpId, class: 'help' }, schema.description)
    : null;
  let input;
  let read;
  if (Array.isArray(schema.enum)) {
    input = h(
      'select',
      { id, name, ...described },
      required ? null : h('option', { value: '' }, '–'),
      ...schema.enum.map((value, position) =>
        h('option', { value: String(position) }, JSON.stringify(value)),
      ),
    );
    read = () => (input.value === '' ? undefined : schema.enum[Number(input.value)]);
  } else if (type === 'boolean') {
    input = h('input', {
      id,
      name,
      type: 'checkbox',
      checked: schema.default === true,
      ...described,
    });
    read = () => input.checked;
  } else if (type === 'integer' || type === 'number') {
    input = h('input', {
      id,
      name,
      type: 'number',
      step: type === 'integer' ? '1' : 'any',
      required,
      ...described,
    });
    if (typeof schema.default === 'number') input.value = String(schema.default);
    read = () => (input.value === '' ? undefined : Number(input.value));
  } else if (type === 'string') {
    input = h('input', { id, name, type: 'text', required, ...described });
    if (typeof schema.default === 'string') input.value = schema.default;
    read = () => (input.value === '' && !required ? undefined : input.value);
  } else {
    input = h('textarea', { id, name, rows: '3', spellcheck: 'false', ...described });
    input.setAttribute('data-json', '');
    if (schema.default !== undefined) input.value = JSON.stringify(schema.default);
    read = () => {
      if (input.value.trim() === '') return undefined;
      try {
        return JSON.parse(input.value);
      } catch (error) {
        throw `The value of "${name}" is not valid JSON: ${error.message}`;
      }
    };
    label.append(' (JSON)');
  }
  return { element: h('div', { class: 'field' }, label, input, help), read, name };
}

/**
 * Try a tool: a form built from its input schema; the call goes to `POST /execute`, so the
 * security policy, confirmations and the audit history apply as to any other call. A call the
 * policy wants confirmed offers Confirm and Reject. Shown only to principals the server lets the
 * console act for.
 */
export function callPanel(tool) {
  const schema = tool.parametersSchema ?? {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const properties = Object.entries(schema.properties ?? {});
  const fields = properties.map(([name, property], index) =>
    schemaField(name, property ?? {}, required.has(name), index),
  );
  // Arguments the schema does not list (it may allow more): a JSON object, merged in.
  const more = h('textarea', { id: 'try-more', name: 'more', rows: '2', spellcheck: 'false' });
  const readMore = () => {
    if (more.value.trim() === '') return {};
    let value;
    try {
      value = JSON.parse(more.value);
    } catch (error) {
      throw `The other arguments are not valid JSON: ${error.message}`;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw 'The other arguments must be a JSON object, like {"key": "value"}.';
    }
    return value;
  };
  const output = h('div', { class: 'call-output', 'aria-live': 'polite' });
  const form = h(
    'form',
    {
      class: 'call',
      onsubmit: async (event) => {
        event.preventDefault();
        let args;
        try {
          args = readMore();
          for (const field of fields) {
            const value = field.read();
            if (value !== undefined) args[field.name] = value;
          }
        } catch (message) {
          replace(output, errorNotice(message));
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
    fields.length === 0 ? h('p', { class: 'help' }, 'This tool takes no arguments.') : null,
    ...fields.map((field) => field.element),
    h(
      'div',
      { class: 'field' },
      h('label', { for: 'try-more' }, 'Other arguments (JSON object, optional)'),
      more,
    ),
    h('button', { type: 'submit' }, 'Call'),
  );
  return h(
    'section',
    { class: 'call-panel', 'aria-label': `Try ${tool.name}` },
    h('h3', {}, 'Try it'),
    h(
      'p',
      { class: 'help' },
      'Runs the tool for real, as you, under the same policy, confirmations and audit as any other call.',
    ),
    form,
    output,
  );
}
