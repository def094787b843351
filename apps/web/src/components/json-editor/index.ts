export { JsonEditorDialog, onSaveShortcut, type JsonEditorDialogProps } from './JsonEditorDialog.tsx';
export { JsonEditor, type JsonEditorProps, type EditorProblem } from './JsonEditor.tsx';
export { JsonProblemList, jsonText, useJsonDraft, type JsonDraft } from './use-json-draft.tsx';
export { checkJson, locatePath, serverProblem, type JsonProblem, type JsonCheck, type JsonPath } from './json-problems.ts';
export { jsonEditorMessages } from './messages.ts';
