import type { Detection, TranscriptSource } from '../format-types';
import { isRecord } from '../is-record';
import { DETECTION_SAMPLE } from '../message-list';
import { mismatch } from '../mismatch';

/**
 * A Gemini CLI session: JSON `{ sessionId, projectHash, messages: [{ id, type: 'user' | 'gemini' | …, content }] }`,
 * or JSONL (v0.39+) whose first line is `{ sessionId, projectHash, … }` and whose other lines are such records,
 * `$set` or `$rewindTo`. No other format has `type: 'gemini'` records, so a session with its ids reads as certain
 * once one record is typed `user` or `gemini`, and a record it cannot read is the parser's warning, not a refusal.
 * Typed records without the session's ids read with less confidence, and only when every record fits. Records are
 * `type`d, never `role`d, so no message-array format reads these files.
 */
export function detectGeminiCli(source: TranscriptSource): Detection {
  if (source.kind === 'lines') {
    const [first, ...rest] = source.lines;
    const meta = isRecord(first?.value) && typeof first.value.sessionId === 'string' && typeof first.value.projectHash === 'string';
    let gemini = false;
    let misfit: Detection | undefined;
    for (const { line, value } of (meta ? rest : source.lines).slice(0, DETECTION_SAMPLE)) {
      if (isRecord(value) && ('$set' in value || '$rewindTo' in value)) {
        const listed = isRecord(value.$set) && Array.isArray(value.$set.messages) ? value.$set.messages : [];
        if (listed.some((m) => isRecord(m) && (m.type === 'user' || m.type === 'gemini'))) gemini = true;
        continue;
      }
      if (!isRecord(value) || typeof value.id !== 'string' || typeof value.type !== 'string' || 'message' in value || 'role' in value) {
        misfit ??= mismatch(`line ${line} is neither a Gemini CLI message record (\`id\`, \`type\`) nor \`$set\` / \`$rewindTo\``, meta ? line : 0);
        continue;
      }
      if (value.type === 'user' || value.type === 'gemini') gemini = true;
    }
    if (meta && gemini) return { reads: true, confidence: 0.99, reason: 'a Gemini CLI session log (JSONL, v0.39+): a `sessionId` and `projectHash` line, then message records' };
    if (misfit !== undefined) return misfit;
    return gemini
      ? { reads: true, confidence: 0.7, reason: 'records typed `user`/`gemini` with ids, as Gemini CLI writes them' }
      : mismatch('no line is a Gemini CLI `user` or `gemini` record', meta ? 1 : 0);
  }
  const { value } = source;
  if (!isRecord(value) || !Array.isArray(value.messages)) return mismatch('it is not an object with a `messages` list');
  const session = typeof value.sessionId === 'string' && typeof value.projectHash === 'string';
  const messages: unknown[] = value.messages;
  let gemini = false;
  let misfit: Detection | undefined;
  for (let i = 0; i < messages.length && i < DETECTION_SAMPLE; i++) {
    const m = messages[i];
    if (!isRecord(m) || typeof m.type !== 'string' || 'role' in m) {
      misfit ??= mismatch(`messages[${i}] has no \`type\` (Gemini CLI records are typed user/gemini/info/error)`, i + 1);
      continue;
    }
    if (m.type === 'user' || m.type === 'gemini') gemini = true;
  }
  if (session && gemini) return { reads: true, confidence: 0.99, reason: 'a Gemini CLI session: sessionId, projectHash and messages typed user/gemini' };
  if (misfit !== undefined) return misfit;
  if (!gemini) return mismatch('no message is typed `user` or `gemini`', messages.length);
  return { reads: true, confidence: 0.7, reason: 'messages typed user/gemini as Gemini CLI writes them' };
}
