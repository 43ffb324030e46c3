import type { TaskIntent } from './types';

/**
 * A phrase that votes for an intent; each cue counts once per text, whatever the number of matches. Cues that share
 * a `group` are forms of one word ("write" and "write a"): only the heaviest that matches counts, so a word is not
 * counted twice.
 */
export interface IntentCue {
  intent: Exclude<TaskIntent, 'generic'>;
  weight: number;
  pattern: RegExp;
  group?: string;
  /**
   * `prose` (the default) matches the text with code spans, paths and dotted or snake_case names blanked out, so
   * `plan-prune.ts` is no vote for planning; `raw` matches the text as written, for cues that look for code itself.
   */
  reads?: 'prose' | 'raw';
}

const cue = (
  intent: IntentCue['intent'],
  weight: number,
  source: string,
  group?: string,
  flags = 'i',
  reads: 'prose' | 'raw' = 'prose',
): IntentCue => ({
  intent,
  weight,
  pattern: new RegExp(source, flags),
  ...(group === undefined ? {} : { group }),
  ...(reads === 'raw' ? { reads } : {}),
});

/**
 * The keyword table of `classifyIntent`. Weights: 3 for a word that names the intent on its own ("fix", "explain",
 * "review", "plan"), 2–2.5 for a strong hint, 1–1.5 for a word that leans one way, 0.5 for a topic word.
 * Patterns allow the misspellings users type in a hurry ("doesnt", "refator", "expain", "pls").
 */
