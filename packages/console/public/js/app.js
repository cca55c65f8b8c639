import { ApiError, api, loadConfig, setToken, token } from './api.js';
import { announce, errorNotice, h, replace } from './dom.js';
import { VIEW_NAMES, viewOf } from './view-requests.js';
import { renderCalls } from './views/calls.js';
import { renderCatalog } from './views/catalog.js';
import { renderConfirmations } from './views/confirmations.js';
import { renderGraph } from './views/graph.js';
import { renderHealth } from './views/health.js';
import { renderQuarantine } from './views/quarantine.js';
import { renderSearch } from './views/search.js';

const VIEWS = {
  catalog: { title: 'Catalog', render: renderCatalog },
  search: { title: 'Search playground', render: renderSearch },
  health: { title: 'Health', render: renderHealth },
  calls: { title: 'Recent calls', render: renderCalls },
  confirmations: { title: 'Pending confirmations', render: renderConfirmations },
  quarantine: { title: 'Quarantine & pins', render: renderQuarantine },
  graph: { title: 'Dependency graph', render: renderGraph },
};

const main = /** @type {HTMLElement} */ (document.getElementById('main'));
const who = /** @type {HTMLElement} */ (document.getElementById('who'));
/** What the signed-in principal may do (from `/me`). */
let session;

function currentView() {
  return viewOf(new URLSearchParams(location.search));
}

/** Addresses of earlier versions (`#/health`) lead to the same view (`?view=health`). */
function legacyAddress() {
  const name = location.hash.replace(/^#\/?/, '').split('?')[0] ?? '';
  if (!VIEW_NAMES.includes(name) || new URLSearchParams(location.search).has('view')) return false;
  location.replace(`?view=${name}`);
  return true;
}

function markNavigation(name) {
  for (const link of document.querySelectorAll('nav.views a')) {
    if (link.getAttribute('data-view') === name) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
}

function signOutButton() {
  return h(
    'button',
    {
      type: 'button',
      class: 'link-button',
      onclick: () => {
        setToken('');
        void start();
      },
    },
    'Sign out',
  );
}

function showWho() {
  if (!session) return replace(who);
  const principal = session.principal;
  const { approveTools, callTools } = session.permissions;
  const mode = approveTools ? 'may approve tools' : callTools ? 'may call tools' : 'read-only';
  replace(
    who,
    principal ? `Signed in as ${principal.id} (${mode}) ` : `Anonymous (${mode}) `,
    token() ? signOutButton() : null,
  );
}

function signInForm(message) {
  const input = h('input', {
    id: 'token',
    name: 'token',
    type: 'password',
    autocomplete: 'current-password',
    required: true,
    'aria-describedby': 'token-help',
  });
  const form = h(
    'form',
    {
      class: 'sign-in',
      onsubmit: (event) => {
        event.preventDefault();
        setToken(input.value.trim());
        void start();
      },
    },
    h('label', { for: 'token' }, 'Access token'),
    input,
    h(
      'p',
      { id: 'token-help', class: 'help' },
      'The bearer token or API key this server was configured with (serve.auth). It is kept for this tab only.',
    ),
    h('button', { type: 'submit' }, 'Sign in'),
  );
  replace(
    main,
    h('h1', { tabindex: '-1' }, 'Sign in'),
    message ? h('p', { class: 'notice error', role: 'alert' }, message) : null,
    form,
  );
  input.focus();
}

async function show(focus) {
  const name = currentView();
  const view = VIEWS[name];
  markNavigation(name);
  document.title = `${view.title} · Arsenal console`;
  const heading = h('h1', { tabindex: '-1' }, view.title);
  const body = h('div', { class: 'view', 'aria-busy': 'true' }, h('p', {}, 'Loading…'));
  replace(main, heading, body);
  if (focus) heading.focus();
  try {
    await view.render(body, { session, refresh: () => show(false) });
    announce(`${view.title} loaded`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      setToken('');
      signInForm('That token was not accepted; try again.');
      return;
    }
    replace(body, errorNotice(error));
  } finally {
    body.removeAttribute('aria-busy');
  }
}

async function start() {
  try {
    await loadConfig();
    session = await api('/me');
  } catch (error) {
    session = undefined;
    showWho();
    if (error instanceof ApiError && error.status === 401) {
      signInForm(token() ? 'That token was not accepted; try again.' : undefined);
      return;
    }
    replace(main, h('h1', {}, 'Arsenal console'), errorNotice(error));
    return;
  }
  showWho();
  await show(false);
}

if (!legacyAddress()) void start();
