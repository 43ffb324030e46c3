import type { GridSetting } from './list-sweep-settings';

/**
 * The grid's settings in the runs a sweep replays them in: one run per strategy, mode and trigger, in the order each
 * first appears, each run's settings in grid order. No pruning rides with the first strategy's run (its baseline).
 */
export function groupSweepSettings(settings: readonly GridSetting[]): GridSetting[][] {
  const groups = new Map<string, GridSetting[]>();
  for (const setting of settings) {
    const trigger = setting.trigger === undefined ? '' : JSON.stringify(setting.trigger);
    const group = `${setting.strategy === 'none' ? (settings[1]?.strategy ?? 'none') : setting.strategy} ${setting.mode} ${trigger}`;
    const list = groups.get(group);
    if (list === undefined) groups.set(group, [setting]);
    else list.push(setting);
  }
  return [...groups.values()];
}
