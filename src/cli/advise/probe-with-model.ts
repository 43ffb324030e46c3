import { analyzeTranscript, askProbes, countMessageTokens, createTokenCounter, findProbes, planPrune, probePrompts, type ModelSummarizer, type SweepSetting } from '../../lib/index';
import { encodingForFormat } from '../../lib/formats';
import type { Io } from '../io';
import type { ConversationTask } from '../report/types';
import { errorText } from '../report/analyze-conversation';
import type { AdviseSettings, ModelProbeOutcome } from './types';

/**
 * The recommended setting's pruned context (the whole conversation planned at its bound, as the sweep scores loss)
 * asked the probe questions by the model, beside the full context. With `show`, the prompts are written and nothing
 * is sent. Says on stderr where each conversation goes before it is sent.
 */
export async function probeWithModel(
  io: Io,
  task: ConversationTask,
  setting: SweepSetting,
  settings: AdviseSettings,
  model: ModelSummarizer | undefined,
): Promise<ModelProbeOutcome> {
  const base = { file: task.file, id: task.id };
  if (setting.strategy === 'none') return { ...base, note: 'the recommendation is not to prune: nothing is lost' };
  try {
    const counter = await createTokenCounter({ encoding: settings.encoding === 'auto' ? encodingForFormat(task.format) : settings.encoding });
    const analysis = analyzeTranscript(task.messages, { tokens: countMessageTokens(task.messages, counter), counter });
    const plan = planPrune(analysis, { strategy: setting.strategy, ...setting.options } as unknown as Parameters<typeof planPrune>[1]);
    const probes = findProbes(task.messages);
    if (model === undefined) {
      for (const prompt of probePrompts(task.messages, plan, probes)) {
        io.stdout(`--- ${task.file} (${task.id}) · ${prompt.kind} · ${prompt.probeIds.length} probes\nsystem: ${prompt.system}\n\nfull context:\n${prompt.full}\n\npruned context:\n${prompt.pruned}\n\n`);
      }
      return { ...base, note: 'prompts shown, nothing sent' };
    }
    io.stderr(`${task.file} (${task.id}): asking ${model.model} at ${model.url} about ${probes.length} probes (the conversation is sent there)\n`);
    const report = await askProbes(task.messages, plan, probes, model.complete);
    return { ...base, report };
  } catch (error) {
    return { ...base, error: errorText(error) };
  }
}

/** The model-answered probes in words, beside the deterministic loss. */
export function modelProbesText(outcomes: readonly ModelProbeOutcome[], modelName: string): string {
  // `--probe-prompts` without a model writes the prompts and sends nothing: there is no model to name.
  const lines = [
    modelName === ''
      ? '\nProbe prompts (nothing sent: --probe-model names the model that would answer them):'
      : `\nProbes answered by ${modelName} (kept: the pruned context's answer states the fact the full context's answer states):`,
  ];
  for (const outcome of outcomes) {
    const where = `  ${outcome.file} (${outcome.id})`;
    if (outcome.report === undefined) {
      lines.push(`${where}: ${outcome.error ?? outcome.note ?? 'prompts shown, nothing sent'}`);
      continue;
    }
    const r = outcome.report;
    lines.push(`${where}: ${r.kept} kept, ${r.lost} lost, ${r.unanswerable} not answered from the full context either · loss ${(r.loss * 100).toFixed(1)}% · ${r.requests} requests`);
    for (const result of r.results) if (result.verdict === 'lost') lines.push(`    lost ${result.kind}: ${result.fact}`);
  }
  return `${lines.join('\n')}\n`;
}
