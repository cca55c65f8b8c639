import type { InjectionRule } from './injection-rules.js';
import {
  HIDING_FROM_USER,
  NOT_FOLLOWING,
  VARIANT_TRIGGER_WORDS,
  VOIDED,
} from './language-variants.js';

// The injection rules in the languages most used after English: Spanish, French, German,
// Portuguese, Italian, Dutch, Polish, Turkish, Indonesian, Vietnamese, Russian, Chinese,
// Japanese, Korean, Arabic and Hindi. Each override needs a verb (ignore, forget...), a noun
// (instructions, rules...) and a word that points back (previous, above, all, system), in one
// sentence; honest texts use the verbs alone ("ignores empty lines", "ignora mayúsculas").

/** Within one sentence (`[^.\n]`), a few words apart. */
const NEAR = '[^.。\\n]{0,40}';

function overrideIn(verbs: string, nouns: string, pointers: string): string {
  return `(?:${verbs})${NEAR}(?:(?:${nouns})${NEAR}(?:${pointers})|(?:${pointers})${NEAR}(?:${nouns}))`;
}

// Latin-script languages: `\b` works; the words are read without case.
const LATIN_OVERRIDES = [
  // Spanish
  overrideIn(
    '\\b(?:ignora|ignore|ignoren|ignorar|olvida|olvide|olviden|olvidar|descarta|omite)\\b',
    '\\b(?:instrucciones|indicaciones|reglas|directrices|órdenes)\\b',
    '\\b(?:anteriores|previas|originales|del sistema|de arriba)\\b',
  ),
  // French
  overrideIn(
    '\\b(?:ignore|ignorez|ignorer|oublie|oubliez|oublier|ne tiens pas compte|ne tenez pas compte)\\b',
    '\\b(?:instructions|consignes|règles|directives)\\b',
    '(?:\\bprécédentes|\\bantérieures|\\bci-dessus|\\bdu système|\\binitiales)\\b',
  ),
  // German
  overrideIn(
    '\\b(?:ignorier(?:e|t|en)?|vergiss|vergessen sie|missachte)\\b',
    '\\b(?:anweisungen|instruktionen|regeln|vorgaben|befehle|richtlinien)\\b',
    '\\b(?:vorherigen|bisherigen|obigen|früheren|vorigen|ursprünglichen|alle|system\\w*)\\b',
  ),
  '\\bdu bist (?:jetzt|nun|ab sofort) (?:ein|eine|der|die)\\b',
  // Portuguese
  overrideIn(
    '\\b(?:ignore|ignora|ignorar|esqueça|esqueca|esquecer|desconsidere)\\b',
    '\\b(?:instruções|instrucoes|regras|diretrizes|orientações)\\b',
    '\\b(?:anteriores|prévias|previas|do sistema|acima)\\b',
  ),
  // Italian
  overrideIn(
    '\\b(?:ignora|ignorate|ignorare|dimentica|dimenticate|trascura)\\b',
    '\\b(?:istruzioni|regole|indicazioni|direttive)\\b',
    '\\b(?:precedenti|iniziali|di sistema|sopra)\\b',
  ),
  // Dutch
  overrideIn(
    '\\b(?:negeer|vergeet)\\b',
    '\\b(?:instructies|regels|aanwijzingen|opdrachten)\\b',
    '\\b(?:eerdere|vorige|voorgaande|bovenstaande|alle)\\b',
  ),
  // Polish
  overrideIn(
    '\\b(?:zignoruj|ignoruj|zapomnij)\\b',
    '\\b(?:instrukcje|polecenia|zasady|reguły)\\b',
    '\\b(?:poprzednie|wcześniejsze|wszystkie|powyższe)\\b',
  ),
  // Turkish (the verb comes last)
  '(?:^|[\\s,;:])(?:önceki|yukarıdaki|tüm|bütün)\\s+(?:tüm\\s+)?(?:talimatları|talimatlar|kuralları|yönergeleri)\\s+(?:yok say|görmezden gel|unut|dikkate alma)',
  // Indonesian
  overrideIn(
    '\\b(?:abaikan|lupakan)\\b',
    '\\b(?:instruksi|perintah|aturan|petunjuk)\\b',
    '\\b(?:sebelumnya|di atas|semua)\\b',
  ),
  // Vietnamese
  overrideIn(
    '(?:bỏ qua|phớt lờ|quên)',
    '(?:hướng dẫn|chỉ dẫn|chỉ thị|quy tắc|mệnh lệnh)',
    '(?:trước|ở trên|tất cả)',
  ),
];

