import { isRecord } from '../is-record';

/**
 * An observation event rebuilt to say `text` (a masked or repaired result), the inverse of `observationText`: the
 * decorations OpenHands adds when it sends the observation are taken off again (or emptied, for a command's prefix
 * and suffix the new text no longer has), so reading it back gives `text`. Everything else stays as it was.
 */
export function observationWithText(event: Record<string, unknown>, text: string): Record<string, unknown> {
  const out: Record<string, unknown> = { ...event };
  const extras = isRecord(event.extras) ? event.extras : undefined;
  const strip = (prefix: string, suffix: string): string | undefined =>
    text.startsWith(prefix) && text.endsWith(suffix) && text.length >= prefix.length + suffix.length ? text.slice(prefix.length, text.length - suffix.length) : undefined;
  switch (event.observation) {
    case 'run': {
      const metadata = isRecord(extras?.metadata) ? extras.metadata : {};
      const lead = `${isRecord(event.tool_call_metadata) ? '' : '\nObserved result of command executed by user:\n'}`;
      const prefix = typeof metadata.prefix === 'string' ? metadata.prefix : '';
      const suffix = typeof metadata.suffix === 'string' ? metadata.suffix : '';
      const body = strip(`${lead}${prefix}`, suffix);
      if (body !== undefined) out.content = body;
      else {
        out.content = strip(lead, '') ?? text;
        if (extras !== undefined) out.extras = { ...extras, metadata: { ...metadata, prefix: '', suffix: '' } };
      }
      return out;
    }
    case 'error':
      out.content = strip('', '\n[Error occurred in processing last action]') ?? text;
      return out;
    case 'user_rejected':
      out.content = strip('OBSERVATION:\n', '\n[Last action has been rejected by the user]') ?? text;
      return out;
    case 'edit':
      if (extras !== undefined && extras.impl_source === 'oh_aci' && typeof extras.formatted_output_and_error === 'string') {
        out.extras = { ...extras, formatted_output_and_error: text };
      } else out.content = text;
      return out;
    case 'delegate':
      out.content = text;
      if (extras !== undefined && isRecord(extras.outputs) && 'content' in extras.outputs) out.extras = { ...extras, outputs: { ...extras.outputs, content: text } };
      return out;
    default:
      out.content = text;
      return out;
  }
}
