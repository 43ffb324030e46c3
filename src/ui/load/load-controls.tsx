import { useEffect, useId, useRef, useState } from 'react';
import { useInspector } from '../../state/react';
import { UPLOAD_ACCEPT, cx } from '../common/format';
import { modifierKey } from '../common/modifier-key';
import { markPhase } from '../../worker/phase-timing';

const BUTTON =
  'inline-flex items-center gap-1.5 rounded-md border border-zinc-300 bg-white px-2.5 py-1 text-[13px] font-medium text-zinc-800 shadow-sm hover:bg-zinc-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:bg-zinc-800';

/** "Upload transcript" file input styled as a button, and the paste panel. */
export function LoadControls() {
  const load = useInspector((s) => s.load);
  const prepareLoad = useInspector((s) => s.prepareLoad);
  const [pasteOpen, setPasteOpen] = useState(false);
  const pasteButton = useRef<HTMLButtonElement>(null);
  const inputId = useId();

  return (
    <div className="relative flex items-center gap-2">
      <label htmlFor={inputId} className={cx(BUTTON, 'cursor-pointer focus-within:ring-2 focus-within:ring-indigo-500')} onPointerEnter={prepareLoad}>
        <svg viewBox="0 0 16 16" className="h-3.5 w-3.5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round">
          <path d="M8 11V2.5M4.5 6L8 2.5 11.5 6M2.5 11v2.5h11V11" />
        </svg>
        Upload
        <input
          id={inputId}
          type="file"
          accept={UPLOAD_ACCEPT}
          aria-label="Upload transcript"
          className="sr-only"
          onFocus={prepareLoad}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            if (file) {
              markPhase('ps:file-chosen', { name: file.name, size: file.size });
              void load({ kind: 'file', file, fileName: file.name });
            }
            e.currentTarget.value = '';
          }}
        />
      </label>
      <button
        ref={pasteButton}
        type="button"
        className={BUTTON}
        aria-expanded={pasteOpen}
        aria-controls="paste-panel"
        onClick={() => {
          if (!pasteOpen) prepareLoad();
          setPasteOpen(!pasteOpen);
        }}
      >
        Paste…
      </button>
      {pasteOpen && (
        <PastePanel
          onClose={(returnFocus) => {
            setPasteOpen(false);
            if (returnFocus) pasteButton.current?.focus();
          }}
        />
      )}
    </div>
  );
}

/**
 * The paste panel. Ctrl+Enter (⌘Enter, which the hint names on Apple's systems) loads from the textarea as Load does;
 * Escape and Cancel give focus back to the Paste… button, since the panel that held it is gone. A text that fails to
 * load stays, with the error said above.
 */
function PastePanel({ onClose }: { onClose: (returnFocus: boolean) => void }) {
  const load = useInspector((s) => s.load);
  const [text, setText] = useState('');
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const submit = () => {
    if (!text.trim()) return;
    void load({ kind: 'text', text, fileName: 'pasted transcript' }).then((outcome) => {
      if (outcome.status === 'loaded') onClose(false);
    });
  };
  return (
    <div
      id="paste-panel"
      className="absolute right-0 top-full z-40 mt-2 w-[min(560px,90vw)] rounded-lg border border-zinc-200 bg-white p-3 shadow-xl dark:border-zinc-700 dark:bg-zinc-900"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose(true);
      }}
    >
      <label className="block text-[12px] font-medium text-zinc-700 dark:text-zinc-300">
        Paste transcript
        <textarea
          ref={ref}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              submit();
            }
          }}
          aria-keyshortcuts="Control+Enter Meta+Enter"
          spellCheck={false}
          placeholder="Anthropic messages JSON, Claude Code JSONL, OpenAI chat messages, or Responses items"
          className="mt-1 block h-48 w-full resize-y rounded-md border border-zinc-300 bg-zinc-50 p-2 font-mono text-[12px] text-zinc-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100"
        />
      </label>
      <div className="mt-2 flex justify-end gap-2">
        <span className="mr-auto self-center text-[12px] text-zinc-500 dark:text-zinc-400">
          <kbd className="kbd">{modifierKey()}</kbd> <kbd className="kbd">Enter</kbd> loads
        </span>
        <button type="button" className={BUTTON} onClick={() => onClose(true)}>
          Cancel
        </button>
        <button
          type="button"
          disabled={!text.trim()}
          className="rounded-md bg-indigo-600 px-3 py-1 text-[13px] font-medium text-white shadow-sm hover:bg-indigo-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 disabled:opacity-50 dark:focus-visible:ring-offset-zinc-900"
          onClick={submit}
        >
          Load
        </button>
      </div>
    </div>
  );
}

/** Drop a file anywhere; paste outside a field loads the clipboard. */
export function useGlobalDropAndPaste(): boolean {
  const load = useInspector((s) => s.load);
  const prepareLoad = useInspector((s) => s.prepareLoad);
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    let depth = 0;
    const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');
    const onEnter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (depth === 0) prepareLoad();
      depth++;
      setDragging(true);
    };
    const onOver = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const onLeave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const onDrop = (e: DragEvent) => {
      e.preventDefault();
      depth = 0;
      setDragging(false);
      const file = e.dataTransfer?.files?.[0];
      if (file) {
        markPhase('ps:file-chosen', { name: file.name, size: file.size });
        void load({ kind: 'file', file, fileName: file.name });
      } else {
        const text = e.dataTransfer?.getData('text/plain');
        if (text?.trim()) void load({ kind: 'text', text, fileName: 'dropped text' });
      }
    };
    const onPaste = (e: ClipboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.closest('input, textarea, select, [contenteditable="true"]') !== null)) return;
      const file = e.clipboardData?.files?.[0];
      if (file) {
        e.preventDefault();
        void load({ kind: 'file', file, fileName: file.name });
        return;
      }
      const text = e.clipboardData?.getData('text/plain');
      if (text?.trim()) {
        e.preventDefault();
        void load({ kind: 'text', text, fileName: 'pasted transcript' });
      }
    };
    window.addEventListener('dragenter', onEnter);
    window.addEventListener('dragover', onOver);
    window.addEventListener('dragleave', onLeave);
    window.addEventListener('drop', onDrop);
    document.addEventListener('paste', onPaste);
    return () => {
      window.removeEventListener('dragenter', onEnter);
      window.removeEventListener('dragover', onOver);
      window.removeEventListener('dragleave', onLeave);
      window.removeEventListener('drop', onDrop);
      document.removeEventListener('paste', onPaste);
    };
  }, [load, prepareLoad]);

  return dragging;
}

export function DropOverlay() {
  return (
    <div className="pointer-events-none fixed inset-0 z-50 flex items-center justify-center bg-indigo-600/10 backdrop-blur-[1px]">
      <div className="rounded-xl border-2 border-dashed border-indigo-500 bg-white/95 px-10 py-8 text-center shadow-2xl dark:bg-zinc-900/95">
        <p className="m-0 text-lg font-semibold text-zinc-900 dark:text-zinc-100">Drop a transcript to open it</p>
        <p className="m-0 mt-1 text-sm text-zinc-500 dark:text-zinc-400">It is read here, in your browser; nothing is uploaded.</p>
      </div>
    </div>
  );
}
