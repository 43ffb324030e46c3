/**
 * Where a model of the user's own is (issue 22), as the inspector keeps it: the endpoint, protocol and model in
 * localStorage, the key only when the user asks for it to be remembered (else it lives in the page's memory and goes
 * when the tab does). Never in the URL: the hash keeps the view alone.
 */
import type { LaneModelSettings } from '../worker/model-options';

export type ModelProtocolChoice = 'anthropic' | 'openai-chat' | 'openai-responses';

export interface ModelSettings {
  protocol: ModelProtocolChoice;
  /** Empty: no model (the default). */
  baseUrl: string;
  model: string;
  apiKey: string;
  rememberKey: boolean;
  /** The lanes' summaries are written by the model (off by default: extractive, nothing leaves the page). */
  summarizeLanes: boolean;
}

export const NO_MODEL: ModelSettings = { protocol: 'openai-chat', baseUrl: '', model: '', apiKey: '', rememberKey: false, summarizeLanes: false };

const KEY = 'prunescope:model';
const PROTOCOLS: readonly ModelProtocolChoice[] = ['anthropic', 'openai-chat', 'openai-responses'];

/** The stored settings, or `NO_MODEL`; anything unreadable is ignored rather than trusted. */
export function readModelSettings(storage: Pick<Storage, 'getItem'> | undefined = safeStorage()): ModelSettings {
  try {
    const raw = storage?.getItem(KEY);
    if (!raw) return NO_MODEL;
    const value = JSON.parse(raw) as Partial<Record<keyof ModelSettings, unknown>>;
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    return {
      protocol: PROTOCOLS.includes(value.protocol as ModelProtocolChoice) ? (value.protocol as ModelProtocolChoice) : NO_MODEL.protocol,
      baseUrl: text(value.baseUrl),
      model: text(value.model),
      apiKey: value.rememberKey === true ? text(value.apiKey) : '',
      rememberKey: value.rememberKey === true,
      summarizeLanes: value.summarizeLanes === true,
    };
  } catch {
    return NO_MODEL;
  }
}

/** Stores the settings; the key only with `rememberKey`. Where storage is off, they last for this page only. */
export function writeModelSettings(settings: ModelSettings, storage: Pick<Storage, 'setItem'> | undefined = safeStorage()): void {
  const { apiKey, ...rest } = settings;
  try {
    storage?.setItem(KEY, JSON.stringify(settings.rememberKey ? { ...rest, apiKey } : rest));
  } catch {
    // Private mode or a full quota: the settings last for this page only.
  }
}

/**
 * What the worker is given for the lanes' summaries: the model when the user asked for the lanes to use it and the
 * endpoint and model are filled in, else null (extractive summaries, nothing sent).
 */
export function lanesModel(settings: ModelSettings): LaneModelSettings | null {
  return settings.summarizeLanes ? probesModel(settings) : null;
}

/** The model of the settings whenever its endpoint and name are filled in (what a user's explicit ask uses), else null. */
export function probesModel(settings: ModelSettings): LaneModelSettings | null {
  if (endpointOrigin(settings.baseUrl) === undefined || settings.model.trim() === '') return null;
  return { protocol: settings.protocol, baseUrl: settings.baseUrl.trim(), model: settings.model.trim(), ...(settings.apiKey !== '' ? { apiKey: settings.apiKey } : {}) };
}

/** `scheme://host[:port]` of the endpoint, or undefined while it is not an http(s) URL. */
export function endpointOrigin(baseUrl: string): string | undefined {
  try {
    const url = new URL(baseUrl.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a Content-Security-Policy lets the page connect to `origin`: its connect-src (else default-src) names
 * that origin, `*`, its scheme, or `'self'` for the page's own. No policy: yes.
 */
export function policyAllows(policy: string | undefined, origin: string, pageOrigin: string): boolean {
  if (policy === undefined || policy.trim() === '') return true;
  const directives = new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name.toLowerCase(), sources] as const;
    }),
  );
  const sources = directives.get('connect-src') ?? directives.get('default-src');
  if (sources === undefined) return true;
  const scheme = `${origin.split(':')[0]}:`;
  return sources.some((source) => source === '*' || source === scheme || source.replace(/\/+$/, '') === origin || (source === "'self'" && origin === pageOrigin));
}

function safeStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