const OTHER_OVERRIDES = [
  // Russian
  overrideIn(
    '(?:проигнорируй|игнорируй|забудь|не обращай внимания на)',
    '(?:инструкци|указани|правил|команд)',
    '(?:предыдущ|прежн|все |вышеуказанн|системн)',
  ),
  '(?:теперь )?ты теперь (?:—\\s*)?(?:не )?(?:ассистент|помощник|модель)',
  // Chinese
  '(?:忽略|无视|忘记|忘掉|不要理会|忽视)[^。\\n]{0,15}(?:之前|以上|上面|先前|此前|前面|所有|全部|系统)[^。\\n]{0,10}(?:指令|指示|说明|规则|提示|要求)',
  // Japanese
  '(?:以前|前|上記|これまで|先ほど|システム)の(?:すべての|全ての)?(?:指示|命令|ルール|指令|プロンプト)を?(?:すべて|全て)?(?:無視|忘れ)',
  // Korean
  '(?:이전|앞|위|기존|모든)(?:의)?\\s*(?:모든\\s*)?(?:지시|지침|명령|규칙|프롬프트)(?:사항)?(?:을|를|은|는)?\\s*(?:모두\\s*)?(?:무시|잊)',
  // Arabic
  '(?:تجاهل|انس|أهمل)[^.\\n]{0,30}(?:التعليمات|الأوامر|القواعد|الإرشادات)',
  // Hindi
  '(?:पिछले|पहले|ऊपर|सभी)[^।\\n]{0,30}(?:निर्देश|नियम)[^।\\n]{0,20}(?:अनदेखा|नज़रअंदाज़|नजरअंदाज|भूल)',
];

const CONCEALMENTS = [
  // Spanish
  '\\bno (?:le |les )?(?:digas|diga|menciones|mencione|informes|informe|cuentes|cuente|avises|avise)\\b[^.\\n]{0,30}\\b(?:al usuario|a la usuaria|al cliente)\\b|\\bsin (?:avisar|decir|informar)(?:le)? al usuario\\b',
  // French
  "\\bne (?:le |lui |leur )?(?:dites|dis|mentionnez|mentionne|signalez|signale|révélez|révèle)\\b[^.\\n]{0,30}à l['’](?:utilisateur|usager)|\\bsans (?:le dire|prévenir|informer) (?:à )?l['’]utilisateur",
  // German
  '\\b(?:sag|sage|sagen sie|erzähl|erzähle|erwähne|verrate|informiere)\\w*\\s+(?:dem|den)\\s+(?:benutzer|nutzer|anwender)\\w*\\s+nichts\\b|\\b(?:dem|den)\\s+(?:benutzer|nutzer|anwender)\\w*\\s+nicht[s]?\\s+(?:sagen|mitteilen|verraten|erzählen)\\b|\\bohne (?:den|dem) (?:benutzer|nutzer)\\w* zu (?:informieren|benachrichtigen)\\b',
  // Portuguese
  '\\bnão (?:conte|diga|mencione|informe|avise)\\w*\\s+(?:nada\\s+)?(?:ao|para o|à) (?:usuário|utilizador|cliente)\\b',
  // Italian
  "\\bnon (?:dire|dirlo|menzionare|informare|avvisare)\\w*\\s+(?:nulla\\s+|niente\\s+)?(?:all['’]utente|l['’]utente)",
  // Russian
  'не (?:говори|сообщай|рассказывай|упоминай|показывай)\\S*\\s+(?:об этом\\s+|ничего\\s+)?пользовател',
  // Chinese
  '(?:不要|别|切勿|不得|请勿)(?:告诉|告知|通知|提醒|让)(?:用户|使用者)',
  // Japanese
  'ユーザー(?:に|には)(?:は)?(?:言わ|伝え|知らせ|教え)(?:ない|ず)',
  // Korean
  '사용자에게\\s*(?:알리지|말하지|알려주지)\\s*(?:마|말)',
  // Arabic
  'لا (?:تخبر|تبلغ|تعلم|تذكر)\\S*\\s+المستخدم',
  // Hindi
  'उपयोगकर्ता को (?:न|मत|ना) (?:बताएं|बताएँ|बताओ|बताना)',
  // Turkish
  '\\bkullanıcıya (?:söyleme|bildirme|haber verme|anlatma)',
  // Dutch
  '\\b(?:vertel|zeg|meld)\\s+(?:het\\s+)?(?:de|aan de)\\s+gebruiker\\s+niet[s]?\\b',
  // Polish
  '\\bnie (?:mów|mówi|informuj|wspominaj)\\S*\\s+(?:nic\\s+)?użytkownikowi',
  // Indonesian
  '\\bjangan (?:beri tahu|beritahu|bilang|katakan|kasih tahu)\\s+(?:kepada\\s+)?pengguna\\b',
  // Vietnamese
  '(?:đừng|không được) (?:nói|báo|cho biết)\\s+(?:với|cho)\\s+người dùng',
];

