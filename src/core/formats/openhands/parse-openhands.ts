import type { Message } from '../../types';
import { conversationTitle } from '../conversation-title';
import type { CompactionBoundary, ConversationOf, MessageAnnotation, ParseContext, TranscriptSource } from '../format-types';
import { isRecord } from '../is-record';
import { convertOpenHandsEvents } from './convert-openhands-events';
import { openHandsRuns } from './openhands-runs';
import { openHandsView } from './openhands-view';

type Conversation = ConversationOf<'openhands'>;
type Rec = Record<string, unknown>;

/**
 * OpenHands event streams, one conversation per stream (see `convertOpenHandsEvents` for what each event becomes).
 *
 * The `system` action is the system prompt. Each `condensation` action is a compaction boundary: the messages before
 * it stay as they were sent, and after it come the messages OpenHands sent from then on (`openHandsView`: the events
 * it did not forget, each again a message of its own, with the summary where the condensation put it), then the
 * events that followed. Event ids are never renumbered: condensations name the events they forgot by id.
 */
export function parseOpenHands(source: TranscriptSource, { fileName, warnings, skipped }: ParseContext): Conversation[] {
  const runs = openHandsRuns(source);
  return runs.map((run, r) => {
    const events: Rec[] = [];
    run.events.forEach((event, k) => {
      if (isRecord(event)) events.push(event);
      else warnings.push({ ...(run.line !== undefined ? { line: run.line } : {}), message: `${run.path(k)} skipped: not a JSON object.` });
    });
    const system = events.find((event) => event.action === 'system');
    const rest = events.filter((event) => event !== system);
    const cuts = rest.flatMap((event, k) => (event.action === 'condensation' ? [k] : []));

    const messages: Message[] = [];
    const sources: Rec[][] = [];
    const annotations: (MessageAnnotation | undefined)[] = [];
    const boundaries: CompactionBoundary[] = [];
    const count = (types: readonly string[]): void => {
      for (const type of types) skipped.set(type, (skipped.get(type) ?? 0) + 1);
    };
    for (let s = 0; s <= cuts.length; s++) {
      const end = cuts[s] ?? rest.length;
      const condensation = s === 0 ? undefined : rest[cuts[s - 1] as number];
      const items = s === 0 ? rest.slice(0, end).map((event) => ({ event })) : openHandsView(rest.slice(0, end));
      const converted = convertOpenHandsEvents(items);
      // Bookkeeping is counted once: views list the events they kept again.
      if (s === 0) count(converted.skipped.filter((type) => type !== 'condensation'));
      const start = messages.length;
      messages.push(...converted.messages);
      sources.push(...converted.sources);
      annotations.push(...converted.annotations);
      if (condensation !== undefined && messages.length > start) {
        // A condensation without a summary is the source of no message: it goes with the first one after it.
        if (!converted.sources.some((list) => list.includes(condensation))) sources[start]?.unshift(condensation);
        boundaries.push({ messageIndex: start, kind: 'condensation', record: condensation });
      }
    }
    // Events no view lists (a condensation request between two condensations) go with the next condensation's
    // first message, or the last message, so export writes them back.
    const listed = new Set(sources.flat());
    for (const event of rest) {
      if (listed.has(event)) continue;
      const next = boundaries.find((b) => typeof b.record?.id === 'number' && typeof event.id === 'number' && b.record.id > event.id);
      (next === undefined ? sources[sources.length - 1] : sources[next.messageIndex])?.push(event);
    }
    if (cuts.length > 0) count(convertOpenHandsEvents(rest.slice(cuts[0]).map((event) => ({ event }))).skipped.filter((type) => type !== 'condensation'));

    const instance = run.instance;
    const conversation: Conversation = {
      id: instance ?? (runs.length > 1 ? `conversation-${r + 1}` : 'conversation-1'),
      title: instance !== undefined ? `Instance ${instance}` : conversationTitle(messages, fileName ?? 'OpenHands events'),
      format: 'openhands',
      messages,
      sources,
      layout: run.envelope === undefined ? { kind: 'array' } : run.line === undefined ? { kind: 'object', key: 'history' } : { kind: 'jsonl' },
    };
    if (system !== undefined) {
      const args = isRecord(system.args) ? system.args : {};
      conversation.system = typeof args.content === 'string' ? args.content : '';
      conversation.systemSources = [system];
    }
    if (run.envelope !== undefined) conversation.envelope = run.envelope;
    if (run.line !== undefined) conversation.sourceLines = sources.map((list) => list.map(() => run.line as number));
    if (annotations.some((a) => a !== undefined)) conversation.annotations = annotations;
    if (boundaries.length > 0) conversation.boundaries = boundaries;
    return conversation;
  });
}
