import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { modalOpen } from '../../state';
import { useInspectorStore } from '../../state/react';
import { cx } from '../common/format';

export interface PopoverProps {
  /** What the button shows. */
  button: ReactNode;
  buttonClassName: string;
  /** The button's accessible name, when its text is not enough. */
  buttonLabel?: string;
  title?: string;
  /** The panel's accessible name. */
  panelLabel: string;
  width?: number;
  /**
   * The panel's content. A click on an element marked `data-popover-close` closes it and returns focus to the button;
   * so does a form inside it once submitted (its own `onSubmit` runs first).
   */
  children: ReactNode;
  /** Called whenever the panel closes (Escape, outside, a closer): a panel that shows a step resets it here. */
  onClose?: () => void;
}

/**
 * A disclosure button and its popover panel. Escape closes it and returns focus to the button, a click or focus
 * outside closes it, a window resize places it again under its button, and it closes when a modal dialog opens: it
 * never sits above one (dialogs live in the top layer; this panel is `fixed` with a modest z-index, placed under its
 * button so no `overflow: hidden` clips it).
 */
export function Popover({ button, buttonClassName, buttonLabel, title, panelLabel, width = 420, children, onClose }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<{ left: number; top: number; width: number } | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const store = useInspectorStore();

  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });
  const close = useCallback((restoreFocus = false) => {
    setOpen(false);
    setPlace(null);
    onCloseRef.current?.();
    if (restoreFocus) buttonRef.current?.focus();
  }, []);

  // A modal dialog opening closes the popover: it never stays above one, nor reappears after.
  useEffect(() => {
    if (!open) return;
    return store.subscribe((s) => {
      if (modalOpen(s)) close();
    });
  }, [open, store, close]);

  // Under its button, inside the window; again when the window changes size.
  const placeUnderButton = useCallback(() => {
    const rect = buttonRef.current?.getBoundingClientRect();
    if (!rect) return;
    const w = Math.min(width, window.innerWidth - 16);
    setPlace({ left: Math.max(8, Math.min(rect.left, window.innerWidth - w - 8)), top: rect.bottom + 6, width: w });
  }, [width]);
  useLayoutEffect(() => {
    if (open) placeUnderButton();
  }, [open, placeUnderButton]);

  useEffect(() => {
    if (!open) return;
    const inside = (target: EventTarget | null): boolean =>
      target instanceof Node && (panelRef.current?.contains(target) === true || buttonRef.current?.contains(target) === true);
    const onPointer = (e: PointerEvent) => {
      if (!inside(e.target)) close();
    };
    const onFocus = (e: FocusEvent) => {
      if (!inside(e.target)) close();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      // Ours alone: the page's own Escape (clear hover) need not run as well.
      e.stopPropagation();
      e.preventDefault();
      close(true);
    };
    // Placed again, not closed: a resize can come unasked (a scrollbar shown for a moment while lanes lay out), and
    // closing then took a panel away right after it opened.
    const onResize = () => placeUnderButton();
    document.addEventListener('pointerdown', onPointer, true);
    document.addEventListener('focusin', onFocus);
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('resize', onResize);
    return () => {
      document.removeEventListener('pointerdown', onPointer, true);
      document.removeEventListener('focusin', onFocus);
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('resize', onResize);
    };
  }, [open, close, placeUnderButton]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={buttonLabel}
        title={title}
        onClick={() => (open ? close() : setOpen(true))}
        className={buttonClassName}
      >
        {button}
      </button>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          role="group"
          aria-label={panelLabel}
          onClick={(e) => {
            const closer = e.target instanceof Element ? e.target.closest('[data-popover-close]') : null;
            // Never on a click that submits a form: closing unmounts the form before the browser submits it, and
            // the submission is dropped ("form is not connected"). The form's submit event closes the panel instead.
            if (closer && !isSubmitter(closer)) close(true);
          }}
          onSubmit={() => close(true)}
          style={{ left: place?.left ?? 0, top: place?.top ?? 0, width: place?.width ?? width, visibility: place ? 'visible' : 'hidden' }}
          className={cx(
            'scroll-thin fixed z-30 max-h-[min(60vh,420px)] overflow-auto whitespace-normal rounded-lg border border-zinc-200 bg-white p-2 text-left text-[12px] font-normal text-zinc-700 shadow-xl',
            'dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300',
          )}
        >
          {children}
        </div>
      )}
    </>
  );
}

function isSubmitter(element: Element): boolean {
  return (element instanceof HTMLButtonElement || element instanceof HTMLInputElement) && element.type === 'submit' && element.form !== null;
}
