import { isRecord } from '../is-record';

const ERROR_SUFFIX = '\n[Error occurred in processing last action]';
const REJECTED_PREFIX = 'OBSERVATION:\n';
const REJECTED_SUFFIX = '\n[Last action has been rejected by the user]';
const USER_RUN = '\nObserved result of command executed by user:\n';
const IMAGE_LINE = '![image](data:image/png;base64,';

/**
 * The text OpenHands' `ConversationMemory` sends the model for an observation, and whether it reads as an error:
 * a command's output between its `prefix` and `suffix` (the "[The command completed with exit code N.]" line), an
 * error with "[Error occurred in processing last action]" after it, a rejection between "OBSERVATION:" and "[Last
 * action has been rejected by the user]", an ACI edit's `formatted_output_and_error` (the editor's message, not the
 * diff shown to the user), a delegate's `outputs.content`, IPython output with inline base64 images
 * replaced as OpenHands replaces them, anything else its `content`. A command the user ran (no tool call) is
 * introduced as such. Its truncation to `max_message_chars` is not applied: the file does not say the limit.
 */
export function observationText(event: Record<string, unknown>): { text: string; isError: boolean } {
  const content = typeof event.content === 'string' ? event.content : '';
  const extras = isRecord(event.extras) ? event.extras : {};
  switch (event.observation) {
    case 'run': {
      const metadata = isRecord(extras.metadata) ? extras.metadata : {};
      const text = `${typeof metadata.prefix === 'string' ? metadata.prefix : ''}${content}${typeof metadata.suffix === 'string' ? metadata.suffix : ''}`;
      return { text: isRecord(event.tool_call_metadata) ? text : `${USER_RUN}${text}`, isError: false };
    }
    case 'error':
      return { text: `${content}${ERROR_SUFFIX}`, isError: true };
    case 'user_rejected':
      return { text: `${REJECTED_PREFIX}${content}${REJECTED_SUFFIX}`, isError: true };
    case 'edit':
      // An ACI edit (`impl_source: oh_aci`) sent the editor's message, not the diff `content` shows the user.
      return { text: extras.impl_source === 'oh_aci' && typeof extras.formatted_output_and_error === 'string' ? extras.formatted_output_and_error : content, isError: false };
    case 'delegate': {
      const outputs = isRecord(extras.outputs) ? extras.outputs : {};
      return { text: typeof outputs.content === 'string' ? outputs.content : content, isError: false };
    }
    case 'run_ipython':
      return {
        text: content
          .split('\n')
          .map((line) => (line.includes(IMAGE_LINE) ? '![image](data:image/png;base64, ...) already displayed to user' : line))
          .join('\n'),
        isError: false,
      };
    default:
      return { text: content, isError: false };
  }
}
