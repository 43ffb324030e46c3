import type { Message } from '../../types';
import type { ConversationOf, SerializeContext, SerializedText } from '../format-types';
import { jsonExport } from '../json-export';

/** Anthropic Messages JSON: the messages as they are, in the source's request body when it had one. */
export function serializeAnthropic(conversation: ConversationOf, messages: readonly Message[], { own, from }: SerializeContext): SerializedText {
  const layout = own ? conversation.layout : undefined;
  let value: unknown = messages;
  if (layout?.kind === 'object') value = { ...conversation.envelope, [layout.key]: messages };
  else if (!own && conversation.system !== undefined) value = { system: conversation.system, messages };
  return jsonExport(value, own ? undefined : `Written as Anthropic Messages JSON; the source was ${from}.`);
}
