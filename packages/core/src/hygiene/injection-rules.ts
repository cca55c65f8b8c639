/** One way a text can smuggle instructions to a model, and how a finding names it. */
export interface InjectionRule {
  id: string;
  pattern: RegExp;
  message: string;
}

const SECRET = `(?:credentials?|passwords?|passphrases?|api[ _-]?keys?|secret keys?|secrets|access tokens?|auth(?:entication)? tokens?|bearer tokens?|session (?:tokens?|cookies?)|cookies|private keys?|ssh keys?|conversation(?: history)?|chat history|system prompt|(?:previous|prior|earlier|all) messages|environment variables|env vars)`;
const TARGET = String.raw`(?:[\w.+-]+@[\w-]+\.[\w.]+|https?:\/\/|(?:this|that|the|our|my|an?)\s+(?:external |remote |following |attacker'?s? |below )?(?:url|endpoint|server|webhook|e-?mail(?: address)?|address|inbox))`;

/**
 * The rules, checked against a normalised copy of each text (invisible characters removed,
 * compatibility forms folded, Cyrillic and Greek look-alikes read as Latin).
 */
export const INJECTION_RULES: readonly InjectionRule[] = [
  {
    id: 'instruction-override',
    pattern:
      /\b(?:ignore|disregard|forget|override|bypass)\b[^.\n]{0,40}\b(?:previous|prior|above|earlier|preceding|all|any|system|other|your)\b[^.\n]{0,30}\b(?:instructions?|prompts?|rules|directions|guidelines|guardrails)\b|\b(?:new|updated|real|actual|true|revised)\s+(?:system\s+)?instructions?\s*:|\byou are now (?:a|an|in|the|my|dan)\b|\bfrom now on,? (?:you|the assistant|the model)\b/i,
    message:
      'tells the model to drop its instructions ("ignore previous instructions" and variants)',
  },
  {
    id: 'chat-template-token',
    pattern:
      /<\|\s*(?:im_start|im_end|im_sep|system|user|assistant|endoftext|eot_id|start_header_id|end_header_id|begin_of_text)\s*\|>|<<\s*\/?\s*SYS\s*>>|\[\s*\/?\s*INST\s*\]|<\s*\/?\s*(?:start|end)_of_turn\s*>/i,
    message:
      'contains a chat-template token (<|im_start|>, [INST], <<SYS>>...) that forges a turn of the conversation',
  },
  {
    id: 'fake-system-tag',
    pattern:
      /(?<!--[\w-]+[ =])<\s*\/?\s*(?:system|important|instructions?|assistant|sys|hidden)\s*>|\[\s*\/?\s*(?:system|important)\s*\]/i,
    message: 'contains a fake system or instruction tag (<system>, <IMPORTANT>, [SYSTEM])',
  },
  {
    id: 'important-directive',
    pattern:
      /(?:^|[^\w])(?:IMPORTANT|ATTENTION|CRITICAL|URGENT|NOTE TO (?:THE )?(?:AI|ASSISTANT|MODEL|LLM|AGENT))\b\W{0,4}[:!][^\n]{0,300}?\b(?:you must|you should|you need to|before (?:using|calling|invoking|running) (?:this|any|the|other)|do not (?:tell|mention|inform|reveal|show|alert)|don't (?:tell|mention|inform|reveal|show)|the (?:assistant|ai|model|llm|agent) (?:must|should)|secretly|silently|without (?:telling|asking|informing|notifying)|first (?:call|read|use|run|send))\b/i,
    message: 'an IMPORTANT:-style notice that directs the model to act',
  },
  {
    id: 'concealment',
    pattern:
      /\b(?:do not|don't|never|without)\s+(?:tell|telling|inform|informing|mention|mentioning|reveal|revealing|show|showing|notify|notifying|alert|alerting|let)\b[^.\n]{0,30}\b(?:the user|users|the human|the operator)\b/i,
    message: 'asks the model to hide something from the user',
  },
  {
    id: 'tool-shadowing',
    pattern:
      /\byou\s+(?:must|should)\s+(?:first\s+|always\s+)?(?:call|use|invoke|read|send)\b[^.\n]{0,60}\b(?:other|all|every|instead)\b|\bwhen(?:ever)? (?:using|calling) (?:any|every|other|the \w+) tools?\b[^.\n]{0,60}\b(?:must|always)\b/i,
    message: 'instructs the model how to call other tools (tool shadowing)',
  },
  {
    id: 'exfiltration',
    pattern: new RegExp(
      String.raw`\b(?:send|forward|post|upload|transmit|exfiltrate|leak|copy|e-?mail|share|report|submit|bcc)\b[^.\n]{0,80}\b${SECRET}\b[^.\n]{0,80}\b(?:to|into|at|via)\s+${TARGET}`,
      'i',
    ),
    message: 'asks for secrets or the conversation to be sent somewhere (exfiltration)',
  },
  {
    id: 'secret-file',
    pattern:
      /(?:~|\$home|%userprofile%|\/home\/[\w.-]+|\/root)[\\/]\.ssh\b(?![\\/][\w.-]*\.pub\b)(?![\\/]known_hosts)|\bid_(?:rsa|ed25519|ecdsa|dsa)\b(?!\.pub)|\.aws[\\/]credentials|\/etc\/(?:passwd|shadow)\b|\bmcp\.json\b|[\\/]\.cursor[\\/]|\.netrc\b|\.git-credentials\b|\.kube[\\/]config\b|\.docker[\\/]config\.json\b|\bwallet\.dat\b/i,
    message: 'points at a private file (SSH keys, cloud credentials, MCP client config...)',
  },
  {
    id: 'side-channel-parameter',
    pattern:
      /\b(?:pass|put|include|send|add|copy)\b[^.\n]{0,60}\b(?:its|the|their|file'?s?|whole|full|entire)\s+(?:content|contents)\b[^.\n]{0,40}\bas\b[^.\n]{0,30}(?:parameter|argument|field|['"`])/i,
    message: 'asks for file contents to be smuggled out through a parameter',
  },
  {
    id: 'html-comment',
    pattern: /<!--/,
    message:
      'contains an HTML comment, which hides text from rendered views but not from the model',
  },
  {
    id: 'active-markup',
    pattern:
      /<\s*(?:script|iframe|object|embed)\b[^>]*\b(?:src|data|href|on\w+)\s*=|<\s*script\b[^>]*>\s*[^<\s][^<]*<\s*\/\s*script\s*>|<\s*\w+\b[^>]*\son(?:error|load|click|mouseover|focus)\s*=|javascript:\s*(?:[\w.]+\s*\(|\/\/|void\b)|data:text\/html[;,]/i,
    message:
      'contains active markup (a script with content or source, an event handler, a javascript: URL)',
  },
];

/**
 * Every rule above needs one of these; a text without any is clean, which spares most texts of
 * a large catalog the full scan. Each is a regular expression source, matched without case.
 */
export const TRIGGERS: readonly string[] = [
  '[<[]',
  'ignore',
  'disregard',
  'forget',
  'override',
  'bypass',
  'instruction',
  'you are now',
  'from now on',
  'important',
  'attention',
  'critical',
  'urgent',
  'note to',
  'do not',
  "don't",
  'never',
  'without',
  'you must',
  'you should',
  'when(?:ever)? (?:using|calling)',
  'credential',
  'password',
  'passphrase',
  'api.?key',
  'secret',
  'token',
  'cookie',
  'private key',
  'ssh',
  'conversation',
  'chat history',
  'system prompt',
  'messages',
  'environment variables',
  'env vars',
  'id_',
  '\\.aws',
  '\\/etc\\/',
  'mcp\\.json',
  '\\.cursor',
  '\\.netrc',
  '\\.git-credentials',
  '\\.kube',
  '\\.docker',
  'wallet\\.dat',
  'content',
  'javascript:',
  'data:text',
];

/**
 * The alternatives as one expression, grouped by their first character (`i(?:gnore|mportant)`):
 * the same matches as `a|b|c...`, found about a quarter faster, since at each position only
 * the alternatives that start with its character are tried.
 */
export function groupedAlternation(alternatives: readonly string[]): RegExp {
  const groups = new Map<string, string[]>();
  for (const alternative of alternatives) {
    // A class or an escape is taken whole as the first atom; a letter stands for both cases.
    const head = alternative.startsWith('[')
      ? alternative
      : alternative.startsWith('\\')
        ? alternative.slice(0, 2)
        : alternative[0]!.toLowerCase();
    const rest = alternative.slice(head.length);
    const group = groups.get(head);
    if (group) group.push(rest);
    else groups.set(head, [rest]);
  }
  const parts = [...groups].map(([head, rests]) =>
    rests.length === 1 ? `${head}${rests[0]}` : `${head}(?:${rests.join('|')})`,
  );
  return new RegExp(parts.join('|'), 'i');
}

/** Whether a text holds any trigger (see TRIGGERS). */
export const MAY_MATCH = groupedAlternation(TRIGGERS);

/**
 * MAY_MATCH for a lower snake_case identifier as it is written (`ignore_previous`): its words
 * are separated by underscores, which the identifier's text read as words has as spaces.
 */
export const MAY_MATCH_SNAKE = groupedAlternation(
  TRIGGERS.map((trigger) => trigger.replaceAll(' ', '[ _]')),
);
