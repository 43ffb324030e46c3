/** The price table's providers as people name them; the table's own id (its prefix before `/`) otherwise. */
const PROVIDERS: Readonly<Record<string, string>> = {
  alibaba: 'Alibaba (Qwen)',
  amazon: 'Amazon',
  anthropic: 'Anthropic',
  deepseek: 'DeepSeek',
  google: 'Google',
  meituan: 'Meituan',
  meta: 'Meta',
  minimax: 'MiniMax',
  mistral: 'Mistral',
  moonshotai: 'Moonshot AI',
  openai: 'OpenAI',
  'prime-intellect': 'Prime Intellect',
  stealth: 'Stealth',
  vercel: 'Vercel',
  xai: 'xAI',
  zai: 'Z.ai',
};

/** A price-table provider's name for people: "OpenAI" for `openai`, "Alibaba (Qwen)" for `alibaba`; an unknown id capitalized. */
export function providerLabel(id: string): string {
  return PROVIDERS[id] ?? `${id[0]?.toUpperCase() ?? ''}${id.slice(1)}`;
}
