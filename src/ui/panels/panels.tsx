/**
 * What each of `PANELS` (state/panels.ts) draws: its main area and, optionally, its tools in the bar under the top
 * bar. Keyed by panel id, so a panel added to the list without its view here does not compile.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import type { PanelId } from '../../state';
import { useInspector } from '../../state/react';
import { DetailPane, DetailToggle } from '../detail/detail-pane';
import { FilterBar, SearchBox } from '../filters/filter-bar';
import { Timeline } from '../timeline/timeline';
import { JumpNoticeBar } from '../timeline/timeline-head';

/** The Replay view and its charting library load only when it is first opened. */
const ReplayPanel = lazy(() => import('../replay/replay-panel'));
/** The Advisor view too: it draws with the same library. */
const AdvisorPanel = lazy(() => import('../advisor/advisor-panel'));

interface PanelView {
  main: ComponentType;
  toolbar?: ComponentType;
}

export const PANEL_VIEWS: Record<PanelId, PanelView> = {
  timeline: { main: TimelineMain, toolbar: TimelineTools },
  replay: { main: ReplayMain },
  advisor: { main: AdvisorMain },
};

function TimelineMain() {
  // Nothing while the first transcript opens: the timeline's head, drawn empty, filled in when it came (the facts are
  // six lines for the sample) and pushed the rows down (a load-time shift, CLS 0.05–0.08). Drawn whole, it does not.
  const opening = useInspector((s) => s.doc === undefined && s.loading !== undefined);
  return (
    <>
      {opening ? <div className="min-w-0 flex-1" aria-busy="true" /> : <Timeline />}
      <DetailPane />
    </>
  );
}

function TimelineTools() {
  return (
    <>
      <search aria-label="Search and filter messages" className="flex min-w-0 flex-1 flex-wrap items-center gap-x-5 gap-y-2">
        <SearchBox />
        <FilterBar />
      </search>
      <DetailToggle />
      {/* Beside the filters it is about, never under the details drawer: what a jump cleared, and the way back. */}
      <JumpNoticeBar />
    </>
  );
}

function ReplayMain() {
  return (
    <Suspense fallback={<p className="p-4 text-sm text-zinc-600 dark:text-zinc-400">Loading the replay…</p>}>
      <ReplayPanel />
    </Suspense>
  );
}

function AdvisorMain() {
  return (
    <Suspense fallback={<p className="p-4 text-sm text-zinc-600 dark:text-zinc-400">Loading the advisor…</p>}>
      <AdvisorPanel />
    </Suspense>
  );
}

/** The open panel's main area. */
export function PanelMain() {
  const Main = PANEL_VIEWS[useInspector((s) => s.panel)].main;
  return <Main />;
}

/** The open panel's tools, if it has any. */
export function PanelToolbar() {
  const Toolbar = PANEL_VIEWS[useInspector((s) => s.panel)].toolbar;
  return Toolbar ? <Toolbar /> : null;
}