export const INTENT_CUES: readonly IntentCue[] = [
  // code_generation: making or changing code
  cue('code_generation', 3, String.raw`\bimplement(s|ed|ing)?\b`, 'implement'),
  cue('code_generation', 1, String.raw`\bimplementation\b`, 'implement'),
  cue('code_generation', 2.5, String.raw`\b(add|adding) (a|an|the|support|some|new)\b`, 'add'),
  cue('code_generation', 2, String.raw`\b(add|adding)\b`, 'add'),
  cue('code_generation', 2, String.raw`\b(create|creating)\b`),
  cue('code_generation', 2, String.raw`\bnew (\w+ )?(file|component|function|class|endpoint|module|page|route|test|script|hook|command)s?\b`),
  cue('code_generation', 2.5, String.raw`\b(write|writing) (a|an|the|some)\b`, 'write'),
  cue('code_generation', 1.5, String.raw`\b(write|writing)\b`, 'write'),
  cue('code_generation', 2, String.raw`\b(build|scaffold|generate|bootstrap)\b`),
  cue('code_generation', 2, String.raw`\b(refac?tor|refator|rewrite)\w*`),
  cue('code_generation', 1.5, String.raw`\bmake\b`, 'make'),
  cue('code_generation', 2.5, String.raw`\bcan (you|we) (make|add|create|write|build|implement)\b`, 'make'),
  cue('code_generation', 2.5, String.raw`\bport (the |this |it |our )?[\w .-]{0,40}?\bto\b`),
  cue('code_generation', 1.5, String.raw`^\W*(please |pls |now |ok,? |so |then )?(let'?s |lets |can you |could you |go ahead and |we need to |i want to |i'd like to )?(support|hook|wire|integrate|turn|extract|split|move|rename|replace|remove|delete|update|change|bump|upgrade|use|switch|introduce|expose|allow|enable|disable|cache|memoi[sz]e|parallel\w*|inline|dedupe|consolidate|unify|restructure|reorgani[sz]e|clean up|tidy|convert|migrate|extend|let users)\b`, 'imperative'),
  cue('code_generation', 2.5, String.raw`\b(let'?s|lets) (support|add|make|build|create|implement|use|allow|switch|move|wire|hook|write|generate|replace|split|extract|rename|turn)\b`, 'imperative'),
  cue('code_generation', 2.5, String.raw`\bshould (let|allow|support|have|be able to|accept|handle)\b|\blet (people|users?|the user|them) \w+`),
  cue('code_generation', 0.5, String.raw`\b[\w/-]+\.(ts|tsx|js|jsx|py|rs|go|ex|exs|rb|java|kt|swift|css|html|json|ya?ml|toml|sql)\b|\x60[^\x60\n]+\x60|\b[a-z]+[A-Z]\w*\b|\b(code|repo|codebase|module|class|tests?|types?|cli|ui|css)\b`, 'code-noun', '', 'raw'),
  cue('code_generation', 2, String.raw`\b(hook (it |this |them )?up|wire (it |this |them )?up|turn (it|this|that|the [\w ]{1,30}?) into|support for|dark mode|so that (it|we|users?) can)\b`),
  cue('code_generation', 2.5, String.raw`\b(need|want|give me|i'?d like) (a|an) (new )?(helper|function|script|component|endpoint|command|class|hook|util\w*|test|page|flag|option)\b`),
  cue('code_generation', 1, String.raw`\b(speed (it |this )?up|faster|optimi[sz]e\w*|simplify|reusable)\b`),
  cue('code_generation', 3, String.raw`\bwork on (the )?(bead|issue|ticket|task|story|feature)\b`),
  cue('code_generation', 0.5, String.raw`\b(function|component|class|endpoint|feature|script|flag|api|helper|button|dialog|modal)\b`, 'code-noun'),

  // debugging: something behaves wrongly
  cue('debugging', 3, String.raw`\b(fix|fixes|fixing)\b`),
  cue('debugging', 3, String.raw`\bbugs?\b|\bbuggy\b`),
  cue('debugging', 2.5, String.raw`\b(error|errors|exception|traceback|stack ?trace|segfault|panic|crash\w*|throw(s|ing)?|threw|deadlock|race condition|memory leak|leak(s|ing)?)\b`, undefined, 'i', 'raw'),
  cue('debugging', 2.5, String.raw`\b(fail|fails|failing|failed|failure|broken|breaks|broke|regressed)\b`),
  cue('debugging', 3, String.raw`\b(doesn'?t|does not|don'?t|won'?t|can'?t|isn'?t|is not|are not|aren'?t|stopped|not) (seem to |even )?(work|working|start|starting|run|running|load|loading|compile|compiling|render|rendering|respond|responding|match|matching|update|updating|save|saving|show up|display|appear|refresh|trigger|fire)\b`),
  cue('debugging', 3, String.raw`\bwhy (is|does|do|are|did) .{0,60}?\b(throw|fail|crash|error|break|hang|freez|time|return(s|ing)? (null|undefined|nan|empty|wrong|0)|empty|null|undefined|nan|slow)`),
  cue('debugging', 2.5, String.raw`\b(does|did) nothing\b|\bnothing happens\b|\bno effect\b|\bblank (page|screen)\b|\bwhite screen\b|\bis down\b|\b[45]\d\ds\b|\bnull pointer\b`),
  cue('debugging', 2, String.raw`\b(debug\w*|repro\w*|regression|flaky|timeout|timed out|times? out|hangs?|hanging|stuck|freez\w*|frozen)\b`),
  cue('debugging', 2, String.raw`\breturns? (a |an )?[45]\d\d\b`),
  cue('debugging', 2.5, String.raw`\b(exceeded|overflow|out of memory|oom|killed|sigsegv|sigkill|core dumped|unhandled|uncaught|is not a function|is not defined|cannot read|cannot find|not found|undefined is not)\b`, undefined, 'i', 'raw'),
  cue('debugging', 2.5, String.raw`\b[a-z]*(error|exception)\b:|\bTS\d{4}\b|\bE\d{4}\b|\bModuleNotFound|\bexit code [1-9]`, undefined, 'i', 'raw'),
  cue('debugging', 2.5, String.raw`\bE[A-Z]{4,}\b`, undefined, '', 'raw'),
  cue('debugging', 2, String.raw`\bworks (on my machine|locally)|\bpass(es)? locally\b`),
  cue('debugging', 2, String.raw`\blook into\b|\binvestigate\b|\bwhat'?s wrong\b|\bwhat went wrong\b`),
  cue('debugging', 2.5, String.raw`\b(off by one|not right|something'?s (off|wrong)|no longer|anymore|instead of showing|expected .{1,40} but (got|it)|tests? (are |is )?red|red again)\b`),
  cue('debugging', 2, String.raw`\b(keeps|kept) (crashing|failing|showing|returning|jumping|resetting)\b|\bagain after\b|\bstill\b|\bsince (the|yesterday|upgrading|we)\b`),
  cue('debugging', 1.5, String.raw`\b(problem|issue|glitch|warning|complains)\b`),
  cue('debugging', 1, String.raw`\b(slow|wrong|incorrect|weird|unexpected|strange|odd)\b`),

  // explanation: the user wants to understand
  cue('explanation', 3, String.raw`\bexpl?ai?n\w*`),
  cue('explanation', 2, String.raw`\bwhy\b`),
  cue('explanation', 2, String.raw`\bhow (exactly |really |actually )?(does|do|is|are|come|did|it works)\b`),
  cue('explanation', 2, String.raw`\bwhat (this|the|that|it|each) [\w .-]{0,30}?\b(does|do|is for|means)\b|\bsummari[sz]e (what|how|the (repo|code|codebase|project|module))\b`),
  cue('explanation', 1.5, String.raw`\bwhat (does|do|is|are|happens)\b|\bwhat'?s\b|\bwhats\b`),
  cue('explanation', 2.5, String.raw`\b(the )?(point|purpose|reason|idea|intuition|rationale) (of|behind|for)\b`),
  cue('explanation', 2, String.raw`\b(understand\w*|overview|walk me through|describe|meaning|mean|clarify|difference between|tell me (about|what|how|why)|confus\w*|don'?t get|teach me|in simple terms)\b`),
  cue('explanation', 2, String.raw`\bexplor\w*`),
  cue('explanation', 2, String.raw`\blike i'?m (five|5)\b|\beli5\b`),
  cue('explanation', 1, String.raw`\bi'?m new\b|\bnew to\b`),
  cue('explanation', 1, String.raw`^\s*(what|how|why|can you tell)\b[^?]*\?`),

  // search: the user wants something located
  cue('search', 2.5, String.raw`\b(find|finding|locate|search\w*|grep|look up|lookup|look for)\b`),
  cue('search', 3, String.raw`\bwhere (is|are|do|does|did)\b`, 'where'),
  cue('search', 2, String.raw`\bwhere\b|\bsomewhere\b|\banywhere\b`, 'where'),
  cue('search', 2, String.raw`\b(is there|are there|do we have|have we got) (already )?(a|an|any)\b`),
  cue('search', 2, String.raw`\bdo (we|you|they) (log|use|call|set|handle|store|read|check|import|export)\b`),
  cue('search', 1.5, String.raw`\bshow me (all|every|where|the (files?|places?|lines?))\b`),
  cue('search', 1.5, String.raw`\blist\b`),
  cue('search', 1.5, String.raw`\b(all|every) (the )?(files?|places?|usages?|callers|references|call sites|occurrences)\b`),
  cue('search', 2.5, String.raw`\bwhich (files?|tests?|modules?|functions?|places?|components?|commits?)\b`),
  cue('search', 2, String.raw`\b(web ?search\w*|google|usages?|callers|references to|occurrences?|who calls|(what|which) version)\b`),

  // planning: deciding what to do before doing it
  cue('planning', 2, String.raw`\bplan\b|\bplanning\b`, 'plan'),
  cue('planning', 3, String.raw`\b(make|create|write|draft|come up with) a plan\b|\blet'?s plan\b|\blets plan\b|\bplan (out|for|how)\b`, 'plan'),
  cue('planning', 2, String.raw`\b(design|architecture|roadmap|outline|proposal|rfc|timeline|checklist|todo list)\b`),
  cue('planning', 2.5, String.raw`\bpropose\b|\b(an|the|what) order\b|\bdepends? on\b|\bthis (quarter|month|sprint)\b|\bsketch\b`),
  cue('planning', 1.5, String.raw`\b(milestones?|tradeoffs?|trade-offs?|options|phases|estimates?|scope|requirements)\b`),
  cue('planning', 2.5, String.raw`\bbreak (it|this|that|the [\w ]{1,30}?) down\b|\bbreak down\b`),
  cue('planning', 2, String.raw`\bstep[- ]by[- ]step\b|\bsteps\b`),
  cue('planning', 3, String.raw`\bhow should (we|i)\b`),
  cue('planning', 3, String.raw`\bwhat should (we|i) (do|tackle|start|build|work on)\b|\bwhere (should|do) (we|i) start\b|\b(best|right) order\b|\bin what order\b`),
  cue('planning', 2, String.raw`\bthink (through|about how)\b|\bbefore (we|i) (start|begin)\b|\b(first|next) steps?\b|\btackle\b|\bprioriti[sz]e\b`),
  cue('planning', 3, String.raw`\b(before (writing|you write) any code|no code( yet)?|don'?t write (any )?code( yet)?)\b`),
  cue('planning', 1, String.raw`\b(strategy|approach|deadline|next week|this sprint|ship|tasks)\b`),

  // review: judging code or changes that exist
  cue('review', 3, String.raw`\breview\w*`),
  cue('review', 2.5, String.raw`\b(pr|pull request|merge request)\b|/pull/\d+`),
  cue('review', 1.5, String.raw`\b(diff|commit|changes|changeset|patch)\b`),
  cue('review', 2.5, String.raw`\bcheck (it|this|that|them) over\b|\bcheck over\b|\bmy (patch|changes|diff|pr|branch|code)\b|\bedge cases?\b|\b(did i|i) miss(ed)?\b|\banything i missed\b`),
  cue('review', 2, String.raw`\b(look over|check (my|the|this) (code|changes|diff|pr|commit)|feedback|critique|audit|nitpick\w*|picky|lgtm|style guide|best practices|code smells?)\b`),
  cue('review', 2.5, String.raw`\b(take a look at|have a look at|thoughts on|what do you think (of|about)|what would you change|what you'?d change|good idea)\b`),
  cue('review', 2, String.raw`\bfollow (our|the) (style|conventions|guidelines)\b`),
  cue('review', 1.5, String.raw`\brisky\b|\bsecurity issues?\b`),
  cue('review', 3, String.raw`\bis (this|my|the) (code|implementation|approach|change|fix|function|test)s? (correct|right|ok|okay|good|sound|idiomatic|safe)\b`),
  cue('review', 2, String.raw`\bsanity[- ]check\b|\bdouble[- ]check\b|\bbefore (i|we) (push|merge|ship)\b|\bany (issues|problems|concerns) with\b`),
];

/** Stack traces and compiler output in a pasted text say "debugging" louder than any word. */
export const STACK_TRACE_CUE: IntentCue = cue(
  'debugging',
  3,
  String.raw`^\s+at .+[:(]\d+|Traceback \(most recent call last\)|^\s*File ".+", line \d+|^\s*(error|panic)(\[\w+\])?:`,
  undefined,
  'im',
  'raw',
);

/** Below this total no intent is claimed, and the text is `generic`. */
export const MIN_INTENT_SCORE = 2;

/** A total at which confidence stops growing with more evidence. */
export const SATURATING_INTENT_SCORE = 6;

/** Order among intents with equal totals: the narrower need first, since its profile protects the more specific units. */
export const INTENT_TIE_ORDER: readonly TaskIntent[] = [
  'debugging',
  'review',
  'planning',
  'search',
  'explanation',
  'code_generation',
];

/** Characters of a text that are read; a pasted log's intent shows in its first lines. */
export const MAX_INTENT_CHARS = 4000;
