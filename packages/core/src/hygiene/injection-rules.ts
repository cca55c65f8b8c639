import { DIRECTIVE_RULES, DIRECTIVE_TRIGGERS } from './directive-rules.js';
import {
  commentsAreTopics,
  type InjectionRule,
  namesFilesOnlyToExamine,
  outsideCodeSpans,
  tagsAreTopics,
} from './rule-context.js';

export type { InjectionRule } from './rule-context.js';

const SECRET = `(?:credentials?|passwords?|passphrases?|api[ _-]?keys?|secret keys?|secrets|access tokens?|auth(?:entication)? tokens?|bearer tokens?|session (?:tokens?|cookies?)|cookies|private keys?|ssh keys?|conversation(?: history)?|chat history|system prompt|(?:previous|prior|earlier|all) messages|environment variables|env vars)`;
const TARGET = String.raw`(?:[\w.+-]+@[\w-]+\.[\w.]+|https?:\/\/|(?:this|that|the|our|my|an?)\s+(?:external |remote |following |attacker'?s? |below )?(?:url|endpoint|server|webhook|e-?mail(?: address)?|address|inbox))`;

const CHAT_TEMPLATE =
  /<\|\s*(?:im_start|im_end|im_sep|system|user|assistant|endoftext|eot_id|start_header_id|end_header_id|begin_of_text)\s*\|>|<<\s*\/?\s*SYS\s*>>|\[\s*\/?\s*INST\s*\]|<\s*\/?\s*(?:start|end)_of_turn\s*>|\n[ \t]*\n[ \t]*(?:Human|Assistant|System|User)[ \t]*:/i;

const FAKE_SYSTEM_TAG =
  /(?<!--[\w-]+[ =])<\s*\/?\s*(?:system|important|instructions?|assistant|sys|hidden)\s*>|\[\s*\/?\s*(?:system|important)\s*\]/i;

const SECRET_FILE =
  /(?:~|\$home|%userprofile%|\/home\/[\w.-]+|\/root)[\\/]\.ssh\b(?![\\/][\w.-]*\.pub\b)(?![\\/](?:known_hosts|config)\b)|\bid_(?:rsa|ed25519|ecdsa|dsa)\b(?!\.pub)|\.aws[\\/]credentials|\/etc\/(?:passwd|shadow)\b|\bmcp\.json\b|[\\/]\.cursor[\\/]|\.netrc\b|\.git-credentials\b|\.kube[\\/]config\b|\.docker[\\/]config\.json\b|\bwallet\.dat\b|[\\/]gcloud[\\/](?:application_default_credentials\.json|credentials\.db|access_tokens\.db)|\bapplication_default_credentials\.json\b|\.(?:bash|zsh|sh|python|psql|mysql)_history\b|(?:~|\$home)[\\/]\.(?:npmrc|pypirc|pgpass|gnupg)\b|(?<![\w.-])\.env\b(?![.-]\w)|\bLogin Data\b|\bkeychain-db\b/i;

const EXFILTRATION = new RegExp(
  String.raw`\b(?:send|forward|post|upload|transmit|exfiltrate|leak|copy|e-?mail|share|report|submit|bcc)\b[^.\n]{0,80}\b${SECRET}\b[^.\n]{0,80}\b(?:to|into|at|via)\s+${TARGET}`,
  'i',
);

/**
 * Phrases where "password" or "token" names an account feature, not a secret to send: a
 * password-reset link, a one-time password sent to the account holder.
 */
