/**
 * A model of the user's own, as the inspector sends it to the worker, and the summarizer options it stands for: one
 * place decides the browser's extras (Anthropic's header for calls from a page) for the lanes and the dialog's test.
 */
import type { ModelProtocol, ModelSummarizerOptions } from '../core';

export interface LaneModelSettings {
  protocol: ModelProtocol;
  /** An http(s) URL, without the endpoint's own path. */
  baseUrl: string;
  model: string;
  /** Empty or absent: none (a local server). */
  apiKey?: string;
}

/** Options for `createModelSummarizer` from a page: a key only when given, Anthropic's browser header with a key. */
export function modelSummarizerOptions(settings: LaneModelSettings, extra: Partial<ModelSummarizerOptions> = {}): ModelSummarizerOptions {
  const key = settings.apiKey?.trim() ?? '';
  return {
    protocol: settings.protocol,
    baseUrl: settings.baseUrl.trim(),
    model: settings.model.trim(),
    ...(key !== '' ? { apiKey: key } : {}),
    // Anthropic refuses a call made from a page unless it says it knows the key is exposed to that page.
    ...(settings.protocol === 'anthropic' && key !== '' ? { headers: { 'anthropic-dangerous-direct-browser-access': 'true' } } : {}),
    ...extra,
  };
}
