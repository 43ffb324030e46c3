/**
 * Opening a transcript, and opening the loaded file again (another conversation, scope, repair or encoding): the
 * inspector's actions that go to the worker for a new document and adopt what it answers.
 */
import { formatNumber, getStrategy } from '../core';
import type { LoadOutcome, PruneClient } from '../worker/client';
import { laneLabels, type LaneSpec } from '../worker/lanes';
import { NO_FILTERS } from './view';
import { planRequestOf, withItems, type Inspector, type InspectorActions, type InspectorState } from './inspector-state';
import { lanesFromView } from './lane-actions';
import type { navigationActions } from './navigation-actions';
import { DEFAULT_PANEL } from './panels';

type Set = (partial: Partial<InspectorState>) => void;
type Get = () => Inspector;
type Navigation = ReturnType<typeof navigationActions>;

const EMPTY = new Int32Array(0);

export function loadActions(set: Set, get: Get, client: PruneClient, navigation: Navigation): Pick<InspectorActions, 'load' | 'prepareLoad' | 'selectConversation' | 'setScope' | 'setEncoding' | 'setRepair'> {
  const adopt = (outcome: LoadOutcome, selected: number | undefined, fresh: Partial<InspectorState> = {}) => adoptLoaded(set, get, navigation, outcome, selected, fresh);
  const reopen = (index: number, partial: Partial<InspectorState>) => reopenConversation(set, get, client, adopt, index, partial);

  return {
    prepareLoad() {
      client.prepareNextLoad();
    },
    async load(source, view) {
      const fileName = source.kind === 'text' ? (source.fileName ?? 'pasted transcript') : source.fileName;
      set({ loading: { fileName, phase: 'reading', startedAt: Date.now() } });
      const before = { lanes: get().lanes, filters: get().filters, focus: get().focus };
      if (view) set({ ...lanesFromView(get(), view), scope: view.scope ?? 'auto', repair: view.repair ?? true });
      const { lanes, scope, repair } = get();
      // Pins and filters name the old file's messages and tools: a new file starts without them (a link brings its own).
      const pinned = view ? get().pinned : [];
      const outcome = await client.load(source, {
        // A new file starts from its own default budget, in the unit the user is working in.
        plan: { lanes, pinned, ...(view?.budget ? { budget: view.budget } : { unit: get().budget.unit }) },
        open: { scope, repair, encoding: get().encoding },
        ...(view?.conversation !== undefined ? { conversation: view.conversation } : {}),
        onProgress: (phase, bytes) => {
          const loading = get().loading;
          if (loading) set({ loading: { ...loading, phase, ...(bytes !== undefined ? { bytes } : {}) } });
        },
      });
      if (outcome.status === 'stale') return outcome;
      if (outcome.status === 'error') {
        // The previous transcript stays loaded, and so does its view; the error shows in place. The load cancelled
        // its lanes' slow plans and verdicts: ask for them again (its counting goes on, and re-plans when done).
        set({ loading: undefined, loadError: outcome.error, ...(view ? before : {}) });
        const { doc } = get();
        if (doc) client.setPlan(doc.docId, planRequestOf(get()));
        get().announce(`Could not load ${outcome.error.fileName ?? fileName}: ${outcome.error.message}`);
        return outcome;
      }
      if (view?.fingerprint && view.fingerprint !== outcome.doc.fingerprint) {
        // A link made for another file: say so, and open this one as if there were no link.
        set({ lanes: before.lanes, pinned: [], filters: NO_FILTERS, focus: undefined, scope: 'auto', repair: true, viewNotice: 'This link was made for another transcript, so its view was not applied.' });
        return get().load(source);
      }
      set({ source, ...(view ? { panel: view.panel ?? DEFAULT_PANEL } : {}) });
      adopt(outcome, view?.selected, view ? {} : { pinned: [], filters: NO_FILTERS });
      return outcome;
    },

    async selectConversation(index) {
      const doc = get().doc;
      if (!doc || index === doc.conversationIndex) return;
      await reopen(index, { pinned: [] });
    },

    async setScope(scope) {
      const doc = get().doc;
      if (!doc || scope === doc.scope) return;
      set({ scope });
      await reopen(doc.conversationIndex, { pinned: [] });
    },

    setEncoding(encoding) {
      const { doc } = get();
      set({ encoding });
      if (!doc) return;
      set({ countProgress: 0, countError: undefined });
      client.setEncoding(doc.docId, encoding, planRequestOf(get()));
    },

    async setRepair(on) {
      const doc = get().doc;
      if (!doc || on === doc.repair.on) return;
      set({ repair: on });
      await reopen(doc.conversationIndex, { pinned: [] });
    },
  };
}

