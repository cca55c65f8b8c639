// More ways to say the same in the ten most used languages (and Italian, Korean, Turkish):
// "do not follow the earlier rules", "the system's instructions are void", "keep this from the
// user". Each needs a word for the instructions (or the user) and a verb that refuses them (or
// hides), in one sentence; honest texts name rules and users without either.

/** Within one sentence, a few words apart. */
const NEAR = '[^.。।\\n]{0,40}';

/** Overrides by refusing to follow: the verb of not following, then the instructions. */
export const NOT_FOLLOWING: readonly string[] = [
  // Spanish
  `\\b(?:haz|haga|hagan) caso omiso\\b${NEAR}\\b(?:instrucciones|indicaciones|reglas|directrices|órdenes|normas)\\b`,
  `\\b(?:no (?:sigas|siga|sigan|obedezcas|obedezca|respetes|respete|cumplas|cumpla|hagas caso)|deja de seguir|desobedece)\\b${NEAR}\\b(?:instrucciones|indicaciones|reglas|directrices|órdenes|normas)\\b`,
  // French
  `\\b(?:ne (?:respecte|respectez|suis|suivez|tiens|tenez|obéis|obéissez|applique|appliquez) (?:plus|pas)|cesse de suivre|arrête de suivre)\\b${NEAR}\\b(?:consignes|instructions|règles|directives)\\b`,
  // German
  `\\b(?:befolge|befolgen sie|folge|folgen sie|beachte|beachten sie|halte dich an|halten sie sich an)\\b${NEAR}\\b(?:anweisungen|regeln|vorgaben|richtlinien|instruktionen)\\b[^.\\n]{0,30}\\bnicht(?: mehr)?\\b`,
  `\\bnicht mehr (?:befolgen|beachten|folgen)\\b`,
  // Portuguese
  `\\b(?:não (?:siga|sigas|obedeça|respeite|cumpra)|deixe de seguir|pare de seguir)\\b${NEAR}\\b(?:instruções|instrucoes|regras|diretrizes|orientações|ordens)\\b`,
  // Italian
  `\\b(?:non (?:seguire|rispettare|obbedire a|seguite|rispettate)|smetti di seguire)\\b${NEAR}\\b(?:istruzioni|regole|indicazioni|direttive)\\b`,
  // Russian
  `(?:не (?:выполняй|выполняйте|следуй|следуйте|слушай|слушайте|соблюдай|соблюдайте)|перестань следовать|отбрось|отбросьте|отмени|отмените)${NEAR}(?:инструкци|указани|правил|команд|директив)`,
  // Chinese
  '(?:不要|别|不必|无需|不再|停止)(?:遵守|遵循|听从|执行|理会|服从)[^。\\n]{0,15}(?:指令|指示|说明|规则|提示|要求|规定)',
  // Japanese
  '(?:以前|前|上記|これまで|先ほど|システム|元)の(?:すべての|全ての)?(?:指示|命令|ルール|指令|プロンプト)(?:に|には|を|は)?(?:は)?(?:従わ|従う必要はありません|無視|忘れ)',
  // Korean
  '(?:이전|앞|위|기존|모든|시스템)(?:의)?\\s*(?:모든\\s*)?(?:지시|지침|명령|규칙|프롬프트)(?:사항)?(?:을|를|은|는|에)?\\s*(?:모두\\s*)?(?:따르지|무시|잊)',
  // Arabic
  'لا (?:تتبع|تلتزم ب|تطع|تنفذ|تعمل ب)[^.\\n]{0,30}(?:التعليمات|الأوامر|القواعد|الإرشادات)',
  '(?:تجاهل|انس|أهمل|اترك)[^.\\n]{0,30}(?:التعليمات|الأوامر|القواعد|الإرشادات)',
  // Hindi
  '(?:निर्देश|नियम|आदेश)[^।\\n]{0,30}(?:पालन न|पालन मत|को न मानें|को मत मानो|अनसुना|अनदेखा|नज़रअंदाज़|नजरअंदाज|भूल)',
  // Turkish
  '(?:talimat|kural|yönerge)\\S*[^.\\n]{0,20}(?:yok say|görmezden gel|unut|uyma|dikkate alma|takma)',
];

/** Instructions declared void: the instructions, then the word that voids them. */
export const VOIDED: readonly string[] = [
  `\\b(?:instrucciones|reglas|indicaciones|directrices)\\b${NEAR}\\b(?:ya no (?:son válidas|aplican|sirven|cuentan|valen)|quedan anuladas|(?:son|están) anuladas)\\b`,
  `\\b(?:consignes|instructions|règles)\\b${NEAR}(?:\\bne (?:sont|s'appliquent|comptent) plus\\b|\\bsont (?:annulées|caduques|obsolètes|nulles)\\b)`,
  `\\b(?:anweisungen|regeln|vorgaben|richtlinien)\\b${NEAR}\\b(?:gelten nicht mehr|sind (?:ungültig|aufgehoben|veraltet|hinfällig))\\b`,
  `\\b(?:instruções|instrucoes|regras|orientações)\\b${NEAR}\\b(?:não (?:são|estão) mais válidas|foram anuladas|não valem mais|estão revogadas)\\b`,
  `\\b(?:istruzioni|regole|indicazioni)\\b${NEAR}\\b(?:non (?:sono più valide|valgono più)|sono (?:annullate|revocate))\\b`,
  `(?:инструкци|указани|правил)${NEAR}(?:больше не действ|недействительн|отменен|отменён|устарел|аннулирован)`,
  '(?:指令|指示|规则|说明)[^。\\n]{0,10}(?:无效|作废|已失效|不再适用|全部取消)',
  '(?:指示|命令|ルール|指令)(?:は|が)(?:すべて|全て)?(?:無効|取り消|撤回)',
  '(?:지시|지침|규칙)[^.\\n]{0,15}(?:무효|더 이상 유효하지)',
  '(?:التعليمات|القواعد|الأوامر)[^.\\n]{0,20}(?:ملغاة|ملغية|لم تعد سارية|باطلة)',
  '(?:निर्देश|नियम)[^।\\n]{0,30}(?:अमान्य|रद्द|लागू नहीं)',
  '(?:talimat|kural)\\S*[^.\\n]{0,30}(?:geçersiz|iptal edildi)',
];

