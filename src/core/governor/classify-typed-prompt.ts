import type { ContextUnitType } from './types';

/** Characters of a typed prompt read for constraints and requests. */
const TYPED_HEAD = 600;
const ACK = /^(yes|yep|y|ok|okay|sure|thanks|thank you|continue|go on|go ahead|proceed|great|perfect|cool|lgtm|no|nope|done)\b/i;
const ACK_MAX_CHARS = 60;
const CONSTRAINT =
  /\b(must|should(?:n'?t)?|needs? to|have to|(?:don'?t|do not)(?! (?:know|remember|think|see|have|understand|get|mind)\b)|never|always|only|make sure|ensure|without|instead|prefer|require[sd]?|avoid)\b/i;
/** An instruction: an imperative first word, or a request ("can you", "please", "I need", "let's go with"). */
const INSTRUCTION =
  /^(please |pls |now |ok,? |so |then |and )?(add|implement|create|write|build|make|fix|run|use|explore|find|show|start|stop|work|install|update|change|remove|delete|move|rename|refactor|check|look|read|review|explain|list|search|try|test|commit|push|merge|deploy|open|close|keep|go|give|tell|send|book|cancel|upgrade|set|put|replace|revert|undo|store|save|print|describe|summari[sz]e|help|do|get|let'?s|lets)\b|\b(can|could|would|will) you\b|\bplease\b|(?:^|[.!?,;]\s*|\b(?:and|but|so) )(?:i|we)(?:'d| would)? (?:want|need|like)\b|\b(?:go|going) with\b/i;

/**
 * The task and the user's instructions and constraints are requirements; acknowledgements ("yes, go ahead"),
 * questions and statements ("I don't remember the reservation ID") are messages.
 */
export function classifyTypedPrompt(typed: string, isTask: boolean): { type: ContextUnitType; text: string } {
  if (isTask) return { type: 'requirement', text: 'the task (first user prompt)' };
  // A constraint or a request shows in the first lines; a pasted log after them says nothing more of the kind.
  const opening = typed.length > TYPED_HEAD ? typed.slice(0, TYPED_HEAD) : typed;
  const constraint = CONSTRAINT.exec(opening);
  if (constraint !== null) return { type: 'requirement', text: `user constraint "${constraint[0].toLowerCase()}"` };
  if (typed.length <= ACK_MAX_CHARS && ACK.test(typed)) return { type: 'message', text: 'user acknowledgement' };
  if (INSTRUCTION.test(opening)) return { type: 'requirement', text: 'user instruction' };
  return { type: 'message', text: typed.endsWith('?') ? 'user question' : 'user statement' };
}
