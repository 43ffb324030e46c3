/**
 * What a pruning strategy is, for the registry: an id, words for people, the bounds and options it takes, a `plan`
 * that decides each message's fate from a transcript analysed once, and optional hooks that make it faster or
 * truer in the places that would otherwise plan afresh (`pruneMessages`, the replays). Everything that lists
 * strategies (the worker, the inspector's lanes, the CLI, the hash) reads `STRATEGY_REGISTRY`; adding a strategy is
 * one folder and one line there (see README.md).
 */
import type { Message } from '../types';
import type { MessageCheck } from '../links/scan-messages';
import type { TranscriptAnalysis } from '../plan/analyze-transcript';
import type { MessageList, PruneBound, StrategyPlan } from '../plan/types';
import type { ReplayContext, ReplayPlanner } from '../requests/replay-context';
import type { SentShapes } from '../requests/sent-types';
import type { ReplayTrigger } from '../requests/types';

/** One option of a strategy, described for settings forms, the CLI's `--help` and the URL hash. */
export type OptionSpec =
  | { key: string; label: string; description: string; kind: 'integer'; default: number; min: number; max: number; unit?: 'tokens' | 'results' | 'messages' }
  | { key: string; label: string; description: string; kind: 'boolean'; default: boolean }
  | { key: string; label: string; description: string; kind: 'string-list'; default: readonly string[] }
  | { key: string; label: string; description: string; kind: 'choice'; default: string; choices: readonly string[] }
  | { key: string; label: string; description: string; kind: 'text'; default: string; maxLength: number };

/**
 * A strategy. `C` is the config callers write (`{ strategy: id, …options }`), `S` the settings `normalize` makes of it
 * (checked, defaults filled in), which `plan` receives.
 */
export interface StrategyDefinition<Id extends string, C extends { strategy: Id }, S> {
  id: Id;
  label: string;
  /** One sentence: what it keeps and what it removes. */
  description: string;
  /** The bounds it honours; a strategy that never removes a message ignores `maxTurns`. */
  bounds: readonly (keyof PruneBound)[];
  /** It throws when neither bound is given. */
  needsBound: boolean;
  honoursPins: boolean;
  /** Planning costs more than a few milliseconds at 100k messages (a summary, TF-IDF): the inspector shows it after the others. */
  slow?: boolean;
  /**
   * What its points of an advisor's sweep cost, against a quick strategy's (1, the default): measured at 100k
   * messages by `bench/advisor.bench.ts` (the token budget ≈ 5, the governor ≈ 4, importance ≈ 2). `advise --jobs`
   * shares a long conversation's strategies among its threads by it.
   */
  sweepCost?: number;
  /**
   * For a strategy that simulates another system's context manager (a peer): what the simulation reproduces exactly
   * and what it approximates, in short phrases, shown in the lane's header and the CLI's `--help`.
   */
  fidelity?: StrategyFidelity;
  /**
   * Whether the inspector opens a lane for it on first load. Default is true; a peer says false and is offered in
   * "Add lane" and by `--strategy`.
   */
  defaultLane?: boolean;
  options: readonly OptionSpec[];
  /**
   * Config keys it reads beside `strategy`, the bounds, `pinned`, `tokenCounter` and its options: values a program
   * passes that no form can hold (a summarizer function). Any other key is an error that names the nearest known one.
   */
  fields?: readonly string[];
  /** Checks a config (errors name the field and what is allowed) and fills in defaults. */
  normalize(config: C): S;
  plan(analysis: TranscriptAnalysis, settings: S): StrategyPlan<Id>;
  /** A faster one-shot path for `pruneMessages`; `undefined` (or no hook) means analyse and plan. */
  prune?(messages: readonly Message[], settings: S): Message[] | undefined;
  /**
   * The plan `plan` makes of `analyzeTranscript(messages)` (the default token estimate), made without the parts of
   * the analysis this strategy never reads: for one-shot prunes (`pruneMessages` after `prune`, the SDK adapters'
   * `pruneView`). `explain: false` may leave every reason at "fits" (only the fates are applied). `undefined` (or no
   * hook) means analyse and plan. The hooks property test holds it to `plan`.
   *
   * `check`, when given, must see every message, in order, before the plan reads it, and each of its blocks as
   * `MessageCheck` says (or, for a strategy that reads only some messages, in a loop of its own first), and before
   * any `undefined` is returned: it is the entry point's input check, riding on the plan's own read of the messages.
   */
  planQuick?(messages: readonly Message[], settings: S, explain: boolean, check?: MessageCheck): StrategyPlan<Id> | undefined;
  /**
   * The plan `plan` makes of `analyzeTranscript(messages)` (the default token estimate), reading only the messages a
   * strategy that keeps a suffix keeps, and a margin below: `messages` may be an SDK adapter's lazy view, which then
   * converts only those. Tried before `planQuick`; `undefined` (or no hook) means go on to it. The hooks property
   * test holds it to `plan`.
   */
  planSuffix?(messages: MessageList, settings: S): StrategyPlan<Id> | undefined;
  /**
   * Whether a plan of `count` messages holding `total` tokens would keep every message as it is, known without
   * planning; the replays skip the plan when it says so. It must never say so wrongly: a strategy that rewrites
   * messages whatever the bound (masking) keeps the default. Default: only when there are no messages. `messages`
   * are the view itself when the caller holds it (a live replay's held context), for a trigger the count and total
   * cannot tell (OpenHands' events); without them such a hook answers from what it can, or says no.
   */
  keepsEverything?(settings: NoInfer<S>, count: number, total: number, messages?: readonly Message[]): boolean;
  /** How the replays run it; each hook left out falls back to planning (see `ReplayHooks`). */
  replay?: ReplayHooks<NoInfer<S>>;
  /**
   * Why a shared budget in `unit` does not bind it, in a few words for a narrow lane header ("Not bound by
   * messages: …"); undefined when it answers to the budget. `option` reads an option as given, else its default.
   * Default: a budget in messages does not bind a strategy whose `bounds` lack `maxTurns` ("it bounds tokens only").
   */
  unboundNote?(unit: 'messages' | 'tokens', option: (key: string) => unknown, totalTokens: number): string | undefined;
}

