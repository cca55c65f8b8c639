import { analyze } from './tokenize.js';

// General API vocabulary: words that tool authors and users use for the same thing. Written for
// tool catalogs in general (REST, MCP, function-calling schemas), from common usage: no list here
// comes from a benchmark's queries. Each line is one class; a word may sit in several classes
// ("add" creates a record and adds numbers). Retrieval counts a match through a class less than
// an exact match (`RoutingWeights.lexicon`).

/** Verbs of the same action, as APIs name their operations. */
const ACTIONS = [
  'get fetch retrieve read show display view obtain lookup',
  'list search find query browse filter enumerate discover lookup',
  'create add new insert make register',
  'update edit modify patch change set alter',
  'delete remove drop destroy erase purge unregister',
  'send notify dispatch deliver transmit forward',
  'post publish share',
  'sum add total plus addition',
  'subtract minus difference',
  'multiply times product',
  'divide quotient',
  'calculate compute',
  'start launch run execute begin trigger invoke',
  'stop halt terminate kill end',
  'download fetch save',
  'upload attach',
  'convert transform translate',
  'book reserve schedule',
  'buy purchase order',
  'pay payment charge',
  'login signin authenticate',
  'logout signout',
  'analyze analyse examine inspect assess',
  'compare diff contrast',
  'validate verify check confirm',
  'monitor track watch observe',
  'recommend suggest',
  'predict forecast',
  'count tally',
  'generate produce create',
  'cancel abort revoke',
  'copy duplicate clone',
  'move relocate transfer',
  'rename retitle',
  'sort order rank',
  'summarize summary digest',
  'describe explain detail',
  'subscribe follow',
  'unsubscribe unfollow',
  'restart reboot reload',
  'close shut',
  'open launch',
  'archive store',
  'restore recover',
  'export dump',
  'import load ingest',
  'chat talk converse',
  'ask question',
  'answer reply respond',
];

/** Nouns of the same thing, with the abbreviations identifiers use for them. */
const THINGS = [
  'image picture photo img pic',
  'video clip vid',
  'document doc',
  'message msg',
  'email mail',
  'user usr',
  'organization organisation org',
  'repository repo',
  'database db',
  'configuration config cfg conf settings preferences',
  'authentication auth authorization',
  'kubernetes k8s',
  'information info details',
  'environment env',
  'number num',
  'quantity qty amount',
  'address addr',
  'directory dir folder',
  'password pwd passwd',
  'identifier id',
  'description desc',
  'statistics stats stat metrics',
  'temperature temp',
  'application app',
  'administrator admin',
  'certificate cert',
  'reference ref',
  'source src',
  'destination dest dst target',
  'parameter param argument arg',
  'attribute attr property prop',
  'language lang',
  'location loc place',
  'transaction txn tx',
  'telephone phone tel mobile',
  'price cost fee',
  'song track tune',
  'artist singer musician band',
  'movie film',
  'article story',
  'stock share equity ticker',
  'money currency cash',
  'car vehicle auto',
  'meeting appointment',
  'reservation booking',
  'invoice bill receipt',
  'customer client',
  'employee staff worker',
  'company business firm',
  'product item',
  'city town',
  'country nation',
  'weather forecast climate',
  'map route directions',
  'calendar schedule agenda',
  'event occasion',
  'task todo job',
  'note memo',
  'issue ticket bug',
  'comment remark',
  'review rating feedback',
  'recipe dish meal',
  'word term',
  'text content',
  'link url',
  'website site webpage',
  'file attachment',
  'chart graph plot diagram',
  'table spreadsheet sheet',
  'server host machine',
  'container pod',
  'secret credential token',
  'permission role access',
  'group team',
  'channel room',
  'timestamp time date',
  'duration length period',
  'size dimension',
  'maximum max',
  'minimum min',
  'average avg mean',
  'percent percentage',
  'latitude lat',
  'longitude lng lon',
];

let lexiconWordSet: ReadonlySet<string> | undefined;

/** Whether a lowercase word is one of the lexicon's (as written there, not analysed). */
export function isLexiconWord(word: string): boolean {
  lexiconWordSet ??= new Set([...ACTIONS, ...THINGS].flatMap((line) => line.split(' ')));
  return lexiconWordSet.has(word);
}

/** An index term → the other terms of its classes. */
type RelatedTerms = ReadonlyMap<string, readonly string[]>;

let relatedTerms: RelatedTerms | undefined;

/**
 * The terms the lexicon relates to an index term (a word as `analyze` gives it: `photos` →
 * `photo` → `image`, `picture`, `img`, `pic`), or undefined when the lexicon does not know it.
 * @example lexiconTerms(analyze('repo')[0]!) // ['repository'], as analysed
 */
export function lexiconTerms(term: string): readonly string[] | undefined {
  relatedTerms ??= buildRelatedTerms((word) => {
    const terms = analyze(word);
    return terms.length === 1 ? terms[0] : undefined;
  });
  return relatedTerms.get(term);
}

/**
 * The lexicon's classes with every word turned into an index term by `toTerm` (the analysis
 * queries and documents share), as a map from a term to the other terms of its classes. Words
 * whose analysis gives no single term (stop words) are left out.
 */
function buildRelatedTerms(toTerm: (word: string) => string | undefined): RelatedTerms {
  const related = new Map<string, Set<string>>();
  for (const line of [...ACTIONS, ...THINGS]) {
    const terms = new Set<string>();
    for (const word of line.split(' ')) {
      const term = toTerm(word);
      if (term !== undefined) terms.add(term);
    }
    for (const term of terms) {
      let others = related.get(term);
      if (!others) {
        others = new Set();
        related.set(term, others);
      }
      for (const other of terms) if (other !== term) others.add(other);
    }
  }
  const result = new Map<string, readonly string[]>();
  for (const [term, others] of related) if (others.size > 0) result.set(term, [...others]);
  return result;
}
