import { lazy } from 'react';

export { TopBar } from './layout/top-bar';
export { Timeline } from './timeline/timeline';
export { JumpNoticeBar } from './timeline/timeline-head';
export { DetailPane, DetailToggle } from './detail/detail-pane';
export { FilterBar, SearchBox } from './filters/filter-bar';
export { LoadStatus } from './load/load-status';
export { DropOverlay, useGlobalDropAndPaste } from './load/load-controls';
export { HelpDialog } from './help/help-dialog';
export { Explainer } from './help/explainer';
export { useShortcuts } from './keyboard/use-shortcuts';
export { applyTheme } from './theme/theme-toggle';
export { Announcer } from './layout/announcer';
export { PanelTabs } from './replay/panel-tabs';
/** The Replay view and its charting library load only when it is first opened. */
export const ReplayPanel = lazy(() => import('./replay/replay-panel'));