/** Letters of the scripts other than Latin that the rules read. */
const OTHER_SCRIPTS =
  /[\u0400-\u04FF\u0600-\u06FF\u0900-\u097F\u3040-\u30FF\u3400-\u9FFF\uAC00-\uD7AF]/;

/** The phrases in Latin script, and those in the other scripts (tried only on such text). */
function byScript(phrases: readonly string[]): [string, string] {
  const latin: string[] = [];
  const other: string[] = [];
  for (const phrase of phrases) {
    // The sentence window (`[^.。।\n]`) names other scripts' full stops: not a word of theirs.
    const words = phrase.replace(/\[\^[^\]]*\]/g, '');
    (OTHER_SCRIPTS.test(words) ? other : latin).push(phrase);
  }
  return [latin.join('|'), other.join('|')];
}

const [LATIN_OVERRIDE, OTHER_OVERRIDE] = byScript([
  ...LATIN_OVERRIDES,
  ...OTHER_OVERRIDES,
  ...NOT_FOLLOWING,
  ...VOIDED,
]);
const [LATIN_CONCEALMENT, OTHER_CONCEALMENT] = byScript([...CONCEALMENTS, ...HIDING_FROM_USER]);
const OVERRIDE_MESSAGE =
  'tells the model to drop its instructions, in another language ("ignora las instrucciones anteriores"...)';
const CONCEALMENT_MESSAGE = 'asks the model to hide something from the user, in another language';

/**
 * Override and concealment rules in other languages; ids are those of the English rules. The
 * Latin-script phrases need one of LANGUAGE_TRIGGER_WORDS, the others a letter of their script.
 */
export const LANGUAGE_RULES: readonly InjectionRule[] = [
  {
    id: 'instruction-override',
    pattern: new RegExp(LATIN_OVERRIDE, 'iu'),
    message: OVERRIDE_MESSAGE,
  },
  {
    id: 'instruction-override',
    pattern: new RegExp(OTHER_OVERRIDE, 'iu'),
    message: OVERRIDE_MESSAGE,
    needs: OTHER_SCRIPTS,
  },
  { id: 'concealment', pattern: new RegExp(LATIN_CONCEALMENT, 'iu'), message: CONCEALMENT_MESSAGE },
  {
    id: 'concealment',
    pattern: new RegExp(OTHER_CONCEALMENT, 'iu'),
    message: CONCEALMENT_MESSAGE,
    needs: OTHER_SCRIPTS,
  },
];

