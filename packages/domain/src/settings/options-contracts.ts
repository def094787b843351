import { z } from 'zod';
import { failureResponses, sessionFields, successAnswer } from '../answers.ts';
import { HIDEABLE_MENU } from '../menu.ts';
import { labelSettingsSchema } from '../sample/label.ts';
import { generalOptionsSchema } from './general-options.ts';
import { settingsHistoryAnswer } from './history.ts';
import { defineCall } from '../call.ts';

/**
 * The general options screen's calls: GET /api/postavke/opcije reads the
 * lab-wide options and label size (defaults filled in), POST saves both in
 * one transaction. The label size is the lab-wide record of the label setting
 * type, which the label print reads.
 */
export const generalOptionsAnswerSchema = generalOptionsSchema.extend({
  reportFlags: z.record(z.string(), z.record(z.string(), z.boolean())),
  hiddenMenu: z.record(z.string(), z.array(z.string())),
});

export const optionsAnswer = successAnswer({
  options: generalOptionsAnswerSchema,
  label: z.object({ width: z.number(), height: z.number(), dpi: z.number() }),
});
export type OptionsAnswer = z.output<typeof optionsAnswer>;

/** A refusal names `options.<field>` or `label.<field>`. */
export const optionsSaveRequest = z.object({ ...sessionFields, options: generalOptionsSchema, label: labelSettingsSchema })
  .superRefine((body, context) => {
    // Only entries of the sidebar can be hidden, and never the settings overview (a lab must not lock itself out).
    for (const [role, paths] of Object.entries(body.options.hiddenMenu)) {
      paths.forEach((path, index) => {
        if (!HIDEABLE_MENU.some((entry) => entry.path === path)) {
          context.addIssue({ code: 'custom', path: ['options', 'hiddenMenu', role, index], message: 'settings.menuPathUnknown' });
        }
      });
    }
  });
export type OptionsSaveRequest = z.input<typeof optionsSaveRequest>;
export const optionsSaveAnswer = optionsAnswer.extend({ message: z.string() });

export const generalOptionsContracts = {
  read: defineCall({
    method: 'GET', path: '/postavke/opcije', permission: 'settings.write',
    response: { 200: optionsAnswer, ...failureResponses },
  }),
  save: defineCall({
    method: 'POST', path: '/postavke/opcije', permission: 'settings.write',
    body: optionsSaveRequest, response: { 200: optionsSaveAnswer, ...failureResponses },
  }),
  history: defineCall({
    method: 'GET', path: '/postavke/opcije/history', permission: 'settings.write',
    response: { 200: settingsHistoryAnswer, ...failureResponses },
  }),
} as const;
