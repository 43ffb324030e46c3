/** The inspector's state, free of React (hooks are in `react.ts`): usable from tests, benches and other renderers. */
export { createInspectorStore, type InspectorStore } from './inspector-store';
export { createAdvisorStore, type AdvisorState, type AdvisorStore } from './advisor-store';
export { laneOfSetting, type LaneOfSetting } from './advisor-lane';
export { createReplayStore, DEFAULT_REPLAY_SETTINGS, type ReplayState, type ReplayStore } from './replay-store';
export type { Inspector, InspectorActions, InspectorState, JumpNotice, LoadingStatus } from './inspector-state';
export { laneStatus, lanePlans, modalOpen, planRequestOf } from './inspector-state';
export { MAX_LANES } from './lane-actions';
export { jumpToPartner } from './navigation-actions';
export { lowerBound, positionOf, upperBound } from './bounds';
export { DEFAULT_PANEL, PANELS, isPanelId, panelForKey, type Panel, type PanelId } from './panels';
export { decodeView, encodeView, hasFilters, NO_FILTERS, ROLE_NAMES, EMPTY_VIEW } from './view';
export type { Filters, LaneOptions, LaneView, RoleName, ViewState } from './view';
export { visibleRows, partnersOf, isExtra, extraOf, type ExtraRow } from './visible-rows';
export { readThemePreference, writeThemePreference, type ThemePreference } from './theme';
export { readExplainerDismissed, writeExplainerDismissed } from './explainer';