const SECRETS_IN_LANGUAGES = new RegExp(
  [
    'contraseñas?|claves? (?:de )?api|credenciales|conversación|historial',
    'mots? de passe|clés? api|identifiants|jetons?|historique',
    'passw(?:ort|örter)|kennw(?:ort|örter)|api-schlüssel|zugangsdaten|gesprächsverlauf|unterhaltung',
    'senhas?|chaves? de api|credenciais|conversa',
    'chiavi? api|credenziali|conversazione',
    'wachtwoord|api-sleutel|gesprek',
    'hasł[oa]|klucz[ey]? api|rozmow',
    'şifre|parola|api anahtar|konuşma',
    'kata sandi|kunci api|percakapan',
    'mật khẩu|khóa api|cuộc trò chuyện',
    'парол|токен|ключ[а-я]* api|учётн|учетн|переписк|истори[юя] чата',
    '密码|密钥|令牌|聊天记录|对话记录|凭据|凭证',
    'パスワード|apiキー|トークン|会話|認証情報',
    '비밀번호|암호|api 키|토큰|대화 내용',
    'كلمات? المرور|مفتاح|المحادثة',
    'पासवर्ड|कुंजी|बातचीत',
  ].join('|'),
  'iu',
);

const SENDING_IN_LANGUAGES = new RegExp(
  [
    '\\benv[ií][ae]\\w*|\\bm[aá]nd[ae]\\w*|\\breenv[ií]a|\\bcomparte\\w*|\\bsube\\w*',
    '\\benvoie\\w*|\\benvoyez|\\btransmet\\w*',
    '\\bschick\\w*|\\bsende\\b|\\bsenden\\b|\\bübermittl\\w*',
    '\\bencaminh\\w*',
    '\\binvia\\w*',
    '\\bstuur\\w*|\\bverstuur\\w*',
    '\\bwyślij\\w*|\\bprześlij\\w*',
    'gönder|yolla',
    '\\bkirim\\w*',
    'gửi',
    'отправ|перешл|пересл|передай',
    '发送|发到|上传|转发|传到|提交',
    '送信|送っ|送る|転送|アップロード',
    '보내|전송|업로드',
    'أرسل|ارسل',
    'भेज',
  ].join('|'),
  'iu',
);

const TARGET = /https?:\/\/|[\w.+-]+@[\w-]+\.[\w.]+/i;

/**
 * Exfiltration in another language: one sentence with a secret (password, API key, the
 * conversation...), a verb of sending, and a URL or an e-mail address.
 */
export function sendsSecretsInLanguages(text: string): boolean {
  if (!TARGET.test(text)) return false;
  for (const sentence of text.split(/(?<=[.!?。！？।])\s+|\n/)) {
    if (
      TARGET.test(sentence) &&
      SECRETS_IN_LANGUAGES.test(sentence) &&
      SENDING_IN_LANGUAGES.test(sentence)
    )
      return true;
  }
  return false;
}

/**
 * Words the Latin-script rules above need (one of them at least), as regular expression
 * sources matched without case; texts in other scripts are always read in full.
 */
export const LANGUAGE_TRIGGER_WORDS: readonly string[] = [
  'ignor',
  'olvid',
  'descart',
  'omite',
  'oubli',
  'tenez pas',
  'tiens pas',
  'vergiss',
  'missacht',
  'esque',
  'desconsid',
  'dimentic',
  'trascur',
  'negeer',
  'vergeet',
  'zignoruj',
  'zapomnij',
  'talimat',
  'abaikan',
  'lupakan',
  'du bist',
  'no (?:le |les )?(?:dig|menc|inform|cuent|avis)',
  'sin (?:avis|dec|inform)',
  'ne (?:le |lui |leur )?(?:dit|dis|mention|signal|révél)',
  'sans (?:le dire|préven|inform)',
  'nichts',
  'nicht',
  'ohne',
  'não',
  'non ',
  'kullanıcıya',
  'gebruiker',
  'użytkownikowi',
  'jangan',
  'đừng',
  'không được',
  'bỏ qua',
  'phớt',
  'quên',
  ...VARIANT_TRIGGER_WORDS,
];

/** Whether a text holds one of LANGUAGE_TRIGGER_WORDS. */
export const LANGUAGE_TRIGGERS = new RegExp(LANGUAGE_TRIGGER_WORDS.join('|'), 'i');
