import type { SweepSetting } from './types';

/**
 * A setting as one stable string, equal for the same setting in any transcript of a corpus:
 * `sliding-window maxTokens=50000 stateless`, `summarize maxTokens=6400 live>102400`, `none stateless`.
 */
export function settingKey(setting: SweepSetting): string {
  const options = Object.keys(setting.options)
    .sort()
    .map((key) => ` ${key}=${setting.options[key]}`)
    .join('');
  const trigger = setting.trigger;
  const when = trigger === undefined ? '' : trigger.kind === 'tokens' ? `>${trigger.over}` : trigger.kind === 'every' ? `/${trigger.requests}` : `@${trigger.of}x${trigger.window}`;
  return `${setting.strategy}${options} ${setting.mode}${when}`;
}
