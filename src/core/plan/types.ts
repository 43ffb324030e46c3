/**
 * What a plan is: the bounds it answers to, each message's fate and reason, what it adds, and its account of itself.
 * Every strategy returns one (`StrategyPlan`); `applyPrunePlan` builds the messages it describes.
 */
import type { Message } from '../types';
import type { TokenCounter } from '../tokens/types';

/** The bounds a strategy can take. Both given: both must hold. Neither: the strategy's own options decide. */
export interface PruneBound {
  /**
   * Upper bound on the number of messages kept (a message count, not user+assistant pairs). Non-integers are
   * floored; below 1 acts as 1, because the most recent message is always kept. Range 0 or more.
   */
  maxTurns?: number;
  /**
   * Upper bound on the tokens the kept messages hold (the system prompt is sent apart and not counted). Below the
   * size of the most recent message (or its tool group) the result is over the bound and the plan says by how much.
   * Range 0 or more.
   */
  maxTokens?: number;
}

/** Fields every strategy's config may hold beside its own options. */
export interface CommonPruneOptions extends PruneBound {
  /** Indices of pinned messages: every strategy sends them as they are, with their tool groups; they count against the bound. Default is none. */
  pinned?: readonly number[];
  /** How `maxTokens` counts. Default is the characters ÷ 4 estimate. */
  tokenCounter?: TokenCounter;
  /**
   * What the caller knows of the requests these messages are sent in. Strategies that simulate another system read
   * it (a trigger that counts the whole prompt, a default that depends on the model, a rule that waits for an idle
   * gap); the others ignore it. The replays fill it from their own options. Default is none.
   */
  request?: RequestFacts;
}

/**
 * Facts about the requests a transcript is sent in, beside its messages (`CommonPruneOptions.request`): what a
 * program knows and no settings form can hold.
 */
export interface RequestFacts {
  /** Tokens every request sends before the messages (system prompt, tool definitions). Default is 0. */
  fixedTokens?: number;
  /** The model the requests go to (`claude-opus-4-6`, `anthropic/claude-sonnet-4.5`). Default is unknown. */
  model?: string;
  /** When a message was written, in milliseconds since the epoch; `undefined` when unknown (as for added messages). */
  timeOf?: (message: Message) => number | undefined;
}

/** The bounds after checking: absent ones are `Infinity`; `maxTurns` is floored and at least 1. */
export interface CheckedBound {
  maxTurns: number;
  maxTokens: number;
}

/** A synthetic message a plan adds to the output, such as a summary. */
export interface PlanInsert {
  /** It goes right before input message `before`; `before === count` puts it at the end. */
  before: number;
  message: Message;
  /** How many input messages it stands for. */
  replaces: number;
  /** Its tokens, counted like the messages'. */
  tokens: number;
}

/** When a plan could not meet its bound: by how much, and why (a sentence for people). */
export interface PlanOverrun {
  unit: 'messages' | 'tokens';
  by: number;
  why: string;
}

/**
 * One strategy's decision for one transcript and bound. Never holds the pruned array: `applyPrunePlan` builds it.
 * `PrunePlan` (registry.ts) is this for any registered strategy.
 */
export interface StrategyPlan<Id extends string = string> {
  strategy: Id;
  /** The bounds as checked. */
  bound: CheckedBound;
  /** Per input message: a `FATE` code. */
  fates: Uint8Array;
  /** Per input message: a `REASON` code, why it met its fate. */
  reasons: Uint8Array;
  kept: number;
  dropped: number;
  summarized: number;
  masked: number;
  /** Synthetic messages, in output order. */
  inserts: readonly PlanInsert[];
  /**
   * What is sent in place of a masked message, or of one summarized in place (`undefined`: nothing, a separate
   * summary stands for it). Built on demand, so a plan that is only counted never builds them.
   */
  replacement?: (index: number) => Message | undefined;
  /** Tokens the output's messages hold, inserts and replacements included. */
  tokens: number;
  /** Set when the output is over a bound it was given. */
  over?: PlanOverrun;
  /** What a strategy that scores can say about its choices (the governor: the intent used, each unit's terms). */
  explain?: PlanExplanation;
}

/** A plan's account of itself, for people: a headline for the lane and facts about any message. */
export interface PlanExplanation {
  headline?: string;
  /**
   * Per message, what a row can show without asking: a short tag (the governor: its unit's type) and the terms its
   * score adds up from. Arrays indexed by message; `tagOf` 255 means no tag.
   */
  cells?: PlanCells;
  /** Why message `index` met its fate, as labelled values; undefined when there is nothing to add to its reason. */
  about(index: number): { title: string; facts: readonly (readonly [string, string])[] } | undefined;
}

/** Per message, what a row of a strategy that scores can show: a tag and the terms of its score. */
export interface PlanCells {
  tags: readonly string[];
  tagOf: Uint8Array;
  /** The names of the score's terms; `values` holds `terms.length` values per message. */
  terms: readonly string[];
  values: Float32Array;
  score: Float32Array;
}

/**
 * Messages read one at a time: an array, or an SDK adapter's lazy view, which builds a canonical message only when
 * it is read (`MessageView.at`). What a plan that reads only a suffix takes (`StrategyDefinition.planSuffix`).
 */
export interface MessageList {
  /** How many messages there are. */
  readonly length: number;
  /** Message `index` (0 to `length` - 1), built on this read where the list is lazy. */
  at(index: number): Message | undefined;
}