/** What a simulation of another system reproduces exactly, and what it approximates (`StrategyDefinition.fidelity`). */
export interface StrategyFidelity {
  exact: readonly string[];
  approximated: readonly string[];
}

/**
 * A strategy's own replays, for `replayTranscript`. Both defaults are exact: they plan with `plan`, so a strategy
 * needs a hook only to be fast, or to act on a trigger of its own.
 */
export interface ReplayHooks<S> {
  /**
   * Stateless: what every request sends when the whole history is planned before it. Default: `replayExact`, a plan
   * of each request's history, O(n) per request and O(n²) in all (mark such a strategy `slow`). A hook must give
   * exactly what that gives (the replay property test holds every registered strategy to the naive replay). Neither
   * hook is called for a config with pins: `resolveReplay` plans those afresh (a pin holds a unit that later messages
   * can grow, which the fast replays' units of the whole context do not see).
   */
  stateless?(context: ReplayContext, planner: ReplayPlanner<S>): SentShapes;
  /**
   * Live: an agent that continues from what it sent and prunes what it holds when the trigger fires. Default:
   * `replayLive`, a plan of the held context at each prune (skipped when `keepsEverything` says so).
   */
  live?(context: ReplayContext, planner: ReplayPlanner<S>, trigger: ReplayTrigger, fixed: number): SentShapes;
  /**
   * When an agent running this strategy prunes, if the strategy says so itself (a compaction at 150k tokens,
   * clearing tool results past a threshold): used in live replays in place of the replay's trigger. Default: the
   * replay's trigger.
   */
  trigger?(settings: S): ReplayTrigger | undefined;
  /**
   * The strategy is applied by the provider to the whole history the client sends with every request (Anthropic's
   * context editing): the agent never holds an edited history, so its live replay is its stateless one. Default
   * is false.
   */
  serverSide?: boolean;
}
