// The samples module's calls, as the routes import them: answers and reads (answers.ts), the test picker
// (picker.ts) and the commands that change a sample (commands.ts).
export { comment, labelData, list, show, type SampleAnswer } from './answers.ts';
export type { SampleListExtra, SampleListScope } from './repository.ts';
export { create, createImportedSamples, importedSamples, receive, remove, setComment, setUrgent, update, type ImportedSample, type ReceptionOutcome } from './commands.ts';
export { patientForSampleEntry, pickerTests } from './picker.ts';
