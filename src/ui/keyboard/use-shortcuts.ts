import { useEffect } from 'react';
import { jumpToPartner, modalOpen, panelForKey, type InspectorStore } from '../../state';
import { useInspectorStore } from '../../state/react';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (target as HTMLInputElement).type;
    return !['checkbox', 'radio', 'button', 'file', 'range', 'submit', 'reset'].includes(type);
  }
  return false;
}

/** Global shortcuts (see the help dialog). Ignored while typing in a field. */
export function useShortcuts(): void {
  const store = useInspectorStore();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      if (runShortcut(e, store)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);
}

/** Does what `e.key` means (see the help dialog) and says whether it meant anything here. */
export function runShortcut(e: Pick<KeyboardEvent, 'key' | 'target'>, store: InspectorStore): boolean {
  const s = store.getState();
  if (modalOpen(s)) return false;
  if (isTyping(e.target)) return false;
  const onControl = e.target instanceof HTMLElement && e.target.closest('button, a, [role="grid"]') !== null;
  let handled = true;
  switch (e.key) {
    case 'j':
      s.moveSelection(1);
      break;
    case 'k':
      s.moveSelection(-1);
      break;
    case 'ArrowDown':
    case 'ArrowUp':
      if (onControl && !(e.target instanceof HTMLElement && e.target.closest('[role="grid"]'))) handled = false;
      else s.moveSelection(e.key === 'ArrowDown' ? 1 : -1);
      break;
    case 'ArrowLeft':
    case 'ArrowRight': {
      // The lane cells' readout lives with the grid: with nothing focused (a click on text), focus goes there and the
      // grid takes the key. Anywhere else (a slider, a tab list, a field) the arrow is that control's.
      const unfocused = !(e.target instanceof HTMLElement) || e.target === document.body || e.target === document.documentElement;
      const grid = unfocused ? document.querySelector<HTMLElement>('[role="grid"]') : null;
      if (grid === null) {
        handled = false;
        break;
      }
      grid.focus();
      grid.dispatchEvent(new KeyboardEvent('keydown', { key: e.key, bubbles: true, cancelable: true }));
      break;
    }
    case 'g':
      s.moveSelection('first');
      break;
    case 'G':
      s.moveSelection('last');
      break;
    case 'Enter':
      if (onControl && !(e.target instanceof HTMLElement && e.target.closest('[role="grid"]'))) handled = false;
      else s.openDetail();
      break;
    case '/':
      document.getElementById('search-input')?.focus();
      break;
    case '?':
      s.setHelpOpen(true);
      break;
    case 'p':
      jumpToPartner(store, s.selected);
      break;
    case 'P':
      if (s.selected >= 0) s.togglePin(s.selected);
      break;
    case '[':
    case ']':
    case '{':
    case '}': {
      // Messages step by one (ten with Shift); tokens by 1% of the transcript (10% with Shift).
      const big = e.key === '{' || e.key === '}';
      const up = e.key === ']' || e.key === '}';
      const unit = s.budget.unit === 'tokens' ? Math.max(1, Math.round((s.doc?.totalTokens ?? 0) / 100)) : 1;
      s.setBudget({ unit: s.budget.unit, value: s.budget.value + (up ? 1 : -1) * unit * (big ? 10 : 1) });
      break;
    }
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7':
    case '8':
    case '9': {
      const lane = s.lanes[Number(e.key) - 1];
      if (!lane) {
        handled = false;
        break;
      }
      s.setFocus(s.focus === lane.id ? undefined : lane.id);
      break;
    }
    case 'Escape':
      s.hover(-1);
      handled = false;
      break;
    default: {
      const panel = panelForKey(e.key, s.panel);
      if (panel) s.setPanel(panel);
      else handled = false;
    }
  }
  return handled;
}
