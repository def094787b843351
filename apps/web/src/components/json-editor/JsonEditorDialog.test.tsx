import { afterEach, describe, expect, it, vi } from 'vitest';
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditorView } from '@codemirror/view';
import { forEachDiagnostic } from '@codemirror/lint';
import { z } from 'zod';
import { AppProviders } from '../../app/providers.tsx';
import { createQueryClient } from '../../api/query-client.ts';
import { ApiError } from '../../api/client.ts';
import { JsonEditorDialog } from './JsonEditorDialog.tsx';
import { checkJson, locatePath } from './json-problems.ts';

afterEach(cleanup);

const locationSchema = z.strictObject({
  _id: z.string().optional(),
  naziv: z.string().min(1),
  sifra: z.string().max(4),
  aktivan: z.boolean(),
});

function renderDialog(value: unknown, onSave = vi.fn(() => Promise.resolve()), onClose = vi.fn()) {
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <JsonEditorDialog opened onClose={onClose} title="Lokacija" value={value} schema={locationSchema} bodyField="lokacija" onSave={onSave} />
    </AppProviders>,
  );
  return { onSave, onClose };
}

/** The editor's view, to type into it as CodeMirror does (jsdom has no layout for real key input). */
function editorView(): EditorView {
  const content = document.querySelector('.cm-content');
  const view = content ? EditorView.findFromDOM(content as HTMLElement) : null;
  if (!view) throw new Error('no editor');
  return view;
}

function replaceText(text: string) {
  const view = editorView();
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}

/** The lines the editor marks as errors: its diagnostics, and the rendered lines holding an error underline. */
function errorLines(): { diagnostics: number[]; underlined: number[] } {
  const view = editorView();
  const diagnostics: number[] = [];
  forEachDiagnostic(view.state, (_diagnostic, from) => diagnostics.push(view.state.doc.lineAt(from).number));
  const lines = [...document.querySelectorAll('.cm-content .cm-line')];
  const underlined = lines.flatMap((line, index) => (line.querySelector('.cm-lintRange-error') ? [index + 1] : []));
  return { diagnostics, underlined };
}

describe('checkJson', () => {
  it('places a schema issue at the line of its value and a missing field at its object', () => {
    const text = '{\n  "naziv": "",\n  "sifra": "ABCDE",\n  "aktivan": true\n}';
    const check = checkJson(text, locationSchema);
    expect(check.ok).toBe(false);
    expect(check.problems.map((problem) => [problem.line, problem.field, problem.kind])).toEqual([
      [2, 'naziv', 'tooSmall'],
      [3, 'sifra', 'tooBig'],
    ]);
    const missing = checkJson('{\n  "naziv": "Dom zdravlja",\n  "sifra": "DZ"\n}', locationSchema);
    expect(missing.problems).toMatchObject([{ line: 1, field: 'aktivan', kind: 'missing' }]);
  });

  it('places a syntax error where the parser stopped and an unknown key at its name', () => {
    const broken = checkJson('{\n  "naziv": "A",\n  "sifra" "B"\n}', locationSchema);
    expect(broken.problems).toMatchObject([{ kind: 'syntax', line: 3 }]);
    const unknown = checkJson('{\n  "naziv": "A",\n  "sifra": "B",\n  "aktivan": true,\n  "boja": 1\n}', locationSchema);
    expect(unknown.problems).toMatchObject([{ kind: 'unknownKey', field: 'boja', line: 5 }]);
  });

  it('finds array elements by index', () => {
    const text = '{\n  "r": [\n    { "low": 1 },\n    { "low": 2 }\n  ]\n}';
    const place = locatePath(text, ['r', 1, 'low']);
    expect(place.found).toBe(true);
    expect(text.slice(place.from, place.to)).toBe('2');
  });
});

describe('JsonEditorDialog', () => {
  it('shows a schema error at its line, lists it naming the field, and disables SAČUVAJ until fixed', async () => {
    renderDialog({ naziv: 'Dom zdravlja', sifra: 'DZ-SARAJEVO', aktivan: true });
    const problems = await screen.findByTestId('json-problems');
    expect(within(problems).getByText('Red 3:')).toBeInTheDocument();
    expect(problems).toHaveTextContent('polje sifra je preveliko ili predugo (najviše 4)');
    await waitFor(() => expect(errorLines()).toEqual({ diagnostics: [3], underlined: [3] }));
    const save = screen.getByRole('button', { name: 'SAČUVAJ' });
    expect(save).toBeDisabled();

    replaceText('{\n  "naziv": "Dom zdravlja",\n  "sifra": "DZ",\n  "aktivan": true\n}');
    await waitFor(() => expect(screen.queryByTestId('json-problems')).not.toBeInTheDocument());
    expect(screen.getByText('Zapis je ispravan.')).toBeInTheDocument();
    expect(save).toBeEnabled();
  });

  it('shows a syntax error at its line and keeps SAČUVAJ disabled', async () => {
    renderDialog({ naziv: 'A', sifra: 'B', aktivan: true });
    replaceText('{\n  "naziv": "A",\n  "sifra": "B",\n  "aktivan": tru\n}');
    const problems = await screen.findByTestId('json-problems');
    expect(problems).toHaveTextContent('Red 4: JSON nije ispravan');
    expect(screen.getByRole('button', { name: 'SAČUVAJ' })).toBeDisabled();
  });

  it('saves the checked record with Ctrl+S and closes', async () => {
    const { onSave, onClose } = renderDialog({ naziv: 'Dom zdravlja', sifra: 'DZ', aktivan: true });
    fireEvent.keyDown(editorView().contentDOM, { key: 's', code: 'KeyS', keyCode: 83, ctrlKey: true });
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ naziv: 'Dom zdravlja', sifra: 'DZ', aktivan: true }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal at the line of the field it names and stays open", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(() => Promise.reject(new ApiError(400, 'Naziv je već registriran.', 'form.invalid', 'lokacija.naziv')));
    const { onClose } = renderDialog({ sifra: 'DZ', naziv: 'Dom zdravlja', aktivan: true }, onSave);
    await user.click(screen.getByRole('button', { name: 'SAČUVAJ' }));
    const problems = await screen.findByTestId('json-problems');
    expect(problems).toHaveTextContent('Red 3: polje naziv: Naziv je već registriran.');
    await waitFor(() => expect(errorLines()).toEqual({ diagnostics: [3], underlined: [3] }));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes with Escape', async () => {
    const user = userEvent.setup();
    const { onClose } = renderDialog({ naziv: 'A', sifra: 'B', aktivan: true });
    editorView().focus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
