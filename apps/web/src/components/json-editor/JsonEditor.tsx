/**
 * A CodeMirror 6 editor of JSON text: syntax highlighting, line numbers,
 * bracket matching, undo, and the problems it is given shown in the lint
 * gutter and underlined at their place. The caller owns the checking (the
 * dialog checks against its zod schema on every change); Mod-S calls
 * `onSave`. Tab is left to the browser, so the keyboard can leave the editor.
 *
 *   <JsonEditor initialText={text} onChange={setText} problems={problems} onSave={save} label="JSON zapis" />
 */
import { useEffect, useRef } from 'react';
import { Box } from '@mantine/core';
import { EditorState } from '@codemirror/state';
import { EditorView, drawSelection, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { bracketMatching, defaultHighlightStyle, foldGutter, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { json } from '@codemirror/lang-json';
import { type Diagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';

export interface EditorProblem {
  from: number;
  to: number;
  message: string;
}

export interface JsonEditorProps {
  /** The text the editor starts with; a new value replaces the editor's content (another record opened). */
  initialText: string;
  onChange: (text: string) => void;
  problems: readonly EditorProblem[];
  onSave?: () => void;
  readOnly?: boolean;
  /** The editor's accessible name. */
  label: string;
  /** Height of the scrolling area, e.g. '55vh'. */
  height?: string;
}

const editorTheme = EditorView.theme({
  '&': { fontSize: '13px', border: '1px solid var(--mantine-color-gray-4)', borderRadius: 'var(--mantine-radius-sm)' },
  '&.cm-focused': { outline: '2px solid var(--mantine-color-blue-6)', outlineOffset: '1px' },
  '.cm-scroller': { fontFamily: 'var(--mantine-font-family-monospace)', overflow: 'auto' },
  '.cm-gutters': { backgroundColor: 'var(--mantine-color-gray-0)', color: 'var(--mantine-color-gray-7)' },
});

export function JsonEditor({ initialText, onChange, problems, onSave, readOnly = false, label, height = '55vh' }: JsonEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // The latest callbacks, read by the editor's listeners without rebuilding the editor.
  const callbacks = useRef({ onChange, onSave });
  useEffect(() => {
    callbacks.current = { onChange, onSave };
  });

  useEffect(() => {
    if (!host.current) return undefined;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: initialText,
        extensions: [
          lineNumbers(),
          foldGutter(),
          lintGutter(),
          highlightActiveLineGutter(),
          highlightActiveLine(),
          drawSelection(),
          history(),
          indentOnInput(),
          bracketMatching(),
          json(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          keymap.of([
            {
              key: 'Mod-s',
              preventDefault: true,
              run: () => {
                callbacks.current.onSave?.();
                return true;
              },
            },
            ...defaultKeymap,
            ...historyKeymap,
          ]),
          EditorState.readOnly.of(readOnly),
          EditorView.editable.of(!readOnly),
          EditorView.contentAttributes.of({ 'aria-label': label, 'aria-multiline': 'true', spellcheck: 'false' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) callbacks.current.onChange(update.state.doc.toString());
          }),
          editorTheme,
          EditorView.theme({ '.cm-scroller': { maxHeight: height, minHeight: '12rem' } }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, [initialText, readOnly, label, height]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const length = editor.state.doc.length;
    const diagnostics: Diagnostic[] = problems.map((problem) => {
      const from = Math.min(problem.from, length);
      return { from, to: Math.min(Math.max(problem.to, from), length), severity: 'error', message: problem.message };
    });
    editor.dispatch(setDiagnostics(editor.state, diagnostics));
  }, [problems, initialText]);

  return <Box ref={host} data-testid="json-editor" />;
}
