// The samples module's calls, as the routes import them: answers and reads (answers.ts), the test picker
// (picker.ts), the commands that change a sample (commands.ts) and the reflex tests a results save adds (reflex.ts).
export { comment, labelData, list, show, type SampleAnswer } from './answers.ts';
export type { SampleListExtra, SampleListScope } from './repository.ts';
export { create, createImportedSamples, importedSamples, receive, remove, setComment, setUrgent, update, type ImportedSample, type ReceptionOutcome } from './commands.ts';
export { patientForSampleEntry, pickerTests } from './picker.ts';
export { addReflexTests } from './reflex.ts';
