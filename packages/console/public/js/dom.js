// Building the page without markup strings: every piece of text goes in as a text node, so a
// tool name or description carrying `<script>` or `<img onerror>` is shown, never run.

/**
 * Create an element. `attributes` sets attributes (`class`, `aria-*`, `data-*`...) and, for
 * keys starting with `on`, event listeners; `children` are nodes or text.
 * @param {string} tag
 * @param {Record<string, unknown>} [attributes]
 * @param {...(Node | string | number | null | undefined | false)} children
 * @returns {HTMLElement}
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  setAttributes(element, attributes);
  append(element, children);
  return element;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * Create an SVG element; text children become text nodes too.
 * @param {string} tag
 * @param {Record<string, unknown>} [attributes]
 * @param {...(Node | string | number | null | undefined | false)} children
 * @returns {SVGElement}
 */
export function svg(tag, attributes = {}, ...children) {
  const element = document.createElementNS(SVG_NS, tag);
  setAttributes(element, attributes);
  append(element, children);
  return element;
}

function setAttributes(element, attributes) {
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') {
      element.addEventListener(key.slice(2).toLowerCase(), value);
    } else {
      element.setAttribute(key, value === true ? '' : String(value));
    }
  }
}

function append(element, children) {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replace the content of an element. */
export function replace(element, ...children) {
  element.replaceChildren();
  append(element, children);
}

/** Announce a short message to screen readers (and show it). */
export function announce(message) {
  const status = document.getElementById('status');
  if (status) status.textContent = message;
}

/** A number as a percentage with no decimals: 0.9567 → "96 %". */
export function percent(value) {
  return `${Math.round(value * 100)} %`;
}

/** Milliseconds, rounded sensibly. */
export function milliseconds(value) {
  return value >= 100 ? `${Math.round(value)} ms` : `${Math.round(value * 10) / 10} ms`;
}

/** A table with a caption, column headers and rows of cells (nodes or text). */
export function table(caption, headers, rows, attributes = {}) {
  return h(
    'table',
    attributes,
    h('caption', {}, caption),
    h('thead', {}, h('tr', {}, ...headers.map((header) => h('th', { scope: 'col' }, header)))),
    h('tbody', {}, ...rows.map((cells) => h('tr', {}, ...cells.map((cell) => h('td', {}, cell))))),
  );
}

/** A message for a view that could not load, naming what went wrong. */
export function errorNotice(error) {
  return h('p', { class: 'notice error', role: 'alert' }, String(error?.message ?? error));
}
