export { createInspectorStore, lowerBound, positionOf, upperBound } from './inspector-store';
export type { InspectorActions, InspectorState, InspectorStore, LoadingStatus } from './inspector-store';
export { InspectorContext, useInspector, useInspectorStore } from './hooks';
export { decodeView, encodeView, hasFilters, NO_FILTERS, ROLE_NAMES } from './view';
export type { Filters, RoleName, ViewState } from './view';
export { SUMMARY_ROW, visibleRows, partnersOf, planFor } from './visible-rows';
export { readThemePreference, writeThemePreference, type ThemePreference } from './theme';
