import { z } from 'zod';

/**
 * The English and German names an answer carries beside a catalogue test's or
 * section's Bosnian `naziv` (the catalogue's naziv_en, naziv_de): a screen
 * shows the one of the reader's language, and a blank one means the catalogue
 * has none, so the Bosnian name is shown.
 */
export const translatedNames = { naziv_en: z.string(), naziv_de: z.string() } as const;