const ACCOUNT_WORDS =
  /\b(?:(?:reset|forgot(?:ten)?|change|update|recover|set|new|temporary|one-time|one time)[ -](?:your |their |the user'?s |a |an )?passwords?|passwords?[ -](?:reset|recovery|change|policy|strength|expiry|expiration|requirements?|hints?|rules|link|field|manager|protected)|verification tokens?)\b/gi;

function withoutAccountWords(text: string): string {
  return text.replace(ACCOUNT_WORDS, 'account link');
}

/** Another tool, by its snake_case name or as "the X tool" / "any other tool". */
const TOOL_REFERENCE = String.raw`(?:\x60?\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b\x60?|\bthe [\w-]+ tool\b|\b(?:any|every|each|another|all) (?:other )?(?:[\w-]+ )?tools?\b)`;

/** The conversation, what the user shared, or the model's own instructions. */
const CONVERSATION = String.raw`(?:\b(?:the |this |our |your )?(?:entire |full |whole |complete |current )(?:conversation|chat|dialog(?:ue)?)\b|\b(?:conversation|chat|dialog(?:ue)?) so far\b|\beverything the user (?:has )?(?:said|typed|written|shared|told you|mentioned)\b|\b(?:your|the) (?:complete |full |entire )?system prompt\b|\byour (?:instructions|tool list)\b|\b(?:files|documents|e-?mails)\b[^.\n]{0,40}\b(?:seen|read|shown|shared) (?:earlier|before|previously|so far|in (?:the|this) (?:conversation|session|chat))\b)`;

/** Messages of the conversation: honest for a messaging tool unless sent into a parameter. */
const MESSAGES = String.raw`(?:\b(?:conversation|chat|dialog(?:ue)?) (?:history|transcript|log)\b|\b(?:all |every )?(?:the )?(?:previous|prior|earlier|past) messages\b)`;

/** Where a value goes in a call: "in the history field", "as 'notes'", "into \x60context\x60". */
const DESTINATION = String.raw`\b(?:in|into|as|under)\s+(?:the\s+|this\s+|a\s+)?(?:\x60[\w-]+\x60|'[\w-]+'|"[\w-]+"|[\w-]+\s+(?:field|parameter|argument|param|property|input|key))`;

/**
 * The rules, checked against a normalised copy of each text (invisible characters removed,
 * compatibility forms folded, Cyrillic and Greek look-alikes read as Latin).
 */
export const INJECTION_RULES: readonly InjectionRule[] = [
  {
    id: 'instruction-override',
    pattern:
      /\b(?:ignore|disregard|forget|override|bypass)\b[^.\n]{0,40}\b(?:previous|prior|above|earlier|preceding|all|any|system|other|your)\b[^.\n]{0,30}\b(?:instructions?|prompts?|rules|directions|guidelines|guardrails)\b|\b(?:new|updated|real|actual|true|revised)\s+(?:system\s+)?instructions?\s*:|\byou are now (?:a|an|in|the|my|dan)\b|\bfrom now on,? (?:you|the assistant|the model)\b|\b(?:set aside|put aside|pay no attention to|discard|abandon|stop following|no longer follow|do not follow|don't follow)\b[^.\n]{0,40}\b(?:previous|prior|above|earlier|preceding|original|initial|system|your|everything you (?:were|have been) (?:told|given))\b|\b(?:previous|prior|earlier|original|initial|above|preceding|system) (?:guidance|instructions?|rules|directions|directives|guidelines|prompt) (?:no longer appl(?:y|ies)|(?:is|are|has been|have been) (?:void|cancell?ed|superseded|outdated|replaced|revoked|lifted|obsolete)|(?:does|do) not apply)\b|\byour (?:real|actual|true|new|updated) instructions (?:are|follow)\b|\b(?:everything|all|anything) (?:above|before|prior)\b[^.\n]{0,30}\b(?:is|are) (?:outdated|void|obsolete|cancell?ed|invalid|superseded|irrelevant|to be ignored)\b|\bthe only (?:rule|instruction)s? (?:now|from now on|that matters?) (?:is|are)\b|\b(?:ignore|disregard|forget|override|bypass|set aside)\b[^.\n]{0,20}\b(?:the|your|any)\s+(?:\w+\s+)?(?:instructions|prompts?|rules|directions|guidelines|guardrails|guidance|directives|constraints|policies|restrictions)\b[^.\n]{0,10}\byou (?:were|have been|are) (?:given|configured|told|trained|provided)\b|\b(?:ignore|disregard|bypass|override|disable)\s+(?:all\s+)?(?:the\s+|your\s+|any\s+)?(?:guardrails|safety (?:rules|guidelines|filters|policies|restrictions)|content polic(?:y|ies))\b|\b(?:act as|pretend to be|you are|behave as|roleplay as)\b[^.\n]{0,30}(?:\bwith(?:out)? (?:no |any )?(?:content polic(?:y|ies)|restrictions|filters|limits|guidelines)\b|\b(?:unrestricted|unfiltered|jailbroken|uncensored)\b)|\b(?:developer|god|jailbreak|dan|unrestricted|admin) mode (?:is |has been )?(?:now )?(?:enabled|activated|unlocked|on)\b|\b(?:previous|prior|earlier|all|your) (?:safety |system )?(?:rules|instructions|guidelines|restrictions) (?:are|have been) (?:void|lifted|suspended|revoked|disabled|cancelled)\b/i,
    message:
      'tells the model to drop its instructions ("ignore previous instructions" and variants)',
  },
  {
    id: 'chat-template-token',
    pattern: CHAT_TEMPLATE,
    message:
      'contains a chat-template token (<|im_start|>, [INST], <<SYS>>...) that forges a turn of the conversation',
    // A parser of transcripts names the tokens in code spans (`<|im_start|>`).
    excuse: (text) => !CHAT_TEMPLATE.test(outsideCodeSpans(text)),
  },
  {
    id: 'fake-system-tag',
    pattern: FAKE_SYSTEM_TAG,
    message: 'contains a fake system or instruction tag (<system>, <IMPORTANT>, [SYSTEM])',
    // A config reader names "its <system> and <network> elements".
    excuse: (text) => tagsAreTopics(text, FAKE_SYSTEM_TAG),
  },
  {
    id: 'important-directive',
    pattern:
      /(?:^|[^\w])(?:IMPORTANT|ATTENTION|CRITICAL|URGENT|NOTE TO (?:THE )?(?:AI|ASSISTANT|MODEL|LLM|AGENT))\b\W{0,4}[:!][^\n]{0,300}?\b(?:you must|you should|you need to|before (?:using|calling|invoking|running) (?:this|any|the|other)|do not (?:tell|mention|inform|reveal|show|alert)|don't (?:tell|mention|inform|reveal|show)|the (?:assistant|ai|model|llm|agent) (?:must|should)|secretly|silently|without (?:telling|asking|informing|notifying)|first (?:call|read|use|run|send)|(?:must|should) (?:always|never))\b/i,
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
    pattern: new RegExp(
      [
        String.raw`\byou\s+(?:must|should)\s+(?:first\s+|always\s+)?(?:call|use|invoke|read|send)\b[^.\n]{0,60}\b(?:other|all|every|instead)\b`,
        String.raw`\bwhen(?:ever)? (?:using|calling) (?:any|every|other|the \w+) tools?\b[^.\n]{0,60}\b(?:must|always)\b`,
        // "whenever send_email is called, always add ... as bcc"
        String.raw`\b(?:when(?:ever)?|each time|every time|if)\b[^.\n]{0,30}${TOOL_REFERENCE}[^.\n]{0,20}\b(?:is|are|gets|get)\s+(?:used|called|invoked|run)\b[^.\n]{0,80}\b(?:always|must|set|add|replace|change|include|redirect|regardless|also|route|send|forward|copy|bcc|cc)\b`,
        // "with book_flight, always set the e-mail to ..."
        String.raw`${TOOL_REFERENCE}[^.\n]{0,60}\b(?:always|must|should)\s+(?:always\s+|also\s+)?(?:set|add|replace|change|override|put|pass|use|invite|include|cc|bcc|send|copy|forward|route)\b[^.\n]{0,60}(?:\b(?:to|as|through|via)\b|@|https?:\/\/)`,
        String.raw`\b(?:do not|don't|never|stop)\s+(?:use|using|call|calling|invoke|invoking)\s+\x60?[a-z][a-z0-9]*(?:_[a-z0-9]+)+\x60?\s+(?:anymore|any more|again|ever again)\b`,
        String.raw`\bregardless of (?:what|whether) (?:the )?user\b`,
        // "web_fetch is compromised: never call it"
        String.raw`${TOOL_REFERENCE}[^.\n]{0,20}\b(?:is|are)\s+(?:compromised|broken|unsafe|malicious|insecure|disabled|deprecated and must not)\b[^.\n]{0,80}\b(?:never|do not|don't|instead|always|unless|route)\b`,
        String.raw`\b(?:before|after) (?:calling|using|invoking|running) (?:any|every|each|another|all)\s+(?:other\s+)?tools?\b[^.\n]{0,40}\b(?:call|use|invoke|run|send|pass|must|always|first)\b`,
        String.raw`\b(?:every|all|each|any)\s+(?:outgoing\s+|sent\s+)?(?:e-?mails?|messages?|payments?|transfers?|requests?)\b[^.\n]{0,60}\b(?:must|should|will)\s+(?:also\s+)?(?:be\s+)?(?:copied|forwarded|sent|bcc'?d|cc'?d|redirected|mirrored)\b`,
        String.raw`\b(?:bcc|cc|copy|forward|redirect|reroute|mirror)\b[^.\n]{0,30}\b(?:all|every|each)\s+(?:outgoing\s+)?(?:e-?mails?|messages?|payments?|transfers?)\s+to\b`,
      ].join('|'),
      'i',
    ),
    message: 'instructs the model how to call other tools (tool shadowing)',
  },
  {
    id: 'exfiltration',
    pattern: EXFILTRATION,
    message: 'asks for secrets or the conversation to be sent somewhere (exfiltration)',
    excuse: (text) => !EXFILTRATION.test(withoutAccountWords(text)),
  },
  {
    id: 'exfiltration-url',
    pattern: new RegExp(
      [
        // A markdown image whose query the model is to fill: `![](https://x/p.png?d={chat})`.
        String.raw`!\[[^\]\n]{0,80}\]\(\s*https?:\/\/[^)\s]*\?[^)\s]*(?:\{|\$|<|%7b|=\s*\))`,
        // A URL whose query has a placeholder for the conversation or a secret.
        String.raw`https?:\/\/[^\s)?]*\?[^\s)]*?(?:\{\{?|<|\$\{?|%7b)\s*(?:the_?|user_?|users_?|current_?|full_?|all_?)*(?:conversation|chat|history|messages?|prompt|system_?prompt|secrets?|passwords?|credentials?|access_?token|session_?token|auth_?token|bearer|summary|memory|context)`,
        String.raw`https?:\/\/[^\s)]*\$[A-Z][A-Z0-9_]*(?:KEY|TOKEN|SECRET|PASSWORD)\b`,
        String.raw`https?:\/\/\S*[?&][\w-]+=(?=\s|$)[^.\n]{0,40}\b(?:followed by|with|plus|and append|appending)\b[^.\n]{0,40}\b(?:message|messages|conversation|chat|history|prompt|passwords?|secrets?|tokens?|keys?|credentials?|input)\b`,
        // "append the conversation to the link", "with the user's messages appended to the URL"
        String.raw`\b(?:append|add|include|put|encode|insert|attach)\w*\b[^.\n]{0,60}\b(?:conversation|chat|messages|history|system prompt|passwords?|secrets?|credentials|tokens?|api keys?)\b[^.\n]{0,60}\b(?:url|link|query|image|query string)\b`,
        String.raw`\b(?:conversation|chat|messages|history|passwords?|secrets?|credentials|tokens?|api keys?)\b[^.\n]{0,30}\b(?:appended|added|encoded|inserted)\b[^.\n]{0,30}\b(?:url|link|query|image)\b`,
      ].join('|'),
      'i',
    ),
    message:
      'has the model put the conversation or a secret into a URL or an image it renders (exfiltration)',
  },
  {
    // The same, with the placeholder in capitals (`?q=SUMMARY`): matched with case.
    id: 'exfiltration-url',
    pattern: /!\[[^\]\n]{0,80}\]\(\s*https?:\/\/[^)\s]*\?[^)\s]*=[A-Z][A-Z_]{3,}\b/,
    message:
      'has the model put the conversation or a secret into a URL or an image it renders (exfiltration)',
  },
  {
    id: 'context-harvesting',
    pattern: new RegExp(
      [
        String.raw`\b(?:pass|include|provide|put|paste|copy|supply|attach|fill|add|insert|set|send|give|enter|dump)\b[^.\n]{0,40}${CONVERSATION}`,
        String.raw`\b(?:pass|include|provide|put|paste|copy|supply|attach|fill|add|insert|send|give|enter|dump)\b[^.\n]{0,40}${MESSAGES}[^.\n]{0,60}${DESTINATION}`,
        String.raw`\b(?:pass|include|provide|put|paste|copy|supply|attach|fill|add|insert|send|give|enter)\b[^.\n]{0,20}\b(?:any|all|every|the user'?s)\s+(?:api keys?|passwords?|secrets|credentials|tokens)\b[^.\n]{0,40}\b(?:the user|they|you)\b[^.\n]{0,20}\b(?:shared|mentioned|typed|provided|gave|given|told|pasted)\b`,
        String.raw`\b(?:the )?(?:conversation|chat) so far\b`,
        String.raw`\b(?:must|should) (?:contain|include|hold|be set to)\b[^.\n]{0,30}(?:${CONVERSATION}|${MESSAGES})`,
        String.raw`\b(?:api keys?|passwords?|secrets|credentials|tokens)\b[^.\n]{0,30}\b(?:visible|seen|mentioned|found|shown|shared|appearing)\s+(?:in|during|earlier in)\s+(?:the|this|our)\s+(?:conversation|chat|session|context)\b`,
        String.raw`\bincluding (?:any |all |the )?(?:passwords?|api keys?|keys|secrets|credentials|tokens)\b[^.\n]{0,40}\b(?:the user|you|mentioned|shared|typed|seen)\b`,
      ].join('|'),
      'i',
    ),
    message:
      'asks for the conversation, the system prompt or what the user shared to be passed to the tool (context harvesting)',
  },
  {
    id: 'authority-claim',
    pattern: new RegExp(
      [
        String.raw`\b(?:do not|don't|never|no need to|skip|there is no need to|need not|you don't need to|you do not need to|without)\s+(?:ask(?:ing)?|request(?:ing)?|seek(?:ing)?|wait(?:ing)? for|get(?:ting)?|obtain(?:ing)?|prompt(?:ing)?)\s+(?:the user\s+|users\s+|them\s+|anyone\s+)?(?:for\s+)?(?:(?:the|their|any|a|user|the user's|explicit)\s+)*(?:confirmation|permission|approval|consent|authori[sz]ation)`,
        String.raw`\b(?:skip|bypass|disable|omit|suppress|ignore|waive)\s+(?:the\s+|any\s+|all\s+)?(?:user\s+|user's\s+|human\s+)?(?:confirmation|approval|consent|permission)s?\s+(?:steps?|checks?|prompts?|dialogs?|requests?|for|entirely|altogether)\b`,
        String.raw`\bwithout (?:asking|consulting|checking with) (?:the user|them|anyone|a human)\b`,
        String.raw`\b(?:pre-?approved|pre-?authori[sz]ed|already (?:been )?(?:approved|authori[sz]ed|confirmed|consented|granted))\b[^.\n]{0,80}\b(?:confirm\w*|ask|asking|permission|approval|consent)\b`,
        String.raw`\b(?:no need to|without) (?:confirm|confirmation|asking)\b[^.\n]{0,80}\b(?:pre-?approved|already (?:approved|authori[sz]ed))\b`,
        String.raw`\b(?:the user|users?) (?:has|have) already (?:consented|approved|agreed|confirmed|authori[sz]ed)\b[^.\n]{0,80}\b(?:no need|do not|don't|without|skip|proceed|never ask)\b`,
        String.raw`\bI (?:hereby )?(?:authori[sz]e|permit|allow) you to\b`,
        String.raw`\b(?:consent|approval|permission|authori[sz]ation)\s+(?:has|have)\s+(?:already\s+)?been\s+(?:granted|given|obtained)\b[^.\n]{0,60}\b(?:proceed|without|no need|do not|don't|skip)\b`,
        String.raw`\bproceed\s+(?:immediately\s+)?without (?:confirmation|asking|approval|permission|consent)\b`,
        String.raw`\bno need to (?:confirm|ask for (?:confirmation|permission|approval))\b`,
        String.raw`\b(?:confirmation|approval) (?:prompts?|steps?|checks?|requests?) (?:are|is) (?:disabled|not required|unnecessary|waived)\b`,
        String.raw`\b(?:run|execute|call|use|proceed)\w*\b[^.\n]{0,40}\bwithout (?:asking|user|the user'?s?|their|any)\s*(?:for\s+)?(?:permission|approval|confirmation|consent)\b`,
      ].join('|'),
      'i',
    ),
    message:
      'claims an authority that waives the user\'s confirmation ("pre-approved, do not ask the user")',
  },
  {
    id: 'secret-file',
    pattern: SECRET_FILE,
    message: 'points at a private file (SSH keys, cloud credentials, MCP client config...)',
    excuse: (text) => namesFilesOnlyToExamine(text, SECRET_FILE),
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
    excuse: commentsAreTopics,
  },
  {
    id: 'active-markup',
    pattern:
      /<\s*(?:script|iframe|object|embed)\b[^>]*\b(?:src|data|href|on\w+)\s*=|<\s*script\b[^>]*>\s*[^<\s][^<]*<\s*\/\s*script\s*>|<\s*\w+\b[^>]*\son(?:error|load|click|mouseover|focus)\s*=|javascript:\s*(?:[\w.]+\s*\(|\/\/|void\b)|data:text\/html[;,]/i,
    message:
      'contains active markup (a script with content or source, an event handler, a javascript: URL)',
  },
  ...DIRECTIVE_RULES,
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
  // Forged turns after a blank line.
  'human\\s*:',
  'assistant\\s*:',
  'system\\s*:',
  'user\\s*:',
  // Mode switches and voided rules.
  ' mode (?:is |has been )?(?:now )?(?:enabled|activated|unlocked|on)',
  'are (?:void|lifted|suspended|revoked|disabled|cancelled)',
  'have been (?:void|lifted|suspended|revoked|disabled|cancelled)',
  'set aside',
  'put aside',
  'pay no attention',
  'discard',
  'abandon',
  'stop following',
  'no longer follow',
  'not follow',
  "n't follow",
  'no longer appl',
  'does not apply',
  'do not apply',
  'real instructions',
  'actual instructions',
  'true instructions',
  'everything (?:above|before|prior)',
  'all (?:above|before|prior)',
  'anything (?:above|before|prior)',
  'the only (?:rule|instruction)',
  'guardrail',
  'content polic',
  'act as',
  'pretend',
  'behave as',
  'roleplay',
  // Shadowing of other tools.
  'is (?:used|called|invoked|run)',
  'are (?:used|called|invoked|run)',
  'gets? (?:used|called|invoked|run)',
  'regardless of',
  'compromised',
  'broken',
  'unsafe',
  'malicious',
  'insecure',
  'is disabled',
  'deprecated and',
  '(?:before|after) (?:calling|using|invoking|running)',
  'always (?:also )?(?:set|add|replace|change|override|put|pass|use|invite|include|cc|bcc|send|copy|forward|route)',
  'must (?:always |also )?(?:set|add|replace|change|override|put|pass|use|invite|include|cc|bcc|send|copy|forward|route)',
  'should (?:always |also )?(?:set|add|replace|change|override|put|pass|use|invite|include|cc|bcc|send|copy|forward|route)',
  'all (?:outgoing |sent )?(?:e-?mails?|messages?|payments?|transfers?|requests?)',
  'every (?:outgoing |sent )?(?:e-?mails?|messages?|payments?|transfers?|requests?)',
  'each (?:outgoing |sent )?(?:e-?mails?|messages?|payments?|transfers?|requests?)',
  'any (?:outgoing |sent )?(?:e-?mails?|messages?|payments?|transfers?|requests?)',
  'not (?:use|using|call|calling|invoke|invoking) ',
  'stop (?:use|using|call|calling|invoke|invoking) ',
  // Exfiltration through URLs, harvesting of the conversation.
  '!\\[',
  '\\?[^\\s)]*?(?:\\{|<|\\$|%7b)',
  '\\$[a-z][a-z0-9_]*(?:key|token|secret|password)',
  '=(?:\\s|$)',
  'chat',
  'dialog',
  'everything the user',
  'tool list',
  'so far',
  'seen (?:earlier|before|previously|so far|in)',
  'shown (?:earlier|before|previously|so far|in)',
  'shared (?:earlier|before|previously|so far|in)',
  'read (?:earlier|before|previously|so far)',
  'including (?:any |all |the )?keys',
  'must (?:contain|include|hold|be set to)',
  'should (?:contain|include|hold|be set to)',
  // Authority that waives confirmation.
  'confirm',
  'permission',
  'approv',
  'consent',
  'authori',
  'waive',
  'proceed (?:immediately )?without',
  'been (?:granted|given|obtained)',
  // Private files added since.
  'gcloud',
  'application_default',
  'sh_history',
  'python_history',
  'psql_history',
  'mysql_history',
  '\\.npmrc',
  '\\.pypirc',
  '\\.pgpass',
  '\\.gnupg',
  '\\.env',
  'login data',
  'keychain',
  ...DIRECTIVE_TRIGGERS,
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
    const head =
      alternative.startsWith('[') || alternative.startsWith('(')
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

function rot13(text: string): string {
  return text.replace(/[a-z]/gi, (char) => {
    const base = char <= 'Z' ? 65 : 97;
    return String.fromCharCode(((char.charCodeAt(0) - base + 13) % 26) + base);
  });
}

/**
 * The triggers made of letters and spaces, in ROT13, matched on the text as written: a text
 * with one is read again decoded.
 */
export const ROT13_TRIGGERS: readonly string[] = TRIGGERS.filter(
  (trigger) => /^[a-z ]+$/.test(trigger) && trigger.length >= 5,
).map(rot13);

/** MAY_MATCH for a text in ROT13 (see ROT13_TRIGGERS). */
export const MAY_MATCH_ROT13 = groupedAlternation(ROT13_TRIGGERS);