/** Keeping something from the user. */
export const HIDING_FROM_USER: readonly string[] = [
  '\\b(?:oculta|ocúltale|ocultar|esconde)\\w*\\b[^.\\n]{0,30}\\b(?:al|del) usuario\\b|\\bsin que el usuario (?:lo )?(?:sepa|note|se entere)\\b',
  "\\bsans que l['’]utilisateur (?:le )?(?:sache|remarque|s'en aperçoive)\\b|\\bcache\\w*\\b[^.\\n]{0,20}à l['’]utilisateur\\b|\\bne (?:dis|dites) rien\\b[^.\\n]{0,40}l['’]utilisateur",
  '\\b(?:gegenüber|vor) (?:dem|den) (?:benutzer|nutzer|anwender)\\w*\\b[^.\\n]{0,30}\\b(?:nicht|verbergen|verschweigen|geheim)\\b|\\bohne dass (?:der|die) (?:benutzer|nutzer)\\w* (?:es )?(?:merkt|weiß|erfährt)\\b|\\b(?:erwähne|verrate|sage?)\\b[^.\\n]{0,40}\\b(?:benutzer|nutzer)\\w*\\b[^.\\n]{0,20}\\bnicht',
  '\\b(?:não (?:informe|conte|diga|avise|mencione)\\w*)\\b[^.\\n]{0,40}\\b(?:usuário|utilizador|cliente)\\b|\\bsem que o (?:usuário|utilizador) (?:saiba|perceba)\\b|\\besconda\\w*\\b[^.\\n]{0,20}\\bdo (?:usuário|utilizador)\\b',
  "\\bnon (?:dirlo|dire nulla|dire niente|informare|avvisare)\\b[^.\\n]{0,30}\\butente\\b|\\bsenza che l['’]utente (?:lo )?(?:sappia|noti)\\b|\\bnascond\\w*\\b[^.\\n]{0,20}all['’]utente\\b",
  'скр(?:ой|ойте|ыть)[^.\\n]{0,20}от пользовател|так,? чтобы пользователь не (?:узнал|заметил)|(?:не (?:говори|сообщай|рассказывай|упоминай))[^.\\n]{0,30}пользовател',
  '对(?:用户|使用者)保密|不要让(?:用户|使用者)(?:知道|发现|察觉|看到)|瞒着(?:用户|使用者)|不要(?:向|对)(?:用户|使用者)(?:提及|透露|说明)',
  'ユーザー(?:に|には)(?:は)?(?:秘密|内緒|隠)|ユーザーに(?:気づかれ|知られ)ない',
  '사용자(?:에게|가)\\s*(?:알리지|말하지|알려주지|모르게|숨기)',
  '(?:دون|بدون) (?:إبلاغ|إعلام|علم|إخبار) المستخدم|(?:أخف|اخف)\\S*[^.\\n]{0,20}عن المستخدم|لا (?:تخبر|تبلغ|تعلم|تذكر)\\S*\\s+(?:المستخدم|له)',
  '(?:बारे में|उपयोगकर्ता को|यूज़र को|उसे)[^।\\n]{0,20}(?:न|मत|ना) (?:बताएं|बताएँ|बताओ|बताना|बताइए)|(?:उपयोगकर्ता|यूज़र) से छिपा',
  '\\bkullanıcı\\S*\\s+(?:söyleme|bildirme|haber verme|anlatma|fark ettirme)|\\bkullanıcıdan gizle',
];

/** Words the Latin-script phrases above need, for the prefilter (matched without case). */
export const VARIANT_TRIGGER_WORDS: readonly string[] = [
  'caso omiso',
  'no (?:sig|obedez|respet|cumpl|hag)',
  'deja de',
  'desobedec',
  'ne (?:respect|sui|tien|ten|obéi|appliqu|dis|dites)',
  'cesse de',
  'arrête de',
  'befolg',
  'folge',
  'beacht',
  'halte',
  'halten sie',
  'não',
  'deixe de',
  'pare de',
  'non ',
  'smetti',
  'ya no',
  'anulad',
  'annul',
  'caduques',
  'obsolètes',
  "ne (?:sont|s'app|compt)",
  'gelten nicht',
  'ungültig',
  'aufgehoben',
  'veraltet',
  'hinfällig',
  'válidas',
  'valem',
  'revogad',
  'valgono',
  'revocat',
  'ocult',
  'escond',
  'sin que',
  'sans que',
  "l['’]utilisateur",
  'gegenüber',
  'vor de',
  'ohne dass',
  'erwähn',
  'verrat',
  'sem que',
  'senza che',
  'nascond',
  'talimat',
  'kural',
  'yönerge',
  'kullanıcı',
];