/** Shows what a load answered: the new document, its rows and plans, with the selection it asked for. */
function adoptLoaded(set: Set, get: Get, navigation: Navigation, outcome: LoadOutcome, selected: number | undefined, fresh: Partial<InspectorState>): void {
  if (outcome.status !== 'loaded') return;
  const { doc, rows, budget, plans } = outcome;
  const sel = selected !== undefined && selected < doc.count ? selected : -1;
  const byLane: InspectorState['plans'] = {};
  for (const plan of plans) byLane[plan.laneId] = plan;
  set(
    withItems(get(), {
      ...fresh,
      loading: undefined,
      loadError: undefined,
      doc,
      rows,
      budget,
      plans: byLane,
      scorecards: {},
      laneErrors: {},
      verdicts: {},
      selected: sel,
      hovered: -1,
      matches: EMPTY,
      matchMask: undefined,
      detail: undefined,
      jumpNotice: undefined,
      scrollSeq: get().scrollSeq + 1,
    }),
  );
  get().announce(loadAnnouncement(get()));
  if (sel >= 0) navigation.requestDetail(sel);
  if (get().query.trim()) navigation.runSearch();
}

/** Opens a conversation of the loaded file again (another one, another scope, repair switched). */
async function reopenConversation(set: Set, get: Get, client: PruneClient, adopt: (outcome: LoadOutcome, selected: undefined) => void, index: number, partial: Partial<InspectorState>): Promise<void> {
  const doc = get().doc;
  if (!doc) return;
  const another = index === doc.conversationIndex ? {} : { conversation: index };
  set({ loading: { fileName: doc.fileName, phase: 'analyzing', startedAt: Date.now(), ...another }, ...partial });
  const { lanes, budget, pinned, scope, repair } = get();
  // The same conversation keeps its budget (the worker clamps it); another one starts from its own default.
  const plan = index === doc.conversationIndex ? { lanes, pinned, budget } : { lanes, pinned, unit: budget.unit };
  const outcome = await client.reopen(doc.docId, index, { scope, repair, encoding: get().encoding }, plan);
  if (outcome.status === 'error') {
    set({ loading: undefined, loadError: outcome.error });
    client.setPlan(doc.docId, planRequestOf(get()));
  }
  else adopt(outcome, undefined);
}

function loadAnnouncement(s: InspectorState): string {
  const { doc } = s;
  if (!doc) return '';
  const labels = laneLabels(s.lanes);
  const bound = s.budget.unit === 'tokens' ? `${formatNumber(s.budget.value)} tokens` : `${formatNumber(s.budget.value)} ${s.budget.value === 1 ? 'message' : 'messages'}`;
  const lanes = s.lanes
    .map((lane: LaneSpec, k) => {
      const plan = s.plans[lane.id];
      if (!plan) return `${labels[k]} is planning`;
      const parts = [`keeps ${plan.kept}`];
      if (plan.summarized > 0) parts.push(`summarizes ${plan.summarized}`);
      if (plan.masked > 0) parts.push(`masks ${plan.masked}`);
      return `${labels[k] ?? getStrategy(lane.strategy).label} ${parts.join(' and ')}`;
    })
    .join(', ');
  return (
    `Loaded ${doc.fileName}${doc.conversations.length > 1 ? `, ${doc.conversationTitle}` : ''}: ${doc.count} messages` +
    (doc.systemChars > 0 ? ` and a ${doc.systemChars}-character system prompt, never pruned` : '') +
    (doc.warningCount > 0 ? `; ${doc.warningCount} ${doc.warningCount === 1 ? 'parse warning' : 'parse warnings'}` : '') +
    `. Budget ${bound}: ${lanes}.`
  );
}
