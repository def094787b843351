import { z } from 'zod';
import { failureResponses, instantSchema, sessionFields, successAnswer } from '../answers.ts';
import { foldForSearch } from '../bosnian-sort-key.ts';
import { type OrganismTaxonomy, breakpointOrganismApplies } from './interpretation.ts';
import { defineCall } from '../call.ts';

/**
 * Antibiogram panels: which agents a lab tests, in which order, for an organism group (Enterobacterales,
 * Staphylococcus, Enterococcus, Streptococcus pneumoniae …) and a specimen (urine, or every specimen).
 *
 * - A panel's group is an organism code of the reference table (an order, family, genus, species group or
 *   species). It applies to an isolate the way a breakpoint row does (breakpointOrganismApplies: the same
 *   code, the group's members, every organism of the genus, family or order).
 * - Its specimen is the base name of a sample type ('Urin' for 'Urin (srednji mlaz)'), or '' for every
 *   specimen; a culture's specimen is the base of its material, compared without case and diacritics.
 * - Of the panels that apply, the most specific organism wins (species, species group, genus, family,
 *   order), then a panel for the culture's specimen before one for every specimen.
 * - An isolate whose organism has a panel may be tested only with that panel's agents; without a panel any
 *   agent is allowed.
 */

export const PANEL_LIMITS = { naziv: 80, uzorak: 60, antibiotici: 40 } as const;

/**
 * The specimen a material names: the text before its bracketed subtype ('Urin (srednji mlaz)' → 'Urin'),
 * or before a comma where the subtype was typed after one ('Urin, srednji mlaz' → 'Urin').
 */
export function specimenOf(materijal: string): string {
  return materijal.split(/[(,]/, 1)[0]!.trim();
}

function sameSpecimen(a: string, b: string): boolean {
  return foldForSearch(a.trim()) === foldForSearch(b.trim());
}

/** How specific a panel's organism is: lower is more specific. */
const RANK_ORDER = ['subspecies', 'species', 'species group', 'genus', 'family', 'order', 'class', 'phylum'];

function rankOrder(rank: string): number {
  const index = RANK_ORDER.indexOf(rank);
  return index === -1 ? RANK_ORDER.length : index;
}

export interface PanelCandidate {
  /** The taxonomy of the panel's organism group. */
  grupa: OrganismTaxonomy;
  /** The specimen's base name, '' for every specimen. */
  uzorak: string;
}

/** The panel of an isolate of `organism` from a culture of `materijal`, or null when none applies. */
export function selectPanel<Panel extends PanelCandidate>(organism: OrganismTaxonomy, materijal: string, panels: readonly Panel[]): Panel | null {
  const specimen = specimenOf(materijal);
  let best: Panel | null = null;
  const score = (panel: Panel) => rankOrder(panel.grupa.rank) * 2 + (panel.uzorak.trim() === '' ? 1 : 0);
  for (const panel of panels) {
    if (panel.uzorak.trim() !== '' && !sameSpecimen(panel.uzorak, specimen)) continue;
    if (!breakpointOrganismApplies(panel.grupa, organism)) continue;
    if (best === null || score(panel) < score(best)) best = panel;
  }
  return best;
}

/** The agents of `rows` a panel does not hold, by their index (empty when every agent is in the panel). */
export function agentsOutsidePanel(panel: { antibiotici: readonly string[] }, rows: readonly string[]): number[] {
  const allowed = new Set(panel.antibiotici);
  return rows.flatMap((ab, index) => (allowed.has(ab) ? [] : [index]));
}

// The calls' contracts.

const required = { error: 'form.required' } as const;

export const panelSchema = z.object({
  _id: z.string(),
  naziv: z.string(),
  /** The organism group: its code and name ('B_[ORD]_ENTRBCTR', 'Enterobacterales'). */
  grupa: z.object({ mo: z.string(), naziv: z.string() }),
  /** The specimen's base name ('Urin'); '' for every specimen. */
  uzorak: z.string(),
  /** The agents in the order they are tested and printed. */
  antibiotici: z.array(z.object({ ab: z.string(), naziv: z.string() })),
  updated_at: instantSchema,
});
export type AntibiogramPanel = z.output<typeof panelSchema>;

export const panelEditRequest = z.object({
  /** The panel changed; none: a new one. */
  _id: z.guid({ error: 'form.invalid' }).optional(),
  naziv: z.string(required).trim().min(1, required).max(PANEL_LIMITS.naziv, { error: 'form.invalid' }),
  grupa: z.string(required).trim().min(1, required).max(40, { error: 'form.invalid' }),
  uzorak: z.string({ error: 'form.invalid' }).trim().max(PANEL_LIMITS.uzorak, { error: 'form.invalid' }).default(''),
  antibiotici: z.array(z.string(required).trim().min(1, required).max(20, { error: 'form.invalid' }), { error: 'form.invalid' })
    .min(1, { error: 'micro.panelEmpty' }).max(PANEL_LIMITS.antibiotici, { error: 'form.invalid' }),
  ...sessionFields,
});
export type PanelEditRequest = z.input<typeof panelEditRequest>;

export const panelDeleteRequest = z.object({ _id: z.guid(required), ...sessionFields });

export const panelChoiceQuery = z.object({
  /** The isolate's organism code. */
  mo: z.string(required).trim().min(1, required).max(40, { error: 'form.invalid' }),
  /** The culture's material ('Urin (srednji mlaz)'). */
  materijal: z.string().trim().max(120, { error: 'form.invalid' }).default(''),
  ...sessionFields,
});

export const panelContracts = {
  list: defineCall({
    method: 'GET', path: '/mikrobiologija/paneli', permission: 'samples.read',
    querystring: z.object({ ...sessionFields }), response: { 200: successAnswer({ paneli: z.array(panelSchema) }), ...failureResponses },
  }),
  choice: defineCall({
    method: 'GET', path: '/mikrobiologija/paneli/izbor', permission: 'samples.read',
    querystring: panelChoiceQuery, response: { 200: successAnswer({ panel: panelSchema.nullable() }), ...failureResponses },
  }),
  edit: defineCall({
    method: 'POST', path: '/mikrobiologija/paneli/edit', permission: 'settings.write',
    body: panelEditRequest, response: { 200: successAnswer({ panel: panelSchema }), ...failureResponses },
  }),
  remove: defineCall({
    method: 'POST', path: '/mikrobiologija/paneli/delete', permission: 'settings.write',
    body: panelDeleteRequest, response: { 200: successAnswer({}), ...failureResponses },
  }),
} as const;
